//! Quoridor (`games/quoridor.game`, docs/RULINGS.md "Quoridor"): the pawn's step, the straight
//! jump, the side steps when a wall or the board's edge stands behind the other pawn, walls
//! that overlap, cross or stick off the board, walls that would cut a pawn off from its goal
//! row, empty hands, the race's end and OpenSpiel's draw at its 4 × size²-th move.
//!
//! Every expected value below is worked out by hand from the rules. Labels: cell `e5`, the
//! groove north of it `e5h`, east of it `e5v`, the crossing where they meet `e5x`. A wall is
//! written by its first groove: `d4h` covers `d4h d4x e4h`, `d4v` covers `d4v d4x d5v`. White
//! (player 0) starts on e9 and races to row 1; Black (player 1) starts on e1 and races to row 9.

use crate::common::*;

use tabula::display::board;
use tabula::engine::perft::perft;
use tabula::engine::{Engine, State};

fn quoridor(sets: &[&str]) -> Engine {
    engine("games/quoridor.game", "", sets)
}

/// The state of a position given by its inner forms (`(place ...) (to-move ...)`).
fn at(e: &Engine, forms: &str) -> State {
    from_text(e, &format!("(position {forms})"))
}

/// The legal pawn moves (written `from-to`), sorted.
fn steps(e: &Engine, s: &State) -> Vec<String> {
    sorted(legal(e, s).into_iter().filter(|a| a.contains('-')).collect())
}

/// The legal walls (written by their first groove), sorted.
fn walls(e: &Engine, s: &State) -> Vec<String> {
    sorted(legal(e, s).into_iter().filter(|a| !a.contains('-') && a != "pass").collect())
}

fn list(actions: &[&str]) -> Vec<String> {
    sorted(actions.iter().map(|a| a.to_string()).collect())
}

/// Every wall of an empty `n` × `n` board: each crossing inside the board (columns a to the
/// one before last, rows 1 to n - 1) anchors one wall lying east and one lying north.
fn every_wall(n: usize) -> Vec<String> {
    let mut all = Vec::new();
    for col in "abcdefghijklmnopqrstuvwxy".chars().take(n - 1) {
        for row in 1..n {
            all.push(format!("{col}{row}h"));
            all.push(format!("{col}{row}v"));
        }
    }
    sorted(all)
}

fn is_draw(e: &Engine, s: &State) -> bool {
    e.outcome(s).is_some_and(|o| o.is_draw())
}

// ---------------------------------------------------------------------------------------------
// The start and perft

/// White on e9 may step south to e8, west to d9 or east to f9 (north is off the board): 3 pawn
/// moves. Each of the 8 × 8 inner crossings anchors a wall east and a wall north: 128 walls.
/// 3 + 128 = 131.
///
/// Depth 2, by hand. After one of White's 3 steps Black has the same choice from e1: 3 steps
/// (e2, d1, f1) and 128 walls, 3 × 131 = 393. After one of White's 128 walls: a wall lying
/// east from column c (1..8) on row r forbids the walls east from c - 1, c and c + 1 on that
/// row (a shared groove) and the wall north from the same crossing (a shared crossing): 3
/// forbidden at c = 1 or 8, 4 elsewhere, so per row 2 × 125 + 6 × 124 = 994 walls for Black,
/// 8 × 994 = 7952 over the rows, and as many after White's 64 walls lying north: 15 904. No
/// single wall cuts a pawn off. Black's steps: 3 after each wall but the 4 that close one of
/// his grooves: `d1h` and `e1h` (both cover e1h: no e2), `d1v` (no d1), `e1v` (no f1):
/// 128 × 3 - 4 = 380. In all 393 + 15 904 + 380 = 16 677, which is OpenSpiel's figure; depth 3
/// is OpenSpiel's figure as its implementation publishes it.
#[test]
fn perft_from_the_start() {
    let e = quoridor(&[]);
    let s = e.initial();
    assert_eq!(perft(&e, &s, 1), 131);
    assert_eq!(perft(&e, &s, 2), 16_677);
}

#[test]
#[ignore = "long: perft 3, about two million sequences each wall checked for a way to the goal (a second in release)"]
fn long_perft() {
    let e = quoridor(&[]);
    assert_eq!(perft(&e, &e.initial(), 3), 2_062_264, "OpenSpiel's figure");
}

/// The 131 first actions one by one: the three steps, and one wall east and one north from
/// every crossing a1x to h8x. None from column i (`i3h` would cover `j3h`, off the board) nor
/// from row 9 (`c9v` would cover `c10v`).
#[test]
fn the_first_actions_are_three_steps_and_every_wall() {
    let e = quoridor(&[]);
    let s = e.initial();
    assert_eq!(steps(&e, &s), list(&["e9-d9", "e9-e8", "e9-f9"]));
    assert_eq!(walls(&e, &s), every_wall(9));
    assert_eq!(legal(&e, &s).len(), 131);
    assert_eq!(mover_name(&e, &s), "White", "White moves first");
}

/// `size` changes the board: the pawns start on the middle cells of the top and bottom rows
/// (right of the middle on an even board, as OpenSpiel places them), and (n - 1)² crossings
/// anchor two walls each. 5 × 5: c5 and c1, 3 + 2 × 16 = 35. 4 × 4: c4 and c1 (columns a-d,
/// right of the middle), 3 + 2 × 9 = 21. 3 × 3: b3 and b1, 3 + 2 × 4 = 11.
#[test]
fn smaller_boards() {
    for (size, white, black, first, count) in [
        (5, "c5", "c1", ["c5-b5", "c5-c4", "c5-d5"], 35),
        (4, "c4", "c1", ["c4-b4", "c4-c3", "c4-d4"], 21),
        (3, "b3", "b1", ["b3-a3", "b3-b2", "b3-c3"], 11),
    ] {
        let e = quoridor(&[&format!("size={size}")]);
        let s = e.initial();
        assert_eq!(stones(&e, &s, 0), [white], "White on {size} × {size}");
        assert_eq!(stones(&e, &s, 1), [black], "Black on {size} × {size}");
        assert_eq!(steps(&e, &s), list(&first), "{size} × {size}");
        assert_eq!(walls(&e, &s), every_wall(size), "{size} × {size}");
        assert_eq!(perft(&e, &s, 1), count, "{size} × {size}");
    }
}

// ---------------------------------------------------------------------------------------------
// Jumps

/// Face to face on the e-file with nothing behind: White on e5 steps to e6, d5 or f5, and
/// jumps Black on e4 to e3. The jump is no choice: with e3 free there is no side step to d4 or
/// f4. Black, to move in the same position, jumps White to e6.
#[test]
fn a_straight_jump_over_the_other_pawn() {
    let e = quoridor(&[]);
    let pawns = r#"(place "White" pawn e5) (place "Black" pawn e4)"#;
    let s = at(&e, &format!(r#"{pawns} (to-move "White")"#));
    assert_eq!(steps(&e, &s), list(&["e5-d5", "e5-e3", "e5-e6", "e5-f5"]));
    let s = at(&e, &format!(r#"{pawns} (to-move "Black")"#));
    assert_eq!(steps(&e, &s), list(&["e4-d4", "e4-e6", "e4-e3", "e4-f4"]));
}

/// A wall between the two pawns (`d4h`: d4h d4x e4h, e4h being the groove between e4 and e5)
/// stops the step onto the other pawn's cell, so neither jump nor side step: White has e6, d5
/// and f5 only.
#[test]
fn no_jump_through_a_wall_between_the_pawns() {
    let e = quoridor(&[]);
    let s = at(&e, r#"(place "White" pawn e5) (place "Black" pawn e4) (place wall d4h d4x e4h) (to-move "White")"#);
    assert_eq!(steps(&e, &s), list(&["e5-d5", "e5-e6", "e5-f5"]));
}

/// A wall behind Black (`d3h`: d3h d3x e3h, e3h being the groove between e3 and e4) stops
/// White's jump to e3: White steps beside Black instead, to d4 and f4 (grooves d4v and e4v
/// open). Black, to move, still jumps White the other way, to e6, and has no e3.
///
/// Then a second wall, `e3v` (e3v e3x e4v), stands in the groove between Black's e4 and f4:
/// the side step to f4 goes, d4 stays.
#[test]
fn a_wall_behind_the_other_pawn_turns_the_jump_into_side_steps() {
    let e = quoridor(&[]);
    let pawns = r#"(place "White" pawn e5) (place "Black" pawn e4)"#;
    let behind = "(place wall d3h d3x e3h)";
    let s = at(&e, &format!(r#"{pawns} {behind} (to-move "White")"#));
    assert_eq!(steps(&e, &s), list(&["e5-d4", "e5-d5", "e5-e6", "e5-f4", "e5-f5"]));
    let s = at(&e, &format!(r#"{pawns} {behind} (to-move "Black")"#));
    assert_eq!(steps(&e, &s), list(&["e4-d4", "e4-e6", "e4-f4"]));

    let beside = "(place wall e3v e3x e4v)";
    let s = at(&e, &format!(r#"{pawns} {behind} {beside} (to-move "White")"#));
    assert_eq!(steps(&e, &s), list(&["e5-d4", "e5-d5", "e5-e6", "e5-f5"]));
}

/// The side step goes through the other pawn's cell: only a wall between that pawn and the
/// cell beside it stops it, never one on the other way round. With the jump stopped (`d3h`)
/// and White's own way to d4 through d5 walled off (`d5v`: d5v d5x d6v between e5 and d5;
/// `c4h`: c4h c4x d4h between d5 and d4), White still steps to d4 beside Black (groove d4v
/// open), but not to d5.
#[test]
fn the_side_step_ignores_walls_off_its_way() {
    let e = quoridor(&[]);
    let s = at(
        &e,
        r#"(place "White" pawn e5) (place "Black" pawn e4)
           (place wall d3h d3x e3h c4h c4x d4h d5v d5x d6v) (to-move "White")"#,
    );
    assert_eq!(steps(&e, &s), list(&["e5-d4", "e5-e6", "e5-f4", "e5-f5"]));
}

/// The board's edge behind the other pawn stops the jump like a wall.
/// - Bottom row: Black on e1, White on e2 moving south: e0 does not exist, so White steps
///   beside Black to d1 and f1, besides e3, d2 and f2.
/// - Side column: Black on a5, White on b5 moving west: beside a5 are a6 and a4.
/// - Corner: White on a9 (his own start row), Black on a8 moving north: of the two cells
///   beside a9 only b9 is on the board.
#[test]
fn the_edge_behind_the_other_pawn_turns_the_jump_into_side_steps() {
    let e = quoridor(&[]);
    let s = at(&e, r#"(place "White" pawn e2) (place "Black" pawn e1) (to-move "White")"#);
    assert_eq!(steps(&e, &s), list(&["e2-d1", "e2-d2", "e2-e3", "e2-f1", "e2-f2"]));
    let s = at(&e, r#"(place "White" pawn b5) (place "Black" pawn a5) (to-move "White")"#);
    assert_eq!(steps(&e, &s), list(&["b5-a4", "b5-a6", "b5-b4", "b5-b6", "b5-c5"]));
    let s = at(&e, r#"(place "White" pawn a9) (place "Black" pawn a8) (to-move "Black")"#);
    assert_eq!(steps(&e, &s), list(&["a8-a7", "a8-b8", "a8-b9"]));
}

// ---------------------------------------------------------------------------------------------
// Walls: overlapping, crossing, off the board

/// With `d4h` down (d4h d4x e4h), a wall may not share a groove (`d4h` itself, `c4h` covering
/// d4h, `e4h` covering e4h) nor the crossing d4x (`d4v`, the cross). Walls that only touch it
/// are fine: `b4h` (b4h b4x c4h) and `f4h` (f4h f4x g4h) end to end, `c4v` (c4v c4x c5v) and
/// `e4v` (e4v e4x e5v) against its ends, `d3v` (d3v d3x d4v) and `d5v` (d5v d5x d6v) against
/// its middle from below and above. 128 - 4 = 124 walls.
///
/// And the same turned: with `d4v` down (d4v d4x d5v), `d4v`, `d3v` (covering d4v), `d5v`
/// (covering d5v) and `d4h` (the crossing) are refused; `d2v`, `d6v`, `c4h` (c4h c4x d4h) and
/// `e4h` (e4h e4x f4h) touch it and are fine.
#[test]
fn walls_may_not_overlap_or_cross_but_may_touch() {
    let e = quoridor(&[]);
    let s = at(&e, "(place wall d4h d4x e4h)");
    let offered = walls(&e, &s);
    for wall in ["d4h", "c4h", "e4h", "d4v"] {
        assert!(!offered.contains(&wall.to_string()), "{wall} overlaps or crosses d4h");
    }
    for wall in ["b4h", "f4h", "c4v", "e4v", "d3v", "d5v"] {
        assert!(offered.contains(&wall.to_string()), "{wall} only touches d4h");
    }
    assert_eq!(offered.len(), 124);

    let s = at(&e, "(place wall d4v d4x d5v)");
    let offered = walls(&e, &s);
    for wall in ["d4v", "d3v", "d5v", "d4h"] {
        assert!(!offered.contains(&wall.to_string()), "{wall} overlaps or crosses d4v");
    }
    for wall in ["d2v", "d6v", "c4h", "e4h"] {
        assert!(offered.contains(&wall.to_string()), "{wall} only touches d4v");
    }
    assert_eq!(offered.len(), 124);
}

/// Played from the start: White lays `d4h`; Black may not cross it with `d4v` nor lay `d4h`
/// again, and lays `e4v` against its end.
#[test]
fn a_crossing_wall_is_refused_in_play() {
    let e = quoridor(&[]);
    let mut s = e.initial();
    play(&e, &mut s, "d4h");
    refuse(&e, &mut s, "d4v");
    refuse(&e, &mut s, "d4h");
    play(&e, &mut s, "e4v");
    assert_eq!(mover_name(&e, &s), "White");
}

/// A wall covers two grooves: from column i (`i3h` would reach j3h) or row 9 (`c9v` would reach
/// c10v) it would stick off the board and is not offered, nor from beyond the last groove
/// (`a9h`, `i8v`). The last ones that fit are offered: `h3h` (h3h h3x i3h), `c8v` (c8v c8x
/// c9v), `h8h` and `h8v`.
#[test]
fn walls_sticking_off_the_board_are_not_offered() {
    let e = quoridor(&[]);
    let s = e.initial();
    for wall in ["i3h", "c9v", "i9h", "i9v", "a9h", "i8v", "i1h", "a9v"] {
        assert!(!is_legal(&e, &s, wall), "{wall} sticks off the board");
    }
    for wall in ["h3h", "c8v", "h8h", "h8v", "a1h", "a1v"] {
        assert!(is_legal(&e, &s, wall), "{wall} fits");
    }
}

// ---------------------------------------------------------------------------------------------
// Walls may not cut a pawn off

/// Black on a1. `a2h` (a2h a2x b2h) closes a2-a3 and b2-b3, `d1v` (d1v d1x d2v) closes d1-e1
/// and d2-e2: Black's corner a1..d2 is left two ways out, c2-c3 and d2-d3. `c2h` (c2h c2x d2h)
/// would close both: refused. `d2h` (d2h d2x e2h) closes only d2-d3: fine.
///
/// Count: of the 128 walls, `a2h` forbids a2h, b2h (shared grooves) and a2v (its crossing);
/// `d1v` forbids d1v, d2v and d1h: 122. Three of these cut Black off: `c2h`; and, from inside
/// the corner, `a1v` (a1v a1x a2v: closes a1-b1 and a2-b2, shutting Black in a1-a2 under
/// `a2h`) and `b1v` (b1v b1x b2v: closes b1-c1 and b2-c2, shutting him in a1..b2). `c1v`
/// leaves c2-c3 open, and no other single wall cuts off Black or White: 119.
///
/// With the east wall one column further (`e1v`: e1v e1x e2v), the corner a1..e2 has three
/// ways out (c2h, d2h, e2h), and `c2h` leaves e2-e3: legal. Of the 122 walls allowed by the
/// two down, only `a1v` and `b1v` still cut Black off: 120.
#[test]
fn a_wall_may_not_cut_a_pawn_off_from_its_goal() {
    let e = quoridor(&[]);
    let pawns = r#"(place "White" pawn e9) (place "Black" pawn a1)"#;
    let mut s = at(&e, &format!("{pawns} (place wall a2h a2x b2h d1v d1x d2v)"));
    let offered = walls(&e, &s);
    assert!(!offered.contains(&"c2h".to_string()));
    assert!(offered.contains(&"d2h".to_string()));
    for wall in ["a1v", "b1v"] {
        assert!(!offered.contains(&wall.to_string()), "{wall} shuts Black in");
    }
    assert!(offered.contains(&"c1v".to_string()));
    assert_eq!(offered.len(), 119);
    refuse(&e, &mut s, "c2h");

    let mut s = at(&e, &format!("{pawns} (place wall a2h a2x b2h e1v e1x e2v)"));
    let offered = walls(&e, &s);
    assert!(offered.contains(&"c2h".to_string()));
    assert_eq!(offered.len(), 120);
    play(&e, &mut s, "c2h");
}

/// The rule guards either pawn, the mover's own as well. White on i9 with `h8h` (h8h h8x i8h)
/// closing h9-h8 and i9-i8: `g8v` (g8v g8x g9v) would close g9-h9, the last way out of the
/// corner h9-i9. Neither White, cutting himself off, nor Black may lay it.
#[test]
fn a_wall_may_not_cut_off_the_movers_own_pawn() {
    let e = quoridor(&[]);
    for mover in ["White", "Black"] {
        let mut s = at(
            &e,
            &format!(r#"(place "White" pawn i9) (place "Black" pawn e1) (place wall h8h h8x i8h) (to-move "{mover}")"#),
        );
        assert!(!is_legal(&e, &s, "g8v"), "{mover}");
        assert!(is_legal(&e, &s, "f8v"), "{mover}: f8v (f8v f8x f9v) leaves g9-h9 open");
        refuse(&e, &mut s, "g8v");
    }
}

/// Pawns do not block the way. White on a5 is walled into a5-b5 by `a5h` (a5h a5x b5h) and
/// `a4h` (a4h a4x b4h); the only way out is b5-c5, where Black stands. White may still lay
/// walls: of the 128, a5h, b5h, a5v and a4h, b4h, a4v are forbidden by the two walls (shared
/// grooves and crossings), 122, and only the two covering the groove b5v, `b4v` (b4v b4x
/// b5v) and `b5v` (b5v b5x b6v), cut White off: 120. Were Black's pawn a wall, none would be
/// legal.
#[test]
fn pawns_do_not_block_the_way_to_the_goal() {
    let e = quoridor(&[]);
    let s = at(&e, r#"(place "White" pawn a5) (place "Black" pawn c5) (place wall a5h a5x b5h a4h a4x b4h)"#);
    let offered = walls(&e, &s);
    assert!(!offered.contains(&"b4v".to_string()));
    assert!(!offered.contains(&"b5v".to_string()));
    assert!(offered.contains(&"h1h".to_string()));
    assert_eq!(offered.len(), 120);
}

// ---------------------------------------------------------------------------------------------
// Hands

/// Each player has 10 walls, one fewer for each laid; with none left a player can only move
/// his pawn. Black with 0 walls on e1: e2, d1, f1 and nothing else. White with 1 wall: the 131
/// of the start; after laying it he has 0, and his next turn is three steps (e8 from e9: he
/// has not moved; d9, f9).
#[test]
fn a_player_without_walls_only_moves_his_pawn() {
    let e = quoridor(&[]);
    let s = e.initial();
    assert_eq!((s.hand(0), s.hand(1)), (Some(10), Some(10)));

    let mut s = at(
        &e,
        r#"(place "White" pawn e9) (place "Black" pawn e1) (to-move "Black") (hand "White" 1) (hand "Black" 0)"#,
    );
    assert_eq!(legal(&e, &s).len(), 3);
    assert_eq!(steps(&e, &s), list(&["e1-d1", "e1-e2", "e1-f1"]));
    play(&e, &mut s, "e1-e2");
    assert_eq!(legal(&e, &s).len(), 131);
    play(&e, &mut s, "c3h");
    assert_eq!((s.hand(0), s.hand(1)), (Some(0), Some(0)));
    play(&e, &mut s, "e2-e3");
    assert_eq!(sorted(legal(&e, &s)), list(&["e9-d9", "e9-e8", "e9-f9"]));

    // A wall costs one from the mover's hand only; a step costs nothing.
    let mut s = e.initial();
    play(&e, &mut s, "a1h e1-e2 h8v");
    assert_eq!((s.hand(0), s.hand(1)), (Some(8), Some(10)));
    play(&e, &mut s, "c5v");
    assert_eq!((s.hand(0), s.hand(1)), (Some(8), Some(9)));
}

/// `walls=0`: from the start only the three steps.
#[test]
fn the_walls_option_sets_the_hands() {
    let e = quoridor(&["walls=0"]);
    let s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), list(&["e9-d9", "e9-e8", "e9-f9"]));
    let e = quoridor(&["walls=3"]);
    assert_eq!((e.initial().hand(0), e.initial().hand(1)), (Some(3), Some(3)));
}

/// A player who can neither move nor lay a wall passes. It cannot arise in play (a pawn boxed
/// in by walls and the other pawn, whose own cell is walled in but for the mover's side, would
/// be cut off), so the position is built: Black on a1 with no walls, White on a2, `a1v` (a1v
/// a1x a2v) closing a1-b1 and a2-b2, `a2h` (a2h a2x b2h) behind White. Black's step north meets
/// White, the jump to a3 is walled, beside a2 are b2 (walled) and nothing (the edge); east is
/// walled: Black passes. White then is boxed in the same way, and every wall he might lay would
/// leave the pawns cut off: he passes too, with all ten walls in hand.
#[test]
fn a_player_who_can_do_nothing_passes() {
    let e = quoridor(&[]);
    let mut s = at(
        &e,
        r#"(place "White" pawn a2) (place "Black" pawn a1) (place wall a1v a1x a2v a2h a2x b2h)
           (to-move "Black") (hand "Black" 0)"#,
    );
    assert_eq!(legal(&e, &s), ["pass"]);
    play(&e, &mut s, "pass");
    assert_eq!(mover_name(&e, &s), "White");
    assert_eq!(s.hand(0), Some(10));
    assert_eq!(legal(&e, &s), ["pass"]);
}

// ---------------------------------------------------------------------------------------------
// The end

/// The first pawn on its goal row wins, for the player who moved it: White stepping e2-e1,
/// jumping e3-e1 over Black on e2, stepping beside Black on e1 to d1 (the edge behind him);
/// Black stepping d8-d9.
#[test]
fn reaching_the_goal_row_wins() {
    let e = quoridor(&[]);
    for (forms, action, winner_name) in [
        (r#"(place "White" pawn e2) (place "Black" pawn a5) (to-move "White")"#, "e2-e1", "White"),
        (r#"(place "White" pawn e3) (place "Black" pawn e2) (to-move "White")"#, "e3-e1", "White"),
        (r#"(place "White" pawn e2) (place "Black" pawn e1) (to-move "White")"#, "e2-d1", "White"),
        (r#"(place "White" pawn a5) (place "Black" pawn d8) (to-move "Black")"#, "d8-d9", "Black"),
    ] {
        let mut s = at(&e, forms);
        assert!(e.outcome(&s).is_none(), "{forms}");
        play(&e, &mut s, action);
        assert_eq!(winner(&e, &s).as_deref(), Some(winner_name), "{forms} {action}");
    }
}

/// A pawn's own start row is no goal: White along row 9, Black back onto row 1.
#[test]
fn the_start_row_is_no_goal() {
    let e = quoridor(&[]);
    let mut s = e.initial();
    play(&e, &mut s, "e9-d9 e1-e2 d9-c9 e2-e1");
    assert!(e.outcome(&s).is_none());
}

/// Option `openspiel`: the 4 × size²-th move draws, even one that reaches the goal row. On 3 ×
/// 3 that is the 36th: `(turn 36)` is the turn about to begin, after 35 played. White on b2
/// stepping to b1 (row 1) at turn 35 wins; at turn 36 it draws, and so does a step that reaches
/// nothing (b2-c2). Turn 35's b2-c2 leaves the game going, and Black's a1-a2, the 36th, draws.
/// Without the option the 36th move to the goal wins. On 9 × 9 the draw is the 324th move.
#[test]
fn openspiel_draws_at_the_four_size_squared_th_move() {
    let pawns = r#"(place "White" pawn b2) (place "Black" pawn a1) (to-move "White")"#;
    let e = quoridor(&["size=3", "openspiel=true"]);
    let mut s = at(&e, &format!("{pawns} (turn 35)"));
    play(&e, &mut s, "b2-b1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"), "the 35th move wins");
    let mut s = at(&e, &format!("{pawns} (turn 36)"));
    play(&e, &mut s, "b2-b1");
    assert!(is_draw(&e, &s), "the 36th move draws though it reaches row 1");
    let mut s = at(&e, &format!("{pawns} (turn 36)"));
    play(&e, &mut s, "b2-c2");
    assert!(is_draw(&e, &s), "the 36th move draws");
    let mut s = at(&e, &format!("{pawns} (turn 35)"));
    play(&e, &mut s, "b2-c2");
    assert!(e.outcome(&s).is_none(), "35 moves");
    play(&e, &mut s, "a1-a2");
    assert!(is_draw(&e, &s), "Black's 36th move draws");

    let e = quoridor(&["size=3"]);
    let mut s = at(&e, &format!("{pawns} (turn 36)"));
    play(&e, &mut s, "b2-b1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"), "no limit without the option");

    let e = quoridor(&["openspiel=true"]);
    let pawns = r#"(place "White" pawn e2) (place "Black" pawn a5) (to-move "White")"#;
    let mut s = at(&e, &format!("{pawns} (turn 323)"));
    play(&e, &mut s, "e2-e1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"), "the 323rd move wins");
    let mut s = at(&e, &format!("{pawns} (turn 324)"));
    play(&e, &mut s, "e2-e1");
    assert!(is_draw(&e, &s), "the 324th move draws");
}

/// The same draw reached by play from the start of a 3 × 3 game (White b3, Black b1): eight
/// rounds of White b3-a3, Black b1-c1, White a3-b3, Black c1-b1 (32 moves), then White
/// b3-a3 (33), Black b1-b2 (34), White a3-b3 (35). Black on b2 faces White on b3 at the top
/// edge: no jump, the side steps a3 and c3 (row 3, his goal) besides a2, c2 and b1. His b2-a3
/// is the 36th move: a draw under `openspiel`, a win without.
#[test]
fn openspiel_draw_reached_by_play() {
    let mut moves = "b3-a3 b1-c1 a3-b3 c1-b1 ".repeat(8);
    moves.push_str("b3-a3 b1-b2 a3-b3");
    for (sets, drawn) in [(&["size=3", "openspiel=true"][..], true), (&["size=3"][..], false)] {
        let e = quoridor(sets);
        let mut s = e.initial();
        play(&e, &mut s, &moves);
        assert!(e.outcome(&s).is_none(), "{sets:?}: 35 moves");
        assert_eq!(mover_name(&e, &s), "Black");
        assert_eq!(steps(&e, &s), list(&["b2-a2", "b2-a3", "b2-b1", "b2-c2", "b2-c3"]));
        play(&e, &mut s, "b2-a3");
        if drawn {
            assert!(is_draw(&e, &s), "{sets:?}");
        } else {
            assert_eq!(winner(&e, &s).as_deref(), Some("Black"), "{sets:?}");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The text board

/// The text board draws a wall in the grooves it covers: `a1h` as a line between rows 1 and 2
/// under columns a and b with the crossing between them, `a1v` as bars between columns a and
/// b on rows 1 and 2 and the crossing between the rows. Nothing else changes.
#[test]
fn the_text_board_shows_walls_between_cells() {
    let e = quoridor(&["size=3"]);
    let pawns = r#"(place "White" pawn b3) (place "Black" pawn b1)"#;
    let bare = board(&e, &at(&e, pawns));
    let lying = board(&e, &at(&e, &format!("{pawns} (place wall a1h a1x b1h)")));
    let standing = board(&e, &at(&e, &format!("{pawns} (place wall a1v a1x a2v)")));
    let changed = |walled: &str| -> Vec<(String, String)> {
        bare.lines().zip(walled.lines()).filter(|(a, b)| a != b).map(|(a, b)| (a.to_string(), b.to_string())).collect()
    };
    assert_eq!(bare.lines().count(), lying.lines().count());
    let lines = changed(&lying);
    assert_eq!(lines.len(), 1, "{lying}");
    assert_eq!(lines[0].1.trim(), "- + -", "{lying}");
    let lines = changed(&standing);
    assert_eq!(lines.len(), 3, "{standing}");
    assert!(lines[0].1.starts_with('2') && lines[0].1.contains('|'), "{standing}");
    assert_eq!(lines[1].1.trim(), "+", "{standing}");
    assert!(lines[2].1.starts_with('1') && lines[2].1.contains('|'), "{standing}");
}

// ---------------------------------------------------------------------------------------------
// Four players (`games/variants/quoridor-4.game`)

/// White starts on e9, Red on a5, Black on e1, Blue on i5, and they move in that order, each
/// with five walls. On an empty board each pawn has the three cells beside it that lie on the
/// board (a pawn in the middle of a side has no cell beyond the edge), and the first player's
/// walls are every wall of the board: 3 + 128 actions.
#[test]
fn four_players_start_on_the_four_sides() {
    let e = engine("games/variants/quoridor-4.game", "", &[]);
    let mut s = e.initial();
    assert_eq!(steps(&e, &s), list(&["e9-d9", "e9-e8", "e9-f9"]));
    assert_eq!(walls(&e, &s), every_wall(9));
    let expected = [
        ("e9-e8", list(&["a5-a4", "a5-a6", "a5-b5"])),
        ("a5-b5", list(&["e1-d1", "e1-e2", "e1-f1"])),
        ("e1-e2", list(&["i5-h5", "i5-i4", "i5-i6"])),
    ];
    for (action, next) in expected {
        play(&e, &mut s, action);
        assert_eq!(steps(&e, &s), next, "after {action}");
    }
    assert_eq!((0..4).map(|p| s.hand(p)).collect::<Vec<_>>(), [Some(5); 4]);
}

/// Each races to the side opposite his start: Red on h3 stepping east to i3 wins; Blue on b7
/// stepping west to a7 wins; Red stepping to row 1 or 9 (others' goals) does not end the game.
#[test]
fn four_players_race_to_the_side_opposite() {
    let e = engine("games/variants/quoridor-4.game", "", &[]);
    let pawns = r#"(place "White" pawn e9) (place "Black" pawn e1)"#;
    let mut s = at(&e, &format!(r#"{pawns} (place "Red" pawn h3) (place "Blue" pawn b7) (to-move "Red")"#));
    play(&e, &mut s, "h3-i3");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    let mut s = at(&e, &format!(r#"{pawns} (place "Red" pawn h3) (place "Blue" pawn b7) (to-move "Blue")"#));
    play(&e, &mut s, "b7-a7");
    assert_eq!(winner(&e, &s).as_deref(), Some("Blue"));
    let mut s = at(&e, &format!(r#"{pawns} (place "Red" pawn c2) (place "Blue" pawn b7) (to-move "Red")"#));
    play(&e, &mut s, "c2-c1");
    assert!(e.outcome(&s).is_none());
}

/// With a third pawn on the cell beyond, a pawn neither jumps nor steps beside (no wall stands
/// behind the pawn it faces): White on e5 facing Red on e4 with Black on e3 has only d5, f5 and
/// e6.
#[test]
fn a_third_pawn_beyond_stops_the_jump_and_the_side_steps() {
    let e = engine("games/variants/quoridor-4.game", "", &[]);
    let s = at(
        &e,
        r#"(place "White" pawn e5) (place "Red" pawn e4) (place "Black" pawn e3) (place "Blue" pawn i5) (to-move "White")"#,
    );
    assert_eq!(steps(&e, &s), list(&["e5-d5", "e5-e6", "e5-f5"]));
}

// ---------------------------------------------------------------------------------------------
// Three players (`games/variants/quoridor-3.game`)

/// White starts on e9, Red on a5 and Black on e1, and they move in that order, each with seven
/// walls; then White again. Nobody starts on the right column, and Red races to it: Red on h3
/// stepping east to i3 wins, and Black stepping to row 1 (White's goal) does not end the game.
#[test]
fn three_players_start_on_three_sides_and_race_across() {
    let e = engine("games/variants/quoridor-3.game", "", &[]);
    let mut s = e.initial();
    assert_eq!(walls(&e, &s), every_wall(9));
    let expected = [
        ("e9-e8", list(&["a5-a4", "a5-a6", "a5-b5"])),
        ("a5-b5", list(&["e1-d1", "e1-e2", "e1-f1"])),
        ("e1-e2", list(&["e8-d8", "e8-e7", "e8-e9", "e8-f8"])),
    ];
    for (action, next) in expected {
        play(&e, &mut s, action);
        assert_eq!(steps(&e, &s), next, "after {action}");
    }
    assert_eq!((0..3).map(|p| s.hand(p)).collect::<Vec<_>>(), [Some(7); 3]);

    let pawns = r#"(place "White" pawn e9) (place "Black" pawn e1)"#;
    let mut s = at(&e, &format!(r#"{pawns} (place "Red" pawn h3) (to-move "Red")"#));
    play(&e, &mut s, "h3-i3");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    let mut s = at(&e, r#"(place "White" pawn e9) (place "Red" pawn a5) (place "Black" pawn c2) (to-move "Black")"#);
    play(&e, &mut s, "c2-c1");
    assert!(e.outcome(&s).is_none());
}
