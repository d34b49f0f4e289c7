// Modelled on cuRAND's device API as CUDA 12.9 ships it (cuRAND 10.3.10, the PyPI wheel
// nvidia-curand-cu12 10.3.10.19: curand_kernel.h, curand_philox4x32_x.h, curand_mrg32k3a.h).
// Written for this suite, not copied from those headers: it reproduces the generator state
// structs' members (types, order, array lengths, CUDA's uint2/uint4 vectors) and the
// typedef names the API gives them; the functions, constants and precalculated matrices
// around them are left out. The Box-Muller cache that three of the states end with is
// written once here as a macro.

// Whether a second normal deviate is cached (for float, for double), and the cached values.
#define CURAND_STATE_NORMAL_CACHE \
    int boxmuller_flag;           \
    int boxmuller_flag_double;    \
    float boxmuller_extra;        \
    double boxmuller_extra_double;

#define CURAND_XORWOW_WORDS 5
#define CURAND_MRG32K3A_ORDER 3
#define CURAND_SOBOL32_BITS 32

// XORWOW (the default generator): a Weyl counter, then the xorshift words.
struct curandStateXORWOW {
    unsigned int d;
    unsigned int v[CURAND_XORWOW_WORDS];
    CURAND_STATE_NORMAL_CACHE
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState;

// Philox4x32-10: the 128-bit counter, the four outputs of the last round, the 64-bit key,
// and which of the outputs is next.
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    CURAND_STATE_NORMAL_CACHE
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

// MRG32k3a: the two order-3 component recurrences.
struct curandStateMRG32k3a {
    unsigned int s1[CURAND_MRG32K3A_ORDER];
    unsigned int s2[CURAND_MRG32K3A_ORDER];
    CURAND_STATE_NORMAL_CACHE
};

// Sobol32, one dimension of a quasirandom sequence.
struct curandStateSobol32 {
    unsigned int i;  // index in the sequence
    unsigned int x;  // current value
    unsigned int c;  // scramble constant
    unsigned int direction_vectors[CURAND_SOBOL32_BITS];
};
// check: curandStateXORWOW = {123456789U, {362436069U, 521288629U, 88675123U, 5783321U, 6615241U}, 1, 0, 0.5f, -2.25}
// check: curandStatePhilox4_32_10 = {{1U, 2U, 3U, 4U}, {5U, 6U, 7U, 8U}, {0xdeadbeefU, 0xcafef00dU}, 3U, 0, 1, 1.5f, 3.75}
// check: curandStateMRG32k3a = {{12345U, 23456U, 34567U}, {45678U, 56789U, 67890U}, 1, 1, -0.5f, 0.125}
// check: curandStateSobol32 = {1U, 2U, 3U, {1U, 2U, 3U, 4U, 5U, 6U, 7U, 8U, 9U, 10U, 11U, 12U, 13U, 14U, 15U, 16U, 17U, 18U, 19U, 20U, 21U, 22U, 23U, 24U, 25U, 26U, 27U, 28U, 29U, 30U, 31U, 32U}}
