// The emitted checks must fail when the header changes under the imported Rust: each
// `// tamper:` line changes the header (`FROM => TO`, `\n` for a new line) and names the
// difference the check must report (after `|`).
struct Particle {
    float x;
    double d;
    float mass;
    unsigned kind : 3;
    unsigned alive : 1;
};
// tamper: double d;\n    float mass; => float mass;\n    double d; | `mass`: offset: C has byte 4, Rust has byte 16
// tamper: unsigned kind : 3; => unsigned kind : 2; | `kind`: width: C has 2 bits wide, Rust has 3 bits wide
