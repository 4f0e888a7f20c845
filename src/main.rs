use std::process::ExitCode;

use clap::Parser;
use digits_lab::cli::{Cli, run};

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            // Refused input exits 2, like a usage error; anything else (I/O) exits 1.
            if e.downcast_ref::<digits_lab::Error>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
