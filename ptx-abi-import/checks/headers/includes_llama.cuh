// Modelled on llama.cpp's ggml/src/ggml-common.h (tag b4000, 2024-10), the branch CUDA compiles
// (GGML_COMMON_DECL_CUDA): `half` and `half2` from <cuda_fp16.h>, fixed-width integers from
// <cstdint>, unions marked `__extension__` whose struct is named `data` by macro while the
// union itself stays anonymous. Written for this suite; the blocks' member types, order and
// sizes, the macros and the includes are as in that file. Imported as is and checked by the
// importer's emitted `nvrtc::assert_matches` calls, with CUDA's real headers (issue 21).
#include <cuda_fp16.h>
#include <cstdint>

#define GGML_EXTENSION __extension__
typedef half ggml_half;
typedef half2 ggml_half2;
#define GGML_COMMON_AGGR_U
#define GGML_COMMON_AGGR_S data

#define QK_K 256
#define K_SCALE_SIZE 12

#define QK4_0 32
typedef struct {
    ggml_half d;
    uint8_t qs[QK4_0 / 2];
} block_q4_0;

#define QK4_1 32
typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half m;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
    uint8_t qs[QK4_1 / 2];
} block_q4_1;

#define QK5_0 32
typedef struct {
    ggml_half d;
    uint8_t qh[4];
    uint8_t qs[QK5_0 / 2];
} block_q5_0;

#define QK5_1 32
typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half m;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
    uint8_t qh[4];
    uint8_t qs[QK5_1 / 2];
} block_q5_1;

#define QK8_0 32
typedef struct {
    ggml_half d;
    int8_t qs[QK8_0];
} block_q8_0;

#define QK8_1 32
typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half s;
        } GGML_COMMON_AGGR_S;
        ggml_half2 ds;
    } GGML_COMMON_AGGR_U;
    int8_t qs[QK8_1];
} block_q8_1;

typedef struct {
    uint8_t scales[QK_K / 16];
    uint8_t qs[QK_K / 4];
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half dmin;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
} block_q2_K;

typedef struct {
    GGML_EXTENSION union {
        struct {
            ggml_half d;
            ggml_half dmin;
        } GGML_COMMON_AGGR_S;
        ggml_half2 dm;
    } GGML_COMMON_AGGR_U;
    uint8_t scales[K_SCALE_SIZE];
    uint8_t qs[QK_K / 2];
} block_q4_K;

typedef struct {
    uint8_t ql[QK_K / 2];
    uint8_t qh[QK_K / 4];
    int8_t scales[QK_K / 16];
    ggml_half d;
} block_q6_K;

typedef struct {
    float d;
    int8_t qs[QK_K];
    int16_t bsums[QK_K / 16];
} block_q8_K;

typedef struct {
    ggml_half d;
    uint16_t qs[QK_K / 8];
} block_iq2_xxs;

typedef union {
    ggml_half f16;
    uint16_t u16;
} iq1m_scale_t;
