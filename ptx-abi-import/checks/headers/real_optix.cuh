// Modelled on the launch parameters of the OptiX SDK's optixPathTracer sample (OptiX SDK
// 8.0.0, SDK/optixPathTracer/optixPathTracer.h, with OptixTraversableHandle from
// include/internal/optix_types.h). Written for this suite, not copied from the SDK (whose
// download needs a license click-through): it reproduces what decides the layout of the
// struct the host uploads and the programs read as `params`, an unsigned frame counter,
// device pointers to the float4 accumulation and uchar4 output buffers, the image size and
// sample count, the camera as four float3 vectors, the quad light as a nested struct of
// float3s, and the 64-bit traversable handle last.
typedef unsigned long long OptixTraversableHandle;

// An emitting parallelogram: one corner, the two edge vectors, its normal and radiance.
struct ParallelogramLight {
    float3 corner;
    float3 v1;
    float3 v2;
    float3 normal;
    float3 emission;
};

struct Params {
    // Progressive accumulation: which frame this is and where it goes.
    unsigned int subframe_index;
    float4* accum_buffer;
    uchar4* frame_buffer;
    unsigned int width, height;
    unsigned int samples_per_launch;
    // Pinhole camera: position and the U, V, W basis.
    float3 eye;
    float3 U, V, W;
    // Scene.
    ParallelogramLight light;
    OptixTraversableHandle handle;
};
// check: Params = {7U, (float4*)((char*)0 + 4096), (uchar4*)((char*)0 + 8192), 1920U, 1080U, 16U, {0.0f, 1.0f, -5.0f}, {1.0f, 0.0f, 0.0f}, {0.0f, 1.0f, 0.0f}, {0.0f, 0.0f, -1.0f}, {{-0.5f, 2.0f, -0.5f}, {1.0f, 0.0f, 0.0f}, {0.0f, 0.0f, 1.0f}, {0.0f, -1.0f, 0.0f}, {15.0f, 15.0f, 5.0f}}, 140737488355328ULL}
