use ptx_abi::{types::Int2, PtxAbi};

#[derive(PtxAbi)]
struct Cell {
    #[ptx(bits = 8)]
    coord: Int2,
}

fn main() {}
