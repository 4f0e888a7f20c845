//! What long work tells whoever runs it ([`Progress`]): the work ahead, its advance, and lines
//! for people. The library draws nothing itself: the command line's implementation draws a
//! bar on a terminal (the `digits-lab-cli` crate, so that the library builds without a
//! terminal library), Python hands the counts to a callable, and [`Silent`] drops everything.

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
