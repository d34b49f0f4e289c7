//! Every misuse of the derive that the syntax alone shows (an attribute in the wrong place, a
//! Rust type with no PTX counterpart, a missing `repr`), each reported with a span on the
//! offending token and a message that says what to write instead. No ABI rule is decided here:
//! alignments, bit-field widths and types, vector shapes and parameter limits are checked by
//! ptx-abi-core's `const fn`s, which the expansion calls spanned on the user's token.

use crate::ast::{Body, Field, Input, Variant};
use crate::attr::{Repr, WithSpan};
use crate::ctxt::Ctxt;
use crate::types;

/// Checks the whole input, recording every problem.
pub fn check(cx: &mut Ctxt, input: &Input) {
    check_align(cx, input);
    check_pack(cx, input);
    check_repr(cx, input);
    check_generic_bounds(cx, input);
    check_variant_attrs(cx, input);
    check_accessors(cx, input);
    match &input.body {
        Body::Struct(fields) => {
            // A kernel's argument struct describes a parameter list, which may be empty
            // (core's `try_place_params_given` lays it out); any other struct is data.
            if fields.is_empty()
                && input.attrs.kernel.is_none()
                && input.attrs.empty_class.is_none()
            {
                cx.error(
                    input.ident,
                    format_args!(
                        "`{}` has no fields: C gives an empty struct size 0 and C++ size 1, so \
                         it has no portable PTX layout; for CUDA C++'s `struct {} {{}};` (1 byte) \
                         write `#[ptx(empty_class)]`, otherwise add a field (the arguments of a \
                         kernel with no parameters are `#[ptx(kernel = \"name\")] struct {} {{}}`)",
                        input.ident, input.ident, input.ident
                    ),
                );
            }
            let in_kernel = input.attrs.kernel.is_some();
            fields.iter().for_each(|f| check_field(cx, f, in_kernel));
        }
        Body::RustUnion(fields) => check_rust_union(cx, input, fields),
        Body::UnionEnum(variants) => check_union_enum(cx, input, variants),
        Body::Enum(variants) => check_enum(cx, input, variants),
    }
    if input.attrs.union.is_some() && !matches!(input.original.data, syn::Data::Enum(_)) {
        let span = input
            .attrs
            .union
            .unwrap_or_else(proc_macro2::Span::call_site);
        cx.error_at(
            span,
            "`#[ptx(union)]` goes on an enum whose variants each hold one value; a Rust \
             `union` needs no attribute",
        );
    }
    check_zero_copy(cx, input);
    check_empty_class(cx, input);
    check_kernel(cx, input);
    check_cxx_template(cx, input);
}

/// `template` and `cxx` describe a C++ kernel (chapter 7): they need `kernel` and
/// `abi = "c++"`. What they say is read by core (`abi::itanium`), spanned on the strings.
fn check_cxx_template(cx: &mut Ctxt, input: &Input) {
    let cxx_kernel = input.attrs.kernel.is_some()
        && input
            .attrs
            .abi
            .as_ref()
            .is_some_and(|a| matches!(a.value().as_str(), "c++" | "C++"));
    if let Some(template) = &input.attrs.template {
        if !cxx_kernel {
            cx.error(
                template,
                "`template` lists a C++ function template's parameters, for a C++ kernel: write \
                 `#[ptx(kernel = \"k<float, 32>\", abi = \"c++\", template = \"typename T, int N\")]`",
            );
        }
    }
    if cxx_kernel {
        return;
    }
    let fields = match &input.body {
        Body::Struct(fields) | Body::RustUnion(fields) => fields,
        _ => return,
    };
    for cxx in fields.iter().filter_map(|f| f.attrs.cxx.as_ref()) {
        cx.error(
            cxx,
            "`cxx` declares a C++ kernel parameter's type: the struct needs \
             `#[ptx(kernel = \"…\", abi = \"c++\")]`",
        );
    }
}

/// `#[ptx(empty_class)]` describes C++'s `struct E {};` (chapter 7): a struct with no fields
/// that is data, not a kernel's parameter list, and not zero-copy (Rust gives it 0 bytes, C++
/// 1). Its layout is core's `empty_class_layout`.
fn check_empty_class(cx: &mut Ctxt, input: &Input) {
    let Some(span) = input.attrs.empty_class else {
        return;
    };
    let fields = match &input.body {
        Body::Struct(fields) => fields,
        _ => {
            cx.error_at(
                span,
                "`empty_class` goes on a struct with no fields (C++'s `struct E {};`); remove it",
            );
            return;
        }
    };
    if !fields.is_empty() {
        cx.error_at(
            span,
            format_args!(
                "`empty_class` describes C++'s `struct E {{}};`, a class with no data member, but \
                 `{}` has fields; remove `empty_class`",
                input.ident
            ),
        );
    }
    if input.attrs.kernel.is_some() {
        cx.error_at(
            span,
            "a kernel's argument struct with no fields is an empty parameter list, not a C++ \
             empty class; remove `empty_class` (to pass an empty class, make it a field)",
        );
    }
    if let Some(WithSpan { span, .. }) = input.attrs.pack {
        cx.error_at(
            span,
            "`pack` has no effect on an empty class, which has no members; remove `pack`",
        );
    }
    if let Some(zero_copy) = input.attrs.zero_copy {
        cx.error_at(
            zero_copy,
            "an empty class is 1 byte in C++ and 0 in Rust, so its Rust value is not its PTX \
             image; remove `zero_copy`",
        );
    }
}

fn check_kernel(cx: &mut Ctxt, input: &Input) {
    if let Some(abi) = &input.attrs.abi {
        if input.attrs.kernel.is_none() {
            cx.error(
                abi,
                "`abi` belongs with `kernel`: write `#[ptx(kernel = \"ns::scale\", abi = \"c++\")]`",
            );
        } else if !matches!(abi.value().as_str(), "c++" | "C++" | "C" | "rust" | "Rust") {
            cx.error(
                abi,
                format_args!(
                    "unknown `abi = \"{}\"`: write `abi = \"c++\"` for a C++ kernel (an Itanium-mangled name), `abi = \"rust\"` for a kernel compiled by rustc (`extern \"ptx-kernel\"`, `#[no_mangle]`), or leave it out for `extern \"C\"`",
                    abi.value()
                ),
            );
        }
    }
    let Some(kernel) = &input.attrs.kernel else {
        if let Some(limit) = &input.attrs.param_limit {
            cx.error_at(
                limit.span,
                "`param_limit` belongs with `kernel`: write `#[ptx(kernel = \"name\", param_limit = N)]`",
            );
        }
        return;
    };
    // Which fields can be parameters (no bit-field, nothing zero-sized) is core's
    // `kernel_param_error`, which the expansion calls per field.
    if !matches!(input.body, Body::Struct(_)) {
        cx.error(
            kernel,
            "`kernel` goes on a struct whose fields are the kernel's parameters, in order; \
             write `#[ptx(kernel = \"name\")] struct NameArgs { a: DevicePtr<f32>, n: u32 }`",
        );
    }
    if input.is_generic() {
        cx.error(
            &input.original.generics,
            "a `kernel` argument struct cannot be generic: a kernel's parameter types are fixed; \
             write one struct per instantiation",
        );
    }
    // The name itself is checked by core: a PTX identifier for `extern "C"`
    // (`kernel_name_error`), an identifier or `ns::name` path for C++ (the mangler).
}

/// `#[ptx(pack = N)]` is C's `#pragma pack(N)` around a struct or union definition.
fn check_pack(cx: &mut Ctxt, input: &Input) {
    let Some(WithSpan { span, .. }) = input.attrs.pack else {
        return;
    };
    if matches!(input.body, Body::Enum(_)) && input.attrs.union.is_none() {
        cx.error_at(
            span,
            "`pack` applies to structs and unions (`#pragma pack` changes member alignment); \
             a field-less enum is encoded as its integer repr: remove `pack`",
        );
    }
    if input.attrs.kernel.is_some() {
        cx.error_at(
            span,
            "`pack` cannot go on a kernel's argument struct: each kernel parameter is its own \
             `.param` (§2.3), aligned by its type; pack the struct passed as a parameter instead",
        );
    }
}

fn check_align(cx: &mut Ctxt, input: &Input) {
    if let Some(WithSpan { span, .. }) = input.attrs.align {
        if matches!(input.body, Body::Enum(_)) {
            cx.error_at(
                span,
                "`align` is not supported on a field-less enum: it is encoded as its integer \
                 repr; wrap it in a struct with `#[ptx(align = N)]`",
            );
        }
    }
}

/// `#[ptx(accessors)]` asks for methods on the image type: there must be one, with members.
fn check_accessors(cx: &mut Ctxt, input: &Input) {
    let Some(span) = input.attrs.accessors else {
        return;
    };
    if input.is_generic() {
        cx.error_at(
            span,
            "`accessors` are methods of the image type, and a generic type has none (its image \
             size depends on the type arguments); remove `accessors`, or derive on a non-generic \
             wrapper",
        );
    } else if matches!(input.body, Body::Enum(_)) {
        cx.error_at(
            span,
            "a field-less enum has no members to access: its image is the discriminant; remove \
             `accessors` and use `PtxImage::get` / `PtxImage::set`",
        );
    }
    // A getter is named after its field: one named like a method every image has would hide
    // that method (`img.get()` would read the member, not the value).
    if let Body::Struct(fields) | Body::RustUnion(fields) = &input.body {
        for f in fields {
            let syn::Member::Named(id) = &f.member else {
                continue;
            };
            let name = syn::ext::IdentExt::unraw(id).to_string();
            if let Some(owner) = image_method(&name) {
                cx.error(
                    id,
                    format_args!(
                        "field `{name}`: its accessor `{name}()` would hide `{owner}::{name}`, \
                         which every image has; rename the Rust field and keep its C name with \
                         `#[ptx(c_name = \"{name}\")]`, or remove `accessors`"
                    ),
                );
            }
        }
    }
}

/// The trait that gives every image type a method called `name`, if one does.
fn image_method(name: &str) -> Option<&'static str> {
    Some(match name {
        "zeroed" | "as_bytes" | "as_bytes_mut" | "new" | "from_bytes" | "get" | "set"
        | "update" => "PtxImage",
        "encode" | "decode" | "encode_slice" | "to_ptx_bytes" | "from_ptx_bytes" => "PtxAbi",
        "clone" => "Clone",
        "eq" | "ne" => "PartialEq",
        "hash" => "Hash",
        "fmt" => "Debug",
        _ => return None,
    })
}

/// A type parameter with no bound at all that is a member's type: it cannot be `PtxAbi`.
/// (A parameter with any bound is left to the compiler: the bound may imply `PtxAbi`.)
fn check_generic_bounds(cx: &mut Ctxt, input: &Input) {
    if matches!(input.body, Body::RustUnion(_)) {
        return;
    }
    let generics = &input.original.generics;
    let members: Vec<(String, &syn::Type)> = match &input.body {
        Body::Struct(fields) => fields
            .iter()
            .map(|f| (format!("field `{}`", f.name), f.ty))
            .collect(),
        Body::UnionEnum(variants) => variants
            .iter()
            .filter_map(|v| Some((format!("variant `{}`", v.ident), v.payload?)))
            .collect(),
        Body::RustUnion(_) | Body::Enum(_) => Vec::new(),
    };
    for param in generics.type_params() {
        let ident = &param.ident;
        if !param.bounds.is_empty() || bounded_in_where(generics, ident) {
            continue;
        }
        if let Some((member, ty)) = members.iter().find(|(_, ty)| is_param(ty, ident)) {
            cx.error(
                ident,
                format_args!(
                    "type parameter `{ident}` needs a `PtxAbi` bound, because {member} has type \
                     `{}`: write `<{ident}: PtxAbi>`",
                    types::spell(ty)
                ),
            );
        }
    }
}

fn bounded_in_where(generics: &syn::Generics, ident: &syn::Ident) -> bool {
    generics.where_clause.iter().any(|w| {
        w.predicates.iter().any(|p| match p {
            syn::WherePredicate::Type(t) => is_param(&t.bounded_ty, ident),
            _ => false,
        })
    })
}

/// Whether `ty` is the parameter `ident` itself, or an array of it.
fn is_param(ty: &syn::Type, ident: &syn::Ident) -> bool {
    match ty {
        syn::Type::Path(p) => p.qself.is_none() && p.path.is_ident(ident),
        syn::Type::Array(a) => is_param(&a.elem, ident),
        syn::Type::Group(g) => is_param(&g.elem, ident),
        syn::Type::Paren(p) => is_param(&p.elem, ident),
        _ => false,
    }
}

/// `#[ptx(...)]` where it would otherwise be ignored: on a variant of a field-less enum, or
/// on a field inside a variant.
fn check_variant_attrs(cx: &mut Ctxt, input: &Input) {
    let syn::Data::Enum(data) = &input.original.data else {
        return;
    };
    let is_ptx = |a: &&syn::Attribute| a.path().is_ident("ptx");
    for v in &data.variants {
        if !matches!(input.body, Body::UnionEnum(_)) {
            for attr in v.attrs.iter().filter(is_ptx) {
                cx.error(
                    attr,
                    format_args!(
                        "`#[ptx(...)]` on variant `{}` has no effect: only the variants of a \
                         `#[ptx(union)]` enum take `bits` or `decode`; remove it",
                        v.ident
                    ),
                );
            }
        }
        for field in &v.fields {
            for attr in field.attrs.iter().filter(is_ptx) {
                cx.error(
                    attr,
                    format_args!(
                        "`#[ptx(...)]` goes on the variant, not on its field: move it above \
                         `{}`",
                        v.ident
                    ),
                );
            }
        }
    }
}

fn check_repr(cx: &mut Ctxt, input: &Input) {
    let Repr { packed, align, .. } = &input.repr;
    if let Some(span) = packed {
        cx.error_at(
            *span,
            "`#[repr(packed)]` packs only the Rust layout; the image is laid out by ptx-abi: \
             remove it, and write `#[ptx(pack = N)]` for a C struct under `#pragma pack(N)`",
        );
    }
    if let Some(WithSpan { value, span }) = align {
        match &input.attrs.align {
            Some(a) if a.value == *value => {}
            Some(a) => cx.error_at(
                *span,
                format_args!(
                    "`#[repr(align({value}))]` contradicts `#[ptx(align = {})]`; use the same \
                     value in both, or only `#[ptx(align = {})]`",
                    a.value, a.value
                ),
            ),
            None => cx.error_at(
                *span,
                format_args!(
                    "`#[repr(align({value}))]` changes only the Rust layout; write \
                     `#[ptx(align = {value})]` to align the PTX layout too"
                ),
            ),
        }
    }
}

fn check_field(cx: &mut Ctxt, field: &Field, in_kernel: bool) {
    if let Some((ty, message)) = types::unsupported(field.ty, in_kernel) {
        cx.error(ty, format_args!("field `{}`: {message}", field.name));
    }
    if let Some(align) = &field.attrs.align {
        if in_kernel {
            cx.error_at(
                align.span,
                "`align` cannot go on a kernel parameter: each is its own `.param` (§2.3), \
                 aligned by its type; give the parameter a type with `#[ptx(align = N)]`",
            );
        } else if field.attrs.bits.is_some() || types::is_pad(field.ty) {
            cx.error_at(
                align.span,
                format_args!(
                    "`align` on bit-field `{}`: C++ does not align bit-fields (`alignas` is \
                     ill-formed there); remove it, or align a member declared before it",
                    field.name
                ),
            );
        }
    }
}

fn check_rust_union(cx: &mut Ctxt, input: &Input, fields: &[Field]) {
    if input.repr.c.is_none() {
        cx.error(
            input.ident,
            "a union deriving `PtxAbi` needs `#[repr(C)]`, so that every member starts at \
             offset 0 as in C",
        );
    }
    if input.is_generic() {
        cx.error(
            &input.original.generics,
            "generic unions are not supported; use a `#[ptx(union)]` enum",
        );
    }
    for field in fields {
        if let Some(align) = &field.attrs.align {
            cx.error_at(
                align.span,
                "`align` on a Rust union's member: every member starts at offset 0; align the \
                 union itself with `#[ptx(align = N)]` and `#[repr(C, align(N))]`",
            );
        }
        if let Some(bits) = &field.attrs.bits {
            cx.error_at(
                bits.span,
                format_args!(
                    "bit-fields in a Rust `union` cannot be read safely; write the union as a \
                     `#[ptx(union)]` enum with `#[ptx(bits = {})]` on the variant",
                    bits.value
                ),
            );
        } else {
            check_field(cx, field, false);
        }
    }
}

fn check_union_enum(cx: &mut Ctxt, input: &Input, variants: &[Variant]) {
    if variants.is_empty() {
        cx.error(
            input.ident,
            "a `#[ptx(union)]` enum needs at least one variant",
        );
    }
    let mut decode = None;
    for v in variants {
        match v.payload {
            Some(ty) => {
                if let Some((ty, message)) = types::unsupported(ty, false) {
                    cx.error(ty, format_args!("variant `{}`: {message}", v.ident));
                }
            }
            None => cx.error(
                &v.original.fields,
                format_args!(
                    "variant `{}` of a `#[ptx(union)]` enum must hold exactly one value: write \
                     `{}(T)`; to group several values, make a struct that derives `PtxAbi`",
                    v.ident, v.ident
                ),
            ),
        }
        if v.payload.is_none() && v.original.fields.is_empty() {
            continue;
        }
        if let Some(span) = v.attrs.decode {
            if decode.replace(span).is_some() {
                cx.error_at(
                    span,
                    "only one variant can be marked `#[ptx(decode)]` (decoding reads that \
                     member); remove it from the others",
                );
            }
        }
    }
}

fn check_enum(cx: &mut Ctxt, input: &Input, variants: &[&syn::Variant]) {
    if variants.is_empty() {
        cx.error(
            input.ident,
            "an enum with no variants has no values to encode; add a variant",
        );
        return;
    }
    if let Some(v) = variants.iter().find(|v| !v.fields.is_empty()) {
        cx.error(
            v,
            format_args!(
                "variant `{}` carries data: add `#[ptx(union)]` to the enum to lay its \
                 variants out as a C union, or make every variant field-less",
                v.ident
            ),
        );
        return;
    }
    let Some(int) = &input.repr.int else {
        cx.error(
            input.ident,
            "a field-less enum is encoded as an integer: add `#[repr(u8)]` (or `i8`, `u16`, \
             `i16`, `u32`, `i32`, `u64`, `i64`) to choose which",
        );
        return;
    };
    // A discriminant that does not fit the repr is rustc's own error, at the value.
    if !matches!(
        int.to_string().as_str(),
        "u8" | "i8" | "u16" | "i16" | "u32" | "i32" | "u64" | "i64"
    ) {
        cx.error(
            int,
            format_args!(
                "`#[repr({int})]` has no PTX integer of the same width; use one of `u8`, \
                 `i8`, `u16`, `i16`, `u32`, `i32`, `u64`, `i64`"
            ),
        );
    }
}

fn check_zero_copy(cx: &mut Ctxt, input: &Input) {
    let Some(span) = input.attrs.zero_copy else {
        return;
    };
    let fields = match &input.body {
        Body::Struct(fields) => fields,
        Body::RustUnion(_) => {
            cx.error_at(
                span,
                "a Rust `union` deriving `PtxAbi` is always zero-copy; remove `zero_copy`",
            );
            return;
        }
        Body::UnionEnum(_) | Body::Enum(_) => {
            cx.error_at(
                span,
                "`zero_copy` applies to structs: an enum's Rust layout is not its PTX image",
            );
            return;
        }
    };
    if input.repr.c.is_none() && input.repr.transparent.is_none() {
        cx.error_at(
            span,
            "`zero_copy` needs `#[repr(C)]` on the struct, because Rust may reorder the \
             fields of other structs; add `#[repr(C)]`",
        );
    }
    if input.is_generic() {
        cx.error(
            &input.original.generics,
            "`zero_copy` is checked with `offset_of!` on concrete types; it is not supported on \
             generic types",
        );
    }
    for field in fields {
        if let Some(bits) = &field.attrs.bits {
            cx.error_at(
                bits.span,
                format_args!(
                    "`zero_copy` with bit-field `{}`: bit-fields are packed by encoding, so the \
                     Rust value's bytes are not its image; remove `zero_copy` or `bits`",
                    field.name
                ),
            );
        }
        if types::is_pad(field.ty) {
            cx.error(
                field.ty,
                format_args!(
                    "`zero_copy` with unnamed bit-field `{}`: its bits live only in the \
                     encoded image; remove `zero_copy` or the `Pad` field",
                    field.name
                ),
            );
        }
    }
}
