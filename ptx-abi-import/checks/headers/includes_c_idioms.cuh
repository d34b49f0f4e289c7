// Issue 21's hostile set, the cases that must import (not be refused): C's everyday idioms,
// names that collide once made Rust, attributes the derive can express, a `#pragma pack`
// that changes nothing, and a bit-field of enum type. Written for this suite. The checks
// crate compiles the Rust the importer writes for it (so that Rust compiles), and every
// type is checked by the importer's emitted `nvrtc::assert_matches` against NVRTC.
#include <cstdint>

typedef struct TS { int a; } TS;
typedef struct Fwd Fwd;
struct Fwd { int q; Fwd* next; };
typedef unsigned int u32;
typedef int i8;
struct PS { signed char small; i8 big; u32 flags; TS t; };

namespace my {
struct float4 { float a; };
typedef float int2;
struct S { char c; float4 v; int2 w; };
}

struct Foo { int a; };
struct FooImage { int b; };
struct Outer { struct Inner { int a; } in; };
struct Outer_Inner { int z; };
struct M { int self; int self_; };
struct AN { int anon1; union { int u; float f; }; };
struct BF { int _u1; int : 3; int y : 4; };
struct PT { int* const p; float* __restrict__ q; };

struct alignas(double) A8 { char c; };
struct __attribute__((aligned)) A16 { char c; };
struct HoldsA { char c; A8 a; A16 b; };

#pragma pack(16)
struct PP { char c; int x; };
#pragma pack()

enum Col { R, G, B };
struct EB { enum Col p : 2; int q; };

// A driver's C header read as C++: <stdbool.h>'s `_Bool` (GCC's header makes it `bool` in
// C++), a callback table whose comparison pointer is itself `const`.
#include <stdbool.h>
struct drv_ring_slot { uint64_t addr; uint32_t len; _Bool valid; bool last; };
struct drv_callbacks {
    void (*release)(void *);
    int (*const compare)(const void *, const void *);
};

// An enum declared before the struct that uses it and defined after (the definition is the
// enum), and one that is only ever declared (a distinct integer type, every value valid).
enum class JobKind : uint8_t;
enum class SlotId : uint32_t;
struct JobEntry { JobKind kind; uint8_t prio; SlotId slot; };
enum class JobKind : uint8_t { Copy, Reduce, Scan };

// Firmware registers as a raw word or a view of bit-fields, the view an anonymous struct
// after the word (C++ cannot make it the union's active member in a constant expression), and
// a request class with a member initializer whose default value is not a constant: their
// bit-field positions are compared with clang's layout, the rest by the compilers.
union RegCaps {
    uint32_t raw;
    struct {
        uint32_t has_dma : 1;
        uint32_t queues : 7;
        uint32_t version : 24;
    };
};
struct RegBlock {
    uint32_t magic;
    union {
        uint32_t word;
        struct {
            uint32_t lo : 4;
            uint32_t hi : 28;
        };
    };
};
struct QueueRequest {
    uint64_t handle = 0;
    unsigned lane : 4;
  protected:
    int16_t retries_;
};

// A wide mask as some drivers declare one, which the importer leaves out (a 128-bit integer
// is no PTX ABI type) and which NVRTC compiles only with `-device-int128`: the checks of the
// header's other types compile with it.
struct WideMask {
    unsigned __int128 bits;
    uint32_t lanes;
};
__global__ void apply_mask(WideMask mask);
