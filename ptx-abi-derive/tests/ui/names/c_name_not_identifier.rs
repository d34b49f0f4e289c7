use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Token {
    #[ptx(c_name = "my-kind")]
    kind: u32,
    #[ptx(c_name = "2nd")]
    second: u32,
}

// A non-ASCII letter is named whole in the message.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(c_name = "Größe")]
struct Size {
    bytes: u32,
}

fn main() {}
