//! Charts and the generated report, rendered from the fixture tables.

use std::path::Path;

use assert_cmd::Command;
use digits_lab::present::charts::{self, HEIGHT, WIDTH};
use digits_lab::present::report;

use crate::fixture;
use digits_lab::corpus::CorpusId;

/// Decodes a PNG and returns its size.
fn png_size(path: &Path) -> (u32, u32) {
    let img = image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (img.width(), img.height())
}

/// Every chart `render_all` draws, in its order: the report's.
const STEMS: [&str; 13] = [
    "24-probability",
    "expected-solutions-digits",
    "expected-solutions-countdown",
    "expected-solutions-24",
    "expected-solutions-24-nine",
    "tradeoff-24",
    "countdown-large",
    "krypto-target-cards",
    "make10-joining",
    "digits-distinct",
    "digits-min-ops",
    "nyt-slots",
    "difficulty-validation",
];

/// Each chart is a PNG and an SVG of the expected size with its title drawn as text.
/// (Called on the charts the golden report renders, so that they are drawn once per run.)
fn check_charts(rendered: &[charts::Rendered], want: &[&str]) {
    let stems: Vec<&str> = rendered.iter().map(|r| r.stem.as_str()).collect();
    assert_eq!(stems, want);
    for r in rendered {
        assert_eq!(png_size(&r.png), (WIDTH, HEIGHT), "{}", r.stem);
        let svg = std::fs::read_to_string(&r.svg).unwrap();
        assert!(svg.starts_with("<svg"), "{}", r.stem);
        assert!(
            svg.contains(&format!("width=\"{WIDTH}\""))
                && svg.contains(&format!("height=\"{HEIGHT}\"")),
            "{}",
            r.stem
        );
        assert!(
            svg.contains(&xml_escape(&r.title)),
            "{}: title missing",
            r.stem
        );
        if let Some(dir) = std::env::var_os("DIGITS_LAB_CHARTS_OUT") {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::copy(&r.png, Path::new(&dir).join(r.png.file_name().unwrap())).unwrap();
        }
    }
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The checked-in report the fixture must reproduce. Regenerate deliberately with
/// `UPDATE_GOLDEN=1 cargo test --release --test integration golden`, then review the diff.
const GOLDEN: &str = "cli/tests/integration/golden/REPORT.md";

#[test]
fn golden_report_of_the_fixture_tables() {
    let out = tempfile::tempdir().unwrap();
    let g = report::generate(fixture::data_dir(), out.path()).unwrap();
    let text = std::fs::read_to_string(&g.report).unwrap();
    let golden = crate::repo().join(GOLDEN);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden.parent().unwrap()).unwrap();
        std::fs::write(&golden, &text).unwrap();
    }
    let want = std::fs::read_to_string(&golden)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", golden.display()));
    if text != want {
        let line = text
            .lines()
            .zip(want.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(text.lines().count().min(want.lines().count()));
        panic!(
            "REPORT.md differs from {GOLDEN} from line {}:\n  got:  {:?}\n  want: {:?}\n\
             (UPDATE_GOLDEN=1 regenerates it if the change is intended)",
            line + 1,
            text.lines().nth(line),
            want.lines().nth(line)
        );
    }
    // Every chart the report embeds exists.
    for r in &g.charts {
        assert!(
            text.contains(&format!("(charts/{}.png)", r.stem)),
            "{}",
            r.stem
        );
        assert!(r.png.exists() && r.svg.exists());
    }
    assert!(g.skipped.is_empty());
    check_charts(&g.charts, &STEMS);
}

/// `render_all` (what `plots` runs) draws the charts its corpora allow, without a report.
#[test]
fn render_all_draws_every_chart_the_report_embeds() {
    let out = tempfile::tempdir().unwrap();
    let data = fixture::subset(&[CorpusId::TwentyFour]);
    let rendered = charts::render_all(data.path(), out.path()).unwrap();
    // The 24 corpus alone: its own charts, and the model against people (the 4nums sets).
    let want = [
        "24-probability",
        "expected-solutions-24",
        "tradeoff-24",
        "difficulty-validation",
    ];
    check_charts(&rendered, &want);
}

#[test]
fn report_skips_missing_corpora_with_a_line_and_still_generates() {
    let data = fixture::subset(&[CorpusId::TwentyFour, CorpusId::Nyt]);
    let out = tempfile::tempdir().unwrap();
    let g = report::generate(data.path(), out.path()).unwrap();
    let text = std::fs::read_to_string(&g.report).unwrap();
    for missing in [
        "digits",
        "countdown",
        "24-nine",
        "24-pow",
        "24-minus",
        "make10",
        "make10-concat",
        "krypto",
    ] {
        assert!(
            text.contains(&format!(
                "- `{missing}`: skipped — its folder `{missing}/` is not in the data folder."
            )),
            "{missing}"
        );
    }
    assert_eq!(g.skipped.len(), 8);
    let stems: Vec<&str> = g.charts.iter().map(|r| r.stem.as_str()).collect();
    assert_eq!(
        stems,
        [
            "24-probability",
            "expected-solutions-24",
            "tradeoff-24",
            "nyt-slots",
            "difficulty-validation"
        ]
    );
    assert!(text.contains("- `24-minus` is missing: unary minus not compared."));
    assert!(
        text.contains("| `24`: probability that a dealt hand makes 24 | 0.8046 | 0.8046 | yes |")
    );

    // With no corpus at all the report still generates, saying so.
    let empty = tempfile::tempdir().unwrap();
    let g = report::generate(empty.path(), out.path()).unwrap();
    let text = std::fs::read_to_string(&g.report).unwrap();
    assert!(text.contains("No corpus tables were found."));
    // Only the difficulty model's chart, drawn from the human data the binary carries.
    let stems: Vec<&str> = g.charts.iter().map(|r| r.stem.as_str()).collect();
    assert_eq!(stems, ["difficulty-validation"]);
}

#[test]
fn plots_command_writes_the_report_and_refuses_a_missing_data_folder() {
    let data = fixture::subset(&[CorpusId::TwentyFour]);
    let out = tempfile::tempdir().unwrap();
    let assert = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["plots", "--data"])
        .arg(data.path())
        .arg("--out")
        .arg(out.path())
        .assert()
        .success();
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert!(stderr.contains("skipped corpus `digits`"), "{stderr}");
    assert!(out.path().join("REPORT.md").exists());
    assert_eq!(
        png_size(&out.path().join("charts/tradeoff-24.png")),
        (WIDTH, HEIGHT)
    );

    let assert = Command::new(env!("CARGO_BIN_EXE_digits-lab"))
        .args(["plots", "--data", "/nonexistent/data", "--out"])
        .arg(out.path())
        .assert()
        .code(2);
    let stderr = String::from_utf8(assert.get_output().stderr.clone()).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("does not exist"), "{stderr}");
}

#[test]
fn the_pareto_front_keeps_targets_nothing_beats_on_both_counts() {
    // (target, expected solutions, probability)
    let pts = [
        (1, 10.0, 0.9),
        (2, 5.0, 0.8),
        (3, 6.0, 0.7), // beaten by 2: fewer solutions and more often solvable
        (4, 2.0, 0.5),
        (5, 2.0, 0.4),   // beaten by 4 on probability at equal solutions
        (6, 12.0, 0.85), // beaten by 1
    ];
    assert_eq!(
        digits_lab::findings::targets::pareto_front(&pts),
        vec![4, 2, 1]
    );
}
