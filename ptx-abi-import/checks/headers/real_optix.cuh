// An OptiX launch-parameters header in the style of the OptiX SDK's optixPathTracer.h (the
// SDK needs a license click-through, so this is written after its public sample): pointers to
// device buffers, float3 camera vectors, a nested light struct and the traversable handle.
typedef unsigned long long OptixTraversableHandle;

struct ParallelogramLight {
    float3 corner;
    float3 v1, v2;
    float3 normal;
    float3 emission;
};

struct Params {
    unsigned int subframe_index;
    float4* accum_buffer;
    uchar4* frame_buffer;
    unsigned int width;
    unsigned int height;
    unsigned int samples_per_launch;
    float3 eye;
    float3 U;
    float3 V;
    float3 W;
    ParallelogramLight light;
    OptixTraversableHandle handle;
};
// check: Params = {7U, (float4*)((char*)0 + 4096), (uchar4*)((char*)0 + 8192), 1920U, 1080U, 16U, {0.0f, 1.0f, -5.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}, {0.0f, 0.0f, -1.0f}, {{-0.5f, 2.0f, -0.5f}, {1.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}, {0.0f, -1.0f, 0.0f}, {15.0f, 15.0f, 5.0f}}, 140737488355328ULL}
