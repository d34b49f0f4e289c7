// A formatting library's spec records as such libraries write them for old compilers: the
// enums get a one-byte underlying type unless the compiler is a GCC older than 9.3, detected
// by `__GNUC__` (and not clang, which claims GCC 4.2). nvcc's device pass sees its host gcc's
// version, NVRTC no `__GNUC__` at all: both give the enums one byte. The importer reads the
// header with the version macros the chosen compiler's device pass has (clang's own 4.2.1
// would give the enums four bytes, and the record 16 bytes for C's 6). Written for this suite.
#pragma once

#if defined(__GNUC__) && !defined(__clang__)
#define LOGFMT_GCC_VERSION (__GNUC__ * 100 + __GNUC_MINOR__)
#else
#define LOGFMT_GCC_VERSION 0
#endif

#if LOGFMT_GCC_VERSION && LOGFMT_GCC_VERSION < 903
#define LOGFMT_ENUM_UNDERLYING(type)
#else
#define LOGFMT_ENUM_UNDERLYING(type) : type
#endif

namespace logfmt {
namespace align {
enum kind LOGFMT_ENUM_UNDERLYING(unsigned char){none, left, right, center};
}
namespace sign {
enum kind LOGFMT_ENUM_UNDERLYING(unsigned char){none, minus, plus, space};
}

struct format_spec {
    unsigned short width;
    align::kind alignment;
    sign::kind sign;
    char fill;
    bool alternate;
};
}  // namespace logfmt
