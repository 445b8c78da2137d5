//! The command line as users see it: every case under `tests/cmd/` runs `tabula` and compares
//! its exact output and exit status (`TRYCMD=overwrite cargo test --test cli` updates them).

#[test]
fn cli_cases() {
    trycmd::TestCases::new().case("tests/cmd/*.trycmd").case("tests/cmd/*.toml");
}
