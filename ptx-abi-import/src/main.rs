//! `ptx-abi-import HEADER… [-o OUT.rs]`: a CUDA header as `#[derive(PtxAbi)]` Rust.

use std::process::ExitCode;

const USAGE: &str = "\
usage: ptx-abi-import HEADER... [-o OUT.rs] [options]

Reads CUDA headers with clang (as the device compiler does) and writes #[derive(PtxAbi)] Rust
for their structs, unions, enums and typedefs.

options:
  -o FILE            write the Rust source to FILE (default: standard output)
  --allow NAME       import only NAME (C++-qualified) and what it uses; repeatable
  --decode U::M      union U decodes through member M
  --open-enum NAME   import enum NAME as its integer with its enumerators as constants
                     (what bit-flag enums get without it), so that any value decodes
  -I DIR, -D DEF     passed to clang; --clang-arg ARG passes any argument
  -isystem DIR       a library's include directory (PyTorch's, as CMake passes it): its
                     types are imported where the header's types use them, not as its own
  --clang PATH       the clang (or zig) to use (also: $PTX_ABI_CLANG)
  --fetch-clang      fetch clang 22 (PyPI wheel `ziglang`) if no clang is found
  --no-c-names       do not emit #[ptx(c_name = \"...\")] where Rust and C names
                     differ (emitted by default)
  --checks EXPR      emit NVRTC checks against the header, EXPR being its text
                     (e.g. 'include_str!(\"../kernels/particle.cuh\")')
  --strict          fail on any declaration that cannot be imported (by default each
                     is reported and left out, with the types that hold it by value)
  --compiler C       follow nvcc's layout (the default) or NVRTC's where they differ (a
                     GNU `aligned` attribute after a struct's closing brace: nvcc applies
                     it, NVRTC drops it); nvcc's layouts are checked by nvcc
  --cuda VERSION     read the header as CUDA VERSION's headers declare their types
                     (13.0, or 13000 as CUDA_VERSION spells it; default: the release
                     ptx-abi describes, 12.9 unless a feature of ptx-abi-core says otherwise)
  --arch sm_NN       read the header for GPU architecture sm_NN (the __CUDA_ARCH__ its #ifs
                     see) and compile its checks for compute_NN (default: sm_80, the checks'
                     own default)
";

/// `13.0` or `13000` as a CUDA release.
fn cuda_version(text: &str) -> Option<ptx_abi_core::layout::cuda_version::CudaVersion> {
    if let Some((major, minor)) = text.split_once('.') {
        return Some(ptx_abi_core::layout::cuda_version::CudaVersion::new(
            major.parse().ok()?,
            minor.parse().ok()?,
        ));
    }
    let code: u32 = text.parse().ok()?;
    (code >= 1000).then(|| ptx_abi_core::layout::cuda_version::CudaVersion::from_code(code))
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut importer = ptx_abi_import::Importer::new();
    let mut out: Option<String> = None;
    let mut any = false;
    let mut fetch_only = true;
    while let Some(a) = args.next() {
        let mut value = |what: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("ptx-abi-import: {what} needs a value\n\n{USAGE}");
                std::process::exit(2)
            })
        };
        importer = match a.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "-o" => {
                out = Some(value("-o"));
                importer
            }
            "--allow" => importer.allow(value("--allow")),
            "--open-enum" => importer.open_enum(value("--open-enum")),
            "--decode" => {
                let v = value("--decode");
                let Some((u, m)) = v.rsplit_once("::") else {
                    eprintln!("ptx-abi-import: --decode wants UNION::MEMBER, got {v:?}");
                    return ExitCode::from(2);
                };
                importer.decode_member(u, m)
            }
            "-I" | "-D" => {
                let v = value(&a);
                importer.clang_arg(format!("{a}{v}"))
            }
            // A library's include directory: what it declares is not the header's own.
            "-isystem" => {
                let v = value(&a);
                importer.clang_arg(a).clang_arg(v)
            }
            "--clang-arg" => importer.clang_arg(value("--clang-arg")),
            "--clang" => importer.clang(value("--clang")),
            "--fetch-clang" => importer.fetch_clang(true),
            "--c-names" => importer.c_names(true),
            "--no-c-names" => importer.c_names(false),
            "--checks" => importer.checks(value("--checks")),
            "--strict" => importer.strict(true),
            "--compiler" => {
                let v = value("--compiler");
                match ptx_abi_import::Compiler::parse(&v) {
                    Some(c) => importer.compiler(c),
                    None => {
                        eprintln!("ptx-abi-import: --compiler takes `nvcc` or `nvrtc`, not `{v}`");
                        return ExitCode::from(2);
                    }
                }
            }
            "--cuda" => {
                let v = value("--cuda");
                let Some(v) = cuda_version(&v) else {
                    eprintln!(
                        "ptx-abi-import: --cuda wants a CUDA release such as 13.0, got {v:?}"
                    );
                    return ExitCode::from(2);
                };
                importer.cuda_version(v)
            }
            "--arch" => {
                let v = value("--arch");
                let Some(sm) = ptx_abi_import::arch_number(&v) else {
                    eprintln!(
                        "ptx-abi-import: --arch wants an architecture such as sm_90, got {v:?}"
                    );
                    return ExitCode::from(2);
                };
                importer.arch(sm)
            }
            s if s.starts_with("-I") || s.starts_with("-D") || s.starts_with("-std=") => {
                importer.clang_arg(s)
            }
            s if s.starts_with('-') => {
                eprintln!("ptx-abi-import: unknown option {s}\n\n{USAGE}");
                return ExitCode::from(2);
            }
            header => {
                any = true;
                fetch_only = false;
                importer.header(header)
            }
        };
    }
    if !any {
        if fetch_only && std::env::args().any(|a| a == "--fetch-clang") {
            // `--fetch-clang` alone: just make sure clang is there.
            let cache = ptx_abi_import::default_caches()[0].clone();
            return match ptx_abi_import::fetch_clang(&cache) {
                Ok(zig) => {
                    println!("{}", zig.display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("ptx-abi-import: {e}");
                    ExitCode::FAILURE
                }
            };
        }
        eprint!("{USAGE}");
        return ExitCode::from(2);
    }
    match importer.generate() {
        Ok(imported) => {
            report_skipped(&imported.skipped);
            if imported.model.emitted.is_empty() {
                eprintln!(
                    "ptx-abi-import: warning: nothing to import: the header declares no struct, \
                     union, enum or typedef clang read (are its types behind an `#if` that \
                     needs a `-D`?)"
                );
            }
            match out {
                Some(path) => match std::fs::write(&path, &imported.source) {
                    Ok(()) => {
                        eprintln!(
                            "ptx-abi-import: wrote {} items to {path}",
                            imported.model.emitted.len()
                        );
                        ExitCode::SUCCESS
                    }
                    Err(e) => {
                        eprintln!("ptx-abi-import: cannot write {path}: {e}");
                        ExitCode::FAILURE
                    }
                },
                None => {
                    print!("{}", imported.source);
                    ExitCode::SUCCESS
                }
            }
        }
        Err(e) => {
            eprintln!("ptx-abi-import: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Says on standard error what was left out and why (`--strict` makes it an error).
fn report_skipped(skipped: &[ptx_abi_import::Unsupported]) {
    if skipped.is_empty() {
        return;
    }
    eprintln!(
        "ptx-abi-import: warning: {} declaration{} left out (--strict makes this an error):",
        skipped.len(),
        if skipped.len() == 1 { "" } else { "s" }
    );
    for u in skipped {
        eprintln!("  {u}");
    }
}
