// A kernel-parameter header as projects build them with switches: it includes the project's
// own header beside it, and its index width and optional members follow `-D` macros given to
// the compiler (this suite imports it with `-DPROJ_WIDE_INDEX -DPROJ_WITH_NORMALS`, the
// line below). Written for this suite. The importer hands the emitted checks the header's
// directory and the same macros, so NVRTC compiles it as clang read it: without them the
// `ProjRange` check would find 8 bytes in C against 16 in Rust.
// import-args: -DPROJ_WIDE_INDEX -DPROJ_WITH_NORMALS
#pragma once
#include "sibling_index.cuh"

struct ProjMeshView {
    ProjRange faces;
    const float3* positions;
#ifdef PROJ_WITH_NORMALS
    const float3* normals;
#endif
    proj_index_t vertex_count;
};

// A member that exists from Ampere on: read for the checks' own architecture (sm_80) when no
// other is given, so the import and its check both have it.
struct ProjAsyncStage {
    unsigned int slot;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    unsigned int async_copy_bytes;
#endif
};
