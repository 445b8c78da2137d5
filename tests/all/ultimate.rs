//! Ultimate Tic-tac-toe (`games/ultimate-tic-tac-toe.game`): where a mark sends the next
//! player, a small board won and closed, a free choice when the board sent to is closed, and
//! three small boards in a row; positions worked out by hand. OpenSpiel's
//! `ultimate_tic_tac_toe` referees whole games (python/tests/test_referee.py).

use crate::common::*;
use tabula::engine::Engine;

fn ultimate() -> Engine {
    engine("games/ultimate-tic-tac-toe.game", "", &[])
}

/// The small boards, by their south-west square: `a7` is the north-west one.
fn small_board(corner: &str) -> Vec<String> {
    let (c, r) = (corner.as_bytes()[0] - b'a', corner[1..].parse::<u8>().unwrap());
    let mut out: Vec<String> =
        (0..3).flat_map(|dr| (0..3).map(move |dc| format!("{}{}", (b'a' + c + dc) as char, r + dr))).collect();
    out.sort();
    out
}

#[test]
fn a_mark_sends_the_next_player_to_the_small_board_at_its_place() {
    let e = ultimate();
    let mut s = e.initial();
    // The first mark goes anywhere.
    assert_eq!(legal(&e, &s).len(), 81);
    // X marks the centre of the centre board: O must play in the centre board.
    play(&e, &mut s, "e5");
    let centre: Vec<String> = small_board("d4").into_iter().filter(|q| q != "e5").collect();
    assert_eq!(sorted(legal(&e, &s)), centre);
    // O marks its north-west corner, d6: X must play in the north-west board.
    play(&e, &mut s, "d6");
    assert_eq!(sorted(legal(&e, &s)), small_board("a7"));
}

#[test]
fn a_small_board_won_is_closed_and_a_mark_sent_there_goes_anywhere() {
    let e = ultimate();
    // O's last mark, d6, is the north-west corner of the centre board: X plays in the
    // north-west board, where a9 and b9 are his.
    let text = r#"(position (place "X" a9 b9 e5) (place "O" d6 e4) (to-move "X") (last d6) (turn 5))"#;
    let mut s = from_text(&e, text);
    assert_eq!(sorted(legal(&e, &s)), ["a7", "a8", "b7", "b8", "c7", "c8", "c9"]);
    // c9 makes a9 b9 c9: the board is X's, and its empty squares take his marks.
    play(&e, &mut s, "c9");
    assert_eq!(stones(&e, &s, 0).iter().filter(|q| small_board("a7").contains(q)).count(), 9);
    assert!(e.outcome(&s).is_none());
    // c9 is the north-east corner of its board: O plays in the north-east board.
    assert_eq!(sorted(legal(&e, &s)), small_board("g7"));
    // O's g9, a north-west corner, sends X to the closed north-west board: he plays anywhere
    // empty, 81 squares less the 9 of that board and the marks e5, d6, e4, g9.
    play(&e, &mut s, "g9");
    assert_eq!(legal(&e, &s).len(), 81 - 9 - 4);
}

#[test]
fn three_small_boards_in_a_row_win() {
    let e = ultimate();
    // X has won the north-west and north boards (closed, full of his marks) and holds g9 h9 of
    // the north-east one; O's last mark, f3, is a north-east corner and sends him there.
    let won: Vec<String> = small_board("a7").into_iter().chain(small_board("d7")).collect();
    let text = format!(
        r#"(position (place "X" {} g9 h9) (place "O" e5 f3 h2 b2) (to-move "X") (last f3) (turn 25))"#,
        won.join(" ")
    );
    let mut s = from_text(&e, &text);
    assert!(is_legal(&e, &s, "i9"));
    // i9 wins the north-east board, the third of the top row of small boards.
    play(&e, &mut s, "i9");
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));
    // g8 instead wins no board: the game goes on.
    let mut s = from_text(&e, &text);
    play(&e, &mut s, "g8");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn a_small_board_won_with_its_last_square_counts_towards_the_line() {
    let e = ultimate();
    // As above, but the north-east board holds X's g9 h9 i8 g7 and O's g8 h8 h7 i7: O has no
    // line there, and i9 is its last empty square. X's i9 makes g9 h9 i9 and fills the board
    // with both players' marks: it is X's all the same, the third of the top row.
    let won: Vec<String> = small_board("a7").into_iter().chain(small_board("d7")).collect();
    let text = format!(
        r#"(position (place "X" {} g9 h9 i8 g7) (place "O" g8 h8 h7 i7 e5 f3 h2 b2) (to-move "X") (last f3) (turn 33))"#,
        won.join(" ")
    );
    let mut s = from_text(&e, &text);
    assert_eq!(legal(&e, &s), ["i9"]);
    play(&e, &mut s, "i9");
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));
}

/// `(part REGION SITE [BY])` on parts that overlap and leave sites out, worked by hand: `rows`
/// holds a1 twice (its first part and its third), b3 nowhere; `cols` numbers b1 b2 as 1 and
/// c3 as 2, d4 not at all. The placement must go in the part named, or anywhere when that
/// part has no empty square (or there is no such part). `interpreted` adds a condition that
/// never holds but reads `to` otherwise than by `(in to ...)`, so that the interpreter asks
/// the whole condition of each square instead of the engine making a mask of it.
fn parts(named: &str, interpreted: bool) -> Engine {
    let never = if interpreted { "(> (count friend (neighbors to orthogonal)) 4)" } else { "" };
    inline(&format!(
        r#"(game "Parts"
  (players "X" "O")
  (board (square 4))
  (region rows (sites a1 b1 c1 d1) (sites a2 b2 c2 d2) (sites a1 a2 a3 a4))
  (region cols (sites a1 a2) (sites b1 b2) (sites c3))
  (define sent-to {named})
  (play (turn (place (to empty) (where (or (first-turn) (in to sent-to) (= (count empty sent-to) 0) {never})))))
  (end (when (board-full) (draw))))"#
    ))
}

fn after(e: &Engine, last: &str) -> Vec<String> {
    let text = format!(r#"(position (place "X" {last}) (to-move "O") (last {last}) (turn 2))"#);
    sorted(legal(e, &from_text(e, &text)))
}

#[test]
fn part_is_the_first_part_that_holds_the_site() {
    for e in [parts("(part rows last)", false), parts("(part rows last)", true)] {
        first_part_holding(&e);
    }
}

fn first_part_holding(e: &Engine) {
    // a1 is in the first row and in the column: the first row it is.
    assert_eq!(after(e, "a1"), ["b1", "c1", "d1"]);
    // a3 is in the column alone.
    assert_eq!(after(e, "a3"), ["a1", "a2", "a4"]);
    // b3 is in no part: no part, no empty square in it, so anywhere.
    assert_eq!(after(e, "b3").len(), 15);
}

#[test]
fn part_numbered_by_another_region_takes_that_regions_number() {
    for e in [parts("(part rows last cols)", false), parts("(part rows last cols)", true)] {
        numbered_by_cols(&e);
    }
}

fn numbered_by_cols(e: &Engine) {
    // b2 is in the second part of `cols`: the second row.
    assert_eq!(after(e, "b2"), ["a2", "c2", "d2"]);
    // c3 is the third part of `cols`: the third of `rows`, the column.
    assert_eq!(after(e, "c3"), ["a1", "a2", "a3", "a4"]);
    // d4 is in no part of `cols`: anywhere.
    assert_eq!(after(e, "d4").len(), 15);
    // With `rows` full where `cols` sends, anywhere again: b1 sends to the second row, which
    // X's a2 b2 c2 d2 fill.
    let text = r#"(position (place "X" b1 a2 b2 c2 d2) (to-move "O") (last b1) (turn 2))"#;
    assert_eq!(legal(e, &from_text(e, text)).len(), 11);
}
