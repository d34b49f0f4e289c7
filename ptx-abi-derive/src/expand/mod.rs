//! Code generation. The output describes the type (`TypeDesc`), takes every placement from a
//! `const` computed by ptx-abi-core, and calls the core's per-member helpers; it lives in
//! `const _: () = { … };` blocks and uses absolute paths only (`::ptx_abi::__private::v1`).
//!
//! Every value an attribute gives (`align = N`, `bits = N`, a `Pad<T, N>` member,
//! `param_limit = N`) passes through a core `const fn` that checks its ABI rule, in a `const`
//! of its own spanned on the user's token: a broken rule is a compile error there, and each
//! broken attribute is reported, not only the first.

mod aggregate;
mod enums;
mod image;
pub(crate) mod kernel;

use crate::ast::{Body, Input};
use crate::attr::WithSpan;
use crate::ctxt::Ctxt;
use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;
use syn::DeriveInput;

/// Parses, validates and expands; on any error returns all of them.
///
/// Everything but the image type is one block, `const _: () = { use …::v1 as __ptx; … };`:
/// one item for rustc to check instead of one per impl and check, and every path into core
/// short (`__ptx::Member`). The image type is declared beside it, at the type's own level,
/// through core's `__image!` (`codec/image.rs`).
pub fn derive(input: &DeriveInput) -> TokenStream {
    let mut cx = Ctxt::new();
    let model = Input::from_syn(&mut cx, input);
    crate::valid::check(&mut cx, &model);
    let gen = Gen::new(&model);
    if let Err(errors) = cx.finish() {
        return crate::fallback::expand(&gen, errors);
    }
    let body = match &model.body {
        Body::Struct(fields) => aggregate::structure(&gen, fields),
        Body::RustUnion(fields) => aggregate::rust_union(&gen, fields),
        Body::UnionEnum(variants) => aggregate::union_enum(&gen, variants),
        Body::Enum(variants) => enums::field_less(&gen, variants),
    };
    let (image, in_block) = if model.is_generic() {
        (TokenStream::new(), TokenStream::new())
    } else {
        let mut in_block = image::in_block(&gen, &model);
        if let Body::Struct(fields) = &model.body {
            in_block.extend(kernel::kernel(&gen, fields.len()));
        }
        (image::image(&gen, &model), in_block)
    };
    let c_names = gen.c_name_checks();
    gen.block(quote! {
        #body
        #in_block
        #c_names
    })
    .into_iter()
    .chain(image)
    .collect()
}

/// What every part of the expansion needs: names, paths, generics.
pub struct Gen<'a> {
    pub input: &'a Input<'a>,
    /// `__ptx`: the alias of `::ptx_abi::__private::v1` (or of the same under the path given
    /// by `#[ptx(crate = …)]`) that the expansion's block declares ([`Gen::block`]).
    pub p: TokenStream,
    /// The full path the alias stands for, for what is declared outside the block.
    pub root: TokenStream,
    /// The crate: `::ptx_abi`, or the path given by `#[ptx(crate = …)]`.
    pub krate: TokenStream,
    /// The type's name as C knows it (a raw identifier without `r#`).
    pub name: String,
}

impl<'a> Gen<'a> {
    pub fn new(input: &'a Input<'a>) -> Self {
        let krate = match &input.attrs.krate {
            Some(path) => quote!(#path),
            None => quote!(::ptx_abi),
        };
        Gen {
            input,
            p: quote!(__ptx),
            root: quote!(#krate::__private::v1),
            krate,
            // C has no raw identifiers: `struct r#type` is `type` there.
            name: syn::ext::IdentExt::unraw(input.ident).to_string(),
        }
    }

    /// `items` in the expansion's one block, which names core's `__private::v1` as `__ptx`.
    pub fn block(&self, items: TokenStream) -> TokenStream {
        let root = &self.root;
        quote! {
            #[allow(non_upper_case_globals, clippy::all)]
            const _: () = {
                use #root as __ptx;
                #items
            };
        }
    }

    /// The `__private` path with every token at `span`, so that an error raised by a call
    /// through it (a `const` layout assertion) points at `span`, not at the derive.
    pub fn p_at(&self, span: Span) -> TokenStream {
        respan(self.p.clone(), span)
    }

    /// `impl<…> PtxAbi for Type<…> where …` around `items`, followed by `extra`.
    pub fn impl_ptx_abi(&self, items: TokenStream, extra: TokenStream) -> TokenStream {
        let Gen { p, .. } = self;
        let ident = self.input.ident;
        let (impl_g, ty_g, where_c) = self.input.original.generics.split_for_impl();
        quote! {
            #[automatically_derived]
            impl #impl_g #p::PtxAbi for #ident #ty_g #where_c {
                #items
            }
            #extra
        }
    }

    /// The hidden inherent `const`s holding every member's placement at `.address_size 64`,
    /// computed by the core's engine (`try_place_params_given` for a kernel's argument struct,
    /// whose parameter list core allows to be empty; `try_place_members_given` for any other
    /// type): `__PTX_ABI_PLACED`, the engine's result, and `__PTX_ABI_MEMBERS`, what the rest
    /// of the expansion reads. A broken layout rule is one compile error pointing at `span`
    /// (the `align` attribute when there is one), raised by [`Gen::checked`].
    pub fn members_const(&self, count: usize) -> (TokenStream, TokenStream) {
        let Gen { p, .. } = self;
        let count = lit(count as u128);
        let span = self
            .input
            .attrs
            .align
            .as_ref()
            .map(|a| a.span)
            .unwrap_or_else(|| self.input.ident.span());
        let ps = self.p_at(span);
        // Each member's layout comes from its type's own `__LAYOUT`, already computed, so
        // that deep nesting costs no recursion in const evaluation (core's engine decides);
        // a kernel's parameter list may be empty (`try_place_params_given`).
        let place = if self.input.attrs.kernel.is_some() {
            quote_spanned!(span=> try_place_params_given)
        } else {
            quote_spanned!(span=> try_place_members_given)
        };
        let given = self.described().into_iter().map(|m| {
            let ty = m.ty;
            quote_spanned!(ty.span()=> <#ty as #p::PtxAbi>::__LAYOUT)
        });
        let placed = quote_spanned! {span=>
            #ps::#place(<Self as #ps::PtxAbi>::TYPE, #ps::A64, &[#(#given),*])
        };
        let this = self.this();
        let (members, check) = self.checked(
            span,
            quote_spanned!(span=> #ps::layout_error(&#this::__PTX_ABI_PLACED)),
            quote_spanned!(span=> #ps::placed_or_stand_in(&Self::__PTX_ABI_PLACED)),
        );
        let c_name = self.generic_c_name();
        let consts = quote! {
            const __PTX_ABI_PLACED: #p::Placed<#count> = #placed;
            const __PTX_ABI_MEMBERS: #p::MemberLayout<#count> = #members;
            const __PTX_ABI_PLACEMENTS: &'static [#p::Placement; #count] = &Self::__PTX_ABI_MEMBERS.members;
            #c_name
        };
        (consts, check)
    }

    /// `Self` where a check may name the type: the type's name for a non-generic type (whose
    /// checks are items of their own, outside its `impl`), else `Self`.
    pub(crate) fn this(&self) -> TokenStream {
        if self.input.is_generic() {
            quote!(Self)
        } else if self.input.has_lifetimes() {
            let st = self.static_ty();
            quote!(<#st>)
        } else {
            let ident = self.input.ident;
            quote!(#ident)
        }
    }

    /// A non-generic type as items outside its `impl` name it: `Name`, or, for a type with
    /// lifetime parameters (an argument struct borrowing device buffers), `Name<'static, …>`,
    /// whose layout is the same for every lifetime.
    pub fn static_ty(&self) -> TokenStream {
        let ident = self.input.ident;
        if !self.input.has_lifetimes() {
            return quote!(#ident);
        }
        let lifetimes = self
            .input
            .original
            .generics
            .lifetimes()
            .map(|_| quote!('static));
        quote!(#ident<#(#lifetimes),*>)
    }

    /// A value of the expansion that core checks: `value` (a core call that never fails) and
    /// `error` (core's `…_error` call, an `Option` of the message). For a non-generic type
    /// the check is an item of its own, `const _: () = …;`, beside the value, so that one
    /// broken rule is one compile error and nothing that reads the value fails after it;
    /// for a generic one it runs inside the value, for each instantiation that is used.
    /// Either way the `panic!` is in the generated `const`, spanned on `span`, the user's
    /// token, so rustc reports it there without a backtrace into core. Returns the value's
    /// expression and the item, if any.
    pub fn checked(
        &self,
        span: Span,
        error: TokenStream,
        value: TokenStream,
    ) -> (TokenStream, TokenStream) {
        let fail = fail_if(span, error);
        if self.input.is_generic() {
            (quote_spanned!(span=> { #fail #value }), TokenStream::new())
        } else {
            (value, quote_spanned!(span=> const _: () = #fail;))
        }
    }

    /// The C name `TypeDesc::name` gets: `#[ptx(c_name = "…")]`, else the Rust name, and for a
    /// generic type the name of the instantiation (`Pair_float_int`, see core's
    /// `layout::c_name`), held by the hidden `const` of [`Gen::generic_c_name`].
    pub fn c_name(&self) -> TokenStream {
        match &self.input.attrs.c_name {
            Some(lit) => quote!(#lit),
            None if self.input.is_generic() => quote!(Self::__PTX_ABI_C_NAME.as_str()),
            None => {
                let name = &self.name;
                quote!(#name)
            }
        }
    }

    /// The checks of C names, each through core and spanned on the user's token: every
    /// `#[ptx(c_name = "…")]` (a C identifier, not a keyword), the type's own name when it is
    /// the C name (not a keyword), and members that could share one C name (see
    /// [`Gen::distinct_member_checks`]).
    pub fn c_name_checks(&self) -> TokenStream {
        let mut out = self.c_name_attr_checks();
        out.extend(self.type_name_check());
        out.extend(self.distinct_member_checks());
        out
    }

    /// A non-generic type named by its Rust identifier (`struct r#union` is C's `union`):
    /// core refuses a C/C++ keyword there, spanned on the identifier.
    fn type_name_check(&self) -> TokenStream {
        if self.input.attrs.c_name.is_some() || self.input.is_generic() {
            return TokenStream::new();
        }
        let span = self.input.ident.span();
        let ps = self.p_at(span);
        let name = &self.name;
        check_item(span, quote_spanned!(span=> #ps::type_c_name_error(#name)))
    }

    /// Core's check that no two members share a C name (two fields `x`, a field `x` and one
    /// with `c_name = "x"`, `class` and `class_` once `class` is renamed), spanned on the later
    /// member. Only members that could collide are checked: C spellings differ from the names
    /// given only by a leading or trailing `_`, so names that differ once those are trimmed
    /// never collide, and the check stays linear in the number of members. Unnamed bit-fields
    /// (`Pad`) have no name in C.
    fn distinct_member_checks(&self) -> TokenStream {
        let members: Vec<(String, Span)> = match &self.input.body {
            Body::Struct(fields) | Body::RustUnion(fields) => fields
                .iter()
                .filter(|f| !crate::types::is_pad(f.ty))
                .map(|f| (f.c_name(), f.span()))
                .collect(),
            Body::UnionEnum(variants) => variants
                .iter()
                .map(|v| (v.c_name(), v.ident.span()))
                .collect(),
            Body::Enum(_) => Vec::new(),
        };
        let mut seen: std::collections::HashMap<&str, Vec<&str>> = Default::default();
        let mut out = TokenStream::new();
        for (name, span) in &members {
            let earlier = seen.entry(name.trim_matches('_')).or_default();
            if !earlier.is_empty() {
                let ps = self.p_at(*span);
                out.extend(check_item(
                    *span,
                    quote_spanned!(*span=> #ps::distinct_member_error(#name, &[#(#earlier),*])),
                ));
            }
            earlier.push(name);
        }
        out
    }

    /// Every `#[ptx(c_name = "…")]` the user wrote (type, fields, union variants) through
    /// core's check that it is a C identifier and not a keyword, spanned on the string.
    fn c_name_attr_checks(&self) -> TokenStream {
        let attrs = &self.input.attrs;
        let members: Vec<&syn::LitStr> = match &self.input.body {
            Body::Struct(fields) | Body::RustUnion(fields) => fields
                .iter()
                .filter_map(|f| f.attrs.c_name.as_ref())
                .collect(),
            Body::UnionEnum(variants) => variants
                .iter()
                .filter_map(|v| v.attrs.c_name.as_ref())
                .collect(),
            Body::Enum(_) => Vec::new(),
        };
        attrs
            .c_name
            .iter()
            .chain(members)
            .map(|lit| {
                let ps = self.p_at(lit.span());
                check_item(
                    lit.span(),
                    quote_spanned!(lit.span()=> #ps::c_name_error(#lit)),
                )
            })
            .collect()
    }

    /// For a generic type without `#[ptx(c_name)]`: the hidden `const` holding the C name of
    /// each instantiation, built from the type and const arguments.
    fn generic_c_name(&self) -> TokenStream {
        if self.input.attrs.c_name.is_some() || !self.input.is_generic() {
            return TokenStream::new();
        }
        let p = &self.p;
        let args = self
            .input
            .original
            .generics
            .params
            .iter()
            .filter_map(|g| match g {
                syn::GenericParam::Type(t) => {
                    let t = &t.ident;
                    Some(quote!(#p::CNameArg::Type(<#t as #p::PtxAbi>::TYPE)))
                }
                syn::GenericParam::Const(c) => {
                    let c = &c.ident;
                    Some(quote!(#p::CNameArg::Int(#c as ::core::primitive::i128)))
                }
                syn::GenericParam::Lifetime(_) => None,
            });
        let name = &self.name;
        quote! {
            const __PTX_ABI_C_NAME: &'static #p::CName = &#p::CName::generic(#name, &[#(#args),*]);
        }
    }

    /// The members this expansion describes, with the attributes core must check.
    pub fn described(&self) -> Vec<Described<'a>> {
        match &self.input.body {
            Body::Struct(fields) => fields
                .iter()
                .map(|f| Described {
                    name: f.c_name(),
                    ty: f.ty,
                    bits: f.attrs.bits.clone(),
                    align: f.attrs.align.clone(),
                    span: f.span(),
                })
                .collect(),
            // Bit-fields in a Rust union are rejected before expansion.
            Body::RustUnion(fields) => fields
                .iter()
                .map(|f| Described {
                    name: f.c_name(),
                    ty: f.ty,
                    bits: None,
                    align: None,
                    span: f.span(),
                })
                .collect(),
            Body::UnionEnum(variants) => variants
                .iter()
                .filter_map(|v| {
                    Some(Described {
                        name: v.c_name(),
                        ty: v.payload?,
                        bits: v.attrs.bits.clone(),
                        align: None,
                        span: v.ident.span(),
                    })
                })
                .collect(),
            Body::Enum(_) => Vec::new(),
        }
    }

    /// The hidden inherent `const`s through which the attribute values reach the type's
    /// description, each a call to the core `const fn` that gives the value, spanned on the
    /// attribute, with core's check of its rule beside it ([`Gen::checked`]):
    /// `__PTX_ABI_ALIGN` (§2.3 note D) and `__PTX_ABI_MEMBER_<i>` for a named (§1.3) or
    /// unnamed (`Pad`) bit-field or an array. Each is checked on its own, so that every
    /// broken attribute is reported, not only the first.
    pub fn attribute_checks(&self, members: &[Described]) -> (TokenStream, TokenStream) {
        let Gen { p, .. } = self;
        let mut consts = TokenStream::new();
        let mut checks = TokenStream::new();
        if let (Some(align), false) = (&self.input.attrs.align, self.is_field_less_enum()) {
            let span = align.span;
            let ps = self.p_at(span);
            let value = lit(align.value);
            checks.extend(self.literal_check(align, "align_error"));
            consts.extend(quote_spanned! {span=>
                const __PTX_ABI_ALIGN: ::core::primitive::usize = #ps::requested_align(#value);
            });
        }
        if let (Some(pack), false) = (&self.input.attrs.pack, self.is_field_less_enum()) {
            checks.extend(self.literal_check(pack, "pack_error"));
        }
        for m in members {
            if let Some(align) = &m.align {
                checks.extend(self.field_align(m, align).1);
            }
        }
        for (i, m) in members.iter().enumerate() {
            let Some((value, error)) = self.member_check(m) else {
                continue;
            };
            let span = m.check_span();
            let name = quote::format_ident!("__PTX_ABI_MEMBER_{}", i);
            let (value, check) = self.checked(span, error, value);
            checks.extend(check);
            consts.extend(quote_spanned! {span=>
                const #name: #p::Member = #value;
            });
        }
        (consts, checks)
    }

    /// Hidden inherent `const`s of the type, in one `impl` hidden from its documentation.
    pub fn hidden_consts(&self, consts: TokenStream) -> TokenStream {
        if consts.is_empty() {
            return consts;
        }
        let ident = self.input.ident;
        let (impl_g, ty_g, where_c) = self.input.original.generics.split_for_impl();
        quote! {
            #[automatically_derived]
            #[doc(hidden)]
            impl #impl_g #ident #ty_g #where_c {
                #consts
            }
        }
    }

    /// Everything the description reads that core computes and checks: the attribute values
    /// ([`Gen::attribute_checks`]) and the placements ([`Gen::members_const`]), as hidden
    /// `const`s of the type, and their checks.
    pub fn described_consts(&self, members: &[Described], count: usize) -> TokenStream {
        let (mut consts, mut checks) = self.attribute_checks(members);
        let (placed, layout_check) = self.members_const(count);
        consts.extend(placed);
        checks.extend(layout_check);
        let mut out = self.hidden_consts(consts);
        out.extend(checks);
        out
    }

    /// The core calls that describe member `m` and check it, if it has an attribute to
    /// check: the value and the `…_error` call (see [`Gen::checked`]).
    fn member_check(&self, m: &Described) -> Option<(TokenStream, TokenStream)> {
        let name = &m.name;
        let ty = self.named_in_items(m.ty);
        let ty_desc = {
            let p = &self.p;
            quote_spanned! {m.ty.span()=> <#ty as #p::PtxAbi>::TYPE }
        };
        if let Some(bits) = &m.bits {
            let ps = self.p_at(bits.span);
            let width = lit(bits.value);
            return Some((
                quote_spanned! {bits.span=> #ps::named_bit_field(#name, #ty_desc, #width) },
                quote_spanned! {bits.span=> #ps::named_bit_field_error(#name, #ty_desc, #width) },
            ));
        }
        if crate::types::is_pad(m.ty) {
            let ps = self.p_at(m.ty.span());
            return Some((
                quote_spanned! {m.ty.span()=> #ps::unnamed_bit_field(#name, #ty_desc) },
                quote_spanned! {m.ty.span()=> #ps::unnamed_bit_field_error(#ty_desc) },
            ));
        }
        if crate::types::is_array(m.ty) {
            let ps = self.p_at(m.span);
            return Some((
                quote_spanned! {m.span=> #ps::array_member(#name, #ty_desc) },
                quote_spanned! {m.span=> #ps::array_member_error(#name, #ty_desc) },
            ));
        }
        None
    }

    /// Type `ty` as written, but with `Self` spelled as the type's name when that is how the
    /// checks name it ([`Gen::this`]): a non-generic type's checks are outside its `impl`.
    fn named_in_items(&self, ty: &syn::Type) -> TokenStream {
        let this = self.this();
        replace_self(quote!(#ty), &this)
    }

    /// `<ty as Trait>::f`, from the type's first token to its last ([`type_ends`]).
    pub fn trait_fn(&self, ty: &syn::Type, tr: TokenStream, f: &str) -> TokenStream {
        let p = &self.p;
        let (first, last) = type_ends(ty);
        let f = proc_macro2::Ident::new(f, last);
        quote_spanned!(first=> <#ty as #p::#tr>::#f)
    }

    /// `<ty as Trait>::f(args)`, from the type's first token to its last: a field type that
    /// is not well-formed is reported there, as one error with the struct's own.
    pub fn call_on(
        &self,
        ty: &syn::Type,
        tr: TokenStream,
        f: &str,
        args: TokenStream,
    ) -> TokenStream {
        let path = self.trait_fn(ty, tr, f);
        let (_, last) = type_ends(ty);
        let args = group_at(Delimiter::Parenthesis, args, last);
        quote!(#path #args)
    }

    /// `#p::helper(args)`, a call into core whose generic argument is inferred to be field type
    /// `ty` (`set_member`, `set_bits`), spanned like [`Gen::call_on`].
    pub fn helper_on(&self, ty: &syn::Type, helper: &str, args: TokenStream) -> TokenStream {
        let (first, last) = type_ends(ty);
        let path = respan(self.p.clone(), first);
        let helper = proc_macro2::Ident::new(helper, last);
        let args = group_at(Delimiter::Parenthesis, args, last);
        quote_spanned!(first=> #path::#helper #args)
    }

    fn is_field_less_enum(&self) -> bool {
        matches!(self.input.body, Body::Enum(_))
    }

    /// The type-description item for an aggregate: plain members inline, checked ones (see
    /// [`Gen::attribute_checks`]) through their `const`.
    pub fn aggregate_type(&self, union: bool, described: &[Described]) -> TokenStream {
        let Gen { p, .. } = self;
        let c_name = self.c_name();
        let members: Vec<TokenStream> = described
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let member = match self.member_check(m) {
                    Some(_) => {
                        let c = quote::format_ident!("__PTX_ABI_MEMBER_{}", i);
                        quote!(Self::#c)
                    }
                    None => self.member(&m.name, m.ty),
                };
                match &m.align {
                    Some(a) => {
                        let (align, _) = self.field_align(m, a);
                        quote!(#p::align_member(#member, #align))
                    }
                    None => member,
                }
            })
            .collect();
        let kind = if union {
            quote!(#p::AggregateKind::Union)
        } else {
            quote!(#p::AggregateKind::Struct)
        };
        let align = match self.input.attrs.align {
            Some(_) => quote!(Self::__PTX_ABI_ALIGN),
            None => quote!(0),
        };
        let pack = match &self.input.attrs.pack {
            Some(requested) => {
                let value = lit(requested.value);
                quote!(#p::requested_pack(#value))
            }
            None => quote!(0),
        };
        // Chapter 7: C++'s `struct E {};`, laid out by core's `empty_class_layout`.
        let type_kind = if self.input.attrs.empty_class.is_some() {
            quote!(#p::TypeKind::EmptyClass { align: #align })
        } else {
            quote! {
                #p::TypeKind::Aggregate {
                    kind: #kind,
                    align: #align,
                    pack: #pack,
                    members: &[#(#members),*],
                }
            }
        };
        // A kernel's parameter list may be empty; as data its struct is laid out by core.
        let as_data = if self.input.attrs.kernel.is_some() {
            quote!(#p::params_as_data(Self::TYPE, &Self::__PTX_ABI_MEMBERS))
        } else {
            quote!(#p::Ok(Self::__PTX_ABI_MEMBERS.layout))
        };
        // From the member layout, so that a broken layout rule is reported once: a data type's
        // `__LAYOUT` is that layout (the stand-in when a rule is broken), never an error, and
        // the trait's `SIZE` and `ALIGN` read it; a kernel's is its parameters' as data.
        // For a generic type the two read the members' layout directly, so that a broken
        // rule of an instantiation is reported at the user's tokens, not in the trait's default.
        let size = if self.input.attrs.kernel.is_some() || self.input.is_generic() {
            quote! {
                const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
                const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
            }
        } else {
            TokenStream::new()
        };
        quote! {
            #size
            #[doc(hidden)]
            const __LAYOUT: #p::LayoutResult = #as_data;
            const TYPE: &'static #p::TypeDesc = &#p::TypeDesc {
                name: #c_name,
                kind: #type_kind,
            };
        }
    }

    /// `#[ptx(align = N)]` on field `m`: the alignment core gives it, checked against the field
    /// type's layout by core's `member_align_error` at the user's `N` (inline for a generic
    /// type, whose field types are known only per instantiation; see [`Gen::checked`]).
    /// Returns the value and its check ([`Gen::checked`]).
    fn field_align(&self, m: &Described, align: &WithSpan<u64>) -> (TokenStream, TokenStream) {
        let span = align.span;
        let ps = self.p_at(span);
        let value = lit(align.value);
        let ty = self.named_in_items(m.ty);
        let layout = quote_spanned!(span=> <#ty as #ps::PtxAbi>::__LAYOUT);
        self.checked(
            span,
            quote_spanned!(span=> #ps::member_align_error(#value, #layout)),
            quote_spanned!(span=> #ps::requested_member_align(#value, #layout)),
        )
    }

    /// The check of an attribute's literal value by core's `error_fn` (`align_error`,
    /// `pack_error`), spanned on the value: a literal, so checked once, even for a generic type.
    fn literal_check(&self, attr: &WithSpan<u64>, error_fn: &str) -> TokenStream {
        let span = attr.span;
        let ps = self.p_at(span);
        let value = lit(attr.value);
        let f = proc_macro2::Ident::new(error_fn, span);
        check_item(span, quote_spanned!(span=> #ps::#f(#value)))
    }

    /// One plain `Member` of a type description, spanned on the member's type so that a
    /// missing `PtxAbi` impl is reported there.
    fn member(&self, name: &str, ty: &syn::Type) -> TokenStream {
        let p = &self.p;
        let span = ty.span();
        quote_spanned! {span=> #p::member(#name, <#ty as #p::PtxAbi>::TYPE) }
    }
}

/// A member as the expansion describes it to core: its C name, its type, its
/// `#[ptx(bits = N)]` if any, and the span of the member itself (its name).
pub struct Described<'a> {
    pub name: String,
    pub ty: &'a syn::Type,
    pub bits: Option<WithSpan<u32>>,
    /// `#[ptx(align = N)]` on the field (`alignas(N)`).
    pub align: Option<WithSpan<u64>>,
    pub span: Span,
}

impl Described<'_> {
    /// The user's token a failed check points at: the width of `bits = N`, the member's name
    /// for an array (its length is the member's problem), else the type.
    fn check_span(&self) -> Span {
        match &self.bits {
            Some(b) => b.span,
            None if crate::types::is_array(self.ty) => self.span,
            None => self.ty.span(),
        }
    }
}

/// `n` as an unsuffixed literal (`3`, not `3usize`): its type is the parameter's.
pub fn lit(n: impl Into<u128>) -> proc_macro2::Literal {
    proc_macro2::Literal::u128_unsuffixed(n.into())
}

/// `tokens` with every token (recursively) at `span`.
pub fn respan(tokens: TokenStream, span: Span) -> TokenStream {
    tokens
        .into_iter()
        .map(|mut tt| {
            if let proc_macro2::TokenTree::Group(g) = &tt {
                let mut group = proc_macro2::Group::new(g.delimiter(), respan(g.stream(), span));
                group.set_span(span);
                tt = proc_macro2::TokenTree::Group(group);
            } else {
                tt.set_span(span);
            }
            tt
        })
        .collect()
}

/// The spans of the first and last tokens of `ty` as written. Tokens of an expression spanned
/// at the one, with its last token (a closing delimiter) at the other, make rustc report the
/// expression at the whole type: a proc macro on stable Rust cannot join spans, and
/// `ty.span()` is only the first token.
pub fn type_ends(ty: &syn::Type) -> (Span, Span) {
    let tokens: Vec<TokenTree> = quote!(#ty).into_iter().collect();
    let first = tokens.first().map_or_else(|| ty.span(), TokenTree::span);
    let last = tokens.last().map_or(first, TokenTree::span);
    (first, last)
}

/// A delimited group of `tokens` whose delimiters are spanned at `span`.
pub fn group_at(delimiter: Delimiter, tokens: TokenStream, span: Span) -> TokenTree {
    let mut g = Group::new(delimiter, tokens);
    g.set_span(span);
    TokenTree::Group(g)
}

/// `if let Some(m) = error { panic!("{}", m) }`, spanned on `span`: a core `…_error` call
/// (an `Option` of a message) as a compile error there. The `panic!` is in the generated
/// `const` itself, so rustc reports the message at the user's token and names no frame of
/// core.
pub fn fail_if(span: Span, error: TokenStream) -> TokenStream {
    quote_spanned! {span=>
        if let __ptx::Some(__e) = #error {
            ::core::panic!("{}", __e.as_str())
        }
    }
}

/// [`fail_if`] as an item of its own: `const _: () = …;`.
pub fn check_item(span: Span, error: TokenStream) -> TokenStream {
    let fail = fail_if(span, error);
    quote_spanned!(span=> const _: () = #fail;)
}

/// `tokens` with every `Self` replaced by `this` (recursively, spans kept).
fn replace_self(tokens: TokenStream, this: &TokenStream) -> TokenStream {
    tokens
        .into_iter()
        .flat_map(|tt| match tt {
            proc_macro2::TokenTree::Ident(i) if i == "Self" => respan(this.clone(), i.span()),
            proc_macro2::TokenTree::Group(g) => {
                let mut group =
                    proc_macro2::Group::new(g.delimiter(), replace_self(g.stream(), this));
                group.set_span(g.span());
                proc_macro2::TokenTree::Group(group).into()
            }
            other => other.into(),
        })
        .collect()
}

/// A span-less helper for call-site tokens.
pub fn call_site() -> Span {
    Span::call_site()
}
