//! Amazons (`games/amazons.game`) and the ludeme it needed, `(sight SITE RELATION)`: the
//! published perft and small positions worked out by hand (the expected actions are read off
//! the diagrams in the comments, not computed).

use crate::common::*;
use tabula::engine::turn_perft::perft_turns;
use tabula::engine::{Engine, Setup, State};

/// The rules of `games/amazons.game` on an empty 4 × 4 board, so that a position can be set up
/// from nothing: the file itself, with its board made smaller and its setup left out.
fn small() -> Engine {
    let text = std::fs::read_to_string("games/amazons.game").expect("games/amazons.game");
    let start = text.find("(setup ").expect("a setup");
    let end = start + text[start..].find('\n').expect("the setup on one line");
    let text = format!("{}{}", &text[..start], &text[end..]);
    assert!(text.contains("(board (square 10))"));
    inline(&text.replace("(board (square 10))", "(board (square 4))"))
}

/// A position: queens of each team and arrows (labels; an arrow listed under a team is still
/// nobody's, as its kind says), `mover` to begin a turn.
fn setup(e: &Engine, queens: [&str; 2], arrows: [&str; 2], mover: usize) -> State {
    let mut stones = Vec::new();
    let mut kinds = Vec::new();
    for team in 0..2 {
        for l in queens[team].split_whitespace() {
            stones.push((site(e, l), team));
        }
        for l in arrows[team].split_whitespace() {
            stones.push((site(e, l), team));
            kinds.push((site(e, l), 1));
        }
    }
    e.position(&Setup { stones, kinds, mover, ..Setup::default() }).expect("position")
}

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

#[test]
fn the_start_has_the_published_2176_whole_turns() {
    let e = engine("games/amazons.game", "", &[]);
    let s = e.initial();
    // CLASSICS.md: "Perft in whole turns: 2 176".
    assert_eq!(perft_turns(&e, &s, 1), 2176);
    // The White queen on d1 sees 3 squares north-west (c2 b3 a4 is White's own: 2), 8 north,
    // 5 north-east (e2 f3 g4 h5 i6, j7 is Black's), 2 east (e1 f1; g1 is White's), 3 west
    // (c1 b1 a1): 2 + 8 + 5 + 2 + 3 = 20 first actions from d1.
    let from_d1 = legal(&e, &s).iter().filter(|a| a.starts_with("d1-")).count();
    assert_eq!(from_d1, 20);
}

#[test]
fn a_boxed_queen_has_three_moves_and_shoots_only_what_it_sees() {
    //  4  .  .  .  o       White's queen on a1, Black's on d4; arrows on a3 and c1
    //  3  a  .  a  .       (Black's) and c3 (White's): the owner of an arrow changes nothing.
    //  2  .  .  .  .       North the queen stops before a3, north-east before c3, east
    //  1  Q  .  a  .       before c1: a1-a2, a1-b2, a1-b1 and nothing else.
    //     a  b  c  d
    let e = small();
    let mut s = setup(&e, ["a1", "d4"], ["c3", "a3 c1"], 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-b1 a1-b2"));
    // Shots from a2: b3 c4 (NE), b2 c2 d2 (E), b1 (SE), a1 (S, just left) = 7; from b1: b2 b3
    // b4 (N), c2 d3 (NE), a1 (W), a2 (NW) = 7; from b2 (below) 7: 21 whole turns.
    assert_eq!(perft_turns(&e, &s, 1), 21);
    play(&e, &mut s, "a1-b2");
    // The turn goes on: White shoots from b2 along the eight directions, up to the first piece:
    // N b3 b4, NE nothing (c3), E c2 d2, SE nothing (c1), S b1, SW a1 (empty since the
    // queen left it), W a2, NW nothing (a3).
    assert_eq!(mover_name(&e, &s), "White");
    assert_eq!(sorted(legal(&e, &s)), labels("a1 a2 b1 b3 b4 c2 d2"));
    // d1 is empty but hidden behind c1's arrow; d4 holds Black's queen.
    assert_eq!(refuse(&e, &mut s, "d1"), "d1 is not in sight along the lines this move allows");
    assert_eq!(refuse(&e, &mut s, "d4"), "d4 is occupied");
    play(&e, &mut s, "a1");
    // The arrow is a piece of the kind arrow that belongs to nobody, and the turn has passed
    // to Black.
    assert_eq!(e.kind(&s, site(&e, "a1")).map(|k| e.game().pieces[k as usize].name.clone()).as_deref(), Some("arrow"));
    assert_eq!(e.stone(&s, site(&e, "a1")), None);
    assert!(e.neutral_at(&s, site(&e, "a1")));
    assert_eq!(mover_name(&e, &s), "Black");
}

#[test]
fn a_player_who_cannot_move_loses() {
    //  4  .  .  a  o       Black's queen on d4 is boxed in but for c3; White's queen on a1
    //  3  .  .  .  a       moves to b2 and shoots on c3. Black cannot begin a turn: White
    //  2  .  .  .  .       wins (and does not shoot from White's arrow on c3 instead).
    //  1  Q  .  .  .
    //     a  b  c  d
    let e = small();
    let mut s = setup(&e, ["a1", "d4"], ["", "c4 d3"], 0);
    play(&e, &mut s, "a1-b2");
    assert!(is_legal(&e, &s, "c3"));
    play(&e, &mut s, "c3");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
#[ignore = "long run (5.7 s in the test profile): cargo test -- --ignored amazons::"]
fn the_start_has_the_published_4307152_two_turn_sequences() {
    let e = engine("games/amazons.game", "", &[]);
    // CLASSICS.md: "Perft in whole turns: 2 176, 4 307 152".
    assert_eq!(perft_turns(&e, &e.initial(), 2), 4_307_152);
}
