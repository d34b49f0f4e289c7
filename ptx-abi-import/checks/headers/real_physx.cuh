// Modelled on PhysX 5 (NVIDIA-Omniverse/PhysX, 5.4.1, foundation/PxVec3.h, PxQuat.h,
// PxTransform.h and PxContact-like records): vectors of three floats (align 4, no padding),
// a transform of a quaternion then a position, and a contact record mixing them with ints.
struct PxVec3 { float x, y, z; };
struct PxQuat { float x, y, z, w; };
struct PxTransform { PxQuat q; PxVec3 p; };
struct PxContactPatchLike {
    PxVec3 normal;
    float restitution;
    float dynamicFriction;
    float staticFriction;
    unsigned char startContactIndex;
    unsigned char nbContacts;
    unsigned char materialFlags;
    unsigned char internalFlags;
    unsigned short materialIndex0;
    unsigned short materialIndex1;
};
// check: PxTransform = {{0.0f, 0.0f, 0.0f, 1.0f}, {1.0f, 2.0f, 3.0f}}
// check: PxContactPatchLike = {{0.0f, 1.0f, 0.0f}, 0.2f, 0.5f, 0.6f, 3, 4, 1, 2, 7, 9}
