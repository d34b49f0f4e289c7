// Modelled on NCCL (v2.21.5, src/nccl.h.in and src/include/device.h): the unique id of 128
// chars, and a collective's work record: channel and warp counts and flags packed as
// `unsigned int` bit-fields, then the root, buffer pointers and 64-bit count and op argument.
#define NCCL_UNIQUE_ID_BYTES 128
typedef struct { char internal[NCCL_UNIQUE_ID_BYTES]; } ncclUniqueId;
struct ncclDevWorkCollLike {
    unsigned int channelLo : 8, channelHi : 8, nWarps : 8;
    unsigned int redOpArgIsPtr : 1, regUsed : 2, oneNode : 1, direct : 4;
    unsigned int root;
    void* recvbuff;
    void* sendbuff;
    unsigned long long count;
    unsigned long long redOpArg;
};
// check: ncclUniqueId = {{-64, -63, -62, -61, -60, -59, -58, -57, -56, -55, -54, -53, -52, -51, -50, -49, -48, -47, -46, -45, -44, -43, -42, -41, -40, -39, -38, -37, -36, -35, -34, -33, -32, -31, -30, -29, -28, -27, -26, -25, -24, -23, -22, -21, -20, -19, -18, -17, -16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63}}
// check: ncclDevWorkCollLike = {3U, 5U, 16U, 1U, 2U, 1U, 7U, 0U, (void*)((char*)0 + 4096), (void*)((char*)0 + 8192), 1048576ULL, 42ULL}
