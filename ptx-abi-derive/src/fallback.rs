//! On error: every `compile_error!` plus a stub impl, so the user sees the real problems
//! instead of a cascade of "`PtxAbi` is not implemented" errors elsewhere, plus core's checks
//! of the attribute values (`align`, `bits`, `Pad` whose types read correctly, and every
//! `c_name`), so that those are reported in the same compile. A `bits` on a type that cannot
//! be a bit-field is reported by the `BitFieldType` bound the encoder would put on it.

use crate::expand::Gen;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// The errors, core's attribute checks and a stub `PtxAbi` impl that never encodes anything.
pub fn expand(gen: &Gen, errors: syn::Error) -> TokenStream {
    let errors = errors.to_compile_error();
    let input = gen.input.original;
    let ident = &input.ident;
    let name = ident.to_string();
    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    let p = &gen.p;
    let checkable: Vec<_> = gen
        .described()
        .into_iter()
        .filter(|m| crate::types::unsupported(m.ty, gen.input.attrs.kernel.is_some()).is_none())
        .collect();
    let (consts, attribute_checks) = gen.attribute_checks(&checkable);
    let mut checks = gen.hidden_consts(consts);
    checks.extend(attribute_checks);
    if !gen.input.is_generic() {
        for m in checkable.iter().filter(|m| m.bits.is_some()) {
            let ty = m.ty;
            checks.extend(quote_spanned! {ty.span()=>
                const _: #p::Scalar = <#ty as #p::BitFieldType>::SCALAR;
            });
        }
    }
    let c_names = gen.c_name_checks();
    let stub = gen.block(quote! {
            impl #impl_g #p::PtxAbi for #ident #ty_g #where_c {
                const TYPE: &'static #p::TypeDesc = &#p::TypeDesc {
                    name: #name,
                    kind: #p::TypeKind::Scalar(#p::Scalar::U8),
                };
                fn encode(&self, _: &mut [::core::primitive::u8]) -> #p::Encoded {
                    ::core::result::Result::Ok(())
                }
                fn decode(_: &[::core::primitive::u8]) -> #p::Decoded<Self> {
                    ::core::result::Result::Err(#p::DecodeError::Length { ty: #name, expected: 0, found: 0 })
                }
            }
            #checks
            #c_names
    });
    quote! {
        #errors
        #stub
    }
}
