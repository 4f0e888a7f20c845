//! The code map held against the code: every folder and `.rs` file under `src/` (the library)
//! and `cli/src/` (the command) is named in docs/ARCHITECTURE.md; no module imports from a
//! layer above its own (the layering its `layers` block draws, from the requests down to the
//! game's rules); the library links no command line; the README stays a guide of at most 300
//! lines.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    crate::repo().to_path_buf()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every `.rs` file and folder under `dir`, as paths relative to the repository.
fn walk(dir: &Path, files: &mut Vec<String>, folders: &mut Vec<String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        let rel = p
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if p.is_dir() {
            folders.push(rel);
            walk(&p, files, folders);
        } else if rel.ends_with(".rs") {
            files.push(rel);
        }
    }
}

#[test]
fn every_file_and_folder_under_src_is_in_the_code_map() {
    let map = read("docs/ARCHITECTURE.md");
    let (mut files, mut folders) = (Vec::new(), Vec::new());
    walk(&root().join("src"), &mut files, &mut folders);
    walk(&root().join("cli/src"), &mut files, &mut folders);
    assert!(files.len() > 100, "{} files", files.len());
    assert!(files.contains(&"cli/src/main.rs".to_string()), "{files:?}");
    let missing: Vec<&String> = files
        .iter()
        .chain(&folders)
        .filter(|p| !map.contains(&format!("`{p}`")) && !map.contains(&format!("`{p}/`")))
        .collect();
    assert!(
        missing.is_empty(),
        "not in docs/ARCHITECTURE.md's code map: {missing:?}"
    );
}

/// The layers, top first: each line of the ```layers block, its modules.
fn layers() -> HashMap<String, usize> {
    let map = read("docs/ARCHITECTURE.md");
    let start = map.find("```layers\n").expect("a ```layers block") + "```layers\n".len();
    let block = &map[start..start + map[start..].find("```").expect("the block ends")];
    let mut out = HashMap::new();
    for (depth, line) in block.lines().enumerate() {
        for module in line.split_whitespace() {
            out.insert(module.to_string(), depth);
        }
    }
    out
}

/// The top-level module a file under `src/` belongs to (`None` for lib.rs and main.rs).
fn module_of(file: &str) -> Option<String> {
    let rest = file.strip_prefix("src/")?;
    let first = rest.split('/').next()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

#[test]
fn no_module_imports_from_a_layer_above_its_own() {
    let layers = layers();
    let (mut files, mut folders) = (Vec::new(), Vec::new());
    walk(&root().join("src"), &mut files, &mut folders);
    let mut against = Vec::new();
    for file in &files {
        let Some(module) = module_of(file) else {
            continue;
        };
        let own = *layers
            .get(&module)
            .unwrap_or_else(|| panic!("module `{module}` ({file}) is in no layer"));
        for (n, line) in read(file).lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for (i, _) in code.match_indices("crate::") {
                let name: String = code[i + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                let Some(&depth) = layers.get(&name) else {
                    continue;
                };
                // A smaller depth is a higher layer.
                if depth < own {
                    against.push(format!("{file}:{}: {module} imports {name}", n + 1));
                }
            }
        }
    }
    assert!(
        against.is_empty(),
        "imports against the layering: {against:#?}"
    );
}

#[test]
fn the_layering_is_what_the_issue_asks() {
    let layers = layers();
    // The stores of tables read no research, and one puzzle sits above the model it scores
    // with, never beside it.
    assert!(layers["store"] > layers["research"]);
    assert!(layers["model"] > layers["puzzle"]);
    assert!(layers["features"] > layers["model"]);
    assert!(layers["game"] > layers["engine"]);
    assert_eq!(layers["request"], 0);
}

/// The section of a manifest that starts with `header`, up to the next one.
fn section<'a>(manifest: &'a str, header: &str) -> &'a str {
    let start = manifest
        .find(header)
        .map_or(manifest.len(), |i| i + header.len());
    let rest = &manifest[start..];
    &rest[..rest.find("\n[").unwrap_or(rest.len())]
}

/// The command line (clap) and the terminal bar (indicatif) are the `cli/` crate's alone: the
/// library, and the Python package built on it, link neither, and no library file names them.
#[test]
fn the_library_links_no_command_line() {
    for manifest in ["Cargo.toml", "python/Cargo.toml"] {
        let text = read(manifest);
        let deps = section(&text, "[dependencies]\n");
        assert!(deps.contains(" = \"="), "{manifest}: no dependencies read");
        for name in ["clap", "indicatif", "anyhow"] {
            assert!(
                !deps.lines().any(|l| l.starts_with(&format!("{name} "))),
                "{manifest} depends on {name}"
            );
        }
    }
    let cli = read("cli/Cargo.toml");
    assert!(section(&cli, "[dependencies]\n").contains("\nclap = "));
    let (mut files, mut folders) = (Vec::new(), Vec::new());
    walk(&root().join("src"), &mut files, &mut folders);
    let naming: Vec<&String> = files
        .iter()
        .filter(|f| {
            let text = read(f);
            ["clap::", "indicatif::", "anyhow::"]
                .iter()
                .any(|n| text.contains(n))
        })
        .collect();
    assert!(
        naming.is_empty(),
        "library files naming the command line: {naming:?}"
    );
}

#[test]
fn the_readme_is_a_guide_of_at_most_300_lines() {
    let lines = read("README.md").lines().count();
    assert!(lines <= 300, "README.md has {lines} lines");
    for doc in ["docs/ARCHITECTURE.md", "docs/DIFFICULTY.md"] {
        assert!(
            read("README.md").contains(doc.trim_start_matches("docs/")),
            "{doc}"
        );
    }
}
