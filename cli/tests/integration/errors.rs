//! Errors keep their cause: a file's failure carries the I/O or polars error beneath it as
//! its `source()`, a phase's error stays its own type behind the library's, and the command
//! still prints it all on one line with the same exit code.

use std::error::Error as _;

use assert_cmd::Command;
use digits_lab::corpus::CorpusId;
use digits_lab::digest::hardest::query::HardestError;
use digits_lab::error::{Cause, Error, Phase};
use digits_lab::request::HardestRequest;
use digits_lab::store::read::{ReadError, read_file};

use crate::fixture;

#[test]
fn an_unreadable_parquet_file_keeps_polars_cause() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.parquet");
    std::fs::write(&path, b"not a Parquet file").unwrap();
    let e = read_file(&path).unwrap_err();
    let cause = e.source().expect("the cause beneath");
    assert!(
        matches!(cause.downcast_ref::<Cause>(), Some(Cause::Polars(_))),
        "{cause:?}"
    );
    assert_eq!(e.to_string(), format!("{}: {cause}", path.display()));
    assert_eq!(e.exit_code(), 1);
    let missing = read_file(&dir.path().join("none.parquet")).unwrap_err();
    let cause = missing.source().and_then(|c| c.downcast_ref::<Cause>());
    assert!(
        matches!(cause, Some(Cause::Io(io)) if io.kind() == std::io::ErrorKind::NotFound),
        "{missing:?}"
    );
}

/// A damaged table under `hardest`: the library's error is `hardest`'s own, the reader's
/// inside it, polars' error beneath; the command says the same on one line.
#[test]
fn a_damaged_table_is_the_readers_error_with_polars_beneath() {
    let data = fixture::subset(&[CorpusId::TwentyFour]);
    let targets = data.path().join("24").join("targets.parquet");
    assert!(targets.is_file(), "{targets:?}");
    std::fs::write(&targets, b"PAR1 damaged PAR1").unwrap();
    let request = HardestRequest {
        data: data.path().to_path_buf(),
        ..HardestRequest::of(CorpusId::TwentyFour)
    };
    let e = request.run().unwrap_err();
    // Matched as typed values all the way down, without downcasting.
    let Error::Phase(phase) = &e else {
        panic!("not a phase's error: {e:?}");
    };
    assert!(
        matches!(
            phase.phase(),
            Phase::Hardest(HardestError::Read(ReadError::Parquet { .. }))
        ),
        "{phase:?}"
    );
    let beneath = e.source().expect("polars' error beneath");
    assert!(beneath.is::<polars::prelude::PolarsError>(), "{beneath:?}");
    let message = e.to_string();
    assert!(
        message.starts_with(&format!("reading {}: ", targets.display())),
        "{message}"
    );
    assert!(message.ends_with(&beneath.to_string()), "{message}");
    assert_eq!(e.exit_code(), 1);
    let out = Command::cargo_bin("digits-lab")
        .unwrap()
        .args(["hardest", "--corpus", "24", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err, format!("error: {message}\n"));
}

/// The user's mistake stays input (exit 2) through the phase: a corpus with no tables.
#[test]
fn a_corpus_without_tables_is_refused_input() {
    let data = tempfile::tempdir().unwrap();
    let e = HardestRequest {
        data: data.path().to_path_buf(),
        ..HardestRequest::of(CorpusId::Countdown)
    }
    .run()
    .unwrap_err();
    assert_eq!(e.exit_code(), 2, "{e}");
    assert!(
        e.to_string().contains("no tables for corpus `countdown`"),
        "{e}"
    );
    let Error::Phase(phase) = &e else {
        panic!("not a phase's error: {e:?}");
    };
    assert!(phase.is_input(), "{phase:?}");
    assert!(
        matches!(
            phase.phase(),
            Phase::Hardest(HardestError::Read(ReadError::NoCorpus { corpus, .. })) if corpus == "countdown"
        ),
        "{phase:?}"
    );
}

/// Each phase's error is its own variant, with the phase's message and exit code: the
/// charts' (a failure, 1), a custom corpus under `hardest` (input, 2).
#[test]
fn each_phase_error_is_its_own_variant() {
    use digits_lab::error::phase::ChartError;
    let chart: Error = ChartError::Io {
        path: "/nowhere/x.png".into(),
        source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
    }
    .into();
    assert!(
        matches!(&chart, Error::Phase(p) if matches!(p.phase(), Phase::Chart(ChartError::Io { .. })))
    );
    assert_eq!(chart.exit_code(), 1);
    assert!(
        chart.to_string().starts_with("writing /nowhere/x.png: "),
        "{chart}"
    );
    let custom = HardestRequest::of(CorpusId::Custom("mine".into()))
        .run()
        .unwrap_err();
    assert!(
        matches!(&custom, Error::Phase(p) if matches!(p.phase(), Phase::Hardest(HardestError::UnknownCorpus { corpus, .. }) if corpus == "mine")),
        "{custom:?}"
    );
    assert_eq!(custom.exit_code(), 2);
    assert!(
        custom.to_string().starts_with(
            "`mine` is a custom corpus: `hardest` knows the games of the named corpora only ("
        ),
        "{custom}"
    );
}
