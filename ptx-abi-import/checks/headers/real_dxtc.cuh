// cuda-samples' dxtc (Samples/5_Domain_Specific/dxtc/dds.h and CudaMath-style color types):
// colors as anonymous unions of bit-fields, bytes and a word, and the DXT1 block whose index
// row is an anonymous union member. Written from the sample's headers.
union Color16 {
    struct {
        unsigned short b : 5;
        unsigned short g : 6;
        unsigned short r : 5;
    };
    unsigned short u;
};

struct Color32 {
    union {
        struct {
            unsigned char b, g, r, a;
        };
        unsigned int u;
    };
};

struct BlockDXT1 {
    Color16 col0;
    Color16 col1;
    union {
        unsigned char row[4];
        unsigned int indices;
    };
};
// check: BlockDXT1 = {{.u = 0xf81f}, {.u = 0x07e0}, {.indices = 0xe4e4e4e4U}}
// check: Color32 = {{.u = 0x80402010U}}
