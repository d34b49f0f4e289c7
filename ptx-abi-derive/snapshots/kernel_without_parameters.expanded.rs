#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for InitArgs {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: ::core::result::Result<
            ::ptx_abi::__private::v1::Layout,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::params_as_data(
            Self::TYPE,
            &Self::__PTX_ABI_MEMBERS,
        );
        const TYPE: &'static ::ptx_abi::__private::v1::TypeDesc = &::ptx_abi::__private::v1::TypeDesc {
            name: "InitArgs",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Struct,
                align: 0,
                members: &[],
            },
        };
        #[inline]
        fn encode(
            &self,
            out: &mut [::core::primitive::u8],
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            let mut stage = ::ptx_abi::__private::v1::Stage::new();
            let _ = ::ptx_abi::__private::v1::begin_encode::<Self>(out, &mut stage)?;
            ::ptx_abi::__private::v1::end_encode::<Self>(out, &stage)
        }
        #[inline]
        fn decode(
            bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, ::ptx_abi::__private::v1::DecodeError> {
            ::ptx_abi::__private::v1::begin_decode::<Self>(bytes)?;
            ::core::result::Result::Ok(Self {})
        }
    }
    #[automatically_derived]
    impl InitArgs {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<0usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_params_given::<
            0usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[],
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBERS: ::ptx_abi::__private::v1::MemberLayout<0usize> = ::ptx_abi::__private::v1::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        #[doc(hidden)]
        const __PTX_ABI_PLACEMENTS: &'static [::ptx_abi::__private::v1::Placement; 0usize] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::layout_error(
        &InitArgs::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`InitArgs`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`InitArgs`] adds a getter and a setter per member.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct InitArgsImage {
    bytes: [::core::primitive::u8; <InitArgs as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <InitArgs as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < InitArgsImage > () == < InitArgs as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: <
        InitArgsImage > () == < InitArgs as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for InitArgsImage {
        type Value = InitArgs;
        fn zeroed() -> Self {
            InitArgsImage {
                bytes: [0; <InitArgs as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
                _align: [],
            }
        }
        fn as_bytes(&self) -> &[::core::primitive::u8] {
            &self.bytes
        }
        fn as_bytes_mut(&mut self) -> &mut [::core::primitive::u8] {
            &mut self.bytes
        }
    }
    ::ptx_abi::__private::v1::__impl_image_integrations!(InitArgsImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for InitArgsImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for InitArgsImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for InitArgsImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for InitArgsImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(InitArgsImage)).field(&self.bytes).finish()
        }
    }
};
const _: () = {
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_name_error(
        "init",
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_limit_error::<
        0usize,
    >(
        <InitArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "init",
        &InitArgs::__PTX_ABI_MEMBERS,
        <InitArgs as ::ptx_abi::__private::v1::KernelParams>::PARAM_LIMIT,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::KernelParams for InitArgs {
        const KERNEL: &'static ::core::primitive::str = "init";
        const PARAM_LIMIT: ::core::primitive::usize = ::ptx_abi::__private::v1::PARAM_LIMIT;
        const BUFFER_SIZE: ::core::primitive::usize = ::ptx_abi::__private::v1::buffer_size::<
            0usize,
        >(&InitArgs::__PTX_ABI_MEMBERS);
        const PARAM_OFFSETS: &'static [::core::primitive::usize] = &::ptx_abi::__private::v1::param_offsets::<
            0usize,
        >(&InitArgs::__PTX_ABI_MEMBERS);
        type Signature = InitArgs;
        type Image = InitArgsImage;
        type Pointers = [*mut ::ptx_abi::__private::v1::c_void; 0usize];
        fn pointers(
            image: &mut InitArgsImage,
        ) -> [*mut ::ptx_abi::__private::v1::c_void; 0usize] {
            ::ptx_abi::__private::v1::param_pointers::<
                0usize,
            >(
                <InitArgsImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                    image,
                ),
                &InitArgs::__PTX_ABI_MEMBERS,
            )
        }
        fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
            &'__ptx_abi_s mut self,
            __ptx_abi_stream: ::ptx_abi::__private::v1::LaunchStream<'__ptx_abi_s>,
            __ptx_abi_launch: impl ::core::ops::FnOnce(&mut InitArgsImage) -> __PtxAbiR,
        ) -> ::core::result::Result<__PtxAbiR, ::ptx_abi::__private::v1::EncodeError> {
            let mut __ptx_abi_image = <InitArgsImage as ::ptx_abi::__private::v1::PtxImage>::zeroed();
            let __ptx_abi_out = <InitArgsImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                &mut __ptx_abi_image,
            );
            let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
            ::ptx_abi::__private::v1::finish_guards([])?;
            ::core::result::Result::Ok(__ptx_abi_result)
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "InitArgs",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
