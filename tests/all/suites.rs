//! Regression suites kept as text: perft counts (`tests/suites/perft.txt`) and the statistics
//! of seeded random playouts (`tests/suites/playouts.txt`). Any change to the engine that
//! changes a rule's meaning, the order of legal actions or the random choices shows up here.
//!
//! Run with `TABULA_BLESS=1` to print the lines with the values the engine computes now, for
//! a new entry (whose expected values may be written as `0`).

use tabula::engine::perft::perft;
use tabula::engine::playout::random_game;
use tabula::engine::stats::Stats;
use tabula::engine::turn_perft::perft_turns;

fn rows(path: &str) -> Vec<Vec<String>> {
    std::fs::read_to_string(path)
        .expect("suite file")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with(';'))
        .map(|l| l.split('|').map(|c| c.trim().to_string()).collect())
        .collect()
}

fn bless() -> bool {
    std::env::var_os("TABULA_BLESS").is_some()
}

#[test]
fn perft_suite() {
    let mut failures = Vec::new();
    for row in rows("tests/suites/perft.txt") {
        let [file, variant, options, prefix, counts] = &row[..] else { panic!("bad row {row:?}") };
        let sets: Vec<&str> = options.split_whitespace().collect();
        let engine = crate::common::engine(file, variant, &sets);
        let mut state = engine.initial();
        crate::common::play(&engine, &mut state, prefix);
        // `turns:` before the counts: sequences of whole turns (`tabula perft --turns`).
        let (turns, counts) = match counts.strip_prefix("turns:") {
            Some(rest) => (true, rest),
            None => (false, counts.as_str()),
        };
        let expected: Vec<u64> = counts.split_whitespace().map(|c| c.parse().expect("count")).collect();
        let depths = if bless() && expected == [0] { 3 } else { expected.len() };
        let count = |d: u32| if turns { perft_turns(&engine, &state, d) } else { perft(&engine, &state, d) };
        let got: Vec<u64> = (1..=depths as u32).map(count).collect();
        if bless() {
            let got: Vec<String> = got.iter().map(u64::to_string).collect();
            let unit = if turns { "turns: " } else { "" };
            println!("{file} | {variant} | {options} | {prefix} | {unit}{}", got.join(" "));
        } else if got != expected {
            failures.push(format!("{file} {variant} {options} after `{prefix}`: expected {expected:?}, got {got:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn playout_statistics_suite() {
    let mut failures = Vec::new();
    for row in rows("tests/suites/playouts.txt") {
        let [file, variant, options, run, expected] = &row[..] else { panic!("bad row {row:?}") };
        let sets: Vec<&str> = options.split_whitespace().collect();
        let engine = crate::common::engine(file, variant, &sets);
        let (games, seed) = run.split_once(' ').expect("GAMES SEED");
        let (games, seed): (u64, u64) = (games.parse().expect("games"), seed.trim().parse().expect("seed"));
        let initial = engine.initial();
        let mut state = initial.clone();
        let mut stats = Stats::new(engine.game().players.len());
        for index in 0..games {
            stats.add(engine.game(), &random_game(&engine, &initial, &mut state, seed, index));
        }
        let wins: Vec<String> = stats.wins.iter().map(u64::to_string).collect();
        let got = format!(
            "turns {} {} {} actions {} {} {} wins {} draws {}",
            stats.turns.sum,
            stats.turns.min,
            stats.turns.max,
            stats.actions.sum,
            stats.actions.min,
            stats.actions.max,
            wins.join(" "),
            stats.draws
        );
        if bless() {
            println!("{file} | {variant} | {options} | {run} | {got}");
        } else if &got != expected {
            failures.push(format!("{file} {variant} {options} ({run}):\n  expected {expected}\n  got      {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
