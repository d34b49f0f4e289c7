// rust-bindgen #981 "Calculated wrong layout": `unsigned six_bits : 6; unsigned
// thirty_two_bits : 32;`. The issue's struct is packed, which ptx-abi-import rejects with an
// error (tested in ptx-abi-import/tests); here the same members without packing, where the
// 32-bit field cannot share the first unit and starts a new one.
struct WithBitfields981 {
    unsigned six_bits : 6;
    unsigned thirty_two_bits : 32;
};
// check: WithBitfields981 = {63, 4294967295U}
