//! Engine benchmarks (`cargo bench`): a whole random playout per game and variant, listing the
//! legal actions, and applying one action, in mid-game positions.

use std::path::Path;

use tabula::check::{Selection, load};
use tabula::engine::playout::{random_game, rng_for};
use tabula::engine::{Engine, State};

fn main() {
    divan::main();
}

const GAMES: &[(&str, &str, &str)] = &[
    ("watershed-plateau-9", "games/watershed.game", "Plateau"),
    ("watershed-floodplain-9", "games/watershed.game", "Floodplain"),
    ("ketchup-5", "games/ketchup.game", "Two stones"),
    ("ketchup-5-one-or-two", "games/ketchup.game", "One or two stones"),
    ("kensington", "games/kensington.game", "Two players"),
];

fn engine(name: &str) -> Engine {
    let (_, file, variant) = GAMES.iter().find(|g| g.0 == name).expect("known game");
    let selection = Selection { variant: Some(variant.to_string()), sets: Vec::new() };
    let (_, game) = load(Path::new(file), &selection).expect("game loads");
    Engine::new(game)
}

/// A position a random game reaches after `actions` actions (or its end).
fn midgame(engine: &Engine, actions: u32) -> State {
    let mut state = engine.initial();
    let mut rng = rng_for(7, 0);
    while engine.outcome(&state).is_none() && state.actions() < actions {
        let i = rand::Rng::random_range(&mut rng, 0..engine.legal_count(&state));
        let action = engine.legal_nth(&state, i);
        engine.apply_unchecked(&mut state, action);
    }
    state
}

#[divan::bench(args = ["watershed-plateau-9", "watershed-floodplain-9", "ketchup-5", "ketchup-5-one-or-two", "kensington"])]
fn playout(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let initial = engine.initial();
    let mut state = initial.clone();
    let mut index = 0;
    bencher.bench_local(|| {
        index += 1;
        random_game(&engine, &initial, &mut state, 1, index).actions
    });
}

#[divan::bench(args = ["watershed-plateau-9", "ketchup-5", "kensington"])]
fn list_legal_actions(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let state = midgame(&engine, 20);
    bencher.bench_local(|| {
        // A fresh copy each time, so the list is built, not read from the cache.
        let copy = state.clone();
        engine.legal(&copy).len()
    });
}

#[divan::bench(args = ["watershed-plateau-9", "ketchup-5", "kensington"])]
fn apply_one_action(bencher: divan::Bencher, name: &str) {
    let engine = engine(name);
    let state = midgame(&engine, 20);
    let action = engine.legal_nth(&state, 0);
    let mut copy = state.clone();
    bencher.bench_local(|| {
        copy.clone_from(&state);
        engine.apply_unchecked(&mut copy, action);
        copy.actions()
    });
}

/// Checking every variant of a file of N variants, each redefining one define (`tabula check`):
/// the time per variant must stay flat as N grows (Hardening II: it grew as N^2.4 before the
/// file was parsed once and each variant's game stopped copying the list of variants).
#[divan::bench(args = [500, 2000, 8000])]
fn check_every_variant(bencher: divan::Bencher, variants: usize) {
    let mut text = String::from("(game \"Many variants\" (players \"A\" \"B\") (board (square 3)) (define k 0)\n");
    for i in 0..variants {
        text.push_str(&format!("  (variant \"v{i}\" (define k {i}))\n"));
    }
    text.push_str("  (play (turn (place (to empty)))) (end (when (board-full) (draw))))\n");
    bencher.counter(divan::counter::ItemsCount::new(variants)).bench_local(|| {
        let mut sources = tabula::diagnostic::Sources::new();
        let id = sources.add("many.game", text.clone());
        tabula::check::check_all_variants(&mut sources, id).diagnostics.len()
    });
}
