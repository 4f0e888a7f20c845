//! `digits-lab study …` runs `digits-lab-study` from beside the executable or `PATH`, and
//! says in one line how to build it when it is not there.

use std::process::Command;

use crate::cli::one_line_error;

#[test]
fn study_without_its_binary_says_how_to_build_it() {
    let dir = tempfile::tempdir().unwrap();
    // A copy of the CLI alone in a folder, with nothing on PATH.
    let alone = dir.path().join("digits-lab");
    std::fs::copy(env!("CARGO_BIN_EXE_digits-lab"), &alone).unwrap();
    let out = Command::new(&alone)
        .args(["study", "run", "plan.toml"])
        .env("PATH", dir.path().join("nothing"))
        .output()
        .unwrap();
    let e = one_line_error(out, 1);
    assert!(
        e.contains(
            "digits-lab-study, which is not built: run `cargo build --release -p digits-lab-study`"
        ),
        "{e}"
    );
}

#[test]
fn study_passes_every_argument_on() {
    let dir = tempfile::tempdir().unwrap();
    // A stand-in study binary beside the CLI that prints what it was given.
    let alone = dir.path().join("digits-lab");
    std::fs::copy(env!("CARGO_BIN_EXE_digits-lab"), &alone).unwrap();
    let fake = dir.path().join("digits-lab-study");
    std::fs::write(&fake, "#!/bin/sh\necho \"given: $*\"\nexit 3\n").unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = Command::new(&alone)
        .args(["study", "export", "--db", "x.sqlite", "--help"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3), "its exit code is the study's");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "given: export --db x.sqlite --help\n"
    );
}
