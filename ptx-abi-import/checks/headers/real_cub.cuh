// Modelled on CUB (CCCL v2.5.0, cub/util_type.cuh and cub/util_device.cuh): a key-value pair
// whose alignment follows its widest member, the double buffer selector of radix sort, and a
// KeyValuePair of a 64-bit key with a float value (4 bytes of tail padding).
struct KeyValuePairIntFloat { int key; float value; };
struct KeyValuePairLLFloat { long long key; float value; };
struct DoubleBufferUInt { unsigned int* d_buffers[2]; int selector; };
// check: KeyValuePairIntFloat = {3, 2.5f}
// check: KeyValuePairLLFloat = {-4LL, 0.75f}
// check: DoubleBufferUInt = {{(unsigned int*)((char*)0 + 4096), (unsigned int*)((char*)0 + 8192)}, 1}
