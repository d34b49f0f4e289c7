//! `#[ptx(...)]` and `#[repr(...)]` attributes as typed options, each with its span.

use crate::ctxt::Ctxt;
use crate::names::{
    self, ABI, ACCESSORS, ALIGN, BITS, CRATE, CXX, C_NAME, DECODE, EMPTY_CLASS, IMAGE, KERNEL,
    PACK, PARAM_LIMIT, TEMPLATE, UNION, ZERO_COPY,
};
use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{Attribute, Expr, Ident, Lit, LitInt};

/// A value together with the tokens that wrote it.
#[derive(Clone)]
pub struct WithSpan<T> {
    pub value: T,
    pub span: Span,
}

/// Type-level `#[ptx(...)]` options.
#[derive(Default)]
pub struct TypeAttrs {
    // #[ptx(align = 16)]
    pub align: Option<WithSpan<u64>>,
    // #[ptx(pack = 1)]
    pub pack: Option<WithSpan<u64>>,
    // #[ptx(union)]
    pub union: Option<Span>,
    // #[ptx(zero_copy)]
    pub zero_copy: Option<Span>,
    // #[ptx(crate = ::my::path)]
    pub krate: Option<syn::Path>,
    // #[ptx(image = ParticleImage)]
    pub image: Option<Ident>,
    // #[ptx(accessors)]
    pub accessors: Option<Span>,
    // #[ptx(kernel = "step")]
    pub kernel: Option<syn::LitStr>,
    // #[ptx(abi = "c++")], #[ptx(abi = "rust")]
    pub abi: Option<syn::LitStr>,
    // #[ptx(param_limit = 32764)]
    pub param_limit: Option<WithSpan<u64>>,
    // #[ptx(template = "typename T, int N")]
    pub template: Option<syn::LitStr>,
    // #[ptx(c_name = "particle_t")]
    pub c_name: Option<syn::LitStr>,
    // #[ptx(empty_class)]
    pub empty_class: Option<Span>,
}

/// Field- and variant-level `#[ptx(...)]` options.
#[derive(Default)]
pub struct MemberAttrs {
    // #[ptx(bits = 3)]
    pub bits: Option<WithSpan<u32>>,
    // #[ptx(align = 128)] on a field: C++'s `alignas(128)` on the member
    pub align: Option<WithSpan<u64>>,
    // #[ptx(decode)]
    pub decode: Option<Span>,
    // #[ptx(c_name = "type")]
    pub c_name: Option<syn::LitStr>,
    // #[ptx(cxx = "const T*")]
    pub cxx: Option<syn::LitStr>,
}

/// What `#[repr(...)]` says.
#[derive(Default)]
pub struct Repr {
    pub c: Option<Span>,
    pub transparent: Option<Span>,
    pub packed: Option<Span>,
    pub align: Option<WithSpan<u64>>,
    /// An integer repr (`u8`, `i64`, …), for enums.
    pub int: Option<Ident>,
}

/// Where an attribute appears, which decides the keys it may hold.
#[derive(Clone, Copy, PartialEq)]
pub enum Site {
    Type,
    Field,
    Variant,
}

impl Site {
    fn keys(self) -> &'static [&'static str] {
        match self {
            Site::Type => names::TYPE_KEYS,
            Site::Field => names::FIELD_KEYS,
            Site::Variant => names::VARIANT_KEYS,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Site::Type => "a type",
            Site::Field => "a field",
            Site::Variant => "a variant",
        }
    }
}

/// Reads a literal integer value of `key = N`.
fn int_value<T: std::str::FromStr<Err: std::fmt::Display>>(
    cx: &mut Ctxt,
    key: &str,
    example: &str,
    meta: &syn::meta::ParseNestedMeta,
) -> syn::Result<Option<WithSpan<T>>> {
    if !has_value(cx, key, example, meta) {
        return Ok(None);
    }
    let expr: Expr = meta.value()?.parse()?;
    // A literal passed through `macro_rules!` arrives in an invisible group.
    let mut inner = &expr;
    while let Expr::Group(g) = inner {
        inner = &g.expr;
    }
    let lit = match inner {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Int(lit), ..
        }) => lit.clone(),
        Expr::Unary(syn::ExprUnary {
            op: syn::UnOp::Neg(_),
            ..
        }) => {
            cx.error(
                &expr,
                format_args!(
                    "`{key}` cannot be negative; write a positive integer, e.g. \
                     `#[ptx({key} = {example})]`"
                ),
            );
            return Ok(None);
        }
        _ => {
            cx.error(
                &expr,
                format_args!(
                    "`{key}` takes an integer literal, e.g. `#[ptx({key} = {example})]`; \
                     constants and expressions are not accepted"
                ),
            );
            return Ok(None);
        }
    };
    parse_lit(cx, key, &lit)
}

fn parse_lit<T: std::str::FromStr<Err: std::fmt::Display>>(
    cx: &mut Ctxt,
    key: &str,
    lit: &LitInt,
) -> syn::Result<Option<WithSpan<T>>> {
    match lit.base10_parse::<T>() {
        Ok(value) => Ok(Some(WithSpan {
            value,
            span: lit.span(),
        })),
        Err(_) => {
            cx.error(lit, format_args!("`{key}` value `{lit}` is out of range"));
            Ok(None)
        }
    }
}

fn set_once<T>(cx: &mut Ctxt, slot: &mut Option<T>, value: T, key: &str, span: Span) {
    if slot.is_some() {
        cx.error_at(
            span,
            format_args!("duplicate ptx attribute `{key}`; give it only once"),
        );
    } else {
        *slot = Some(value);
    }
}

/// Whether `key = …` follows; if not, reports that `key` needs a value (`#[ptx(align)]`).
fn has_value(cx: &mut Ctxt, key: &str, example: &str, meta: &syn::meta::ParseNestedMeta) -> bool {
    if meta.input.peek(syn::Token![=]) {
        return true;
    }
    cx.error(
        &meta.path,
        format_args!("`{key}` needs a value: write `#[ptx({key} = {example})]`"),
    );
    // Skip a parenthesized value (`align(16)`) so parsing goes on to the next key.
    if meta.input.peek(syn::token::Paren) {
        let _ = meta.input.parse::<proc_macro2::Group>();
    }
    false
}

/// A key that takes no value (`#[ptx(union)]`): reports and skips `= …` or `(…)` after it.
fn flag(cx: &mut Ctxt, key: &str, meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) || meta.input.peek(syn::token::Paren) {
        cx.error(
            &meta.path,
            format_args!("`{key}` takes no value: write `#[ptx({key})]`"),
        );
        skip_value(meta)?;
    }
    Ok(())
}

/// The type name of `#[ptx(image = Name)]`, with a clear error for anything else.
fn ident_value(
    cx: &mut Ctxt,
    key: &str,
    example: &str,
    meta: &syn::meta::ParseNestedMeta,
) -> syn::Result<Option<Ident>> {
    if !has_value(cx, key, example, meta) {
        return Ok(None);
    }
    let expr: Expr = meta.value()?.parse()?;
    let mut inner = &expr;
    while let Expr::Group(g) = inner {
        inner = &g.expr;
    }
    match inner {
        Expr::Path(p) if p.qself.is_none() && p.path.get_ident().is_some() => {
            Ok(p.path.get_ident().cloned())
        }
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(s), ..
        }) if syn::parse_str::<Ident>(&s.value()).is_ok() => {
            cx.error(
                &expr,
                format_args!(
                    "`{key}` takes a type name, not a string: write `#[ptx({key} = {})]`",
                    s.value()
                ),
            );
            Ok(None)
        }
        _ => {
            cx.error(
                &expr,
                format_args!("`{key}` takes a type name, e.g. `#[ptx({key} = {example})]`"),
            );
            Ok(None)
        }
    }
}

/// The string of `c_name = "…"`, checked to be a usable C identifier (errors at the string).
fn c_name_value(
    cx: &mut Ctxt,
    meta: &syn::meta::ParseNestedMeta,
) -> syn::Result<Option<syn::LitStr>> {
    if !has_value(cx, C_NAME, "\"particle_t\"", meta) {
        return Ok(None);
    }
    let expr: Expr = meta.value()?.parse()?;
    let mut inner = &expr;
    while let Expr::Group(g) = inner {
        inner = &g.expr;
    }
    let Expr::Lit(syn::ExprLit {
        lit: Lit::Str(lit), ..
    }) = inner
    else {
        cx.error(
            &expr,
            "`c_name` takes a string, e.g. `#[ptx(c_name = \"particle_t\")]`",
        );
        return Ok(None);
    };
    // Whether it is a C identifier and not a keyword is core's decision
    // (`attr_checks::c_name`, emitted by `Gen::c_name_checks`).
    Ok(Some(lit.clone()))
}

/// The string of `key = "…"`, with a clear error for anything else (the text itself is read
/// by core, which reports its mistakes spanned on the string).
fn str_value(
    cx: &mut Ctxt,
    key: &str,
    example: &str,
    meta: &syn::meta::ParseNestedMeta,
) -> syn::Result<Option<syn::LitStr>> {
    if !has_value(cx, key, example, meta) {
        return Ok(None);
    }
    let expr: Expr = meta.value()?.parse()?;
    let mut inner = &expr;
    while let Expr::Group(g) = inner {
        inner = &g.expr;
    }
    match inner {
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(lit), ..
        }) => Ok(Some(lit.clone())),
        _ => {
            cx.error(
                &expr,
                format_args!("`{key}` takes a string, e.g. `#[ptx({key} = {example})]`"),
            );
            Ok(None)
        }
    }
}

/// Skips the value of an unknown key so parsing can go on to the next one.
fn skip_value(meta: &syn::meta::ParseNestedMeta) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let _: Expr = meta.value()?.parse()?;
    } else if meta.input.peek(syn::token::Paren) {
        let _group: proc_macro2::Group = meta.input.parse()?;
    }
    Ok(())
}

fn wrong_site(cx: &mut Ctxt, key: &str, site: Site, span: Span) {
    let hint = match key {
        ALIGN => "it goes on the type, above `struct`, `union` or `enum`, or on a struct's field (`alignas`)",
        PACK | UNION | ZERO_COPY | CRATE | IMAGE | KERNEL | PARAM_LIMIT | TEMPLATE => {
            "it goes on the type, above `struct`, `union` or `enum`"
        }
        CXX => {
            "it goes on a field of a C++ kernel's argument struct: the parameter's declared type"
        }
        BITS => "it goes on a field (or on a variant of a `#[ptx(union)]` enum)",
        DECODE => "it goes on a variant of a `#[ptx(union)]` enum",
        _ => "",
    };
    cx.error_at(
        span,
        format_args!("`{key}` is not allowed on {}: {hint}", site.describe()),
    );
}

/// The `#[ptx(...)]` attributes; a bare `#[ptx]` or `#[ptx = …]` is reported and skipped.
fn ptx_lists<'a>(cx: &mut Ctxt, attrs: &'a [Attribute], example: &str) -> Vec<&'a Attribute> {
    let mut lists = Vec::new();
    for attr in attrs.iter().filter(|a| a.path().is_ident("ptx")) {
        match &attr.meta {
            syn::Meta::List(_) => lists.push(attr),
            _ => cx.error(
                attr,
                format_args!("`#[ptx]` needs its options in parentheses, e.g. `#[ptx({example})]`"),
            ),
        }
    }
    lists
}

/// Parses every `#[ptx(...)]` attribute of a type.
pub fn type_attrs(cx: &mut Ctxt, attrs: &[Attribute]) -> TypeAttrs {
    let mut out = TypeAttrs::default();
    for attr in ptx_lists(cx, attrs, "align = 16") {
        let result = attr.parse_nested_meta(|meta| {
            let key = key_of(&meta);
            let span = meta.path.span();
            match key.as_str() {
                // #[ptx(align = 16)]
                ALIGN => {
                    if let Some(v) = int_value::<u64>(cx, ALIGN, "16", &meta)? {
                        set_once(cx, &mut out.align, v, ALIGN, span);
                    }
                }
                // #[ptx(pack = 1)]
                PACK => {
                    if let Some(v) = int_value::<u64>(cx, PACK, "1", &meta)? {
                        set_once(cx, &mut out.pack, v, PACK, span);
                    }
                }
                // #[ptx(union)]
                UNION => {
                    flag(cx, UNION, &meta)?;
                    set_once(cx, &mut out.union, span, UNION, span);
                }
                // #[ptx(zero_copy)]
                ZERO_COPY => {
                    flag(cx, ZERO_COPY, &meta)?;
                    set_once(cx, &mut out.zero_copy, span, ZERO_COPY, span);
                }
                // #[ptx(crate = ::ptx_abi)]
                CRATE => {
                    if has_value(cx, CRATE, "::ptx_abi", &meta) {
                        let path: syn::Path = meta.value()?.parse()?;
                        set_once(cx, &mut out.krate, path, CRATE, span);
                    }
                }
                // #[ptx(image = ParticleImage)]
                IMAGE => {
                    if let Some(ident) = ident_value(cx, IMAGE, "ParticleImage", &meta)? {
                        set_once(cx, &mut out.image, ident, IMAGE, span);
                    }
                }
                // #[ptx(accessors)]
                ACCESSORS => {
                    flag(cx, ACCESSORS, &meta)?;
                    set_once(cx, &mut out.accessors, span, ACCESSORS, span);
                }
                // #[ptx(kernel = "step")]
                KERNEL => {
                    if has_value(cx, KERNEL, "\"step\"", &meta) {
                        let name: syn::LitStr = meta.value()?.parse()?;
                        set_once(cx, &mut out.kernel, name, KERNEL, span);
                    }
                }
                // #[ptx(abi = "c++")], #[ptx(abi = "rust")]
                ABI => {
                    if has_value(cx, ABI, "\"c++\"", &meta) {
                        let abi: syn::LitStr = meta.value()?.parse()?;
                        set_once(cx, &mut out.abi, abi, ABI, span);
                    }
                }
                // #[ptx(param_limit = 32764)]
                PARAM_LIMIT => {
                    if let Some(v) = int_value::<u64>(cx, PARAM_LIMIT, "32764", &meta)? {
                        set_once(cx, &mut out.param_limit, v, PARAM_LIMIT, span);
                    }
                }
                // #[ptx(template = "typename T, int N")]
                TEMPLATE => {
                    if let Some(list) = str_value(cx, TEMPLATE, "\"typename T, int N\"", &meta)? {
                        set_once(cx, &mut out.template, list, TEMPLATE, span);
                    }
                }
                // #[ptx(c_name = "particle_t")]
                C_NAME => {
                    if let Some(name) = c_name_value(cx, &meta)? {
                        set_once(cx, &mut out.c_name, name, C_NAME, span);
                    }
                }
                // #[ptx(empty_class)]
                EMPTY_CLASS => {
                    flag(cx, EMPTY_CLASS, &meta)?;
                    set_once(cx, &mut out.empty_class, span, EMPTY_CLASS, span);
                }
                CXX => {
                    wrong_site(cx, CXX, Site::Type, span);
                    skip_value(&meta)?;
                }
                _ => {
                    unknown(cx, &key, Site::Type, span);
                    skip_value(&meta)?;
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.push(e);
        }
    }
    out
}

/// Parses every `#[ptx(...)]` attribute of a field or variant.
pub fn member_attrs(cx: &mut Ctxt, attrs: &[Attribute], site: Site) -> MemberAttrs {
    let mut out = MemberAttrs::default();
    for attr in ptx_lists(cx, attrs, "bits = 3") {
        let result = attr.parse_nested_meta(|meta| {
            let key = key_of(&meta);
            let span = meta.path.span();
            match key.as_str() {
                // #[ptx(bits = 3)]
                BITS => {
                    if let Some(v) = int_value::<u32>(cx, BITS, "3", &meta)? {
                        set_once(cx, &mut out.bits, v, BITS, span);
                    }
                }
                // #[ptx(align = 128)] on a field: `alignas(128)`
                ALIGN if site == Site::Field => {
                    if let Some(v) = int_value::<u64>(cx, ALIGN, "16", &meta)? {
                        set_once(cx, &mut out.align, v, ALIGN, span);
                    }
                }
                // #[ptx(decode)]
                DECODE if site == Site::Variant => {
                    flag(cx, DECODE, &meta)?;
                    set_once(cx, &mut out.decode, span, DECODE, span);
                }
                // #[ptx(c_name = "type")]
                C_NAME => {
                    if let Some(name) = c_name_value(cx, &meta)? {
                        set_once(cx, &mut out.c_name, name, C_NAME, span);
                    }
                }
                // #[ptx(cxx = "const T*")]
                CXX if site == Site::Field => {
                    if let Some(ty) = str_value(cx, CXX, "\"const T*\"", &meta)? {
                        set_once(cx, &mut out.cxx, ty, CXX, span);
                    }
                }
                _ if names::TYPE_KEYS.contains(&key.as_str()) || key == DECODE || key == CXX => {
                    wrong_site(cx, &key, site, span);
                    skip_value(&meta)?;
                }
                _ => {
                    unknown(cx, &key, site, span);
                    skip_value(&meta)?;
                }
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.push(e);
        }
    }
    out
}

fn key_of(meta: &syn::meta::ParseNestedMeta) -> String {
    meta.path
        .get_ident()
        .map(|i| i.to_string())
        .unwrap_or_else(|| {
            let path = &meta.path;
            quote::quote!(#path).to_string().replace(' ', "")
        })
}

fn unknown(cx: &mut Ctxt, key: &str, site: Site, span: Span) {
    let valid = site
        .keys()
        .iter()
        .map(|k| format!("`{k}`"))
        .collect::<Vec<_>>()
        .join(", ");
    match names::closest(key, site.keys()) {
        Some(best) if site.keys().contains(&best) => cx.error_at(
            span,
            format_args!(
                "unknown ptx attribute `{key}`; did you mean `{best}`? (valid on {}: {valid})",
                site.describe()
            ),
        ),
        _ => cx.error_at(
            span,
            format_args!(
                "unknown ptx attribute `{key}` (valid on {}: {valid})",
                site.describe()
            ),
        ),
    }
}

/// Parses `#[repr(...)]`.
pub fn repr(cx: &mut Ctxt, attrs: &[Attribute]) -> Repr {
    let mut out = Repr::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("repr")) {
        let result = attr.parse_nested_meta(|meta| {
            let span = meta.path.span();
            let Some(ident) = meta.path.get_ident().cloned() else {
                return Ok(());
            };
            match ident.to_string().as_str() {
                "C" => out.c = Some(span),
                "transparent" => out.transparent = Some(span),
                "packed" => {
                    out.packed = Some(span);
                    skip_value(&meta)?;
                }
                "align" => {
                    let content;
                    syn::parenthesized!(content in meta.input);
                    let lit: LitInt = content.parse()?;
                    if let Some(v) = parse_lit::<u64>(cx, "repr(align)", &lit)? {
                        out.align = Some(v);
                    }
                }
                "u8" | "i8" | "u16" | "i16" | "u32" | "i32" | "u64" | "i64" | "u128" | "i128"
                | "usize" | "isize" => out.int = Some(ident),
                _ => skip_value(&meta)?,
            }
            Ok(())
        });
        if let Err(e) = result {
            cx.push(e);
        }
    }
    out
}
