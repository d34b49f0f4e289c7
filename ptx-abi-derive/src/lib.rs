//! `#[derive(PtxAbi)]`.
use proc_macro::TokenStream;
/// Derives `PtxAbi`.
#[proc_macro_derive(PtxAbi, attributes(ptx))]
pub fn derive_ptx_abi(_input: TokenStream) -> TokenStream { TokenStream::new() }
