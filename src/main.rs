use std::process::ExitCode;

use clap::Parser;
use digits_lab::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
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
