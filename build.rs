//! The build's fingerprint, `DIGITS_LAB_BUILD`: a hash of everything that decides what the
//! library computes — its sources, the data files it embeds, `Cargo.toml` and `Cargo.lock`
//! (the dependencies' versions), and the compiler's version. Outputs record it, so that a
//! run keeps tables only when the same build made them (`analyze` says `up to date, kept`),
//! and any change of code recomputes. The same sources give the same fingerprint on every
//! machine.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Files outside `src/` that the library embeds or is built from.
const INPUTS: &[&str] = &[
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
    "assets/nyt-digits-2023.csv",
    "assets/human-24-4nums-train.csv",
    "assets/difficulty-model.json",
    "assets/DejaVuSans.ttf",
];

fn main() {
    let mut files = Vec::new();
    sources(Path::new("src"), &mut files);
    files.sort();
    files.extend(INPUTS.iter().map(PathBuf::from));
    let mut hash = Fnv::default();
    for f in &files {
        let text = std::fs::read(f).unwrap_or_else(|e| panic!("reading {}: {e}", f.display()));
        hash.write(f.to_string_lossy().replace('\\', "/").as_bytes());
        hash.write(&(text.len() as u64).to_le_bytes());
        hash.write(&text);
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    if let Ok(out) = Command::new(rustc).arg("-V").output() {
        hash.write(&out.stdout);
    }
    println!("cargo:rustc-env=DIGITS_LAB_BUILD={:016x}", hash.0);
    println!("cargo:rerun-if-changed=src");
    for f in INPUTS {
        println!("cargo:rerun-if-changed={f}");
    }
}

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// 64-bit FNV-1a: fixed, so the fingerprint does not depend on the standard library's hasher.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}
