//! Rust field names that are C or C++ keywords: the generated header renames them (a trailing
//! `_`), and NVRTC 12.9 compiles it (C++20, as `cuda_header` assumes); `#[ptx(c_name = …)]`
//! refuses the same words (ptx-abi-derive/tests/ui/names/c_name_keyword.rs).

use crate::common;

use ptx_abi::{cuda_header, PtxAbi};

/// Every field is a C11, C++20 or CUDA keyword that is not a Rust keyword.
#[derive(PtxAbi, Clone, Copy)]
struct Keywords {
    alignas: u8,
    alignof: u8,
    and: u8,
    and_eq: u8,
    asm: u8,
    auto: u8,
    bitand: u8,
    bitor: u8,
    bool: u8,
    char: u8,
    char8_t: u8,
    char16_t: u8,
    char32_t: u8,
    class: u8,
    compl: u8,
    concept: u8,
    constexpr: u8,
    consteval: u8,
    constinit: u8,
    const_cast: u8,
    co_await: u8,
    co_return: u8,
    co_yield: u8,
    decltype: u8,
    default: u8,
    delete: u8,
    double: u8,
    dynamic_cast: u8,
    explicit: u8,
    export: u8,
    float: u8,
    friend: u8,
    goto: u8,
    inline: u8,
    int: u8,
    long: u8,
    mutable: u8,
    namespace: u8,
    new: u8,
    noexcept: u8,
    not: u8,
    not_eq: u8,
    nullptr: u8,
    operator: u8,
    or: u8,
    or_eq: u8,
    private: u8,
    protected: u8,
    public: u8,
    register: u8,
    reinterpret_cast: u8,
    requires: u8,
    short: u8,
    signed: u8,
    sizeof: u8,
    static_assert: u8,
    static_cast: u8,
    switch: u8,
    template: u8,
    this: u8,
    thread_local: u8,
    throw: u8,
    typedef: u8,
    typeid: u8,
    typename: u8,
    unsigned: u8,
    using: u8,
    void: u8,
    volatile: u8,
    wchar_t: u8,
    xor: u8,
    xor_eq: u8,
}

#[test]
fn nvrtc_compiles_a_header_whose_members_are_keywords() {
    let h = cuda_header(&[Keywords::TYPE]).unwrap();
    assert!(h.contains("unsigned char typename_;"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!("{h}\nextern \"C\" __global__ void use(Keywords k) {{}}\n"),
    );
}

/// Issue 32: Rust names that CUDA's headers already declare (`NULL`, `offsetof` are macros;
/// `size_t`, `float4` types) and a name outside ASCII, which NVRTC refuses as UTF-8. The header
/// renames the first (`NULL_`) and writes the last as a universal character name
/// (`caf\u00e9`), and the check of a C struct spelled so compiles.
#[allow(non_snake_case, non_camel_case_types)]
#[derive(PtxAbi, Clone, Copy)]
struct Odd {
    NULL: u8,
    offsetof: u8,
    size_t: i32,
    float4: f32,
    café: i32,
}

const ODD_CUH: &str = "struct Odd { unsigned char NULL_; unsigned char offsetof_; int size_t_; \
                       float float4_; int caf\\u00e9; };\n";

#[test]
fn names_cuda_declares_and_names_outside_ascii_are_spelled_so_nvrtc_compiles_them() {
    let h = cuda_header(&[Odd::TYPE]).unwrap();
    for member in [
        "NULL_;",
        "offsetof_;",
        "size_t_;",
        "float4_;",
        "caf\\u00e9;",
    ] {
        assert!(h.contains(member), "{member} missing:\n{h}");
    }
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!("{h}\nextern \"C\" __global__ void use(Odd o) {{}}\n"),
    );
    let check = ptx_abi::CTypeCheck::new(Odd::TYPE, "Odd", &[]).unwrap();
    let ptx = common::compile(&nvrtc, &format!("{ODD_CUH}\n{}", check.source()));
    check.compare(&ptx).unwrap();
}

/// Issue 32: `cuda_header` wrote `Min = -9223372036854775808`, which NVRTC 12.9 refuses
/// ("enumeration value is outside the range of its underlying type").
#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(i64)]
enum Wide {
    Min = i64::MIN,
    Zero = 0,
    Max = i64::MAX,
}

#[derive(PtxAbi, Clone, Copy, Debug, PartialEq)]
#[repr(u64)]
enum UWide {
    Zero = 0,
    Max = u64::MAX,
}

#[derive(PtxAbi, Clone, Copy)]
struct Extremes {
    w: Wide,
    u: UWide,
}

#[test]
fn enum_values_at_the_ends_of_their_type_are_written_as_literals_nvrtc_accepts() {
    let h = cuda_header(&[Extremes::TYPE]).unwrap();
    assert!(h.contains("Min = (-9223372036854775807LL - 1),"), "{h}");
    assert!(h.contains("Max = 18446744073709551615ULL,"), "{h}");
    let Some(nvrtc) = common::nvrtc() else { return };
    common::compile(
        &nvrtc,
        &format!(
            "{h}\nstatic_assert((long long)Wide::Min == -9223372036854775807LL - 1, \"\");\n\
             static_assert((unsigned long long)UWide::Max == ~0ULL, \"\");\n"
        ),
    );
}
