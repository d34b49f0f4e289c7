// Modelled on Roger Allen's "Ray Tracing in One Weekend in CUDA" (rtow-cuda, chapter 12, 2018):
// the camera (vec3 of three floats, then lens radius) and a material record with a type tag,
// albedo, fuzz and refraction index, written as plain structs.
struct vec3 { float e[3]; };
struct camera {
    vec3 origin;
    vec3 lower_left_corner;
    vec3 horizontal;
    vec3 vertical;
    vec3 u, v, w;
    float lens_radius;
};
enum material_kind { LAMBERTIAN, METAL, DIELECTRIC };
struct material {
    material_kind kind;
    vec3 albedo;
    float fuzz;
    float ref_idx;
};
struct sphere { vec3 center; float radius; material mat; };
// check: camera = {{{0.0f, 1.0f, 2.0f}}, {{-2.0f, -1.0f, -1.0f}}, {{4.0f, 0.0f, 0.0f}}, {{0.0f, 2.0f, 0.0f}}, {{1.0f, 0.0f, 0.0f}}, {{0.0f, 1.0f, 0.0f}}, {{0.0f, 0.0f, 1.0f}}, 0.05f}
// check: sphere = {{{0.0f, -1000.0f, 0.0f}}, 1000.0f, {real_path_tracer::METAL, {{0.7f, 0.6f, 0.5f}}, 0.1f, 1.5f}}
