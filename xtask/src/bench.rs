//! `cargo xtask bench`: the quiet interleaved benchmark (one process, one core, median of
//! per-round ratios) and then criterion's benchmarks, all in release mode.

use crate::test::cargo;

/// criterion's benchmark targets, run after the interleaved one.
const CRITERION_BENCHES: [&str; 3] = ["bitfields", "zero_copy", "launch"];

/// Runs the interleaved benchmark with `args` (e.g. `--values N --rounds R --core C`), then
/// every criterion benchmark unless `--quick` is among the arguments (anywhere).
pub fn run(args: &[String]) -> Result<(), String> {
    let quick = args.iter().any(|a| a == "--quick");
    // `-p ptx-abi`: the benchmarks are the root package's, wherever `cargo xtask` runs from.
    let mut interleaved = vec!["bench", "-p", "ptx-abi", "--bench", "interleaved", "--"];
    interleaved.extend(args.iter().map(String::as_str).filter(|a| *a != "--quick"));
    cargo(&interleaved, &[])?;
    if !quick {
        for bench in CRITERION_BENCHES {
            cargo(&["bench", "-p", "ptx-abi", "--bench", bench], &[])?;
        }
    }
    Ok(())
}
