//! Issue 32: `$CUDARC_CUDA_VERSION=12150` passed build.rs, which then wrote 120.15 for the
//! crate's internal check to trip on. The codes build.rs reads (`build/release.rs`) are parsed
//! strictly: one message naming the input and what to write instead.

#[path = "../build/release.rs"]
mod release;

use release::{code, parse_code};

#[test]
fn release_codes_of_every_known_release_read_back() {
    for major in 11..=13 {
        for minor in 0..=9 {
            assert_eq!(
                parse_code(&code((major, minor)).to_string()),
                Ok((major, minor))
            );
        }
    }
    assert_eq!(parse_code("12090"), Ok((12, 9)));
    assert_eq!(parse_code("13050"), Ok((13, 5)));
}

#[test]
fn a_code_that_names_no_release_is_refused_saying_what_to_write() {
    let e = parse_code("12150").unwrap_err();
    assert!(e.contains("`12150` would be CUDA 12.15"), "{e}");
    assert!(e.contains("CUDA 12.5 is `12050`"), "{e}");
    assert!(e.contains("`12090` for CUDA 12.9"), "{e}");
    let e = parse_code("12091").unwrap_err();
    assert!(
        e.contains("does not end in 0") && e.contains("`12090`"),
        "{e}"
    );
    for bad in ["", "12.9", "v12090", "999", "1234567", "-12090"] {
        let e = parse_code(bad).unwrap_err();
        assert!(e.contains("1000 × major + 10 × minor"), "{bad:?}: {e}");
    }
}
