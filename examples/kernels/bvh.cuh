// A BVH node as NVIDIA Warp packs it (warp/native/bvh.h, Apache-2.0): each half of a node is
// a bound and a 31-bit child index with a leaf flag in the last bit, 16 bytes per half.
#pragma once

struct BVHPackedNodeHalf
{
    float x;
    float y;
    float z;
    unsigned int i : 31;
    unsigned int b : 1;
};

// A ray and the index of the node a traversal is at, as a kernel would take them.
struct RayQuery
{
    float3 origin;
    float max_t;
    float3 dir;
    int node;
    BVHPackedNodeHalf lower;
    BVHPackedNodeHalf upper;
};

__device__ inline bool is_leaf(const BVHPackedNodeHalf& n) { return n.b != 0; }
