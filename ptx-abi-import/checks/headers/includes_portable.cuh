// A portability header as physics and simulation engines write it: the platform is detected
// from the compiler's macros, and an unknown one is an error. nvcc's device pass on x86-64
// Linux defines the host's `__linux__` and `__x86_64__`, and so does the importer's clang; the
// emitted checks define them for NVRTC, which does not. Written for this suite.
#pragma once

#if defined(_WIN32)
#  define PX_WINDOWS 1
typedef __int64 PxI64;
#elif defined(__linux__) && defined(__x86_64__)
#  define PX_LINUX 1
typedef long long PxI64;
#elif defined(__APPLE__)
#  define PX_APPLE 1
typedef long long PxI64;
#else
#  error "Unknown operating system"
#endif

typedef unsigned int PxU32;
typedef float PxReal;

struct PxVec3 {
    PxReal x, y, z;
};

struct PxContactPairHeader {
    PxI64 actorIds[2];
    PxU32 flags;
    PxU32 nbPairs;
    PxVec3 impulse;
#if PX_LINUX
    PxU32 linuxOnlyPad;
#endif
};

// A layout chosen by the compiler macro, as template libraries select code paths: nvcc builds
// (`__NVCC__`, defined in its device pass) get the 64-bit index.
#if defined(__NVCC__)
typedef long long PxIndex;
#else
typedef int PxIndex;
#endif

struct PxIndexedWeight {
    PxIndex index;
    PxReal weight;
};
