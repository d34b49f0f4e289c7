// Rust and C names that differ: a nested struct and enum, members named by Rust keywords, a
// type named by a Rust keyword, an anonymous union member, an unnamed struct type, a namespace.
namespace geo {
struct Outer {
    struct Inner {
        int a;
        float type;
    };
    Inner in;
    int self;
    union {
        float f;
        int i;
    };
    struct {
        short lo, hi;
    } pair;
    enum Kind : unsigned char { Small, Large } kind;
};
struct match {
    int loop : 3;
    int move : 5;
};
} // namespace geo
