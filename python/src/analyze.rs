//! Commands that write tables and reports: `analyze` (the main job's sequence, as the command
//! runs it) and `plots`.

use std::path::PathBuf;

use pyo3::prelude::*;

use digits_lab::corpus::Shard;
use digits_lab::request::analyze::{CACHE_MB, DEFAULT_CACHE_MB};
use digits_lab::request::{AnalyzeRequest, CorpusOptions, PlotsRequest, RulesOptions, parsed};

use crate::errors::{guard, json};
use crate::progress;

/// Runs `analyze` with the GIL released, its options the command's flags (`None`: the
/// command's default), calling `progress(done, total)` every tenth of a second while it
/// runs (boards done and to do, over every corpus started so far). Never draws a progress
/// bar of its own; draws the report only when `report`. Returns each corpus's
/// summary (as its `run-K-of-N.json` holds it), as a JSON list.
#[pyfunction]
#[pyo3(signature = (
    corpus, out, report=false, threads=None, resume=false, reach_only=false, cache_mb=None,
    shard=None, nyt=None, game=None, rules=None, pool=None, size=None, distinct=None,
    targets=None, name=None, reports=None, force=false, progress=None,
))]
#[allow(clippy::too_many_arguments)]
pub fn analyze(
    py: Python<'_>,
    corpus: String,
    out: PathBuf,
    report: bool,
    threads: Option<i128>,
    resume: bool,
    reach_only: bool,
    cache_mb: Option<i128>,
    shard: Option<String>,
    nyt: Option<PathBuf>,
    game: Option<String>,
    rules: Option<PathBuf>,
    pool: Option<String>,
    size: Option<usize>,
    distinct: Option<bool>,
    targets: Option<String>,
    name: Option<String>,
    reports: Option<PathBuf>,
    force: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<String> {
    let request = guard(|| {
        let d = CorpusOptions::default();
        Ok(AnalyzeRequest {
            corpora: CorpusOptions {
                corpus,
                nyt,
                rules: RulesOptions {
                    game,
                    rules,
                    ..RulesOptions::default()
                },
                pool,
                size,
                distinct,
                targets,
                name: name.unwrap_or(d.name),
            },
            out: Some(out),
            reports,
            no_report: !report,
            resume,
            threads: crate::args::threads(threads)?,
            shard: parsed::<Shard>("--shard", shard.as_deref())?.unwrap_or_default(),
            cache_mb: CACHE_MB.fit_opt(cache_mb)?.unwrap_or(DEFAULT_CACHE_MB),
            reach_only,
            force,
        })
    })?;
    let report = progress::run(py, progress, |p| guard(|| Ok(request.run(p)?)))?;
    Ok(guard(|| json(&report.corpora))?)
}

/// Draws the charts and `REPORT.md` from the tables under `data`, as `plots` does.
#[pyfunction]
#[pyo3(signature = (data, reports=None))]
pub fn plots(py: Python<'_>, data: PathBuf, reports: Option<PathBuf>) -> PyResult<()> {
    let request = PlotsRequest {
        data: Some(data),
        reports,
    };
    py.detach(|| guard(|| Ok(request.run().map(drop)?)))?;
    Ok(())
}
