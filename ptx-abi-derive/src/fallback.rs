//! On error: every `compile_error!` plus a stub impl, so the user sees the real problems
//! instead of a cascade of "`PtxAbi` is not implemented" errors elsewhere.

use proc_macro2::TokenStream;
use quote::quote;
use syn::DeriveInput;

/// The errors and a stub `PtxAbi` impl that never encodes anything.
pub fn expand(input: &DeriveInput, errors: syn::Error) -> TokenStream {
    let errors = errors.to_compile_error();
    let ident = &input.ident;
    let name = ident.to_string();
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let p = quote!(::ptx_abi::__private);
    quote! {
        #errors
        const _: () = {
            impl #impl_g #p::PtxAbi for #ident #ty_g #where_c {
                const TYPE: &'static #p::TypeDesc = &#p::TypeDesc {
                    name: #name,
                    kind: #p::TypeKind::Scalar(#p::Scalar::U8),
                };
                fn encode(&self, _: &mut [::core::primitive::u8]) -> ::core::result::Result<(), #p::EncodeError> {
                    ::core::result::Result::Ok(())
                }
                fn decode(_: &[::core::primitive::u8]) -> ::core::result::Result<Self, #p::DecodeError> {
                    ::core::result::Result::Err(#p::DecodeError::Length { ty: #name, expected: 0, found: 0 })
                }
            }
        };
    }
}
