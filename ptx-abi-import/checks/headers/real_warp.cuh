// Modelled on NVIDIA Warp (v1.3.0, warp/native/array.h): the array descriptor kernels receive
// by value, a data and a gradient pointer, a shape of four ints, four strides and the number
// of dimensions; and warp's vec_t<3,float> and transform_t as plain structs.
#define ARRAY_MAX_DIMS 4
struct shape_t { int dims[ARRAY_MAX_DIMS]; };
struct array_t_float {
    float* data;
    float* grad;
    shape_t shape;
    int strides[ARRAY_MAX_DIMS];
    int ndim;
};
struct vec3f { float c[3]; };
struct transformf { vec3f p; float q[4]; };
// check: array_t_float = {(float*)((char*)0 + 4096), (float*)((char*)0 + 8192), {{2, 3, 4, 0}}, {48, 16, 4, 0}, 3}
// check: transformf = {{{1.0f, 2.0f, 3.0f}}, {0.0f, 0.0f, 0.0f, 1.0f}}
