use ptx_abi::PtxAbi;

// A kernel's argument struct with no fields is an empty parameter list.
#[derive(PtxAbi)]
#[ptx(kernel = "reset", empty_class)]
struct ResetArgs {}

fn main() {}
