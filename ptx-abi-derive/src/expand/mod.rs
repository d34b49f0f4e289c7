//! Code generation. The output describes the type (`TypeDesc`), takes every placement from a
//! `const` computed by ptx-abi-core, and calls the core's per-member helpers; it lives in
//! `const _: () = { … };` blocks and uses absolute paths only.

mod aggregate;
mod enums;
mod image;
pub(crate) mod kernel;

use crate::ast::{Body, Input};
use crate::ctxt::Ctxt;
use proc_macro2::{Span, TokenStream};
use quote::{quote, quote_spanned};
use syn::DeriveInput;

/// Parses, validates and expands; on any error returns all of them.
pub fn derive(input: &DeriveInput) -> Result<TokenStream, syn::Error> {
    let mut cx = Ctxt::default();
    let model = Input::from_syn(&mut cx, input);
    crate::valid::check(&mut cx, &model);
    cx.finish()?;
    let gen = Gen::new(&model);
    let body = match &model.body {
        Body::Struct(fields) => aggregate::structure(&gen, fields),
        Body::RustUnion(fields) => aggregate::rust_union(&gen, fields),
        Body::UnionEnum(variants) => aggregate::union_enum(&gen, variants),
        Body::Enum(variants) => enums::field_less(&gen, variants),
    };
    let image = if model.is_generic() {
        TokenStream::new()
    } else {
        let mut tokens = image::image(&gen, &model);
        if let Body::Struct(fields) = &model.body {
            tokens.extend(kernel::kernel(
                &gen,
                fields.len(),
                &image::image_ident(&model),
            ));
        }
        tokens
    };
    Ok(quote! {
        #body
        #image
    })
}

/// What every part of the expansion needs: names, paths, generics.
pub struct Gen<'a> {
    pub input: &'a Input<'a>,
    /// `::ptx_abi::__private`, or the path given by `#[ptx(crate = …)]`.
    pub p: TokenStream,
    /// The type's name as a string literal.
    pub name: String,
}

impl<'a> Gen<'a> {
    fn new(input: &'a Input<'a>) -> Self {
        let root = match &input.attrs.krate {
            Some(path) => quote!(#path),
            None => quote!(::ptx_abi),
        };
        Gen {
            input,
            p: quote!(#root::__private),
            name: input.ident.to_string(),
        }
    }

    /// The `__private` path with every token at `span`, so that an error raised by a call
    /// through it (a `const` layout assertion) points at `span`, not at the derive.
    pub fn p_at(&self, span: Span) -> TokenStream {
        respan(self.p.clone(), span)
    }

    /// `impl<…> PtxAbi for Type<…> where …` around `items`, in a `const _` block with `extra`.
    pub fn impl_ptx_abi(&self, items: TokenStream, extra: TokenStream) -> TokenStream {
        let Gen { p, .. } = self;
        let ident = self.input.ident;
        let (impl_g, ty_g, where_c) = self.input.original.generics.split_for_impl();
        quote! {
            #[allow(non_upper_case_globals, clippy::all)]
            const _: () = {
                #[automatically_derived]
                impl #impl_g #p::PtxAbi for #ident #ty_g #where_c {
                    #items
                }
                #extra
            };
        }
    }

    /// The hidden inherent `const` holding every member's placement at `.address_size 64`,
    /// computed by the core's engine; a broken layout rule is a compile error pointing at
    /// `span` (the `align` attribute when there is one).
    pub fn members_const(&self, count: usize) -> TokenStream {
        let Gen { p, .. } = self;
        let ident = self.input.ident;
        let (impl_g, ty_g, where_c) = self.input.original.generics.split_for_impl();
        let span = self
            .input
            .attrs
            .align
            .as_ref()
            .map(|a| a.span)
            .unwrap_or_else(|| self.input.ident.span());
        let ps = self.p_at(span);
        let layout = quote_spanned! {span=>
            #ps::place_members::<#count>(<Self as #ps::PtxAbi>::TYPE, #ps::A64)
        };
        let force = if self.input.is_generic() {
            TokenStream::new()
        } else {
            // Evaluate the layout even if nothing else uses it, so layout errors always show.
            quote_spanned! {span=> const _: #p::MemberLayout<#count> = #ident::__PTX_ABI_MEMBERS; }
        };
        let c_name = self.generic_c_name();
        quote! {
            #[automatically_derived]
            impl #impl_g #ident #ty_g #where_c {
                #[doc(hidden)]
                const __PTX_ABI_MEMBERS: #p::MemberLayout<#count> = #layout;
                #c_name
            }
            #force
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
            #[doc(hidden)]
            const __PTX_ABI_C_NAME: &'static #p::CName = &#p::CName::generic(#name, &[#(#args),*]);
        }
    }

    /// `Option<u32>` tokens for a bit width.
    pub fn bits(&self, bits: Option<u32>) -> TokenStream {
        match bits {
            Some(b) => quote!(::core::option::Option::Some(#b)),
            None => quote!(::core::option::Option::None),
        }
    }

    /// The type-description item for an aggregate.
    pub fn aggregate_type(&self, union: bool, members: &[TokenStream]) -> TokenStream {
        let Gen { p, .. } = self;
        let c_name = self.c_name();
        let kind = if union {
            quote!(#p::AggregateKind::Union)
        } else {
            quote!(#p::AggregateKind::Struct)
        };
        let align = self
            .input
            .attrs
            .align
            .as_ref()
            .map_or(0, |a| a.value as usize);
        quote! {
            // From the member layout, so that a broken layout rule is reported once.
            const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
            const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
            const TYPE: &'static #p::TypeDesc = &#p::TypeDesc {
                name: #c_name,
                kind: #p::TypeKind::Aggregate {
                    kind: #kind,
                    align: #align,
                    members: &[#(#members),*],
                },
            };
        }
    }

    /// One `Member` of a type description, spanned on the member's type so that a missing
    /// `PtxAbi` impl is reported there.
    pub fn member(&self, name: &str, ty: &syn::Type, bits: Option<u32>) -> TokenStream {
        let p = &self.p;
        let bits = self.bits(bits);
        let span = syn::spanned::Spanned::span(ty);
        quote_spanned! {span=> #p::Member { name: #name, ty: <#ty as #p::PtxAbi>::TYPE, bits: #bits } }
    }
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

/// A span-less helper for call-site tokens.
pub fn call_site() -> Span {
    Span::call_site()
}
