//! The hand-written engines of `benches/handwritten/` (the speed baseline of `cargo bench
//! --bench handwritten`) are an independent implementation of RULES.md: their perft must equal
//! Tabula's, and their random games must end with the same statistics as Tabula's.

use std::path::Path;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::check::{Selection, load};
use tabula::engine::playout::random_game;
use tabula::engine::{Engine, State};

#[path = "../../benches/handwritten/mod.rs"]
mod engines;

use engines::Finished;
use engines::kensington::{Action as KAction, Kensington};
use engines::ketchup::Ketchup;
use engines::watershed::Watershed;

fn tabula(file: &str, variant: &str, size: Option<usize>) -> Engine {
    let sets = size.map(|n| vec![("size".to_string(), n.to_string())]).unwrap_or_default();
    let selection = Selection { variant: Some(variant.to_string()), sets };
    let (_, game) = load(Path::new(file), &selection).expect("game loads");
    Engine::new(game)
}

/// Tabula's perft through its public stepping API.
fn tabula_perft(engine: &Engine, state: &State, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if engine.outcome(state).is_some() {
        return 0;
    }
    let n = engine.legal_count(state);
    if depth == 1 {
        return n as u64;
    }
    (0..n)
        .map(|i| {
            let mut next = state.clone();
            engine.apply_unchecked(&mut next, engine.legal_nth(state, i));
            tabula_perft(engine, &next, depth - 1)
        })
        .sum()
}

// The expected counts below are those of tests/suites/perft.txt (Tabula's suite).

#[test]
fn watershed_perft_equals_tabulas() {
    let cases: &[(usize, bool, &[&str], &[u64])] = &[
        (5, true, &[], &[25, 600, 13776, 301536]),
        (5, false, &[], &[25, 592, 13184, 273760]),
        (7, true, &[], &[49, 2352, 110520]),
        (7, false, &[], &[49, 2344, 109304]),
        (5, true, &["a1", "a2", "c5"], &[22, 462, 9220]),
        (5, false, &["a1"], &[24, 542, 11442]),
    ];
    for &(n, plateau, after, expected) in cases {
        let game = Watershed::new(n, plateau);
        let mut s = game.initial();
        for label in after {
            game.apply(&mut s, game.point(label));
        }
        let counts: Vec<u64> = (1..=expected.len() as u32).map(|d| game.perft(&s, d)).collect();
        assert_eq!(counts, expected, "Watershed {n}×{n} plateau={plateau} after {after:?}");
    }
}

#[test]
fn ketchup_perft_equals_tabulas() {
    let side3 = Ketchup::new(3);
    let counts: Vec<u64> = (1..=4).map(|d| side3.perft(&side3.initial(), d)).collect();
    assert_eq!(counts, [19, 342, 5814, 93024]);
    // Deep enough on side 2 (7 cells) for bonus turns, `end` and the end of the game mid-turn:
    // against Tabula's own perft, computed here.
    let side2 = Ketchup::new(2);
    let engine = tabula("games/ketchup.game", "Two stones", Some(2));
    for depth in 1..=8 {
        let hand = side2.perft(&side2.initial(), depth);
        assert_eq!(hand, tabula_perft(&engine, &engine.initial(), depth), "Ketchup side 2 depth {depth}");
    }
    assert_eq!(side2.perft(&side2.initial(), 5), 2520);
}

#[test]
fn ketchup_perft_with_bonus_turns_equals_tabulas_on_side_3() {
    let side3 = Ketchup::new(3);
    let engine = tabula("games/ketchup.game", "Two stones", Some(3));
    // Depth 6 is the first with an optional third stone (after White's second turn).
    let hand = side3.perft(&side3.initial(), 6);
    assert_eq!(hand, tabula_perft(&engine, &engine.initial(), 6));
    assert!(hand > 19 * 18 * 17 * 16 * 15 * 14, "some bonus turns offer `end`: {hand}");
}

#[test]
fn kensington_perft_equals_tabulas() {
    let game = Kensington::new();
    let start = game.initial();
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(&start, d)).collect();
    assert_eq!(counts, [72, 5112, 357840]);
    // Red completes triangle {22, 30, 31} and may relocate one Blue stone (RULES E-KS2).
    let mut s = start;
    for v in [22, 0, 30, 3, 31] {
        game.apply(&mut s, KAction::Place(v));
    }
    let counts: Vec<u64> = (1..=3).map(|d| game.perft(&s, d)).collect();
    assert_eq!(counts, [135, 9045, 597502]);
}

struct Stats {
    games: u32,
    first_wins: u32,
    draws: u32,
    actions: Vec<f64>,
}

impl Stats {
    fn of(results: impl Iterator<Item = Finished>) -> Stats {
        let mut stats = Stats { games: 0, first_wins: 0, draws: 0, actions: Vec::new() };
        for r in results {
            stats.games += 1;
            stats.first_wins += (r.winner == Some(0)) as u32;
            stats.draws += r.winner.is_none() as u32;
            stats.actions.push(r.actions as f64);
        }
        stats
    }

    fn mean_var(&self) -> (f64, f64) {
        let n = self.actions.len() as f64;
        let mean = self.actions.iter().sum::<f64>() / n;
        (mean, self.actions.iter().map(|a| (a - mean).powi(2)).sum::<f64>() / (n - 1.0))
    }
}

fn tabula_games(engine: &Engine, games: u32) -> impl Iterator<Item = Finished> + '_ {
    let initial = engine.initial();
    let mut state = initial.clone();
    (0..games as u64).map(move |i| {
        let record = random_game(engine, &initial, &mut state, 99, i);
        let outcome = record.outcome.expect("the game ended");
        Finished { winner: outcome.winner.map(|w| w as u8), actions: record.actions }
    })
}

/// Both engines' random games agree within four standard errors on the first player's win rate
/// and on the mean length.
fn assert_same_statistics(what: &str, hand: Stats, generic: Stats) {
    let rate = |s: &Stats| s.first_wins as f64 / s.games as f64;
    let p = (hand.first_wins + generic.first_wins) as f64 / (hand.games + generic.games) as f64;
    let se = (p * (1.0 - p) * (1.0 / hand.games as f64 + 1.0 / generic.games as f64)).sqrt();
    assert!(
        (rate(&hand) - rate(&generic)).abs() <= 4.0 * se + 1e-9,
        "{what}: first player wins {:.3} hand-written, {:.3} Tabula",
        rate(&hand),
        rate(&generic)
    );
    let ((m1, v1), (m2, v2)) = (hand.mean_var(), generic.mean_var());
    eprintln!(
        "{what}: first player wins {:.3} / {:.3}, draws {} / {}, mean actions {m1:.1} / {m2:.1} (hand-written / Tabula)",
        rate(&hand),
        rate(&generic),
        hand.draws,
        generic.draws
    );
    let se = (v1 / hand.games as f64 + v2 / generic.games as f64).sqrt();
    assert!((m1 - m2).abs() <= 4.0 * se + 0.5, "{what}: mean actions {m1:.2} hand-written, {m2:.2} Tabula");
}

#[test]
fn watershed_random_games_match_tabulas() {
    for (n, plateau, variant, games) in [
        (5, true, "Plateau", 2000),
        (5, false, "Floodplain", 2000),
        (9, true, "Plateau", 200),
        (9, false, "Floodplain", 200),
    ] {
        let game = Watershed::new(n, plateau);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let hand = Stats::of((0..games).map(|_| game.playout(&mut rng)));
        assert_eq!(hand.draws, 0, "Watershed has no draws");
        let (lo, hi) = hand.actions.iter().fold((f64::MAX, 0f64), |(l, h), &a| (l.min(a), h.max(a)));
        eprintln!("Watershed {n} {variant}: {lo} to {hi} actions");
        // Captures free points, so a game may outlast the board's size, but not by much.
        assert!(lo >= (n * n / 3) as f64 && hi < (2 * n * n) as f64, "{lo} to {hi} actions");
        let engine = tabula("games/watershed.game", variant, Some(n));
        assert_same_statistics(&format!("Watershed {n} {variant}"), hand, Stats::of(tabula_games(&engine, games)));
    }
}

#[test]
fn ketchup_random_games_match_tabulas() {
    for (side, games) in [(3, 3000), (5, 2000)] {
        let game = Ketchup::new(side);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let hand = Stats::of((0..games).map(|_| game.playout(&mut rng)));
        assert_eq!(hand.draws, 0, "an odd board cannot be drawn");
        // Every cell is filled; a game has a stone per cell plus the `end` actions.
        assert!(hand.actions.iter().all(|&a| a >= game.cells() as f64 && a < 1.5 * game.cells() as f64));
        let engine = tabula("games/ketchup.game", "Two stones", Some(side));
        assert_same_statistics(&format!("Ketchup {side}"), hand, Stats::of(tabula_games(&engine, games)));
    }
}

#[test]
fn kensington_random_games_match_tabulas() {
    let games = 40;
    let mut game = Kensington::new();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let hand = Stats::of((0..games).map(|_| game.playout(&mut rng)));
    assert!(hand.actions.iter().all(|&a| a >= 9.0), "no win before Red's sixth stone");
    let engine = tabula("games/kensington.game", "Two players", None);
    let generic = Stats::of(tabula_games(&engine, games));
    let draws = |s: &Stats| s.draws as f64 / s.games as f64;
    assert!((draws(&hand) - draws(&generic)).abs() < 0.35, "draws {} vs {}", hand.draws, generic.draws);
    assert_same_statistics("Kensington", hand, generic);
}
