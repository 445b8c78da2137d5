//! The text board of `play` and `replay` (issue 10): column letters on boards of hexagonal
//! cells, tiling numbers kept under stones, region marks, the last-move marker, the legend and
//! alignment with wide (CJK) initials. Each board is snapshotted exactly.

use tabula::display::board;

use crate::common::{engine, inline, play};

/// A placement game for two players named `a` and `b` on `board`, with `extra` forms.
fn game(a: &str, b: &str, board: &str, extra: &str) -> String {
    format!(
        "(game \"T\" (players \"{a}\" \"{b}\") (board {board}) {extra}
           (play (turn (place (to empty))))
           (end (when (board-full) (draw))))"
    )
}

/// The board after `actions` from the start.
fn after(text: &str, actions: &str) -> String {
    let e = inline(text);
    let mut s = e.initial();
    play(&e, &mut s, actions);
    board(&e, &s)
}

/// Columns of a hexhex run from lower right to upper left: each letter continues its column one
/// cell beyond the lowest cell, below row 1 on the left and at the end of rows 1 and 2 on the
/// right. `c3` (the centre) was played last.
#[test]
fn hexhex_letters_and_last_move() {
    insta::assert_snapshot!("hexhex", after(&game("Red", "Blue", "(hexhex 3)", ""), "a1 c3"));
}

/// A rhombus and a triangle: columns run from lower left to upper right, so the letters are
/// below row 1, half a cell to the left.
#[test]
fn rhombus_and_triangle_letters() {
    insta::assert_snapshot!("rhombus", after(&game("Red", "Blue", "(rhombus 3)", ""), "a1 c3"));
    insta::assert_snapshot!("triangle", after(&game("Red", "Blue", "(triangle 4)", ""), "a4 d1"));
}

/// Past 26 columns the letters are two wide (`aa`), and so is every cell.
#[test]
fn two_letter_columns_widen_the_cells() {
    insta::assert_snapshot!("wide_columns", after(&game("Red", "Blue", "(rectangle 28 2)", ""), "aa1 ab2"));
}

/// CJK initials take two terminal columns: every cell (and letter) is two wide, and the last
/// stone's parentheses stay around it. A name that is its own symbol is not repeated.
#[test]
fn wide_initials_stay_aligned() {
    insta::assert_snapshot!("cjk_square", after(&game("黒", "白", "(square 3)", ""), "a1 b2"));
    insta::assert_snapshot!("cjk_hexhex", after(&game("黒石", "White", "(hexhex 2)", ""), "a1 b2"));
}

/// Initials that collide (`Red`, `Rose`) give way to `X` and `O`, and the legend says which is
/// which.
#[test]
fn colliding_initials_get_a_legend() {
    let text = after(&game("Red", "Rose", "(square 3)", ""), "a1 c3");
    insta::assert_snapshot!("collision", text);
}

/// Empty sites of a declared region show its mark: the owner's initial in lower case, `+` for
/// a region nobody owns. `a1` is in both owned regions and shows the last one.
#[test]
fn region_marks() {
    let regions = "(region start (owner \"Red\") side-S) (region start (owner \"Blue\") side-W)
                   (region centre (sites b2))";
    insta::assert_snapshot!("regions", after(&game("Red", "Blue", "(square 3)", regions), "c1"));
}

/// In a game of pieces, whose letters read as pieces of either case, a team's region is marked
/// by a sign of its own: after 1. e4 e5 2. Qh5 the empty d1, on the rank where Black's pawns
/// promote, shows Black's `~`, not a letter that would read as a black piece.
#[test]
fn region_marks_in_a_game_of_pieces_are_not_letters() {
    let e = engine("games/chess.game", "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "e2-e4 e7-e5 d1-h5");
    let text = board(&e, &s);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[7].split_whitespace().collect::<Vec<_>>(),
        ["1", "R", "N", "B", "~", "K", "B", "N", "R"],
        "{text}"
    );
    assert!(lines.contains(&"^ far (White)  ~ far (Black)"), "{text}");
}

/// Kensington: a stone keeps the vertex's number beside its initial, the white and home
/// hexagons' empty vertices are marked, the legend lists the teams' players and the marks, and
/// the last stone (on 9) is in parentheses.
#[test]
fn tiling_keeps_numbers_and_marks_regions() {
    let e = engine("games/kensington.game", "Four players", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "0 1 2 3 4 5 6 7 8 9");
    insta::assert_snapshot!("kensington", board(&e, &s));
}

/// Before the first stone there is no marker.
#[test]
fn no_marker_before_the_first_stone() {
    let text = after(&game("Red", "Blue", "(square 3)", ""), "");
    assert!(!text.contains('(') && !text.contains(')'), "{text}");
    assert!(after(&game("Red", "Blue", "(square 3)", ""), "b2").contains(".(R)."));
}

/// A graph's points on their grid with its edges drawn between them: a Morris board after two
/// men, the last in parentheses; columns lettered where they hold a point. An edge between
/// neighbouring rows has no line of its own to be drawn on: the cross shows its points only.
#[test]
fn graph_points_and_edges() {
    let e = engine("games/nine-mens-morris.game", "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "a1 d6");
    insta::assert_snapshot!("morris", board(&e, &s));
    let cross = game("Red", "Blue", "(graph 3 3 (sites a1 c1 b2 a3 c3) (edges (a1 b2 c3) (c1 b2 a3) (a1 c1)))", "");
    insta::assert_snapshot!("cross", after(&cross, "b2"));
}
