#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for MulMatQ {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::params_as_data(
            Self::TYPE,
            &Self::__PTX_ABI_MEMBERS,
        );
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "MulMatQ",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Struct,
                align: 0,
                pack: 0,
                members: &[
                    __ptx::member("x", <DeviceConstPtr<f32> as __ptx::PtxAbi>::TYPE),
                    __ptx::member("dst", <DevicePtr<f32> as __ptx::PtxAbi>::TYPE),
                    __ptx::member("n", <i32 as __ptx::PtxAbi>::TYPE),
                ],
            },
        };
        #[inline]
        fn encode(&self, out: &mut [::core::primitive::u8]) -> __ptx::Encoded {
            __ptx::encode(self, out)
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn __write(&self, w: &mut __ptx::ImageWriter<'_>, at: ::core::primitive::usize) {
            let __p = Self::__PTX_ABI_PLACEMENTS;
            <DeviceConstPtr<
                f32,
            > as __ptx::PtxAbi>::__write(&self.x, w, at + __p[0].offset);
            <DevicePtr<f32> as __ptx::PtxAbi>::__write(&self.dst, w, at + __p[1].offset);
            <i32 as __ptx::PtxAbi>::__write(&self.n, w, at + __p[2].offset);
        }
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            let __p = Self::__PTX_ABI_PLACEMENTS;
            __ptx::Ok(Self {
                x: <DeviceConstPtr<f32> as __ptx::PtxAbi>::__get(bytes, &__p[0])?,
                dst: <DevicePtr<f32> as __ptx::PtxAbi>::__get(bytes, &__p[1])?,
                n: <i32 as __ptx::PtxAbi>::__get(bytes, &__p[2])?,
            })
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl MulMatQ {
        const __PTX_ABI_PLACED: __ptx::Placed<3> = __ptx::try_place_params_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[
                <DeviceConstPtr<f32> as __ptx::PtxAbi>::__LAYOUT,
                <DevicePtr<f32> as __ptx::PtxAbi>::__LAYOUT,
                <i32 as __ptx::PtxAbi>::__LAYOUT,
            ],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<3> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 3] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &MulMatQ::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image_layout!(MulMatQ);
    const _: () = {
        const __PTX_ABI_FUNCTION: __ptx::CxxFunction = __ptx::CxxFunction {
            name: "mul_mat_q<float, 32, true>",
            template: "typename T, int BLOCK, bool CHECK",
            ret: "void",
        };
        const __PTX_ABI_PARAMS: &[__ptx::CxxParam] = &[
            __ptx::CxxParam::Declared {
                spelling: "const T*",
                field: <DeviceConstPtr<f32> as __ptx::PtxAbi>::CXX,
            },
            __ptx::CxxParam::Declared {
                spelling: "T*",
                field: <DevicePtr<f32> as __ptx::PtxAbi>::CXX,
            },
            __ptx::CxxParam::Type(<i32 as __ptx::PtxAbi>::CXX),
        ];
        const __PTX_ABI_CAPACITY: ::core::primitive::usize = __ptx::function_capacity(
            &__PTX_ABI_FUNCTION,
            __PTX_ABI_PARAMS,
        );
        const __PTX_ABI_MANGLED: &::core::result::Result<
            __ptx::Mangled<__PTX_ABI_CAPACITY>,
            __ptx::MangleError,
        > = &__ptx::mangle_function_in::<
            __PTX_ABI_CAPACITY,
        >(&__PTX_ABI_FUNCTION, __PTX_ABI_PARAMS);
        const _: () = if let __ptx::Some(__e) = __ptx::function_name_error(
            &__PTX_ABI_FUNCTION,
            __PTX_ABI_PARAMS,
            __PTX_ABI_MANGLED,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::template_list_error(
            &__PTX_ABI_FUNCTION,
            __PTX_ABI_MANGLED,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::declared_param_error(
            &__PTX_ABI_FUNCTION,
            __PTX_ABI_PARAMS,
            __PTX_ABI_MANGLED,
            0usize,
            "x",
            "DeviceConstPtr<f32>",
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::declared_param_error(
            &__PTX_ABI_FUNCTION,
            __PTX_ABI_PARAMS,
            __PTX_ABI_MANGLED,
            1usize,
            "dst",
            "DevicePtr<f32>",
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <MulMatQ as __ptx::PtxAbi>::TYPE,
            "mul_mat_q<float, 32, true>",
            &MulMatQ::__PTX_ABI_MEMBERS,
            0usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <MulMatQ as __ptx::PtxAbi>::TYPE,
            "mul_mat_q<float, 32, true>",
            &MulMatQ::__PTX_ABI_MEMBERS,
            1usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <MulMatQ as __ptx::PtxAbi>::TYPE,
            "mul_mat_q<float, 32, true>",
            &MulMatQ::__PTX_ABI_MEMBERS,
            2usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_limit_error::<
            3,
        >(
            <MulMatQ as __ptx::PtxAbi>::TYPE,
            "mul_mat_q<float, 32, true>",
            &MulMatQ::__PTX_ABI_MEMBERS,
            <MulMatQ as __ptx::KernelParams>::PARAM_LIMIT,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        #[automatically_derived]
        impl __ptx::KernelParams for MulMatQ {
            const KERNEL: &'static ::core::primitive::str = __ptx::mangled_name(
                __PTX_ABI_MANGLED,
            );
            const PARAM_LIMIT: ::core::primitive::usize = __ptx::PARAM_LIMIT;
            const BUFFER_SIZE: ::core::primitive::usize = __ptx::buffer_size::<
                3,
            >(&MulMatQ::__PTX_ABI_MEMBERS);
            const PARAM_OFFSETS: &'static [::core::primitive::usize] = &__ptx::param_offsets::<
                3,
            >(&MulMatQ::__PTX_ABI_MEMBERS);
            const PARAM_PLACEMENTS: &'static [__ptx::Placement] = MulMatQ::__PTX_ABI_PLACEMENTS;
            type Signature = MulMatQ;
            type Image = MulMatQImage;
            type Pointers = [*mut __ptx::c_void; 3];
            fn pointers(image: &mut MulMatQImage) -> [*mut __ptx::c_void; 3] {
                __ptx::param_pointers::<
                    3,
                >(
                    <MulMatQImage as __ptx::PtxImage>::as_bytes_mut(image),
                    &MulMatQ::__PTX_ABI_MEMBERS,
                )
            }
            fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
                &'__ptx_abi_s mut self,
                __ptx_abi_stream: __ptx::LaunchStream<'__ptx_abi_s>,
                __ptx_abi_launch: impl ::core::ops::FnOnce(
                    &mut MulMatQImage,
                ) -> __PtxAbiR,
            ) -> ::core::result::Result<__PtxAbiR, __ptx::EncodeError> {
                let mut __ptx_abi_image = <MulMatQImage as __ptx::PtxImage>::zeroed();
                let __ptx_abi_out = <MulMatQImage as __ptx::PtxImage>::as_bytes_mut(
                    &mut __ptx_abi_image,
                );
                let __ptx_abi_g0 = <DeviceConstPtr<
                    f32,
                > as __ptx::PtxAbi>::__bind(
                    &mut self.x,
                    __ptx_abi_out,
                    &Self::__PTX_ABI_PLACEMENTS[0usize],
                    __ptx_abi_stream,
                )?;
                let __ptx_abi_g1 = <DevicePtr<
                    f32,
                > as __ptx::PtxAbi>::__bind(
                    &mut self.dst,
                    __ptx_abi_out,
                    &Self::__PTX_ABI_PLACEMENTS[1usize],
                    __ptx_abi_stream,
                )?;
                let __ptx_abi_g2 = <i32 as __ptx::PtxAbi>::__bind(
                    &mut self.n,
                    __ptx_abi_out,
                    &Self::__PTX_ABI_PLACEMENTS[2usize],
                    __ptx_abi_stream,
                )?;
                let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
                __ptx::finish_guards([__ptx_abi_g0, __ptx_abi_g1, __ptx_abi_g2])?;
                ::core::result::Result::Ok(__ptx_abi_result)
            }
        }
    };
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("MulMatQ") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`MulMatQ`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`MulMatQ`] adds a getter and a setter per member.
#[allow(non_camel_case_types, dead_code)]
type MulMatQImage = <MulMatQ as ::ptx_abi::codec::HasImage>::Image;
