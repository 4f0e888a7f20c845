//! `digits-lab`: parses the command line and runs it ([`digits_lab_cli::run`]); an error is
//! one line on standard error and an exit code (2 for refused input, 1 for files).

use std::process::ExitCode;

use clap::Parser;
use digits_lab::error::one_line;
use digits_lab_cli::{Cli, run, usage_error};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` print to stdout and succeed.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", one_line(&usage_error(&e)));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {}", one_line(&e.to_string()));
            match e.downcast_ref::<digits_lab::Error>() {
                Some(e) => ExitCode::from(e.exit_code()),
                None => ExitCode::FAILURE,
            }
        }
    }
}
