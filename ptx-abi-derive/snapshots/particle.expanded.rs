#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    use ::ptx_abi::__private::v1 as __ptx;
    #[automatically_derived]
    impl __ptx::PtxAbi for Particle {
        #[doc(hidden)]
        const __LAYOUT: __ptx::LayoutResult = __ptx::Ok(Self::__PTX_ABI_MEMBERS.layout);
        const TYPE: &'static __ptx::TypeDesc = &__ptx::TypeDesc {
            name: "Particle",
            kind: __ptx::TypeKind::Aggregate {
                kind: __ptx::AggregateKind::Struct,
                align: Self::__PTX_ABI_ALIGN,
                pack: 0,
                members: &[
                    Self::__PTX_ABI_MEMBER_0,
                    Self::__PTX_ABI_MEMBER_1,
                    __ptx::member("tag", <u8 as __ptx::PtxAbi>::TYPE),
                    Self::__PTX_ABI_MEMBER_3,
                    Self::__PTX_ABI_MEMBER_4,
                    Self::__PTX_ABI_MEMBER_5,
                    __ptx::member("pos", <Float4 as __ptx::PtxAbi>::TYPE),
                    __ptx::member("next", <DevicePtr<Particle> as __ptx::PtxAbi>::TYPE),
                    Self::__PTX_ABI_MEMBER_8,
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
            <u32 as __ptx::BitFieldType>::__write_bits(
                w,
                at,
                &__p[0],
                self.kind,
                "Particle",
                "kind",
            );
            <i32 as __ptx::BitFieldType>::__write_bits(
                w,
                at,
                &__p[1],
                self.charge,
                "Particle",
                "charge",
            );
            <u8 as __ptx::PtxAbi>::__write(&self.tag, w, at + __p[2].offset);
            <Pad<u16, 0> as __ptx::PtxAbi>::__write(&self._brk, w, at + __p[3].offset);
            <Pad<u16, 7> as __ptx::PtxAbi>::__write(&self._gap, w, at + __p[4].offset);
            <u64 as __ptx::BitFieldType>::__write_bits(
                w,
                at,
                &__p[5],
                self.addr,
                "Particle",
                "addr",
            );
            <Float4 as __ptx::PtxAbi>::__write(&self.pos, w, at + __p[6].offset);
            <DevicePtr<
                Particle,
            > as __ptx::PtxAbi>::__write(&self.next, w, at + __p[7].offset);
            <[f32; 3] as __ptx::PtxAbi>::__write(&self.history, w, at + __p[8].offset);
        }
        #[inline]
        fn decode(bytes: &[::core::primitive::u8]) -> __ptx::Decoded<Self> {
            __ptx::begin_decode::<Self>(bytes)?;
            let __p = Self::__PTX_ABI_PLACEMENTS;
            __ptx::Ok(Self {
                kind: <u32 as __ptx::BitFieldType>::__get_bits(bytes, &__p[0])?,
                charge: <i32 as __ptx::BitFieldType>::__get_bits(bytes, &__p[1])?,
                tag: <u8 as __ptx::PtxAbi>::__get(bytes, &__p[2])?,
                _brk: <Pad<u16, 0> as __ptx::PtxAbi>::__get(bytes, &__p[3])?,
                _gap: <Pad<u16, 7> as __ptx::PtxAbi>::__get(bytes, &__p[4])?,
                addr: <u64 as __ptx::BitFieldType>::__get_bits(bytes, &__p[5])?,
                pos: <Float4 as __ptx::PtxAbi>::__get(bytes, &__p[6])?,
                next: <DevicePtr<Particle> as __ptx::PtxAbi>::__get(bytes, &__p[7])?,
                history: <[f32; 3] as __ptx::PtxAbi>::__get(bytes, &__p[8])?,
            })
        }
    }
    #[automatically_derived]
    #[doc(hidden)]
    impl Particle {
        const __PTX_ABI_ALIGN: ::core::primitive::usize = __ptx::requested_align(16);
        const __PTX_ABI_MEMBER_0: __ptx::Member = __ptx::named_bit_field(
            "kind",
            <u32 as __ptx::PtxAbi>::TYPE,
            3,
        );
        const __PTX_ABI_MEMBER_1: __ptx::Member = __ptx::named_bit_field(
            "charge",
            <i32 as __ptx::PtxAbi>::TYPE,
            5,
        );
        const __PTX_ABI_MEMBER_3: __ptx::Member = __ptx::unnamed_bit_field(
            "_brk",
            <Pad<u16, 0> as __ptx::PtxAbi>::TYPE,
        );
        const __PTX_ABI_MEMBER_4: __ptx::Member = __ptx::unnamed_bit_field(
            "_gap",
            <Pad<u16, 7> as __ptx::PtxAbi>::TYPE,
        );
        const __PTX_ABI_MEMBER_5: __ptx::Member = __ptx::named_bit_field(
            "addr",
            <u64 as __ptx::PtxAbi>::TYPE,
            40,
        );
        const __PTX_ABI_MEMBER_8: __ptx::Member = __ptx::array_member(
            "history",
            <[f32; 3] as __ptx::PtxAbi>::TYPE,
        );
        const __PTX_ABI_PLACED: __ptx::Placed<9> = __ptx::try_place_members_given(
            <Self as __ptx::PtxAbi>::TYPE,
            __ptx::A64,
            &[
                <u32 as __ptx::PtxAbi>::__LAYOUT,
                <i32 as __ptx::PtxAbi>::__LAYOUT,
                <u8 as __ptx::PtxAbi>::__LAYOUT,
                <Pad<u16, 0> as __ptx::PtxAbi>::__LAYOUT,
                <Pad<u16, 7> as __ptx::PtxAbi>::__LAYOUT,
                <u64 as __ptx::PtxAbi>::__LAYOUT,
                <Float4 as __ptx::PtxAbi>::__LAYOUT,
                <DevicePtr<Particle> as __ptx::PtxAbi>::__LAYOUT,
                <[f32; 3] as __ptx::PtxAbi>::__LAYOUT,
            ],
        );
        const __PTX_ABI_MEMBERS: __ptx::MemberLayout<9> = __ptx::placed_or_stand_in(
            &Self::__PTX_ABI_PLACED,
        );
        const __PTX_ABI_PLACEMENTS: &'static [__ptx::Placement; 9] = &Self::__PTX_ABI_MEMBERS
            .members;
    }
    const _: () = if let __ptx::Some(__e) = __ptx::align_error(16) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::named_bit_field_error(
        "kind",
        <u32 as __ptx::PtxAbi>::TYPE,
        3,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::named_bit_field_error(
        "charge",
        <i32 as __ptx::PtxAbi>::TYPE,
        5,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::unnamed_bit_field_error(
        <Pad<u16, 0> as __ptx::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::unnamed_bit_field_error(
        <Pad<u16, 7> as __ptx::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::named_bit_field_error(
        "addr",
        <u64 as __ptx::PtxAbi>::TYPE,
        40,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::array_member_error(
        "history",
        <[f32; 3] as __ptx::PtxAbi>::TYPE,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    const _: () = if let __ptx::Some(__e) = __ptx::layout_error(
        &Particle::__PTX_ABI_PLACED,
    ) {
        ::core::panic!("{}", __e.as_str())
    };
    __ptx::__image_layout!(Particle);
    const _: () = if let __ptx::Some(__e) = __ptx::type_c_name_error("Particle") {
        ::core::panic!("{}", __e.as_str())
    };
};
///The PTX image of [`Particle`]: its exact PTX size and alignment, `Copy`, ready to be a kernel argument or an element of a device buffer. `#[ptx(accessors)]` on [`Particle`] adds a getter and a setter per member.
#[allow(non_camel_case_types, dead_code)]
type ParticleImage = <Particle as ::ptx_abi::codec::HasImage>::Image;
