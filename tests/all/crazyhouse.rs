//! Crazyhouse as a data file (`games/crazyhouse.game`): hands that keep captures
//! (`(hand captures)`) and placements from them (`P@e4`). Refereed by the `shakmaty` crate's
//! crazyhouse (lichess's rules) move for move over random games, and by the published perft;
//! each rule in a position worked out by hand. OpenSpiel's crazyhouse referees it too, in
//! `python/tests/test_referee.py` (docs/REFEREE.md).

use crate::common::*;

use crate::common::chess_referee::{ensure, random_games, referee_perft};
use shakmaty::variant::Crazyhouse;
use shakmaty::{Outcome, Position};
use tabula::engine::{Engine, State, perft::perft};

fn crazyhouse() -> Engine {
    engine("games/crazyhouse.game", "", &[])
}

fn written(e: &Engine, s: &State) -> String {
    tabula::position::write(e, s).unwrap()
}

/// The published figures: to depth 4 no drop is possible yet and the counts are chess's; at
/// depth 5, 4 888 832 (chess: 4 865 609), the figure crazyhouse engines are tested with.
#[test]
fn perft_from_the_start() {
    let e = crazyhouse();
    let s = e.initial();
    let counts: Vec<u64> = (1..=4).map(|d| perft(&e, &s, d)).collect();
    assert_eq!(counts, [20, 400, 8_902, 197_281]);
    assert_eq!(perft(&e, &s, 3), referee_perft(&Crazyhouse::default(), 3));
}

#[test]
#[ignore = "long: perft 5 (about 5 million positions)"]
fn long_perft() {
    let e = crazyhouse();
    assert_eq!(perft(&e, &e.initial(), 5), 4_888_832);
}

#[test]
fn a_captured_piece_changes_sides_and_may_be_dropped() {
    let e = crazyhouse();
    let mut s = e.initial();
    play(&e, &mut s, "e2-e4 d7-d5 e4-d5");
    assert!(written(&e, &s).contains("(hand \"White\" pawn 1)"), "{}", written(&e, &s));
    // Black takes back with the queen: each side holds a pawn.
    play(&e, &mut s, "d8-d5");
    assert!(written(&e, &s).contains("(hand \"Black\" pawn 1)"));
    // White may drop his pawn on any empty square of rows 2 to 7: rows 3 to 6 but d5, and e2
    // and d7.
    let drops: Vec<String> = legal(&e, &s).into_iter().filter(|a| a.contains('@')).collect();
    assert_eq!(drops.len(), 31 + 2, "{drops:?}");
    assert!(!drops.iter().any(|d| d.ends_with('1') || d.ends_with('8')));
    assert!(drops.contains(&"P@d7".to_string()), "a drop may check");
    play(&e, &mut s, "P@e6");
    assert_eq!(e.kind(&s, site(&e, "e6")), Some(0));
    assert_eq!(e.stone(&s, site(&e, "e6")), Some(0));
    assert!(!written(&e, &s).contains("(hand \"White\""), "the hand is empty again");
    // Nothing of a kind not held may be dropped, and the refusal says so.
    assert_eq!(refuse(&e, &mut s, "Q@e3"), "you have no queen in hand");
}

#[test]
fn a_promoted_pawn_goes_back_to_a_pawn_when_captured() {
    let e = crazyhouse();
    let mut s = from_text(
        &e,
        r#"(position (place "White" king e1) (place "White" pawn b7) (place "Black" king e8)
            (place "Black" rook a8) (place "Black" knight c6) (to-move "White"))"#,
    );
    play(&e, &mut s, "b7-a8=Q");
    assert!(written(&e, &s).contains("(promoted pawn a8)"), "{}", written(&e, &s));
    assert!(written(&e, &s).contains("(hand \"White\" rook 1)"));
    // The knight takes the queen, which joins Black's hand as the pawn it was.
    let mut s = from_text(
        &e,
        r#"(position (place "White" king e1) (place "White" queen a8) (place "Black" king e8)
            (place "Black" knight b6) (to-move "Black") (promoted pawn a8))"#,
    );
    play(&e, &mut s, "b6-a8");
    assert!(written(&e, &s).contains("(hand \"Black\" pawn 1)"), "{}", written(&e, &s));
}

#[test]
fn a_drop_may_block_a_check_and_may_mate() {
    let e = crazyhouse();
    // White's king on e1 is checked by the rook on e8; White holds a knight. Besides the king's
    // steps, only drops between them (e2 to e7) answer the check.
    let s = from_text(
        &e,
        r#"(position (place "White" king e1) (place "Black" king a8) (place "Black" rook e8)
            (to-move "White") (hand "White" knight 1))"#,
    );
    let mut answers = legal(&e, &s);
    answers.sort();
    assert_eq!(
        answers,
        ["N@e2", "N@e3", "N@e4", "N@e5", "N@e6", "N@e7", "e1-d1", "e1-d2", "e1-f1", "e1-f2"].map(String::from)
    );
    // Black's king on h8 is shut in by his pawns on g7 and h7; White's knight on f6 guards g8.
    let mut s = from_text(
        &e,
        r#"(position (place "White" king e1) (place "White" knight f6) (place "Black" king h8)
            (place "Black" pawn g7 h7) (to-move "White") (hand "White" queen 1))"#,
    );
    // A queen dropped on g8 checks the king, which cannot take it (the knight guards it) nor
    // step away, and nothing can come between: mate.
    play(&e, &mut s, "Q@g8");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn pawns_are_never_dropped_on_the_first_or_last_row_but_step_twice_from_the_second() {
    let e = crazyhouse();
    let mut s = from_text(
        &e,
        r#"(position (place "White" king h1) (place "Black" king h8) (to-move "White")
            (hand "White" pawn 1))"#,
    );
    let drops: Vec<String> = legal(&e, &s).into_iter().filter(|a| a.starts_with("P@")).collect();
    assert_eq!(drops.len(), 48);
    assert!(!is_legal(&e, &s, "P@a1") && !is_legal(&e, &s, "P@a8"));
    // A pawn dropped on its second row may step two squares, as one set up there.
    play(&e, &mut s, "P@c2 h8-g8");
    assert!(is_legal(&e, &s, "c2-c4"));
}

#[test]
fn a_rook_dropped_on_its_corner_does_not_castle() {
    let e = crazyhouse();
    let base = r#"(place "White" king e1) (place "White" rook a1) (place "Black" king e8) (to-move "White")"#;
    // Unmoved king and rook: castling queen-side is legal.
    let s = from_text(&e, &format!("(position {base} (unmoved e1 a1))"));
    assert!(is_legal(&e, &s, "e1-c1"));
    // The king-side rook was captured; another, dropped on h1, has been on the board before.
    let mut s = from_text(&e, &format!("(position {base} (unmoved e1 a1) (hand \"White\" rook 1))"));
    play(&e, &mut s, "R@h1 e8-d8");
    assert!(!is_legal(&e, &s, "e1-g1"));
    assert!(is_legal(&e, &s, "e1-c1"));
}

#[test]
fn positions_with_hands_read_back_as_written() {
    let e = crazyhouse();
    let mut s = e.initial();
    play(&e, &mut s, "e2-e4 d7-d5 e4-d5 g8-f6 d5-d6 f6-e4 d6-c7 e4-f2 c7-b8=Q");
    let text = written(&e, &s);
    assert!(text.contains("(hand \"White\" pawn 2 knight 1)"), "{text}");
    assert!(text.contains("(hand \"Black\" pawn 1)"), "{text}");
    assert!(text.contains("(promoted pawn b8)"), "{text}");
    assert_eq!(written(&e, &from_text(&e, &text)), text);
    assert_eq!(legal(&e, &from_text(&e, &text)), legal(&e, &s));
}

/// Plays `games` random games from the start (`common::chess_referee::random_games`); the
/// engine must end a game exactly when the referee does (mate, stalemate), or at the third
/// repetition of a position, pockets included.
fn referee(games: u64, seed: u64) {
    let e = crazyhouse();
    let ended = |outcome: &tabula::engine::Outcome, pos: &Crazyhouse, occurrences: u32| match pos.outcome() {
        Some(Outcome::Decisive { winner }) => {
            let name = if winner == shakmaty::Color::White { "White" } else { "Black" };
            let ours = outcome.winner.map(|w| e.game().players[w].name.clone());
            ensure(ours.as_deref() == Some(name), "another winner")
        }
        _ => ensure(outcome.is_draw() && (pos.outcome() == Some(Outcome::Draw) || occurrences >= 3), "ended early"),
    };
    let going = |pos: &Crazyhouse, occurrences: u32| {
        ensure(pos.outcome().is_none(), "the end is missed")?;
        ensure(occurrences < 3, "the third repetition is missed")
    };
    random_games(&e, &Crazyhouse::default(), (games, seed), ended, going);
}

#[test]
fn the_referee_agrees_on_random_games() {
    referee(10, 1);
}

/// The long run (`cargo test --release -- --ignored crazyhouse::long_referee`).
#[test]
#[ignore = "long: 500 random games"]
fn long_referee() {
    referee(500, 7);
}

#[test]
fn the_third_occurrence_of_a_position_draws() {
    let e = crazyhouse();
    let mut s = e.initial();
    // The knights go out and back twice: the start is there for the third time.
    play(&e, &mut s, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "f6-g8");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
    // With a pawn in each hand (after 1.e4 d5 2.exd5 e6 3.dxe6 fxe6), the hands are part of
    // the position that comes back, and the same dance draws.
    let mut s = e.initial();
    play(&e, &mut s, "e2-e4 d7-d5 e4-d5 e7-e6 d5-e6 f7-e6");
    play(&e, &mut s, "g1-f3 g8-f6 f3-g1 f6-g8 g1-f3 g8-f6 f3-g1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "f6-g8");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
}
