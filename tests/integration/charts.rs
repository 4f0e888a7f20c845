//! Charts and the generated report, rendered from the fixture tables.

use std::path::Path;

use digits_lab::charts::{self, HEIGHT, WIDTH};

use crate::fixture;

/// Decodes a PNG and returns its size.
fn png_size(path: &Path) -> (u32, u32) {
    let img = image::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (img.width(), img.height())
}

#[test]
fn every_chart_renders_as_png_and_svg_of_the_expected_size() {
    let out = tempfile::tempdir().unwrap();
    let rendered = charts::render_all(fixture::data_dir(), out.path()).unwrap();
    let stems: Vec<&str> = rendered.iter().map(|r| r.stem.as_str()).collect();
    assert_eq!(
        stems,
        [
            "24-probability",
            "expected-solutions-digits",
            "expected-solutions-countdown",
            "expected-solutions-24",
            "expected-solutions-24-nine",
            "tradeoff-24",
            "countdown-large",
            "digits-distinct",
            "digits-min-ops",
            "nyt-slots",
        ]
    );
    for r in &rendered {
        assert_eq!(png_size(&r.png), (WIDTH, HEIGHT), "{}", r.stem);
        let svg = std::fs::read_to_string(&r.svg).unwrap();
        assert!(svg.starts_with("<svg"), "{}", r.stem);
        assert!(
            svg.contains(&format!("width=\"{WIDTH}\""))
                && svg.contains(&format!("height=\"{HEIGHT}\"")),
            "{}",
            r.stem
        );
        // The title is drawn as text.
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
