//! Shogi as a data file (`games/shogi.game`): hands that keep captures, drops with their three
//! restrictions (the two-pawn file, the dead square, the pawn that mates), optional and forced
//! promotion, and the fourth repetition with its perpetual check. Counted against the published
//! perft; each rule in a position worked out by hand. OpenSpiel's shogi referees it move for
//! move in `python/tests/test_referee.py` (docs/REFEREE.md).

use crate::common::*;

use tabula::engine::{Engine, State, perft::perft};

fn shogi(sets: &[&str]) -> Engine {
    engine("games/shogi.game", "", sets)
}

fn drops(e: &Engine, s: &State) -> Vec<String> {
    legal(e, s).into_iter().filter(|a| a.contains('@')).collect()
}

/// The published figures from the start position (as engines such as YaneuraOu are tested
/// with): 30, 900, 25 470, 719 731; depth 5, 19 861 490, is `long_perft`.
#[test]
fn perft_from_the_start() {
    let e = shogi(&[]);
    let s = e.initial();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&e, &s, d)).collect();
    assert_eq!(counts, [30, 900, 25_470, 719_731]);
}

#[test]
#[ignore = "long: perft 5 (about 20 million positions)"]
fn long_perft() {
    let e = shogi(&[]);
    assert_eq!(perft(&e, &e.initial(), 5), 19_861_490);
}

/// White's king on e9 between his own knights (d9, f9) and pawns (d8, f8), none of which can
/// take on e8; Black's gold on e7 guards e8.
const BOXED_KING: &str = r#"(place "White" king e9) (place "White" knight d9 f9) (place "White" pawn d8 f8)
    (place "Black" king a1) (to-move "Black")"#;

#[test]
fn a_dropped_pawn_may_check_but_not_mate() {
    let e = shogi(&[]);
    // With the gold on e7, P@e8 would mate: refused.
    let s = from_text(&e, &format!(r#"(position {BOXED_KING} (place "Black" gold e7) (hand "Black" pawn 1))"#));
    let pawn_drops = drops(&e, &s);
    assert!(!pawn_drops.contains(&"P@e8".to_string()), "{pawn_drops:?}");
    assert!(pawn_drops.contains(&"P@a5".to_string()), "other squares stay open");
    let mut refused = s.clone();
    assert_eq!(refuse(&e, &mut refused, "P@e8"), "e8 would be mate by a dropped pawn");
    // Without the gold, the king takes the pawn: the check is allowed.
    let s = from_text(&e, &format!(r#"(position {BOXED_KING} (hand "Black" pawn 1))"#));
    assert!(drops(&e, &s).contains(&"P@e8".to_string()));
    // A gold dropped there mates, as may a pawn that steps there.
    let mut s = from_text(&e, &format!(r#"(position {BOXED_KING} (place "Black" gold e7) (hand "Black" gold 1))"#));
    play(&e, &mut s, "G@e8");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    let mut s = from_text(&e, &format!(r#"(position {BOXED_KING} (place "Black" pawn e7) (place "Black" silver d7))"#));
    play(&e, &mut s, "e7-e8");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
}

#[test]
fn never_two_unpromoted_pawns_on_a_file_nor_a_piece_that_could_not_move() {
    let e = shogi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Black" king e1) (place "White" king e9) (place "Black" pawn c4)
            (place "Black" tokin d6) (promoted pawn d6) (hand "Black" pawn 1 lance 1 knight 1)
            (to-move "Black"))"#,
    );
    let ds = drops(&e, &s);
    // The pawn: not on file c (a pawn of Black's), but on file d (a tokin is no pawn); never on
    // row 9.
    assert!(!ds.iter().any(|d| d.starts_with("P@c")), "{ds:?}");
    assert!(ds.contains(&"P@d2".to_string()));
    assert!(!ds.iter().any(|d| d.starts_with('P') && d.ends_with('9')));
    assert!(ds.contains(&"P@a8".to_string()));
    // The lance not on row 9, the knight not on rows 8 and 9.
    assert!(!ds.iter().any(|d| d.starts_with('L') && d.ends_with('9')));
    assert!(ds.contains(&"L@a8".to_string()));
    assert!(!ds.iter().any(|d| d.starts_with('N') && (d.ends_with('9') || d.ends_with('8'))));
    assert!(ds.contains(&"N@a7".to_string()));
    // The knight goes on every other empty square: 77, less the 17 empty ones of rows 8 and 9.
    assert_eq!(ds.iter().filter(|d| d.starts_with("N@")).count(), 60);
}

#[test]
fn promotion_is_optional_in_the_camp_and_forced_where_the_piece_would_be_stuck() {
    let e = shogi(&[]);
    let s = from_text(
        &e,
        r#"(position (place "Black" king e1) (place "White" king e9) (place "Black" pawn a8)
            (place "Black" silver c7) (place "Black" knight g6) (place "Black" bishop i1)
            (to-move "Black"))"#,
    );
    let moves = legal(&e, &s);
    let from = |f: &str| sorted(moves.iter().filter(|m| m.starts_with(f)).cloned().collect());
    // The pawn reaches the last row: it must promote.
    assert_eq!(from("a8-"), ["a8-a9=T"]);
    // The silver in the camp may promote on every move, leaving it too (c7-b6, c7-d6).
    assert_eq!(
        from("c7-"),
        ["c7-b6", "c7-b6=Z", "c7-b8", "c7-b8=Z", "c7-c8", "c7-c8=Z", "c7-d6", "c7-d6=Z", "c7-d8", "c7-d8=Z"]
    );
    // The knight's leap to row 8 must promote; the bishop on i1 stops short of the camp, at d6,
    // behind the silver: it may not promote.
    assert_eq!(from("g6-"), ["g6-f8=E", "g6-h8=E"]);
    assert!(moves.contains(&"i1-d6".to_string()) && !moves.contains(&"i1-d6=H".to_string()));
}

#[test]
fn a_captured_promoted_piece_joins_the_hand_unpromoted() {
    let e = shogi(&[]);
    let mut s = from_text(
        &e,
        r#"(position (place "Black" king e1) (place "White" king e9) (place "Black" rook e5)
            (place "White" dragon e7) (promoted rook e7) (to-move "Black"))"#,
    );
    play(&e, &mut s, "e5-e7");
    let text = tabula::position::write(&e, &s).unwrap();
    assert!(text.contains("(hand \"Black\" rook 1)"), "{text}");
}

/// White's king on a9, Black's rook on row 1, White to move: the king goes to b9 and back.
fn dance(e: &Engine, rook: &str) -> State {
    from_text(
        e,
        &format!(
            r#"(position (place "White" king a9) (place "Black" king i1) (place "Black" rook {rook})
                (to-move "White"))"#
        ),
    )
}

#[test]
fn the_fourth_occurrence_draws_unless_one_side_checked_throughout() {
    let e = shogi(&[]);
    // Quiet moves: the start comes back a fourth time after three rounds, a draw.
    let mut s = dance(&e, "c1");
    play(&e, &mut s, "a9-b9 c1-d1 b9-a9 d1-c1 a9-b9 c1-d1 b9-a9 d1-c1 a9-b9 c1-d1 b9-a9");
    assert!(e.outcome(&s).is_none(), "the third occurrence plays on");
    play(&e, &mut s, "d1-c1");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
    // The rook checks with each of its six moves: Black loses.
    let mut s = dance(&e, "a1");
    play(&e, &mut s, "a9-b9 a1-b1 b9-a9 b1-a1 a9-b9 a1-b1 b9-a9 b1-a1 a9-b9 a1-b1 b9-a9");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "b1-a1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn the_entering_king_wins_as_openspiel_plays() {
    // Black's king steps into the camp (e6-e7) with a rook and a bishop in hand (10 points),
    // a gold and 17 pawns there (18): 28.
    let position = r#"(position (place "Black" king e6) (place "White" king a5)
        (place "Black" gold i7) (place "Black" pawn a8 b8 c8 d8 f8 g8 h8 i8)
        (place "Black" tokin a9 b9 c9 d9 e9 f9 g9 h9 i9) (promoted pawn a9 b9 c9 d9 e9 f9 g9 h9 i9)
        (hand "Black" rook 1 bishop 1) (to-move "Black"))"#;
    let e = shogi(&["openspiel=true"]);
    let mut s = from_text(&e, position);
    play(&e, &mut s, "e6-e7");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    // One point short (the gold elsewhere), the game goes on; by the standard rules too.
    let mut s = from_text(&e, &position.replace("gold i7", "gold i6"));
    play(&e, &mut s, "e6-e7");
    assert!(e.outcome(&s).is_none());
    let e = shogi(&[]);
    let mut s = from_text(&e, position);
    play(&e, &mut s, "e6-e7");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn both_kings_in_camp_draw_as_openspiel_plays_unless_the_move_mates() {
    // Black's king leaves e6 for d7, in his camp, and uncovers the rook on e9 against White's
    // king on e1, in White's camp: d1 and f1 hold White's lances, d2 and f2 his pawns, and e2
    // is on the rook's file. Mate: Black wins, though both kings stand in the camps.
    let e = shogi(&["openspiel=true"]);
    let position = r#"(position (place "Black" king e6) (place "Black" rook e9)
        (place "White" king e1) (place "White" lance d1 f1) (place "White" pawn d2 f2)
        (to-move "Black"))"#;
    let mut s = from_text(&e, position);
    play(&e, &mut s, "e6-d7");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    // A White gold on d3 can step between (e2): the game is drawn as White's turn begins.
    let mut s = from_text(
        &e,
        &position.replace("(place \"White\" king e1)", "(place \"White\" king e1) (place \"White\" gold d3)"),
    );
    play(&e, &mut s, "e6-d7");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()), "{:?}", e.outcome(&s));
    // By the standard rules the game goes on.
    let e = shogi(&[]);
    let mut s = from_text(
        &e,
        &position.replace("(place \"White\" king e1)", "(place \"White\" king e1) (place \"White\" gold d3)"),
    );
    play(&e, &mut s, "e6-d7");
    assert!(e.outcome(&s).is_none());
}
