//! The phases' own errors, typed: a table not read ([`ReadError`]), a digest not computed
//! ([`DigestError`], [`Unsolved`]), a `hardest` list not made ([`HardestError`]), the charts
//! not drawn ([`ChartError`]). They live here, beside the library's error and below every
//! phase, so that [`crate::Error::Phase`] holds each as its own type and a caller matches on
//! [`Phase`] without downcasting; each phase's module re-exports its own
//! (`store::read::ReadError`, `digest::DigestError`, …) and makes it.

use std::fmt;
use std::path::{Path, PathBuf};

use polars::prelude::PolarsError;
use thiserror::Error;

/// A phase's error behind the library's: which phase failed, with its own error, and whether
/// the user asked for something the data cannot give (exit code 2) rather than a file failing
/// (1).
#[derive(Debug)]
pub struct PhaseError {
    phase: Box<Phase>,
    input: bool,
}

/// Which phase failed, with its own error.
#[derive(Debug, Error)]
pub enum Phase {
    /// A table not read.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// A digest not computed.
    #[error(transparent)]
    Digest(#[from] DigestError),
    /// A `hardest` list not made.
    #[error(transparent)]
    Hardest(#[from] HardestError),
    /// The charts not drawn.
    #[error(transparent)]
    Chart(#[from] ChartError),
}

impl PhaseError {
    pub fn new(error: impl Into<Phase>, input: bool) -> PhaseError {
        PhaseError {
            phase: Box::new(error.into()),
            input,
        }
    }

    /// The phase that failed, with its own error.
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// Whether the user asked for something the data cannot give (exit code 2).
    pub fn is_input(&self) -> bool {
        self.input
    }
}

impl fmt::Display for PhaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.phase.fmt(f)
    }
}

impl std::error::Error for PhaseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&*self.phase)
    }
}

/// A reader that panicked, and the panic's message (a panic carries no error value).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{0}")]
pub struct Panicked(pub String);

/// Why a table could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// The data folder itself is missing.
    #[error("data folder {} does not exist (run `digits-lab analyze` first, or pass --data)", path.display())]
    NoData { path: PathBuf },
    /// What was given as the data folder exists but is not a folder (a file, `/dev/null`).
    #[error("data folder {} is not a folder (pass --data the folder `digits-lab analyze --out` wrote)", path.display())]
    NotFolder { path: PathBuf },
    /// The data folder or a corpus folder is missing (the user named the wrong thing).
    #[error("no tables for corpus `{corpus}`: folder {} does not exist (run `digits-lab analyze --corpus {corpus}` first)", path.display())]
    NoCorpus { corpus: String, path: PathBuf },
    /// A table of an existing corpus is missing.
    #[error("corpus `{corpus}` has no `{table}` table under {}", path.display())]
    NoTable {
        corpus: String,
        table: String,
        path: PathBuf,
    },
    /// A column the request needs is not in the table (or holds only nulls).
    #[error("corpus `{corpus}`: {what}")]
    Absent { corpus: String, what: String },
    /// Reading or decoding a Parquet file failed.
    #[error("reading {}: {source}", path.display())]
    Parquet {
        path: PathBuf,
        #[source]
        source: PolarsError,
    },
    /// A Parquet file so broken that its reader gave up (it panicked, and was caught).
    #[error("reading {}: the file is corrupt ({source})", path.display())]
    Corrupt {
        path: PathBuf,
        #[source]
        source: Panicked,
    },
    #[error("reading {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl ReadError {
    /// Why `data` cannot serve as the data folder, whatever is at that path: nothing, or
    /// something that is not a folder.
    pub fn no_data(data: &Path) -> ReadError {
        let path = data.to_path_buf();
        match data.try_exists() {
            Ok(true) => ReadError::NotFolder { path },
            _ => ReadError::NoData { path },
        }
    }

    /// Whether the error comes from what the user asked for (a corpus without tables, a
    /// convention the corpus does not have) rather than from broken files.
    pub fn is_input(&self) -> bool {
        matches!(
            self,
            ReadError::NoData { .. }
                | ReadError::NotFolder { .. }
                | ReadError::NoCorpus { .. }
                | ReadError::NoTable { .. }
                | ReadError::Absent { .. }
        )
    }
}

impl From<ReadError> for super::Error {
    fn from(e: ReadError) -> super::Error {
        let input = e.is_input();
        super::Error::Phase(PhaseError::new(e, input))
    }
}

/// Why a digest could not be computed (writing it fails with the library's file errors).
#[derive(Debug, Error)]
pub enum DigestError {
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
}

/// A board of the tables the engine could not solve again to write out its solutions (for
/// the digest, or for a `hardest` list the digest does not hold).
#[derive(Debug, Error)]
#[error("board `{board}` of the tables: {source}")]
pub struct Unsolved {
    pub board: String,
    #[source]
    pub source: super::Error,
}

impl From<DigestError> for super::Error {
    fn from(e: DigestError) -> super::Error {
        match e {
            DigestError::Read(e) => e.into(),
            e => super::Error::Phase(PhaseError::new(e, false)),
        }
    }
}

/// Why `hardest` refused or failed.
#[derive(Debug, Error)]
pub enum HardestError {
    /// A custom corpus, named `corpus`; `known` lists the named corpora.
    #[error(
        "`{corpus}` is a custom corpus: `hardest` knows the games of the named corpora only ({known})"
    )]
    UnknownCorpus { corpus: String, known: String },
    #[error("target {target} is not among the targets of corpus `{corpus}` ({range})")]
    NoTarget {
        corpus: String,
        target: i64,
        range: String,
    },
    #[error(transparent)]
    Read(#[from] ReadError),
    #[error(transparent)]
    Unsolved(#[from] Unsolved),
}

impl From<HardestError> for super::Error {
    fn from(e: HardestError) -> super::Error {
        let input = e.is_input();
        super::Error::Phase(PhaseError::new(e, input))
    }
}

impl HardestError {
    /// Whether the user asked for something the data cannot answer (exit code 2).
    pub fn is_input(&self) -> bool {
        match self {
            HardestError::UnknownCorpus { .. } | HardestError::NoTarget { .. } => true,
            HardestError::Read(e) => e.is_input(),
            HardestError::Unsolved(_) => false,
        }
    }
}

/// Why the charts could not be rendered.
#[derive(Debug, Error)]
pub enum ChartError {
    #[error("drawing chart `{chart}`: {source}")]
    Draw {
        chart: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    #[error("writing {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

impl From<ChartError> for super::Error {
    fn from(e: ChartError) -> super::Error {
        super::Error::Phase(PhaseError::new(e, false))
    }
}
