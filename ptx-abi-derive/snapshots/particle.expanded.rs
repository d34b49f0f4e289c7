#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    #[automatically_derived]
    impl ::ptx_abi::__private::v1::PtxAbi for Particle {
        const SIZE: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.size;
        const ALIGN: ::core::primitive::usize = Self::__PTX_ABI_MEMBERS.layout.align;
        #[doc(hidden)]
        const __LAYOUT: ::core::result::Result<
            ::ptx_abi::__private::v1::Layout,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::core::result::Result::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static ::ptx_abi::__private::v1::TypeDesc = &::ptx_abi::__private::v1::TypeDesc {
            name: "Particle",
            kind: ::ptx_abi::__private::v1::TypeKind::Aggregate {
                kind: ::ptx_abi::__private::v1::AggregateKind::Struct,
                align: Self::__PTX_ABI_ALIGN,
                members: &[
                    Self::__PTX_ABI_MEMBER_0,
                    Self::__PTX_ABI_MEMBER_1,
                    ::ptx_abi::__private::v1::Member {
                        name: "tag",
                        ty: <u8 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    Self::__PTX_ABI_MEMBER_3,
                    Self::__PTX_ABI_MEMBER_4,
                    Self::__PTX_ABI_MEMBER_5,
                    ::ptx_abi::__private::v1::Member {
                        name: "pos",
                        ty: <Float4 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    ::ptx_abi::__private::v1::Member {
                        name: "next",
                        ty: <DevicePtr<
                            Particle,
                        > as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
                        bits: ::core::option::Option::None,
                    },
                    Self::__PTX_ABI_MEMBER_8,
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
            if let ::core::result::Result::Err(e) = <u32 as ::ptx_abi::__private::v1::BitFieldType>::__put_bits(
                image,
                &Self::__PTX_ABI_PLACEMENTS[0usize],
                self.kind,
                "Particle",
                "kind",
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <i32 as ::ptx_abi::__private::v1::BitFieldType>::__put_bits(
                image,
                &Self::__PTX_ABI_PLACEMENTS[1usize],
                self.charge,
                "Particle",
                "charge",
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <u8 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[2usize],
                &self.tag,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <Pad<
                u16,
                0,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[3usize],
                &self._brk,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <Pad<
                u16,
                7,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[4usize],
                &self._gap,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <u64 as ::ptx_abi::__private::v1::BitFieldType>::__put_bits(
                image,
                &Self::__PTX_ABI_PLACEMENTS[5usize],
                self.addr,
                "Particle",
                "addr",
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[6usize],
                &self.pos,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <DevicePtr<
                Particle,
            > as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[7usize],
                &self.next,
            ) {
                return ::core::result::Result::Err(e);
            }
            if let ::core::result::Result::Err(e) = <[f32; 3] as ::ptx_abi::__private::v1::PtxAbi>::__put(
                image,
                &Self::__PTX_ABI_PLACEMENTS[8usize],
                &self.history,
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
                kind: match <u32 as ::ptx_abi::__private::v1::BitFieldType>::__get_bits(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[0usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                charge: match <i32 as ::ptx_abi::__private::v1::BitFieldType>::__get_bits(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[1usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                tag: match <u8 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[2usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                _brk: match <Pad<
                    u16,
                    0,
                > as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[3usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                _gap: match <Pad<
                    u16,
                    7,
                > as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[4usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                addr: match <u64 as ::ptx_abi::__private::v1::BitFieldType>::__get_bits(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[5usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                pos: match <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[6usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                next: match <DevicePtr<
                    Particle,
                > as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[7usize],
                ) {
                    ::core::result::Result::Ok(v) => v,
                    ::core::result::Result::Err(e) => {
                        return ::core::result::Result::Err(e);
                    }
                },
                history: match <[f32; 3] as ::ptx_abi::__private::v1::PtxAbi>::__get(
                    bytes,
                    &Self::__PTX_ABI_PLACEMENTS[8usize],
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
    impl Particle {
        #[doc(hidden)]
        const __PTX_ABI_ALIGN: ::core::primitive::usize = ::ptx_abi::__private::v1::requested_align(
            16u64,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_0: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::named_bit_field(
            "kind",
            <u32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            3u32,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_1: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::named_bit_field(
            "charge",
            <i32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            5u32,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_3: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::unnamed_bit_field(
            "_brk",
            <Pad<u16, 0> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_4: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::unnamed_bit_field(
            "_gap",
            <Pad<u16, 7> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_5: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::named_bit_field(
            "addr",
            <u64 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            40u32,
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBER_8: ::ptx_abi::__private::v1::Member = ::ptx_abi::__private::v1::array_member(
            "history",
            <[f32; 3] as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        );
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::align_error(
        16u64,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::named_bit_field_error(
        "kind",
        <u32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        3u32,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::named_bit_field_error(
        "charge",
        <i32 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        5u32,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::unnamed_bit_field_error(
        <Pad<u16, 0> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::unnamed_bit_field_error(
        <Pad<u16, 7> as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::named_bit_field_error(
        "addr",
        <u64 as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
        40u32,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::array_member_error(
        "history",
        <[f32; 3] as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
    #[automatically_derived]
    impl Particle {
        #[doc(hidden)]
        const __PTX_ABI_PLACED: ::core::result::Result<
            ::ptx_abi::__private::v1::MemberLayout<9usize>,
            ::ptx_abi::__private::v1::LayoutError,
        > = ::ptx_abi::__private::v1::try_place_members_given::<
            9usize,
        >(
            <Self as ::ptx_abi::__private::v1::PtxAbi>::TYPE,
            ::ptx_abi::__private::v1::A64,
            &[
                <u32 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <i32 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <u8 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <Pad<u16, 0> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <Pad<u16, 7> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <u64 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <Float4 as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <DevicePtr<Particle> as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
                <[f32; 3] as ::ptx_abi::__private::v1::PtxAbi>::__LAYOUT,
            ],
        );
        #[doc(hidden)]
        const __PTX_ABI_MEMBERS: ::ptx_abi::__private::v1::MemberLayout<9usize> = ::ptx_abi::__private::v1::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        #[doc(hidden)]
        const __PTX_ABI_PLACEMENTS: &'static [::ptx_abi::__private::v1::Placement; 9usize] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::layout_error(
        &Particle::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __ptx_abi_error.as_str())
    };
};
///The PTX image of [`Particle`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`Particle`] adds a getter and a setter per member.
#[repr(C)]
#[derive(::core::clone::Clone, ::core::marker::Copy)]
struct ParticleImage {
    bytes: [::core::primitive::u8; <Particle as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
    _align: [<::ptx_abi::__private::v1::AlignTo<
        { <Particle as ::ptx_abi::__private::v1::PtxAbi>::ALIGN },
    > as ::ptx_abi::__private::v1::Alignment>::Marker; 0],
}
#[allow(clippy::all)]
const _: () = {
    ::core::assert!(
        ::core::mem::size_of:: < ParticleImage > () == < Particle as
        ::ptx_abi::__private::v1::PtxAbi > ::SIZE && ::core::mem::align_of:: <
        ParticleImage > () == < Particle as ::ptx_abi::__private::v1::PtxAbi > ::ALIGN
    );
    #[automatically_derived]
    unsafe impl ::ptx_abi::__private::v1::PtxImage for ParticleImage {
        type Value = Particle;
        fn zeroed() -> Self {
            ParticleImage {
                bytes: [0; <Particle as ::ptx_abi::__private::v1::PtxAbi>::SIZE],
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
    ::ptx_abi::__private::v1::__impl_image_integrations!(ParticleImage);
    #[automatically_derived]
    impl ::core::cmp::PartialEq for ParticleImage {
        #[inline]
        fn eq(&self, other: &Self) -> ::core::primitive::bool {
            self.bytes == other.bytes
        }
    }
    #[automatically_derived]
    impl ::core::cmp::Eq for ParticleImage {}
    #[automatically_derived]
    impl ::core::hash::Hash for ParticleImage {
        #[inline]
        fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
            ::core::hash::Hash::hash(&self.bytes, state)
        }
    }
    #[automatically_derived]
    impl ::core::fmt::Debug for ParticleImage {
        fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
            f.debug_tuple(::core::stringify!(ParticleImage)).field(&self.bytes).finish()
        }
    }
};
const _: () = if let ::core::option::Option::Some(__ptx_abi_error) = ::ptx_abi::__private::v1::type_c_name_error(
    "Particle",
) {
    ::core::panic!("{}", __ptx_abi_error.as_str())
};
