//! The `--json` outputs share a vocabulary: `options` (the values in force) and `seconds`
//! rounded to milliseconds.

fn json(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("tabula runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn playout_and_match_give_options_and_rounded_seconds() {
    for args in [
        &["playout", "games/watershed.game", "--set", "size=5", "--games", "3", "--seed", "1", "--json"][..],
        &["match", "games/watershed.game", "--set", "size=5", "--games", "2", "--players", "random,random", "--json"][..],
    ] {
        let v = json(args);
        assert_eq!(v["options"]["size"], "5", "{args:?}: {v}");
        let seconds = v["seconds"].as_f64().expect("seconds");
        assert_eq!((seconds * 1000.0).round() / 1000.0, seconds, "{args:?}: {v}");
    }
}
