use ptx_abi::PtxAbi;

#[derive(PtxAbi)]
#[ptx(union)]
enum Either<A: PtxAbi, B> {
    Left(A),
    Right(B),
}

fn main() {}
