//! Halma (`games/halma.game`, docs/RULINGS.md "Halma"): positions worked out by hand on the
//! 16 × 16 board. The independent model `tests/classics/halma.py` plays the same rules and is
//! compared with the game file in `tests/all/rulings.rs`.

use crate::common::*;
use tabula::engine::Engine;

fn halma(sets: &[&str]) -> Engine {
    engine("games/halma.game", "", sets)
}

/// White's camp and the squares the rules make his goal, Black's camp.
const WHITE_CAMP: &str = "a1 b1 c1 d1 e1 a2 b2 c2 d2 e2 a3 b3 c3 d3 a4 b4 c4 a5 b5";
const BLACK_CAMP: &str = "l16 m16 n16 o16 p16 l15 m15 n15 o15 p15 m14 n14 o14 p14 n13 o13 p13 o12 p12";

#[test]
fn the_first_turn_has_21_steps_and_19_hops() {
    let e = halma(&[]);
    let s = e.initial();
    let legal = legal(&e, &s);
    // Steps, piece by piece, to the empty squares next to the camp: e1 to f1 f2; e2 to f1 f2 f3
    // e3; d3 to e3 d4 e4; c4 to d4 c5 d5; b5 to c5 a6 b6 c6; a5 to a6 b6; d2 to e3; c3 to d4;
    // b4 to c5. 2 + 4 + 3 + 3 + 4 + 2 + 1 + 1 + 1 = 21.
    let steps = [
        "e1-f1", "e1-f2", "e2-f1", "e2-f2", "e2-f3", "e2-e3", "d3-e3", "d3-d4", "d3-e4", "c4-d4", "c4-c5", "c4-d5",
        "b5-c5", "b5-a6", "b5-b6", "b5-c6", "a5-a6", "a5-b6", "d2-e3", "c3-d4", "b4-c5",
    ];
    // Hops over a piece next to it to the empty square beyond: c1 over d2; d1 over e1 and e2;
    // e1 over e2; b2 over c3; c2 over d3; d2 over e2 and d3; a3 over b4; b3 over c4; c3 over d3
    // and c4; d3 over e2 (to f1); a4 over a5 and b5; b4 over c4 and b5; c4 over b5; a5 over b5.
    let hops = [
        "c1-e3", "d1-f1", "d1-f3", "e1-e3", "b2-d4", "c2-e4", "d2-f2", "d2-d4", "a3-c5", "b3-d5", "c3-e3", "c3-c5",
        "d3-f1", "a4-a6", "a4-c6", "b4-d4", "b4-b6", "c4-a6", "a5-c5",
    ];
    let expected: Vec<String> = steps.iter().chain(&hops).map(|a| a.to_string()).collect();
    assert_eq!(sorted(legal), sorted(expected));
}

#[test]
fn a_chain_of_hops_turns_as_it_likes_but_never_lands_where_it_has_been() {
    let e = halma(&[]);
    // White's h8 hops north over h9 to h10. From h10 it may hop on east over i10 to j10, or
    // back south over h9 to h8, where the chain began: that one is refused.
    let mut s = from_text(&e, r#"(position (place "White" h8) (place "Black" h9 i10 p1) (to-move "White"))"#);
    play(&e, &mut s, "h8-h10");
    assert_eq!(sorted(legal(&e, &s)), ["end", "h10-j10"]);
    // It turns east; from j10 no piece is next to it, so the turn is over by itself.
    play(&e, &mut s, "h10-j10");
    assert_eq!(mover_name(&e, &s), "Black");
}

#[test]
fn a_step_ends_the_turn() {
    let e = halma(&[]);
    let mut s = from_text(&e, r#"(position (place "White" h8) (place "Black" h10 p1) (to-move "White"))"#);
    play(&e, &mut s, "h8-h9");
    assert_eq!(mover_name(&e, &s), "Black");
}

#[test]
fn filling_the_other_camp_wins_and_a_piece_left_in_it_spoils_the_win() {
    let e = halma(&[]);
    // White holds 18 of the 19 squares of Black's camp; his last piece steps from k14 into l15.
    let held = BLACK_CAMP.replace("l15 ", "");
    let text = format!(r#"(position (place "White" {held} k14) (place "Black" a1) (to-move "White"))"#);
    let mut s = from_text(&e, &text);
    play(&e, &mut s, "k14-l15");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
    // With a black piece still on p16, the same step leaves White one square short.
    let held = held.replace("p16 ", "");
    let text = format!(r#"(position (place "White" {held} k14 k13) (place "Black" p16 a1) (to-move "White"))"#);
    let mut s = from_text(&e, &text);
    play(&e, &mut s, "k14-l15");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn black_fills_white_s_camp() {
    let e = halma(&[]);
    let held = WHITE_CAMP.replace("e1 ", "");
    let text = format!(r#"(position (place "Black" {held} f1) (place "White" p16) (to-move "Black"))"#);
    let mut s = from_text(&e, &text);
    play(&e, &mut s, "f1-e1");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
}

#[test]
fn the_turn_limit_draws() {
    let e = halma(&["turns=3"]);
    let mut s = e.initial();
    play(&e, &mut s, "e1-f1 l16-k16");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "f1-g1");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
}
