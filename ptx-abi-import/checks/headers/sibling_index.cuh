// Included by includes_switches.cuh as `#include "sibling_index.cuh"`: the project's own
// header beside it, found by the header's directory (clang) and by the checks' `-I` (NVRTC).
#pragma once

#ifdef PROJ_WIDE_INDEX
typedef long long proj_index_t;
#else
typedef int proj_index_t;
#endif

struct ProjRange {
    proj_index_t begin;
    proj_index_t end;
};
