#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for InitArgs {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::params_as_data(
            Self::TYPE,
            &Self::__PTX_ABI_MEMBERS,
        );
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "InitArgs",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Struct,
                align: 0,
                pack: 0,
                members: &[],
            },
        };
        #[inline]
        fn encode(&self, out: &mut [::core::primitive::u8]) -> __ptx::Encoded {
            __ptx::encode(self, out)
        }
        #[cfg_attr(not(debug_assertions), inline(always))]
        #[cfg_attr(debug_assertions, inline)]
        fn __write(&self, _: &mut __ptx::ImageWriter<'_>, _: ::core::primitive::usize) {}
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            __ptx::Ok(Self {})
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl InitArgs {
        const __PTX_ABI_PLACED: __ptx::Placed<0> = __ptx::try_place_params_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<0> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 0] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &InitArgs::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image_layout!(InitArgs);
    const _: () = {
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_name_error("init") {
            ::core::panic!("{}", __e.as_str())
        };
        const _: () = if let __ptx::Some(__e) = __ptx::kernel_limit_error::<
            0,
        >(
            <InitArgs as __ptx::PtxAbi>::TYPE,
            "init",
            &InitArgs::__PTX_ABI_MEMBERS,
            <InitArgs as __ptx::KernelParams>::PARAM_LIMIT,
        ) {
            ::core::panic!("{}", __e.as_str())
        };
        #[automatically_derived]
        impl __ptx::KernelParams for InitArgs {
            const KERNEL: &'static ::core::primitive::str = "init";
            const PARAM_LIMIT: ::core::primitive::usize = __ptx::PARAM_LIMIT;
            const BUFFER_SIZE: ::core::primitive::usize = __ptx::buffer_size::<
                0,
            >(&InitArgs::__PTX_ABI_MEMBERS);
            const PARAM_OFFSETS: &'static [::core::primitive::usize] = &__ptx::param_offsets::<
                0,
            >(&InitArgs::__PTX_ABI_MEMBERS);
            const PARAM_PLACEMENTS: &'static [__ptx::Placement] = InitArgs::__PTX_ABI_PLACEMENTS;
            type Signature = InitArgs;
            type Image = InitArgsImage;
            type Pointers = [*mut __ptx::c_void; 0];
            fn pointers(image: &mut InitArgsImage) -> [*mut __ptx::c_void; 0] {
                __ptx::param_pointers::<
                    0,
                >(
                    <InitArgsImage as __ptx::PtxImage>::as_bytes_mut(image),
                    &InitArgs::__PTX_ABI_MEMBERS,
                )
            }
            fn __bind_params<'__ptx_abi_s, __PtxAbiR>(
                &'__ptx_abi_s mut self,
                __ptx_abi_stream: __ptx::LaunchStream<'__ptx_abi_s>,
                __ptx_abi_launch: impl ::core::ops::FnOnce(
                    &mut InitArgsImage,
                ) -> __PtxAbiR,
            ) -> ::core::result::Result<__PtxAbiR, __ptx::EncodeError> {
                let mut __ptx_abi_image = <InitArgsImage as __ptx::PtxImage>::zeroed();
                let __ptx_abi_out = <InitArgsImage as __ptx::PtxImage>::as_bytes_mut(
                    &mut __ptx_abi_image,
                );
                let __ptx_abi_result = __ptx_abi_launch(&mut __ptx_abi_image);
                __ptx::finish_guards([])?;
                ::core::result::Result::Ok(__ptx_abi_result)
            }
        }
    };
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("InitArgs") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`InitArgs`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`InitArgs`] adds a getter and a setter per member.
#[allow(non_camel_case_types, dead_code)]
type InitArgsImage = <InitArgs as ::ptx_abi::codec::HasImage>::Image;
