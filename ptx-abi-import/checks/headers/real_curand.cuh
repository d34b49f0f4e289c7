// curand's generator states (CUDA 12, curand_kernel.h, curand_philox4x32_x.h,
// curand_mrg32k3a.h, curand_kernel.h's Sobol state), written from the public headers: the
// member lists of the state structs only, without the functions around them. Compared line by
// line with the headers of the PyPI wheel nvidia-curand-cu12 10.3.10.19 (CUDA 12.9):
// curand_kernel.h lines 150-156, 208-215 and 231-234, curand_philox4x32_x.h lines 93-102.
struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
   uint4 ctr;
   uint4 output;
   uint2 key;
   unsigned int STATE;
   int boxmuller_flag;
   int boxmuller_flag_double;
   float boxmuller_extra;
   double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};

struct curandStateSobol32 {
    unsigned int i, x, c;
    unsigned int direction_vectors[32];
};
// check: curandStateXORWOW = {123456789U, {362436069U, 521288629U, 88675123U, 5783321U, 6615241U}, 1, 0, 0.5f, -2.25}
// check: curandStatePhilox4_32_10 = {{1U, 2U, 3U, 4U}, {5U, 6U, 7U, 8U}, {0xdeadbeefU, 0xcafef00dU}, 3U, 0, 1, 1.5f, 3.75}
// check: curandStateMRG32k3a = {{12345U, 23456U, 34567U}, {45678U, 56789U, 67890U}, 1, 1, -0.5f, 0.125}
// check: curandStateSobol32 = {1U, 2U, 3U, {1U, 2U, 3U, 4U, 5U, 6U, 7U, 8U, 9U, 10U, 11U, 12U, 13U, 14U, 15U, 16U, 17U, 18U, 19U, 20U, 21U, 22U, 23U, 24U, 25U, 26U, 27U, 28U, 29U, 30U, 31U, 32U}}
