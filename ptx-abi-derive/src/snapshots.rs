//! Expansion snapshots: the derive's output for a few representative inputs, rendered with
//! `prettyplease`, compared with `ptx-abi-derive/snapshots/<name>.expanded.rs`. They show what
//! the derive emits (a description of the type plus calls into ptx-abi-core's
//! `__private::v1`) and make every change to the expansion visible in review.
//!
//! Re-bless after an intended change: `PTX_ABI_BLESS=1 cargo test -p ptx-abi-derive`, then read
//! the diff.

use std::path::PathBuf;

/// The expansion of `input`, rendered as `prettyplease` prints it.
fn render(input: &str) -> String {
    let input: syn::DeriveInput = syn::parse_str(input).expect("the snapshot input parses");
    let tokens = crate::expand::derive(&input);
    let file: syn::File = syn::parse2(tokens).expect("the expansion is a list of items");
    prettyplease::unparse(&file)
}

fn check(name: &str, input: &str) {
    let rendered = render(input);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{name}.expanded.rs"));
    if std::env::var_os("PTX_ABI_BLESS").is_some() {
        std::fs::create_dir_all(path.parent().expect("a parent")).expect("snapshots/ exists");
        std::fs::write(&path, &rendered).expect("the snapshot is written");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "no snapshot at {}; run `PTX_ABI_BLESS=1 cargo test -p ptx-abi-derive`",
            path.display()
        )
    });
    assert!(
        expected == rendered,
        "the expansion of `{name}` changed; if intended, re-bless with \
         `PTX_ABI_BLESS=1 cargo test -p ptx-abi-derive` and review the diff of {}\n\
         --- new expansion ---\n{rendered}",
        path.display()
    );
}

/// The README's `Particle` (the same declaration, as the derive sees it).
const PARTICLE: &str = r#"
    #[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
    #[ptx(align = 16)]
    struct Particle {
        #[ptx(bits = 3)] kind: u32,
        #[ptx(bits = 5)] charge: i32,
        tag: u8,
        _brk: Pad<u16, 0>,
        _gap: Pad<u16, 7>,
        #[ptx(bits = 40)] addr: u64,
        pos: Float4,
        next: DevicePtr<Particle>,
        history: [f32; 3],
    }
"#;

/// The README's `Particle`: bit-fields, unnamed bit-fields, a vector, a pointer, an array and
/// a requested alignment; no `#[ptx(accessors)]`, so its image has no methods of its own.
#[test]
fn particle() {
    check("particle", PARTICLE);
}

/// Issue 31's compile-time budget: `Particle`'s expansion, as `prettyplease` prints it, is at
/// most 200 lines (it was 407; what every type shares belongs in core, as generic functions or
/// `macro_rules!`). Rendered here, not read from the snapshot, so re-blessing cannot pass it.
#[test]
fn particle_within_its_line_budget() {
    const BUDGET: usize = 200;
    let lines = render(PARTICLE).lines().count();
    assert!(
        lines <= BUDGET,
        "`Particle` expands to {lines} lines, over its budget of {BUDGET} (issue 31): move what \
         every type repeats into ptx-abi-core (generic functions or `macro_rules!`)"
    );
}

/// A `#[ptx(union)]` enum: a C union of the variants' payloads, one of them a bit-field; with
/// `#[ptx(accessors)]`, `as_word` / `set_word` and so on.
#[test]
fn union_enum() {
    check(
        "union_enum",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(union, accessors)]
        enum Payload {
            Word(u32),
            #[ptx(bits = 4)]
            Nibble(u8),
            #[ptx(decode)]
            Bytes([u8; 4]),
        }
        "#,
    );
}

/// A tuple struct with `#[ptx(accessors)]`: members named `0`, `1`, accessors `get_0`, `set_0`.
#[test]
fn tuple_struct() {
    check(
        "tuple_struct",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(accessors)]
        struct Pair(u16, f64);
        "#,
    );
}

/// A kernel argument struct with a raised parameter limit.
#[test]
fn kernel_args() {
    check(
        "kernel_args",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = "scale", param_limit = 32764)]
        struct ScaleArgs {
            data: DevicePtr<f32>,
            n: u32,
            factor: f64,
        }
        "#,
    );
}

/// A C++ kernel template's instantiation (issue 29): core reads `kernel`, `template` and each
/// `cxx` and mangles the name in `const`; one check per attribute, spanned on its string.
#[test]
fn kernel_template() {
    check(
        "kernel_template",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = "mul_mat_q<float, 32, true>", abi = "c++",
              template = "typename T, int BLOCK, bool CHECK")]
        struct MulMatQ {
            #[ptx(cxx = "const T*")] x: DeviceConstPtr<f32>,
            #[ptx(cxx = "T*")] dst: DevicePtr<f32>,
            n: i32,
        }
        "#,
    );
}

/// The arguments of a kernel with no parameters (`extern "C" __global__ void init()`): core's
/// `try_place_params_given` lays out the empty list (0 bytes), the encoder has nothing to put, and there
/// are no parameter pointers.
#[test]
fn kernel_without_parameters() {
    check(
        "kernel_without_parameters",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = "init")]
        struct InitArgs;
        "#,
    );
}

/// The arguments of a kernel compiled by rustc (`abi = "rust"`): besides the checks of every
/// kernel, one call per field to core's `rust_kernel_param_error` (rustc's 16-byte limit on a
/// parameter's alignment), spanned on the field.
#[test]
fn rust_kernel_args() {
    check(
        "rust_kernel_args",
        r#"
        #[derive(PtxAbi, Clone, Copy)]
        #[ptx(kernel = "shade", abi = "rust")]
        struct ShadeArgs {
            out: DevicePtr<f32>,
            color: Float4,
        }
        "#,
    );
}
