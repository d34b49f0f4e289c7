use ptx_abi::PtxAbi;

const LANES: usize = 0;

// A zero-length inner dimension, given by a constant, in a union variant.
#[derive(PtxAbi, Clone, Copy)]
#[ptx(union)]
enum Lanes {
    Word(u32),
    Grid([[f32; LANES]; 4]),
}

// A zero-length array the derive cannot see as one: core's engine names the member.
type Empty = [u16; 0];

#[derive(PtxAbi, Clone, Copy)]
struct Hidden(u8, Empty);

fn main() {}
