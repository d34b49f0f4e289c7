#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for Pair {
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "Pair",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Struct,
                align: 0,
                pack: 0,
                members: &[
                    __ptx::member("0", <u16 as __ptx::PtxAbi>::TYPE),
                    __ptx::member("1", <f64 as __ptx::PtxAbi>::TYPE),
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
            <u16 as __ptx::PtxAbi>::__write(&self.0, w, at + __p[0].offset);
            <f64 as __ptx::PtxAbi>::__write(&self.1, w, at + __p[1].offset);
        }
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            let __p = Self::__PTX_ABI_PLACEMENTS;
            __ptx::Ok(Self {
                0: <u16 as __ptx::PtxAbi>::__get(bytes, &__p[0])?,
                1: <f64 as __ptx::PtxAbi>::__get(bytes, &__p[1])?,
            })
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl Pair {
        const __PTX_ABI_PLACED: __ptx::Placed<2> = __ptx::try_place_members_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[<u16 as __ptx::PtxAbi>::__LAYOUT, <f64 as __ptx::PtxAbi>::__LAYOUT],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<2> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 2] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &Pair::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image!(PairImage for Pair);
    #[automatically_derived]
    #[allow(non_snake_case)]
    impl PairImage {
        ///Reads `0` from the image.
        #[inline]
        fn get_0(&self) -> ::core::result::Result<u16, __ptx::DecodeError> {
            <u16 as __ptx::PtxAbi>::__get(
                &self.bytes,
                &<Pair>::__PTX_ABI_PLACEMENTS[0usize],
            )
        }
        ///Writes `0` into the image; on error (a value that does not fit a bit-field) the image is unchanged.
        #[inline]
        fn set_0(
            &mut self,
            value: u16,
        ) -> ::core::result::Result<(), __ptx::EncodeError> {
            __ptx::set_member(
                self,
                &<Pair>::__PTX_ABI_PLACEMENTS[0usize],
                &value,
                <u16 as __ptx::PtxAbi>::__put,
            )
        }
        ///Reads `1` from the image.
        #[inline]
        fn get_1(&self) -> ::core::result::Result<f64, __ptx::DecodeError> {
            <f64 as __ptx::PtxAbi>::__get(
                &self.bytes,
                &<Pair>::__PTX_ABI_PLACEMENTS[1usize],
            )
        }
        ///Writes `1` into the image; on error (a value that does not fit a bit-field) the image is unchanged.
        #[inline]
        fn set_1(
            &mut self,
            value: f64,
        ) -> ::core::result::Result<(), __ptx::EncodeError> {
            __ptx::set_member(
                self,
                &<Pair>::__PTX_ABI_PLACEMENTS[1usize],
                &value,
                <f64 as __ptx::PtxAbi>::__put,
            )
        }
    }
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("Pair") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`Pair`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. Accessors decode and encode single members in place.
#[allow(non_camel_case_types, dead_code)]
type PairImage = <Pair as ::ptx_abi::codec::HasImage>::Image;
