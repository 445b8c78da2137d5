//! Differential test against the independent Python model of the rules in `tests/oracle/`:
//! random games played by the engine are written as traces (every legal action set, every
//! action, the result) and replayed by the oracle, which must agree at every step.
//!
//! The oracle needs `python3` (standard library only), which the project's machines have.

use std::io::Write;
use std::path::Path;
use std::process::Command;

use rand::Rng;
use serde_json::json;
use tabula::check::{Selection, load};
use tabula::engine::Engine;
use tabula::engine::playout::rng_for;

/// The oracle spells some Kensington options differently.
fn oracle_option(name: &str) -> &str {
    match name {
        "turns-per-player" => "max_turns",
        "repetitions" => "repetition",
        "ludii-compat" => "ludii_compat",
        other => other,
    }
}

fn traces(file: &str, variant: &str, sets: &[&str], games: u64, seed: u64) -> Vec<serde_json::Value> {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let selection = Selection::new(Some(variant.to_string()), &sets).expect("selection");
    let (_, game) = load(Path::new(file), &selection).expect("game loads");
    let engine = Engine::new(game);
    let options: serde_json::Map<String, serde_json::Value> = engine
        .game()
        .options
        .iter()
        .map(|o| {
            let value = if o.show(o.value) == "true" || o.show(o.value) == "false" {
                json!(o.value != 0)
            } else {
                json!(o.value)
            };
            (oracle_option(&o.name).to_string(), value)
        })
        .collect();
    let game_name = engine.game().name.to_lowercase();
    let mut out = Vec::new();
    for index in 0..games {
        let mut rng = rng_for(seed, index);
        let mut state = engine.initial();
        let mut legal_lists = Vec::new();
        let mut actions = Vec::new();
        while engine.outcome(&state).is_none() {
            let legal = engine.legal(&state).to_vec();
            legal_lists.push(legal.iter().map(|&a| engine.action_text(a)).collect::<Vec<_>>());
            let action = legal[rng.random_range(0..legal.len())];
            actions.push(engine.action_text(action));
            engine.apply(&mut state, action).expect("a legal action applies");
        }
        legal_lists.push(Vec::new());
        let outcome = engine.outcome(&state).expect("finished");
        let scores = if game_name == "watershed" { json!(outcome.scores) } else { json!(null) };
        out.push(json!({
            "game": game_name,
            "variant": variant,
            "options": options,
            "actions": actions,
            "legal": legal_lists,
            "result": {"winner": outcome.winner.map(|t| t + 1), "draw": outcome.is_draw(), "scores": scores},
            "turns": state.turns(),
            "actions_count": state.actions(),
        }));
    }
    out
}

#[test]
fn the_oracle_agrees_with_the_engine_on_random_games() {
    let mut all = Vec::new();
    for variant in ["Plateau", "Floodplain"] {
        all.extend(traces("games/watershed.game", variant, &["size=5"], 40, 11));
        all.extend(traces("games/watershed.game", variant, &["size=7"], 20, 12));
        all.extend(traces("games/watershed.game", variant, &["size=9"], 10, 13));
    }
    for variant in ["Two stones", "One or two stones"] {
        all.extend(traces("games/ketchup.game", variant, &["size=3"], 40, 21));
        all.extend(traces("games/ketchup.game", variant, &["size=5"], 20, 22));
    }
    for variant in ["Two players", "Four players", "Six players"] {
        all.extend(traces("games/kensington.game", variant, &["turns-per-player=60"], 12, 31));
    }
    all.extend(traces("games/kensington.game", "Two players", &["turns-per-player=60", "ludii-compat=true"], 12, 32));
    all.extend(traces("games/kensington.game", "Two players", &["turns-per-player=200", "repetitions=2"], 6, 33));

    let dir = std::env::temp_dir().join(format!("tabula-oracle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("traces.jsonl");
    let mut file = std::fs::File::create(&path).expect("trace file");
    for t in &all {
        writeln!(file, "{t}").expect("write trace");
    }
    drop(file);
    let output = Command::new("python3")
        .arg("tests/oracle/oracle.py")
        .arg("verify")
        .arg(&path)
        .output()
        .expect("python3 runs (the oracle needs it)");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mismatches: Vec<&str> = stdout.lines().filter(|l| !l.trim_end().ends_with("ok")).collect();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        output.status.success() && mismatches.is_empty(),
        "the oracle disagrees on {} of {} traces:\n{}\n{}",
        mismatches.len(),
        all.len(),
        mismatches.iter().take(5).copied().collect::<Vec<_>>().join("\n"),
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(stdout.lines().count(), all.len(), "one verdict per trace");
}
