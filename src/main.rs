use std::process::ExitCode;

use clap::Parser;
use digits_lab::cli::{Cli, run, usage_error};

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // `--help` and `--version` print to stdout and succeed.
        Err(e) if !e.use_stderr() => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("{}", usage_error(&e));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            match e.downcast_ref::<digits_lab::Error>() {
                Some(e) => ExitCode::from(e.exit_code()),
                None => ExitCode::FAILURE,
            }
        }
    }
}
