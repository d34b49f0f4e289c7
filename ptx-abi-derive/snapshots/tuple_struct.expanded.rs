#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for Pair {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: ::core::result::Result<
            ::ptx_abi::__private::v1::Layout,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::core::result::Result::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static ::ptx_abi::__private::v1::TypeDesc = &::ptx_abi::__private::v1::TypeDesc {
            name: "Pair",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Struct,
                align: 0,
                members: &[
                    ::ptx_abi::__private::v1::Member {
                        name: "0",
                        ty: <u16 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    ::ptx_abi::__private::v1::Member {
                        name: "1",
                        ty: <f64 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
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
            if let ::core::result::Result::Err(e) = <u16 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                &self.0,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <f64 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                &self.1,
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
                0: match <u16 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[0usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                1: match <f64 as ::ptx_abi::__private::v1::PtxAbi>::__get(
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
    impl Pair {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<2usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_members_given::<
            2usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[
                <u16 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <f64 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
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
        &Pair::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`Pair`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. Accessors decode and encode single members in place.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct PairImage {
    bytes: [::core::primitive::u8; <Pair as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <Pair as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < PairImage > () == < Pair as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: < PairImage
        > () == < Pair as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for PairImage {
        type Value = Pair;
        fn zeroed() -> Self {
            PairImage {
                bytes: [0; <Pair as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
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
    ::ptx_abi::__private::v1::__impl_image_integrations!(PairImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for PairImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for PairImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for PairImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for PairImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(PairImage)).field(&self.bytes).finish()
        }
    }
    #[automatically_derived]
    #[allow(non_snake_case)]
    impl PairImage {
        ///Reads `0` from the image.
        #[inline]
        fn get_0(
            &self,
        ) -> ::core::result::Result<u16, ::ptx_abi::__private::v1::DecodeError> {
            <u16 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                &self.bytes,
                &<Pair>::__PTX_ABI_PLACEMENTS[0usize],
            )
        }
        ///Writes `0` into the image; on error (a value that does not fit a bit-field) the image is unchanged.
        #[inline]
        fn set_0(
            &mut self,
            value: u16,
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            ::ptx_abi::__private::v1::set_member(
                self,
                &<Pair>::__PTX_ABI_PLACEMENTS[0usize],
                &value,
                <u16 as ::ptx_abi::__private::v1::PtxAbi>::__put,
            )
        }
        ///Reads `1` from the image.
        #[inline]
        fn get_1(
            &self,
        ) -> ::core::result::Result<f64, ::ptx_abi::__private::v1::DecodeError> {
            <f64 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                &self.bytes,
                &<Pair>::__PTX_ABI_PLACEMENTS[1usize],
            )
        }
        ///Writes `1` into the image; on error (a value that does not fit a bit-field) the image is unchanged.
        #[inline]
        fn set_1(
            &mut self,
            value: f64,
        ) -> ::core::result::Result<(), ::ptx_abi::__private::v1::EncodeError> {
            ::ptx_abi::__private::v1::set_member(
                self,
                &<Pair>::__PTX_ABI_PLACEMENTS[1usize],
                &value,
                <f64 as ::ptx_abi::__private::v1::PtxAbi>::__put,
            )
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "Pair",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
