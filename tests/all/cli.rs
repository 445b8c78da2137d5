//! The command line as users see it: every case under `tests/cmd/` runs `tabula` and compares
//! its exact output and exit status (`TRYCMD=overwrite cargo test cli::` updates them).

#[test]
fn cli_cases() {
    trycmd::TestCases::new().case("tests/cmd/*.trycmd").case("tests/cmd/*.toml");
}

/// `playout --records DIR` writes every game; each record replays to the result the run counted.
#[test]
fn playout_records_replay_to_the_counted_results() {
    let dir = std::env::temp_dir().join(format!("tabula-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = env!("CARGO_BIN_EXE_tabula");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(bin).args(args).output().expect("tabula runs");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).expect("utf-8")
    };
    let game = "games/ketchup.game";
    let json = run(&["playout", game, "--set", "size=3", "--games", "20", "--seed", "4", "--json", "--records"]
        .into_iter()
        .chain([dir.to_str().expect("path")])
        .collect::<Vec<_>>());
    let stats: serde_json::Value = serde_json::from_str(&json).expect("json");
    let mut wins = [0u64; 2];
    for index in 0..20 {
        let record = dir.join(format!("{index:06}.rec"));
        let replayed: serde_json::Value =
            serde_json::from_str(&run(&["replay", game, record.to_str().expect("path"), "--json"])).expect("json");
        assert_eq!(replayed["finished"], true, "game {index}");
        wins[replayed["winner"].as_u64().expect("Ketchup has no draws") as usize - 1] += 1;
    }
    assert_eq!(stats["wins"], serde_json::json!(wins));
    assert!(!dir.join("000020.rec").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
