// rust-bindgen #1947 "Wrong layout generated for some structures with complex bit fields":
// the issue's header verbatim; bindgen gave 10 bytes where C has 8.
typedef unsigned char U8;
typedef unsigned short U16;

typedef struct {
    U16 MADZ : 10, MAI0 : 2, MAI1 : 2, MAI2 : 2;
    U8 MADK, MABR;
    U16 MATH : 10, MATE : 4, MATW : 2;
    U8 MASW : 4, MABW : 3, MAXN : 1, _rB_;
} V56AMDY;
// check: V56AMDY = {1023, 1, 2, 3, 200, 201, 777, 15, 1, 9, 5, 1, 77}
