//! Rust field names that are C or C++ keywords: the generated header renames them (a trailing
//! `_`), and NVRTC 12.9 compiles it (C++20, as `cuda_header` assumes); `#[ptx(c_name = …)]`
//! refuses the same words (tests/ui/names/c_name_keyword.rs).

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
