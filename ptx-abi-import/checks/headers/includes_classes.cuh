// C++ classes as device code declares its shared state: a bit-field record with a
// `__host__ __device__` constructor, a flag word read through `volatile` bit-fields, and a
// class that keeps its counters private behind accessors. Written for this suite. Imported
// as they stand; NVRTC cannot build these types in a constant expression (a constructor, a
// volatile member) nor name private members from outside, so the emitted checks compare the
// rest, and the importer compared every position with clang's layout.
#pragma once

struct SortKey {
    __host__ __device__ SortKey() : bucket(0), lane(0), valid(0) {}
    __host__ __device__ SortKey(unsigned b, unsigned l) : bucket(b), lane(l), valid(1) {}
    unsigned bucket : 20;
    unsigned lane : 5;
    unsigned valid : 1;
    float weight;
};

struct DoorbellFlags {
    volatile unsigned ready : 1;
    volatile unsigned error : 1;
    unsigned reserved : 30;
    int producer;
};

class RingCounters {
public:
    __host__ __device__ unsigned head() const { return head_; }
    int capacity;
private:
    unsigned head_;
    unsigned tail_ : 24;
    unsigned wrap_ : 8;
protected:
    float fill_;
};

// A warp span as collective libraries write it: bit-fields set only through a constexpr
// constructor that takes arguments (no default constructor).
struct WarpSpan {
    unsigned first : 8;
    unsigned count : 8;
    unsigned lane_mask : 16;
    __host__ __device__ constexpr WarpSpan(unsigned f, unsigned c, unsigned m)
        : first(f), count(c), lane_mask(m) {}
};

// A format specification as formatting libraries write it: a constexpr default constructor
// that gives the other members values other than zero (no precision is -1, the fill is a
// space), beside bit-fields. The position probe builds a default value and sets one bit-field:
// only that field's bits may count, not the constructor's.
struct FormatSpec {
    int width;
    int precision;
    unsigned char kind;
    unsigned align : 4;
    unsigned sign : 3;
    unsigned alt : 1;
    unsigned upper : 1;
    char fill;
    __host__ __device__ constexpr FormatSpec()
        : width(0), precision(-1), kind(0), align(0), sign(0), alt(false), upper(false), fill(' ') {}
};
