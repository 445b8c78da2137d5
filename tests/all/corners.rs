//! The language's corners that docs/LANGUAGE.md settles (Hardening II): each ruling, shown on
//! a small position worked out by hand.

use crate::common::{inline, legal, play, stones};

#[test]
fn shift_takes_the_first_sites_in_the_boards_order() {
    // Neighbours of b2 in site order: b1 (empty), a2 (White): a2 moves. The first empty site
    // of side-N in that order is a3.
    let e = inline(
        "(game \"Shift order\" (players \"White\" \"Black\") (board (square 3))
           (setup (place \"White\" c2 a2) (place \"Black\" b3))
           (play (turn (place (to empty) (then (shift (neighbors to orthogonal) side-N)))))
           (end (when (board-full) (draw))))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "b2");
    assert_eq!(stones(&e, &s, 0), ["b2", "c2", "a3"]);
}

#[test]
fn credit_to_the_mover_counts_a_capture_of_his_own_piece() {
    // White moves Black's a2 onto White's a1: the moving piece is Black's, so White's own
    // stone is captured, and `(credit taken mover)` still gives White 1.
    let e = inline(
        "(game \"Any\" (players \"White\" \"Black\") (board (square 3))
           (counter taken)
           (setup (place \"White\" a1) (place \"Black\" a2))
           (play (turn (slide (from any) (along orthogonal) (to any) (capture (credit taken mover)))))
           (end (when (no-moves) (draw))))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a2-a1");
    assert_eq!(stones(&e, &s, 0), Vec::<String>::new());
    assert_eq!(stones(&e, &s, 1), ["a1"]);
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (1, 0));
}

#[test]
fn attacked_imagines_a_piece_of_every_kind_on_an_empty_site() {
    // White's rook on a1 captures kings only. Black's king may not be put where it would be
    // attacked: the empty a2-a4 and b1 are (a king is imagined there); Black's rook on c1 is
    // not a king, so it is not attacked, and it blocks the line to d1.
    let e = inline(
        "(game \"Imagined king\" (players \"White\" \"Black\") (board (square 4))
           (pieces king rook)
           (setup (place \"White\" rook a1) (place \"Black\" rook c1))
           (play (turn (actions 1
             (slide (from (friend rook)) (along orthogonal) (to (enemy king)) (range any) (capture))
             (place (to empty) (piece king) (where (not (attacked to)))))))
           (end (when (no-moves) (win next))))",
    );
    let setup = tabula::position::read(
        &e,
        0,
        "(position (place \"White\" rook a1) (place \"Black\" rook c1) (to-move \"Black\") (turn 2))",
    )
    .expect("position");
    let s = e.position(&setup).expect("position");
    // In the board's order of sites: row 1, then row 2, ...
    assert_eq!(legal(&e, &s), ["d1", "b2", "c2", "d2", "b3", "c3", "d3", "b4", "c4", "d4"]);
}
