//! What long work tells whoever runs it ([`Progress`]): the work ahead, its advance, and lines
//! for people. On the command line a [`Terminal`] draws a bar on standard error when it is a
//! terminal, hidden in CI, in pipes and under `--quiet`, so that output files and captured
//! output never carry it; Python hands the counts to a callable; [`Silent`] drops everything.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// What long work tells whoever runs it.
pub trait Progress: Sync {
    /// Work of `total` units named `unit` (`None`: not known in advance) starts, under
    /// `label`.
    fn start(&self, label: &str, unit: &str, total: Option<u64>);
    /// `n` more units done.
    fn advance(&self, n: u64);
    /// The work started last is over.
    fn finish(&self);
    /// A line for people, said while the work runs (a corpus finished).
    fn note(&self, line: &str);
}

/// Progress nobody watches.
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: &str, _: &str, _: Option<u64>) {}
    fn advance(&self, _: u64) {}
    fn finish(&self) {}
    fn note(&self, _: &str) {}
}

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
            Some(len) => boards(len, self.quiet, label, unit),
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
pub fn boards(len: u64, quiet: bool, label: &str, unit: &str) -> ProgressBar {
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
