//! Agents: the random agent and UCT search play legal actions in every bundled game; the search
//! is reproducible for a seed, takes an immediate win, and keeps its tree between moves.
//!
//! The strength measurement (MCTS at 200 ms per action against random, every game and
//! variant) is too slow for CI: run it with
//! `cargo test --release agents:: -- --ignored --nocapture strength`
//! (environment: `GAMES`, `MS`, `ONLY` (a substring of the game title), `PLAYOUT` (actions per
//! site before a playout is a draw, 0 for none), `C` (exploration), `CONTEMPT`, `ITERATIONS`, `SEED`
//! (instead of `MS`)).

use std::path::Path;
use std::time::Instant;

use tabula::agent::{Agent, Budget, Mcts, MctsConfig, RandomAgent, make_agent};
use tabula::check::{Selection, load};
use tabula::engine::{Action, Engine, Setup, State};

fn engine(file: &str, variant: Option<&str>, sets: &[&str]) -> Engine {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let selection = Selection::new(variant.map(str::to_string), &sets).expect("selection");
    match load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file), &selection) {
        Ok((_, game)) => Engine::new(game),
        Err(e) => panic!("{file} does not load: {e:?}"),
    }
}

fn site(engine: &Engine, label: &str) -> u16 {
    engine.site(label).unwrap_or_else(|| panic!("no site {label}"))
}

/// Plays a game between `agents` (one per player, in seat order), telling every agent of every
/// action and checking each action's legality. Returns the actions played and the state.
fn play_game(engine: &Engine, agents: &mut [Box<dyn Agent>], max_actions: usize) -> (Vec<Action>, State) {
    let mut state = engine.initial();
    let mut actions = Vec::new();
    while let Some(player) = engine.to_move(&state) {
        assert!(actions.len() < max_actions, "the game did not end within {max_actions} actions");
        let action = agents[player].choose(engine, &state);
        let before = state.clone();
        engine
            .apply(&mut state, action)
            .unwrap_or_else(|e| panic!("{} chose an illegal action: {e}", agents[player].name()));
        for agent in agents.iter_mut() {
            agent.observe(engine, &before, action);
        }
        actions.push(action);
    }
    (actions, state)
}

#[test]
fn random_agents_play_every_game_to_the_end() {
    let games = [
        engine("games/watershed.game", Some("Plateau"), &[]),
        engine("games/watershed.game", Some("Floodplain"), &["size=7"]),
        engine("games/ketchup.game", Some("Two stones"), &[]),
        engine("games/ketchup.game", Some("One or two stones"), &[]),
        engine("games/kensington.game", Some("Two players"), &["turns-per-player=300"]),
        engine("games/kensington.game", Some("Four players"), &["turns-per-player=100"]),
    ];
    for (i, e) in games.iter().enumerate() {
        let players = e.game().players.len();
        let mut agents: Vec<Box<dyn Agent>> =
            (0..players).map(|p| Box::new(RandomAgent::new(100 * i as u64 + p as u64)) as Box<dyn Agent>).collect();
        let (actions, state) = play_game(e, &mut agents, 100_000);
        assert!(e.outcome(&state).is_some());
        assert!(!actions.is_empty());
    }
}

#[test]
fn random_agent_is_reproducible() {
    let e = engine("games/ketchup.game", None, &[]);
    let run = |seed| {
        let mut agents: Vec<Box<dyn Agent>> =
            vec![Box::new(RandomAgent::new(seed)), Box::new(RandomAgent::new(seed + 1))];
        play_game(&e, &mut agents, 10_000).0
    };
    assert_eq!(run(3), run(3));
    assert_ne!(run(3), run(5));
}

#[test]
fn mcts_plays_legal_games_with_multi_action_turns() {
    // Ketchup: turns of one to three placements; Kensington (short): placements, slides,
    // optional relocations ended by `end`, passes.
    for (e, iterations) in [
        (engine("games/ketchup.game", Some("One or two stones"), &["size=3"]), 60),
        (engine("games/kensington.game", None, &["turns-per-player=40"]), 20),
        (engine("games/watershed.game", Some("Floodplain"), &["size=5"]), 60),
    ] {
        let mut agents: Vec<Box<dyn Agent>> =
            vec![Box::new(Mcts::new(1, Budget::Iterations(iterations))), Box::new(RandomAgent::new(2))];
        let (_, state) = play_game(&e, &mut agents, 100_000);
        assert!(e.outcome(&state).is_some());
    }
}

#[test]
fn mcts_is_deterministic_for_a_seed() {
    let e = engine("games/watershed.game", None, &["size=5"]);
    let run = |seed| {
        let mut agents: Vec<Box<dyn Agent>> = vec![
            Box::new(Mcts::new(seed, Budget::Iterations(150))),
            Box::new(Mcts::new(seed + 1, Budget::Iterations(150))),
        ];
        play_game(&e, &mut agents, 1000).0
    };
    let a = run(11);
    assert_eq!(a, run(11));
    let mut m = Mcts::new(4, Budget::Iterations(300));
    let s = e.initial();
    let first = m.analyse(&e, &s);
    let second = Mcts::new(4, Budget::Iterations(300)).analyse(&e, &s);
    assert_eq!(first, second);
    assert_eq!(first.iter().map(|x| x.1).sum::<u32>(), 300, "every iteration visits one root action");
}

#[test]
fn mcts_takes_an_immediate_win() {
    // E-KS5: Red completes the white hexagon with 53-45.
    let e = engine("games/kensington.game", None, &[]);
    let red = ["26", "31", "32", "39", "40", "53"];
    let blue = ["0", "1", "2", "3", "4", "6"];
    let mut stones: Vec<(u16, usize)> = red.iter().map(|l| (site(&e, l), 0)).collect();
    stones.extend(blue.iter().map(|l| (site(&e, l), 1)));
    let s = e
        .position(&Setup { stones, mover: 0, hands: Some(vec![0, 0]), turns_played: 60, ..Setup::default() })
        .expect("position");
    for seed in 0..3 {
        let mut m = Mcts::new(seed, Budget::Iterations(400));
        let a = m.choose(&e, &s);
        assert_eq!(e.action_text(a), "53-45", "seed {seed}");
        let analysis = m.analyse(&e, &s);
        assert_eq!(e.action_text(analysis[0].0), "53-45");
        assert_eq!(analysis[0].2, 1.0);
    }
    // A wall-time budget finds it too.
    let mut m = Mcts::new(9, Budget::Millis(50));
    assert_eq!(e.action_text(m.choose(&e, &s)), "53-45");
}

#[test]
fn mcts_reuses_its_tree() {
    let e = engine("games/watershed.game", None, &["size=5"]);
    let mut m = Mcts::new(5, Budget::Iterations(3000));
    let mut s = e.initial();
    let analysis = m.analyse(&e, &s);
    let (best, visits, _) = analysis[0];
    assert!(visits > 0);
    let before = s.clone();
    e.apply(&mut s, best).unwrap();
    m.observe(&e, &before, best);
    assert_eq!(m.root_visits(), visits, "the subtree of the action played is kept");
    // The opponent's most likely reply keeps its subtree as well.
    let reply = m.analyse(&e, &s);
    let (action, visits, _) = reply[0];
    let before = s.clone();
    e.apply(&mut s, action).unwrap();
    m.observe(&e, &before, action);
    assert_eq!(m.root_visits(), visits);
    m.choose(&e, &s);
    assert_eq!(m.root_visits(), visits + 3000);
    // A position the tree does not belong to gets a fresh tree.
    let other = e.initial();
    m.analyse(&e, &other);
    assert_eq!(m.root_visits(), 3000);
    // Told of an action in an unknown position, the agent forgets its tree.
    let mut elsewhere = e.initial();
    e.play(&mut elsewhere, "c3").unwrap();
    let a = e.legal(&elsewhere)[0];
    m.observe(&e, &elsewhere, a);
    assert_eq!(m.root_visits(), 0);
}

#[test]
fn make_agent_reads_specs() {
    assert_eq!(make_agent("random", 1, 100).unwrap().name(), "random");
    assert_eq!(make_agent("mcts", 1, 100).unwrap().name(), "mcts (100 ms)");
    assert_eq!(make_agent("mcts:5000", 1, 100).unwrap().name(), "mcts:5000");
    assert!(make_agent("mcts:0", 1, 100).is_err());
    assert!(make_agent("mcts:lots", 1, 100).is_err());
    assert!(make_agent("alphazero", 1, 100).is_err());
    assert_eq!(make_agent("grave:500", 1, 100).unwrap().name(), "grave:500");
    assert_eq!(make_agent("mcts:sims=500,c=1", 1, 100).unwrap().name(), "mcts:sims=500,c=1");
}

// ---------------------------------------------------------------------------------------------
// strength (ignored: minutes in release mode)

fn env_or<T: std::str::FromStr>(key: &str, default: T) -> T {
    std::env::var(key).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
#[ignore]
fn strength_against_random() {
    let games: u64 = env_or("GAMES", 20);
    let ms: u64 = env_or("MS", 200);
    let iterations: u32 = env_or("ITERATIONS", 0);
    let only: String = env_or("ONLY", String::new());
    let seed: u64 = env_or("SEED", 0);
    let mut config = MctsConfig::default();
    if let Ok(p) = std::env::var("PLAYOUT") {
        let p: f64 = p.parse().expect("PLAYOUT");
        config.playout_actions_per_site = if p == 0.0 { None } else { Some(p) };
    }
    config.exploration = env_or("C", config.exploration);
    config.draw_contempt = env_or("CONTEMPT", config.draw_contempt);
    let budget = if iterations > 0 { Budget::Iterations(iterations) } else { Budget::Millis(ms) };
    // Tuning only: e.g. `KENSINGTON=turns-per-player=200` to count quick wins.
    let kensington_sets: Vec<String> = std::env::var("KENSINGTON").ok().into_iter().collect();
    let kensington_sets: Vec<&str> = kensington_sets.iter().map(String::as_str).collect();
    let cases = [
        engine("games/watershed.game", Some("Plateau"), &["size=9"]),
        engine("games/watershed.game", Some("Floodplain"), &["size=9"]),
        engine("games/ketchup.game", Some("Two stones"), &["size=5"]),
        engine("games/ketchup.game", Some("One or two stones"), &["size=5"]),
        engine("games/kensington.game", Some("Two players"), &kensington_sets),
    ];
    for e in &cases {
        let title = format!("{} — {}", e.game().name, e.game().variant.clone().unwrap_or_default());
        if !title.contains(&only) {
            continue;
        }
        let (mut wins, mut draws, mut actions, mut seconds) = (0, 0, 0, 0.0);
        for g in 0..games {
            let seat = (g % 2) as usize;
            let mut mcts = Mcts::with_config(seed + 1000 + g, budget, config.clone());
            let mut random = RandomAgent::new(seed + 2000 + g);
            let start = Instant::now();
            let mut state = e.initial();
            let mut n = 0;
            let mut iters = 0u64;
            let mut searched = 0u64;
            while let Some(p) = e.to_move(&state) {
                let action = if p == seat {
                    let a = mcts.choose(e, &state);
                    if e.legal(&state).len() > 1 {
                        iters += u64::from(mcts.last_iterations());
                        searched += 1;
                    }
                    a
                } else {
                    random.choose(e, &state)
                };
                let before = state.clone();
                e.apply(&mut state, action).unwrap();
                mcts.observe(e, &before, action);
                n += 1;
            }
            let winner = e.outcome(&state).unwrap().winner;
            let team = e.game().players[seat].team;
            match winner {
                Some(w) if w == team => wins += 1,
                None => draws += 1,
                _ => {}
            }
            actions += n;
            let t = start.elapsed().as_secs_f64();
            seconds += t;
            println!(
                "{title}: game {g} seat {seat}: {} after {n} actions ({} turns), {:.1} s, {} iterations/search",
                match winner {
                    Some(w) if w == team => "MCTS wins",
                    None => "draw",
                    _ => "random wins",
                },
                state.turns(),
                t,
                iters / searched.max(1)
            );
        }
        println!(
            "SUMMARY {title}: {games} games, MCTS won {wins} ({:.0}%), draws {draws}, mean {:.0} actions, {:.0} s",
            100.0 * wins as f64 / games as f64,
            actions as f64 / games as f64,
            seconds
        );
    }
}

/// Tic-tac-toe, solved by hand long ago: the empty board is a draw, a player with two in a row
/// and the third square free completes it, and one facing such a pair blocks it.
#[test]
fn alphabeta_plays_tic_tac_toe_perfectly() {
    let e = engine("games/tic-tac-toe.game", None, &[]);
    let mut ab = tabula::agent::AlphaBeta::to_depth(9);
    assert_eq!(ab.value(&e, &e.initial(), 0, 9), 0, "the empty board is a draw");
    // X has a1 b1 and c1 is free: c1 wins at once (O's a2 b2 threaten c2 too).
    let s = crate::common::from_text(&e, r#"(position (place "X" a1 b1) (place "O" a2 b2) (to-move "X"))"#);
    assert_eq!(e.action_text(ab.choose(&e, &s)), "c1");
    // O, facing a1 b1, must take c1: anything else loses.
    let s = crate::common::from_text(&e, r#"(position (place "X" a1 b1) (place "O" b2) (to-move "O"))"#);
    assert_eq!(e.action_text(ab.choose(&e, &s)), "c1");
    assert_eq!(ab.value(&e, &s, 1, 9), 0, "blocked, the game is drawn");
    // Against itself, a draw; against random play, never a loss, on either side.
    let mut agents: Vec<Box<dyn Agent>> = vec![Box::new(ab.clone()), Box::new(ab.clone())];
    let (_, end) = play_game(&e, &mut agents, 9);
    assert_eq!(e.outcome(&end).map(|o| o.winner), Some(None));
    for seed in 0..40 {
        let random: Box<dyn Agent> = Box::new(RandomAgent::new(seed));
        let (mut agents, side): (Vec<Box<dyn Agent>>, usize) = match seed % 2 {
            0 => (vec![Box::new(ab.clone()), random], 0),
            _ => (vec![random, Box::new(ab.clone())], 1),
        };
        let (_, end) = play_game(&e, &mut agents, 9);
        let winner = e.outcome(&end).and_then(|o| o.winner);
        assert!(winner.is_none_or(|w| w == side), "seed {seed}: alpha-beta lost");
    }
}

/// With a time budget the search deepens until it sees the end: the same choices.
#[test]
fn alphabeta_on_time_finds_the_win_and_the_block() {
    let e = engine("games/tic-tac-toe.game", None, &[]);
    let mut ab = make_agent("alphabeta", 0, 50).expect("agent");
    let s = crate::common::from_text(&e, r#"(position (place "X" a1 b1) (place "O" b2) (to-move "O"))"#);
    assert_eq!(e.action_text(ab.choose(&e, &s)), "c1");
    assert!(make_agent("alphabeta:0", 0, 50).is_err());
    assert!(make_agent("alphabeta:65", 0, 50).is_err());
}

/// Tic-tac-toe against perfect play: alpha-beta seeing every game to its end, choosing at
/// random among its equally good actions. The default `mcts` at 1 000 iterations never loses,
/// on either side, in 200 games.
#[test]
fn mcts_never_loses_tic_tac_toe_to_perfect_play() {
    let e = engine("games/tic-tac-toe.game", None, &[]);
    let spec = "mcts:1000";
    let mut lost = Vec::new();
    for g in 0..200u64 {
        let perfect = make_agent("alphabeta:9", 2 * g, 0).expect("agent");
        let mcts = make_agent(spec, 2 * g + 1, 0).expect("agent");
        let side = (g % 2) as usize;
        let mut agents = if side == 0 { vec![mcts, perfect] } else { vec![perfect, mcts] };
        let (actions, end) = play_game(&e, &mut agents, 9);
        if e.outcome(&end).and_then(|o| o.winner).is_some_and(|w| w != side) {
            let moves: Vec<String> = actions.iter().map(|&a| e.action_text(a)).collect();
            lost.push(format!("game {g}: {}", moves.join(" ")));
        }
    }
    assert!(lost.is_empty(), "{spec} lost {} of 200:\n{}", lost.len(), lost.join("\n"));
}

/// Connect Four on 5 columns and 4 rows, solved by an independent model written from the rules
/// alone (`python3 tests/classics/connect_four_solve.py 5 4`): the empty board is a draw; the
/// first player draws by opening in columns b, c or d, and loses by opening on an edge column,
/// on the 20th and last ply.
#[test]
fn alphabeta_solves_connect_four_5_by_4() {
    use tabula::agent::AlphaBeta;
    let e = engine("games/connect-four.game", None, &["width=5", "height=4"]);
    let mut ab = AlphaBeta::to_depth(20);
    let start = e.initial();
    assert_eq!(ab.value(&e, &start, 0, 20), 0, "the empty board is a draw");
    for (column, loses) in [("a1", true), ("b1", false), ("c1", false), ("d1", false), ("e1", true)] {
        let mut s = start.clone();
        e.play(&mut s, column).unwrap();
        let value = ab.value(&e, &s, 0, 19);
        if loses {
            assert!(value < 0, "{column} loses, not {value}");
            assert_eq!(AlphaBeta::actions_to_end(value), Some(19), "{column}: the last of the 19 cells left");
        } else {
            assert_eq!(value, 0, "{column} draws");
        }
    }
}

/// The reach of each kind on an empty chessboard, counted by hand: a knight's 336 moves from
/// the 64 squares (5.25 a square), a bishop's 560, a rook's 14 from every square, a queen's
/// 1 456, a king's 420 (3 from a corner, 5 from an edge, 8 inside). A White pawn on its own
/// has never moved, and chess.game lets a pawn that never moved step two squares (FIDE 3.7.b:
/// "on its first move"): two squares from rows 1 to 6, one from row 7, none from row 8, 104
/// in all.
#[test]
fn kinds_reach_what_the_textbook_counts_on_an_empty_chessboard() {
    let e = engine("games/chess.game", None, &[]);
    let names: Vec<&str> = e.game().pieces.iter().map(|k| k.name.as_str()).collect();
    assert_eq!(names, ["pawn", "knight", "bishop", "rook", "queen", "king"]);
    assert_eq!(e.kind_mobility(), [1.625, 5.25, 8.75, 14.0, 22.75, 6.5625]);
}

#[test]
fn alphabeta_takes_the_queen_rather_than_the_pawn() {
    // White's rook on d4 may take the queen on d8 or the pawn on h4. Counting stones, both
    // captures are one; weighing pieces by what they can do, the queen is worth more, even one
    // action deeper, when the king takes the rook back.
    let e = engine("games/chess.game", None, &[]);
    let text = r#"(position (place "White" king e1) (place "White" rook d4) (place "Black" king e8)
        (place "Black" queen d8) (place "Black" pawn h4) (to-move "White"))"#;
    let state = crate::common::from_text(&e, text);
    for depth in [1, 2] {
        for seed in 0..8 {
            let mut agent = make_agent(&format!("alphabeta:depth={depth}"), seed, 100).expect("agent");
            assert_eq!(e.action_text(agent.choose(&e, &state)), "d4-d8", "depth {depth}, seed {seed}");
        }
    }
    // Counting stones, the two captures are alike and the seed chooses.
    let chosen: std::collections::BTreeSet<String> = (0..16)
        .map(|seed| {
            let mut agent = make_agent("alphabeta:depth=1,eval=stones", seed, 100).expect("agent");
            e.action_text(agent.choose(&e, &state))
        })
        .collect();
    assert_eq!(chosen.into_iter().collect::<Vec<_>>(), ["d4-d8", "d4-h4"]);
}
