// Type-erased storage as GPU containers and task graphs write it: an optional whose payload
// is raw bytes aligned for the value (`alignas(T)` in a template), an inline buffer aligned
// for a vector type, GCC's bare `aligned` (the target's largest alignment, 16), and a record
// holding the optionals. clang's AST gives no number for these alignments; the importer finds
// each from clang's layout, and the checks compare the result with nvcc's and NVRTC's.
// Written for this suite.
#pragma once
#include <cstdint>

namespace graph {

template <class T>
struct Optional {
    bool engaged;
    alignas(T) unsigned char storage[sizeof(T)];
};

struct NodePayload {
    std::uint32_t kind;
    alignas(double2) unsigned char inline_bytes[24];
    std::uint16_t size;
};

struct TaskSlot {
    Optional<double> weight;
    Optional<float4> bounds;
    std::uint8_t state;
};

struct ScratchLane {
    std::uint8_t lane;
    unsigned char scratch[8] __attribute__((aligned));
};

// The storage's alignment equals the member's own: no attribute needed in the Rust.
struct Counter {
    std::uint8_t tag;
    alignas(std::uint8_t) unsigned char count;
};

}  // namespace graph
