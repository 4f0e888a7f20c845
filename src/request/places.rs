//! Where the commands read and write when not told: the tables under `data/` and the report
//! under `reports/`, both in the working folder, for the main job. A command given a data
//! folder keeps everything it writes inside it: the report of the tables under `X` goes to
//! `X/reports/` unless `--reports` names another folder, so that `analyze --out /tmp/x` or
//! `plots --data /tmp/x` never touches the working folder's `reports/`.
//!
//! Nothing a command writes goes among the inputs the binary was built from, the
//! repository's `assets/` ([`bundled`]): those are sources, not outputs.

use std::path::{Path, PathBuf};

/// The data folder when none is given.
pub const DATA: &str = "data";

/// The report folder when neither a data folder nor a report folder is given.
pub const REPORTS: &str = "reports";

/// The folder of the report's sub-folder under a data folder that was given.
pub const REPORTS_UNDER_DATA: &str = "reports";

/// The data folder: `given`, or `data/`.
pub fn data(given: Option<&Path>) -> PathBuf {
    given.map_or_else(|| PathBuf::from(DATA), Path::to_path_buf)
}

/// The report folder: `reports` when given; else `DATA/reports/` when the data folder was
/// given; else `reports/`.
pub fn reports(data: Option<&Path>, reports: Option<&Path>) -> PathBuf {
    match (reports, data) {
        (Some(r), _) => r.to_path_buf(),
        (None, Some(d)) => d.join(REPORTS_UNDER_DATA),
        (None, None) => PathBuf::from(REPORTS),
    }
}

/// The folder of the inputs compiled into the binary (the NYT puzzles, the human data, the
/// fitted model and its report, the chart font), in the repository the binary was built from.
pub const ASSETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");

/// Whether writing `path` would write among the inputs the binary was built from (a file of
/// [`ASSETS`], however the path spells it: relative, through a link); never when that folder
/// is not there (a binary moved away from its sources).
pub fn bundled(path: &Path) -> bool {
    let Ok(assets) = std::fs::canonicalize(ASSETS) else {
        return false;
    };
    // A file not written yet is placed by its folder.
    let resolved = std::fs::canonicalize(path).ok().or_else(|| {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        let dir = std::fs::canonicalize(dir.unwrap_or(Path::new("."))).ok()?;
        Some(dir.join(path.file_name()?))
    });
    resolved.is_some_and(|p| p.starts_with(&assets))
}

/// Where a command that reads a file writes when not told: beside it, named after it with
/// `suffix` (`set.jsonl` → `set.audit.parquet`, `answers.evaluation`).
pub fn beside(input: &Path, suffix: &str) -> PathBuf {
    let stem = input
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    input.with_file_name(format!("{stem}.{suffix}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_goes_where_the_data_went_unless_told() {
        fn p(s: &str) -> Option<&Path> {
            Some(Path::new(s))
        }
        assert_eq!(data(None), PathBuf::from("data"));
        assert_eq!(data(p("/tmp/x")), PathBuf::from("/tmp/x"));
        assert_eq!(reports(None, None), PathBuf::from("reports"));
        assert_eq!(reports(p("/tmp/x"), None), PathBuf::from("/tmp/x/reports"));
        assert_eq!(reports(p("/tmp/x"), p("r")), PathBuf::from("r"));
        assert_eq!(reports(None, p("r")), PathBuf::from("r"));
        assert_eq!(
            beside(Path::new("/d/set.jsonl"), "audit.parquet"),
            PathBuf::from("/d/set.audit.parquet")
        );
    }

    #[test]
    fn the_bundled_inputs_are_known_however_their_path_is_spelled() {
        let assets = Path::new(ASSETS);
        assert!(bundled(&assets.join("difficulty-model.json")));
        // A file not there yet, in that folder, and the folder reached by `..`.
        assert!(bundled(&assets.join("new.json")));
        assert!(bundled(&assets.join("../assets/difficulty-fit.md")));
        let dir = tempfile::tempdir().unwrap();
        assert!(!bundled(&dir.path().join("difficulty-model.json")));
        assert!(!bundled(Path::new("no-such-folder/difficulty-model.json")));
        // A link to a bundled file is that file.
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(assets.join("difficulty-model.json"), &link).unwrap();
        assert!(bundled(&link));
    }
}
