use ptx_abi::PtxAbi;

// The parameter list may be empty, but an `align` on it is still checked.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "init", align = 3)]
struct InitArgs;

fn main() {}
