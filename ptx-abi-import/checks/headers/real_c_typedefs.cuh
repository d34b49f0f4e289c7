// C's idiom of a typedef that names its own struct or enum, `typedef struct S {…} S;` and the
// forward `typedef struct S S;`, as headers shared between C and CUDA write it. In C++ the
// typedef and the tag are one type, imported once; ptx-abi-import used to emit `type S = S;`
// beside the struct (issue 23, found by fuzzing its AST reader), which does not build.
typedef struct Vec3 { float x, y, z; } Vec3;
typedef struct Node Node;
typedef enum Kind { KIND_A, KIND_B = 5 } Kind;
struct Node {
    Vec3 pos;
    Kind kind;
    unsigned flags : 3;
    Node* next;
};
// check: Node = {{1.0f, 2.0f, 3.0f}, real_c_typedefs::KIND_B, 5U, (real_c_typedefs::Node*)((char*)0 + 4096)}
// check: Vec3 = {0.5f, -1.0f, 2.0f}
