//! Bit diagrams like the guide's §1.3 figures: the aggregate in 32-bit words, most significant
//! bit on the left, byte offsets on top, bit numbers below, each member's bits labelled.
//! [`text`] draws for terminals, [`svg`] for documentation; both draw the same [`rows`].

use crate::layout::address::AddressSize;
use crate::layout::desc::{AggregateKind, TypeDesc, TypeKind};
use crate::layout::{try_layout_of, LayoutError, Placements};
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

/// A run of bits in one row: a member's or padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// First bit, counted within the row (0 = least significant bit of the row's first byte).
    pub lo: usize,
    /// One past the last bit.
    pub hi: usize,
    /// The member's name; `:N` for an unnamed bit-field of N bits; empty for padding.
    pub label: String,
    /// Whether these bits belong to no member.
    pub padding: bool,
}

/// One 32-bit word of the aggregate (shorter for the last word of a small type), or a run of
/// `repeat` identical words that one member or padding fills: a `[u8; 1 << 30]` member is one
/// row, not 2²⁸, so a diagram is as long as the type has members, not bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Byte offset of the row's first (least significant) byte.
    pub byte: usize,
    /// Bits in the row: 32, or fewer for an aggregate smaller than a word.
    pub bits: usize,
    /// Segments from the least significant bit up, covering the whole row.
    pub segments: Vec<Segment>,
    /// For unions, the member this row set shows (each member is drawn on its own).
    pub member: Option<String>,
    /// How many consecutive words of `bits` bits this row stands for: 1, or more where a
    /// single member (or padding) fills them all (then `segments` is that one segment).
    pub repeat: usize,
}

impl Row {
    /// The offset of the last byte the row (with its repeats) covers.
    pub fn last_byte(&self) -> usize {
        self.byte + self.repeat * (self.bits / 8) - 1
    }
}

/// A member's bits in the aggregate: first bit, one past the last, label.
type Span = (usize, usize, String);

/// The diagram's rows for `ty` at `addr`, runs of whole words collapsed (see [`Row::repeat`]).
pub fn rows(ty: &TypeDesc, addr: AddressSize) -> Result<Vec<Row>, LayoutError> {
    let size = try_layout_of(ty, addr)?.size;
    let total = size
        .checked_mul(8)
        .ok_or(LayoutError::TooLarge { ty: ty.name })?;
    let mut spans: Vec<Span> = Vec::new();
    for placed in Placements::new(ty, addr) {
        let (m, p) = placed?;
        if p.bit_len() > 0 {
            // Unnamed bit-fields are labelled as C writes them, `:9`.
            let label = match m.ty.kind {
                TypeKind::Pad { width, .. } => format!(":{width}"),
                _ => m.name.to_string(),
            };
            spans.push((p.first_bit(), p.first_bit() + p.bit_len(), label));
        }
    }
    let union = matches!(
        ty.kind,
        TypeKind::Aggregate {
            kind: AggregateKind::Union,
            ..
        }
    );
    if !union {
        spans.sort_by_key(|s| s.0);
        return Ok(words(&spans, total, None));
    }
    Ok(spans
        .iter()
        .flat_map(|s| words(core::slice::from_ref(s), total, Some(s.2.clone())))
        .collect())
}

/// The rows of an aggregate of `total` bits whose members occupy `spans` (sorted, disjoint).
/// One pass over the members: a word that one span or padding fills entirely starts a run of
/// all the following words it also fills, so the rows are O(members), whatever the size.
fn words(spans: &[Span], total: usize, member: Option<String>) -> Vec<Row> {
    let word = 32.min(total).max(8);
    let mut rows = Vec::new();
    let mut first = 0; // the first span that may still reach into the current word
    let mut start = 0;
    while start < total {
        let end = (start + word).min(total);
        while first < spans.len() && spans[first].1 <= start {
            first += 1;
        }
        let row = |segments, repeat| Row {
            byte: start / 8,
            bits: end - start,
            segments,
            member: member.clone(),
            repeat,
        };
        // Whole words filled by one span, or by padding up to the next span.
        let (filled_to, label, padding) = match spans.get(first) {
            Some((lo, hi, label)) if *lo <= start => (*hi, label.as_str(), false),
            Some((lo, _, _)) => (*lo, "", true),
            None => (total, "", true),
        };
        let run = (filled_to.min(total) - start) / word;
        if end - start == word && run >= 1 {
            let segment = Segment {
                lo: 0,
                hi: word,
                label: label.to_string(),
                padding,
            };
            rows.push(row(alloc::vec![segment], run));
            start += run * word;
            continue;
        }
        rows.push(row(segments(&spans[first..], start, end), 1));
        start = end;
    }
    rows
}

/// The segments of the word `[start, end)`: the spans reaching into it, padding between.
fn segments(spans: &[Span], start: usize, end: usize) -> Vec<Segment> {
    let mut segments = Vec::new();
    let mut at = start;
    for (lo, hi, label) in spans.iter().take_while(|s| s.0 < end) {
        let (lo, hi) = ((*lo).max(start), (*hi).min(end));
        if lo > at {
            segments.push(pad(at - start, lo - start));
        }
        segments.push(Segment {
            lo: lo - start,
            hi: hi - start,
            label: label.clone(),
            padding: false,
        });
        at = hi;
    }
    if end > at {
        segments.push(pad(at - start, end - start));
    }
    segments
}

fn pad(lo: usize, hi: usize) -> Segment {
    Segment {
        lo,
        hi,
        label: String::new(),
        padding: true,
    }
}

/// The column of the edge below bit `bit` of a row of `bits` bits (2 columns per bit).
fn col(bits: usize, bit: usize) -> usize {
    (bits - bit) * 2
}

fn put(line: &mut [char], at: usize, text: &str) {
    for (i, c) in text.chars().enumerate() {
        if let Some(slot) = line.get_mut(at + i) {
            *slot = c;
        }
    }
}

fn render(line: &[char]) -> String {
    line.iter().collect::<String>().trim_end().to_string()
}

/// The diagram as text: per row, byte offsets, the segments with labels, and bit numbers.
/// A run of words that a single member (or padding) fills is drawn once and summarized.
pub fn text(ty: &TypeDesc, addr: AddressSize) -> Result<String, LayoutError> {
    let rows = rows(ty, addr)?;
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        if row.member.is_some() && (i == 0 || rows[i - 1].member != row.member) {
            out.push_str(&format!(
                "member {}:\n",
                row.member.as_deref().unwrap_or("")
            ));
        }
        out.push_str(&draw_row(row));
        if row.repeat > 1 {
            let label = match row.segments.first() {
                Some(s) if !s.padding => s.label.as_str(),
                _ => "pad",
            };
            out.push_str(&format!(
                "  ... {label} continues through byte {}\n",
                row.last_byte()
            ));
        }
    }
    Ok(out)
}

fn draw_row(row: &Row) -> String {
    let width = row.bits * 2 + 1;
    let mut bytes = alloc::vec![' '; width + 4];
    for b in 0..row.bits / 8 {
        put(
            &mut bytes,
            col(row.bits, (b + 1) * 8) + 1,
            &(row.byte + b).to_string(),
        );
    }
    let mut border = alloc::vec!['-'; width];
    let mut labels = alloc::vec![' '; width];
    let mut numbers = alloc::vec![' '; width + 4];
    let mut taken = alloc::vec![false; width + 4];
    for s in &row.segments {
        let (left, right) = (col(row.bits, s.hi), col(row.bits, s.lo));
        border[left] = '+';
        border[right] = '+';
        labels[left] = '|';
        labels[right] = '|';
        let room = right - left - 1;
        let text = if s.padding { "pad" } else { s.label.as_str() };
        let label: String = text.chars().take(room).collect();
        put(
            &mut labels,
            left + 1 + (room - label.chars().count()) / 2,
            &label,
        );
        // The lowest bit of each segment under its right corner; the row's top bit at the left.
        let lo = s.lo.to_string();
        place(
            &mut numbers,
            &mut taken,
            (right + 1).saturating_sub(lo.len()),
            &lo,
        );
    }
    place(&mut numbers, &mut taken, 0, &(row.bits - 1).to_string());
    let mut out = String::new();
    for line in [&bytes, &border, &labels, &border, &numbers] {
        out.push_str(&render(line));
        out.push('\n');
    }
    out
}

/// Writes `text` at `at` unless it would touch text already written (one space between).
fn place(line: &mut [char], taken: &mut [bool], at: usize, text: &str) {
    let end = at + text.len();
    let lo = at.saturating_sub(1);
    let hi = (end + 1).min(taken.len());
    if end > line.len() || taken[lo..hi].iter().any(|t| *t) {
        return;
    }
    put(line, at, text);
    taken[at..end].iter_mut().for_each(|t| *t = true);
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const BIT: usize = 14;
const ROW: usize = 64;

/// SVG elements (no document wrapper) for one type's diagram, starting at height `y`;
/// returns them and the height used.
fn svg_type(ty: &TypeDesc, addr: AddressSize, y: usize) -> Result<(String, usize), LayoutError> {
    let mut out = format!(
        "<text x=\"4\" y=\"{}\" font-weight=\"bold\">{} ({}, align {})</text>\n",
        y + 16,
        escape(ty.name),
        super::rows::count(try_layout_of(ty, addr)?.size, "byte"),
        try_layout_of(ty, addr)?.align
    );
    let mut top = y + 24;
    for row in rows(ty, addr)? {
        if let Some(m) = &row.member {
            out.push_str(&format!(
                "<text x=\"4\" y=\"{}\" font-style=\"italic\">member {}</text>\n",
                top + 12,
                escape(m)
            ));
            top += 16;
        }
        for b in 0..row.bits / 8 {
            let x = 4 + (row.bits - (b + 1) * 8) * BIT;
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"10\">{}</text>\n",
                x + 2,
                top + 10,
                row.byte + b
            ));
        }
        for s in &row.segments {
            let x = 4 + (row.bits - s.hi) * BIT;
            let w = (s.hi - s.lo) * BIT;
            let fill = if s.padding { "#eeeeee" } else { "#cfe2ff" };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{}\" width=\"{w}\" height=\"24\" fill=\"{fill}\" stroke=\"black\"/>\n",
                top + 14
            ));
            let label = if s.padding { "" } else { s.label.as_str() };
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"11\">{}</text>\n",
                x + w / 2,
                top + 30,
                escape(label)
            ));
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"9\">{}</text>\n",
                x + 1,
                top + 48,
                s.hi - 1
            ));
            out.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" font-size=\"9\" text-anchor=\"end\">{}</text>\n",
                x + w - 1,
                top + 48,
                s.lo
            ));
        }
        top += ROW;
        if row.repeat > 1 {
            out.push_str(&format!(
                "<text x=\"4\" y=\"{}\" font-style=\"italic\">… continues through byte {}</text>\n",
                top + 4,
                row.last_byte()
            ));
            top += 16;
        }
    }
    Ok((out, top - y))
}

/// An SVG document with the diagrams of `types`, one under the other.
pub fn svg(types: &[&TypeDesc], addr: AddressSize) -> Result<String, LayoutError> {
    let mut body = String::new();
    let mut y = 0;
    for ty in types {
        let (part, height) = svg_type(ty, addr, y)?;
        body.push_str(&part);
        y += height + 12;
    }
    Ok(format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"monospace\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n{body}</svg>\n",
        32 * BIT + 8,
        y.max(1)
    ))
}
