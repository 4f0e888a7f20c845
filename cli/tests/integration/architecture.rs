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
    // The stores of tables read no findings, and one puzzle sits above the model it scores
    // with, never beside it.
    assert!(layers["store"] > layers["findings"]);
    assert!(layers["model"] > layers["puzzle"]);
    assert!(layers["features"] > layers["model"]);
    assert!(layers["game"] > layers["engine"]);
    assert_eq!(layers["request"], 0);
    // Every rendering sits just under the requests, above every stage it renders.
    assert_eq!(layers["present"], 1);
    assert!(layers["generate"] > layers["present"] && layers["evaluate"] > layers["present"]);
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

/// Where a file renders outside `src/present/`: a `to_text`, a `Display` for a report, a
/// chart drawn (`plotters`); one line each, `file:line: what`.
fn renders_outside_present(file: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let at = |what: &str| format!("{file}:{}: {what}", n + 1);
        if code.contains("fn to_text(") {
            out.push(at("a `to_text`"));
        }
        if let Some(i) = code.find("Display for ") {
            let ty: String = code[i + "Display for ".len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            if ty.ends_with("Report") {
                out.push(at(&format!("`Display` for `{ty}`")));
            }
        }
        if code.contains("plotters") {
            out.push(at("`plotters`"));
        }
    }
    out
}

/// Calls `f` with each character of `text`, its byte offset, and whether it stands inside a
/// string literal (an escaped quote kept inside); stops where `f` says `false`.
fn each_char(text: &str, mut f: impl FnMut(usize, char, bool) -> bool) {
    let (mut in_str, mut escaped) = (false, false);
    for (i, c) in text.char_indices() {
        let inside = in_str;
        match (in_str, c) {
            (true, _) if escaped => escaped = false,
            (true, '\\') => escaped = true,
            (true, '"') => in_str = false,
            (false, '"') => in_str = true,
            _ => {}
        }
        if !f(i, c, inside) {
            return;
        }
    }
}

/// The text of a macro's or call's parentheses that start at `open` (just after `(`), up to
/// the matching `)`, string literals skipped whole.
fn parenthesized(text: &str, open: usize) -> &str {
    let (mut depth, mut end) = (1, text.len() - open);
    each_char(&text[open..], |i, c, in_str| {
        match c {
            _ if in_str => {}
            '(' => depth += 1,
            ')' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = i;
        }
        depth > 0
    });
    &text[open..open + end]
}

/// `args` split at its top-level commas.
fn top_level_args(args: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0);
    each_char(args, |_, c, in_str| {
        match c {
            _ if in_str => {}
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                return true;
            }
            _ => {}
        }
        cur.push(c);
        true
    });
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

/// Whether `name` is, in `text`, a value that present renders: bound (by `let`, `for` or a
/// pattern) from a `present::` call or a request's `run`, or a parameter of a report type.
fn bound_from_present(text: &str, name: &str) -> bool {
    let from = |i: usize| {
        let rest = &text[i..];
        let statement = &rest[..rest.find(";\n").unwrap_or(rest.len())];
        statement.contains("present::") || statement.contains(".run(")
    };
    let bindings = [
        format!("let {name} "),
        format!("let mut {name} "),
        format!("for {name} in "),
    ];
    let bound = (bindings.iter()).any(|b| text.match_indices(b.as_str()).any(|(i, _)| from(i)));
    let parameter = text.match_indices(&format!("{name}: &")).any(|(i, _)| {
        let ty: String = text[i + name.len() + 3..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == ':')
            .collect();
        ty.ends_with("Report")
    });
    bound || parameter
}

/// Where a file of `cli/src/` prints anything but what present renders: each `print!`,
/// `println!`, `eprint!`, `eprintln!`, `write!`, `writeln!` and `write_all` must print only
/// placeholders (no words of its own), each filled with a `present::` call, a request's
/// report (`.run(`), or a name bound from one of those; the command line calls no
/// `serde_json` (JSON is `present::json`).
fn prints_outside_present(file: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let code: String = (text.lines())
        .map(|l| match l.trim_start().starts_with("//") {
            true => "\n".to_string(),
            false => format!("{l}\n"),
        })
        .collect();
    if code.contains("serde_json") {
        out.push(format!("{file}: serde_json (JSON is `present::json`)"));
    }
    for mac in [
        "print!(",
        "println!(",
        "eprint!(",
        "eprintln!(",
        "write!(",
        "writeln!(",
    ] {
        for (i, _) in code.match_indices(mac) {
            let before = code[..i].chars().next_back();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
                continue; // `eprintln!(` seen as `println!(`
            }
            let line = code[..i].lines().count();
            let mut args = top_level_args(parenthesized(&code, i + mac.len()));
            if mac.starts_with("write") && !args.is_empty() {
                args.remove(0); // the writer
            }
            let Some(first) = args.first().cloned() else {
                continue;
            };
            let mut values: Vec<String> = args[1..].to_vec();
            let Some(format) = first.strip_prefix('"').and_then(|f| f.strip_suffix('"')) else {
                out.push(format!(
                    "{file}:{line}: {mac} of `{first}`, not a format string"
                ));
                continue;
            };
            let mut words = String::new();
            let mut rest = format;
            while let Some(open) = rest.find('{') {
                words.push_str(&rest[..open]);
                let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
                let name: String = (rest[open + 1..close].chars())
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && !name.chars().all(|c| c.is_ascii_digit()) {
                    values.push(name);
                }
                rest = &rest[(close + 1).min(rest.len())..];
            }
            words.push_str(rest);
            if !words.trim().is_empty() {
                out.push(format!(
                    "{file}:{line}: {mac} writes words of its own: {words:?}"
                ));
            }
            for v in values {
                let v = v.trim_start_matches('&');
                let plain = v.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                let ok = v.starts_with("present::")
                    || v.contains(".run(")
                    || (plain && bound_from_present(&code, v));
                if !ok {
                    out.push(format!(
                        "{file}:{line}: {mac} of `{v}`, not rendered by present"
                    ));
                }
            }
        }
    }
    for (i, _) in code.match_indices(".write_all(") {
        let line = code[..i].lines().count();
        let arg = parenthesized(&code, i + ".write_all(".len()).trim();
        let name = arg.strip_suffix(".as_bytes()").unwrap_or("");
        let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if !(plain && bound_from_present(&code, name)) {
            out.push(format!(
                "{file}:{line}: write_all of `{arg}`, not rendered by present"
            ));
        }
    }
    out
}

/// Every rendering of output is under `src/present/` (issue 64): nowhere else in the library,
/// the Python package or the study does a `to_text`, a `Display` for a report or a chart
/// (`plotters`) appear, and the command line prints only what present renders (`main.rs`'s
/// one-line errors and `terminal.rs`, which draws progress and the notes long work hands it,
/// aside).
#[test]
fn rendering_happens_only_under_present() {
    let (mut files, mut folders) = (Vec::new(), Vec::new());
    for dir in ["src", "python/src", "study/src", "cli/src"] {
        walk(&root().join(dir), &mut files, &mut folders);
    }
    assert!(
        files.iter().any(|f| f.starts_with("src/present/")),
        "{files:?}"
    );
    let mut against = Vec::new();
    for file in &files {
        let text = read(file);
        let mut found = match file.starts_with("src/present/") {
            true => Vec::new(),
            false => renders_outside_present(file, &text),
        };
        let exempt = ["cli/src/main.rs", "cli/src/terminal.rs"];
        if file.starts_with("cli/src/") && !exempt.contains(&file.as_str()) {
            found.extend(prints_outside_present(file, &text));
        }
        against.extend(found);
    }
    assert!(
        against.is_empty(),
        "rendering outside src/present/: {against:#?}"
    );
}

/// The rule catches what was rendered outside `present` before issue 64 (lines of the tree at
/// 8588f0d), and passes what the command files print now.
#[test]
fn the_rendering_rule_catches_what_it_is_for() {
    let gather = "impl GatherReport {\n    pub fn to_text(&self) -> String {\n";
    assert_eq!(
        renders_outside_present("src/request/gather.rs", gather).len(),
        1
    );
    let audit = "impl std::fmt::Display for AuditReport {\n";
    assert_eq!(
        renders_outside_present("src/request/audit.rs", audit).len(),
        1
    );
    let charts = "use plotters::prelude::*;\n";
    assert_eq!(
        renders_outside_present("src/evaluate/charts.rs", charts).len(),
        1
    );
    let before = [
        "    let report = args.request()?.run()?;\n    print!(\"{}\", report.to_text());\n",
        "    print!(\"{report}\");\n    println!(\"wrote {}\", report.out.display());\n",
        "            eprintln!(\"{}\", tally.summary());\n",
        "        serde_json::to_writer_pretty(&mut out, &verdict)?;\n        writeln!(out)?;\n",
        "    writeln!(\n        out,\n        \"digits-lab serve: listening on http://{}\",\n        running.addr\n    )?;\n",
        "        eprintln!(\n            \"no report yet: other shards are still to come\"\n        );\n",
    ];
    for text in before {
        assert!(
            !prints_outside_present("cli/src/x.rs", text).is_empty(),
            "{text}"
        );
    }
    let now = [
        "    let report = args.request()?.run()?;\n    print!(\"{report}\");\n",
        "    for line in present::plots::notes(report) {\n        eprintln!(\"{line}\");\n    }\n",
        "pub(super) fn print(report: &PlotsReport) {\n    print!(\"{report}\");\n}\n",
        "    let list = present::hardest::listed(&r, f);\n    out.write_all(list.as_bytes())?;\n",
        "    writeln!(out, \"{}\", present::serve::Listening(running.addr))?;\n",
    ];
    for text in now {
        assert_eq!(
            prints_outside_present("cli/src/x.rs", text),
            Vec::<String>::new(),
            "{text}"
        );
    }
}
