use ptx_abi::PtxAbi;

// C knows this type as `struct`, a keyword.
#[derive(PtxAbi, Clone, Copy)]
#[allow(non_camel_case_types)]
struct r#struct {
    x: u32,
}

fn main() {}
