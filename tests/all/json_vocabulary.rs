//! The `--json` outputs share a vocabulary: `game`, `variant`, `options` (the values in force),
//! `team_wins` where results are reported, and `seconds` rounded to milliseconds.

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

/// The keys every `--json` output that reports results shares: `game`, `variant`, `options`
/// (the values in force) and `team_wins` (games won per team, keyed by team name, each game
/// once), as `playout --json` has them.
#[test]
fn every_result_json_has_game_variant_options_and_team_wins() {
    let size5 = ["games/watershed.game", "--set", "size=5"];
    let runs: [(&str, &[&str], u64); 4] = [
        ("playout", &["--games", "6", "--json"], 6),
        ("match", &["--games", "4", "--players", "random,random", "--json"], 4),
        ("analyze", &["--games", "5", "--json"], 5),
        ("moves", &["--after", "c3 b2", "--json"], 0),
    ];
    for (command, rest, games) in runs {
        let args: Vec<&str> = [command].into_iter().chain(size5).chain(rest.iter().copied()).collect();
        let v = json(&args);
        assert_eq!(v["game"], "Watershed", "{command}: {v}");
        assert_eq!(v["variant"], "Plateau", "{command}: {v}");
        assert_eq!(v["options"], serde_json::json!({"size": "5"}), "{command}: {v}");
        let team_wins = v["team_wins"].as_object().unwrap_or_else(|| panic!("{command}: no team_wins: {v}"));
        let mut teams: Vec<&String> = team_wins.keys().collect();
        teams.sort();
        assert_eq!(teams, ["Dark", "Light"], "{command}: {v}");
        let won: u64 = team_wins.values().map(|w| w.as_u64().expect("a count")).sum();
        let draws = v["draws"].as_u64().unwrap_or(0);
        let unfinished = v["unfinished"].as_u64().unwrap_or(0);
        assert_eq!(won + draws + unfinished, games, "{command}: every game is won once, drawn or unfinished: {v}");
    }
    let bench =
        json(&["bench", "games/watershed.game", "--set", "size=5", "--seconds", "0.05", "--runs", "1", "--json"]);
    assert_eq!(bench["options"], serde_json::json!({"size": "5"}), "{bench}");
}

/// `replay --json` of a finished game: its team wins once; `analyze`'s `team_wins` equals its
/// `wins` (already per team there).
#[test]
fn replay_and_analyze_team_wins() {
    let v = json(&["replay", "docs/tutorial/step-09.game", "docs/tutorial/shoal.rec", "--json"]);
    assert_eq!(v["game"], "Shoal", "{v}");
    assert_eq!(v["options"], serde_json::json!({"size": "4"}), "{v}");
    assert_eq!(v["team_wins"], serde_json::json!({"White": 0, "Black": 1}), "{v}");
    assert_eq!(v["winning_team"], "Black", "{v}");
    let v = json(&["analyze", "games/ketchup.game", "--set", "size=3", "--games", "8", "--json"]);
    assert_eq!(v["team_wins"], v["wins"], "{v}");
}

/// In a team game `match` counts each game once for the team that won it, whichever agent
/// played it.
#[test]
fn match_team_wins_in_a_team_game() {
    let v = json(&[
        "match",
        "games/kensington.game",
        "--variant",
        "Four players",
        "--players",
        "random,random",
        "--games",
        "2",
        "--json",
    ]);
    let team_wins = v["team_wins"].as_object().expect("team_wins");
    let mut teams: Vec<&String> = team_wins.keys().collect();
    teams.sort();
    assert_eq!(teams, ["Blue", "Red"], "{v}");
    let won: u64 = team_wins.values().map(|w| w.as_u64().expect("a count")).sum();
    let agents: u64 = v["wins"].as_array().expect("wins").iter().map(|w| w.as_u64().expect("a count")).sum();
    assert_eq!(won, agents, "the games won by agents are the games won by teams: {v}");
    assert_eq!(won + v["draws"].as_u64().expect("draws") + v["unfinished"].as_u64().expect("unfinished"), 2, "{v}");
}
