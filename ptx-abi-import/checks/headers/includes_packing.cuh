// A physics engine's shared types with the packing and alignment idioms of such code: network
// wire records packed to 1 byte (one holding another, one with flag bit-fields), a packing to
// 2 bytes around a double, GNU's `packed` on a replay record, a packing that changes nothing,
// CUDA's __align__ macro, collision-layer flags as a C enum, and a packed record whose `char`
// bit-fields cross a byte (refused: nvcc and NVRTC place them differently). Written for this
// suite.
#pragma once
#include <cstdint>

namespace phys {

enum CollisionLayer { LayerStatic = 1, LayerDynamic = 2, LayerTrigger = 4, LayerDebris = 8 };

#pragma pack(push, 1)
struct WireContact {
    std::uint8_t kind;
    std::uint32_t body_a;
    std::uint32_t body_b;
};

struct WireHeader {
    std::uint8_t version : 4;
    std::uint8_t compressed : 1;
    std::uint8_t reserved : 3;
    std::uint16_t count;
    std::uint64_t frame;
};

struct WirePacket {
    WireHeader header;
    WireContact contacts[2];
    float impulse;
};

struct WireLegacy {
    std::uint8_t a : 6;
    std::uint8_t b : 4;
    std::uint8_t c : 6;
    std::uint8_t tail;
};
#pragma pack(pop)

#pragma pack(2)
struct SleepState {
    std::uint8_t asleep;
    double timer;
    float3 velocity;
};
#pragma pack()

struct __attribute__((packed)) ReplayEntry {
    std::uint16_t body;
    double time;
    std::int8_t delta;
};

#pragma pack(push, 8)
struct SolverCounters {
    std::uint32_t iterations;
    std::uint32_t contacts;
    std::uint64_t frame;
};
#pragma pack(pop)

struct __align__(8) Impulse {
    float lambda;
    std::int32_t contact;
};

struct ContactPair {
    Impulse impulse;
    CollisionLayer layer;
    float restitution;
};

// An unpacked launch argument holding a packed record: the record is aligned to 1.
struct BroadphaseArgs {
    std::uint8_t pass;
    WireContact first;
    double dt;
};

// A wire header packed to 2 whose timestamp is aligned for atomic access, with the keyword:
// nvcc and NVRTC keep the member's alignment over the packing (16 bytes, aligned to 8), GCC
// and clang cap it (8, aligned to 2); with GCC's `aligned` attribute, only nvcc keeps it
// (`includes_nvcc_align_suffix.cuh`). A record holding two: clang 18 bytes aligned to 2, nvcc
// and NVRTC 40 aligned to 8. Packed to 8, the same member changes nothing.
#pragma pack(push, 2)
struct WireStampAlignas {
    std::uint8_t kind;
    alignas(8) std::uint32_t stamp;
    std::uint16_t len;
};
#pragma pack(pop)
struct StampLog {
    std::uint8_t lane;
    WireStampAlignas stamps[2];
};
#pragma pack(push, 8)
struct WireStampWide {
    std::uint8_t kind;
    alignas(8) std::uint32_t stamp;
    std::uint16_t len;
};
#pragma pack(pop)

// Zero-width bit-fields under a packing, as wire formats end a field group: nvcc and NVRTC
// move the next member only to the packed boundary (GCC and clang to the bit-field type's:
// 9 bytes for `WireMark`, where nvcc has 2). `__attribute__((packed))` is a packing of 1; a
// `#pragma pack` whose N no other member shows is left out (clang's AST does not spell N).
struct __attribute__((packed)) WireMark {
    std::uint8_t tag;
    std::uint64_t : 0;
    std::uint8_t next;
};
#pragma pack(push, 1)
struct WireGroup {
    std::uint8_t tag;
    std::uint32_t seq;
    std::uint64_t : 0;
    std::uint8_t next;
};
struct WireAmbiguous {
    std::uint8_t tag;
    int : 0;
    std::uint8_t next;
};
#pragma pack(pop)

}  // namespace phys
