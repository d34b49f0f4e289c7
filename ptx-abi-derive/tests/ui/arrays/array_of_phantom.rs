use ptx_abi::PtxAbi;
use std::marker::PhantomData;

#[derive(PtxAbi, Clone, Copy)]
struct Tagged {
    x: u32,
    marks: [PhantomData<u8>; 4],
}

#[derive(PtxAbi, Clone, Copy)]
struct Generic<T: PtxAbi + 'static> {
    x: u32,
    marks: [PhantomData<T>; 2],
}

fn main() {
    let _ = <Generic<u8> as PtxAbi>::SIZE;
}
