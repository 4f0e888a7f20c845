//! Every flag's default is its request's: each command, given only what it requires, parses
//! into its request's `Default` (with those required values), so that the command line and
//! Python, which starts from the same `Default`, can never drift apart.

use std::fmt::Debug;
use std::path::PathBuf;

use clap::Parser;
use digits_lab::corpus::CorpusId;
use digits_lab::request::{
    AnalyzeRequest, AuditRequest, CheckFileRequest, CoverRequest, EvaluateRequest, FitRequest,
    GameOptions, GatherRequest, GenerateRequest, HardestRequest, PhaseRequest, PlotsRequest,
    ServeRequest, SolveRequest, places,
};
use digits_lab_cli::{Cli, Command};

fn parsed(args: &[&str]) -> Command {
    let line = std::iter::once("digits-lab").chain(args.iter().copied());
    Cli::try_parse_from(line)
        .unwrap_or_else(|e| panic!("{args:?}: {e}"))
        .command
}

/// The two requests' fields, every one of them (their `Debug`).
fn same<T: Debug>(command: &str, parsed: T, default: T) {
    assert_eq!(
        format!("{parsed:#?}"),
        format!("{default:#?}"),
        "`digits-lab {command}` with no flags is not the request's default"
    );
}

#[test]
fn every_flag_default_is_its_requests() {
    let file = PathBuf::from("answers.csv");
    let mut checked = 0;
    for args in [
        &["solve", "24", "1", "2", "3", "4"][..],
        &["check", "--batch", "answers.csv"],
        &["audit", "answers.csv"],
        &["evaluate", "answers.csv"],
        &["analyze"],
        &["gather", "--shards", "2"],
        &["plots"],
        &["hardest", "--corpus", "digits"],
        &["fit"],
        &["generate"],
        &["phase"],
        &["cover", "2", "3"],
        &["serve"],
    ] {
        let name = args[0];
        match parsed(args) {
            Command::Solve(a) => same(
                name,
                a.request().unwrap(),
                SolveRequest {
                    target: Some("24".into()),
                    numbers: ["1", "2", "3", "4"].map(String::from).to_vec(),
                    ..SolveRequest::default()
                },
            ),
            Command::Check(a) => same(
                name,
                a.file_request(file.clone()).unwrap(),
                CheckFileRequest {
                    input: file.clone(),
                    ..CheckFileRequest::default()
                },
            ),
            Command::Audit(a) => same(
                name,
                a.request().unwrap(),
                AuditRequest {
                    input: file.clone(),
                    ..AuditRequest::default()
                },
            ),
            Command::Evaluate(a) => same(
                name,
                a.request().unwrap(),
                EvaluateRequest {
                    input: file.clone(),
                    ..EvaluateRequest::default()
                },
            ),
            Command::Analyze(a) => same(name, a.request().unwrap(), AnalyzeRequest::default()),
            Command::Gather(a) => same(
                name,
                a.request().unwrap(),
                GatherRequest {
                    shards: 2,
                    ..GatherRequest::default()
                },
            ),
            Command::Plots(a) => {
                // Notes on standard error unless asked otherwise, as every command.
                assert!(!a.quiet);
                same(name, a.request(), PlotsRequest::default())
            }
            Command::Hardest(a) => same(
                name,
                a.request().unwrap(),
                HardestRequest::of(CorpusId::Digits),
            ),
            Command::Fit(a) => same(name, a.request(), FitRequest::default()),
            Command::Generate(a) => same(name, a.request().unwrap(), GenerateRequest::default()),
            Command::Phase(a) => same(name, a.request().unwrap(), PhaseRequest::default()),
            Command::Cover(a) => same(
                name,
                a.request().unwrap(),
                CoverRequest {
                    numbers: vec![2, 3],
                    ..CoverRequest::default()
                },
            ),
            Command::Serve(a) => same(name, a.request().unwrap(), ServeRequest::default()),
            Command::Study(_) => unreachable!("the study's flags are its own binary's"),
        }
        checked += 1;
    }
    assert_eq!(checked, 13);
    // What the defaults above hold, spelled out once: a change to a default is a change here.
    let d = GenerateRequest::default();
    assert_eq!((d.seed, d.tries, d.format.name()), (0, 5_000, "table"));
    // A success model that does not predict is refused unless asked for.
    assert!(!d.allow_unpredictive);
    assert_eq!(AnalyzeRequest::default().cache_mb, 192);
    assert_eq!(places::DATA, "data");
    let s = ServeRequest::default();
    assert_eq!(
        (
            s.host.to_string(),
            s.port,
            s.scoring.score,
            s.scoring.format_score
        ),
        ("127.0.0.1".to_string(), 8039, 1.0, 0.0)
    );
    assert_eq!(
        (s.max_batch, s.max_body, s.timeout_s),
        (16_384, 32 << 20, 30)
    );
    assert_eq!(
        GameOptions::default().game().unwrap().kind.to_string(),
        "digits"
    );
}
