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

/// Kensington's teams have several players: `wins` counts a team's win for every member,
/// `team_wins` once, by team name.
#[test]
fn playout_team_wins_count_each_game_once() {
    let v = json(&[
        "playout",
        "games/kensington.game",
        "--variant",
        "Six players",
        "--games",
        "6",
        "--seed",
        "2",
        "--json",
    ]);
    let team_wins = v["team_wins"].as_object().expect("team_wins is an object");
    let total: u64 = team_wins.values().map(|w| w.as_u64().expect("a count")).sum();
    assert_eq!(total + v["draws"].as_u64().expect("draws"), 6, "{v}");
    assert!(total > 0, "no game was won: {v}");
    let members: u64 = v["wins"].as_array().expect("wins").iter().map(|w| w.as_u64().expect("a count")).sum();
    assert_eq!(members, 3 * total, "three players a team: {v}");
}
