#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for Payload {
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "Payload",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Union,
                align: 0,
                pack: 0,
                members: &[
                    __ptx::member("Word", <u32 as __ptx::PtxAbi>::TYPE),
                    Self::__PTX_ABI_MEMBER_1,
                    Self::__PTX_ABI_MEMBER_2,
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
            match self {
                Self::Word(value) => {
                    <u32 as __ptx::PtxAbi>::__write(&*value, w, at + __p[0].offset);
                }
                Self::Nibble(value) => {
                    <u8 as __ptx::BitFieldType>::__write_bits(
                        w,
                        at,
                        &__p[1],
                        *value,
                        "Payload",
                        "Nibble",
                    );
                }
                Self::Bytes(value) => {
                    <[u8; 4] as __ptx::PtxAbi>::__write(&*value, w, at + __p[2].offset);
                }
            }
        }
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            let __p = Self::__PTX_ABI_PLACEMENTS;
            __ptx::Ok(Self::Bytes(<[u8; 4] as __ptx::PtxAbi>::__get(bytes, &__p[2])?))
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl Payload {
        const __PTX_ABI_MEMBER_1: __ptx::Member = __ptx::named_bit_field(
            "Nibble",
            <u8 as __ptx::PtxAbi>::TYPE,
            4,
        );
        const __PTX_ABI_MEMBER_2: __ptx::Member = __ptx::array_member(
            "Bytes",
            <[u8; 4] as __ptx::PtxAbi>::TYPE,
        );
        const __PTX_ABI_PLACED: __ptx::Placed<3> = __ptx::try_place_members_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[
                <u32 as __ptx::PtxAbi>::__LAYOUT,
                <u8 as __ptx::PtxAbi>::__LAYOUT,
                <[u8; 4] as __ptx::PtxAbi>::__LAYOUT,
            ],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<3> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 3] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::named_bit_field_error(
        "Nibble",
        <u8 as __ptx::PtxAbi>::TYPE,
        4,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::array_member_error(
        "Bytes",
        <[u8; 4] as __ptx::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &Payload::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image!(PayloadImage for Payload);
    #[automatically_derived]
    #[allow(non_snake_case)]
    impl PayloadImage {
        ///Reads the image as union member `Word`.
        #[inline]
        pub fn as_word(&self) -> ::core::result::Result<u32, __ptx::DecodeError> {
            <u32 as __ptx::PtxAbi>::__get(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[0usize],
            )
        }
        ///Makes `Word` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_word(
            &mut self,
            value: u32,
        ) -> ::core::result::Result<(), __ptx::EncodeError> {
            <Self as __ptx::PtxImage>::set(self, &Payload::Word(value))
        }
        ///Reads the image as union member `Nibble`.
        #[inline]
        pub fn as_nibble(&self) -> ::core::result::Result<u8, __ptx::DecodeError> {
            <u8 as __ptx::BitFieldType>::__get_bits(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[1usize],
            )
        }
        ///Makes `Nibble` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_nibble(
            &mut self,
            value: u8,
        ) -> ::core::result::Result<(), __ptx::EncodeError> {
            <Self as __ptx::PtxImage>::set(self, &Payload::Nibble(value))
        }
        ///Reads the image as union member `Bytes`.
        #[inline]
        pub fn as_bytes(&self) -> ::core::result::Result<[u8; 4], __ptx::DecodeError> {
            <[u8; 4] as __ptx::PtxAbi>::__get(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[2usize],
            )
        }
        ///Makes `Bytes` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_bytes(
            &mut self,
            value: [u8; 4],
        ) -> ::core::result::Result<(), __ptx::EncodeError> {
            <Self as __ptx::PtxImage>::set(self, &Payload::Bytes(value))
        }
    }
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("Payload") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`Payload`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. Accessors decode and encode single members in place.
#[allow(non_camel_case_types, dead_code)]
type PayloadImage = <Payload as ::ptx_abi::codec::HasImage>::Image;
