// Modelled on CUTLASS 3.5's include/cutlass/gemm_coord.h and gemm/kernel/gemm_universal.h
// (v3.5.0): a GEMM problem shape of three ints, a batched-strided argument struct with an
// enum mode, 64-bit batch strides, pointers and float epilogue scalars.
struct GemmCoord { int m, n, k; };
enum GemmUniversalMode { kGemm, kGemmSplitKParallel, kBatched, kArray, kInvalid };
struct LinearCombinationParams { float alpha; float beta; const float* alpha_ptr; const float* beta_ptr; };
struct GemmUniversalArguments {
    GemmUniversalMode mode;
    GemmCoord problem_size;
    int batch_count;
    LinearCombinationParams epilogue;
    const void* ptr_A;
    const void* ptr_B;
    const void* ptr_C;
    void* ptr_D;
    long long batch_stride_A;
    long long batch_stride_B;
    long long batch_stride_C;
    long long batch_stride_D;
    long long lda, ldb, ldc, ldd;
};
// check: GemmCoord = {128, 256, 64}
// check: GemmUniversalArguments = {real_cutlass::kBatched, {128, 256, 64}, 8, {1.0f, 0.5f, (const float*)((char*)0 + 4096), (const float*)((char*)0 + 8192)}, (const void*)((char*)0 + 12288), (const void*)((char*)0 + 16384), (const void*)((char*)0 + 20480), (void*)((char*)0 + 24576), 1LL, 2LL, 3LL, 4LL, 64LL, 256LL, 256LL, 256LL}
