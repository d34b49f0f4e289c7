// A physics engine's shared types with the packing and alignment idioms of such code: a
// network wire record packed to 1 byte (refused by the importer, with the reason), a packing
// that changes nothing, CUDA's __align__ macro, and collision-layer flags as a C enum.
// Written for this suite.
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
#pragma pack(pop)

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

}  // namespace phys
