//! The language's corners that docs/LANGUAGE.md settles (Hardening II): each ruling, shown on
//! a small position worked out by hand.

use crate::common::{inline, play, stones};

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
