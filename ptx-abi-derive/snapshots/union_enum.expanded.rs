#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for Payload {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: ::core::result::Result<
            ::ptx_abi::__private::v1::Layout,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::core::result::Result::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static ::ptx_abi::__private::v1::TypeDesc = &::ptx_abi::__private::v1::TypeDesc {
            name: "Payload",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Union,
                align: 0,
                members: &[
                    ::ptx_abi::__private::v1::Member {
                        name: "Word",
                        ty: <u32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    Self::__PTX_ABI_MEMBER_1,
                    Self::__PTX_ABI_MEMBER_2,
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
            match self {
                Self::Word(value) => {
                    <u32 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                        image,
                        &Self::__PTX_ABI_PLACEMENTS[0usize],
                        &*value,
                    )?
                }
                Self::Nibble(value) => {
                    <u8 as ::ptx_abi::__private::v1::BitFieldType>::__put_bits(
                        image,
                        &Self::__PTX_ABI_PLACEMENTS[1usize],
                        *value,
                        "Payload",
                        "Nibble",
                    )?
                }
                Self::Bytes(value) => {
                    <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::__put(
                        image,
                        &Self::__PTX_ABI_PLACEMENTS[2usize],
                        &*value,
                    )?
                }
            }
            ::ptx_abi::__private::v1::end_encode::<Self>(out, &stage)
        }
        #[inline]
        fn decode(
            bytes: &[::core::primitive::u8],
        ) -> ::core::result::Result<Self, ::ptx_abi::__private::v1::DecodeError> {
            ::ptx_abi::__private::v1::begin_decode::<Self>(bytes)?;
            ::core::result::Result::Ok(
                Self::Bytes(
                    match <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::__get(
                        bytes,
                        &Self::__PTX_ABI_PLACEMENTS[2usize],
                    ) {
                        ::core::result::Result::Ok(v) => v,
                        ::core::result::Result::Err(e) => {
                            return ::core::result::Result::Err(e);
                        }
                    },
                ),
            )
        }
    }
    #[automatically_derived]
    impl Payload {
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_1: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::named_bit_field(
            "Nibble",
            <u8 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            4u32,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_2: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::array_member(
            "Bytes",
            <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        );
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::named_bit_field_error(
        "Nibble",
        <u8 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        4u32,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::array_member_error(
        "Bytes",
        <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    #[automatically_derived]
    impl Payload {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<3usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_members_given::<
            3usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[
                <u32 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <u8 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
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
        &Payload::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`Payload`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. Accessors decode and encode single members in place.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct PayloadImage {
    bytes: [::core::primitive::u8; <Payload as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <Payload as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < PayloadImage > () == < Payload as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: <
        PayloadImage > () == < Payload as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for PayloadImage {
        type Value = Payload;
        fn zeroed() -> Self {
            PayloadImage {
                bytes: [0; <Payload as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
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
    ::ptx_abi::__private::v1::__impl_image_integrations!(PayloadImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for PayloadImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for PayloadImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for PayloadImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for PayloadImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(PayloadImage)).field(&self.bytes).finish()
        }
    }
    #[automatically_derived]
    #[allow(non_snake_case)]
    impl PayloadImage {
        ///Reads the image as union member `Word`.
        #[inline]
        pub fn as_word(
            &self,
        ) -> ::core::result::Result<u32, ::ptx_abi::__private::v1::DecodeError> {
            <u32 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[0usize],
            )
        }
        ///Makes `Word` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_word(
            &mut self,
            value: u32,
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            <Self as ::ptx_abi::__private::v1::PtxImage>::set(
                self,
                &Payload::Word(value),
            )
        }
        ///Reads the image as union member `Nibble`.
        #[inline]
        pub fn as_nibble(
            &self,
        ) -> ::core::result::Result<u8, ::ptx_abi::__private::v1::DecodeError> {
            <u8 as ::ptx_abi::__private::v1::BitFieldType>::__get_bits(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[1usize],
            )
        }
        ///Makes `Nibble` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_nibble(
            &mut self,
            value: u8,
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            <Self as ::ptx_abi::__private::v1::PtxImage>::set(
                self,
                &Payload::Nibble(value),
            )
        }
        ///Reads the image as union member `Bytes`.
        #[inline]
        pub fn as_bytes(
            &self,
        ) -> ::core::result::Result<[u8; 4], ::ptx_abi::__private::v1::DecodeError> {
            <[u8; 4] as ::ptx_abi::__private::v1::PtxAbi>::__get(
                &self.bytes,
                &<Payload>::__PTX_ABI_PLACEMENTS[2usize],
            )
        }
        ///Makes `Bytes` the live member: writes it and zero-fills the other bytes.
        #[inline]
        pub fn set_bytes(
            &mut self,
            value: [u8; 4],
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            <Self as ::ptx_abi::__private::v1::PtxImage>::set(
                self,
                &Payload::Bytes(value),
            )
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "Payload",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
