//! Chapter 1, data representation, without NVIDIA tools: fundamental types and vectors (§1.1–§1.2),
//! aggregates and bit-fields (§1.3), the guide's figures, zero-copy images, encode/decode round
//! trips, errors, the fuzz targets' types, optional integrations.
//!
//! One test binary of modules (a few binaries link faster and use less disk than one per
//! file); run one module with `cargo test --test data -- <module>::`.

#[path = "../../examples/shared/guide_types.rs"]
mod guide_types;

mod aggregates;
mod doc_paths;
mod env_vars;
mod errors;
mod figures;
mod fuzz_types;
mod integrations;
mod roundtrip;
mod types;
mod zero_copy;
