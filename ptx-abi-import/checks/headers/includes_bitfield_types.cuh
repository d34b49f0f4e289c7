// Bit-fields declared with C's other integer spellings, as packed-record and text-processing
// code writes them: `long` and `unsigned long` (LP64: 8-byte storage units), `int64_t` (which
// glibc and clang spell `long`), `char16_t` and `char32_t`. Written for this suite. Imported
// as `i64`, `u64`, `u16`, `u32`: the same storage unit and signedness (§1.3), which is what
// the checks compare.
#pragma once
#include <cstdint>

struct PackedTimestamp {
    long seconds : 40;
    unsigned long nanos : 30;
    int64_t epoch_id : 20;
};

struct GlyphRun {
    char16_t first : 10;
    char16_t count : 6;
    char32_t codepoint : 21;
    unsigned flags : 11;
};
