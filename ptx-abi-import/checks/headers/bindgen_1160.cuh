// rust-bindgen #1160 "Bitfield Signed Integer Handling Incorrect": bindgen's getter of
// `int c : 2` returned unsigned values. The issue's struct; -2 must encode as binary 10 and
// decode back to -2.
typedef struct {
    unsigned int a: 1;
    unsigned int b: 1;
    int c: 2;
} StructWithBitfields;
// check: StructWithBitfields = {1, 0, -2}
