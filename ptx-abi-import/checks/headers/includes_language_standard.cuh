// A tokenizer's device-side records whose layout follows the language standard, as libraries
// that support several standards write them: with C++20 the span keeps a generation counter
// for its `std::span`-based host API. The project builds with `-std=c++17` (this suite imports
// with it, the line below); the importer hands the checks the same standard, so the compiler
// lays the header out as the build does. With the checks' own C++20 the span would have 24
// bytes in C against 16 in Rust. Written for this suite.
// import-args: -std=c++17
#pragma once
#include <cstdint>

namespace tok {

struct TokenSpan {
    const int32_t* ids;
    uint32_t length;
    uint32_t flags;
#if __cplusplus >= 202002L
    uint64_t generation;
#endif
};

struct Batch {
    TokenSpan spans[4];
    int32_t count;
};

}  // namespace tok
