// A header in the style of ray-tracing SDK type headers (OptiX-like): most of it is plain
// data, but it also declares things ptx-abi has no data layout for — a function type, a class
// with virtual functions — and a record that holds one of those by value. The importer leaves
// out each of those, says why, and imports the rest; a pointer to a left-out type becomes a
// `void` pointer. Written for this suite; the importer's emitted checks verify what is imported.
#pragma once

typedef unsigned long long TraversableHandle;
typedef unsigned long long DevicePointer;

// A function type (a callback signature): no data layout.
typedef void LogCallback(unsigned int level, const char* tag, const char* message, void* data);
typedef void (*LogCallbackPtr)(unsigned int, const char*, const char*, void*);

// A host-side interface with virtual functions: refused.
struct DenoiserHooks {
    virtual void before() {}
    int stage;
};

// Holds the refused type by value: left out too.
struct HookedLaunch {
    DenoiserHooks hooks;
    int width;
};

struct Aabb {
    float minX, minY, minZ;
    float maxX, maxY, maxZ;
};

struct BuildInputCustomPrimitive {
    const DevicePointer* aabbBuffers;
    unsigned int numPrimitives;
    unsigned int strideInBytes;
    const unsigned int* flags;
    unsigned int numSbtRecords;
    DevicePointer sbtIndexOffsetBuffer;
};

struct DeviceContextOptions {
    LogCallbackPtr logCallbackFunction;
    void* logCallbackData;
    int logCallbackLevel;
    DenoiserHooks* hooks;   // a pointer to a left-out type: `void*`
};

struct LaunchParams {
    TraversableHandle handle;
    Aabb bounds;
    float4* frame;
    uint2 size;
    unsigned int frameIndex;
};
