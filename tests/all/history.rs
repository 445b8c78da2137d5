//! Rules that depend on the game's history: `(unmoved SITE)` (a piece that has not moved
//! since it came onto the board), the bound sites `previous-from` and `previous-to` (the
//! previous turn's last move), and `(priority ...)` among a stage's moves. Each on a small
//! board worked out by hand: the expected actions are read off the diagrams in the comments.

use crate::common::*;
use tabula::engine::Engine;

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

/// Pawns on a 4×4 board, moving towards each other: one step ahead, or two while the pawn
/// has not moved; a diagonal capture ahead; and a capture in passing of a pawn that has
/// just made its two-step move past the capturer.
fn passing() -> Engine {
    engine("tests/boards/passing.game", "", &[])
}

#[test]
fn an_unmoved_pawn_may_go_two_steps_and_a_moved_one_only_one() {
    //  4  N . N .      North's pawns have not moved: each may go one or two squares.
    //  3  . . . .
    //  2  . S . .
    //  1  . . . S
    //     a b c d
    let e = passing();
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("a4-a3 a4-a2 c4-c3 c4-c2"));
    play(&e, &mut s, "c4-c3");
    // South's pawns have not moved either: b2 may reach b4, d1 may reach d3; b2 may take c3.
    assert_eq!(sorted(legal(&e, &s)), labels("b2-b3 b2-b4 b2-c3 d1-d2 d1-d3"));
    play(&e, &mut s, "d1-d2");
    //  4  N . . .      c3 has moved: one step only (c2, though c1 is empty too), or take
    //  3  . . N .      b2 or d2; a4 still may go two.
    //  2  . S . S
    //  1  . . . .
    assert_eq!(sorted(legal(&e, &s)), labels("a4-a3 a4-a2 c3-c2 c3-b2 c3-d2"));
    play(&e, &mut s, "a4-a3");
    // d2 has moved: d2-d3 only, though d4 is empty; b2 has not: b2-b4. A single step
    // (a4-a3) cannot be taken in passing: a3 is taken the ordinary way.
    assert_eq!(sorted(legal(&e, &s)), labels("b2-b3 b2-b4 b2-a3 b2-c3 d2-d3 d2-c3"));
}

#[test]
fn a_pawn_that_has_just_made_two_steps_can_be_taken_in_passing_once() {
    let e = passing();
    let mut s = e.initial();
    play(&e, &mut s, "a4-a2");
    //  4  . . N .      a4 went to a2, past b2's diagonal a3: b2 may take it by moving to
    //  3  . . . .      a3, the square it passed over (previous-from a4, previous-to a2).
    //  2  N S . .
    //  1  . . . S
    assert_eq!(sorted(legal(&e, &s)), labels("b2-b3 b2-b4 b2-a3 d1-d2 d1-d3"));
    let mut taken = s.clone();
    play(&e, &mut taken, "b2-a3");
    assert_eq!(stones(&e, &taken, 0), vec!["c4"], "the pawn on a2 is taken");
    assert_eq!(stones(&e, &taken, 1), vec!["d1", "a3"]);
    // South declines; North moves another pawn: the chance has gone.
    play(&e, &mut s, "d1-d2");
    play(&e, &mut s, "c4-c3");
    //  4  . . . .      The previous move is c4-c3, one step: no capture in passing of a2
    //  3  . . N .      (b2-a3 is gone), while c3 can be taken the ordinary way.
    //  2  N S . S
    //  1  . . . .
    assert_eq!(sorted(legal(&e, &s)), labels("b2-b3 b2-b4 b2-c3 d2-d3 d2-c3"));
    assert!(e.play(&mut s.clone(), "b2-a3").is_err());
}

#[test]
fn previous_sites_are_unbound_before_the_second_turn() {
    // `(is occupied previous-to)` cannot hold before any turn has been played: the first
    // player has one placement only on the second turn onwards.
    let e = inline(
        r#"(game "T" (players "X" "O") (board (square 2))
          (play (turn (place (to empty) (where (or (first-turn) (is occupied previous-to))))))
          (end (when (board-full) draw)))"#,
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s).len(), 4);
    play(&e, &mut s, "a1");
    assert_eq!(legal(&e, &s).len(), 3);
}

/// A stage where hopping over an enemy stone takes precedence over sliding.
const MUST_JUMP: &str = r#"(game "Must jump"
  (players "A" "B")
  (board (square 3))
  (setup (place "A" a1) (place "B" a2 c3))
  (play
    (turn
      (actions 1
        (priority (hop (from friend) (over orthogonal enemy) (to empty) (capture)))
        (slide (from friend) (along orthogonal) (to empty)))))
  (end (when (no-moves) (win mover))))"#;

#[test]
fn a_move_in_priority_when_possible_is_the_only_one_legal() {
    //  3  . . B      A's stone on a1 can hop over a2 to a3: that is A's only action, though
    //  2  B . .      a1-b1 would be a legal slide without the priority.
    //  1  A . .
    //     a b c
    let e = inline(MUST_JUMP);
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a1-a3"]);
    let refused = e.play(&mut s.clone(), "a1-b1").unwrap_err().to_string();
    assert_eq!(
        refused,
        "`a1-b1` is not legal: a move in `(priority ...)` can be made, and then only those are legal (such as a1-a3)"
    );
    play(&e, &mut s, "a1-a3");
    assert_eq!(stones(&e, &s, 1), vec!["c3"]);
    // B's c3 has no enemy neighbour to hop: its slides are legal.
    assert_eq!(sorted(legal(&e, &s)), labels("c3-b3 c3-c2"));
    // Without `priority` both kinds would be offered from the start.
    let plain = inline(&MUST_JUMP.replace("(priority (hop", "(hop").replace("(capture)))", "(capture))"));
    assert_eq!(sorted(legal(&plain, &plain.initial())), labels("a1-a3 a1-b1"));
}

#[test]
fn where_an_effect_reads_the_previous_move_a_position_holds_which_pieces_are_unmoved() {
    // LANGUAGE.md, "Positions and rights": the history read outside a piece move's `where`
    // (here `previous-to`, in an effect that never removes anything) makes which pieces are
    // unmoved part of a position.
    //     a b c d
    //  1  R . . B     Both stones unmoved: the start, counted once.
    // After a1-b1 d1-c1 b1-a1 c1-d1 the stones stand as at the start, but both have moved: a
    // new position, and the game goes on. It first recurs two turns later (a1-b1 d1-c1 again
    // gives R b1, B c1, both moved, as after the second turn): the second occurrence ends it.
    let e = inline(
        r#"(game "Shuffle" (players "Red" "Blue") (board (rectangle 4 1))
          (setup (place "Red" a1) (place "Blue" d1))
          (play (turn (slide (from friend) (along orthogonal) (to empty)
            (then (remove (neighbors previous-to N))))))
          (end (repetition 2) (turn-limit 12)))"#,
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1-b1 d1-c1 b1-a1 c1-d1");
    assert!(e.outcome(&s).is_none(), "the start's stones, but moved: not the start");
    assert_eq!(sorted(legal(&e, &s)), labels("a1-b1"));
    play(&e, &mut s, "a1-b1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "d1-c1");
    assert!(e.outcome(&s).expect("the position after the second turn, again").is_draw());
    assert_eq!(s.turns(), 6);
}

#[test]
fn where_a_distance_reads_the_previous_move_a_position_holds_which_pieces_are_unmoved() {
    // The same shuffle, the history read in the length of the move instead (one step: there is
    // nothing north of `previous-to` on a single row): the start does not recur after four
    // moves, the position after the second turn does after six.
    let e = inline(
        r#"(game "Shuffle" (players "Red" "Blue") (board (rectangle 4 1))
          (setup (place "Red" a1) (place "Blue" d1))
          (play (turn (slide (from friend) (along orthogonal) (to empty)
            (distance (+ 1 (count occupied (neighbors previous-to N)))))))
          (end (repetition 2) (turn-limit 12)))"#,
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1-b1 d1-c1 b1-a1 c1-d1");
    assert!(e.outcome(&s).is_none(), "the start's stones, but moved: not the start");
    play(&e, &mut s, "a1-b1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "d1-c1");
    assert!(e.outcome(&s).expect("the position after the second turn, again").is_draw());
}

/// Two pieces on a row of three: each may slide to an empty neighbour or pass. The game is a
/// draw as soon as a slide recreates a board the game has had.
const SHUTTLE: &str = r#"(game "Shuttle"
  (players "White" "Black")
  (board (rectangle 3 1))
  (setup (place "White" a1) (place "Black" c1))
  (play (turn (actions 1 (slide (from friend) (along orthogonal) (to empty)) (pass))))
  (end (when (repeated) draw)))"#;

#[test]
fn repeated_holds_when_a_move_recreates_a_board_and_never_after_a_pass() {
    //  W . B   the start
    let e = inline(SHUTTLE);
    let mut s = e.initial();
    // W . B → . W B: new. Black cannot move (b1 is taken) and passes: the board is as it was
    // a moment ago, but a pass recreates nothing.
    play(&e, &mut s, "a1-b1 pass");
    assert!(e.outcome(&s).is_none());
    // . W B → W . B: the start again, made by a slide.
    assert_eq!(sorted(legal(&e, &s)), labels("b1-a1 pass"));
    play(&e, &mut s, "b1-a1");
    assert!(e.outcome(&s).expect("the start recreated").is_draw());
    // Another way: Black's c1-b1 then b1-c1 recreates the start; White passes in between.
    let mut s = e.initial();
    play(&e, &mut s, "pass c1-b1 pass");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "b1-c1");
    assert!(e.outcome(&s).expect("the start recreated").is_draw());
}
