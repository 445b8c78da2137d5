//! `perft --turns` counts the last turn in bulk where every legal action is known to finish it
//! (`tabula::engine::turn_perft`): the counts must be those of making every action of the last
//! turn and seeing the turn end, for every game — the bundled games and variants, the test
//! boards, from the start and from positions inside turns along random games — and the
//! published figures stay.

use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::common::*;
use tabula::engine::perft::perft;
use tabula::engine::turn_perft::{perft_turns, perft_turns_by_applying};
use tabula::engine::{Engine, State};

/// Every `.game` file of `games/`, `games/variants/` and `tests/boards/`, sorted.
fn game_files() -> Vec<PathBuf> {
    let files = files_in(&["games", "games/variants", "tests/boards"], &["game"]);
    assert!(files.len() >= 25, "the games are found: {files:?}");
    files
}

/// Every selection of a file: the default and each variant, with a name for messages.
fn selections(path: &Path) -> Vec<(String, Engine)> {
    let file = path.to_str().expect("a path in UTF-8");
    let first = engine(file, "", &[]);
    let variants: Vec<String> = first.game().variants.iter().map(|v| v.name.clone()).collect();
    let mut out = vec![(file.to_string(), first)];
    out.extend(variants.into_iter().map(|v| (format!("{file} ({v})"), engine(file, &v, &[]))));
    out
}

/// The bulk count and the applying count from `state`, one depth after the other from 1 to
/// `deepest` while the last count is at most `small` (it bounds the next depth's work).
fn compare(name: &str, e: &Engine, state: &State, deepest: u32, small: u64) {
    for depth in 1..=deepest {
        let applied = perft_turns_by_applying(e, state, depth);
        assert_eq!(perft_turns(e, state, depth), applied, "{name}: {depth} turns after {} actions", state.actions());
        if applied > small {
            break;
        }
    }
}

/// Whether the turns from `state` (to `depth`) are few enough to count by applying within the
/// test's time, judged from the cheaper counts of actions: a Kensington turn that may earn two
/// relocations has hundreds of thousands of sequences, and is left to the random games'
/// positions after its first actions.
fn few_turns(e: &Engine, state: &State, depth: u32) -> bool {
    perft(e, state, depth + 1) <= 20_000 && perft_turns(e, state, depth) <= 50_000
}

/// From the start to depth 3 where it is small, and at every seventh action of three random
/// games (so inside turns too: a draughts chain, an Amazons arrow, a Kensington relocation, a
/// Ketchup bonus stone) to depth 1, and to depth 2 at every 35th, where the turns are few.
#[test]
fn bulk_turn_counts_are_the_counts_made_by_applying_every_action() {
    let mut positions = 0;
    for path in game_files() {
        for (name, e) in selections(&path) {
            let start = e.initial();
            compare(&name, &e, &start, 3, 400);
            for game in 0..3 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(game);
                let mut s = start.clone();
                while e.outcome(&s).is_none() && s.actions() < 240 {
                    let action = e.legal_nth(&s, rng.random_range(0..e.legal_count(&s)));
                    e.apply_unchecked(&mut s, action);
                    if s.actions() % 7 == 0 && few_turns(&e, &s, 1) {
                        let deepest = if s.actions() % 35 == 0 && few_turns(&e, &s, 2) { 2 } else { 1 };
                        compare(&name, &e, &s, deepest, u64::MAX);
                        positions += 1;
                    }
                }
            }
        }
    }
    assert!(positions > 1000, "{positions} positions compared");
}

/// In a game whose every turn is one action, turns and actions are counted alike: chess's
/// published 20, 400 and 8 902, Go's and Hex's counts of actions.
#[test]
fn one_action_turns_count_as_actions() {
    let chess = engine("games/chess.game", "", &[]);
    let start = chess.initial();
    let turns: Vec<u64> = (1..=3).map(|d| perft_turns(&chess, &start, d)).collect();
    assert_eq!(turns, [20, 400, 8902]);
    for (file, sets) in [("games/go.game", &["size=9"][..]), ("games/hex.game", &["size=5"][..])] {
        let e = engine(file, "", sets);
        let s = e.initial();
        for depth in 1..=3 {
            assert_eq!(perft_turns(&e, &s, depth), perft(&e, &s, depth), "{file} at depth {depth}");
        }
    }
}

/// Multi-action turns keep their published whole-turn counts (tests/suites/perft.txt has them
/// too): Domineering's 56 and 2 940, Amazons' 2 176, English draughts' 7, 49, 302.
#[test]
fn multi_action_turns_keep_their_published_counts() {
    let cases: [(&str, &[u64]); 3] = [
        ("games/domineering.game", &[56, 2940]),
        ("games/amazons.game", &[2176]),
        ("games/english-draughts.game", &[7, 49, 302]),
    ];
    for (file, expected) in cases {
        let e = engine(file, "", &[]);
        let s = e.initial();
        let got: Vec<u64> = (1..=expected.len() as u32).map(|d| perft_turns(&e, &s, d)).collect();
        assert_eq!(got, expected, "{file}");
    }
}
