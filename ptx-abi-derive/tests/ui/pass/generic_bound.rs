use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
struct Pair<T: PtxAbi + Copy> {
    a: T,
    b: T,
}

fn main() {
    assert_eq!(<Pair<u32> as PtxAbi>::SIZE, 8);
}
