//! `digits-lab study …`: runs the study server, `digits-lab-study`, a binary of its own crate
//! (`study/`) so that the CLI never compiles a web server or a database. It is looked for
//! beside this executable, then on `PATH`, as cargo finds its subcommands; every argument is
//! passed on.

use std::ffi::OsString;
use std::path::PathBuf;
use std::process::Command;

use anyhow::{Result, bail};
use clap::Args;

/// The study binary's name.
pub const BINARY: &str = "digits-lab-study";

#[derive(Debug, Args)]
#[command(disable_help_flag = true)]
pub struct StudyArgs {
    /// What `digits-lab-study` takes: `run PLAN [--db FILE] [--port N] [--listen ADDR]
    /// [--quiet]`, `export [--db FILE] [--out DIR] [--quiet]`, `prefs [--db FILE]`, `--help`.
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<OsString>,
}

/// Where `digits-lab-study` is: beside this executable, else on `PATH`.
pub fn locate() -> Option<PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join(BINARY)))
        .filter(|p| p.is_file());
    beside.or_else(|| {
        std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|d| d.join(BINARY))
                .find(|p| p.is_file())
        })
    })
}

pub fn run(args: &StudyArgs) -> Result<()> {
    let Some(bin) = locate() else {
        bail!(
            "`digits-lab study` runs {BINARY}, which is not built: run `cargo build --release -p \
             {BINARY}` (beside digits-lab) or `cargo install --path study`"
        );
    };
    let mut cmd = Command::new(&bin);
    cmd.args(&args.args);
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        // Replaces this process: signals and the exit code are the study server's own.
        let e = cmd.exec();
        bail!("cannot run {}: {e}", bin.display());
    }
    #[cfg(not(unix))]
    {
        let status = cmd
            .status()
            .map_err(|e| anyhow::anyhow!("cannot run {}: {e}", bin.display()))?;
        std::process::exit(status.code().unwrap_or(1));
    }
}
