#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for MulMatQ {
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
            name: "MulMatQ",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Struct,
                align: 0,
                members: &[
                    ::ptx_abi::__private::v1::Member {
                        name: "x",
                        ty: <DeviceConstPtr<
                            f32,
                        > as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    ::ptx_abi::__private::v1::Member {
                        name: "dst",
                        ty: <DevicePtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    ::ptx_abi::__private::v1::Member {
                        name: "n",
                        ty: <i32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
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
            if let ::core::result::Result::Err(e) = <DeviceConstPtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                &self.x,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <DevicePtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                &self.dst,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <i32 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[2usize],
                &self.n,
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
                x: match <DeviceConstPtr<
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
                dst: match <DevicePtr<
                    f32,
                > as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[1usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                n: match <i32 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[2usize],
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
    impl MulMatQ {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<3usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_params_given::<
            3usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[
                <DeviceConstPtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <DevicePtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <i32 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
            ],
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBERS: ::ptx_abi::__private::v1::MemberLayout<3usize> = ::ptx_abi::__private::v1::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        #[doc(hidden)]
        const __PTX_ABI_PLACEMENTS: &'static [::ptx_abi::__private::v1::Placement; 3usize] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::layout_error(
        &MulMatQ::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`MulMatQ`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`MulMatQ`] adds a getter and a setter per member.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct MulMatQImage {
    bytes: [::core::primitive::u8; <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < MulMatQImage > () == < MulMatQ as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: <
        MulMatQImage > () == < MulMatQ as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for MulMatQImage {
        type Value = MulMatQ;
        fn zeroed() -> Self {
            MulMatQImage {
                bytes: [0; <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
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
    ::ptx_abi::__private::v1::__impl_image_integrations!(MulMatQImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for MulMatQImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for MulMatQImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for MulMatQImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for MulMatQImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(MulMatQImage)).field(&self.bytes).finish()
        }
    }
};
const _: () = {
    const __PTX_ABI_FUNCTION: ::ptx_abi::__private::v1::CxxFunction = ::ptx_abi::__private::v1::CxxFunction {
        name: "mul_mat_q<float, 32, true>",
        template: "typename T, int BLOCK, bool CHECK",
        ret: "void",
    };
    const __PTX_ABI_PARAMS: &[::ptx_abi::__private::v1::CxxParam] = &[
        ::ptx_abi::__private::v1::CxxParam::Declared {
            spelling: "const T*",
            field: <DeviceConstPtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::CXX,
        },
        ::ptx_abi::__private::v1::CxxParam::Declared {
            spelling: "T*",
            field: <DevicePtr<f32> as ::ptx_abi::__private::v1::PtxAbi>::CXX,
        },
        ::ptx_abi::__private::v1::CxxParam::Type(
            <i32 as ::ptx_abi::__private::v1::PtxAbi>::CXX,
        ),
    ];
    const __PTX_ABI_CAPACITY: ::core::primitive::usize = ::ptx_abi::__private::v1::function_capacity(
        &__PTX_ABI_FUNCTION,
        __PTX_ABI_PARAMS,
    );
    const __PTX_ABI_MANGLED: &::core::result::Result<
        ::ptx_abi::__private::v1::Mangled<__PTX_ABI_CAPACITY>,
        ::ptx_abi::__private::v1::MangleError,
    > = &::ptx_abi::__private::v1::mangle_function_in::<
        __PTX_ABI_CAPACITY,
    >(&__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS);
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::function_name_error(
        &__PTX_ABI_FUNCTION,
        __PTX_ABI_PARAMS,
        __PTX_ABI_MANGLED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::template_list_error(
        &__PTX_ABI_FUNCTION,
        __PTX_ABI_MANGLED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::declared_param_error(
        &__PTX_ABI_FUNCTION,
        __PTX_ABI_PARAMS,
        __PTX_ABI_MANGLED,
        0usize,
        "x",
        "DeviceConstPtr<f32>",
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::declared_param_error(
        &__PTX_ABI_FUNCTION,
        __PTX_ABI_PARAMS,
        __PTX_ABI_MANGLED,
        1usize,
        "dst",
        "DevicePtr<f32>",
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_param_error::<
        3usize,
    >(
        <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "mul_mat_q<float, 32, true>",
        &MulMatQ::__PTX_ABI_MEMBERS,
        0usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_param_error::<
        3usize,
    >(
        <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "mul_mat_q<float, 32, true>",
        &MulMatQ::__PTX_ABI_MEMBERS,
        1usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_param_error::<
        3usize,
    >(
        <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "mul_mat_q<float, 32, true>",
        &MulMatQ::__PTX_ABI_MEMBERS,
        2usize,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::kernel_limit_error::<
        3usize,
    >(
        <MulMatQ as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        "mul_mat_q<float, 32, true>",
        &MulMatQ::__PTX_ABI_MEMBERS,
        <MulMatQ as ::ptx_abi::__private::v1::KernelParams>::PARAM_LIMIT,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::KernelParams for MulMatQ {
        const KERNEL: &'static ::core::primitive::str = ::ptx_abi::__private::v1::mangled_name(
            __PTX_ABI_MANGLED,
        );
        const PARAM_LIMIT: ::core::primitive::usize = ::ptx_abi::__private::v1::PARAM_LIMIT;
        const BUFFER_SIZE: ::core::primitive::usize = ::ptx_abi::__private::v1::buffer_size::<
            3usize,
        >(&MulMatQ::__PTX_ABI_MEMBERS);
        const PARAM_OFFSETS: &'static [::core::primitive::usize] = &::ptx_abi::__private::v1::param_offsets::<
            3usize,
        >(&MulMatQ::__PTX_ABI_MEMBERS);
        type Signature = MulMatQ;
        type Image = MulMatQImage;
        type Pointers = [*mut ::ptx_abi::__private::v1::c_void; 3usize];
        fn pointers(
            image: &mut MulMatQImage,
        ) -> [*mut ::ptx_abi::__private::v1::c_void; 3usize] {
            ::ptx_abi::__private::v1::param_pointers::<
                3usize,
            >(
                <MulMatQImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                    image,
                ),
                &MulMatQ::__PTX_ABI_MEMBERS,
            )
        }
        fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
            &'__ptx_abi_s mut self,
            __ptx_abi_stream: ::ptx_abi::__private::v1::LaunchStream<'__ptx_abi_s>,
            __ptx_abi_launch: impl ::core::ops::FnOnce(&mut MulMatQImage) -> __PtxAbiR,
        ) -> ::core::result::Result<__PtxAbiR, ::ptx_abi::__private::v1::EncodeError> {
            let mut __ptx_abi_image = <MulMatQImage as ::ptx_abi::__private::v1::PtxImage>::zeroed();
            let __ptx_abi_out = <MulMatQImage as ::ptx_abi::__private::v1::PtxImage>::as_bytes_mut(
                &mut __ptx_abi_image,
            );
            let __ptx_abi_g0 = <DeviceConstPtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__bind(
                &mut self.x,
                __ptx_abi_out,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                __ptx_abi_stream,
            )?;
            let __ptx_abi_g1 = <DevicePtr<
                f32,
            > as ::ptx_abi::__private::v1::PtxAbi>::__bind(
                &mut self.dst,
                __ptx_abi_out,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                __ptx_abi_stream,
            )?;
            let __ptx_abi_g2 = <i32 as ::ptx_abi::__private::v1::PtxAbi>::__bind(
                &mut self.n,
                __ptx_abi_out,
                &Self::__PTX_ABI_PLACEMENTS[2usize],
                __ptx_abi_stream,
            )?;
            let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
            ::ptx_abi::__private::v1::finish_guards([
                __ptx_abi_g0,
                __ptx_abi_g1,
                __ptx_abi_g2,
            ])?;
            ::core::result::Result::Ok(__ptx_abi_result)
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "MulMatQ",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
