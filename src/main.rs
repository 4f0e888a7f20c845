use std::process::ExitCode;

use clap::Parser;
use digits_lab::cli::{Cli, run, usage_error};
use digits_lab::error::one_line;

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
