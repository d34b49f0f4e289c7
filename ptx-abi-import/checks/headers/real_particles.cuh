// Modelled on cuda-samples' particles (Samples/5_Domain_Specific/particles/particles_kernel.cuh,
// v12.5): the SPH-style simulation parameters held in constant memory, float3 vectors among
// uint3 grid sizes and scalar coefficients.
struct SimParams {
    float3 colliderPos;
    float colliderRadius;
    float3 gravity;
    float globalDamping;
    float particleRadius;
    uint3 gridSize;
    unsigned int numCells;
    float3 worldOrigin;
    float3 cellSize;
    unsigned int numBodies;
    unsigned int maxParticlesPerCell;
    float spring;
    float damping;
    float shear;
    float attraction;
    float boundaryDamping;
};
// check: SimParams = {{-1.2f, -0.8f, 0.8f}, 0.2f, {0.0f, -0.0003f, 0.0f}, 1.0f, 0.0078125f, {64U, 64U, 64U}, 262144U, {-1.0f, -1.0f, -1.0f}, {0.03125f, 0.03125f, 0.03125f}, 16384U, 4U, 0.5f, 0.02f, 0.1f, 0.0f, -0.5f}
