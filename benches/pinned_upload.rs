//! Issue 31, target 6: encode straight into pinned host memory, pipelined with
//! `cuMemcpyHtoDAsync`, against cudarc's `memcpy_htod` of bytes encoded beforehand and against
//! the link itself (a copy of ready bytes from pinned memory).
//!
//! Every variant uploads the images of the same `n` values of the reference type
//! (`benches/common`, 48 bytes each) into one device buffer. The pipelined variants cut the
//! values into chunks: the host encodes chunk `i + 1` (write-only, `encode_slice_into` or
//! `encode_slice_par_into` on `MaybeUninit<u8>`) while the copy engine moves chunk `i`. Before
//! anything is timed each variant's upload is copied back and compared with `encode_slice`'s
//! bytes. Rounds are interleaved (every variant once per round, the order rotating) and each
//! variant's median time is reported as GB/s of images and as a share of the link's rate in
//! the same round.
//!
//! `cargo bench --bench pinned_upload --features cudarc,rayon -- [--values N] [--rounds R]
//! [--chunk C]`. Without a CUDA driver and GPU it prints one line saying so and exits 0.

mod common;

use common::{arg, sample, Ref};
use ptx_abi::cudarc::driver::{result, sys, CudaContext, CudaSlice, CudaStream, DevicePtrMut};
use ptx_abi::PtxAbi;
use std::mem::MaybeUninit;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Page-locked host memory from `cuMemHostAlloc`, freed on drop.
struct Pinned {
    ptr: *mut MaybeUninit<u8>,
    len: usize,
}

impl Pinned {
    fn new(len: usize, flags: u32) -> Pinned {
        // SAFETY: `malloc_host` returns `len` bytes of page-locked memory (or an error); the
        // bytes are only ever seen as `MaybeUninit<u8>` until a write-only encoder fills them.
        let ptr = unsafe { result::malloc_host(len, flags) }.expect("cuMemHostAlloc");
        Pinned {
            ptr: ptr.cast(),
            len,
        }
    }

    fn uninit(&mut self) -> &mut [MaybeUninit<u8>] {
        // SAFETY: `ptr` points to `len` bytes this value owns; `MaybeUninit<u8>` needs no
        // initialization, and the `&mut self` borrow makes the slice unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// The bytes, once a variant has written all of them.
    fn bytes(&self) -> &[u8] {
        // SAFETY: called only after an encoder initialized every byte (each variant
        // writes the whole buffer before it is read or copied).
        unsafe { std::slice::from_raw_parts(self.ptr.cast::<u8>(), self.len) }
    }
}

impl Drop for Pinned {
    fn drop(&mut self) {
        // SAFETY: `ptr` came from `cuMemHostAlloc` and is freed once, here; every copy that
        // read it was synchronized by the variant that issued it.
        let _ = unsafe { result::free_host(self.ptr.cast()) };
    }
}

/// How a pipelined variant encodes one chunk.
#[derive(Clone, Copy)]
enum Encoder {
    OneThread,
    Rayon,
}

struct Bench {
    stream: Arc<CudaStream>,
    values: Vec<Ref>,
    /// `encode_slice`'s bytes: the expected upload, and what the copy-only variants send.
    expected: Vec<u8>,
    device: CudaSlice<u8>,
    /// Write-combined (cudarc's `alloc_pinned`) and plain pinned buffers.
    write_combined: Pinned,
    plain: Pinned,
    /// A plain pinned buffer holding `expected`: the link's rate.
    ready: Pinned,
    chunk: usize,
}

impl Bench {
    fn device_ptr(&mut self) -> sys::CUdeviceptr {
        let (ptr, _record) = self.device.device_ptr_mut(&self.stream);
        ptr
    }

    /// One copy of `src` to the device buffer at `offset`, queued on the stream.
    fn copy_async(&mut self, offset: usize, src: &[u8]) {
        let dst = self.device_ptr() + offset as u64;
        // SAFETY: `dst..dst + src.len()` lies in `device` (every offset is below `n × 48`
        // and chunks end at `n × 48`); `src` stays alive and unwritten until the stream is
        // synchronized at the end of the variant.
        unsafe { result::memcpy_htod_async(dst, src, self.stream.cu_stream()) }
            .expect("cuMemcpyHtoDAsync");
    }

    fn sync(&self) {
        self.stream.synchronize().expect("cuStreamSynchronize");
    }

    /// Encodes chunk after chunk into pinned memory, each chunk's copy queued as soon as it is
    /// written.
    fn pipelined(&mut self, write_combined: bool, encoder: Encoder) {
        let size = Ref::SIZE;
        let n = self.values.len();
        let buffer = if write_combined {
            self.write_combined.ptr
        } else {
            self.plain.ptr
        };
        let mut start = 0;
        while start < n {
            let end = (start + self.chunk).min(n);
            // SAFETY: the chunk's bytes lie inside the pinned buffer of `n × SIZE` bytes, and
            // no other slice of them is alive (earlier chunks' slices ended with their copy's
            // queueing; the copy engine only reads them).
            let out = unsafe {
                std::slice::from_raw_parts_mut(buffer.add(start * size), (end - start) * size)
            };
            let values = &self.values[start..end];
            let bytes = match encoder {
                Encoder::OneThread => Ref::encode_slice_into(values, out),
                Encoder::Rayon => Ref::encode_slice_par_into(values, out),
            }
            .expect("encode");
            // `bytes` borrows the pinned buffer, not `self`; it is not written again before
            // `sync`.
            self.copy_async(start * size, bytes);
            start = end;
        }
        self.sync();
    }

    fn run(&mut self, variant: &str) {
        match variant {
            LINK => {
                let (ptr, len) = (self.ready.bytes().as_ptr(), self.ready.len);
                // SAFETY: `ready` is initialized (filled before the first round) and lives as
                // long as the bench; it is synchronized below.
                let src = unsafe { std::slice::from_raw_parts(ptr, len) };
                self.copy_async(0, src);
                self.sync();
            }
            CUDARC_READY => {
                self.stream
                    .memcpy_htod(&self.expected, &mut self.device)
                    .expect("memcpy_htod");
                self.sync();
            }
            SERIAL => {
                let mut bytes = vec![0u8; self.expected.len()];
                Ref::encode_slice(&self.values, &mut bytes).expect("encode");
                self.stream
                    .memcpy_htod(&bytes, &mut self.device)
                    .expect("memcpy_htod");
                self.sync();
            }
            PIPE_WC => self.pipelined(true, Encoder::OneThread),
            PIPE_PLAIN => self.pipelined(false, Encoder::OneThread),
            PIPE_WC_PAR => self.pipelined(true, Encoder::Rayon),
            PIPE_PLAIN_PAR => self.pipelined(false, Encoder::Rayon),
            ENCODE_WC => {
                Ref::encode_slice_into(&self.values, self.write_combined.uninit()).expect("encode");
            }
            ENCODE_PLAIN => {
                Ref::encode_slice_into(&self.values, self.plain.uninit()).expect("encode");
            }
            other => unreachable!("{other}"),
        }
    }

    /// The device buffer's bytes equal `encode_slice`'s.
    fn check(&mut self, variant: &str) {
        let zeros = vec![0u8; self.expected.len()];
        self.stream
            .memcpy_htod(&zeros, &mut self.device)
            .expect("clear");
        self.sync();
        self.run(variant);
        if variant.starts_with("encode only") {
            let buffer = if variant == ENCODE_WC {
                &self.write_combined
            } else {
                &self.plain
            };
            assert!(
                buffer.bytes() == self.expected,
                "{variant}: other bytes than encode_slice"
            );
            return;
        }
        let back = self.stream.clone_dtoh(&self.device).expect("dtoh");
        assert!(
            back == self.expected,
            "{variant}: the device holds other bytes than encode_slice wrote"
        );
    }
}

const LINK: &str = "link: cuMemcpyHtoDAsync of ready bytes, pinned";
const CUDARC_READY: &str = "cudarc memcpy_htod of ready bytes (Vec)";
const SERIAL: &str = "encode_slice into a Vec, then cudarc memcpy_htod";
const PIPE_WC: &str = "pipelined: encode_slice_into write-combined pinned + copy";
const PIPE_PLAIN: &str = "pipelined: encode_slice_into pinned + copy";
const PIPE_WC_PAR: &str = "pipelined: encode_slice_par_into write-combined pinned + copy";
const PIPE_PLAIN_PAR: &str = "pipelined: encode_slice_par_into pinned + copy";
const ENCODE_WC: &str = "encode only: encode_slice_into write-combined pinned";
const ENCODE_PLAIN: &str = "encode only: encode_slice_into pinned";

const VARIANTS: [&str; 9] = [
    LINK,
    CUDARC_READY,
    SERIAL,
    PIPE_WC,
    PIPE_PLAIN,
    PIPE_WC_PAR,
    PIPE_PLAIN_PAR,
    ENCODE_WC,
    ENCODE_PLAIN,
];

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let n = arg("--values", 4_000_000);
    let rounds = arg("--rounds", 15);
    let chunk = arg("--chunk", 1 << 16);
    // SAFETY: only asks whether the driver library can be loaded.
    if !unsafe { sys::is_culib_present() } {
        println!("pinned_upload: no CUDA driver library here: skipped (run it where a GPU is)");
        return;
    }
    let ctx = match CudaContext::new(0) {
        Ok(ctx) => ctx,
        Err(e) => {
            println!("pinned_upload: no usable GPU ({e:?}): skipped");
            return;
        }
    };
    let stream = ctx.new_stream().expect("stream");
    let values = sample(n);
    let len = n * Ref::SIZE;
    let mut expected = vec![0u8; len];
    Ref::encode_slice(&values, &mut expected).expect("encode");
    // SAFETY: `len` bytes of device memory, fully written by every variant before it is read.
    let device = unsafe { stream.alloc::<u8>(len) }.expect("device buffer");
    let mut ready = Pinned::new(len, 0);
    Ref::encode_slice_into(&values, ready.uninit()).expect("encode");
    let mut bench = Bench {
        stream,
        values,
        expected,
        device,
        write_combined: Pinned::new(len, sys::CU_MEMHOSTALLOC_WRITECOMBINED),
        plain: Pinned::new(len, 0),
        ready,
        chunk,
    };
    let name = ctx.name().unwrap_or_else(|e| format!("device 0 ({e:?})"));
    println!(
        "pinned_upload: {n} values of Ref ({:.1} MB of images), chunks of {chunk} values \
         ({:.1} MB), {rounds} rounds, {} host threads, {name}",
        len as f64 / 1e6,
        (chunk * Ref::SIZE) as f64 / 1e6,
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    );
    for v in VARIANTS {
        bench.check(v);
    }
    println!("pinned_upload: every variant's bytes equal encode_slice's (checked on the device)");
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); VARIANTS.len()];
    let mut link_share: Vec<Vec<f64>> = vec![Vec::new(); VARIANTS.len()];
    for round in 0..rounds {
        let mut this: Vec<Duration> = vec![Duration::ZERO; VARIANTS.len()];
        for k in 0..VARIANTS.len() {
            let i = (k + round) % VARIANTS.len();
            let t = Instant::now();
            bench.run(VARIANTS[i]);
            this[i] = t.elapsed();
        }
        let link = this[0].as_secs_f64();
        for (i, d) in this.iter().enumerate() {
            times[i].push(d.as_secs_f64());
            link_share[i].push(link / d.as_secs_f64());
        }
    }
    println!(
        "{:<66} {:>10} {:>9} {:>13}",
        "variant (median of rounds)", "ms", "GB/s", "÷ link rate"
    );
    for (i, v) in VARIANTS.iter().enumerate() {
        let t = median(times[i].clone());
        println!(
            "{v:<66} {:>10.3} {:>9.2} {:>13.3}",
            t * 1e3,
            len as f64 / t / 1e9,
            median(link_share[i].clone())
        );
    }
}
