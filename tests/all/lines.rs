//! Lines (`line`), membership (`in`) and conditions in `require`, each in a position worked
//! out by hand, and Tic-tac-toe's published count of complete games (its perft counts, and
//! those of Connect Four and Gomoku, are rows of `tests/suites/perft.txt`).

use tabula::engine::{Engine, State};

use crate::common::*;

/// A two-player game on a square board of `size` with the given sections added.
fn game(size: u32, sections: &str) -> Engine {
    inline(&format!("(game \"T\" (players \"X\" \"O\") (board (square {size})) {sections})"))
}

/// Placements anywhere; the end rules given.
fn line_game(size: u32, end: &str) -> Engine {
    game(size, &format!("(play (turn (place (to empty)))) (end {end} (when (board-full) (draw)))"))
}

/// X's stones and O's stones, X to move, then X plays `action`: who won, if anyone.
fn after(e: &Engine, x: &str, o: &str, action: &str) -> Option<Option<String>> {
    let mut s = position(e, &[x, o], 0, None, 4);
    play(e, &mut s, action);
    e.outcome(&s).map(|_| winner(e, &s))
}

#[test]
fn a_line_is_the_maximal_run_through_the_site_both_ways() {
    let e = line_game(7, "(when (line 4 all last) (win mover))");
    // b1 c1 _ e1: d1 fills the gap, the run reaches both ways from it.
    assert_eq!(after(&e, "b1 c1 e1", "a7 b7 c7", "d1"), Some(Some("X".into())));
    // Three only.
    assert_eq!(after(&e, "b1 c1", "a7 b7 c7", "d1"), None);
    // Along a diagonal, d4 between c3 and e5: b2 c3 d4 e5.
    assert_eq!(after(&e, "b2 c3 e5", "a7 b7 c7", "d4"), Some(Some("X".into())));
    // An enemy stone breaks the run: with O on d1, c1 makes a1 b1 c1 (three), not a1 … f1.
    assert_eq!(after(&e, "a1 b1 e1 f1", "d1 a7 b7", "c1"), None);
    // Stones of the mover that touch only in a bend are no line: b1 c1 d2 e2.
    assert_eq!(after(&e, "b1 c1 d2", "a7 b7 c7", "e2"), None);
}

#[test]
fn exact_refuses_an_overline_on_its_axis_but_not_on_another() {
    let e = line_game(9, "(when (line 5 all last exact) (win mover))");
    // a1 b1 c1 d1 e1: exactly five.
    assert_eq!(after(&e, "a1 b1 c1 d1", "a9 b9 c9 d9", "e1"), Some(Some("X".into())));
    // a1 … f1 through e1: six, an overline; no win, O to move.
    assert_eq!(after(&e, "a1 b1 c1 d1 f1", "a9 b9 c9 d9 e9", "e1"), None);
    // The same six in row 1, and e1 … e5 in column e: exactly five there.
    assert_eq!(after(&e, "a1 b1 c1 d1 f1 e2 e3 e4 e5", "a9 b9 c9 d9 e9 f9 g9 h9 i9", "e1"), Some(Some("X".into())));
    // Without `exact` the six wins.
    let at_least = line_game(9, "(when (line 5 all last) (win mover))");
    assert_eq!(after(&at_least, "a1 b1 c1 d1 f1", "a9 b9 c9 d9 e9", "e1"), Some(Some("X".into())));
}

#[test]
fn a_direction_has_one_axis_and_a_relation_only_its_own() {
    // `E`: the axis E–W, so a row and not a column.
    let e = line_game(5, "(when (line 3 E last) (win mover))");
    assert_eq!(after(&e, "a1 c1", "a5 b5", "b1"), Some(Some("X".into())), "b1 between a1 and c1, W and E");
    assert_eq!(after(&e, "a1 a2", "e5 d5", "a3"), None, "a column is not along E–W");
    // `orthogonal` has no diagonals.
    let e = line_game(5, "(when (line 3 orthogonal last) (win mover))");
    assert_eq!(after(&e, "a1 b2", "e5 d5", "c3"), None);
    assert_eq!(after(&e, "a1 a2", "e5 d5", "a3"), Some(Some("X".into())));
}

#[test]
fn a_line_asks_about_the_subjects_stones_only() {
    // After X's move the subject is X: O's three in a row through `last` is not X's, and `last`
    // is X's stone anyway; `(line 1 ...)` holds on any stone of one's own.
    let e = line_game(5, "(when (line 1 all last) (win mover))");
    assert_eq!(after(&e, "", "a1 b1", "c1"), Some(Some("X".into())));
    let e = line_game(5, "(when (line 3 all last) (win mover))");
    assert_eq!(after(&e, "e5", "a1 b1", "c1"), None, "O's a1 b1 do not extend X's c1");
}

#[test]
fn the_line_length_may_be_an_option() {
    let e = inline(
        "(game \"T\" (option k (range 2 5) (default 2)) (players \"X\" \"O\") (board (square 4))
           (play (turn (place (to empty)))) (end (when (line (+ k 1) all last) (win mover)) (when (board-full) (draw))))",
    );
    assert_eq!(after(&e, "a1 b1", "a4 b4", "c1"), Some(Some("X".into())));
    assert_eq!(after(&e, "a1", "a4 b4", "b1"), None);
}

#[test]
fn yavalath_three_loses_four_wins_and_four_beats_three() {
    let e = engine("games/yavalath.game", "", &[]);
    // The middle row of the side-5 board runs a5 … i5 (W to E).
    assert_eq!(after(&e, "a5 b5", "a1 b1", "c5"), Some(Some("Black".into())), "three in a row loses");
    assert_eq!(after(&e, "a5 b5 d5", "a1 b1 c1", "c5"), Some(Some("White".into())), "four in a row wins");
    // c5 makes four along the row and three along the NW–SE axis (c5 c6 c7) at once: a win.
    assert_eq!(after(&e, "a5 b5 d5 c6 c7", "a1 b1 c1 d1 e1", "c5"), Some(Some("White".into())));
    // A broken three (a5 b5 _ d5) is not three in a row.
    assert_eq!(after(&e, "a5 b5", "a1 b1", "d5"), None);
    // Two runs of two are not three.
    assert_eq!(after(&e, "b5 c6", "a1 b1", "e5"), None);
}

#[test]
fn gomoku_variants_differ_on_an_overline_only() {
    let freestyle = engine("games/gomoku.game", "Freestyle", &["size=9"]);
    let standard = engine("games/gomoku.game", "Standard", &["size=9"]);
    for e in [&freestyle, &standard] {
        assert_eq!(after(e, "a1 b1 c1 d1", "a9 b9 c9 d9", "e1"), Some(Some("Black".into())), "five wins in both");
    }
    // a1 b1 c1 d1 _ f1: e1 makes six.
    assert_eq!(after(&freestyle, "a1 b1 c1 d1 f1", "a9 b9 c9 d9 e9", "e1"), Some(Some("Black".into())));
    assert_eq!(after(&standard, "a1 b1 c1 d1 f1", "a9 b9 c9 d9 e9", "e1"), None);
}

#[test]
fn in_restricts_play_to_a_region_and_owned_regions_per_team() {
    let e = game(
        4,
        "(region centre (sites b2 c2 b3 c3))
         (play (turn (place (to empty) (where (in to centre))))) (end (when (no-moves) (draw)))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), ["b2", "c2", "b3", "c3"]);
    play(&e, &mut s, "b2");
    assert_eq!(legal(&e, &s), ["c2", "b3", "c3"]);
    let e = game(
        4,
        "(region home (owner \"X\") (sites a1 b1)) (region home (owner \"O\") (sites c4 d4))
         (play (turn (place (to empty) (where (or (in to home) (in to (neighbors last orthogonal)))))))
         (end (when (in last home) (win mover)) (when (no-moves) (draw)))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), ["a1", "b1"], "X's home");
    play(&e, &mut s, "a1");
    assert_eq!(winner(&e, &s), Some("X".into()), "`(in last home)` for the mover who just played");
}

#[test]
fn require_with_a_condition_sees_the_stone_just_placed() {
    let e = game(
        6,
        "(play (turn (place (to empty) (require (not (line 4 orthogonal to))))))
         (end (when (board-full) (draw)))",
    );
    let mut s = position(&e, &["a1 b1 c1 a3 a4 a5", "f6"], 0, None, 4);
    // d1 would make a1 b1 c1 d1; a2 would make a1 … a5.
    assert!(!is_legal(&e, &s, "d1"));
    assert!(!is_legal(&e, &s, "a2"));
    assert!(is_legal(&e, &s, "e1"), "a1 b1 c1 _ e1 is no four");
    assert!(is_legal(&e, &s, "b2"));
    assert_eq!(refuse(&e, &mut s, "d1"), "afterwards (not (line 4 orthogonal to)) would not hold");
    // The same for O, whose stones are not X's: O may play d1.
    let s = position(&e, &["a1 b1 c1", "f6"], 1, None, 4);
    assert!(is_legal(&e, &s, "d1"));
}

#[test]
fn require_with_a_condition_on_a_slide_moves_the_stone_first() {
    // A stone may slide only where it is not next to another stone of its own afterwards.
    let e = inline(
        "(game \"T\" (players \"X\" \"O\" (hand 0)) (board (square 4))
         (play (turn (slide (from friend) (along orthogonal) (to empty)
                            (require (= (count friend (neighbors to orthogonal)) 0)))))
         (end (when (no-moves) (draw))))",
    );
    let s = position(&e, &["a1 c1", "d4"], 0, Some(vec![0, 0]), 4);
    // a1 → b1 touches c1; a1 → a2 touches nothing; c1 → b1 touches a1; c1 → d1, c1 → c2 free.
    assert_eq!(legal(&e, &s), ["a1-a2", "c1-d1", "c1-c2"]);
}

#[test]
fn connect_four_discs_rest_on_the_floor_or_on_a_disc() {
    let e = engine("games/connect-four.game", "", &[]);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]);
    play(&e, &mut s, "c1 c2");
    assert_eq!(legal(&e, &s), ["a1", "b1", "d1", "e1", "f1", "g1", "c3"]);
    // A vertical four: Yellow on d1 d2 d3 d4.
    play(&e, &mut s, "d1 e1 d2 e2 d3 e3");
    assert_eq!(e.outcome(&s), None);
    play(&e, &mut s, "d4");
    assert_eq!(winner(&e, &s), Some("Yellow".into()));
}

/// Every complete game from `s`: (games, won by team 0, won by team 1, drawn).
fn complete_games(e: &Engine, s: &State, out: &mut [u64; 4]) {
    if let Some(outcome) = e.outcome(s) {
        out[0] += 1;
        match outcome.winner {
            Some(0) => out[1] += 1,
            Some(_) => out[2] += 1,
            None => out[3] += 1,
        }
        return;
    }
    for &a in e.legal(s) {
        let mut child = s.clone();
        e.apply(&mut child, a).expect("a legal action");
        complete_games(e, &child, out);
    }
}

#[test]
fn tic_tac_toe_has_255168_complete_games() {
    let e = engine("games/tic-tac-toe.game", "", &[]);
    let mut counts = [0; 4];
    complete_games(&e, &e.initial(), &mut counts);
    // Published: 255 168 games, X wins 131 184, O wins 77 904, draws 46 080.
    assert_eq!(counts, [255_168, 131_184, 77_904, 46_080]);
}

#[test]
fn require_with_largest_group_counts_the_group_the_stone_would_join() {
    // No group of either colour may grow beyond two stones.
    let e = game(
        3,
        "(play (turn (place (to empty) (require (<= (largest-group orthogonal any) 2)))))
         (end (when (board-full) (draw)))",
    );
    let s = position(&e, &["a1 b1", "c3"], 0, None, 4);
    // c1, a2 and b2 would join a1 b1 into three; c2, a3 and b3 stand alone.
    assert_eq!(legal(&e, &s), ["c2", "a3", "b3"]);
    let s = position(&e, &["a1 b1", "b3 c3"], 1, None, 4);
    // O's a3, b2 and c2 would make three with b3 c3; c1 and a2 touch only X's stones.
    assert_eq!(legal(&e, &s), ["c1", "a2"]);
}
