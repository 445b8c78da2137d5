//! Tabula's generic engine against hand-written engines of the same games, measured alternately
//! in one run (`cargo bench --bench handwritten`): random playouts per second of each, median of
//! several rounds, and the ratio Tabula / hand-written.
//!
//! Options (after `--`): `--seconds S` per engine per round (default 0.5), `--rounds R` (default
//! 5), `--only NAME` (a case name below). `--callgrind CASE hand|tabula N` plays exactly N
//! playouts of one engine and prints nothing else, for `valgrind --tool=callgrind`.

use std::path::Path;
use std::time::Instant;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::check::{Selection, load};
use tabula::engine::playout::random_game;
use tabula::engine::{Engine, State};

#[path = "handwritten/mod.rs"]
mod engines;

use engines::kensington::Kensington;
use engines::ketchup::Ketchup;
use engines::watershed::Watershed;

/// Case name, game file, variant, board size option.
const CASES: &[(&str, &str, &str, Option<usize>)] = &[
    ("watershed-plateau-9", "games/watershed.game", "Plateau", Some(9)),
    ("watershed-floodplain-9", "games/watershed.game", "Floodplain", Some(9)),
    ("watershed-plateau-5", "games/watershed.game", "Plateau", Some(5)),
    ("watershed-floodplain-5", "games/watershed.game", "Floodplain", Some(5)),
    ("ketchup-5", "games/ketchup.game", "Two stones", Some(5)),
    ("kensington", "games/kensington.game", "Two players", None),
];

/// One hand-written engine (one per run, so the size of the largest does not matter).
#[allow(clippy::large_enum_variant)]
enum Hand {
    Watershed(Watershed),
    Ketchup(Ketchup),
    Kensington(Kensington),
}

impl Hand {
    fn new(file: &str, variant: &str, size: Option<usize>) -> Hand {
        match file {
            "games/watershed.game" => Hand::Watershed(Watershed::new(size.unwrap_or(9), variant == "Plateau")),
            "games/ketchup.game" => Hand::Ketchup(Ketchup::new(size.unwrap_or(5))),
            _ => Hand::Kensington(Kensington::new()),
        }
    }

    /// One random playout; its number of actions.
    #[inline]
    fn play(&mut self, rng: &mut Xoshiro256PlusPlus) -> u32 {
        match self {
            Hand::Watershed(g) => g.playout(rng).actions,
            Hand::Ketchup(g) => g.playout(rng).actions,
            Hand::Kensington(g) => g.playout(rng).actions,
        }
    }
}

struct Generic {
    engine: Engine,
    initial: State,
    state: State,
    index: u64,
}

impl Generic {
    fn new(file: &str, variant: &str, size: Option<usize>) -> Generic {
        let sets = size.map(|n| vec![("size".to_string(), n.to_string())]).unwrap_or_default();
        let selection = Selection { variant: Some(variant.to_string()), sets };
        let (_, game) = load(Path::new(file), &selection).expect("game loads");
        let engine = Engine::new(game);
        let initial = engine.initial();
        let state = initial.clone();
        Generic { engine, initial, state, index: 0 }
    }

    #[inline]
    fn play(&mut self) -> u32 {
        self.index += 1;
        random_game(&self.engine, &self.initial, &mut self.state, 1, self.index).actions
    }
}

/// Playouts per second of `play` over about `seconds`.
fn rate(seconds: f64, mut play: impl FnMut() -> u32) -> f64 {
    let start = Instant::now();
    let mut games = 0u64;
    let mut actions = 0u64;
    loop {
        actions += play() as u64;
        games += 1;
        let elapsed = start.elapsed().as_secs_f64();
        if elapsed >= seconds {
            std::hint::black_box(actions);
            return games as f64 / elapsed;
        }
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let seconds: f64 = value("--seconds").map_or(0.5, |s| s.parse().expect("--seconds S"));
    let rounds: usize = value("--rounds").map_or(5, |s| s.parse().expect("--rounds R"));
    let only = value("--only");

    if let Some(i) = args.iter().position(|a| a == "--callgrind") {
        let (case, which, n) = (&args[i + 1], &args[i + 2], args[i + 3].parse::<u64>().expect("N"));
        let &(_, file, variant, size) = CASES.iter().find(|c| c.0 == case).expect("known case");
        let mut sum = 0u64;
        if which == "hand" {
            let mut hand = Hand::new(file, variant, size);
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
            for _ in 0..n {
                sum += hand.play(&mut rng) as u64;
            }
        } else {
            let mut generic = Generic::new(file, variant, size);
            for _ in 0..n {
                sum += generic.play() as u64;
            }
        }
        println!("{case} {which}: {n} playouts, {sum} actions");
        return;
    }

    println!(
        "one thread, median of {rounds} alternating rounds of {seconds} s per engine\n\
         {:<24} {:>14} {:>14} {:>8}",
        "case", "hand-written/s", "tabula/s", "ratio"
    );
    for &(name, file, variant, size) in CASES {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let mut hand = Hand::new(file, variant, size);
        let mut generic = Generic::new(file, variant, size);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
        // Warm-up of both, then alternate which engine goes first.
        rate(seconds / 4.0, || hand.play(&mut rng));
        rate(seconds / 4.0, || generic.play());
        let (mut hands, mut generics) = (Vec::new(), Vec::new());
        for round in 0..rounds {
            if round % 2 == 0 {
                hands.push(rate(seconds, || hand.play(&mut rng)));
                generics.push(rate(seconds, || generic.play()));
            } else {
                generics.push(rate(seconds, || generic.play()));
                hands.push(rate(seconds, || hand.play(&mut rng)));
            }
        }
        let (h, t) = (median(hands), median(generics));
        println!("{name:<24} {h:>14.0} {t:>14.0} {:>8.2}", t / h);
    }
}
