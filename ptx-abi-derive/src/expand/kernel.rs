//! `#[ptx(kernel = "name")]`: a struct whose fields are a kernel's parameters.

use super::Gen;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The `KernelParams` impl and the compile-time check of the parameter limit.
pub fn kernel(gen: &Gen, count: usize, image: &syn::Ident) -> TokenStream {
    let Some(kernel) = &gen.input.attrs.kernel else {
        return TokenStream::new();
    };
    let p = &gen.p;
    let ident = gen.input.ident;
    let name = kernel.value();
    // `param_limit = N` passes through core's check of the driver's limits, spanned on `N`.
    let limit = match &gen.input.attrs.param_limit {
        Some(l) => {
            let ps = gen.p_at(l.span);
            let v = l.value;
            quote_spanned!(l.span=> #ps::param_limit(#v))
        }
        None => quote!(#p::PARAM_LIMIT),
    };
    let ps = gen.p_at(kernel.span());
    quote_spanned! {kernel.span()=>
        const _: () = #ps::assert_kernel_params::<#count>(
            <#ident as #p::PtxAbi>::TYPE,
            #name,
            &#ident::__PTX_ABI_MEMBERS,
            <#ident as #p::KernelParams>::PARAM_LIMIT,
        );

        #[automatically_derived]
        impl #p::KernelParams for #ident {
            const KERNEL: &'static ::core::primitive::str = #name;
            const PARAM_LIMIT: ::core::primitive::usize = #limit;
            const BUFFER_SIZE: ::core::primitive::usize = #p::buffer_size::<#count>(&#ident::__PTX_ABI_MEMBERS);
            const PARAM_OFFSETS: &'static [::core::primitive::usize] =
                &#p::param_offsets::<#count>(&#ident::__PTX_ABI_MEMBERS);
            type Image = #image;
            type Pointers = [*mut #p::c_void; #count];

            fn pointers(image: &mut #image) -> [*mut #p::c_void; #count] {
                #p::param_pointers::<#count>(
                    <#image as #p::PtxImage>::as_bytes_mut(image),
                    &#ident::__PTX_ABI_MEMBERS,
                )
            }
        }
    }
}
