/*
 * A fake CUDA driver (libcuda.so.1) for tests and benchmarks on machines without a GPU.
 *
 * It implements the driver API calls cudarc's and cuda-core's safe APIs and ptx-abi's launches
 * make, on host memory: a "device pointer" is a malloc'd host address, every stream runs its
 * work at once (in call order), and a kernel is one of the C functions below, chosen by its
 * name when the module is loaded. What it records is a trace of the calls that order work
 * (`wait`, `record`, `launch`, `copy`), read with fake_cuda_trace(), so that a test can compare
 * the order a launch produces with the order cudarc's launch builder or cuda-core's own
 * operations produce.
 *
 * Work completes at once, unless a test holds it (fake_cuda_hold(1)): then an event recorded
 * is not complete (cuEventQuery: CUDA_ERROR_NOT_READY) until the host waits (a synchronize
 * call) or the test lets the work finish (fake_cuda_hold(0)), which is how a test sees what
 * cuda-core does while a kernel is still running. cuda-core queries events from a thread of
 * its own, so the completion counters are atomic.
 *
 * Each kernel reads its parameters through `kernelParams` or through `extra` exactly as a
 * GPU would read them: through C types (its parameter struct with C bit-fields, laid out by
 * the host C compiler, whose x86-64 rules agree with PTX's for these types).
 *
 * Built by tests/fake_cuda/mod.rs with the system C compiler; no part of it is ptx-abi's.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
enum {
    CUDA_SUCCESS = 0,
    CUDA_ERROR_INVALID_VALUE = 1,
    CUDA_ERROR_OUT_OF_MEMORY = 2,
    CUDA_ERROR_NOT_FOUND = 500,
    CUDA_ERROR_INVALID_HANDLE = 400,
    CUDA_ERROR_NOT_READY = 600,
};

/* ---- the trace ------------------------------------------------------------------------- */

static char trace[1 << 16];
static size_t trace_len = 0;
static long long launches = 0;
static long long param_info_calls = 0;
static long long param_count_calls = 0;

static int tracing = 1;
/* The launch benchmark turns the trace off: formatting it costs more than a launch. */
void fake_cuda_set_tracing(int on) { tracing = on; }

static void note(const char *fmt, ...) {
    if (!tracing) return;
    char line[256];
    va_list args;
    va_start(args, fmt);
    int n = vsnprintf(line, sizeof line, fmt, args);
    va_end(args);
    if (n > 0 && trace_len + (size_t)n + 1 < sizeof trace) {
        memcpy(trace + trace_len, line, (size_t)n);
        trace_len += (size_t)n;
        trace[trace_len++] = '\n';
        trace[trace_len] = 0;
    }
}

const char *fake_cuda_trace(void) { return trace; }
void fake_cuda_trace_clear(void) { trace_len = 0; trace[0] = 0; }
long long fake_cuda_launches(void) { return launches; }
long long fake_cuda_param_info_calls(void) { return param_info_calls; }
long long fake_cuda_param_count_calls(void) { return param_count_calls; }

/* ---- kernels --------------------------------------------------------------------------- */

/* examples/launch.rs's kernel:
 *   struct Params { unsigned mode : 3; int level : 5; float scale; };
 *   extern "C" __global__ void scale(float* out, const float* in, unsigned n, Params p); */
struct Params { unsigned mode : 3; int level : 5; float scale; };

static void scale(void **params, unsigned threads) {
    float *out = *(float **)params[0];
    const float *in = *(const float **)params[1];
    unsigned n = *(unsigned *)params[2];
    struct Params p;
    memcpy(&p, params[3], sizeof p);
    for (unsigned i = 0; i < threads && i < n; i++)
        out[i] = in[i] * p.scale + (float)p.level + (float)p.mode;
}

/* extern "C" __global__ void axpy(float a, const float* x, float* y, int n); */
static void axpy(void **params, unsigned threads) {
    float a = *(float *)params[0];
    const float *x = *(const float **)params[1];
    float *y = *(float **)params[2];
    int n = *(int *)params[3];
    for (int i = 0; i < (int)threads && i < n; i++) y[i] = a * x[i] + y[i];
}

/* extern "C" __global__ void copy(float* dst, const float* src, unsigned n); */
static void copy(void **params, unsigned threads) {
    float *dst = *(float **)params[0];
    const float *src = *(const float **)params[1];
    unsigned n = *(unsigned *)params[2];
    for (unsigned i = 0; i < threads && i < n; i++) dst[i] = src[i];
}

/* A kernel that does nothing, with the parameters of `scale`: for the launch benchmark. */
static void nothing(void **params, unsigned threads) { (void)params; (void)threads; }

struct kernel {
    const char *name;
    void (*body)(void **, unsigned);
    size_t n;
    size_t offset[8];
    size_t size[8];
};

/* The parameters as cuFuncGetParamInfo reports them for code compiled for sm_90. */
static const struct kernel kernels[] = {
    {"scale", scale, 4, {0, 8, 16, 20}, {8, 8, 4, 8}},
    {"axpy", axpy, 4, {0, 8, 16, 24}, {4, 8, 8, 4}},
    {"nothing", nothing, 4, {0, 8, 16, 20}, {8, 8, 4, 8}},
    {"copy", copy, 3, {0, 8, 16}, {8, 8, 4}},
};

/* ---- handles ----------------------------------------------------------------------------- */

struct ctx { int dummy; };
static struct ctx the_ctx;
static __thread struct ctx *current = NULL;
struct module { int loaded; };
struct event { long id; long seq; };
struct stream { long id; };
static long next_event = 1, next_stream = 1;

static long stream_id(void *s) {
    if (s == NULL) return 0;
    if ((uintptr_t)s <= 2) return (long)(uintptr_t)s; /* legacy and per-thread streams */
    return ((struct stream *)s)->id;
}

/* ---- the driver API ---------------------------------------------------------------------- */

#if defined(FAKE_CUDA_BEFORE_12_4)
static int version = 12020;
#elif defined(FAKE_CUDA_BEFORE_13_2)
static int version = 12090;
#else
static int version = 13020;
#endif
void fake_cuda_set_version(int v) { version = v; }

CUresult cuInit(unsigned flags) { (void)flags; return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *v) { *v = version; return CUDA_SUCCESS; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(int *d, int ordinal) {
    if (ordinal != 0) return CUDA_ERROR_INVALID_VALUE;
    *d = 0;
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *v, int attrib, int dev) {
    (void)dev;
    switch (attrib) {
    case 75: *v = 9; break; /* CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR */
    case 76: *v = 0; break; /* …_MINOR */
    default: *v = 0; break; /* memory pools and everything else: not supported */
    }
    return CUDA_SUCCESS;
}
CUresult cuDeviceGetName(char *name, int len, int dev) {
    (void)dev;
    snprintf(name, (size_t)len, "ptx-abi fake CUDA device");
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRetain(void **pctx, int dev) {
    (void)dev;
    *pctx = &the_ctx;
    return CUDA_SUCCESS;
}
CUresult cuDevicePrimaryCtxRelease_v2(int dev) { (void)dev; return CUDA_SUCCESS; }
CUresult cuCtxGetCurrent(void **pctx) { *pctx = current; return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(void *ctx) { current = ctx; return CUDA_SUCCESS; }
/* ---- completion: events complete at once, or when the host waits while work is held ---- */

static long record_seq = 0;   /* records so far (written by the test's thread) */
static long finished = 0;     /* records complete (read by cuda-core's retirement thread too) */
static int holding = 0;

static void finish_all(void) {
    __atomic_store_n(&finished, __atomic_load_n(&record_seq, __ATOMIC_SEQ_CST), __ATOMIC_SEQ_CST);
}
/* 1: work recorded from now on stays incomplete until the host waits; 0: finish it all. */
void fake_cuda_hold(int on) {
    holding = on;
    if (!on) finish_all();
}

CUresult cuCtxSynchronize(void) { finish_all(); return CUDA_SUCCESS; }
CUresult cuGetErrorString(CUresult e, const char **s) {
    (void)e;
    *s = "fake CUDA driver error";
    return CUDA_SUCCESS;
}
CUresult cuGetErrorName(CUresult e, const char **s) {
    (void)e;
    *s = "CUDA_ERROR_FAKE";
    return CUDA_SUCCESS;
}

CUresult cuStreamCreate(void **ps, unsigned flags) {
    (void)flags;
    struct stream *s = malloc(sizeof *s);
    s->id = next_stream++;
    *ps = s;
    return CUDA_SUCCESS;
}
CUresult cuStreamDestroy_v2(void *s) { free(s); return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(void *s) { (void)s; finish_all(); return CUDA_SUCCESS; }
CUresult cuStreamQuery(void *s) {
    (void)s;
    return __atomic_load_n(&finished, __ATOMIC_SEQ_CST) == __atomic_load_n(&record_seq, __ATOMIC_SEQ_CST)
               ? CUDA_SUCCESS
               : CUDA_ERROR_NOT_READY;
}
CUresult cuStreamGetPriority(void *s, int *priority) { (void)s; *priority = 0; return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(void *s, void *e, unsigned flags) {
    (void)flags;
    note("wait stream %ld event %ld", stream_id(s), ((struct event *)e)->id);
    return CUDA_SUCCESS;
}

CUresult cuEventCreate(void **pe, unsigned flags) {
    (void)flags;
    struct event *e = malloc(sizeof *e);
    e->id = next_event++;
    e->seq = 0;
    *pe = e;
    return CUDA_SUCCESS;
}
CUresult cuEventDestroy_v2(void *e) { free(e); return CUDA_SUCCESS; }
CUresult cuEventRecord(void *e, void *s) {
    struct event *ev = e;
    note("record event %ld stream %ld", ev->id, stream_id(s));
    long seq = __atomic_add_fetch(&record_seq, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&ev->seq, seq, __ATOMIC_SEQ_CST);
    if (!holding) finish_all();
    return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(void *e) { (void)e; finish_all(); return CUDA_SUCCESS; }
CUresult cuEventQuery(void *e) {
    long seq = __atomic_load_n(&((struct event *)e)->seq, __ATOMIC_SEQ_CST);
    return seq <= __atomic_load_n(&finished, __ATOMIC_SEQ_CST) ? CUDA_SUCCESS : CUDA_ERROR_NOT_READY;
}

CUresult cuMemAlloc_v2(uint64_t *p, size_t n) {
    void *m = calloc(n ? n : 1, 1);
    if (!m) return CUDA_ERROR_OUT_OF_MEMORY;
    *p = (uint64_t)(uintptr_t)m;
    return CUDA_SUCCESS;
}
CUresult cuMemFree_v2(uint64_t p) { free((void *)(uintptr_t)p); return CUDA_SUCCESS; }
CUresult cuMemsetD8Async(uint64_t p, unsigned char v, size_t n, void *s) {
    (void)s;
    memset((void *)(uintptr_t)p, v, n);
    return CUDA_SUCCESS;
}
CUresult cuMemsetD8_v2(uint64_t p, unsigned char v, size_t n) {
    memset((void *)(uintptr_t)p, v, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoDAsync_v2(uint64_t d, const void *h, size_t n, void *s) {
    (void)s;
    memcpy((void *)(uintptr_t)d, h, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyHtoD_v2(uint64_t d, const void *h, size_t n) {
    memcpy((void *)(uintptr_t)d, h, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoHAsync_v2(void *h, uint64_t d, size_t n, void *s) {
    (void)s;
    memcpy(h, (const void *)(uintptr_t)d, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH_v2(void *h, uint64_t d, size_t n) {
    memcpy(h, (const void *)(uintptr_t)d, n);
    return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoDAsync_v2(uint64_t d, uint64_t s, size_t n, void *st) {
    note("copy stream %ld", stream_id(st));
    memmove((void *)(uintptr_t)d, (const void *)(uintptr_t)s, n);
    return CUDA_SUCCESS;
}

static struct module the_module;
CUresult cuModuleLoadData(void **pm, const void *image) {
    (void)image;
    the_module.loaded = 1;
    *pm = &the_module;
    return CUDA_SUCCESS;
}
CUresult cuModuleUnload(void *m) { (void)m; return CUDA_SUCCESS; }
CUresult cuModuleGetFunction(void **pf, void *m, const char *name) {
    (void)m;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        if (strcmp(kernels[i].name, name) == 0) {
            *pf = (void *)&kernels[i];
            return CUDA_SUCCESS;
        }
    }
    return CUDA_ERROR_NOT_FOUND;
}
CUresult cuFuncGetAttribute(int *v, int attrib, void *f) {
    if (f == NULL) return CUDA_ERROR_INVALID_HANDLE;
    *v = attrib == 6 ? 90 : 0; /* CU_FUNC_ATTRIBUTE_BINARY_VERSION */
    return CUDA_SUCCESS;
}
/* A driver before CUDA 12.4 has neither of the next two; before 13.2, not the second. */
#ifndef FAKE_CUDA_BEFORE_12_4
CUresult cuFuncGetParamInfo(void *f, size_t i, size_t *offset, size_t *size) {
    const struct kernel *k = f;
    param_info_calls++;
    if (i >= k->n) return CUDA_ERROR_INVALID_VALUE;
    *offset = k->offset[i];
    *size = k->size[i];
    return CUDA_SUCCESS;
}
#ifndef FAKE_CUDA_BEFORE_13_2
CUresult cuFuncGetParamCount(void *f, size_t *count) {
    param_count_calls++;
    *count = ((const struct kernel *)f)->n;
    return CUDA_SUCCESS;
}
#endif
#endif

/* The `extra` array's tags, from cuda.h. */
#define CU_LAUNCH_PARAM_END ((void *)0x00)
#define CU_LAUNCH_PARAM_BUFFER_POINTER ((void *)0x01)
#define CU_LAUNCH_PARAM_BUFFER_SIZE ((void *)0x02)

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                        unsigned bz, unsigned shmem, void *s, void **params, void **extra) {
    const struct kernel *k = f;
    (void)shmem;
    void *from_extra[8];
    if (params == NULL) {
        /* `extra`: the parameters at the offsets cuFuncGetParamInfo reports. */
        char *buf = NULL;
        size_t size = 0;
        for (size_t i = 0; extra && extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
            if (extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) buf = extra[i + 1];
            else if (extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) size = *(size_t *)extra[i + 1];
            else return CUDA_ERROR_INVALID_VALUE;
        }
        if (buf == NULL) return CUDA_ERROR_INVALID_VALUE;
        size_t end = k->offset[k->n - 1] + k->size[k->n - 1];
        if (size != end) return CUDA_ERROR_INVALID_VALUE;
        for (size_t i = 0; i < k->n; i++) from_extra[i] = buf + k->offset[i];
        params = from_extra;
    } else if (extra != NULL) {
        return CUDA_ERROR_INVALID_VALUE;
    }
    launches++;
    note("launch %s stream %ld", k->name, stream_id(s));
    k->body(params, gx * gy * gz * bx * by * bz);
    return CUDA_SUCCESS;
}
