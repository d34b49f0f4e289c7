use ptx_abi::PtxAbi;

// A kernel's argument struct may be empty: a kernel may take no parameters. As data it is
// still an empty struct, with no portable layout.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(kernel = "init")]
struct InitArgs;

#[derive(PtxAbi, Clone, Copy)]
struct Holder {
    args: InitArgs,
    n: u32,
}

fn main() {}
