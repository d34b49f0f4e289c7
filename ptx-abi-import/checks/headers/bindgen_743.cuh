// rust-bindgen #739/#743: full-width bit-fields (`unsigned int mantissa0 : 32`) overflowed
// bindgen's shift ("shift left with overflow"). The struct of the report (glibc's ARM
// sys/ucontext.h), verbatim.
struct _libc_fpstate
{
  struct
  {
    unsigned int sign1:1;
    unsigned int unused:15;
    unsigned int sign2:1;
    unsigned int exponent:14;
    unsigned int j:1;
    unsigned int mantissa1:31;
    unsigned int mantissa0:32;
  } fpregs[8];
  unsigned int fpsr:32;
  unsigned int fpcr:32;
  unsigned char ftype[8];
  unsigned int init_flag;
};
// check: _libc_fpstate = {{{1, 0, 1, 16383, 1, 2147483647, 4294967295U}, {0, 32767, 0, 1, 0, 1, 2}, {1, 1, 1, 1, 1, 1, 1}, {0, 0, 0, 0, 0, 0, 0}, {1, 2, 1, 3, 0, 4, 5}, {0, 0, 1, 8191, 1, 0, 0}, {1, 1, 0, 2, 1, 3, 4}, {0, 5, 1, 6, 0, 7, 8}}, 4294967295U, 305419896U, {1, 2, 3, 4, 5, 6, 7, 8}, 42}
