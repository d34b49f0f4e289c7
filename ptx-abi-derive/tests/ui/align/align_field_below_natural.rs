use ptx_abi::PtxAbi;

// C++ forbids `alignas(2)` on a `long long` member; GCC's `aligned(2)` there is ignored by nvcc
// and lowers the member's alignment under NVRTC.
#[derive(PtxAbi)]
struct Stamp {
    tag: u8,
    #[ptx(align = 2)]
    ticks: u64,
}

fn main() {}
