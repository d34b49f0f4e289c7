//! The image type of a non-generic type: bytes with exactly the PTX size and alignment, `Copy`
//! (core's generic `Image<T>`); with `#[ptx(accessors)]`, a struct of the type's own with a
//! getter and a checked setter per member.

use super::Gen;
use crate::ast::{Body, Input};
use crate::types;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};
use syn::ext::IdentExt;

/// The image type's name at the type's own level: the alias of `<Type as HasImage>::Image`,
/// the struct core's `__image!` declares in the expansion's block ([`in_block`]). Two types
/// given the same image name then collide in these aliases only, one error (issue 32).
pub fn image(gen: &Gen, input: &Input) -> TokenStream {
    let krate = &gen.krate;
    let name = input.ident;
    // The type as the image names it: `Name`, or `Name<'static>` for a type with lifetimes.
    let ident = &gen.static_ty();
    let vis = &input.original.vis;
    let image = image_ident(input);
    let doc = if input.attrs.accessors.is_some() {
        format!(
            "The PTX image of [`{name}`]: its exact PTX size and alignment, `Copy`, ready to be \
             a kernel argument or an element of a device buffer. Accessors decode and encode \
             single members in place."
        )
    } else {
        format!(
            "The PTX image of [`{name}`]: its exact PTX size and alignment, `Copy`, ready to be \
             a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on \
             [`{name}`] adds a getter and a setter per member."
        )
    };
    // Spanned on the image's name: two types given one name are one error (E0428), there.
    // `dead_code` allowed: a program that never names the image is no mistake.
    quote_spanned! {image.span()=>
        #[doc = #doc]
        #[allow(non_camel_case_types, dead_code)]
        #vis type #image = <#ident as #krate::codec::HasImage>::Image;
    }
}

/// The image: core's generic `Image<T>` through `__image_layout!`; with `#[ptx(accessors)]`,
/// a struct of its own and its impls, by core's `__image!`, in the expansion's block, where it
/// is named by its own name, and its accessors.
pub fn in_block(gen: &Gen, input: &Input) -> TokenStream {
    let p = &gen.p;
    let ident = &gen.static_ty();
    let vis = &input.original.vis;
    let image = image_ident(input);
    // Opt-in: 24 methods for 12 members are about a third of what a type costs to compile
    // (BENCHMARKS.md, issue 15). Accessors are inherent methods, so their image is a struct
    // of the crate's own; every other type's image is core's generic `Image<T>`, one impl.
    if input.attrs.accessors.is_none() {
        return quote! {
            #p::__image_layout!(#ident);
        };
    }
    let methods = accessors(gen, input);
    quote! {
        #p::__image!(#vis #image for #ident);
        #[automatically_derived]
        #[allow(non_snake_case)]
        impl #image {
            #methods
        }
    }
}

/// The image type's name: `#[ptx(image = Name)]`, or the type's name followed by `Image`.
pub fn image_ident(input: &Input) -> syn::Ident {
    input
        .attrs
        .image
        .clone()
        .unwrap_or_else(|| format_ident!("{}Image", input.ident))
}

fn accessors(gen: &Gen, input: &Input) -> TokenStream {
    let p = &gen.p;
    let ident = input.ident;
    let value = gen.static_ty();
    let mut out = TokenStream::new();
    let members = quote!(<#ident>::__PTX_ABI_PLACEMENTS);
    match &input.body {
        Body::Struct(fields) | Body::RustUnion(fields) => {
            for (i, f) in fields.iter().enumerate() {
                if types::is_pad(f.ty) {
                    continue;
                }
                let (getter, setter) = match &f.member {
                    syn::Member::Named(id) => (id.clone(), format_ident!("set_{}", id.unraw())),
                    syn::Member::Unnamed(idx) => (
                        format_ident!("get_{}", idx.index),
                        format_ident!("set_{}", idx.index),
                    ),
                };
                let vis = &f.original.vis;
                // In the image's `impl`, `Self` is the image: a field `next: DevicePtr<Self>`
                // points to the value type.
                let ty = &of_value(f.ty, &value);
                let name = &f.name;
                let bits = f.attrs.bits.is_some();
                // Spanned from the type's first token to its last (`Gen::call_on`).
                let (get, put) = if bits {
                    let put = gen.trait_fn(ty, quote!(BitFieldType), "__put_bits");
                    (
                        gen.call_on(
                            ty,
                            quote!(BitFieldType),
                            "__get_bits",
                            quote!(&self.bytes, &#members[#i]),
                        ),
                        gen.helper_on(ty, "set_bits", quote!(self, &#members[#i], value, (::core::stringify!(#ident), #name), #put)),
                    )
                } else {
                    let put = gen.trait_fn(ty, quote!(PtxAbi), "__put");
                    (
                        gen.call_on(
                            ty,
                            quote!(PtxAbi),
                            "__get",
                            quote!(&self.bytes, &#members[#i]),
                        ),
                        gen.helper_on(ty, "set_member", quote!(self, &#members[#i], &value, #put)),
                    )
                };
                let get_doc = format!("Reads `{name}` from the image.");
                let set_doc = format!(
                    "Writes `{name}` into the image; on error (a value that does not fit a \
                     bit-field) the image is unchanged."
                );
                out.extend(quote! {
                    #[doc = #get_doc]
                    #[inline]
                    #vis fn #getter(&self) -> ::core::result::Result<#ty, #p::DecodeError> {
                        #get
                    }

                    #[doc = #set_doc]
                    #[inline]
                    #vis fn #setter(&mut self, value: #ty) -> ::core::result::Result<(), #p::EncodeError> {
                        #put
                    }
                });
            }
        }
        Body::UnionEnum(variants) => {
            for (i, v) in variants.iter().enumerate() {
                let Some(ty) = v.payload else { continue };
                let ty = &of_value(ty, &value);
                let vident = v.ident;
                // `r#type` gives `as_type`: a raw identifier's `r#` is no part of the name.
                let snake = snake_case(&vident.unraw().to_string());
                let getter = format_ident!("as_{}", snake);
                let setter = format_ident!("set_{}", snake);
                let get = if v.attrs.bits.is_some() {
                    gen.call_on(
                        ty,
                        quote!(BitFieldType),
                        "__get_bits",
                        quote!(&self.bytes, &#members[#i]),
                    )
                } else {
                    gen.call_on(
                        ty,
                        quote!(PtxAbi),
                        "__get",
                        quote!(&self.bytes, &#members[#i]),
                    )
                };
                let get_doc = format!("Reads the image as union member `{vident}`.");
                let set_doc = format!(
                    "Makes `{vident}` the live member: writes it and zero-fills the other bytes."
                );
                out.extend(quote! {
                    #[doc = #get_doc]
                    #[inline]
                    pub fn #getter(&self) -> ::core::result::Result<#ty, #p::DecodeError> {
                        #get
                    }

                    #[doc = #set_doc]
                    #[inline]
                    pub fn #setter(&mut self, value: #ty) -> ::core::result::Result<(), #p::EncodeError> {
                        <Self as #p::PtxImage>::set(self, &#ident::#vident(value))
                    }
                });
            }
        }
        Body::Enum(_) => {}
    }
    out
}

fn snake_case(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 && !out.ends_with('_') {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// `ty` with every `Self` replaced by `value`, the type the image is of: items of the image's
/// own `impl` name the value type where the field says `Self`.
fn of_value(ty: &syn::Type, value: &TokenStream) -> syn::Type {
    fn replace(tokens: TokenStream, value: &TokenStream) -> TokenStream {
        tokens
            .into_iter()
            .flat_map(|t| match t {
                proc_macro2::TokenTree::Ident(id) if id == "Self" => value.clone(),
                proc_macro2::TokenTree::Group(g) => {
                    let mut group =
                        proc_macro2::Group::new(g.delimiter(), replace(g.stream(), value));
                    group.set_span(g.span());
                    quote!(#group)
                }
                other => quote!(#other),
            })
            .collect()
    }
    let tokens = replace(quote!(#ty), value);
    syn::parse2(tokens).unwrap_or_else(|_| ty.clone())
}
