//! Promotion with the player's choice of kind (`(promote REGION KIND...)` on a piece move): a
//! move that ends in the region gives one action per kind, written `FROM-TO=S`. The expected
//! actions, kinds and counts are worked out by hand from the diagrams in the comments.

use crate::common::*;
use tabula::engine::perft::perft;
use tabula::engine::{Engine, State};

/// The tiny game of `tests/boards/promotion.game`: on a 3 × 3 board pawns step forward (north
/// for White, south for Black), capture diagonally forward, and on the far row become a queen,
/// a rook, a bishop or a knight (`Q R B N`). Only pawns move. It starts:
///
/// ```text
///  3  .  p  .
///  2  P  .  p
///  1  .  P  .
///     a  b  c
/// ```
fn tiny() -> Engine {
    engine("tests/boards/promotion.game", "", &[])
}

/// Pawns that step north or capture north-east / north-west, promoting on row 3 to `kinds`,
/// with the given extra sections; a 3 × 3 board.
fn pawns(kinds: &str, promote: &str, sections: &str) -> Engine {
    inline(&format!(
        "(game \"T\" (players \"White\" \"Black\") (board (square 3))
           (pieces {kinds})
           (relation ahead (owner \"White\") N) (relation ahead (owner \"Black\") S)
           (region goal (owner \"White\") side-N) (region goal (owner \"Black\") side-S)
           {sections}
           (play (turn (slide (from (friend pawn)) (along ahead) (to empty) (promote goal {promote}))))
           (end (when (no-moves) (win mover))))"
    ))
}

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

/// The kind and the team of the piece on a site, if any.
fn piece_at(e: &Engine, s: &State, label: &str) -> Option<(String, usize)> {
    let at = site(e, label);
    let kind = e.kind(s, at)?;
    Some((e.game().pieces[kind as usize].name.clone(), e.stone(s, at)?))
}

#[test]
fn a_pawn_one_step_from_the_last_row_has_one_action_per_kind_besides_its_other_moves() {
    // White's a2 steps to a3 (far row, empty): 4 choices; it captures b3 (far row): 4 more.
    // White's b1 steps to b2 (not the far row): 1; it captures c2 (not the far row): 1.
    let e = tiny();
    let s = e.initial();
    assert_eq!(
        sorted(legal(&e, &s)),
        labels("a2-a3=Q a2-a3=R a2-a3=B a2-a3=N a2-b3=Q a2-b3=R a2-b3=B a2-b3=N b1-b2 b1-c2")
    );
}

#[test]
fn each_choice_makes_the_piece_of_that_kind_and_keeps_its_owner() {
    let e = tiny();
    for (letter, kind) in [("Q", "queen"), ("R", "rook"), ("B", "bishop"), ("N", "knight")] {
        let mut s = e.initial();
        play(&e, &mut s, &format!("a2-a3={letter}"));
        assert_eq!(piece_at(&e, &s, "a3"), Some((kind.to_string(), 0)), "after a2-a3={letter}");
        assert_eq!(piece_at(&e, &s, "a2"), None);
        // Nothing else changed: White's b1 pawn, Black's b3 and c2 pawns.
        assert_eq!(piece_at(&e, &s, "b1"), Some(("pawn".to_string(), 0)));
        assert_eq!(piece_at(&e, &s, "b3"), Some(("pawn".to_string(), 1)));
        assert_eq!(piece_at(&e, &s, "c2"), Some(("pawn".to_string(), 1)));
    }
}

#[test]
fn a_capture_that_promotes_removes_the_enemy_and_makes_the_choice() {
    // a2 takes b3 on the far row and becomes a rook; Black is left with c2, whose moves are
    // c2-c1 (its far row: four choices) and nothing diagonal (b1 holds White's pawn: a capture,
    // also on the far row: four more).
    let e = tiny();
    let mut s = e.initial();
    play(&e, &mut s, "a2-b3=R");
    assert_eq!(piece_at(&e, &s, "b3"), Some(("rook".to_string(), 0)));
    assert_eq!(stones(&e, &s, 1), vec!["c2"]);
    assert_eq!(sorted(legal(&e, &s)), labels("c2-c1=Q c2-c1=R c2-c1=B c2-c1=N c2-b1=Q c2-b1=R c2-b1=B c2-b1=N"));
    // Black's far row is row 1: the mover's version of the region.
    play(&e, &mut s, "c2-b1=N");
    assert_eq!(piece_at(&e, &s, "b1"), Some(("knight".to_string(), 1)));
    assert_eq!(stones(&e, &s, 0), vec!["b3"]);
}

#[test]
fn perft_of_the_tiny_game_is_counted_by_hand() {
    // Depth 1: the 10 actions above.
    // Depth 2, Black's replies (Black's pawns b3 and c2 step south, capture south-east or
    // south-west, and promote on row 1):
    //   a2-a3=X (4 of them): b3-b2 (1; b3-a2 needs an enemy on a2, now empty); c2-c1 (4),
    //     c2xb1 (4)                                                     = 9, × 4 = 36
    //   a2-b3=X (4): b3 is gone; c2-c1 (4), c2xb1 (4)                    = 8, × 4 = 32
    //   b1-b2: b3-b2 is blocked, b3xa2 (1); c2-c1 (4); c2-b1 is empty now = 5
    //   b1xc2: b3-b2 (1), b3xa2 (1), b3xc2 (1)                          = 3
    // Total 36 + 32 + 5 + 3 = 76.
    let e = tiny();
    let s = e.initial();
    assert_eq!(perft(&e, &s, 1), 10);
    assert_eq!(perft(&e, &s, 2), 76);
    let after = |a: &str| {
        let mut t = s.clone();
        play(&e, &mut t, a);
        perft(&e, &t, 1)
    };
    assert_eq!(after("a2-a3=B"), 9);
    assert_eq!(after("a2-b3=Q"), 8);
    assert_eq!(after("b1-b2"), 5);
    assert_eq!(after("b1-c2"), 3);
}

#[test]
fn the_kind_is_read_by_letter_in_either_case_or_by_name() {
    let e = tiny();
    for text in ["a2-a3=q", "a2-a3=Q", "a2-a3=queen"] {
        let mut s = e.initial();
        play(&e, &mut s, text);
        assert_eq!(piece_at(&e, &s, "a3"), Some(("queen".to_string(), 0)), "{text}");
    }
    // Records and every printer write the letter, which reads back as the same action.
    let s = e.initial();
    for &a in e.legal(&s) {
        assert_eq!(e.parse_action(&e.action_text(a)), Ok(a));
    }
}

#[test]
fn a_bad_choice_is_refused_with_the_choices() {
    let e = tiny();
    let mut s = e.initial();
    assert_eq!(
        e.parse_action("a2-a3=K"),
        Err("`K` is not a kind of piece of this game; after `=` write one of P (pawn), Q (queen), R (rook), B (bishop), N (knight)".to_string())
    );
    assert_eq!(
        refuse(&e, &mut s, "a2-a3"),
        "the piece is promoted on a3: choose its kind, a2-a3=Q, a2-a3=R, a2-a3=B, a2-a3=N"
    );
    // The capture is the stage's second move: its choices are found as well.
    assert_eq!(
        refuse(&e, &mut s, "a2-b3"),
        "the piece is promoted on b3: choose its kind, a2-b3=Q, a2-b3=R, a2-b3=B, a2-b3=N"
    );
    assert_eq!(
        refuse(&e, &mut s, "b1-c2=Q"),
        "c2 is not in goal: the piece is promoted only there, so write the move without `=`"
    );
    assert_eq!(
        refuse(&e, &mut s, "b1-b2=Q"),
        "b2 is not in goal: the piece is promoted only there, so write the move without `=`"
    );
    // A pawn is a kind of the game, but not one this promotion offers.
    assert_eq!(
        refuse(&e, &mut s, "a2-a3=P"),
        "the piece cannot become a pawn here; the choices: a2-a3=Q, a2-a3=R, a2-a3=B, a2-a3=N"
    );
    assert_eq!(e.parse_action("a2=Q").unwrap_err(), "`a2=Q`: only a move of a piece, `FROM-TO=KIND`, chooses a kind");
}

#[test]
fn a_move_without_the_clause_refuses_a_choice() {
    let e = inline(
        "(game \"T\" (players \"X\" \"O\") (board (square 3)) (pieces pawn queen)
           (setup (place \"X\" a2))
           (play (turn (slide (from friend) (along N) (to empty))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a2-a3"]);
    assert_eq!(refuse(&e, &mut s, "a2-a3=Q"), "this move promotes no piece: write it without `=`");
}

#[test]
fn one_kind_is_a_forced_promotion_still_written_with_its_kind() {
    let e = pawns("pawn queen", "queen", "(setup (place \"White\" b2))");
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["b2-b3=Q"]);
    play(&e, &mut s, "b2-b3=Q");
    assert_eq!(piece_at(&e, &s, "b3"), Some(("queen".to_string(), 0)));
}

#[test]
fn the_moves_then_sees_the_new_kind() {
    // The effect adds 1 when the piece that arrived is a queen: after `=Q` but not `=R`.
    let e = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 3))
           (pieces pawn queen rook)
           (counter queens)
           (region goal side-N)
           (setup (place \"White\" a2 c2))
           (play (turn (slide (from (friend pawn)) (along N) (to empty) (promote goal queen rook)
                         (then (if (is (friend queen) to) (add queens mover 1))))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a2-a3=R");
    assert_eq!(s.counter(0, 0), 0);
    let mut s = e.initial();
    play(&e, &mut s, "a2-a3=Q");
    assert_eq!(s.counter(0, 0), 1);
}

#[test]
fn kinds_that_share_a_letter_are_written_by_name() {
    // `king` and `knight` both show as K: the action names the kind so that it reads back.
    let e = pawns("pawn king knight", "knight", "(setup (place \"White\" b2))");
    let s = e.initial();
    assert_eq!(legal(&e, &s), vec!["b2-b3=knight"]);
    assert_eq!(e.parse_action("b2-b3=k").unwrap_err(), "`=k` could be king or knight: write the kind's name");
}

#[test]
fn hops_and_leaps_promote_too() {
    // A hop over a1's neighbour b2 to c3 (the far row) crowns the man; a leap two steps north
    // from a1 to a3 does too.
    let e = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 3))
           (pieces man king)
           (region goal (owner \"White\") side-N) (region goal (owner \"Black\") side-S)
           (setup (place \"White\" a1) (place \"Black\" b2))
           (play (turn (actions 1
             (hop (from (friend man)) (over NE) (to empty) (capture) (promote goal king))
             (leap (from (friend man)) (by (N N)) (to empty) (promote goal king)))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a3=K a1-c3=K"));
    play(&e, &mut s, "a1-c3=K");
    assert_eq!(piece_at(&e, &s, "c3"), Some(("king".to_string(), 0)));
    assert_eq!(stones(&e, &s, 1), Vec::<String>::new());
}

#[test]
fn a_require_sees_the_kind_a_promotion_makes() {
    // `require` judges the position after the action (LANGUAGE.md, require): there the pawn of
    // a2 that steps to a3 is the queen or the rook the player chose. Only the queen passes
    // "White has a queen"; b1-b2 promotes nothing and fails too.
    //  3  .  .  .
    //  2  P  .  .      (Found by the reference model, tests/model/DISAGREEMENTS.md, E5:
    //  1  .  P  .       the pawn's own kind was tested.)
    let e = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 3))
           (pieces pawn queen rook)
           (region goal side-N)
           (setup (place \"White\" pawn a2 b1) (place \"Black\" pawn c3))
           (play (turn (slide (from (friend pawn)) (along N) (to empty) (promote goal queen rook)
                         (require (= (count (friend queen) any) 1)))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a2-a3=Q"]);
    play(&e, &mut s, "a2-a3=Q");
    assert_eq!(piece_at(&e, &s, "a3"), Some(("queen".to_string(), 0)));
}

#[test]
fn a_piece_of_nobodys_moved_into_the_promotion_row_keeps_its_kind() {
    // White may move any piece north; a piece reaching row 4 becomes a queen. The block on b3
    // belongs to nobody: moving it to b4 offers no choice (it was `b3-b4=Q`, a queen of nobody's
    // that `tabula position` could not write).
    let e = crate::common::inline(
        "(game \"Pushers\" (players \"White\" \"Black\") (board (square 4))
           (pieces man queen (block \"#\" neutral))
           (setup (place \"White\" man a3) (place block b3))
           (play (turn (slide (from occupied) (along N) (to empty) (promote side-N queen))))
           (end (when (no-moves) (win mover))))",
    );
    let s = e.initial();
    assert_eq!(crate::common::legal(&e, &s), ["a3-a4=Q", "b3-b4"]);
}

#[test]
fn a_require_judges_the_piece_as_the_kind_it_is_promoted_to() {
    // LANGUAGE.md, `promote` and §7: the constraint sees the kind chosen, so refusing a queen
    // on arrival leaves the rook only.
    let e = crate::common::inline(
        "(game \"Choice\" (players \"White\" \"Black\") (board (square 3))
           (pieces man queen rook)
           (setup (place \"White\" man a2))
           (play (turn (slide (from friend) (along N) (to empty) (promote side-N queen rook)
                              (require (not (is (friend queen) to))))))
           (end (when (no-moves) (win mover))))",
    );
    assert_eq!(crate::common::legal(&e, &e.initial()), ["a2-a3=R"]);
}
