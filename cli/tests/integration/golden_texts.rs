//! Every command's text, byte for byte: each case runs the binary in a fresh folder and
//! compares its standard output, standard error and exit code with a file under
//! `golden/texts/`, so that a change to how a report is rendered shows as a diff here.
//! `UPDATE_GOLDEN=1 cargo test --release --test integration golden_texts` writes the files
//! anew; review the diff before committing it.

use std::path::Path;

use crate::cli::cli;
use crate::fixture;

const GOLDEN: &str = "cli/tests/integration/golden/texts";

/// A model's answers to 24-game hands: right, wrong, off the board, a refusal, nothing.
const ANSWERS: &str = "model,numbers,target,response\n\
m1,\"4 7 8 8\",24,\"(7-8/8)*4\"\n\
m1,\"1 1 1 8\",24,\"(1+1+1)*8\"\n\
m1,\"1 2 3 4\",24,\"1+2+3+4\"\n\
m1,\"3 3 8 8\",24,\"8/(3-8/3)\"\n\
m1,\"1 1 1 1\",24,\"no solution\"\n\
m2,\"4 7 8 8\",24,\"4*7-8+8\"\n\
m2,\"1 1 1 8\",24,\"9*8/3\"\n\
m2,\"1 2 3 4\",24,\"1*2*3*4\"\n\
m2,\"3 3 8 8\",24,\"\"\n\
m2,\"1 1 1 1\",24,\"1+1+1+1\"\n";

/// Puzzles a set might hold: solvable, unsolvable, a repeat, a number the game forbids.
const PUZZLES: &str = "{\"nums\": [4, 7, 8, 8], \"target\": 24}\n\
{\"nums\": [1, 1, 1, 1], \"target\": 24}\n\
{\"nums\": [3, 3, 8, 8], \"target\": 24}\n\
{\"nums\": [4, 7, 8, 8], \"target\": 24}\n\
{\"nums\": [1, 2, 3, 4], \"target\": 24}\n\
{\"nums\": [1, 2, 3, 40], \"target\": 24}\n";

/// The cases: a name (its file under `golden/texts/`) and the arguments, split at spaces.
/// `{data}` is the fixture's tables; the cases run in order in one folder, which holds
/// `answers.csv` and `puzzles.jsonl` first.
const CASES: &[(&str, &str)] = &[
    ("solve", "solve 765 1 3 7 10 25 50"),
    ("solve-all", "solve --all --no-moves 765 1 3 7 10 25 50"),
    ("solve-count", "solve --count 765 1 3 7 10 25 50"),
    ("solve-json", "solve --json 765 1 3 7 10 25 50"),
    ("solve-closest", "solve 998 1 2 3 4 5 6"),
    ("solve-24", "solve --game 24 3 3 8 8"),
    ("solve-24-json", "solve --json --game 24 1 1 1 1"),
    (
        "check-right",
        "check --answer (50+1)*(25-10) 765 1 3 7 10 25 50",
    ),
    ("check-wrong", "check --answer 25*50 765 1 3 7 10 25 50"),
    (
        "check-json",
        "check --json --answer 7*(25+50)+10*1-3 765 1 3 7 10 25 50",
    ),
    (
        "check-batch",
        "check --game 24 --batch answers.csv --answer-column response",
    ),
    ("audit", "audit --game 24 puzzles.jsonl --out audit.parquet"),
    ("evaluate", "evaluate --game 24 answers.csv --out eval"),
    ("hardest-24", "hardest --data {data} --corpus 24"),
    (
        "hardest-csv",
        "hardest --data {data} --corpus countdown --limit 5 --format csv",
    ),
    (
        "hardest-json",
        "hardest --data {data} --corpus digits --limit 3 --format json",
    ),
    (
        "hardest-difficulty",
        "hardest --data {data} --corpus nyt --by difficulty --limit 5",
    ),
    ("plots", "plots --data {data} --reports reports"),
    ("generate", "generate --count 5 --seed 7"),
    ("generate-csv", "generate --game 24 --count 4 --format csv"),
    (
        "generate-json",
        "generate --game countdown --count 3 --solutions 1-50 --format json",
    ),
    (
        "generate-jsonl",
        "generate --game 24 --count 4 --unsolvable 0.25 --format jsonl",
    ),
    (
        "phase",
        "phase --game 24 --k 2,3 --m 10 --samples 100 --out ph --threads 2",
    ),
    ("cover", "cover 2 3 5 33"),
    ("cover-search", "cover --size 3 --max 2,4,8 --quiet"),
    (
        "analyze",
        "analyze --corpus custom --game 24 --pool 1-6 --size 3 --targets 1-30 --name tiny \
         --out d --no-report --threads 2",
    ),
    (
        "gather",
        "gather --corpus custom --game 24 --pool 1-6 --size 3 --targets 1-30 --name tiny \
         --out d --shards 1",
    ),
];

/// The reports the cases wrote, whole, after every case has run (the runs' records carry
/// times and the build, and are left out).
fn written(dir: &Path) -> String {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort();
    let mut text = String::new();
    for p in files {
        let name = p.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
        if name.ends_with(".md") || name == "eval/evaluation.json" {
            text.push_str(&format!(
                "=== {name}\n{}\n",
                std::fs::read_to_string(&p).unwrap()
            ));
        }
    }
    text
}

/// What a run printed, with the folders it ran in written as `<dir>` and `<data>`.
fn transcript(args: &[String], dir: &Path) -> String {
    let data = fixture::data_dir().to_string_lossy().into_owned();
    let args: Vec<String> = args.iter().map(|a| a.replace("{data}", &data)).collect();
    let out = cli()
        .current_dir(dir)
        .args(&args)
        .output()
        .expect("the binary runs");
    let clean = |bytes: &[u8]| {
        let text = String::from_utf8_lossy(bytes)
            .replace(&data, "<data>")
            .replace(&dir.to_string_lossy().into_owned(), "<dir>");
        without_times(&text)
    };
    format!(
        "$ digits-lab {}\n--- exit {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" ").replace(&data, "<data>"),
        out.status.code().unwrap_or(-1),
        clean(&out.stdout),
        clean(&out.stderr)
    )
}

/// `text` with every duration (a decimal number followed by `s`) written `<t>`: how long a
/// run took is not its text.
fn without_times(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let words: Vec<&str> = line.split(' ').collect();
        for (i, word) in words.iter().enumerate() {
            let next = words.get(i + 1).copied().unwrap_or("");
            let time = word.contains('.') && word.parse::<f64>().is_ok() && next.starts_with('s');
            out.push_str(if time { "<t>" } else { word });
            if i + 1 < words.len() {
                out.push(' ');
            }
        }
    }
    out
}

#[test]
fn golden_texts_every_command_prints_the_same_bytes() {
    let update = std::env::var_os("UPDATE_GOLDEN").is_some();
    let folder = crate::repo().join(GOLDEN);
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("answers.csv"), ANSWERS).unwrap();
    std::fs::write(dir.path().join("puzzles.jsonl"), PUZZLES).unwrap();
    let mut differ = Vec::new();
    let mut texts: Vec<(String, String)> = (CASES.iter())
        .map(|(name, line)| {
            let args: Vec<String> = line.split_whitespace().map(String::from).collect();
            (name.to_string(), transcript(&args, dir.path()))
        })
        .collect();
    texts.push(("files".into(), written(dir.path())));
    for (name, text) in texts {
        let path = folder.join(format!("{name}.txt"));
        if update {
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(&path, &text).unwrap();
        }
        let want = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 writes it)", path.display()));
        if text != want {
            differ.push(format!("{name}:\n--- want\n{want}\n--- got\n{text}"));
        }
    }
    assert!(differ.is_empty(), "texts changed:\n{}", differ.join("\n"));
}
