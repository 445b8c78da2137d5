//! Havannah's three winning shapes on a board of base 4 (37 cells): `(connects SITE R N
//! REGION)` counting a region's parts (two corners make a bridge, three sides a fork) and
//! `(encloses SITE R)` (a ring around a cell, whatever the cell holds). Positions worked out by
//! hand from the hexhex's labels (docs/LANGUAGE.md, `hexhex`): on base 4 the centre is d4, its
//! neighbours are e4 e5 d5 c4 c3 d3, the corners a1 a4 d7 g7 g4 d1. OpenSpiel's `havannah`
//! referees the whole game (python/tests/referee, docs/REFEREE.md).

use crate::common::{engine, play, winner};

const HAVANNAH: &str = "games/havannah.game";

/// The game after these actions, on base 4.
fn after(actions: &str) -> (tabula::engine::Engine, tabula::engine::State) {
    let e = engine(HAVANNAH, "", &["base=4"]);
    let mut s = e.initial();
    play(&e, &mut s, actions);
    (e, s)
}

#[test]
fn six_stones_around_an_empty_cell_make_a_ring() {
    // White rings d4 while Black builds a small group on the lower left (one corner, two
    // sides: neither a bridge nor a fork). The sixth White stone wins, not the fifth.
    let (e, s) = after("e4 a1 e5 b1 d5 c1 c4 a2 c3 a3");
    assert!(e.outcome(&s).is_none());
    let (e, s) = after("e4 a1 e5 b1 d5 c1 c4 a2 c3 a3 d3");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn a_ring_around_an_enemy_stone_or_its_own_counts() {
    // Black's stone on d4, then White's ring.
    let (e, s) = after("a1 d4 e4 b1 e5 c1 d5 a2 c4 a3 c3 b2 d3");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
    // White's own stone on d4 inside: the group is a solid hexagon of seven, still a ring.
    let (e, s) = after("d4 a1 e4 b1 e5 c1 d5 a2 c4 a3 c3 b2 d3");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn stones_that_close_a_cell_against_the_edge_make_no_ring() {
    // b1 b2 a2 are every neighbour a1 has, but a1 lies on the edge: not enclosed. A triangle
    // of three stones (d4 e4 e5, each next to the other two) encloses nothing either.
    let (e, s) = after("b1 g7 b2 f7 a2 g6 d4 e7 e4 c6 e5");
    assert!(e.outcome(&s).is_none(), "{:?}", e.outcome(&s));
}

#[test]
fn a_chain_between_two_corners_is_a_bridge() {
    // a1 and a4 are corners; a2 and a3 between them lie on one side only.
    let (e, s) = after("a1 g7 a2 g6 a3 f7");
    assert!(e.outcome(&s).is_none());
    let (e, s) = after("a1 g7 a2 g6 a3 f7 a4");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn a_chain_touching_three_sides_is_a_fork_and_corners_are_no_side() {
    // b1 is on the bottom side, b5 on the upper-left side; a3 adds the left side. Black's
    // group on the top right touches a corner (g7) and two sides (e7 f7 at the top, g6 g5
    // on the right): no bridge, no fork.
    let (e, s) = after("b1 g7 b2 f7 b3 e7 b4 g6 b5 g5");
    assert!(e.outcome(&s).is_none());
    let (e, s) = after("b1 g7 b2 f7 b3 e7 b4 g6 b5 g5 a3");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
    // The same chain ending on the corner a4 instead of a3: a corner belongs to no side, so
    // two sides only (and one corner: no bridge).
    let (e, s) = after("b1 g7 b2 f7 b3 e7 b4 g6 b5 g5 a4");
    assert!(e.outcome(&s).is_none(), "{:?}", e.outcome(&s));
}
