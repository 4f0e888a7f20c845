//! No test file is left out of the build: every `.rs` file under `tests/` is either a test
//! target of `Cargo.toml` or a module declared (`mod name;`) by its parent module in one, so
//! it is compiled and its tests run. A file nobody declares is never compiled, and its tests
//! pass by never running (`reach_bounded.rs` sat so until issue 39).
//!
//! A module's parent: for `dir/name.rs`, `dir/mod.rs` when there is one, the target's own file
//! when `dir` is the target's folder (`tests/integration/main.rs` for
//! `tests/integration/x.rs`), else `dir.rs` beside the folder; `dir/mod.rs` itself is the
//! module `dir` of the parent of `dir`.

use std::fs;
use std::path::{Path, PathBuf};

use crate::fixture::files_with_extension;

/// The paths (relative to the package) of the `[[test]]` targets in `cargo_toml`: each
/// target's `path`, or `tests/NAME.rs` when it names none.
fn test_targets(cargo_toml: &str) -> Vec<PathBuf> {
    let mut targets = Vec::new();
    let mut in_test = false;
    let (mut name, mut path): (Option<String>, Option<String>) = (None, None);
    let mut close = |name: &mut Option<String>, path: &mut Option<String>| {
        if let Some(p) = path.take().or(name.take().map(|n| format!("tests/{n}.rs"))) {
            targets.push(PathBuf::from(p));
        }
        *name = None;
    };
    for line in cargo_toml.lines().map(str::trim) {
        if line.starts_with('[') {
            if in_test {
                close(&mut name, &mut path);
            }
            in_test = line == "[[test]]";
            continue;
        }
        if !in_test {
            continue;
        }
        let value = |key: &str| -> Option<String> {
            let rest = line.strip_prefix(key)?.trim_start().strip_prefix('=')?;
            Some(rest.trim().trim_matches('"').to_string())
        };
        if let Some(v) = value("name") {
            name = Some(v);
        } else if let Some(v) = value("path") {
            path = Some(v);
        }
    }
    if in_test {
        close(&mut name, &mut path);
    }
    targets
}

/// Whether the Rust source `text` declares `mod name;` (with any visibility or attributes
/// before it on the line; commented-out lines do not count).
fn declares(text: &str, name: &str) -> bool {
    text.lines().any(|line| {
        let mut l = line.trim();
        while l.starts_with("#[") {
            match l.find(']') {
                Some(end) => l = l[end + 1..].trim_start(),
                None => return false,
            }
        }
        if let Some(rest) = l.strip_prefix("pub") {
            l = rest.trim_start();
            if l.starts_with('(') {
                match l.find(')') {
                    Some(end) => l = l[end + 1..].trim_start(),
                    None => return false,
                }
            }
        }
        l.strip_prefix("mod ")
            .and_then(|rest| rest.trim().strip_suffix(';'))
            .is_some_and(|n| n.trim() == name)
    })
}

/// Every `.rs` file under `root/tests` that no build compiles, each with why.
fn left_out(root: &Path) -> Vec<String> {
    let cargo_toml = fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let targets: Vec<PathBuf> = test_targets(&cargo_toml)
        .into_iter()
        .map(|t| root.join(t))
        .collect();
    // The folder whose files are modules of each target: a `main.rs`'s own folder, else the
    // folder named after the file (`tests/x.rs` → `tests/x/`).
    let folder = |t: &Path| -> PathBuf {
        if t.file_name().is_some_and(|n| n == "main.rs") {
            t.parent().expect("a folder").to_path_buf()
        } else {
            t.with_extension("")
        }
    };
    let shown = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
    let mut missing = Vec::new();
    for file in files_with_extension(&root.join("tests"), "rs") {
        if targets.contains(&file) {
            continue;
        }
        let Some(target) = targets.iter().find(|t| file.starts_with(folder(t))) else {
            missing.push(format!(
                "{} is not compiled: it is neither a [[test]] target of Cargo.toml nor in the \
                 folder of one",
                shown(&file)
            ));
            continue;
        };
        // The module's name and the folder its parent declares it from.
        let (name, dir) = if file.file_name().is_some_and(|n| n == "mod.rs") {
            let dir = file.parent().expect("a folder");
            let name = dir.file_name().expect("a folder name");
            (
                name.to_owned(),
                dir.parent().expect("a folder").to_path_buf(),
            )
        } else {
            let stem = file.file_stem().expect("a file name");
            (
                stem.to_owned(),
                file.parent().expect("a folder").to_path_buf(),
            )
        };
        let name = name.to_string_lossy().into_owned();
        let parent = if dir == folder(target) {
            target.clone()
        } else if dir.join("mod.rs").is_file() && dir.join("mod.rs") != file {
            dir.join("mod.rs")
        } else {
            dir.with_extension("rs")
        };
        let text = fs::read_to_string(&parent).unwrap_or_default();
        if !declares(&text, &name) {
            missing.push(format!(
                "{} is not compiled: {} does not declare `mod {name};`",
                shown(&file),
                shown(&parent)
            ));
        }
    }
    missing
}

/// In every package of the workspace that has a `tests/` folder (this one, the study's).
#[test]
fn every_test_file_is_compiled() {
    let mut checked = 0;
    for member in ["", "cli", "python", "study"] {
        let root = crate::repo().join(member);
        if root.join("tests").is_dir() {
            let missing = left_out(&root);
            assert!(missing.is_empty(), "{member}: {}", missing.join("\n"));
            checked += 1;
        }
    }
    assert!(checked >= 2, "{checked} packages with tests");
}

/// The check itself, on a made-up package: it names each file left out, and only those.
#[test]
fn a_file_left_out_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let write = |path: &str, text: &str| {
        let p = root.join(path);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    write(
        "Cargo.toml",
        "[package]\nname = \"p\"\n\n[[test]]\nname = \"integration\"\npath = \"tests/integration/main.rs\"\n\n[[test]]\nname = \"solo\"\n",
    );
    write(
        "tests/integration/main.rs",
        "//! Doc.\n\nmod a;\n#[cfg(test)]\npub(crate) mod brute;\n// mod commented;\nmod nested;\n",
    );
    write("tests/integration/a.rs", "");
    write("tests/integration/commented.rs", "");
    write("tests/integration/forgotten.rs", "");
    write("tests/integration/brute/mod.rs", "pub mod x;\n");
    write("tests/integration/brute/x.rs", "");
    write("tests/integration/brute/y.rs", "");
    write("tests/integration/nested.rs", "mod inner;\n");
    write("tests/integration/nested/inner.rs", "");
    write("tests/integration/nested/stray.rs", "");
    write("tests/solo.rs", "");
    write("tests/stray.rs", "");
    write("tests/other/helper.rs", "");
    let missing = left_out(root);
    let named: Vec<&str> = missing
        .iter()
        .map(|m| m.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        named,
        [
            "tests/integration/brute/y.rs",
            "tests/integration/commented.rs",
            "tests/integration/forgotten.rs",
            "tests/integration/nested/stray.rs",
            "tests/other/helper.rs",
            "tests/stray.rs",
        ],
        "{missing:#?}"
    );
    assert!(
        missing[0].contains("tests/integration/brute/mod.rs does not declare `mod y;`"),
        "{}",
        missing[0]
    );
    assert!(
        missing[2].contains("tests/integration/main.rs does not declare `mod forgotten;`"),
        "{}",
        missing[2]
    );
    assert!(
        missing[5].contains("neither a [[test]] target"),
        "{}",
        missing[5]
    );
}
