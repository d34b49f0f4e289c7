//! CUDA's release codes, as `CUDA_VERSION` (cuda.h) and cudarc's `CUDARC_CUDA_VERSION` write
//! them: 1000 × major + 10 × minor (`12090` is CUDA 12.9). Used by `build.rs` and tested by
//! `tests/build_release.rs`.

/// The code of release `major.minor`: `(12, 9)` → `12090`.
pub fn code((major, minor): (u32, u32)) -> u32 {
    major * 1000 + minor * 10
}

/// `12090` → 12.9. A code is digits only, a multiple of 10, and names a minor release of one
/// digit (every CUDA release so far: 11.0 to 13.5); anything else is an error saying what the
/// text would have meant and how the code is written.
pub fn parse_code(text: &str) -> Result<(u32, u32), String> {
    const FORM: &str = "a CUDA release code is 1000 × major + 10 × minor, such as `12090` for \
                        CUDA 12.9 or `13050` for CUDA 13.5";
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) || text.len() > 6 {
        return Err(format!("not a CUDA release code: {FORM}"));
    }
    let code: u32 = text
        .parse()
        .map_err(|_| format!("not a release code: {FORM}"))?;
    if code < 1000 {
        return Err(format!("no CUDA release has a code below 1000: {FORM}"));
    }
    let (major, rest) = (code / 1000, code % 1000);
    if rest % 10 != 0 {
        return Err(format!(
            "`{code}` does not end in 0, so it names no release (`{}` would be CUDA {major}.{}): \
             {FORM}",
            code - rest % 10,
            rest / 10
        ));
    }
    let minor = rest / 10;
    if minor > 9 {
        return Err(format!(
            "`{code}` would be CUDA {major}.{minor}, and CUDA has no minor release above 9 \
             (CUDA {major}.{} is `{}`, CUDA {major}.{} is `{}`): {FORM}",
            minor / 10,
            code_of(major, minor / 10),
            minor % 10,
            code_of(major, minor % 10)
        ));
    }
    Ok((major, minor))
}

fn code_of(major: u32, minor: u32) -> u32 {
    code((major, minor))
}
