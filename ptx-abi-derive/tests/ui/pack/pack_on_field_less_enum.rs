use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 1)]
#[repr(u32)]
enum Opcode {
    Launch = 1,
    Copy = 2,
}

fn main() {}
