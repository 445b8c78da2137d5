//! Xiangqi as a data file (`games/xiangqi.game`): the palace, the river, the horse's leg, the
//! elephant's eye, the cannon's screen and the generals that may not face each other, each
//! stated with general ludemes. Checked against the published perft figures and, move for move,
//! against OpenSpiel's xiangqi (`python/tests/test_referee.py`, docs/REFEREE.md); each rule
//! below in a position worked out by hand from docs/RULINGS.md.

use crate::common::*;

use tabula::engine::{Engine, State, perft::perft};

fn xiangqi(sets: &[&str]) -> Engine {
    engine("games/xiangqi.game", "", sets)
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(e: &Engine, s: &State, from: &str) -> Vec<String> {
    let prefix = format!("{from}-");
    let mut moves: Vec<String> = legal(e, s).into_iter().filter(|m| m.starts_with(&prefix)).collect();
    moves.sort();
    moves
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// The figures published for xiangqi's move generators (chessprogramming.org, "Perft
/// Results" of Chinese chess), which OpenSpiel's xiangqi gives too.
#[test]
fn perft_from_the_start() {
    let e = xiangqi(&[]);
    let s = e.initial();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&e, &s, d)).collect();
    assert_eq!(counts, [44, 1_920, 79_666]);
}

#[test]
#[ignore = "long: perft 4 and 5 (about 136 million positions)"]
fn long_perft() {
    let e = xiangqi(&[]);
    assert_eq!(perft(&e, &e.initial(), 4), 3_290_240);
    assert_eq!(perft(&e, &e.initial(), 5), 133_312_995);
}

#[test]
fn the_horse_is_stopped_by_a_piece_on_its_leg() {
    let e = xiangqi(&[]);
    // A piece on e6, of either side, blocks the two points beyond it (d7, f7); a piece on d6,
    // which is on no leg of the horse, blocks nothing.
    for blocker in ["Black\" soldier", "Red\" soldier"] {
        let s = from_text(
            &e,
            &format!(
                r#"(position (place "Red" general d1) (place "Black" general f10) (place "Red" horse e5)
                   (place "{blocker} e6) (place "Red" chariot d6) (to-move "Red"))"#
            ),
        );
        assert_eq!(moves_from(&e, &s, "e5"), sorted(&["e5-c4", "e5-c6", "e5-d3", "e5-f3", "e5-g4", "e5-g6"]));
    }
}

#[test]
fn the_elephant_keeps_to_its_side_and_is_stopped_by_a_piece_on_its_eye() {
    let e = xiangqi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Red" general d1) (place "Black" general f10)
            (place "Red" elephant e3 e5) (place "Black" soldier d4) (to-move "Red"))"#,
    );
    // From e3: c1 and g1 and g5; c5 is behind the soldier on d4, its eye.
    assert_eq!(moves_from(&e, &s, "e3"), sorted(&["e3-c1", "e3-g1", "e3-g5"]));
    // From e5, on the river bank: never over the river to c7 or g7; c3 is behind d4.
    assert_eq!(moves_from(&e, &s, "e5"), sorted(&["e5-g3"]));
}

#[test]
fn the_cannon_captures_over_exactly_one_piece() {
    let e = xiangqi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Red" general d1) (place "Black" general f10)
            (place "Red" cannon b3) (place "Red" soldier b5) (place "Black" chariot b8)
            (place "Black" soldier b9) (place "Black" horse a3) (to-move "Red"))"#,
    );
    // Along the b-file: b4 before the screen, the chariot on b8 over it, nothing beyond the
    // screen otherwise, nor b9 behind two pieces. Along rank 3: every empty point, but not the
    // horse next to it on a3, with no screen between.
    let moves = moves_from(&e, &s, "b3");
    let expected = ["b3-b1", "b3-b2", "b3-b4", "b3-b8", "b3-c3", "b3-d3", "b3-e3", "b3-f3", "b3-g3", "b3-h3", "b3-i3"];
    assert_eq!(moves, sorted(&expected));
}

#[test]
fn a_cannon_gives_check_over_a_screen() {
    let e = xiangqi(&[]);
    // Black's general on e10 is checked by the cannon on e5 over the soldier on e7. The soldier
    // cannot lift the screen (it goes forward to e6, still between); the general steps aside to
    // f10 (d10 is its advisor's, e9 is still in the line), or the advisor comes between.
    let s = from_text(
        &e,
        r#"(position (place "Red" general d1) (place "Red" cannon e5)
            (place "Black" general e10) (place "Black" advisor d10) (place "Black" soldier e7)
            (to-move "Black"))"#,
    );
    assert_eq!(sorted(&legal(&e, &s).iter().map(String::as_str).collect::<Vec<_>>()), sorted(&["d10-e9", "e10-f10"]));
}

#[test]
fn the_generals_may_not_face_each_other() {
    let e = xiangqi(&[]);
    // The horse on e6 is the only piece between the generals: it may not leave the file. The
    // general may step to e9 (the horse still between), d10 or f10.
    let s = from_text(
        &e,
        r#"(position (place "Red" general e1) (place "Red" soldier a4)
            (place "Black" general e10) (place "Black" horse e6) (to-move "Black"))"#,
    );
    assert_eq!(moves_from(&e, &s, "e6"), Vec::<String>::new());
    assert_eq!(moves_from(&e, &s, "e10"), sorted(&["e10-d10", "e10-e9", "e10-f10"]));
    // Nor may a general step onto an open file the other stands on.
    let s = from_text(&e, r#"(position (place "Red" general d1) (place "Black" general e10) (to-move "Red"))"#);
    assert_eq!(moves_from(&e, &s, "d1"), sorted(&["d1-d2"]));
}

#[test]
fn general_and_advisors_keep_to_the_palace() {
    let e = xiangqi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Red" general f3) (place "Red" advisor d3) (place "Black" general d10)
            (to-move "Red"))"#,
    );
    assert_eq!(moves_from(&e, &s, "f3"), sorted(&["f3-e3", "f3-f2"]));
    assert_eq!(moves_from(&e, &s, "d3"), sorted(&["d3-e2"]));
}

#[test]
fn the_soldier_goes_sideways_only_over_the_river() {
    let e = xiangqi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Red" general d1) (place "Black" general f10)
            (place "Red" soldier c5 e6 a10) (to-move "Red"))"#,
    );
    assert_eq!(moves_from(&e, &s, "c5"), sorted(&["c5-c6"]), "not over the river yet");
    assert_eq!(moves_from(&e, &s, "e6"), sorted(&["e6-d6", "e6-e7", "e6-f6"]), "never back");
    assert_eq!(moves_from(&e, &s, "a10"), sorted(&["a10-b10"]), "on the last rank, only sideways");
}

#[test]
fn a_player_without_a_legal_move_loses_stalemated_or_mated() {
    let e = xiangqi(&[]);
    // Stalemate: Black's general on e10 is not attacked, but d10 is on the chariot's file, e9
    // on the other chariot's rank, and f10 faces Red's general over the open f-file.
    let s = from_text(
        &e,
        r#"(position (place "Red" general f1) (place "Red" chariot d5 a9) (place "Black" general e10)
            (to-move "Black"))"#,
    );
    assert!(legal(&e, &s).is_empty());
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    // Mate: the same with the chariot on e5 giving check.
    let s = from_text(
        &e,
        r#"(position (place "Red" general f1) (place "Red" chariot d5 a9 e5) (place "Black" general e10)
            (to-move "Black"))"#,
    );
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
}

#[test]
fn the_third_repetition_draws_but_not_as_openspiel_plays() {
    let shuffle = "b1-c3 b10-c8 c3-b1 c8-b10 b1-c3 b10-c8 c3-b1 c8-b10";
    let e = xiangqi(&[]);
    let mut s = e.initial();
    play(&e, &mut s, shuffle);
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()), "the start is back for the third time");
    let e = xiangqi(&["openspiel=true"]);
    let mut s = e.initial();
    play(&e, &mut s, shuffle);
    assert!(e.outcome(&s).is_none());
    // OpenSpiel draws after 500 moves (of both sides together).
    for _ in 0..61 {
        play(&e, &mut s, shuffle);
    }
    assert!(e.outcome(&s).is_none(), "496 moves");
    play(&e, &mut s, "b1-c3 b10-c8 c3-b1");
    assert!(e.outcome(&s).is_none(), "499 moves");
    play(&e, &mut s, "c8-b10");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()), "500 moves");
}

#[test]
fn a_500th_move_that_mates_wins_as_openspiel_plays() {
    let e = xiangqi(&["openspiel=true"]);
    // Turn 500 is the last OpenSpiel plays. The chariot to e5 mates: d10 is on the d5
    // chariot's file, e9 on the a9 chariot's rank, f10 faces Red's general.
    let position = r#"(position (place "Red" general f1) (place "Red" chariot d5 a9 h5)
        (place "Black" general e10) (to-move "Red") (turn 500))"#;
    let mut s = from_text(&e, position);
    play(&e, &mut s, "h5-e5");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    // Any other move leaves Black a move (d5-c5 frees d10): the draw.
    let mut s = from_text(&e, position);
    play(&e, &mut s, "d5-c5");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
}
