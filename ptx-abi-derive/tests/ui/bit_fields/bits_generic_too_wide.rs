use ptx_abi::{codec::bits::BitFieldType, PtxAbi};

#[derive(PtxAbi, Clone, Copy)]
struct Packed<T: BitFieldType> {
    #[ptx(bits = 40)]
    value: T,
}

fn main() {
    let _ = <Packed<u32> as PtxAbi>::SIZE;
}
