//! TwixT (`games/twixt.game`, docs/RULINGS.md "TwixT"): where each player may peg, the links
//! made by the rules (a knight's move apart, of one owner, unless a link on the board crosses
//! the way), the nine links crossing an interior link, the swap on the second turn, the win by
//! a chain of links between one's border rows, and the draw when the player to move has no hole.
//!
//! Every expected value below is worked out by hand from the rules and plane geometry, never
//! copied from the engine. Holes are labelled as a square board (`a1` bottom left); a link by
//! its two holes in board order (row by row from `a1`, so the hole of the lower row first):
//! `c3/d5`, `e3/c4`. Red (player 0) moves first and joins row 1 to the last row; Black
//! (player 1) joins column a to the last column.
//!
//! Crossing by hand. Write a hole as (column, row), `a1` = (1, 1), `e3` = (5, 3). The side of a
//! point P from the line through A towards B is the sign of
//! `side(A, B, P) = (B.x - A.x)(P.y - A.y) - (B.y - A.y)(P.x - A.x)`. Two links sharing no hole
//! cross when each has its two holes on opposite sides of the other's line (no knight segment
//! passes through a hole, so no side is ever 0 between links sharing no hole).

use crate::common::*;

use tabula::engine::{Engine, State};

fn twixt(size: usize) -> Engine {
    engine("games/twixt.game", "", &[&format!("size={size}")])
}

/// The state of a position given by its inner forms (`(place ...) (to-move ...)`).
fn at(e: &Engine, forms: &str) -> State {
    from_text(e, &format!("(position {forms})"))
}

fn list(actions: &[&str]) -> Vec<String> {
    sorted(actions.iter().map(|a| a.to_string()).collect())
}

/// The holes (labels without `/`) holding a team's pegs, sorted.
fn pegs(e: &Engine, s: &State, team: usize) -> Vec<String> {
    sorted(stones(e, s, team).into_iter().filter(|l| !l.contains('/')).collect())
}

/// The link sites (labels with `/`) holding a team's links, sorted.
fn links(e: &Engine, s: &State, team: usize) -> Vec<String> {
    sorted(stones(e, s, team).into_iter().filter(|l| l.contains('/')).collect())
}

/// The team holding a site (a peg on a hole, a link on a link site): `Some("Red")`. Pegs and
/// links are told apart by the site alone.
fn occupant(e: &Engine, s: &State, label: &str) -> Option<String> {
    e.stone(s, site(e, label)).map(|team| e.game().teams[team].clone())
}

fn owned(team: &str) -> Option<String> {
    Some(team.to_string())
}

/// Every hole of columns `cols` (letters) and rows `rows`, sorted, less `except`.
fn holes(cols: &str, rows: std::ops::RangeInclusive<usize>, except: &[&str]) -> Vec<String> {
    let mut all = Vec::new();
    for c in cols.chars() {
        for r in rows.clone() {
            let label = format!("{c}{r}");
            if !except.contains(&label.as_str()) {
                all.push(label);
            }
        }
    }
    sorted(all)
}

fn with(mut v: Vec<String>, extra: &str) -> Vec<String> {
    v.push(extra.to_string());
    sorted(v)
}

fn is_draw(e: &Engine, s: &State) -> bool {
    e.outcome(s).is_some_and(|o| o.is_draw())
}

/// The links crossing a link, by the board's relation `crossing`, sorted.
fn crossers(e: &Engine, label: &str) -> Vec<String> {
    let board = &e.game().board;
    let rel = &board.relations[board.relation("crossing").expect("a relation `crossing`")];
    sorted(rel.neighbors(site(e, label)).iter().map(|&s| e.label(s).to_string()).collect())
}

// ---------------------------------------------------------------------------------------------
// Where a peg may go

/// 8 × 8 from the start: Red may peg any hole but those of Black's border columns a and h:
/// columns b to g, rows 1 to 8, 6 × 8 = 48 holes, and no swap (turn 1). The corners (a1, h8)
/// are on Black's columns, so out too. On 5 × 5: columns b to d, rows 1 to 5, 3 × 5 = 15.
#[test]
fn red_may_peg_every_hole_but_blacks_border_columns() {
    let e = twixt(8);
    let mut s = e.initial();
    assert_eq!(mover_name(&e, &s), "Red", "Red moves first");
    assert_eq!(sorted(legal(&e, &s)), holes("bcdefg", 1..=8, &[]));
    assert_eq!(legal(&e, &s).len(), 48);
    for hole in ["a4", "h5", "a1", "h8"] {
        refuse(&e, &mut s, hole);
    }

    let e = twixt(5);
    let s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), holes("bcd", 1..=5, &[]));
    assert_eq!(legal(&e, &s).len(), 15, "3 columns × 5 rows");
}

/// After Red's d4 (row 4, not on Red's border rows), Black may peg any empty hole off Red's
/// rows 1 and 8: columns a to h, rows 2 to 7, 8 × 6 = 48, less d4 = 47, plus `swap` = 48. His
/// own border columns are his to use (a4); rows 1 and 8 are not (d1, d8), nor the corners.
#[test]
fn black_may_peg_every_hole_but_reds_border_rows_or_swap() {
    let e = twixt(8);
    let mut s = e.initial();
    play(&e, &mut s, "d4");
    assert_eq!(mover_name(&e, &s), "Black");
    assert_eq!(sorted(legal(&e, &s)), with(holes("abcdefgh", 2..=7, &["d4"]), "swap"));
    assert_eq!(legal(&e, &s).len(), 48, "47 holes and the swap");
    for hole in ["d1", "d8", "a1", "h8", "d4"] {
        refuse(&e, &mut s, hole);
    }
    play(&e, &mut s, "a4");
    assert_eq!(pegs(&e, &s, 1), ["a4"]);
}

/// Red's first peg on his own border row (b1 on row 1, e8 on row 8) may not be swapped: Black
/// has the 48 holes of rows 2 to 7 (none taken) and no `swap`.
#[test]
fn no_swap_after_a_first_peg_on_reds_border_row() {
    let e = twixt(8);
    for first in ["b1", "e8"] {
        let mut s = e.initial();
        play(&e, &mut s, first);
        assert_eq!(sorted(legal(&e, &s)), holes("abcdefgh", 2..=7, &[]), "after {first}");
        refuse(&e, &mut s, "swap");
    }
}

// ---------------------------------------------------------------------------------------------
// Links

/// Red has c3 (Black h2, far away). Red d5: d5 - c3 = (+1, +2), a knight's move: the link
/// `c3/d5` (c3 on row 3 comes first) holds a Red link. Black b4: b4 - d5 = (-2, -1), a knight's
/// move, but d5 is Red's: no link between pegs of two colours (b4's other knight holes a2, a6,
/// c2, c6, d3 hold no Black peg). Red e4: e4 - c3 = (+2, +1), linked (`c3/e4`); e4 - d5 =
/// (+1, -1) is a diagonal step: no link.
#[test]
fn pegs_a_knights_move_apart_are_linked() {
    let e = twixt(8);
    let mut s = at(&e, r#"(place "Red" c3) (place "Black" h2) (to-move "Red") (turn 3)"#);
    assert_eq!(links(&e, &s, 0), Vec::<String>::new());
    play(&e, &mut s, "d5");
    assert_eq!(occupant(&e, &s, "c3/d5"), owned("Red"));
    assert_eq!(occupant(&e, &s, "d5"), owned("Red"));
    assert_eq!(links(&e, &s, 0), ["c3/d5"]);
    play(&e, &mut s, "b4");
    assert_eq!(occupant(&e, &s, "b4/d5"), None, "b4 is Black's, d5 Red's");
    assert_eq!(links(&e, &s, 1), Vec::<String>::new());
    play(&e, &mut s, "e4");
    assert_eq!(links(&e, &s, 0), ["c3/d5", "c3/e4"]);
    assert_eq!(pegs(&e, &s, 0), ["c3", "d5", "e4"]);
}

/// Two holes apart in a line (c3 c5), diagonally (c3 d4, c3 e5, c5 d4) or two straight apart
/// in a row (c5 e5): no knight's move, so no link site between them at all and no link made.
/// Then e4 is a knight's move from c3 (+2, +1) and from c5 (+2, -1): one peg, two links at once
/// (`c3/e4`; `e4/c5`, e4 being on the lower row). e4's other knight holes d2 d6 f2 f6 g3 g5 are
/// empty, and d4, e5 are next to e4, not a knight's move.
#[test]
fn pegs_not_a_knights_move_apart_are_not_linked_and_one_peg_links_twice() {
    let e = twixt(8);
    for no_link in ["c3/c5", "c3/d4", "c3/e5", "c5/e5", "d4/e5", "c5/d4"] {
        assert!(e.site(no_link).is_none(), "{no_link} is no knight's move");
    }
    let mut s = at(&e, r#"(place "Red" c3) (place "Black" h2) (to-move "Red") (turn 3)"#);
    play(&e, &mut s, "c5 h3 d4 h4 e5 h5");
    assert_eq!(pegs(&e, &s, 0), ["c3", "c5", "d4", "e5"]);
    assert_eq!(links(&e, &s, 0), Vec::<String>::new(), "no two of c3 c5 d4 e5 a knight's move apart");
    play(&e, &mut s, "e4");
    assert_eq!(links(&e, &s, 0), ["c3/e4", "e4/c5"]);
    assert_eq!(links(&e, &s, 1), Vec::<String>::new(), "h2 h3 h4 h5: one column, no knight's move");
}

/// e4's knight holes are c3 c5 d2 d6 f2 f6 g3 g5. With Red on c3, c5, d6 and g5 (no two of them
/// a knight's move apart: c3/c5 (0, 2), c3/d6 (1, 3), c5/d6 (1, 1), c5/g5 (4, 0), d6/g5 (3, -1),
/// c3/g5 (4, 2)), Red's e4 makes four links at once. They all share e4, so none crosses another.
#[test]
fn one_peg_makes_four_links() {
    let e = twixt(8);
    let mut s = at(&e, r#"(place "Red" c3 c5 d6 g5) (place "Black" a2 a3 a4 a5) (to-move "Red") (turn 9)"#);
    assert_eq!(links(&e, &s, 0), Vec::<String>::new());
    play(&e, &mut s, "e4");
    assert_eq!(links(&e, &s, 0), ["c3/e4", "e4/c5", "e4/d6", "e4/g5"]);
}

// ---------------------------------------------------------------------------------------------
// Crossing

/// Red c4, f6; Black d3; Black to move. Black e5: e5 - d3 = (+1, +2): the Black link `d3/e5`.
///
/// Red e3: its knight holes are c2 c4 d1 d5 f1 f5 g2 g4; only c4 is Red's. The way e3/c4 crosses
/// d3/e5: A = d3 (4, 3), B = e5 (5, 5), side(A, B, P) = (P.y - 3) - 2(P.x - 4): e3 (5, 3) gives
/// -2, c4 (3, 4) gives 1 + 2 = 3, opposite; from A = e3 (5, 3) towards B = c4 (3, 4),
/// side(P) = -2(P.y - 3) - (P.x - 5): d3 (4, 3) gives 1, e5 (5, 5) gives -4, opposite: they
/// cross (at (4.2, 3.4)). No link.
///
/// Black h2 (far off). Red d5: knight holes b4 b6 c3 c7 e3 e7 f4 f6, Red's e3 and f6.
/// - e3/d5 crosses d3/e5: side from d3 to e5: e3 -2, d5 (4, 5) gives 2 - 0 = 2, opposite; from
///   e3 (5, 3) towards d5 (4, 5), side(P) = -(P.y - 3) - 2(P.x - 5): d3 gives 2, e5 gives -2,
///   opposite: crossed (at (4.5, 4)), no link.
/// - d5/f6 comes close (it passes (5, 5.5), half a hole above e5) but does not cross: side from
///   d3 to e5: d5 gives 2, f6 (6, 6) gives 3 - 4 = -1, opposite, but from d5 (4, 5) towards
///   f6 (6, 6), side(P) = 2(P.y - 5) - (P.x - 4): d3 gives -4, e5 gives -1, the same side: no
///   crossing, so the link `d5/f6` is made.
#[test]
fn a_link_on_the_board_blocks_a_crossing_link_and_only_that() {
    let e = twixt(8);
    let mut s = at(&e, r#"(place "Red" c4 f6) (place "Black" d3) (to-move "Black") (turn 4)"#);
    play(&e, &mut s, "e5");
    assert_eq!(links(&e, &s, 1), ["d3/e5"]);
    assert_eq!(occupant(&e, &s, "d3/e5"), owned("Black"));
    play(&e, &mut s, "e3");
    assert_eq!(occupant(&e, &s, "e3/c4"), None, "crossed by d3/e5");
    assert_eq!(links(&e, &s, 0), Vec::<String>::new());
    play(&e, &mut s, "h2 d5");
    assert_eq!(occupant(&e, &s, "e3/d5"), None, "crossed by d3/e5");
    assert_eq!(occupant(&e, &s, "d5/f6"), owned("Red"), "close to e5, but no crossing");
    assert_eq!(links(&e, &s, 0), ["d5/f6"]);
    assert_eq!(links(&e, &s, 1), ["d3/e5"], "links are never taken away");
}

/// The pegs do not block, the link does: with Black's d3 and e5 on the board unlinked, Red's e3
/// is linked to c4 (e3 - c4 = (-2, +1); the way passes (4, 3.5), between d3 and d4, through no
/// hole). With the Black link `d3/e5` put there as well, the same e3 is not linked (the crossing
/// worked out in the test above).
#[test]
fn pegs_do_not_block_a_link() {
    let e = twixt(8);
    let pegs_only = r#"(place "Red" c4 b8) (place "Black" d3 e5) (to-move "Red") (turn 5)"#;
    let mut s = at(&e, pegs_only);
    play(&e, &mut s, "e3");
    assert_eq!(links(&e, &s, 0), ["e3/c4"]);

    let linked = r#"(place "Red" c4 b8) (place "Black" d3 e5 d3/e5) (to-move "Red") (turn 5)"#;
    let mut s = at(&e, linked);
    assert_eq!(occupant(&e, &s, "d3/e5"), owned("Black"));
    play(&e, &mut s, "e3");
    assert_eq!(links(&e, &s, 0), Vec::<String>::new());
}

/// A link of one's own colour blocks as well, and links sharing a hole never cross. Red c3, c5;
/// Red d5: d5 - c3 = (+1, +2), linked (`c3/d5`); d5 - c5 is a straight step. Black h5 (far
/// off). Red e4: knight holes c3 c5 d2 d6 f2 f6 g3 g5, Red's c3 and c5.
/// - e4/c3 shares c3 with c3/d5 (they meet at c3 only): made, `c3/e4`.
/// - e4/c5 crosses Red's own c3/d5: from c3 (3, 3) to d5 (4, 5), side(P) = (P.y - 3) - 2(P.x - 3):
///   e4 (5, 4) gives 1 - 4 = -3, c5 (3, 5) gives 2, opposite; from e4 (5, 4) towards c5 (3, 5),
///   side(P) = -2(P.y - 4) - (P.x - 5): c3 gives 2 + 2 = 4, d5 gives -2 + 1 = -1, opposite:
///   they cross (at (3.8, 4.6)). Not made.
#[test]
fn an_own_link_blocks_too_and_a_shared_hole_does_not() {
    let e = twixt(8);
    let mut s = at(&e, r#"(place "Red" c3 c5) (place "Black" h2 h3) (to-move "Red") (turn 5)"#);
    play(&e, &mut s, "d5");
    assert_eq!(links(&e, &s, 0), ["c3/d5"]);
    play(&e, &mut s, "h5 e4");
    assert_eq!(occupant(&e, &s, "c3/e4"), owned("Red"), "shares c3 with c3/d5");
    assert_eq!(occupant(&e, &s, "e4/c5"), None, "crosses Red's own c3/d5");
    assert_eq!(links(&e, &s, 0), ["c3/d5", "c3/e4"]);
}

// ---------------------------------------------------------------------------------------------
// The nine crossers

/// The links crossing d4/e6 on 8 × 8. Shifted so that d4 = (0, 0) and e6 = (1, 2), side from d4
/// to e6 is side(P) = P.y - 2 P.x. For each crosser (P, Q): side(P), side(Q) opposite, then
/// side of d4 and of e6 from P towards Q opposite:
///
/// | crosser | P, Q (shifted) | from d4/e6 | d4, e6 from the crosser |
/// |---|---|---|---|
/// | c4/e5 | (-1, 0) (1, 1) | 2, -1 | -1, 2 |
/// | d5/f6 | (0, 1) (2, 2) | 1, -2 | -2, 1 |
/// | e3/d5 | (1, -1) (0, 1) | -3, 1 | 1, -3 |
/// | e4/c5 | (1, 0) (-1, 1) | -2, 3 | 1, -4 |
/// | e4/d6 | (1, 0) (0, 2) | -2, 2 | 2, -2 |
/// | e5/c6 | (1, 1) (-1, 2) | -1, 4 | 3, -2 |
/// | e5/d7 | (1, 1) (0, 3) | -1, 3 | 3, -1 |
/// | f4/d5 | (2, 0) (0, 1) | -4, 1 | 2, -3 |
/// | f5/d6 | (2, 1) (0, 2) | -3, 2 | 4, -1 |
///
/// Any crosser meets d4/e6 inside the box x 0..1, y 0..2, so its holes are within a knight's
/// move of that box; the other links there keep both holes on one side of one of the two lines
/// (or share d4 or e6): nine in all, as the rules say of an interior link.
///
/// The same for c4/e5 (shifted c4 = (0, 0), e5 = (2, 1), side(P) = 2 P.y - P.x), the nine
/// crossers being d4/e6 turned a quarter and mirrored: c3/d5, d3/c5, d4/b5, d4/c6, d4/e6,
/// e3/d5, e4/c5, e4/d6, f4/d5. For instance d3/c5: d3 (1, -1) gives -2 - 1 = -3, c5 (0, 1)
/// gives 2, opposite; from d3 towards c5, direction (-1, 2), side(P) = -(P.y + 1) - 2(P.x - 1):
/// c4 gives -1 + 2 = 1, e5 (2, 1) gives -2 - 2 = -4, opposite.
///
/// In the corner, a1/b3 ((0, 0) to (1, 2) again, with a1 at the origin) keeps the five of the
/// nine that stay on the board: those with a hole at x = -1 (c4/e5, e4/c5, e5/c6 shifted) or
/// y = -1 (e3/d5 shifted) fall off, leaving (0, 1)-(2, 2) = a2/c3, (1, 0)-(0, 2) = b1/a3,
/// (1, 1)-(0, 3) = b2/a4, (2, 0)-(0, 1) = c1/a2, (2, 1)-(0, 2) = c2/a3.
#[test]
fn an_interior_link_is_crossed_by_nine() {
    let e = twixt(8);
    let d4_e6 = list(&["c4/e5", "d5/f6", "e3/d5", "e4/c5", "e4/d6", "e5/c6", "e5/d7", "f4/d5", "f5/d6"]);
    assert_eq!(crossers(&e, "d4/e6"), d4_e6);
    let c4_e5 = list(&["c3/d5", "d3/c5", "d4/b5", "d4/c6", "d4/e6", "e3/d5", "e4/c5", "e4/d6", "f4/d5"]);
    assert_eq!(crossers(&e, "c4/e5"), c4_e5);
    assert_eq!(crossers(&e, "a1/b3"), list(&["a2/c3", "b1/a3", "b2/a4", "c1/a2", "c2/a3"]));
    // Each crossing goes both ways.
    for other in &d4_e6 {
        assert!(crossers(&e, other).contains(&"d4/e6".to_string()), "{other} crosses d4/e6");
    }
    // The default 24 × 24 board: the same nine round an interior link.
    let big = engine("games/twixt.game", "", &[]);
    assert_eq!(crossers(&big, "d4/e6"), d4_e6);
    assert_eq!(crossers(&big, "k10/l12").len(), 9);
}

/// How many links an 8 × 8 board has: from its hole first in board order a link steps in one of
/// the four directions (1, 2), (-1, 2), (2, 1), (-2, 1), each of which fits from
/// (8 - 1) × (8 - 2) = 42 holes: 168 links, besides the 64 holes.
#[test]
fn an_eight_board_has_168_links() {
    let e = twixt(8);
    let labels: Vec<String> = (0..e.game().board.site_count() as u16).map(|s| e.label(s).to_string()).collect();
    assert_eq!(labels.iter().filter(|l| l.contains('/')).count(), 168);
    assert_eq!(labels.iter().filter(|l| !l.contains('/')).count(), 64);
}

// ---------------------------------------------------------------------------------------------
// Swap

/// Red c3, Black swaps: c3 is empty again and Black has a peg on c6 (column c, the 3rd, becomes
/// the 3rd row from the top, row 6; row 3 becomes column c). Red moves next: every hole of
/// columns b to g (48) but c6, with c3 free again: 47, no swap. Red e5, and Black (turn 4) has
/// rows 2 to 7 (48) less c6 and e5: 46, no swap (second turn only).
#[test]
fn swap_turns_reds_first_peg_into_blacks() {
    let e = twixt(8);
    let mut s = e.initial();
    play(&e, &mut s, "c3 swap");
    assert_eq!(pegs(&e, &s, 0), Vec::<String>::new());
    assert_eq!(pegs(&e, &s, 1), ["c6"]);
    assert_eq!(occupant(&e, &s, "c3"), None);
    assert_eq!(mover_name(&e, &s), "Red");
    assert_eq!(sorted(legal(&e, &s)), holes("bcdefg", 1..=8, &["c6"]));
    refuse(&e, &mut s, "swap");
    play(&e, &mut s, "e5");
    assert_eq!(sorted(legal(&e, &s)), holes("abcdefgh", 2..=7, &["c6", "e5"]));
    refuse(&e, &mut s, "swap");
}

/// A quarter turn clockwise takes hole (x, y) of an n × n board to (y, n + 1 - x): a1 (bottom
/// left) goes to the top left, a8 to the top right, as a clockwise turn does; the column
/// becomes the row counted from the top, the row the column. On 8 × 8:
/// d2 (4, 2) → (2, 5) b5; g5 (7, 5) → (5, 2) e2; b7 (2, 7) → (7, 7) g7; e4 (5, 4) → (4, 4) d4;
/// b5 (2, 5) → (5, 7) e7. On 5 × 5: c3 (3, 3) → (3, 3) c3, the centre, which stays; b2 (2, 2)
/// → (2, 4) b4; d4 (4, 4) → (4, 2) d2.
#[test]
fn swap_puts_the_peg_a_quarter_turn_clockwise() {
    for (size, first, turned) in [
        (8, "d2", "b5"),
        (8, "g5", "e2"),
        (8, "b7", "g7"),
        (8, "e4", "d4"),
        (8, "b5", "e7"),
        (5, "c3", "c3"),
        (5, "b2", "b4"),
        (5, "d4", "d2"),
    ] {
        let e = twixt(size);
        let mut s = e.initial();
        play(&e, &mut s, first);
        assert!(is_legal(&e, &s, "swap"), "{first} on {size} × {size} may be swapped");
        play(&e, &mut s, "swap");
        assert_eq!(pegs(&e, &s, 0), Vec::<String>::new(), "{first} leaves");
        assert_eq!(pegs(&e, &s, 1), [turned], "{first} on {size} × {size}");
        assert_eq!(mover_name(&e, &s), "Red");
        assert!(e.outcome(&s).is_none());
    }
}

/// Swap only on the second turn: Red d4, Black e5 (a placement), Red c3: on turn 4 Black has
/// no swap although Red's first peg d4 is off Red's border rows.
#[test]
fn swap_only_on_the_second_turn() {
    let e = twixt(8);
    let mut s = e.initial();
    play(&e, &mut s, "d4");
    assert!(is_legal(&e, &s, "swap"));
    play(&e, &mut s, "e5");
    assert!(!is_legal(&e, &s, "swap"), "Red never swaps");
    play(&e, &mut s, "c3");
    assert!(!is_legal(&e, &s, "swap"), "turn 4");
    assert_eq!(sorted(legal(&e, &s)), holes("abcdefgh", 2..=7, &["c3", "d4", "e5"]));
}

// ---------------------------------------------------------------------------------------------
// The end

/// Red's chain b1 c3 d5 e7 g8: b1/c3 (+1, +2), c3/d5 (+1, +2), d5/e7 (+1, +2), e7/g8 (+2, +1),
/// every step a knight's move; b1 on row 1 and g8 on row 8 are Red's own border rows, columns
/// b to g his. Black pegs h2 h3 h4 h5 meanwhile (one column: no links, nothing in the way;
/// b1 on Red's border: no swap offered). Before g8 the chain touches row 1 only: the game goes
/// on; g8 joins it to row 8: Red wins.
#[test]
fn red_wins_when_the_chain_reaches_the_top_row() {
    let e = twixt(8);
    let mut s = e.initial();
    for (red, black) in [("b1", "h2"), ("c3", "h3"), ("d5", "h4"), ("e7", "h5")] {
        play(&e, &mut s, red);
        assert!(e.outcome(&s).is_none(), "after {red}");
        play(&e, &mut s, black);
        assert!(e.outcome(&s).is_none(), "after {black}");
    }
    assert_eq!(links(&e, &s, 0), ["b1/c3", "c3/d5", "d5/e7"]);
    play(&e, &mut s, "g8");
    assert_eq!(links(&e, &s, 0), ["b1/c3", "c3/d5", "d5/e7", "e7/g8"]);
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
}

/// The same chain filled from both ends: g8, b1, e7 (linked to g8), c3 (linked to b1): two
/// pieces, one on each border row, no win. d5 last, linked to c3 and to e7 at once, joins both:
/// Red wins with a peg on neither border row.
#[test]
fn red_wins_when_the_middle_peg_joins_two_halves() {
    let e = twixt(8);
    let mut s = e.initial();
    for (red, black) in [("g8", "h2"), ("b1", "h3"), ("e7", "h4"), ("c3", "h5")] {
        play(&e, &mut s, red);
        assert!(e.outcome(&s).is_none(), "after {red}");
        play(&e, &mut s, black);
        assert!(e.outcome(&s).is_none(), "after {black}");
    }
    assert_eq!(links(&e, &s, 0), ["b1/c3", "e7/g8"]);
    play(&e, &mut s, "d5");
    assert_eq!(links(&e, &s, 0), ["b1/c3", "c3/d5", "d5/e7", "e7/g8"]);
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
}

/// The same chain cut by a Black link: Black d4 then b5, b5 - d4 = (-2, +1), the link `d4/b5`
/// (it does not cross b1/c3, made before it: b1/c3 lies in rows 1 to 3, d4/b5 in rows 4 to 5).
/// Then c3/d5 is crossed: from c3 (3, 3) to d5 (4, 5), side(P) = (P.y - 3) - 2(P.x - 3): d4
/// (4, 4) gives -1, b5 (2, 5) gives 4, opposite; from d4 (4, 4) towards b5 (2, 5),
/// side(P) = -2(P.y - 4) - (P.x - 4): c3 gives 3, d5 gives -2, opposite: they cross (at
/// (3.6, 4.2)). So d5 links to e7 only and g8 does not win: b1/c3 and d5/e7-g8 are apart.
///
/// Round the cut: Red e4 links to c3 (e4 - c3 = (+2, +1)); f6 is a knight's move from e4
/// (+1, +2), from d5 (+2, +1) and from g8 (+1, +2), so Red's f6 makes e4/f6, d5/f6, f6/g8 and
/// joins b1 to g8: Red wins. None of these crosses d4/b5 (it keeps to columns b to d, rows 4 to
/// 5; e4/f6, f6/g8 lie right of column d; d5/f6 meets that box only at d5 itself, which is not on
/// d4/b5) nor a Red link (those share a hole with them, or lie in other rows: d5/f6 rows 5-6 vs
/// c3/e4 rows 3-4; for e4/f6 and d5/e7, from e4 (5, 4) to f6 (6, 6), side(P) = (P.y - 4) -
/// 2(P.x - 5) gives 3 at d5 (4, 5) and 3 at e7 (5, 7): one side).
#[test]
fn a_chain_cut_by_a_crossing_link_does_not_win() {
    let e = twixt(8);
    let mut s = e.initial();
    play(&e, &mut s, "b1 d4 c3 b5");
    assert_eq!(links(&e, &s, 0), ["b1/c3"]);
    assert_eq!(links(&e, &s, 1), ["d4/b5"]);
    play(&e, &mut s, "d5");
    assert_eq!(occupant(&e, &s, "c3/d5"), None, "crossed by d4/b5");
    play(&e, &mut s, "h2 e7 h3 g8");
    assert_eq!(links(&e, &s, 0), ["b1/c3", "d5/e7", "e7/g8"]);
    assert!(e.outcome(&s).is_none(), "b1/c3 and d5/e7-g8 are not joined");
    assert_eq!(mover_name(&e, &s), "Black");
    play(&e, &mut s, "h4 e4");
    assert_eq!(links(&e, &s, 0), ["b1/c3", "c3/e4", "d5/e7", "e7/g8"]);
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "h5 f6");
    assert_eq!(links(&e, &s, 0), ["b1/c3", "c3/e4", "d5/e7", "d5/f6", "e4/f6", "e7/g8", "f6/g8"]);
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
}

/// Black's chain a2 c3 e4 g5 h7: (+2, +1) three times, then (+1, +2), from column a to column h,
/// all on rows 2 to 7. Red pegs b8 c8 d8 e8 f8 meanwhile (one row: no links; b8 on Red's
/// border: no swap). Black wins with h7, not before.
#[test]
fn black_wins_from_column_a_to_column_h() {
    let e = twixt(8);
    let mut s = e.initial();
    for (red, black) in [("b8", "a2"), ("c8", "c3"), ("d8", "e4"), ("e8", "g5")] {
        play(&e, &mut s, red);
        assert!(e.outcome(&s).is_none(), "after {red}");
        play(&e, &mut s, black);
        assert!(e.outcome(&s).is_none(), "after {black}");
    }
    assert_eq!(links(&e, &s, 1), ["a2/c3", "c3/e4", "e4/g5"]);
    play(&e, &mut s, "f8");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "h7");
    assert_eq!(links(&e, &s, 1), ["a2/c3", "c3/e4", "e4/g5", "g5/h7"]);
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
}

/// 5 × 5, turn 15 (14 pegs played, 7 each, Red to move), rows 2 to 4 full but d2:
///
/// ```text
/// row 4:  a4 B  b4 R  c4 R  d4 R  e4 B
/// row 3:  a3 B  b3 R  c3 B  d3 R  e3 B
/// row 2:  a2 B  b2 R  c2 R  d2 .  e2 B
/// ```
///
/// Red may use columns b to d: b1 c1 d1, b5 c5 d5 and d2 (7 holes). He pegs d2 (links d2/b3,
/// d2 - b3 = (-2, +1), and d2/c4, (-1, +2); d2's other knight holes b1 f1 f3 e4 are not Red's
/// or off the board). He wins nothing: no Red peg is on row 1 or 5. Black is to move and may
/// use rows 2 to 4 only, all full, and it is not the second turn: the game is drawn.
#[test]
fn no_hole_for_the_player_to_move_is_a_draw() {
    let e = twixt(5);
    let mut s = at(
        &e,
        r#"(place "Red" b2 c2 b3 d3 b4 c4 d4) (place "Black" a2 e2 a3 c3 e3 a4 e4)
           (to-move "Red") (turn 15)"#,
    );
    assert!(e.outcome(&s).is_none());
    assert_eq!(sorted(legal(&e, &s)), list(&["b1", "c1", "d1", "b5", "c5", "d5", "d2"]));
    play(&e, &mut s, "d2");
    assert_eq!(links(&e, &s, 0), ["d2/b3", "d2/c4"]);
    assert!(is_draw(&e, &s), "Black has no hole off rows 1 and 5");
}
