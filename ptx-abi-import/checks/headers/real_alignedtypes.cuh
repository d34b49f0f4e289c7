// Modelled on cuda-samples' alignedTypes benchmark (NVIDIA/cuda-samples, tag v12.5,
// Samples/6_Performance/alignedTypes/alignedTypes.cu). Written for this suite, not copied
// from the sample: it reproduces what decides the pixel types' layouts there, each pixel
// declared twice as a typedef of an unnamed struct, once with only its members' natural
// alignment and once with CUDA's __align__(N) written between `struct` and the body, the
// members' types and order, and the two-pixel type built from the 16-byte one. The copy
// kernels and the bandwidth measurement around them are left out.

// The channels of each pixel kind, shared by its plain and its __align__ declaration.
#define PIXEL_RGBA8_CHANNELS  unsigned char r, g, b, a;
#define PIXEL_LA32_CHANNELS   unsigned int l, a;
#define PIXEL_RGB32_CHANNELS  unsigned int r, g, b;
#define PIXEL_RGBA32_CHANNELS unsigned int r, g, b, a;

// Four bytes at 1, two words at 4 (8 bytes), three words at 4 (12), four words at 4 (16).
typedef struct { PIXEL_RGBA8_CHANNELS } RGBA8_misaligned;
typedef struct { PIXEL_LA32_CHANNELS } LA32_misaligned;
typedef struct { PIXEL_RGB32_CHANNELS } RGB32_misaligned;
typedef struct { PIXEL_RGBA32_CHANNELS } RGBA32_misaligned;

// The same channels raised to a whole vector load: RGB32 grows from 12 bytes to 16.
typedef struct __align__(4)  { PIXEL_RGBA8_CHANNELS } RGBA8;
typedef struct __align__(8)  { PIXEL_LA32_CHANNELS } LA32;
typedef struct __align__(16) { PIXEL_RGB32_CHANNELS } RGB32;
typedef struct __align__(16) { PIXEL_RGBA32_CHANNELS } RGBA32;

// Two 16-byte pixels moved as one 32-byte element.
typedef struct __align__(16) { RGBA32 c1, c2; } RGBA32_2;
// check: RGBA8_misaligned = {1, 2, 3, 4}
// check: RGBA8 = {5, 6, 7, 8}
// check: LA32 = {9U, 10U}
// check: RGB32_misaligned = {11U, 12U, 13U}
// check: RGB32 = {14U, 15U, 16U}
// check: RGBA32_2 = {{1U, 2U, 3U, 4U}, {5U, 6U, 7U, 8U}}
