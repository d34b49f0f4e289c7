//! `#[ptx(kernel = "name")]`: a struct whose fields are a kernel's parameters;
//! `#[ptx(kernel = "ns::scale", abi = "c++")]`: the same for a C++ kernel, whose symbol is the
//! Itanium-mangled name core computes from the fields' C++ types (chapter 7);
//! `#[ptx(kernel = "scale", abi = "rust")]`: a kernel compiled by rustc (`extern "ptx-kernel"`,
//! `#[no_mangle]`), whose symbol is the name as written and whose parameters core also checks
//! against what rustc's nvptx64 backend can pass;
//! `#[ptx(kernel = "k<float, 32>", abi = "c++", template = "typename T, int N")]` with
//! `#[ptx(cxx = "const T*")]` on fields: a kernel template's instantiation, whose C++ text core
//! reads and checks, each check spanned on the string it is about.

use super::{check_item, Gen};
use crate::ast::{Body, Field, Input};
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

/// The `KernelParams` impl and core's compile-time checks: the name, each field a parameter
/// (spanned on its `bits` or on the field), the parameter limit (spanned on the name).
pub fn kernel(gen: &Gen, count: usize) -> TokenStream {
    let count = &super::lit(count as u128);
    let image = &super::image::image_ident(gen.input);
    let Some(kernel) = &gen.input.attrs.kernel else {
        return TokenStream::new();
    };
    let p = &gen.p;
    let ident = gen.input.ident;
    // The struct as the checks name it: `Args`, or `Args<'static>` when it borrows buffers.
    let st = gen.static_ty();
    let this = gen.this();
    let (impl_g, ty_g, where_c) = gen.input.original.generics.split_for_impl();
    let name = kernel.value();
    // `param_limit = N` passes through core's check of the driver's limits, spanned on `N`.
    let mut checks = TokenStream::new();
    let limit = match &gen.input.attrs.param_limit {
        Some(l) => {
            let ps = gen.p_at(l.span);
            let v = super::lit(l.value);
            checks.extend(check_item(
                l.span,
                quote_spanned!(l.span=> #ps::param_limit_error(#v)),
            ));
            quote_spanned!(l.span=> #ps::requested_param_limit(#v))
        }
        None => quote!(#p::PARAM_LIMIT),
    };
    let ps = gen.p_at(kernel.span());
    // The symbol: the name as written (`extern "C"`), or its Itanium mangling, which core
    // computes (with a buffer sized for this signature: no fixed limit on the name's length)
    // and checks, spanned on the name.
    let symbol = if is_cxx(gen.input) && is_declared(gen.input) {
        cxx_function(gen, &mut checks)
    } else if is_cxx(gen.input) {
        let tys: Vec<&syn::Type> = match &gen.input.body {
            Body::Struct(fields) => fields.iter().map(|f| f.ty).collect(),
            _ => Vec::new(),
        };
        checks.extend(quote_spanned! {kernel.span()=>
            const __PTX_ABI_PARAMS: &[&#ps::CxxType] = &[#(<#tys as #p::PtxAbi>::CXX),*];
            const __PTX_ABI_CAPACITY: ::core::primitive::usize =
                #ps::mangled_capacity(#name, __PTX_ABI_PARAMS);
            const __PTX_ABI_MANGLED: &::core::result::Result<
                #ps::Mangled<__PTX_ABI_CAPACITY>,
                #ps::MangleError,
            > = &#ps::mangle_in::<__PTX_ABI_CAPACITY>(#name, __PTX_ABI_PARAMS);
        });
        checks.extend(check_item(
            kernel.span(),
            quote_spanned!(kernel.span()=> #ps::mangle_error(#name, __PTX_ABI_MANGLED)),
        ));
        quote_spanned!(kernel.span()=> #ps::mangled_name(__PTX_ABI_MANGLED))
    } else {
        quote!(#name)
    };
    // An `extern "C"` name must be a PTX identifier; a C++ name is checked by the mangler.
    if !is_cxx(gen.input) {
        checks.extend(check_item(
            kernel.span(),
            quote_spanned!(kernel.span()=> #ps::kernel_name_error(#name)),
        ));
    }
    // Every field must be a parameter: not a bit-field, not zero-sized; and, for a kernel
    // compiled by rustc, aligned to no more than rustc passes (spanned on the field).
    if let Body::Struct(fields) = &gen.input.body {
        for (i, f) in fields.iter().enumerate() {
            let span = f.attrs.bits.as_ref().map_or_else(|| f.span(), |b| b.span);
            let ps = gen.p_at(span);
            checks.extend(check_item(
                span,
                quote_spanned! {span=> #ps::kernel_param_error::<#count>(
                    <#st as #ps::PtxAbi>::TYPE, #name, &#this::__PTX_ABI_MEMBERS, #i,
                )},
            ));
            if is_rust(gen.input) {
                let span = f.span();
                let ps = gen.p_at(span);
                checks.extend(check_item(
                    span,
                    quote_spanned! {span=> #ps::rust_kernel_param_error::<#count>(
                        <#ident as #ps::PtxAbi>::TYPE, #name, &#ident::__PTX_ABI_MEMBERS, #i,
                    )},
                ));
            }
        }
    }
    checks.extend(check_item(
        kernel.span(),
        quote_spanned! {kernel.span()=> #ps::kernel_limit_error::<#count>(
            <#st as #ps::PtxAbi>::TYPE,
            #name,
            &#this::__PTX_ABI_MEMBERS,
            <#st as #ps::KernelParams>::PARAM_LIMIT,
        )},
    ));
    let bind = bind_params(gen, image);
    // In a block of its own: the mangled name's `const`s are named.
    quote_spanned! {kernel.span()=> const _: () = {
        #checks

        #[automatically_derived]
        impl #impl_g #p::KernelParams for #ident #ty_g #where_c {
            const KERNEL: &'static ::core::primitive::str = #symbol;
            const PARAM_LIMIT: ::core::primitive::usize = #limit;
            const BUFFER_SIZE: ::core::primitive::usize = #p::buffer_size::<#count>(&#this::__PTX_ABI_MEMBERS);
            const PARAM_OFFSETS: &'static [::core::primitive::usize] =
                &#p::param_offsets::<#count>(&#this::__PTX_ABI_MEMBERS);
            const PARAM_PLACEMENTS: &'static [#p::Placement] = #this::__PTX_ABI_PLACEMENTS;
            type Signature = #st;
            type Image = #image;
            type Pointers = [*mut #p::c_void; #count];

            fn pointers(image: &mut #image) -> [*mut #p::c_void; #count] {
                #p::param_pointers::<#count>(
                    <#image as #p::PtxImage>::as_bytes_mut(image),
                    &#this::__PTX_ABI_MEMBERS,
                )
            }

            #bind
        }
    };}
}

/// Whether `#[ptx(abi = "rust")]` says the kernel is compiled by rustc's nvptx64 backend (an
/// `extern "ptx-kernel"` function under its `#[no_mangle]` name), whose parameters core checks
/// against rustc's limits.
fn is_rust(input: &Input) -> bool {
    input
        .attrs
        .abi
        .as_ref()
        .is_some_and(|a| matches!(a.value().as_str(), "rust" | "Rust"))
}

/// Whether the C++ kernel is a template's instantiation or declares a parameter's C++ type:
/// then core reads the C++ text (`CxxFunction`, `CxxParam`).
fn is_declared(input: &Input) -> bool {
    input.attrs.template.is_some()
        || matches!(&input.body, Body::Struct(fields) if fields.iter().any(|f| f.attrs.cxx.is_some()))
}

/// The symbol of a C++ kernel described by C++ text: its instantiation (`kernel`), the
/// template's parameter list (`template`) and the fields' declared types (`cxx`), mangled by
/// core, which checks each (spanned on its string) and each declared type against the
/// field's own C++ type.
fn cxx_function(gen: &Gen, checks: &mut TokenStream) -> TokenStream {
    let Some(kernel) = &gen.input.attrs.kernel else {
        return TokenStream::new();
    };
    let p = &gen.p;
    let ps = gen.p_at(kernel.span());
    let name = kernel.value();
    let template = gen
        .input
        .attrs
        .template
        .as_ref()
        .map_or_else(String::new, |t| t.value());
    let fields: &[Field] = match &gen.input.body {
        Body::Struct(fields) => fields,
        _ => &[],
    };
    let params = fields.iter().map(|f| {
        let ty = f.ty;
        match &f.attrs.cxx {
            Some(cxx) => quote_spanned! {cxx.span()=> #ps::CxxParam::Declared {
                spelling: #cxx,
                field: <#ty as #p::PtxAbi>::CXX,
            }},
            None => quote_spanned!(kernel.span()=> #ps::CxxParam::Type(<#ty as #p::PtxAbi>::CXX)),
        }
    });
    checks.extend(quote_spanned! {kernel.span()=>
        const __PTX_ABI_FUNCTION: #ps::CxxFunction = #ps::CxxFunction {
            name: #name,
            template: #template,
            ret: "void",
        };
        const __PTX_ABI_PARAMS: &[#ps::CxxParam] = &[#(#params),*];
        const __PTX_ABI_CAPACITY: ::core::primitive::usize =
            #ps::function_capacity(&__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS);
        const __PTX_ABI_MANGLED: &::core::result::Result<
            #ps::Mangled<__PTX_ABI_CAPACITY>,
            #ps::MangleError,
        > = &#ps::mangle_function_in::<__PTX_ABI_CAPACITY>(&__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS);
    });
    checks.extend(check_item(
        kernel.span(),
        quote_spanned!(kernel.span()=> #ps::function_name_error(
            &__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS, __PTX_ABI_MANGLED,
        )),
    ));
    if let Some(t) = &gen.input.attrs.template {
        let ts = gen.p_at(t.span());
        checks.extend(check_item(
            t.span(),
            quote_spanned!(t.span()=> #ts::template_list_error(&__PTX_ABI_FUNCTION, __PTX_ABI_MANGLED)),
        ));
    }
    for (i, f) in fields.iter().enumerate() {
        let Some(cxx) = &f.attrs.cxx else { continue };
        let cs = gen.p_at(cxx.span());
        let field = &f.name;
        let rust = crate::types::spell(f.ty);
        checks.extend(check_item(
            cxx.span(),
            quote_spanned!(cxx.span()=> #cs::declared_param_error(
                &__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS, __PTX_ABI_MANGLED, #i, #field, #rust,
            )),
        ));
    }
    quote_spanned!(kernel.span()=> #ps::mangled_name(__PTX_ABI_MANGLED))
}

/// Whether `#[ptx(abi = "c++")]` asks for a C++ (mangled) kernel name.
pub fn is_cxx(input: &Input) -> bool {
    input
        .attrs
        .abi
        .as_ref()
        .is_some_and(|a| matches!(a.value().as_str(), "c++" | "C++"))
}

/// `KernelParams::__bind_params`: each field bound for the launch's stream in order
/// (`PtxAbi::__bind`: a plain value is written, a device buffer's address is read for the
/// stream), the guards kept alive while `launch` runs on the image, then finished in order
/// (`finish_guards`: the buffers' uses recorded or retained), the first failure returned.
fn bind_params(gen: &Gen, image: &syn::Ident) -> TokenStream {
    let p = &gen.p;
    let Body::Struct(fields) = &gen.input.body else {
        return TokenStream::new();
    };
    let guards: Vec<syn::Ident> = (0..fields.len())
        .map(|i| quote::format_ident!("__ptx_abi_g{}", i))
        .collect();
    let binds = fields.iter().zip(&guards).enumerate().map(|(i, (f, g))| {
        let (ty, member) = (f.ty, &f.member);
        quote! {
            let #g = <#ty as #p::PtxAbi>::__bind(
                &mut self.#member, __ptx_abi_out, &Self::__PTX_ABI_PLACEMENTS[#i], __ptx_abi_stream,
            )?;
        }
    });
    quote! {
        fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
            &'__ptx_abi_s mut self,
            __ptx_abi_stream: #p::LaunchStream<'__ptx_abi_s>,
            __ptx_abi_launch: impl ::core::ops::FnOnce(&mut #image) -> __PtxAbiR,
        ) -> ::core::result::Result<__PtxAbiR, #p::EncodeError> {
            let mut __ptx_abi_image = <#image as #p::PtxImage>::zeroed();
            let __ptx_abi_out = <#image as #p::PtxImage>::as_bytes_mut(&mut __ptx_abi_image);
            #(#binds)*
            let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
            #p::finish_guards([#(#guards),*])?;
            ::core::result::Result::Ok(__ptx_abi_result)
        }
    }
}
