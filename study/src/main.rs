//! `digits-lab-study` (also run as `digits-lab study`): runs a study from a plan file, or
//! exports a study's database for `digits-lab fit --human`. Errors are one line, exit 2 for
//! refused input and 1 otherwise.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use digits_lab_study::{export, plan::Plan, prefs};

/// Measure people on any game's puzzles: a study page whose every move is checked by the
/// server and kept in SQLite (docs/STUDY.md).
#[derive(Debug, Parser)]
#[command(name = "digits-lab study", version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the study of a plan file until stopped; the database keeps every trial, and a
    /// restart with the same plan and database carries on.
    Run {
        /// The plan file (TOML): game or rules, puzzles, choice, time limit, consent.
        plan: PathBuf,
        /// The study's database (SQLite), created when missing.
        #[arg(long, value_name = "FILE", default_value = "study.sqlite")]
        db: PathBuf,
        /// The port to listen on (0: any free port, printed).
        #[arg(long, default_value_t = 8038)]
        port: u16,
        /// The address to listen on: the loopback address unless told; `0.0.0.0` takes
        /// participants from other machines.
        #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
        listen: IpAddr,
        /// Print only the address line: no note while the puzzles are prepared.
        #[arg(long)]
        quiet: bool,
    },
    /// Write OUT/puzzles.csv (what `digits-lab fit --human` reads) and OUT/moves.parquet
    /// (every move) from a study's database.
    Export {
        /// The study's database.
        #[arg(long, value_name = "FILE", default_value = "study.sqlite")]
        db: PathBuf,
        /// Where to write.
        #[arg(long, value_name = "DIR", default_value = "study-export")]
        out: PathBuf,
        /// No note on standard error (that the plan changes its game's rules).
        #[arg(long)]
        quiet: bool,
    },
    /// Fit the player's move preferences to the moves people logged (which move each chose
    /// among those open), and compare them with the uniform player and the carried one.
    Prefs {
        /// The study's database.
        #[arg(long, value_name = "FILE", default_value = "study.sqlite")]
        db: PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("bad arguments").to_string();
            eprintln!("{first}");
            return ExitCode::from(2);
        }
    };
    match cli.command {
        Command::Run {
            plan,
            db,
            port,
            listen,
            quiet,
        } => {
            let plan = match Plan::read(&plan) {
                Ok(p) => p,
                Err(e) => return fail(2, &e.to_string()),
            };
            if !quiet {
                eprintln!(
                    "preparing the study's puzzles (drawn once, then kept in {})…",
                    db.display()
                );
            }
            match digits_lab_study::run(plan, &db, SocketAddr::new(listen, port)) {
                Ok(server) => {
                    // The line a script waits for.
                    println!(
                        "study on http://{}/ · database {}",
                        server.addr,
                        db.display()
                    );
                    server.wait();
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e.exit_code(), &e.to_string()),
            }
        }
        Command::Export { db, out, quiet } => match export::export(&db, &out) {
            Ok(x) => {
                println!(
                    "{} puzzles, {} ended trials → {}; {} moves → {}",
                    x.puzzles,
                    x.trials,
                    out.join("puzzles.csv").display(),
                    x.moves,
                    out.join("moves.parquet").display()
                );
                if x.custom_rules && !quiet {
                    eprintln!(
                        "note: the plan changes its game's rules; the `game` column names the preset, \
                         which `fit --human` measures the puzzles under"
                    );
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(1, &e.to_string()),
        },
        Command::Prefs { db } => match prefs::choices(&db) {
            Ok(c) if c.is_empty() => fail(1, "no moves logged yet"),
            Ok(choices) => match (prefs::MovePrefsRequest { choices }).run() {
                Ok(report) => {
                    print!("{report}");
                    ExitCode::SUCCESS
                }
                Err(e) => fail(e.exit_code(), &e.to_string()),
            },
            Err(e) => fail(1, &e.to_string()),
        },
    }
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("error: {}", message.replace('\n', " "));
    ExitCode::from(code)
}
