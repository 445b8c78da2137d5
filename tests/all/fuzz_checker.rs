//! Mutated versions of the bundled game files fed to the checker, and to the engine when they
//! still check: never a panic, never a hang.
//!
//! Mutations are the mistakes and oddities an author or a corrupted file produces: a byte range
//! deleted or duplicated, random bytes inserted, a word replaced by another ludeme or keyword, a
//! number replaced by an extreme value, brackets added or removed.

use std::time::{Duration, Instant};

use proptest::prelude::*;
use tabula::check::{Selection, check_all_variants, check_str};
use tabula::diagnostic::Sources;
use tabula::engine::Engine;
use tabula::engine::playout::rng_for;

/// Every bundled game and variant file: together they use every ludeme of the language.
const GAMES: [&str; 44] = [
    include_str!("../../games/watershed.game"),
    include_str!("../../games/ketchup.game"),
    include_str!("../../games/kensington.game"),
    include_str!("../../games/tic-tac-toe.game"),
    include_str!("../../games/connect-four.game"),
    include_str!("../../games/gomoku.game"),
    include_str!("../../games/hex.game"),
    include_str!("../../games/reversi.game"),
    include_str!("../../games/y.game"),
    include_str!("../../games/yavalath.game"),
    include_str!("../../games/breakthrough.game"),
    include_str!("../../games/knightthrough.game"),
    include_str!("../../games/lines-of-action.game"),
    include_str!("../../games/nine-mens-morris.game"),
    include_str!("../../games/dots-and-boxes.game"),
    include_str!("../../games/kalah.game"),
    include_str!("../../games/oware.game"),
    include_str!("../../games/ataxx.game"),
    include_str!("../../games/connect6.game"),
    include_str!("../../games/pentago.game"),
    include_str!("../../games/havannah.game"),
    include_str!("../../games/clobber.game"),
    include_str!("../../games/domineering.game"),
    include_str!("../../games/amazons.game"),
    include_str!("../../games/english-draughts.game"),
    include_str!("../../games/antichess.game"),
    include_str!("../../games/crazyhouse.game"),
    include_str!("../../games/xiangqi.game"),
    include_str!("../../games/chinese-checkers.game"),
    include_str!("../../games/halma.game"),
    include_str!("../../games/ultimate-tic-tac-toe.game"),
    include_str!("../../games/international-draughts.game"),
    include_str!("../../games/atari-go.game"),
    include_str!("../../games/go.game"),
    include_str!("../../games/chess.game"),
    include_str!("../../games/brandubh.game"),
    include_str!("../../games/hnefatafl.game"),
    include_str!("../../games/fox-and-geese.game"),
    include_str!("../../games/variants/hex-watershed.game"),
    include_str!("../../games/variants/quick-kensington.game"),
    include_str!("../../games/variants/square-ketchup.game"),
    include_str!("../../games/variants/chinese-checkers-3.game"),
    include_str!("../../games/variants/chinese-checkers-4.game"),
    include_str!("../../games/variants/chinese-checkers-6.game"),
];

/// Words worth swapping in: ludemes, keywords and names of the bundled games.
const WORDS: &[&str] = &[
    "game",
    "players",
    "board",
    "play",
    "end",
    "turn",
    "phase",
    "actions",
    "place",
    "slide",
    "relocate",
    "to",
    "from",
    "along",
    "where",
    "require",
    "then",
    "remove",
    "credit",
    "win",
    "draw",
    "allow",
    "allow-next",
    "add",
    "if",
    "count",
    "largest-group",
    "completed",
    "grew",
    "first-turn",
    "hand-empty",
    "board-full",
    "no-moves",
    "when",
    "repetition",
    "turn-limit",
    "compare",
    "higher",
    "lower",
    "cascade",
    "unpaired",
    "last-mover",
    "empty",
    "friend",
    "enemy",
    "any",
    "occupied",
    "mover",
    "next",
    "owner",
    "site",
    "true",
    "false",
    "orthogonal",
    "diagonal",
    "all",
    "adjacent",
    "edges",
    "perimeter",
    "triangles",
    "hexagons",
    "square",
    "hexhex",
    "tiling",
    "graph",
    "define",
    "for-each",
    "rotate",
    "filled",
    "every",
    "take",
    "again",
    "grid-edges",
    "sow",
    "seeds",
    "collect",
    "path",
    "run",
    "edges",
    "lines",
    "difference",
    "variant",
    "option",
    "region",
    "counter",
    "allowance",
    "pass",
    "blocked",
    "after-turn",
    "until",
    "neighbors",
    "connected",
    "group-sizes",
    "setup",
    "ray",
    "flanks",
    "sight",
    "flip",
    "nobody-can-move",
    "pieces",
    "neutral",
    "piece",
    "capture",
    "range",
    "distance",
    "through",
    "leap",
    "by",
    "hop",
    "over",
    "promote",
    "dark-squares",
    "light-squares",
    "liberties",
    "remove-groups",
    "after",
    "no-repeat",
    "area",
    "unmoved",
    "attacked",
    "step",
    "shift",
    "previous-from",
    "previous-to",
    "priority",
    "last",
    "transpose",
    "within",
    "relation",
    "line",
    "in",
    "is",
    "connects",
    "encloses",
    "all-passed",
    "turn-number",
    "player-count",
    "hand-size",
    "put",
    "!=",
    "<=",
    "rhombus",
    "triangle",
    "+",
    "-",
    "*",
    "min",
    "max",
    "and",
    "or",
    "not",
    "<",
    ">=",
    "=",
    "0",
    "-1",
    "1",
    "2",
    "999999",
    "-999999",
    "9223372036854775807",
    "(",
    ")",
    "\"",
    "{",
    "}",
    ";",
    ":",
    "\\",
];

#[derive(Debug, Clone)]
enum Mutation {
    Delete { at: usize, len: usize },
    Duplicate { at: usize, len: usize },
    Insert { at: usize, bytes: Vec<u8> },
    ReplaceWord { nth: usize, word: usize },
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, len)| Mutation::Delete { at, len }),
        (any::<usize>(), 1usize..200).prop_map(|(at, len)| Mutation::Duplicate { at, len }),
        (any::<usize>(), proptest::collection::vec(any::<u8>(), 1..8))
            .prop_map(|(at, bytes)| Mutation::Insert { at, bytes }),
        (any::<usize>(), 0..WORDS.len()).prop_map(|(nth, word)| Mutation::ReplaceWord { nth, word }),
        (any::<usize>(), 0..WORDS.len()).prop_map(|(nth, word)| Mutation::ReplaceWord { nth, word }),
    ]
}

fn apply(text: &[u8], m: &Mutation) -> Vec<u8> {
    let mut out = text.to_vec();
    let n = out.len().max(1);
    match m {
        Mutation::Delete { at, len } => {
            let at = at % n;
            let end = (at + len).min(out.len());
            out.drain(at..end);
        }
        Mutation::Duplicate { at, len } => {
            let at = at % n;
            let end = (at + len).min(out.len());
            let piece = out[at..end].to_vec();
            out.splice(end..end, piece);
        }
        Mutation::Insert { at, bytes } => {
            let at = at % n;
            out.splice(at..at, bytes.iter().copied());
        }
        Mutation::ReplaceWord { nth, word } => {
            // Words are runs of non-space, non-bracket bytes.
            let is_word = |b: u8| !(b.is_ascii_whitespace() || b == b'(' || b == b')');
            let mut starts = Vec::new();
            for i in 0..out.len() {
                if is_word(out[i]) && (i == 0 || !is_word(out[i - 1])) {
                    starts.push(i);
                }
            }
            if let Some(&start) = starts.get(nth % starts.len().max(1)) {
                let mut end = start;
                while end < out.len() && is_word(out[end]) {
                    end += 1;
                }
                out.splice(start..end, WORDS[*word].bytes());
            }
        }
    }
    out
}

/// Checks the text and, if it is a valid game, plays a few short random games in it.
fn exercise(text: &str) {
    let mut sources = Sources::new();
    let id = sources.add("mutant.game", text);
    let checked = check_all_variants(&mut sources, id);
    for d in checked.diagnostics.iter().take(50) {
        // Rendering must not panic either, whatever the spans.
        let _ = sources.render(d, false, 100);
        let _ = sources.to_json(d);
    }
    let (_, checked) = check_str("mutant.game", text, &Selection::default());
    let Ok(checked) = checked else { return };
    let Some(game) = checked.game else { return };
    if game.board.site_count() > 400 {
        return;
    }
    let engine = Engine::new(game);
    if std::env::var_os("FUZZ_TRACE").is_some() {
        eprintln!("PLAYED {}", engine.game().name);
    }
    let start = Instant::now();
    for index in 0..3 {
        let mut state = engine.initial();
        let mut rng = rng_for(7, index);
        let mut actions = 0;
        while engine.outcome(&state).is_none() && actions < 3000 {
            let legal = engine.legal(&state);
            assert!(!legal.is_empty(), "a game in progress always has a legal action");
            let action = legal[rand::Rng::random_range(&mut rng, 0..legal.len())];
            engine.apply(&mut state, action).expect("a generated action is legal");
            actions += 1;
        }
        assert!(start.elapsed() < Duration::from_secs(20), "playing a mutant took too long");
    }
}

proptest! {
    // 200 cases in the test suite; `PROPTEST_CASES=20000` for a longer search.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(200),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn mutated_games_never_panic(game in 0..GAMES.len(), mutations in proptest::collection::vec(mutation(), 1..4)) {
        let mut bytes = GAMES[game].as_bytes().to_vec();
        for m in &mutations {
            bytes = apply(&bytes, m);
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let start = Instant::now();
        exercise(&text);
        prop_assert!(start.elapsed() < Duration::from_secs(30), "checking a mutant took too long");
    }
}

#[test]
fn deep_and_wide_inputs_are_bounded() {
    for text in [
        "(".repeat(10_000),
        format!("{}{}", "(a ".repeat(5_000), ")".repeat(5_000)),
        "(game \"x\" ".to_string() + &"(define a b) ".repeat(20_000) + ")",
        "(game \"x\" (define a (+ b b)) (define b (+ c c)) (define c (+ d d)) (define d (+ e e)) (define e (+ f f)) (define f (+ g g)) (define g (+ h h)) (define h (+ i i)) (define i (+ j j)) (define j (+ k k)) (define k (+ l l)) (define l (+ m m)) (define m (+ n n)) (define n (+ o o)) (define o (+ p p)) (define p (+ q q)) (define q (+ r r)) (define r (+ s s)) (define s (+ t t)) (define t (+ u u)) (define u 1) (players \"A\" \"B\") (board (square a)) (play (turn (place (to empty)))) (end (when (board-full) draw)))".to_string(),
    ] {
        let start = Instant::now();
        exercise(&text);
        assert!(start.elapsed() < Duration::from_secs(10));
    }
}
