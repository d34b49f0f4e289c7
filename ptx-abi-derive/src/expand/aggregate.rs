//! Structs, Rust unions and `#[ptx(union)]` enums: C aggregates (§1.2, §1.3).

use super::{check_item, type_ends, Gen};
use crate::ast::{Field, Variant};
use proc_macro2::{TokenStream, TokenTree};
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// Writes member `i` (a named bit-field or an ordinary member) from `value` through the
/// writer `w`, at the aggregate's offset `at` (see [`writer`]). The calls go through the field
/// type's own trait, spanned on it, so a missing impl is reported once there.
fn put(
    gen: &Gen,
    i: usize,
    name: &str,
    ty: &syn::Type,
    bits: Option<u32>,
    value: TokenStream,
) -> TokenStream {
    let Gen { p, name: owner, .. } = gen;
    let span = ty.span();
    let i = super::lit(i as u128);
    // The writer's locals, at the call site: spanned on a field type that came from a
    // `macro_rules!` argument they would resolve in that macro's hygiene context instead.
    let (w, at, pl) = (quote!(w), quote!(at), quote!(__p));
    match bits {
        Some(_) => quote_spanned! {span=>
            <#ty as #p::BitFieldType>::__write_bits(#w, #at, &#pl[#i], #value, #owner, #name);
        },
        None => quote_spanned! {span=>
            <#ty as #p::PtxAbi>::__write(&#value, #w, #at + #pl[#i].offset);
        },
    }
}

/// Decodes member `i` from `bytes`. Every expression and pattern whose type involves the
/// field type runs from the type's first token to its last ([`type_ends`]), so that rustc
/// reports a field type that is not well-formed (`Vector<f32, 5>`) at the type as written,
/// as the struct's own declaration does, and the two are one error.
fn get(gen: &Gen, i: usize, ty: &syn::Type, bits: Option<u32>) -> TokenStream {
    let (first, last) = type_ends(ty);
    let i = super::lit(i as u128);
    // The decoder's locals, at the call site (see `put`).
    let (bytes, pl) = (quote!(bytes), quote!(__p));
    let call = match bits {
        Some(_) => gen.call_on(
            ty,
            quote!(BitFieldType),
            "__get_bits",
            quote!(#bytes, &#pl[#i]),
        ),
        None => gen.call_on(ty, quote!(PtxAbi), "__get", quote!(#bytes, &#pl[#i])),
    };
    let question = proc_macro2::Punct::new('?', proc_macro2::Spacing::Alone);
    let mut question = TokenTree::Punct(question);
    question.set_span(last);
    quote_spanned! {first=> #call #question }
}

/// The most members (a struct's fields, a union's variants) whose writer is
/// `#[inline(always)]`. Inlined into each encoder, a small type's writer folds to the stores
/// of hand-written code (`BENCHMARKS.md`); a wide type's writer is large, gains nothing
/// measurable from the call it saves, and inlined into every encoder (and at `opt-level` 0
/// too, where `inline(always)` still inlines) multiplied its code: 4,000 fields took minutes
/// and gigabytes to compile (`cargo xtask bench-compile`). Wider types get `#[inline]`, and so
/// does every type in builds with debug assertions (`dev`).
const INLINE_ALWAYS_MAX_MEMBERS: usize = 32;

/// A writer body (`PtxAbi::__write`): `puts` through the writer `w`, each member at the
/// aggregate's offset `at` plus its placement (`codec/writer.rs`: every byte stored once,
/// front to back, never read). A derived `encode` is core's `encode`, which runs it.
/// `members` is how many members `puts` writes (see [`INLINE_ALWAYS_MAX_MEMBERS`]).
fn writer(gen: &Gen, members: usize, puts: TokenStream) -> TokenStream {
    let p = &gen.p;
    // `inline(always)` only where the optimizer runs (no debug assertions: release): at
    // `opt-level` 0 rustc still inlines it, unsimplified, into every encoder.
    let inline = if members <= INLINE_ALWAYS_MAX_MEMBERS {
        quote! {
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[cfg_attr(debug_assertions, inline)]
        }
    } else {
        quote!(#[inline])
    };
    let (w, at, placements) = if puts.is_empty() {
        // A kernel's argument struct with no parameters has nothing to put.
        (quote!(_), quote!(_), TokenStream::new())
    } else {
        (
            quote!(w),
            quote!(at),
            quote!(let __p = Self::__PTX_ABI_PLACEMENTS;),
        )
    };
    quote! {
        #[inline]
        fn encode(&self, out: &mut [::core::primitive::u8]) -> #p::Encoded {
            #p::encode(self, out)
        }

        #inline
        fn __write(&self, #w: &mut #p::ImageWriter<'_>, #at: ::core::primitive::usize) {
            #placements
            #puts
        }
    }
}

/// The decoder: `reads` (statements) read the members from `bytes`, then `value` builds the
/// value; `members` is how many members it reads.
fn decoder(gen: &Gen, members: usize, reads: TokenStream, value: TokenStream) -> TokenStream {
    let p = &gen.p;
    let placements = if members == 0 {
        TokenStream::new()
    } else {
        quote!(let __p = Self::__PTX_ABI_PLACEMENTS;)
    };
    quote! {
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> #p::Decoded<Self> {
            #p::begin_decode::<Self>(bytes)?;
            #placements
            #reads
            #p::Ok(#value)
        }
    }
}

/// The most members a struct's decoder reads inside the struct expression itself. A `?` there
/// keeps every member read before it alive on its early return, so rustc's borrow check grows
/// with the square of the members: 4,000 fields took 30 s and 2.2 GB to compile, 10,000 took
/// 173 s and 11.4 GB (issue 31, `cargo xtask bench-compile`). A wider struct reads its members
/// in tuples of this many, one `let` each; a `let` per member instead nests one debug-info
/// scope in the next, and LLVM overflowed its stack on 4,000 of them.
const DECODE_GROUP: usize = 32;

/// A struct decoder's reads and value (see [`decoder`]) from `gets`, its members' reads in
/// order: at most [`DECODE_GROUP`] members are read in the struct expression; more are read
/// in tuples of that many first.
fn struct_reads(fields: &[Field], gets: &[TokenStream]) -> (TokenStream, TokenStream) {
    let members = fields.iter().map(|f| &f.member);
    if fields.len() <= DECODE_GROUP {
        return (TokenStream::new(), quote!(Self { #(#members: #gets),* }));
    }
    let group = |g: usize| quote::format_ident!("__ptx_g{}", g);
    let reads = gets.chunks(DECODE_GROUP).enumerate().map(|(g, chunk)| {
        let local = group(g);
        quote!(let #local = (#(#chunk,)*);)
    });
    let inits = members.enumerate().map(|(i, m)| {
        let (local, at) = (group(i / DECODE_GROUP), syn::Index::from(i % DECODE_GROUP));
        quote!(#m: #local.#at)
    });
    (quote!(#(#reads)*), quote!(Self { #(#inits),* }))
}

/// A named or tuple struct.
pub fn structure(gen: &Gen, fields: &[Field]) -> TokenStream {
    let described = gen.described();
    let bits = |f: &Field| f.attrs.bits.as_ref().map(|b| b.value);
    let puts = fields.iter().enumerate().map(|(i, f)| {
        let m = &f.member;
        put(gen, i, &f.name, f.ty, bits(f), quote!(self.#m))
    });
    let gets: Vec<TokenStream> = fields
        .iter()
        .enumerate()
        .map(|(i, f)| get(gen, i, f.ty, bits(f)))
        .collect();
    let (reads, value) = struct_reads(fields, &gets);
    let zero_copy = gen.input.attrs.zero_copy.is_some();
    let mut items = gen.aggregate_type(false, &described);
    if zero_copy {
        items.extend(zero_copy_codec(gen));
    } else {
        items.extend(writer(gen, fields.len(), quote!(#(#puts)*)));
    }
    items.extend(decoder(gen, fields.len(), reads, value));
    let mut extra = gen.described_consts(&described, fields.len());
    if zero_copy {
        extra.extend(zero_copy_proof(gen, fields));
    }
    gen.impl_ptx_abi(items, extra)
}

/// The encoders of a zero-copy type (a Rust union, or a `#[ptx(zero_copy)]` struct): its own
/// bytes, copied (`memcpy` for a slice).
fn zero_copy_codec(gen: &Gen) -> TokenStream {
    let p = &gen.p;
    quote! {
        #[inline]
        fn encode(&self, out: &mut [::core::primitive::u8]) -> #p::Encoded {
            #p::encode_bytes(::core::slice::from_ref(self), out)
        }

        #[inline]
        fn __write(&self, w: &mut #p::ImageWriter<'_>, at: ::core::primitive::usize) {
            #p::write_bytes(self, w, at)
        }

        #[inline]
        fn encode_slice(values: &[Self], out: &mut [::core::primitive::u8]) -> #p::Encoded {
            #p::encode_bytes(values, out)
        }
    }
}

/// Compile-time proof that a `#[ptx(zero_copy)]` struct's Rust layout is its PTX layout, and
/// the `ZeroCopy` impl it justifies.
fn zero_copy_proof(gen: &Gen, fields: &[Field]) -> TokenStream {
    let ident = gen.input.ident;
    let n = fields.len();
    let offsets = fields.iter().map(|f| {
        let m = &f.member;
        quote!(::core::mem::offset_of!(#ident, #m))
    });
    let span = gen.input.attrs.zero_copy.unwrap_or_else(super::call_site);
    let field_checks = fields_are_zero_copy(gen, fields, span);
    let p = &gen.p_at(span);
    let check = check_item(
        span,
        quote_spanned! {span=> #p::zero_copy_error::<#n>(
            <#ident as #p::PtxAbi>::TYPE,
            &#ident::__PTX_ABI_PLACED,
            ::core::mem::size_of::<#ident>(),
            ::core::mem::align_of::<#ident>(),
            &[#(#offsets),*],
        )},
    );
    quote_spanned! {span=>
        #check
        #field_checks
        // SAFETY: the `const` check above proves, at compile time, that the Rust size,
        // alignment and every field offset equal the PTX layout and that no byte is padding
        // (core skips it only when the layout breaks a rule, which the `layout_error` check
        // makes a compile error, so no program holds this impl then);
        // the closure above requires every field type to be `ZeroCopy` itself, so every byte
        // of a value is initialized and equals its encoded image.
        unsafe impl #p::ZeroCopy for #ident {}
        #p::__impl_zero_copy_integrations!(#ident);
    }
}

/// A compile-time requirement that every field type is `ZeroCopy`, reported on the field type
/// (the bound it comes from at `span`).
fn fields_are_zero_copy(gen: &Gen, fields: &[Field], span: proc_macro2::Span) -> TokenStream {
    let p = &gen.p_at(span);
    let checks = fields.iter().map(|f| {
        let ty = f.ty;
        quote_spanned! {ty.span()=> __ptx_abi_zero_copy::<#ty>(); }
    });
    quote_spanned! {span=>
        const _: fn() = || {
            fn __ptx_abi_zero_copy<T: ?::core::marker::Sized + #p::ZeroCopy>() {}
            #(#checks)*
        };
    }
}

/// A Rust `#[repr(C)] union` whose every member covers every byte.
pub fn rust_union(gen: &Gen, fields: &[Field]) -> TokenStream {
    let p = &gen.p;
    let ident = gen.input.ident;
    let described = gen.described();
    // Validation rejects a union without fields.
    let Some(first) = fields.first() else {
        return TokenStream::new();
    };
    let first_member = &first.member;
    let first_get = get(gen, 0, first.ty, None);
    let mut items = gen.aggregate_type(true, &described);
    items.extend(zero_copy_codec(gen));
    items.extend(decoder(
        gen,
        1,
        TokenStream::new(),
        quote!(Self { #first_member: #first_get }),
    ));
    let n = fields.len();
    let field_checks = fields_are_zero_copy(gen, fields, super::call_site());
    let mut extra = gen.described_consts(&described, n);
    let zeros = std::iter::repeat_n(quote!(0), n);
    let ps = gen.p_at(ident.span());
    extra.extend(check_item(
        ident.span(),
        quote_spanned! {ident.span()=>
            #ps::union_covers_error::<#n>(<#ident as #ps::PtxAbi>::TYPE, &#ident::__PTX_ABI_PLACED)
        },
    ));
    extra.extend(check_item(
        super::call_site(),
        quote! {#p::zero_copy_error::<#n>(
            <#ident as #p::PtxAbi>::TYPE,
            &#ident::__PTX_ABI_PLACED,
            ::core::mem::size_of::<#ident>(),
            ::core::mem::align_of::<#ident>(),
            &[#(#zeros),*],
        )},
    ));
    extra.extend(quote! {
        #field_checks
        // SAFETY: the checks above prove that every member's PTX size is the union's size
        // and that the Rust size and alignment equal the PTX ones (or, skipped, the layout
        // breaks a rule and `layout_error` stops the compile); every member type is
        // `ZeroCopy` (no padding, Rust layout = PTX layout), so whichever member initialized a
        // value, all of the union's bytes are initialized and are its PTX image.
        unsafe impl #p::ZeroCopy for #ident {}
        #p::__impl_zero_copy_integrations!(#ident);
    });
    gen.impl_ptx_abi(items, extra)
}

/// A `#[ptx(union)]` enum: on the device a C union of the variants' payloads; in Rust a
/// tagged enum, so the live member is always known. Encoding writes the live variant (the
/// writer stores the rest as zeros); decoding reads the `#[ptx(decode)]` variant, else the first (C also
/// initializes a union through its first member).
pub fn union_enum(gen: &Gen, variants: &[Variant]) -> TokenStream {
    let bits = |v: &Variant| v.attrs.bits.as_ref().map(|b| b.value);
    // Validation guarantees one payload per variant and at least one variant.
    let typed: Vec<(&Variant, &syn::Type)> = variants
        .iter()
        .filter_map(|v| Some((v, v.payload?)))
        .collect();
    if typed.len() != variants.len() || typed.is_empty() {
        return TokenStream::new();
    }
    let described = gen.described();
    let arms = typed.iter().enumerate().map(|(i, (v, ty))| {
        let ident = v.ident;
        let put = put(gen, i, &v.c_name(), ty, bits(v), quote!(*value));
        quote! { Self::#ident(value) => { #put } }
    });
    let decode_at = variants
        .iter()
        .position(|v| v.attrs.decode.is_some())
        .unwrap_or(0);
    let (decoded, decoded_ty) = typed[decode_at];
    let decoded_ident = decoded.ident;
    let decoded_get = get(gen, decode_at, decoded_ty, bits(decoded));
    let mut items = gen.aggregate_type(true, &described);
    items.extend(writer(gen, typed.len(), quote!(match self { #(#arms)* })));
    items.extend(decoder(
        gen,
        1,
        TokenStream::new(),
        quote!(Self::#decoded_ident(#decoded_get)),
    ));
    let extra = gen.described_consts(&described, variants.len());
    gen.impl_ptx_abi(items, extra)
}
