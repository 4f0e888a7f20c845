//! Progress bars for long work: drawn on standard error when it is a terminal, hidden in CI,
//! in pipes and under `--quiet`, so that output files and captured output never carry them.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar counting `len` boards, its line starting with `label` (an indicatif template
/// field such as `{msg}` is allowed); hidden when `quiet` or when standard error is not a
/// terminal.
pub fn boards(len: u64, quiet: bool, label: &str) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr());
    pb.set_style(
        ProgressStyle::with_template(&format!(
            "{label} {{bar:40}} {{pos}}/{{len}} boards · {{per_sec}} · ETA {{eta}}"
        ))
        .expect("the template is valid"),
    );
    pb
}
