//! `cargo xtask bench`: the quiet interleaved benchmark (one process, one core, median of
//! per-round ratios) and then criterion's benchmarks, all in release mode.

use crate::test::cargo;

/// criterion's benchmark targets, run after the interleaved one.
const CRITERION_BENCHES: [&str; 3] = ["bitfields", "zero_copy", "launch"];

/// Runs the interleaved benchmark with `args` (e.g. `--values N --rounds R --core C`), then
/// every criterion benchmark unless `--quick` is the first argument.
pub fn run(args: &[String]) -> Result<(), String> {
    let (quick, rest) = match args.split_first() {
        Some((first, rest)) if first == "--quick" => (true, rest),
        _ => (false, args),
    };
    let mut interleaved = vec!["bench", "--bench", "interleaved", "--"];
    interleaved.extend(rest.iter().map(String::as_str));
    cargo(&interleaved, &[])?;
    if !quick {
        for bench in CRITERION_BENCHES {
            cargo(&["bench", "--bench", bench], &[])?;
        }
    }
    Ok(())
}
