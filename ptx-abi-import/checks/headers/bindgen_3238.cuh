// rust-bindgen #3238 "Incorrect bitstream length": a struct with two runs of bit-fields whose
// second run (members r..z) totals 48 bits, for which bindgen emitted a 7-byte unit. The
// attached crate is not public in text; this reconstruction keeps what the issue states (two
// runs, the second of nine members and 48 bits).
struct resource {
  unsigned int a : 4;
  unsigned int b : 12;
  unsigned int c : 16;
  unsigned char kind;
  unsigned int r : 4;
  unsigned int s : 4;
  unsigned int t : 8;
  unsigned int u : 6;
  unsigned int v : 2;
  unsigned int w : 8;
  unsigned int x : 4;
  unsigned int y : 4;
  unsigned int z : 8;
};
// check: resource = {15, 4095, 65535, 7, 1, 2, 3, 4, 1, 200, 9, 10, 255}
