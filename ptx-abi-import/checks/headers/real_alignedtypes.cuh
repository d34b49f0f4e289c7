// cuda-samples' alignedTypes (Samples/6_Performance/alignedTypes/alignedTypes.cu): the same
// pixel types with and without __align__, as typedefs of unnamed structs.
typedef struct { unsigned char r, g, b, a; } RGBA8_misaligned;
typedef struct __align__(4) { unsigned char r, g, b, a; } RGBA8;
typedef struct { unsigned int l, a; } LA32_misaligned;
typedef struct __align__(8) { unsigned int l, a; } LA32;
typedef struct { unsigned int r, g, b; } RGB32_misaligned;
typedef struct __align__(16) { unsigned int r, g, b; } RGB32;
typedef struct { unsigned int r, g, b, a; } RGBA32_misaligned;
typedef struct __align__(16) { unsigned int r, g, b, a; } RGBA32;
typedef struct __align__(16) { RGBA32 c1, c2; } RGBA32_2;
// check: RGBA8_misaligned = {1, 2, 3, 4}
// check: RGBA8 = {5, 6, 7, 8}
// check: LA32 = {9U, 10U}
// check: RGB32_misaligned = {11U, 12U, 13U}
// check: RGB32 = {14U, 15U, 16U}
// check: RGBA32_2 = {{1U, 2U, 3U, 4U}, {5U, 6U, 7U, 8U}}
