//! `#[derive(PtxAbi)]` for [ptx-abi](https://docs.rs/ptx-abi).
//!
//! The macro only *describes* a type to ptx-abi-core's layout engine: it emits the type's
//! `TypeDesc` (members, bit widths, requested alignment) and per-member calls to the core's
//! encode/decode helpers, with placements taken from `const`s that the core's `const fn`s
//! compute. No ABI rule is decided here: every attribute value reaches the description through
//! a core `const fn` that checks it, spanned on the user's token. Pipeline: `ast` (parse into a model, with spans)
//! → `valid` (every misuse, all reported at once) → `expand` (code) or `fallback` (errors plus
//! a stub impl).

mod ast;
mod attr;
mod ctxt;
mod expand;
mod fallback;
mod names;
#[cfg(test)]
mod snapshots;
mod types;
mod valid;

use proc_macro::TokenStream;

/// Derives `ptx_abi::PtxAbi`: the type's exact PTX ABI layout, computed at compile time, and
/// its byte image codec. See the `ptx-abi` crate documentation for the attributes.
#[proc_macro_derive(PtxAbi, attributes(ptx))]
pub fn derive_ptx_abi(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}
