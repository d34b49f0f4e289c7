// A launch-parameter header in the style of inference runtimes (TensorRT-LLM-like plugins):
// types inside an inline ABI namespace, `size_t` and CUDA runtime handles used with no
// #include (nvcc and NVRTC both predeclare them), an opaque state struct reached through a
// typedef'd pointer, and small structs whose names Rust's standard library also uses. Written
// for this suite. Imported as it stands and checked by the importer's emitted checks.
#pragma once

namespace rt {
inline namespace abi_v2 {

enum class AllReduceStrategy : unsigned char { Nccl = 0, OneShot = 1, TwoShot = 2 };

struct AllReduceParams {
    size_t elts_total;
    size_t elts_per_rank;
    ptrdiff_t rank_offset;
    int local_rank;
    int world_size;
    AllReduceStrategy strategy;
    void* peer_comm_buffer[8];
    cudaStream_t stream;
    cudaEvent_t done;
};

struct FusionParams {
    abi_v2::AllReduceParams ar;     // spelled with the inline namespace
    rt::AllReduceParams* next;      // and without it
    cudaTextureObject_t residual_tex;
    float eps;
};

}  // namespace abi_v2
}  // namespace rt

// An opaque generator state, as sampling code hands it around.
struct SamplerState;
typedef struct SamplerState SamplerState_t;

struct SamplerArgs {
    SamplerState_t* states;
    unsigned long long seed;
    unsigned int paths;
};

// Names Rust's standard library also uses: these are the header's own plain structs.
struct Box { float lo[3]; float hi[3]; };
struct Cell { int first_particle; int count; };
struct Vec { float x, y, z; };
struct Option { int flag; float value; };
struct Pad { unsigned char bytes[6]; };

struct Grid {
    Box bounds;
    Cell cells[4];
    Vec spacing;
    Option clamp;
    Pad pad;
};
