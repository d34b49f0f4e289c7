//! Imported types carry the header's names: `<T as PtxAbi>::TYPE.name` and every member name
//! are the C ones (written here by hand from `headers/names_cxx.cuh`), and the emitted NVRTC
//! checks, which name each member as the derive does, compile and pass (see `build.rs`).
#![allow(clippy::all)]
include!(concat!(env!("OUT_DIR"), "/names.rs"));

#[cfg(ptx_abi_import_names)]
mod by_hand {
    use super::imported::geo;
    use ptx_abi::PtxAbi;

    fn members<T: PtxAbi>() -> Vec<&'static str> {
        T::TYPE.members().iter().map(|m| m.name).collect()
    }

    #[test]
    fn nested_types_carry_their_c_identifier() {
        assert_eq!(<geo::Outer_Inner as PtxAbi>::TYPE.name, "Inner");
        assert_eq!(<geo::Outer_Kind as PtxAbi>::TYPE.name, "Kind");
    }

    #[test]
    fn namespaced_and_keyword_types_carry_their_c_name() {
        assert_eq!(<geo::Outer as PtxAbi>::TYPE.name, "Outer");
        assert_eq!(<geo::r#match as PtxAbi>::TYPE.name, "match");
    }

    #[test]
    fn members_carry_their_c_names() {
        assert_eq!(members::<geo::Outer_Inner>(), ["a", "type"]);
        assert_eq!(members::<geo::r#match>(), ["loop", "move"]);
        // `anon2` is C's anonymous union (mapped to "" by the emitted check).
        assert_eq!(
            members::<geo::Outer>(),
            ["in", "self", "anon2", "pair", "kind"]
        );
    }
}
