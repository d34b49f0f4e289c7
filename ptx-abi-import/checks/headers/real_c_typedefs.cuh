// Modelled on the way Chipmunk2D (slembcke/Chipmunk2D, 7.0.3) declares its C types for C and
// C++ alike: include/chipmunk/chipmunk_types.h's `typedef struct cpVect {…} cpVect;`,
// chipmunk.h's forward `typedef struct cpBody cpBody;` ahead of the definition in
// chipmunk_structs.h (whose bodies link to each other through `cpBody *next`), and cpBody.h's
// `typedef enum cpBodyType {…} cpBodyType;`. Written for this suite, not copied: what it
// reproduces is the idiom, a tag and a typedef of the same name, a typedef before the struct
// it names, a self-pointer through that typedef, and an enum with an explicit value; the
// member lists are this suite's own small ones, not Chipmunk's. In C++ the typedef and the tag
// are one type, imported once; ptx-abi-import used to emit `type Vec3 = Vec3;` beside the
// struct (issue 23, found by fuzzing its AST reader), which does not build.

// The typedef ahead of the definition, so that the struct can point at itself by it.
typedef struct Node Node;

typedef struct Vec3 {
    float x;
    float y;
    float z;
} Vec3;

typedef enum Kind {
    KIND_A,
    KIND_B = 5,
} Kind;

// A list element: position, kind, three flag bits, then the next element.
#define NODE_FLAG_BITS 3
struct Node {
    Vec3 pos;
    Kind kind;
    unsigned flags : NODE_FLAG_BITS;
    Node* next;
};
// check: Node = {{1.0f, 2.0f, 3.0f}, real_c_typedefs::KIND_B, 5U, (real_c_typedefs::Node*)((char*)0 + 4096)}
// check: Vec3 = {0.5f, -1.0f, 2.0f}
