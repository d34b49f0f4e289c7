//! Field-less enums with an integer `#[repr]`: encoded as that integer.

use super::Gen;
use proc_macro2::TokenStream;
use quote::quote;

/// The `PtxAbi` impl of a field-less enum.
pub fn field_less(gen: &Gen, variants: &[&syn::Variant]) -> TokenStream {
    let Gen { p, name, .. } = gen;
    let Some(int) = &gen.input.repr.int else {
        return TokenStream::new();
    };
    let c_name = gen.c_name();
    let idents: Vec<_> = variants.iter().map(|v| &v.ident).collect();
    // C has no raw identifiers: `r#type` is `type` there.
    let names = idents
        .iter()
        .map(|i| syn::ext::IdentExt::unraw(*i).to_string());
    let items = quote! {
        const TYPE: &'static #p::TypeDesc = &#p::TypeDesc {
            name: #c_name,
            kind: #p::TypeKind::Enum {
                repr: <#int as #p::BitFieldType>::SCALAR,
                variants: &[#(#p::EnumVariant { name: #names, value: Self::#idents as #int as ::core::primitive::i128 }),*],
            },
        };

        #[inline]
        fn encode(&self, out: &mut [::core::primitive::u8]) -> #p::Encoded {
            let value: #int = match self { #(Self::#idents => Self::#idents as #int,)* };
            <#int as #p::PtxAbi>::encode(&value, out)
        }

        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> #p::Decoded<Self> {
            let value = <#int as #p::PtxAbi>::decode(bytes)?;
            #(if value == Self::#idents as #int {
                return ::core::result::Result::Ok(Self::#idents);
            })*
            ::core::result::Result::Err(#p::bad_discriminant(#name, value as ::core::primitive::i128))
        }
    };
    gen.impl_ptx_abi(items, TokenStream::new())
}
