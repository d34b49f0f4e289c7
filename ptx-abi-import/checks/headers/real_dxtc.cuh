// Modelled on cuda-samples' dxtc, the DXT1 texture compressor (NVIDIA/cuda-samples, tag v12.5,
// Samples/5_Domain_Specific/dxtc/dds.h, whose color and block types come from NVIDIA Texture
// Tools). Written for this suite, not copied from the sample: it reproduces what decides the
// layouts, a 5:6:5 color as unsigned short bit-fields (blue in the low bits) overlaid on the
// whole word, a 32-bit BGRA color whose bytes and word share an anonymous union, and the
// 8-byte DXT1 block: two 5:6:5 endpoints, then sixteen 2-bit indices seen as four row bytes
// or one word. The compression kernels and the DDS file header are left out.
#define DXT_BLUE_BITS  5
#define DXT_GREEN_BITS 6
#define DXT_RED_BITS   5
#define DXT_BLOCK_ROWS 4

// A 16-bit endpoint color, by channel or as the raw word.
union Color16 {
    struct {
        unsigned short b : DXT_BLUE_BITS;
        unsigned short g : DXT_GREEN_BITS;
        unsigned short r : DXT_RED_BITS;
    };
    unsigned short u;
};

// A decoded texel in B, G, R, A byte order, or packed.
struct Color32 {
    union {
        struct { unsigned char b, g, r, a; };
        unsigned int u;
    };
};

// One compressed 4x4 tile.
struct BlockDXT1 {
    Color16 col0;
    Color16 col1;
    union {
        unsigned char row[DXT_BLOCK_ROWS];
        unsigned int indices;
    };
};
// check: BlockDXT1 = {{.u = 0xf81f}, {.u = 0x07e0}, {.indices = 0xe4e4e4e4U}}
// check: Color32 = {{.u = 0x80402010U}}
