//! Rectangles, rhombi and triangles, directions and sides, through the checker and the engine;
//! every expected value is worked out by hand in the comments.

use tabula::engine::perft::perft;

use crate::common::{inline, play};

/// A two-player placement game on `board` whose placements must satisfy `where_`.
fn game(board: &str, where_: &str) -> String {
    format!(
        "(game \"T\" (players \"X\" \"O\") (board {board})
           (play (turn (place (to empty) {where_})))
           (end (when (board-full) (draw))))"
    )
}

/// "Gravity" on a 4-wide, 3-high rectangle: a stone may go where the site south of it is off
/// the board or taken, so each move picks a column. Depth d: 4^d sequences, less those that
/// put a fourth stone in one column: depth 4 loses the 4 sequences "same column four times"
/// (256 − 4 = 252); depth 5 loses, per column, the 5·3 sequences with exactly four stones in
/// it and the one with five (1024 − 4·16 = 960).
#[test]
fn gravity_along_a_direction() {
    let e = inline(&game("(rectangle 4 3)", "(where (= (count empty (neighbors to S)) 0))"));
    let s = e.initial();
    let counts: Vec<u64> = (1..=5).map(|d| perft(&e, &s, d)).collect();
    assert_eq!(counts, [4, 16, 64, 252, 960]);
}

/// A direction relates a site to its neighbour that way only: on a rhombus the NE neighbour
/// of a cell is the next cell up its column (`b1` → `b2`). Placing where the NE neighbour is
/// empty: on the empty 3×3 rhombus the top row (a3 b3 c3) has no NE neighbour, so the 6 cells
/// of rows 1 and 2 qualify; once X holds a2, O loses a2 itself and a1 (whose NE neighbour is
/// a2), leaving b1 c1 b2 c2.
#[test]
fn directions_on_a_rhombus() {
    let e = inline(&game("(rhombus 3)", "(where (= (count empty (neighbors to NE)) 1))"));
    let mut s = e.initial();
    assert_eq!(crate::common::legal(&e, &s), ["a1", "b1", "c1", "a2", "b2", "c2"]);
    play(&e, &mut s, "a2");
    assert_eq!(crate::common::legal(&e, &s), ["b1", "c1", "b2", "c2"]);
}

/// Sides are regions: only the cells of `side-S` of a triangle of side 4 (a1 b1 c1 d1), so
/// 4 first moves and 4·3 two-move sequences.
#[test]
fn sides_are_regions() {
    let e = inline(
        "(game \"T\" (players \"X\" \"O\") (board (triangle 4))
           (play (turn (place (to side-S))))
           (end (when (board-full) (draw))))",
    );
    let s = e.initial();
    assert_eq!(crate::common::legal(&e, &s), ["a1", "b1", "c1", "d1"]);
    assert_eq!(perft(&e, &s, 2), 12);
}

/// The text board of a rhombus and a triangle: rows from the top, each row half a cell right
/// of the one below, column letters below row 1; the last stone in parentheses.
#[test]
fn text_boards() {
    let e = inline(&game("(rhombus 3)", ""));
    let mut s = e.initial();
    play(&e, &mut s, "a1 c3");
    assert_eq!(tabula::display::board(&e, &s), "3     . .(O)\n2    . . .\n1   X . .\n   a b c\nX  O\n");
    let e = inline(&game("(triangle 3)", ""));
    let mut s = e.initial();
    play(&e, &mut s, "a3 c1");
    assert_eq!(tabula::display::board(&e, &s), "3     X\n2    . .\n1   . .(O)\n   a b c\nX  O\n");
    let e = inline(&game("(rectangle 3 2)", ""));
    let mut s = e.initial();
    play(&e, &mut s, "c2");
    assert_eq!(tabula::display::board(&e, &s), "2  . .(X)\n1  . . .\n   a b c\nX  O\n");
}

/// `tabula render` draws a rhombus as 9 hexagons, each row half a cell (20 px at 40 px per
/// cell) to the right of the one below and √3/2 · 40 ≈ 34.64 px higher.
#[test]
fn rendered_rhombus() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["render", "tests/boards/tiny-hex.game"])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let svg = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(svg.matches("<polygon class=\"cell").count(), 9);
    let at = |label: &str| -> (f64, f64) {
        let end = svg.find(&format!(">{label}</text>")).expect("label drawn");
        let tag = &svg[svg[..end].rfind("<text").unwrap()..end];
        let num = |attr: &str| -> f64 {
            let start = tag.find(&format!("{attr}=\"")).unwrap() + attr.len() + 2;
            tag[start..].split('"').next().unwrap().parse().unwrap()
        };
        (num("x"), num("y"))
    };
    let (a1, a2, a3, b1) = (at("a1"), at("a2"), at("a3"), at("b1"));
    assert!((b1.0 - a1.0 - 40.0).abs() < 0.01 && (b1.1 - a1.1).abs() < 0.01);
    assert!((a2.0 - a1.0 - 20.0).abs() < 0.01 && (a1.1 - a2.1 - 34.64).abs() < 0.01);
    assert!((a3.0 - a1.0 - 40.0).abs() < 0.01 && (a1.1 - a3.1 - 69.28).abs() < 0.02);
}

/// A slide along a direction moves one way only: with X on a1 and b3 and O on c1 of a 3×3
/// board, sliding `N` X can go a1 → a2 and nowhere from b3 (the top row); sliding `SE`, a1
/// has nothing south-east (row 1 is the bottom) and b3 → c2 is open.
#[test]
fn slides_along_a_direction() {
    let slide = |dir: &str| {
        inline(&format!(
            "(game \"T\" (players \"X\" \"O\") (board (square 3))
               (play (turn (slide (from friend) (along {dir}) (to empty))))
               (end (when (board-full) (draw))))"
        ))
    };
    let e = slide("N");
    let s = crate::common::position(&e, &["a1 b3", "c1"], 0, None, 0);
    assert_eq!(crate::common::legal(&e, &s), ["a1-a2"]);
    let e = slide("SE");
    let s = crate::common::position(&e, &["a1 b3", "c1"], 0, None, 0);
    assert_eq!(crate::common::legal(&e, &s), ["b3-c2"]);
}
