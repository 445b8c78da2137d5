//! `rotate` and `filled` (Language IV), on positions worked out by hand; Pentago
//! (`games/pentago.game`) rests on both and is refereed against OpenSpiel's in
//! `python/tests/referee/`.

use crate::common::{engine, engine_text, play, stones, winner};

/// A 6×6 board whose south-west quadrant turns either way after each placement.
const TWIST: &str = "(game \"Twist\" (players \"White\" \"Black\") (board (square 6))
   (region south-west (within 2 corner-SW all))
   (play (turn (place (to empty))
     (actions 1 (pass right (then (rotate south-west clockwise)))
                (pass left (then (rotate south-west counterclockwise))))))
   (end (when (board-full) (draw))))";

#[test]
fn a_quarter_turn_moves_each_piece_round_the_block() {
    // Seen from above with row 1 at the bottom, clockwise takes the bottom-left a1 up to a3 and
    // the top-left a3 across to c3; the centre b2 never moves.
    let e = engine_text(TWIST, &[]);
    let mut s = e.initial();
    play(&e, &mut s, "a1 right");
    assert_eq!(stones(&e, &s, 0), ["a3"]);
    // Black's b1, then clockwise: b1 → a2, and White's a3 → c3.
    play(&e, &mut s, "b1 right");
    assert_eq!(stones(&e, &s, 0), ["c3"]);
    assert_eq!(stones(&e, &s, 1), ["a2"]);
    // White's b2, the centre, then counterclockwise: the top-right c3 goes to the top-left a3,
    // the left edge's a2 down to b1; b2 stays.
    play(&e, &mut s, "b2 left");
    assert_eq!(stones(&e, &s, 0), ["b2", "a3"]);
    assert_eq!(stones(&e, &s, 1), ["b1"]);
}

#[test]
fn pentago_five_after_the_twist_wins() {
    // White a5 b5 c5 and e5 (the north-east quadrant's centre) and e6; turning the north-east
    // quadrant counterclockwise takes e6 to d5: a5–e5 is five. White places on f1 first,
    // which makes nothing.
    let e = engine("games/pentago.game", "", &[]);
    let setup = tabula::position::read(
        &e,
        0,
        "(position (place \"White\" a5 b5 c5 e5 e6) (place \"Black\" a1 b1 c1 d1 f2) (to-move \"White\") (turn 11))",
    )
    .expect("position");
    let mut s = e.position(&setup).expect("position");
    play(&e, &mut s, "f1 neccw");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn pentago_five_before_the_twist_wins_unless_openspiel() {
    // White a5 b5 c5 d5, then e5: five at once under the standard rules, before any twist.
    let position =
        "(position (place \"White\" a5 b5 c5 d5) (place \"Black\" a1 b1 c1 d1) (to-move \"White\") (turn 9))";
    let standard = engine("games/pentago.game", "", &[]);
    let mut s =
        standard.position(&tabula::position::read(&standard, 0, position).expect("position")).expect("position");
    play(&standard, &mut s, "e5");
    assert_eq!(winner(&standard, &s).as_deref(), Some("White"));
    // OpenSpiel's way: the twist comes first; turning the south-west quadrant leaves row 5,
    // and the five wins at the end of the turn.
    let openspiel = engine("games/pentago.game", "", &["openspiel=true"]);
    let mut s =
        openspiel.position(&tabula::position::read(&openspiel, 0, position).expect("position")).expect("position");
    play(&openspiel, &mut s, "e5");
    assert!(openspiel.outcome(&s).is_none(), "the twist comes first");
    play(&openspiel, &mut s, "swcw");
    assert_eq!(winner(&openspiel, &s).as_deref(), Some("White"));
}
