//! §1.1: an image at one `.address_size` as an image at another. Only pointers change width
//! (8 bytes at 64, 4 at 32), but every offset after a pointer may move, so the image is rebuilt
//! member by member from the engine's placements at both sizes.

use crate::codec::bits;
use crate::layout::address::AddressSize;
use crate::layout::desc::{AggregateKind, TypeDesc, TypeKind};
use crate::layout::{try_layout_of, LayoutError, Placements};

use crate::codec::error::TranscodeError;

impl From<LayoutError> for TranscodeError {
    fn from(e: LayoutError) -> Self {
        TranscodeError::Layout(e)
    }
}

fn sized(ty: &TypeDesc, addr: AddressSize, len: usize) -> Result<usize, TranscodeError> {
    let expected = try_layout_of(ty, addr)?.size;
    if len == expected {
        Ok(expected)
    } else {
        Err(TranscodeError::Length {
            ty: ty.name,
            expected,
            found: len,
        })
    }
}

/// Rewrites `src`, an image of `ty` at address size `from`, as its image at `to` in `dst`
/// (exactly the type's size at `to`). Padding is zero in the result.
pub fn transcode(
    ty: &TypeDesc,
    from: AddressSize,
    src: &[u8],
    to: AddressSize,
    dst: &mut [u8],
) -> Result<(), TranscodeError> {
    sized(ty, from, src.len())?;
    sized(ty, to, dst.len())?;
    if from == to {
        dst.copy_from_slice(src);
        return Ok(());
    }
    match ty.kind {
        TypeKind::Pointer { .. } => {
            let mut word = [0u8; 8];
            word[..src.len()].copy_from_slice(src);
            let addr = u64::from_le_bytes(word);
            if dst.len() < 8 && addr > u64::from(u32::MAX) {
                return Err(TranscodeError::PointerTooWide { addr });
            }
            dst.copy_from_slice(&addr.to_le_bytes()[..dst.len()]);
            Ok(())
        }
        TypeKind::Array { elem, len } => {
            let (a, b) = (
                try_layout_of(elem, from)?.size,
                try_layout_of(elem, to)?.size,
            );
            for i in 0..len {
                transcode(
                    elem,
                    from,
                    &src[i * a..(i + 1) * a],
                    to,
                    &mut dst[i * b..(i + 1) * b],
                )?;
            }
            Ok(())
        }
        TypeKind::Aggregate {
            kind: AggregateKind::Union,
            members,
            ..
        } => {
            for m in members {
                let (a, b) = (try_layout_of(m.ty, from), try_layout_of(m.ty, to));
                if m.bits.is_none() && !matches!(m.ty.kind, TypeKind::Pad { .. }) && a != b {
                    return Err(TranscodeError::Union { ty: ty.name });
                }
            }
            dst.copy_from_slice(src);
            Ok(())
        }
        TypeKind::Aggregate { .. } => {
            dst.fill(0);
            for (a, b) in Placements::new(ty, from).zip(Placements::new(ty, to)) {
                let ((m, pa), (_, pb)) = (a?, b?);
                if pa.bits.is_some() {
                    if let Some(raw) = bits::extract(src, &pa, false) {
                        bits::insert(dst, &pb, raw);
                    }
                } else if pa.size > 0 {
                    let s = &src[pa.offset..pa.offset + pa.size];
                    transcode(m.ty, from, s, to, &mut dst[pb.offset..pb.offset + pb.size])?;
                }
            }
            Ok(())
        }
        // Chapter 7: an empty class's bytes are padding.
        TypeKind::EmptyClass { .. } => {
            dst.fill(0);
            Ok(())
        }
        // Fundamental types, enums, handles and vectors do not depend on the address size.
        _ => {
            dst.copy_from_slice(src);
            Ok(())
        }
    }
}

/// `value`'s image at any address size (at 32, pointers must hold addresses below 4 GiB).
#[cfg(feature = "alloc")]
pub fn encode_at<T: crate::codec::PtxAbi>(
    value: &T,
    addr: AddressSize,
) -> Result<alloc::vec::Vec<u8>, crate::codec::error::EncodeError> {
    let wide = value.to_ptx_bytes()?;
    let mut out = alloc::vec![0u8; crate::codec::layout_at::<T>(addr).size];
    transcode(T::TYPE, AddressSize::A64, &wide, addr, &mut out)
        .map_err(crate::codec::error::EncodeError::from)?;
    Ok(out)
}

/// A value from its image at any address size.
#[cfg(feature = "alloc")]
pub fn decode_at<T: crate::codec::PtxAbi>(
    bytes: &[u8],
    addr: AddressSize,
) -> Result<T, crate::codec::error::DecodeError> {
    let mut wide = alloc::vec![0u8; T::SIZE];
    transcode(T::TYPE, addr, bytes, AddressSize::A64, &mut wide)
        .map_err(crate::codec::error::DecodeError::from)?;
    T::decode(&wide)
}
