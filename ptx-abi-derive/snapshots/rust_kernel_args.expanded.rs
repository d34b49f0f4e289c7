#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for ShadeArgs {
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
            name: "ShadeArgs",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Struct,
                align: 0,
                members: &[
                    ::ptx_abi::__private::v1::Member {
                        name: "out",
                        ty: <DevicePtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    ::ptx_abi::__private::v1::Member {
                        name: "color",
                        ty: <Float4 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                ],
            },
        };
        #[inline]
        fn encode(
            &self,
            out: &mut [::core::primitive::u8],
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            let mut stage = ::ptx_abi::__private::v1::Stage::new();
            let image = ::ptx_abi::__private::v1::begin_encode::<Self>(out, &mut stage)?;
            if let ::core::result::Result::Err(e) = <DevicePtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                &self.out,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                &self.color,
            ) {
                return ::core::result::Result::Err(e);
            }
            ::ptx_abi::__private::v1::end_encode::<Self>(out, &stage)
        }
        #[inline]
        fn decode(
            bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, ::ptx_abi::__private::v1::DecodeError> {
            ::ptx_abi::__private::v1::begin_decode::<Self>(bytes)?;
            ::core::result::Result::Ok(Self {
                out: match <DevicePtr<
                    f32,
                > as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[0usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                color: match <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[1usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
            })
        }
    }
    #[automatically_derived]
    impl ShadeArgs {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<2usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_params_given::<
            2usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[
                <DevicePtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
            ],
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBERS: ::ptx_abi::__private::v1::MemberLayout<2usize> = ::ptx_abi::__private::v1::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        #[doc(hidden)]
        const __PTX_ABI_PLACEMENTS: &'static [::ptx_abi::__private::v1::Placement; 2usize] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::layout_error(
        &ShadeArgs::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`ShadeArgs`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`ShadeArgs`] adds a getter and a setter per member.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct ShadeArgsImage {
    bytes: [::core::primitive::u8; <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < ShadeArgsImage > () == < ShadeArgs as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: <
        ShadeArgsImage > () == < ShadeArgs as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for ShadeArgsImage {
        type Value = ShadeArgs;
        fn zeroed() -> Self {
            ShadeArgsImage {
                bytes: [0; <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
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
    ::ptx_abi::__private::v1::__impl_image_integrations!(ShadeArgsImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for ShadeArgsImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for ShadeArgsImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for ShadeArgsImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for ShadeArgsImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(ShadeArgsImage)).field(&self.bytes).finish()
        }
    }
};
const _: () = {
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_name_error(
        "shade",
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_param_error::<
        2usize,
    >(
        <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "shade",
        &ShadeArgs::__PTX_ABI_MEMBERS,
        0usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::rust_kernel_param_error::<
        2usize,
    >(
        <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "shade",
        &ShadeArgs::__PTX_ABI_MEMBERS,
        0usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_param_error::<
        2usize,
    >(
        <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "shade",
        &ShadeArgs::__PTX_ABI_MEMBERS,
        1usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::rust_kernel_param_error::<
        2usize,
    >(
        <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "shade",
        &ShadeArgs::__PTX_ABI_MEMBERS,
        1usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_limit_error::<
        2usize,
    >(
        <ShadeArgs as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "shade",
        &ShadeArgs::__PTX_ABI_MEMBERS,
        <ShadeArgs as ::ptx_abi::__private::v1::KernelParams>::PARAM_LIMIT,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::KernelParams for ShadeArgs {
        const KERNEL: &'static ::core::primitive::str = "shade";
        const PARAM_LIMIT: ::core::primitive::usize = ::ptx_abi::__private::v1::PARAM_LIMIT;
        const BUFFER_SIZE: ::core::primitive::usize = ::ptx_abi::__private::v1::buffer_size::<
            2usize,
        >(&ShadeArgs::__PTX_ABI_MEMBERS);
        const PARAM_OFFSETS: &'static [::core::primitive::usize] = &::ptx_abi::__private::v1::param_offsets::<
            2usize,
        >(&ShadeArgs::__PTX_ABI_MEMBERS);
        type Signature = ShadeArgs;
        type Image = ShadeArgsImage;
        type Pointers = [*mut ::ptx_abi::__private::v1::c_void; 2usize];
        fn pointers(
            image: &mut ShadeArgsImage,
        ) -> [*mut ::ptx_abi::__private::v1::c_void; 2usize] {
            ::ptx_abi::__private::v1::param_pointers::<
                2usize,
            >(
                <ShadeArgsImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                    image,
                ),
                &ShadeArgs::__PTX_ABI_MEMBERS,
            )
        }
        fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
            &'__ptx_abi_s mut self,
            __ptx_abi_stream: ::ptx_abi::__private::v1::LaunchStream<'__ptx_abi_s>,
            __ptx_abi_launch: impl ::core::ops::FnOnce(&mut ShadeArgsImage) -> __PtxAbiR,
        ) -> ::core::result::Result<__PtxAbiR, ::ptx_abi::__private::v1::EncodeError> {
            let mut __ptx_abi_image = <ShadeArgsImage as ::ptx_abi::__private::v1::PtxImage>::zeroed();
            let __ptx_abi_out = <ShadeArgsImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                &mut __ptx_abi_image,
            );
            let __ptx_abi_g0 = <DevicePtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__bind(
                &mut self.out,
                __ptx_abi_out,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                __ptx_abi_stream,
            )?;
            let __ptx_abi_g1 = <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__bind(
                &mut self.color,
                __ptx_abi_out,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                __ptx_abi_stream,
            )?;
            let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
            ::ptx_abi::__private::v1::finish_guards([__ptx_abi_g0, __ptx_abi_g1])?;
            ::core::result::Result::Ok(__ptx_abi_result)
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "ShadeArgs",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
