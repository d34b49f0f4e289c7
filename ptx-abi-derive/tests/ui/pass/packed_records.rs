//! `#[ptx(pack = N)]` on structs, a `#[ptx(union)]` enum and generic structs, next to `align`.
use ptx_abi::PtxAbi;

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 1)]
struct Header {
    kind: u8,
    size: u64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 2, align = 16)]
struct Aligned {
    kind: u8,
    value: f64,
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(union, pack = 2)]
enum Word {
    Bytes([u8; 3]),
    Value(u32),
}

#[derive(PtxAbi, Clone, Copy)]
#[ptx(pack = 4)]
struct Pair<T: PtxAbi + Copy> {
    tag: u8,
    value: T,
}

fn main() {
    assert_eq!((Header::SIZE, Header::ALIGN), (9, 1));
    assert_eq!((Aligned::SIZE, Aligned::ALIGN), (16, 16));
    assert_eq!((Word::SIZE, Word::ALIGN), (4, 2));
    assert_eq!((<Pair<f64>>::SIZE, <Pair<f64>>::ALIGN), (12, 4));
}
