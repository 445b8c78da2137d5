//! What `tabula play` says of an illegal move (`Engine::explain_illegal`): the piece moves that
//! may start from the origin are asked, not the stage's first one, so that a blocked rider is
//! told which piece is in its way and a piece that does not move that way is told so; the
//! origin's owner, a destination taken by one's own piece and the common conditions are said in
//! plain words. Each case in a bundled game, with the exact text.

use crate::common::*;

use tabula::engine::{Engine, State};

/// The game of `file` after `actions` (space-separated) from its start.
fn after(file: &str, actions: &str) -> (Engine, State) {
    let e = engine(file, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, actions);
    (e, s)
}

/// The game of `file` in the position `text`.
fn at(file: &str, text: &str) -> (Engine, State) {
    let e = engine(file, "", &[]);
    let s = from_text(&e, text);
    (e, s)
}

/// Asserts what each refused action is told, each from the same position.
fn assert_refusals(e: &Engine, s: &State, cases: &[(&str, &str)]) {
    for (action, why) in cases {
        assert_eq!(refuse(e, &mut s.clone(), action), *why, "{action}");
    }
}

#[test]
fn a_blocked_rider_names_the_piece_in_its_way() {
    // The bishop's diagonal from b2 is open up to White's pawn on g7, with or without promotion.
    let (e, s) = after("games/shogi.game", "c3-c4 c7-c6");
    assert_refusals(&e, &s, &[("b2-h8=H", "the pawn on g7 is in the way"), ("b2-h8", "the pawn on g7 is in the way")]);
    let (e, s) = after("games/chess.game", "");
    assert_refusals(&e, &s, &[("a1-a5", "the pawn on a2 is in the way"), ("d1-h5", "the pawn on e2 is in the way")]);
    let (e, s) = after("games/xiangqi.game", "");
    assert_refusals(&e, &s, &[("a1-a5", "the soldier on a4 is in the way")]);
}

#[test]
fn a_pawns_double_step_is_blocked_by_the_square_it_crosses() {
    let (e, s) = at(
        "games/chess.game",
        r#"(position (place "White" king e1) (place "White" pawn e2) (place "Black" knight e3)
            (place "Black" king a8) (to-move "White"))"#,
    );
    assert_refusals(&e, &s, &[("e2-e4", "the knight on e3 is in the way")]);
}

#[test]
fn a_destination_none_of_the_pieces_moves_lead_to_is_out_of_its_reach() {
    let (e, s) = after("games/shogi.game", "c3-c4 c7-c6");
    assert_refusals(&e, &s, &[("b2-b5", "b5 is out of reach of the bishop on b2")]);
    let (e, s) = after("games/chess.game", "");
    assert_refusals(
        &e,
        &s,
        &[
            ("e2-e5", "e5 is out of reach of the pawn on e2"),
            ("b1-b3", "b3 is out of reach of the knight on b1"),
            ("c1-c3", "c3 is out of reach of the bishop on c1"),
        ],
    );
    let (e, s) = after("games/halma.game", "");
    assert_refusals(&e, &s, &[("a1-a9", "a9 is out of reach of the stone on a1")]);
}

#[test]
fn an_origin_is_told_empty_or_another_players() {
    let (e, s) = after("games/chess.game", "");
    assert_refusals(&e, &s, &[("e7-e5", "the pawn on e7 is Black's, not yours"), ("e4-e5", "there is no piece on e4")]);
    let (e, s) = after("games/shogi.game", "c3-c4 c7-c6");
    assert_refusals(&e, &s, &[("e7-e6", "the pawn on e7 is White's, not yours")]);
    let (e, s) = after("games/brandubh.game", "");
    assert_refusals(&e, &s, &[("d4-d1", "the king on d4 is Defenders', not yours")]);
    let (e, s) = after("games/lines-of-action.game", "");
    assert_refusals(&e, &s, &[("a2-c2", "the stone on a2 is White's, not yours")]);
}

#[test]
fn a_destination_holding_ones_own_piece_says_so() {
    let (e, s) = after("games/chess.game", "");
    assert_refusals(&e, &s, &[("a1-a2", "a2 is occupied by your own pawn")]);
    let (e, s) = after("games/xiangqi.game", "");
    assert_refusals(&e, &s, &[("e1-d1", "d1 is occupied by your own advisor")]);
    let (e, s) = after("games/english-draughts.game", "");
    assert_refusals(&e, &s, &[("b2-c3", "c3 is occupied by your own man")]);
}

#[test]
fn a_capture_with_nothing_to_capture_says_so() {
    let (e, s) = after("games/chess.game", "");
    assert_refusals(&e, &s, &[("e2-d3", "d3 holds no opponent's piece")]);
}

#[test]
fn chess_conditions_are_told_in_plain_words() {
    // Castling: a bishop still between king and rook; a king that has moved.
    let (e, s) = after("games/chess.game", "g1-f3 a7-a6");
    assert_refusals(&e, &s, &[("e1-g1", "the bishop on f1 is in the way")]);
    let (e, s) = after("games/chess.game", "g1-f3 a7-a6 e2-e3 a6-a5 f1-e2 a5-a4 e1-f1 b7-b6 f1-e1 b6-b5");
    assert_refusals(&e, &s, &[("e1-g1", "the king on e1 has moved already")]);
    // A square the king passes is attacked; a pinned bishop; a king walking into an attack.
    let (e, s) = at(
        "games/chess.game",
        r#"(position (place "White" king e1) (place "White" bishop e2) (place "White" rook h1)
            (place "Black" rook e8 f8) (place "Black" king a8) (to-move "White"))"#,
    );
    assert_refusals(
        &e,
        &s,
        &[
            ("e1-g1", "f1 is attacked"),
            ("e2-d3", "it would leave your king attacked"),
            ("e1-f1", "it would leave your king attacked"),
        ],
    );
}

#[test]
fn xiangqi_conditions_are_told_in_plain_words() {
    let (e, s) = after("games/xiangqi.game", "");
    assert_refusals(
        &e,
        &s,
        &[
            ("b3-b8", "there must be exactly 1 piece between b3 and b8, not 0"),
            ("b1-d2", "the elephant on c1 is in the way"),
            ("a4-b4", "the soldier on a4 is in home, where this move may not start"),
        ],
    );
    let (e, s) = at(
        "games/xiangqi.game",
        r#"(position (place "Red" general d1) (place "Black" general f10) (place "Red" horse e5)
            (place "Black" soldier e6) (place "Red" elephant g5) (to-move "Red"))"#,
    );
    assert_refusals(
        &e,
        &s,
        &[
            ("e5-d7", "the soldier on e6 is in the way"),
            ("g5-e7", "e7 is not in home"),
            ("d1-c1", "c1 is not in palace"),
        ],
    );
}

#[test]
fn a_described_condition_keeps_its_words() {
    let (e, s) = after("games/reversi.game", "");
    assert_refusals(&e, &s, &[("a1", "a1 must turn at least one disc"), ("d4", "d4 is occupied")]);
}

#[test]
fn hops_and_rides_of_an_exact_length_say_what_they_need() {
    let (e, s) = after("games/english-draughts.game", "");
    assert_refusals(&e, &s, &[("c3-e5", "there is no piece to jump between c3 and e5")]);
    // Two pieces on the b-file, six on the first rank.
    let (e, s) = after("games/lines-of-action.game", "");
    assert_refusals(
        &e,
        &s,
        &[
            ("b1-b4", "the stone on b1 moves exactly 2 steps along that line, not 3"),
            ("b1-a1", "the stone on b1 moves exactly 6 steps along that line, not 1"),
        ],
    );
}
