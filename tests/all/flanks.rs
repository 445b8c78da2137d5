//! Setups, rays, flanks, `flip` and `(nobody-can-move)`, each on a small board worked out by
//! hand (the expected values are read off the diagrams in the comments, not computed), and
//! Reversi's start and published perft counts.

use crate::common::*;
use tabula::check::{Selection, check_str};
use tabula::engine::Engine;

/// A two-player game on a small square board with the given sections added.
fn game(size: u32, sections: &str) -> Engine {
    inline(&format!("(game \"T\" (players \"X\" \"O\" (hand 10)) (board (square {size})) {sections})"))
}

/// Reversi's rules on a small board (no setup: the tests set the position).
fn reversi(size: u32, extra: &str) -> Engine {
    game(
        size,
        &format!(
            "(counter score)
             (play (turn (place (to empty) (where (> (count any (flanks to all)) 0))
                                (then (flip (flanks to all)) {extra})))
                   (blocked pass))
             (end (when (nobody-can-move) (compare (higher (count friend any)))))"
        ),
    )
}

/// `games/reversi.game` as bundled (it has no variants).
fn reversi_file() -> Engine {
    match tabula::check::load(std::path::Path::new("games/reversi.game"), &Selection::default()) {
        Ok((_, game)) => Engine::new(game),
        Err(e) => panic!("games/reversi.game does not load: {e:?}"),
    }
}

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

const SETUP_GAME: &str = r#"(game "T"
  (option wide boolean)
  (players "X" "O" (hand 10))
  (board (square 5))
  (setup (place "X" side-S) (place "O" (if wide (sites a5 b5 c5) (sites c5))))
  (play (turn (place (to empty) (where (>= (count empty (neighbors to orthogonal)) 3)))))
  (end (when (board-full) draw)))"#;

fn setup_game(sets: &[&str]) -> Engine {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let (_, checked) = check_str("setup.game", SETUP_GAME, &Selection::new(None, &sets).expect("selection"));
    Engine::new(checked.expect("selection").game.expect("the game checks"))
}

#[test]
fn setup_puts_stones_before_the_first_turn_without_actions_or_hands() {
    let e = setup_game(&[]);
    let s = e.initial();
    assert_eq!(sorted(stones(&e, &s, 0)), labels("a1 b1 c1 d1 e1"), "side-S is row 1");
    assert_eq!(stones(&e, &s, 1), ["c5"]);
    assert_eq!((s.actions(), s.turns()), (0, 0), "the setup is not an action");
    assert_eq!((s.hand(0), s.hand(1)), (Some(10), Some(10)), "no hand pays for it");
    assert_eq!(mover_name(&e, &s), "X");
    // Empty-neighbour counts start from the set-up board: a2 has a1 filled, so only b2 and a3
    // are empty (2 < 3); b2 keeps a2, c2, b3 (3); c4 has c5 filled: b4, d4, c3 (3); b5 has
    // c5 filled and a5, b4 (2).
    assert!(!is_legal(&e, &s, "a2"));
    assert!(is_legal(&e, &s, "b2"));
    assert!(is_legal(&e, &s, "c4"));
    assert!(!is_legal(&e, &s, "b5"));
}

#[test]
fn setup_follows_an_option() {
    let e = setup_game(&["wide=true"]);
    let s = e.initial();
    assert_eq!(sorted(stones(&e, &s, 1)), labels("a5 b5 c5"));
    assert_eq!(stones(&e, &s, 0).len(), 5);
}

#[test]
fn setup_counts_for_groups_and_end_rules_at_the_start() {
    // X's five stones on row 1 are one orthogonal group of 5: the end rule, asked when the
    // first turn begins, already holds for X.
    let e = game(
        5,
        "(setup (place \"X\" side-S))
         (play (turn (place (to empty))))
         (end (when (> (largest-group orthogonal) 4) (win mover)))",
    );
    let s = e.initial();
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));
}

#[test]
fn ray_runs_from_the_site_to_the_edge_in_each_direction() {
    // 4×4, X on b2: a placement must see none of X's stones along its row and column.
    //   4 . . . .
    //   3 . . . .
    //   2 . X . .
    //   1 . . . .
    //     a b c d
    let e = game(
        4,
        "(play (turn (place (to empty) (where (= (count friend (ray to orthogonal)) 0)))))
         (end (when (no-moves) draw))",
    );
    let s = position(&e, &["b2", ""], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1 c1 d1 a3 c3 d3 a4 c4 d4"));
    // A single direction is one ray: from a1 to the north-east lie b2 c3 d4; from b1 only
    // c2 d3; so only a1 has three sites that way.
    let e = game(
        4,
        "(play (turn (place (to empty) (where (= (count any (ray to NE)) 3)))))
         (end (when (no-moves) draw))",
    );
    assert_eq!(legal(&e, &e.initial()), ["a1"]);
}

#[test]
fn flanks_need_a_closing_friend_stone_and_flip_turns_every_closed_run() {
    // 5×5, X to move:
    //   5 . . . . .
    //   4 . . X . .
    //   3 O O . . .
    //   2 . O O X .
    //   1 . . . . .
    //     a b c d e
    // From a2: east b2 c2 closed by d2; north-east b3 closed by c4; north a3 then a4 empty
    // (open). Every other empty site next to an O stone leads into an open run or the edge:
    // a1 (b2 then c3 empty), b1 (b2 b3 then b4 empty), c1 (c2 then c3 empty; b2 a3 then the
    // edge), d1 (c2 b3 then a4 empty), a4 (a3 then a2 empty; b3 c2 then d1 empty), b4 (b3 b2
    // then b1 empty; a3 then the edge), c3 (b3 a3 then the edge; b2 then a1 empty; c2 then c1
    // empty), d3 (c2 then b1 empty).
    let e = reversi(5, "(add score mover (largest-group orthogonal))");
    let mut s = position(&e, &["d2 c4", "b2 c2 a3 b3"], 0, None, 0);
    assert_eq!(legal(&e, &s), ["a2"]);
    play(&e, &mut s, "a2");
    assert_eq!(sorted(stones(&e, &s, 0)), labels("a2 b2 c2 d2 b3 c4"), "both runs turn, the open one does not");
    assert_eq!(stones(&e, &s, 1), ["a3"]);
    assert_eq!((s.stone_count(0), s.stone_count(1), s.empty_count()), (6, 1, 18));
    // The group cache sees the turned stones: a2 b2 c2 d2 and b3 are one orthogonal group of 5.
    assert_eq!(s.counter(0, 0), 5);
    // O's a3 closes the run a2 from a1 (to the north).
    assert!(is_legal(&e, &s, "a1"));
}

#[test]
fn a_blocked_player_passes_and_the_game_ends_when_nobody_can_move() {
    // 4×4, X to move, X on b2 and O on a1. X flanks nothing (a1 is a corner: nothing lies
    // beyond it), so X must pass; O can close b2 from c3 (south-west: b2, then a1).
    let e = reversi(4, "");
    let mut s = position(&e, &["b2", "a1"], 0, None, 0);
    assert_eq!(legal(&e, &s), ["pass"]);
    play(&e, &mut s, "pass");
    assert_eq!(s.actions(), 1, "the pass is an action");
    assert_eq!(mover_name(&e, &s), "O");
    assert_eq!(legal(&e, &s), ["c3"]);
    play(&e, &mut s, "c3");
    // X has no stone left, so X cannot place, and O has nothing to flank: the game ends at
    // once, without a pass, and O wins 3 to 0.
    assert_eq!(sorted(stones(&e, &s, 1)), labels("a1 b2 c3"));
    assert!(legal(&e, &s).is_empty());
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
    assert_eq!(s.actions(), 2);
}

#[test]
fn nobody_can_move_ends_at_once_when_both_are_blocked() {
    // 4×4, X on a1, O on b1 c1 d1: O's run along row 1 ends at the edge, and a1 is a corner,
    // so neither player can flank anything. The game is over before any action: O has 3
    // stones to X's 1.
    let e = reversi(4, "");
    let s = position(&e, &["a1", "b1 c1 d1"], 0, None, 0);
    assert!(legal(&e, &s).is_empty());
    assert_eq!(s.actions(), 0);
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
}

#[test]
fn reversi_starts_from_the_othello_position() {
    let e = reversi_file();
    let s = e.initial();
    assert_eq!(sorted(stones(&e, &s, 1)), labels("d4 e5"), "White");
    assert_eq!(sorted(stones(&e, &s, 0)), labels("e4 d5"), "Black");
    assert_eq!(mover_name(&e, &s), "Black");
    // Black closes a white stone from d3 (d4 then d5), c4 (d4 then e4), f5 (e5 then d5) and e6
    // (e5 then e4).
    assert_eq!(sorted(legal(&e, &s)), labels("d3 c4 f5 e6"));
}

/// Perft 8 and 9 of Reversi, the published 390 216 and 3 005 288 (CLASSICS.md); depths 1–7
/// are in `tests/suites/perft.txt`.
#[test]
#[ignore = "long run: cargo test -- --ignored flanks::reversi_deep_perft"]
fn reversi_deep_perft() {
    let e = reversi_file();
    let s = e.initial();
    assert_eq!(tabula::engine::perft::perft(&e, &s, 8), 390_216);
    assert_eq!(tabula::engine::perft::perft(&e, &s, 9), 3_005_288);
}

#[test]
fn analyze_counts_turned_stones_apart_from_removed_ones() {
    // The position of the forced pass above as a setup: X (b2) must pass, O's only placement
    // c3 turns b2, and then nobody can move. One stone turned, none removed.
    let e = game(
        4,
        "(setup (place \"X\" b2) (place \"O\" a1))
         (play (turn (place (to empty) (where (> (count any (flanks to all)) 0))
                            (then (flip (flanks to all)))))
               (blocked pass))
         (end (when (nobody-can-move) (compare (higher (count friend any)))))",
    );
    let mut a = tabula::analyze::Analysis::new(&e);
    let mut agents: Vec<Box<dyn tabula::agent::Agent>> =
        vec![Box::new(tabula::agent::RandomAgent::new(1)), Box::new(tabula::agent::RandomAgent::new(2))];
    a.play(&e, &mut agents, 100);
    assert_eq!((a.turned, a.removed_own, a.removed_enemy), (1, 0, 0));
    assert_eq!(a.action_kinds.get("pass"), Some(&1));
    assert_eq!(a.action_kinds.get("place"), Some(&1));
}
