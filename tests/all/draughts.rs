//! English draughts (`games/english-draughts.game`): the published whole-turn perft beyond the
//! suite's depths, and positions worked out by hand on the 8 × 8 board — a forced capture, a
//! double jump played as one action per hop, a chain that can go two ways, a man crowned in the
//! middle of a chain whose turn ends there, a man crowned by a step, a step that ends the turn
//! even next to an enemy, a blocked player who loses and the no-progress draw. The expected actions are read off the diagrams in the comments.
//!
//! Dark squares are those whose column and row add up to an even number (a1, c3, d4, …).
//! Black moves first, northward; White moves southward.

use crate::common::*;
use tabula::check::{Selection, check_str};
use tabula::engine::turn_perft::perft_turns;
use tabula::engine::{Engine, State};

const FILE: &str = "games/english-draughts.game";

/// The game of the file with its start replaced by `setup` (the `place` items of a `setup`)
/// and the options `sets`.
fn from_setup(setup: &str, sets: &[&str]) -> Engine {
    let text = std::fs::read_to_string(FILE).expect("game file");
    let start = text.find("(setup").expect("a setup");
    // The setup ends at the parenthesis that closes it.
    let mut depth = 0;
    let end = start
        + text[start..]
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .expect("a closed setup")
            .0;
    let text = format!("{}(setup {setup}){}", &text[..start], &text[end + 1..]);
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let (sources, checked) = check_str("draughts.game", &text, &Selection::new(None, &sets).expect("selection"));
    let checked = checked.expect("selection");
    if checked.has_errors() {
        let rendered: Vec<String> = checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect();
        panic!("errors:\n{}", rendered.join("\n"));
    }
    Engine::new(checked.game.expect("game"))
}

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

fn kind_at(e: &Engine, s: &State, label: &str) -> Option<String> {
    e.kind(s, site(e, label)).map(|k| e.game().pieces[k as usize].name.clone())
}

#[test]
fn the_start_has_seven_steps_and_twelve_men_a_side_on_dark_squares() {
    let e = engine(FILE, "", &[]);
    let s = e.initial();
    assert_eq!(sorted(stones(&e, &s, 0)), labels("a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3"));
    assert_eq!(sorted(stones(&e, &s, 1)), labels("b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8"));
    assert_eq!(mover_name(&e, &s), "Black");
    assert_eq!(sorted(legal(&e, &s)), labels("a3-b4 c3-b4 c3-d4 e3-d4 e3-f4 g3-f4 g3-h4"));
}

#[test]
fn capturing_is_compulsory_and_men_capture_forward_only() {
    //  5  .  .  .  .  .        Black: men a1, c3. White: men b2, d4, and h8 far away.
    //  4  .  .  .  O  .        c3 can jump d4 to e5 (forward). Jumping b2 to a1 would be
    //  3  .  .  X  .  .        backward (and a1 is taken). a1 cannot step (b2 is taken) nor
    //  2  .  O  .  .  .        jump (c3 is taken). c3's steps are not offered: a capture exists.
    //  1  X  .  .  .  .
    //     a  b  c  d  e
    let e = from_setup(r#"(place "Black" a1 c3) (place "White" b2 d4 h8)"#, &[]);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["c3-e5"]);
    assert!(!is_legal(&e, &s, "c3-b4"));
    play(&e, &mut s, "c3-e5");
    // d4 is gone; e5 has nothing left to jump, so the turn is over.
    assert_eq!(sorted(stones(&e, &s, 1)), labels("b2 h8"));
    assert_eq!(mover_name(&e, &s), "White");
    // White's b2 cannot jump a1 (the square beyond is off the board); it steps to c1, or h8
    // steps to g7.
    assert_eq!(sorted(legal(&e, &s)), labels("b2-c1 h8-g7"));
}

#[test]
fn a_double_jump_is_one_action_per_hop_in_one_turn_and_cannot_stop_early() {
    //  5  .  .  .  .  .        Black man a1; White men b2 and d4. a1 jumps b2 to c3, then
    //  4  .  .  .  O  .        must go on over d4 to e5 in the same turn.
    //  3  .  .  .  .  .
    //  2  .  O  .  .  .
    //  1  X  .  .  .  .
    let e = from_setup(r#"(place "Black" a1) (place "White" b2 d4 h8)"#, &[]);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a1-c3"]);
    play(&e, &mut s, "a1-c3");
    assert_eq!(mover_name(&e, &s), "Black");
    // Only the next hop, from where the piece arrived: no `end`, no other piece's move.
    assert_eq!(legal(&e, &s), vec!["c3-e5"]);
    play(&e, &mut s, "c3-e5");
    assert_eq!(stones(&e, &s, 0), vec!["e5"]);
    assert_eq!(stones(&e, &s, 1), vec!["h8"]);
    assert_eq!(mover_name(&e, &s), "White");
    // The whole chain is one turn: one turn from this start.
    assert_eq!(perft_turns(&e, &e.initial(), 1), 1);
}

#[test]
fn a_man_crowned_in_the_middle_of_a_chain_ends_his_turn_there() {
    //  8  .  .  .  .  .  .  .  .      Black man b4; White men c5, e7, g7. b4 jumps c5 to d6,
    //  7  .  .  .  .  O  .  O  .      then e7 to f8, where he is crowned. As a king he could
    //  6  .  .  .  .  .  .  .  .      jump g7 to h6, but a man crowned ends his turn.
    //  5  .  .  O  .  .  .  .  .
    //  4  .  X  .  .  .  .  .  .
    //     a  b  c  d  e  f  g  h
    let e = from_setup(r#"(place "Black" b4) (place "White" c5 e7 g7)"#, &[]);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["b4-d6"]);
    play(&e, &mut s, "b4-d6");
    assert_eq!(legal(&e, &s), vec!["d6-f8"]);
    play(&e, &mut s, "d6-f8");
    assert_eq!(kind_at(&e, &s, "f8").as_deref(), Some("king"));
    assert_eq!(mover_name(&e, &s), "White");
    // White's g7 steps south; it cannot jump f8 (that would be north, backward).
    assert_eq!(sorted(legal(&e, &s)), labels("g7-f6 g7-h6"));
    // A king already crowned jumps backward: the same chain for a king goes on to h6.
    let k = from_setup(r#"(place "Black" king b4) (place "White" c5 e7 g7)"#, &[]);
    let mut s = k.initial();
    play(&k, &mut s, "b4-d6 d6-f8");
    assert_eq!(legal(&k, &s), vec!["f8-h6"]);
    play(&k, &mut s, "f8-h6");
    assert_eq!(stones(&k, &s, 1), Vec::<String>::new());
}

#[test]
fn a_step_ends_the_turn_even_when_it_arrives_next_to_an_enemy() {
    //  6  .  .  .  .  .  .        Black man c3, White man e5. No capture exists: c3 steps to
    //  5  .  .  .  .  O  .        b4 or d4. After c3-d4 a jump d4-f6 would exist, but a step
    //  4  .  .  .  .  .  .        is the whole turn; White must then take d4 (e5-c3).
    //  3  .  .  X  .  .  .
    //     a  b  c  d  e  f
    let e = from_setup(r#"(place "Black" c3) (place "White" e5)"#, &[]);
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("c3-b4 c3-d4"));
    play(&e, &mut s, "c3-d4");
    assert_eq!(mover_name(&e, &s), "White");
    assert_eq!(legal(&e, &s), vec!["e5-c3"]);
    play(&e, &mut s, "e5-c3");
    // Black has no piece left: he cannot move and loses.
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn a_player_who_cannot_move_loses() {
    //  7  O  .  .  .  O       Black: men a1, c5. White: men b2, c3, d6, a7, e7.
    //  6  .  .  .  O  .       Black's a1 can neither step onto b2 nor jump it (c3 is taken);
    //  5  .  .  X  .  .       c5 cannot jump d6 (e7 is taken) and steps to b6. White must take
    //  4  .  .  .  .  .       it: a7-c5. Black's a1 is left and cannot move: White wins.
    //  3  .  .  O  .  .
    //  2  .  O  .  .  .
    //  1  X  .  .  .  .
    //     a  b  c  d  e
    let e = from_setup(r#"(place "Black" a1 c5) (place "White" b2 c3 d6 a7 e7)"#, &[]);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["c5-b6"]);
    play(&e, &mut s, "c5-b6");
    assert_eq!(legal(&e, &s), vec!["a7-c5"]);
    play(&e, &mut s, "a7-c5");
    assert_eq!(stones(&e, &s, 0), vec!["a1"]);
    assert!(legal(&e, &s).is_empty());
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn turns_without_capture_or_man_moved_end_in_a_draw_when_the_option_says_so() {
    // Two kings and a man each. With quiet-turns=3: a man's step resets the count; then three
    // king moves in a row draw the game.
    let e = from_setup(
        r#"(place "Black" king a1) (place "Black" c1) (place "White" king h8) (place "White" f8)"#,
        &["quiet-turns=3"],
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1-b2 h8-g7");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "c1-d2"); // a man moved: the count starts again
    play(&e, &mut s, "g7-h6 b2-a1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "h6-g7");
    assert_eq!(e.outcome(&s).expect("over").winner, None);
    // With the option at 0 there is no such draw.
    let free = from_setup(r#"(place "Black" king a1) (place "White" king h8)"#, &["quiet-turns=0"]);
    let mut s = free.initial();
    play(&free, &mut s, "a1-b2 h8-g7 b2-a1 g7-h8 a1-b2 h8-g7");
    assert!(free.outcome(&s).is_none());
}

#[test]
#[ignore = "long run (1.2 s optimised, docs/PERFORMANCE.md): cargo test --test all -- --ignored draughts::long_perft"]
fn long_perft() {
    let e = engine(FILE, "", &[]);
    let s = e.initial();
    // OEIS A133046 (CLASSICS.md), whole turns.
    assert_eq!(perft_turns(&e, &s, 8), 845_931);
}

#[test]
fn a_chain_that_can_go_two_ways_makes_two_turns() {
    //  5  .  .  .  .  .        Black man a1 jumps b2 to c3; from c3 he may jump b4 to a5 or
    //  4  .  O  .  O  .        d4 to e5, and must take one of them: two whole turns.
    //  3  .  .  .  .  .
    //  2  .  O  .  .  .
    //  1  X  .  .  .  .
    let e = from_setup(r#"(place "Black" a1) (place "White" b2 b4 d4 h8)"#, &[]);
    let mut s = e.initial();
    assert_eq!(perft_turns(&e, &s, 1), 2);
    play(&e, &mut s, "a1-c3");
    assert_eq!(sorted(legal(&e, &s)), labels("c3-a5 c3-e5"));
    play(&e, &mut s, "c3-a5");
    assert_eq!(sorted(stones(&e, &s, 1)), labels("d4 h8"));
    assert_eq!(mover_name(&e, &s), "White");
}

#[test]
fn a_man_stepping_onto_the_far_row_is_crowned() {
    //  8  .  .  .  .        Black man b7 steps to a8 or c8 and is crowned; White's h6 is far.
    //  7  .  X  .  .
    let e = from_setup(r#"(place "Black" b7) (place "White" h6)"#, &[]);
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("b7-a8 b7-c8"));
    play(&e, &mut s, "b7-c8");
    assert_eq!(kind_at(&e, &s, "c8").as_deref(), Some("king"));
    assert_eq!(mover_name(&e, &s), "White");
    // As a king, it then steps backward too.
    play(&e, &mut s, "h6-g5");
    assert_eq!(sorted(legal(&e, &s)), labels("c8-b7 c8-d7"));
}
