// A mixture-of-experts routing header in the style of the TensorRT-LLM generated kernels:
// the GEMM library's names reached through a namespace alias (`namespace tg =
// trtllm::gen;`), a using-directive inside a namespace (`using namespace ...;`) and one at
// file scope, as the member types spell them. clang keeps those spellings (`tg::Dtype`), so
// the importer looks them up as C++ does.
#pragma once
#include <cstdint>

namespace trtllm {
namespace gen {

enum class Dtype : uint32_t {
    Bfloat16 = 0x1010,
    Fp16 = 0x1011,
    Fp32 = 0x1020,
    E4m3 = 0x0800,
};

enum class SfLayout : int { Linear = 0, R128c4 = 1, R8c4 = 2 };

struct TileShape {
    int32_t m;
    int32_t n;
    int32_t k;
};

}  // namespace gen
}  // namespace trtllm

namespace tg = trtllm::gen;

namespace moe {
namespace routing {

namespace layout = ::trtllm::gen;

struct DataBase {
    int32_t* expert_counts;
    int32_t num_tokens;
    int32_t num_experts;
    tg::Dtype dtype_output;
    layout::SfLayout sf_layout;
};

namespace deepseek {

using namespace trtllm::gen;

struct Data : DataBase {
    Dtype dtype_input;
    Dtype dtype_bias;
    TileShape tile;
    float routed_scaling;
    const TileShape* tiles;
};

}  // namespace deepseek
}  // namespace routing
}  // namespace moe

using namespace moe::routing;

struct LaunchArgs {
    deepseek::Data data;
    tg::TileShape cta_tile;
    int32_t num_blocks;
};

__global__ void routing_kernel(LaunchArgs args);
