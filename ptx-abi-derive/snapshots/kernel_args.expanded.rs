#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for ScaleArgs {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::params_as_data(
            Self::TYPE,
            &Self::__PTX_ABI_MEMBERS,
        );
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "ScaleArgs",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Struct,
                align: 0,
                pack: 0,
                members: &[
                    __ptx::member("data", <DevicePtr<f32> as __ptx::PtxAbi>::TYPE),
                    __ptx::member("n", <u32 as __ptx::PtxAbi>::TYPE),
                    __ptx::member("factor", <f64 as __ptx::PtxAbi>::TYPE),
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
            <DevicePtr<
                f32,
            > as __ptx::PtxAbi>::__write(&self.data, w, at + __p[0].offset);
            <u32 as __ptx::PtxAbi>::__write(&self.n, w, at + __p[1].offset);
            <f64 as __ptx::PtxAbi>::__write(&self.factor, w, at + __p[2].offset);
        }
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            let __p = Self::__PTX_ABI_PLACEMENTS;
            __ptx::Ok(Self {
                data: <DevicePtr<f32> as __ptx::PtxAbi>::__get(bytes, &__p[0])?,
                n: <u32 as __ptx::PtxAbi>::__get(bytes, &__p[1])?,
                factor: <f64 as __ptx::PtxAbi>::__get(bytes, &__p[2])?,
            })
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl ScaleArgs {
        const __PTX_ABI_PLACED: __ptx::Placed<3> = __ptx::try_place_params_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[
                <DevicePtr<f32> as __ptx::PtxAbi>::__LAYOUT,
                <u32 as __ptx::PtxAbi>::__LAYOUT,
                <f64 as __ptx::PtxAbi>::__LAYOUT,
            ],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<3> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 3] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &ScaleArgs::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image_layout!(ScaleArgs);
    const _: () = {
        const _: () = if let __ptx::Some(__e) = __ptx::param_limit_error(32764) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_name_error("scale") {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <ScaleArgs as __ptx::PtxAbi>::TYPE,
            "scale",
            &ScaleArgs::__PTX_ABI_MEMBERS,
            0usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <ScaleArgs as __ptx::PtxAbi>::TYPE,
            "scale",
            &ScaleArgs::__PTX_ABI_MEMBERS,
            1usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_param_error::<
            3,
        >(
            <ScaleArgs as __ptx::PtxAbi>::TYPE,
            "scale",
            &ScaleArgs::__PTX_ABI_MEMBERS,
            2usize,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_limit_error::<
            3,
        >(
            <ScaleArgs as __ptx::PtxAbi>::TYPE,
            "scale",
            &ScaleArgs::__PTX_ABI_MEMBERS,
            <ScaleArgs as __ptx::KernelParams>::PARAM_LIMIT,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        #[automatically_derived]
        impl __ptx::KernelParams for ScaleArgs {
            const KERNEL: &'static ::core::primitive::str = "scale";
            const PARAM_LIMIT: ::core::primitive::usize = __ptx::requested_param_limit(
                32764,
            );
            const BUFFER_SIZE: ::core::primitive::usize = __ptx::buffer_size::<
                3,
            >(&ScaleArgs::__PTX_ABI_MEMBERS);
            const PARAM_OFFSETS: &'static [::core::primitive::usize] = &__ptx::param_offsets::<
                3,
            >(&ScaleArgs::__PTX_ABI_MEMBERS);
            const PARAM_PLACEMENTS: &'static [__ptx::Placement] = ScaleArgs::__PTX_ABI_PLACEMENTS;
            type Signature = ScaleArgs;
            type Image = ScaleArgsImage;
            type Pointers = [*mut __ptx::c_void; 3];
            fn pointers(image: &mut ScaleArgsImage) -> [*mut __ptx::c_void; 3] {
                __ptx::param_pointers::<
                    3,
                >(
                    <ScaleArgsImage as __ptx::PtxImage>::as_bytes_mut(image),
                    &ScaleArgs::__PTX_ABI_MEMBERS,
                )
            }
            fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
                &'__ptx_abi_s mut self,
                __ptx_abi_stream: __ptx::LaunchStream<'__ptx_abi_s>,
                __ptx_abi_launch: impl ::core::ops::FnOnce(
                    &mut ScaleArgsImage,
                ) -> __PtxAbiR,
            ) -> ::core::result::Result<__PtxAbiR, __ptx::EncodeError> {
                let mut __ptx_abi_image = <ScaleArgsImage as __ptx::PtxImage>::zeroed();
                let __ptx_abi_out = <ScaleArgsImage as __ptx::PtxImage>::as_bytes_mut(
                    &mut __ptx_abi_image,
                );
                let __ptx_abi_g0 = <DevicePtr<
                    f32,
                > as __ptx::PtxAbi>::__bind(
                    &mut self.data,
                    __ptx_abi_out,
                    &Self::__PTX_ABI_PLACEMENTS[0usize],
                    __ptx_abi_stream,
                )?;
                let __ptx_abi_g1 = <u32 as __ptx::PtxAbi>::__bind(
                    &mut self.n,
                    __ptx_abi_out,
                    &Self::__PTX_ABI_PLACEMENTS[1usize],
                    __ptx_abi_stream,
                )?;
                let __ptx_abi_g2 = <f64 as __ptx::PtxAbi>::__bind(
                    &mut self.factor,
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
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("ScaleArgs") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`ScaleArgs`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`ScaleArgs`] adds a getter and a setter per member.
#[allow(non_camel_case_types, dead_code)]
type ScaleArgsImage = <ScaleArgs as ::ptx_abi::codec::HasImage>::Image;
