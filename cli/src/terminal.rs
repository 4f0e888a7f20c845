//! The command line's [`Progress`]: a bar on standard error while work runs (indicatif),
//! hidden in CI, in pipes and under `--quiet`, so that output files and captured output never
//! carry it.

use std::io::IsTerminal;
use std::sync::Mutex;

use digits_lab::progress::Progress;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The command line's progress: a bar on standard error while work runs, notes as lines on
/// standard error; nothing at all when `quiet`, and no bar when standard error is not a
/// terminal.
pub struct Terminal {
    quiet: bool,
    bar: Mutex<Option<ProgressBar>>,
}

impl Terminal {
    pub fn new(quiet: bool) -> Terminal {
        Terminal {
            quiet,
            bar: Mutex::new(None),
        }
    }

    fn with_bar(&self, f: impl FnOnce(&ProgressBar)) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
            f(bar);
        }
    }
}

impl Progress for Terminal {
    fn start(&self, label: &str, unit: &str, total: Option<u64>) {
        let bar = match total {
            Some(len) => bar(len, self.quiet, label, unit),
            None => counter(self.quiet, unit),
        };
        *self.bar.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar);
    }

    fn advance(&self, n: u64) {
        self.with_bar(|b| b.inc(n));
    }

    fn finish(&self) {
        if let Some(bar) = self.bar.lock().unwrap_or_else(|e| e.into_inner()).take() {
            bar.finish_and_clear();
        }
    }

    fn note(&self, line: &str) {
        if !self.quiet {
            match self.bar.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
                Some(bar) => bar.suspend(|| eprintln!("{line}")),
                None => eprintln!("{line}"),
            }
        }
    }
}

/// Whether a bar may be drawn.
fn drawn(quiet: bool) -> bool {
    !quiet && std::io::stderr().is_terminal()
}

/// A bar counting `len` units, its line starting with `label` (an indicatif template field
/// such as `{msg}` is allowed); hidden when `quiet` or when standard error is not a terminal.
fn bar(len: u64, quiet: bool, label: &str, unit: &str) -> ProgressBar {
    if !drawn(quiet) {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{label} {{bar:40}} {{pos}}/{{len}} {unit} · {{per_sec}} · ETA {{eta}}"
        ))
        .expect("the template is valid"),
    );
    pb
}

/// A spinner counting units whose total is not known in advance.
fn counter(quiet: bool, unit: &str) -> ProgressBar {
    if !drawn(quiet) {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(&format!("{{spinner}} {{pos}} {unit} · {{per_sec}}"))
            .expect("the template is valid"),
    );
    pb
}
