//! Slides with an exact `distance` and slides `through` pieces (Language IV), on positions
//! worked out by hand; Lines of Action (`games/lines-of-action.game`) rests on both and is
//! refereed against OpenSpiel's in `python/tests/referee/`.

use crate::common::{engine, inline, legal};

/// Lines of Action's move along one line, up and down a file only, on a 5×5 board: exactly as
/// many steps as there are pieces on the file, over one's own pieces, never over an enemy's.
const FILE_RIDER: &str = "(game \"File\" (players \"Black\" \"White\") (board (square 5))
   (relation file N S)
   (play (turn (actions 1
     (for-each D (N S)
       (slide (from friend) (along D) (to any) (distance (+ 1 (count occupied (ray from file))))
         (through friend) (capture))))))
   (end (when (no-moves) (win mover))))";

fn moves_from(text: &str, position: &str, origin: &str) -> Vec<String> {
    let e = inline(text);
    let setup = tabula::position::read(&e, 0, position).expect("position");
    let s = e.position(&setup).expect("position");
    let mut out: Vec<String> = legal(&e, &s).into_iter().filter(|m| m.starts_with(&format!("{origin}-"))).collect();
    out.sort();
    out
}

#[test]
fn a_ride_goes_as_far_as_the_file_has_pieces_passing_its_own() {
    // a1, a2 Black, a4 White: three pieces on the file, so a1 goes three squares north, over
    // its own a2 and the empty a3, and takes a4. a2 would go three north to a5, but White's a4
    // is in the way. Southward both leave the board.
    let position = "(position (place \"Black\" a1 a2) (place \"White\" a4) (to-move \"Black\") (turn 1))";
    assert_eq!(moves_from(FILE_RIDER, position, "a1"), ["a1-a4"]);
    assert_eq!(moves_from(FILE_RIDER, position, "a2"), Vec::<String>::new());
}

#[test]
fn an_enemy_piece_on_the_way_blocks_the_ride() {
    // a1 Black, a3 White, a5 Black: three pieces; a1 would land on a4 and a5 on a2, but
    // White's a3 is in the way of both.
    let position = "(position (place \"Black\" a1 a5) (place \"White\" a3) (to-move \"Black\") (turn 1))";
    assert_eq!(moves_from(FILE_RIDER, position, "a1"), Vec::<String>::new());
    assert_eq!(moves_from(FILE_RIDER, position, "a5"), Vec::<String>::new());
    // With a3 Black instead: a1 passes a3 and lands on a4; a5 passes a3 and lands on a2.
    let position = "(position (place \"Black\" a1 a3 a5) (to-move \"Black\") (turn 1))";
    assert_eq!(moves_from(FILE_RIDER, position, "a1"), ["a1-a4"]);
    assert_eq!(moves_from(FILE_RIDER, position, "a5"), ["a5-a2"]);
    // a3 has three pieces on its file too, but three steps leave the board both ways.
    assert_eq!(moves_from(FILE_RIDER, position, "a3"), Vec::<String>::new());
}

#[test]
fn a_ride_never_ends_on_its_own_piece() {
    // a1, a3 Black and nothing else: two pieces, so a1 would land on its own a3.
    let position = "(position (place \"Black\" a1 a3) (place \"White\" e5) (to-move \"Black\") (turn 1))";
    assert_eq!(moves_from(FILE_RIDER, position, "a1"), Vec::<String>::new());
    // a3 goes two north to the empty a5.
    assert_eq!(moves_from(FILE_RIDER, position, "a3"), ["a3-a5"]);
}

#[test]
fn through_without_a_distance_rides_over_friends_to_every_free_site() {
    // A rook that may pass over its own pieces: from a1, north over a2 to a3 and a4, stopping
    // at (and taking) White's a5.
    let e = inline(
        "(game \"Over\" (players \"Black\" \"White\") (board (square 5))
           (setup (place \"Black\" a1 a2) (place \"White\" a5 e5))
           (play (turn (slide (from friend) (along N) (to any) (range any) (through friend) (capture))))
           (end (when (no-moves) (win mover))))",
    );
    let mut moves: Vec<String> = legal(&e, &e.initial()).into_iter().filter(|m| m.starts_with("a1-")).collect();
    moves.sort();
    assert_eq!(moves, ["a1-a3", "a1-a4", "a1-a5"]);
}

#[test]
fn lines_of_action_opens_as_the_rules_say() {
    // From the start, b1: north two (b1 and b8 on the file) to b3; north-east two (b1 and
    // White's h7 on the diagonal) to d3; east six (the whole first row) to h1, over its own
    // pieces. North-west the diagonal holds b1 and a2: two steps leave the board. c1 takes a3:
    // two pieces on its north-west diagonal (c1 and a3), over the empty b2.
    let e = engine("games/lines-of-action.game", "", &[]);
    let s = e.initial();
    let from = |origin: &str| {
        let mut m: Vec<String> = legal(&e, &s).into_iter().filter(|m| m.starts_with(origin)).collect();
        m.sort();
        m
    };
    assert_eq!(from("b1-"), ["b1-b3", "b1-d3", "b1-h1"]);
    assert_eq!(from("c1-"), ["c1-a3", "c1-c3", "c1-e3"]);
    assert_eq!(legal(&e, &s).len(), 36);
}

#[test]
fn between_counts_the_screen_of_a_cannon() {
    // A cannon captures by riding over exactly one piece of either side. White a1 and c1,
    // Black a3, a5 and e1. a1 takes a5 (a3 between, alone) and e1 (c1 between, alone), not a3
    // (nothing between). c1 reaches e1 with nothing between: no capture.
    let e = inline(
        "(game \"Cannons\" (players \"White\" \"Black\") (board (square 5))
           (setup (place \"White\" a1 c1) (place \"Black\" a3 a5 e1))
           (play (turn (slide (from friend) (along orthogonal) (to enemy) (range any) (through occupied) (capture)
             (where (= (count occupied (between from to)) 1)))))
           (end (when (no-moves) (win mover))))",
    );
    let mut moves = legal(&e, &e.initial());
    moves.sort();
    assert_eq!(moves, ["a1-a5", "a1-e1"]);
}

#[test]
fn an_attack_by_a_ride_counts_the_piece_it_would_capture() {
    // Black's rider on a1 goes east exactly one square more than the pieces on its rank. On the
    // empty rank it reaches b1; but a White stone placed on c1 would make the count 1 and the
    // distance 2, landing on c1: c1 is attacked. A stone on b1 would make the distance 2 as
    // well, so the rider would pass it: b1 is not attacked. White may place anywhere else.
    let e = inline(
        "(game \"Guarded\" (players \"White\" \"Black\") (board (square 5))
           (relation rank E W)
           (setup (place \"Black\" a1))
           (play (turn (actions 1
             (place (to empty) (where (not (attacked to))))
             (slide (from friend) (along E) (to any)
               (distance (+ 1 (count occupied (ray from rank)))) (capture)))))
           (end (when (no-moves) (win mover))))",
    );
    let moves = legal(&e, &e.initial());
    assert!(!moves.iter().any(|m| m == "c1"), "{moves:?}");
    assert!(moves.iter().any(|m| m == "b1"), "{moves:?}");
    assert_eq!(moves.len(), 23);
}
