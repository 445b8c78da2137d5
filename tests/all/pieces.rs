//! Kinds of piece, moves that capture, riders, leaps, hops and promotion, each on a small
//! board worked out by hand (the expected actions and positions are read off the diagrams in
//! the comments, not computed), and Clobber's start as published.

use crate::common::*;
use tabula::engine::Engine;

/// A two-player game on a small square board with the given sections added.
fn game(size: u32, sections: &str) -> Engine {
    inline(&format!("(game \"T\" (players \"X\" \"O\") (board (square {size})) {sections})"))
}

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

/// The kind name of the piece on a site, if any.
fn kind_at(e: &Engine, s: &tabula::engine::State, label: &str) -> Option<String> {
    e.kind(s, site(e, label)).map(|k| e.game().pieces[k as usize].name.clone())
}

#[test]
fn clobber_starts_chequered_with_the_published_49_moves() {
    let e = engine("games/clobber.game", "", &[]);
    let s = e.initial();
    // a1 is White's, b1 Black's, a2 Black's, b2 White's, and so on over 6 × 5.
    assert_eq!(e.stone(&s, site(&e, "a1")), Some(0));
    assert_eq!(e.stone(&s, site(&e, "b1")), Some(1));
    assert_eq!(e.stone(&s, site(&e, "a2")), Some(1));
    assert_eq!(e.stone(&s, site(&e, "f5")), Some(1));
    assert_eq!(stones(&e, &s, 0).len(), 15);
    assert_eq!(stones(&e, &s, 1).len(), 15);
    // Every one of the 25 + 24 orthogonal adjacencies joins a White and a Black stone: one
    // White move each (CLASSICS.md: "White has 49 moves at the start").
    assert_eq!(e.legal(&s).len(), 49);
}

#[test]
fn clobber_on_two_by_two_is_three_captures_then_black_is_stuck() {
    //  a2 B  b2 W     White a1-b1 takes b1; Black a2-b2 takes b2 (its only stone next to an
    //  a1 W  b1 B     enemy); White b1-b2 takes it back; Black has no stone left and loses.
    let e = engine("games/clobber.game", "", &["width=2", "height=2"]);
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-b1 b2-a2 b2-b1"));
    play(&e, &mut s, "a1-b1");
    assert_eq!(legal(&e, &s), vec!["a2-b2"]);
    play(&e, &mut s, "a2-b2");
    assert_eq!(legal(&e, &s), vec!["b1-b2"]);
    play(&e, &mut s, "b1-b2");
    assert_eq!(stones(&e, &s, 0), vec!["b2"]);
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
}

#[test]
fn clobber_captures_by_replacement_and_a_player_who_cannot_move_loses() {
    // 3 × 2, White to move:   a2 O  b2 .  c2 .
    //                         a1 X  b1 O  c1 .
    let bare = game(
        3,
        "(play (turn (slide (from friend) (along orthogonal) (to enemy) (capture))))
         (end (when (no-moves) (win mover)))",
    );
    let mut s = position(&bare, &["a1", "b1 a2"], 0, None, 0);
    assert_eq!(sorted(legal(&bare, &s)), labels("a1-a2 a1-b1"));
    // Onto an empty site is no move, nor onto one's own stone.
    assert_eq!(refuse(&bare, &mut s, "a1-b2"), "b2 is not next to a1 (along orthogonal)");
    play(&bare, &mut s, "a1-b1");
    // b1 is now White's, a1 empty, the Black stone of b1 gone.
    assert_eq!(stones(&bare, &s, 0), vec!["b1"]);
    assert_eq!(stones(&bare, &s, 1), vec!["a2"]);
    // Black's a2 has no orthogonal enemy (a1 empty, b2 empty): Black cannot move and loses.
    assert_eq!(winner(&bare, &s).as_deref(), Some("X"));
}

#[test]
fn a_capture_credits_its_counter_and_never_takes_ones_own_piece() {
    let e = game(
        3,
        "(counter taken)
         (play (turn (slide (from friend) (along orthogonal) (to any) (capture (credit taken mover)))))
         (end (when (no-moves) (win mover)))",
    );
    //  a2 X  b2 .          X to move: a1-b1 captures O, a1-a2 would land on X (never),
    //  a1 X  b1 O          a2-b2 is a plain step.
    let mut s = position(&e, &["a1 a2", "b1"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-b1 a2-a3 a2-b2"));
    assert!(refuse(&e, &mut s, "a1-a2").contains("occupied"));
    play(&e, &mut s, "a1-b1");
    assert_eq!(s.counter(0, 0), 1);
    assert_eq!(s.counter(0, 1), 0);
    assert_eq!(stones(&e, &s, 1), Vec::<String>::new());
}

#[test]
fn a_rider_slides_until_blocked_and_captures_the_first_enemy_only() {
    let e = game(
        4,
        "(play (turn (slide (from friend) (along orthogonal) (to any) (range any) (capture))))
         (end (when (no-moves) (win mover)))",
    );
    //  a4 O  .  .  .
    //  a3 O  .  .  .      X's rook on a1: up a2, a3 (captures; a4 behind it is out of reach);
    //  a2 .  .  .  .      right b1 only (c1 is X's own). X's c1: b1, d1, c2 c3 c4.
    //  a1 X  b1 . c1 X  d1 .
    let s = position(&e, &["a1 c1", "a3 a4"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-a3 a1-b1 c1-b1 c1-d1 c1-c2 c1-c3 c1-c4"));
}

#[test]
fn a_slide_of_range_two_stops_after_two_steps_and_never_captures_without_capture() {
    let e = game(
        5,
        "(play (turn (slide (from friend) (along N) (to empty) (range 2))))
         (end (when (no-moves) (win mover)))",
    );
    // X a1 goes to a2 or a3 (not a4); X c1 is blocked at c3 by O: c2 only.
    let s = position(&e, &["a1 c1", "c3"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-a3 c1-c2"));
}

#[test]
fn a_knight_leaps_over_anything_to_the_ends_of_its_paths() {
    let e = game(
        4,
        "(play (turn (leap (from friend)
                       (by (N N E) (N N W) (S S E) (S S W) (E E N) (E E S) (W W N) (W W S))
                       (to any) (capture))))
         (end (when (no-moves) (win mover)))",
    );
    //  a3 .  b3 .  c3 O  d3 .
    //  a2 X  b2 X  c2 .  d2 .     X's knight on b1, surrounded: a3, c3 (captures O), d2.
    //  a1 .  b1 X  c1 .  d1 .     The knights on a2 and b2 move too: a2: b4, c1, c3;
    //                             b2: a4, c4, d1, d3 (d3 empty).
    let s = position(&e, &["b1 a2 b2", "c3"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("b1-a3 b1-c3 b1-d2 a2-b4 a2-c1 a2-c3 b2-a4 b2-c4 b2-d1 b2-d3"));
}

#[test]
fn a_hop_jumps_a_neighbour_to_the_empty_site_beyond_and_captures_only_enemies() {
    let e = game(
        4,
        "(play (turn (hop (from friend) (over all) (to empty) (capture))))
         (end (when (no-moves) (win mover)))",
    );
    //  a3 .  b3 .  c3 .
    //  a2 X  b2 O  c2 .     X a1: over a2 (own) to a3; over b2 (O) to c3; b1 is empty.
    //  a1 X  b1 .  c1 .     X a2: over b2 to c2; over a1? a0 is off the board.
    let mut s = position(&e, &["a1 a2", "b2"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a3 a1-c3 a2-c2"));
    play(&e, &mut s, "a1-c3");
    // The O on b2 was jumped and removed.
    assert_eq!(stones(&e, &s, 1), Vec::<String>::new());
    assert_eq!(stones(&e, &s, 0), vec!["a2", "c3"]);
    // Jumping one's own stone leaves it.
    let mut s = position(&e, &["a1 a2", "b2"], 0, None, 0);
    play(&e, &mut s, "a1-a3");
    assert_eq!(stones(&e, &s, 0), vec!["a2", "a3"]);
    assert_eq!(stones(&e, &s, 1), vec!["b2"]);
}

#[test]
fn a_hop_captures_by_the_jumping_pieces_team_not_the_movers() {
    //  3  O . X      X hops O's a3 over O's a2 to a1: `(over orthogonal enemy)` is read
    //  2  O . .      for the mover (a2 is X's enemy), but the capture takes only a piece of
    //  1  . . .      another team than the jumping piece's, and a2 is O's, as a3 is: it stays.
    //     a b c      (LANGUAGE.md, `capture` and `hop`; DISAGREEMENTS.md, F1.)
    let e = inline(
        r#"(game "T" (players "X" "O") (board (square 3))
          (setup (place "X" c3) (place "O" a3 a2))
          (play (turn (actions 1 (hop (from any) (over orthogonal enemy) (to empty) (capture))
            (place (to empty) (where (not (first-turn)))))))
          (end (turn-limit 4)))"#,
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a3-a1"]);
    play(&e, &mut s, "a3-a1");
    assert_eq!(stones(&e, &s, 1), labels("a1 a2"));
    assert_eq!(stones(&e, &s, 0), labels("c3"));
    // O places on any of the six empty sites (a2 is not one of them).
    assert_eq!(sorted(legal(&e, &s)), labels("a3 b1 b2 b3 c1 c2"));
}

#[test]
fn two_piece_moves_in_a_stage_step_forward_and_capture_diagonally() {
    // Breakthrough's moves for the player going north: straight onto an empty site only,
    // diagonally onto an empty site or an enemy's.
    let e = game(
        3,
        "(play (turn (actions 1
                       (slide (from friend) (along N) (to empty))
                       (slide (from friend) (along NE) (to any) (capture))
                       (slide (from friend) (along NW) (to any) (capture)))))
         (end (when (no-moves) (win mover)))",
    );
    //  a2 O  b2 O  c2 .     X b1: b2 is O's (a straight move never captures); c2 (NE);
    //  a1 .  b1 X  c1 X     a2 captures (NW). X c1: c2 (N), b2 captures (NW).
    let mut s = position(&e, &["b1 c1", "a2 b2"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("b1-a2 b1-c2 c1-b2 c1-c2"));
    play(&e, &mut s, "c1-b2");
    assert_eq!(stones(&e, &s, 0), vec!["b1", "b2"]);
    assert_eq!(stones(&e, &s, 1), vec!["a2"]);
}

#[test]
fn an_action_two_moves_can_make_is_one_action_and_the_first_moves_own() {
    let e = game(
        3,
        "(counter taken)
         (play (turn (actions 1
                       (slide (from friend) (along N) (to empty))
                       (slide (from friend) (along orthogonal) (to any) (capture (credit taken mover))))))
         (end (when (no-moves) (win mover)))",
    );
    //  a2 .  b2 .
    //  a1 X  b1 O     a1-a2 is made by both moves: listed once. a1-b1 captures (second move).
    let mut s = position(&e, &["a1", "b1"], 0, None, 0);
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-b1"));
    play(&e, &mut s, "a1-b1");
    assert_eq!(s.counter(0, 0), 1);
}

#[test]
fn a_leap_whose_two_paths_end_on_one_site_is_one_action() {
    let e = game(
        3,
        "(play (turn (leap (from friend) (by (E) (N SE)) (to empty))))
         (end (when (no-moves) (win mover)))",
    );
    //  a2 .  b2 .     X a1: (E) ends on b1, and (N SE) goes a2 then b1: one site, one action.
    //  a1 X  b1 .     (Found by the reference model, tests/model/DISAGREEMENTS.md, E1.)
    let s = position(&e, &["a1", "c3"], 0, None, 0);
    assert_eq!(legal(&e, &s), vec!["a1-b1"]);
    assert_eq!(tabula::engine::perft::perft(&e, &s, 1), 1);
}

#[test]
fn an_action_whose_first_move_fails_its_after_or_require_is_the_next_moves() {
    // Two slides make the same actions; the first may not be made (its `after` or `require`
    // fails) and would win. LANGUAGE.md: the action is the first one's *that can make it*,
    // so a1-a2 is the plain slide's, and Black moves next. (The reference model's E3.)
    for rule in ["(after false)", "(require (connected friend side-N orthogonal))"] {
        let e = game(
            3,
            &format!(
                "(play (turn (actions 1
                   (slide (from friend) (along orthogonal) (to empty) {rule} (then (win mover)))
                   (slide (from friend) (along orthogonal) (to empty)))))
                 (end (turn-limit 4))"
            ),
        );
        //  a3 .  b3 .  c3 O
        //  a2 .  b2 .  c2 .     X a1 slides to a2 or b1, neither touching the north side.
        //  a1 X  b1 .  c1 .
        let mut s = position(&e, &["a1", "c3"], 0, None, 0);
        assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-b1"), "{rule}");
        play(&e, &mut s, "a1-a2");
        assert!(e.outcome(&s).is_none(), "{rule}");
        assert_eq!(mover_name(&e, &s), "O", "{rule}");
        assert_eq!(stones(&e, &s, 0), vec!["a2"], "{rule}");
    }
}

#[test]
fn an_after_rule_sees_the_kind_a_placement_puts() {
    // `(piece queen)` puts a queen: after it, `to` holds a friend queen and no friend bishop
    // (LANGUAGE.md, piece; the reference model's E5, where `after` saw the first kind).
    for (after, expected) in [("(is (friend queen) to)", "a1 a2 b1 b2"), ("(is (friend bishop) to)", "")] {
        let e = inline(&format!(
            "(game \"T\" (players \"X\" \"O\") (board (square 2)) (pieces bishop queen)
               (play (turn (place (to empty) (piece queen) (after {after}))))
               (end (turn-limit 2)))"
        ));
        assert_eq!(sorted(legal(&e, &e.initial())), labels(expected), "{after}");
    }
}

#[test]
fn kinds_are_placed_counted_asked_and_promoted() {
    let e = inline(
        "(game \"T\" (players \"X\" \"O\") (board (square 3))
           (pieces pawn (king \"K\"))
           (setup (place \"X\" king a1) (place \"O\" c3))
           (play (turn (actions 1
                         (slide (from (friend pawn)) (along N) (to empty)
                           (then (if (in to side-N) (promote to king))))
                         (place (to empty) (piece pawn)))))
           (end (when (>= (count (friend king) any) 2) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(kind_at(&e, &s, "a1").as_deref(), Some("king"));
    assert_eq!(kind_at(&e, &s, "c3").as_deref(), Some("pawn"));
    assert_eq!(kind_at(&e, &s, "b1"), None);
    // The king on a1 does not slide (only pawns do): X's actions are the 7 placements.
    assert_eq!(legal(&e, &s).len(), 7);
    play(&e, &mut s, "b2");
    assert_eq!(kind_at(&e, &s, "b2").as_deref(), Some("pawn"));
    play(&e, &mut s, "a2");
    // X's pawn b2 steps to b3, the far row, and becomes a king: two kings, X wins.
    play(&e, &mut s, "b2-b3");
    assert_eq!(kind_at(&e, &s, "b3").as_deref(), Some("king"));
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));
}

#[test]
fn boards_show_each_piece_by_its_kind_letter_in_its_teams_case() {
    let e = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 3))
           (pieces pawn (king \"Q\"))
           (setup (place \"White\" king a1) (place \"White\" b1) (place \"Black\" c3) (place \"Black\" king a3))
           (play (turn (slide (from friend) (along N) (to empty))))
           (end (when (no-moves) (win mover))))",
    );
    let s = e.initial();
    let text = tabula::display::board(&e, &s);
    // White's king shows its declared symbol Q, White's pawn P; Black's in lower case.
    insta::assert_snapshot!("pieces_text_board", text);
    let sites = e.game().board.site_count() as u16;
    let stones: Vec<Option<usize>> = (0..sites).map(|t| e.stone(&s, t)).collect();
    let kinds: Vec<u8> = (0..sites).map(|t| e.kind(&s, t).unwrap_or(0)).collect();
    let picture =
        tabula::render::Picture { game: e.game(), stones: &stones, highlight: &[], relations: &[], title: None };
    let svg = tabula::render::svg_with_kinds(&picture, &kinds);
    assert!(svg.contains(">Q</text>") && svg.contains(">p</text>") && svg.contains(">q</text>"), "{svg}");
}

#[test]
fn within_is_every_site_a_number_of_steps_from_a_region() {
    // On 4 × 4, one orthogonal step from side-S is rows 1 and 2; two steps from a corner
    // along all eight directions is the 3 × 3 block a1..c3.
    let e = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 4))
           (region home (owner \"White\") (within 1 side-S orthogonal))
           (region home (owner \"Black\") (within 0 side-N orthogonal))
           (region corner (sites a1))
           (region block (within 2 corner all))
           (setup (place \"White\" home) (place \"Black\" home))
           (play (turn (place (to empty) (where (in to block)))))
           (end (when (no-moves) (win mover))))",
    );
    let s = e.initial();
    assert_eq!(sorted(stones(&e, &s, 0)), labels("a1 b1 c1 d1 a2 b2 c2 d2"));
    assert_eq!(sorted(stones(&e, &s, 1)), labels("a4 b4 c4 d4"));
    // The block's empty sites: a3 b3 c3 (rows 1 and 2 are full).
    assert_eq!(sorted(legal(&e, &s)), labels("a3 b3 c3"));
}

#[test]
fn breakthrough_pawns_step_forward_capture_diagonally_and_win_on_the_far_row() {
    let e = engine("games/breakthrough.game", "", &["size=5"]);
    let s = e.initial();
    // Rows 1-2 White's, rows 4-5 Black's on 5 × 5.
    assert_eq!(stones(&e, &s, 0).len(), 10);
    assert_eq!(stones(&e, &s, 1).len(), 10);
    // The same moves on a bare board, for a position worked out by hand.
    let bare = inline(
        "(game \"T\" (players \"White\" \"Black\") (board (square 5))
           (relation ahead (owner \"White\") N) (relation ahead (owner \"Black\") S)
           (relation ahead-diagonal (owner \"White\") NE NW) (relation ahead-diagonal (owner \"Black\") SE SW)
           (region goal (owner \"White\") side-N) (region goal (owner \"Black\") side-S)
           (play (turn (actions 1 (slide (from friend) (along ahead) (to empty))
                                  (slide (from friend) (along ahead-diagonal) (to any) (capture)))))
           (end (when (in last goal) (win mover)) (when (no-moves) (win mover))))",
    );
    //  5  .  .  .  .  .
    //  4  .  O  .  .  .     White to move. b3: straight b4 is Black's (no capture straight);
    //  3  .  X  O  .  .     diagonally a4 (empty) and c4 (empty). c3 is Black's.
    //  2  .  .  .  .  .     White d1: d2, c2, e2.
    //  1  .  .  .  X  .
    let mut s = position(&bare, &["b3 d1", "b4 c3"], 0, None, 0);
    assert_eq!(sorted(legal(&bare, &s)), labels("b3-a4 b3-c4 d1-c2 d1-d2 d1-e2"));
    play(&bare, &mut s, "b3-c4");
    // Black: b4 goes down to b3 (straight, empty), a3 or c3? c3 is Black's own: b4-a3, b4-b3.
    // c3 goes to c2, b2, d2 (d1 is White's but two rows away).
    assert_eq!(sorted(legal(&bare, &s)), labels("b4-a3 b4-b3 c3-b2 c3-c2 c3-d2"));
    play(&bare, &mut s, "c3-c2");
    // White d1 captures c2 diagonally (d1-d2 straight is still a plain step).
    assert!(is_legal(&bare, &s, "d1-c2") && is_legal(&bare, &s, "d1-d2"));
    play(&bare, &mut s, "d1-c2");
    assert_eq!(stones(&bare, &s, 1), vec!["b4"]);
    play(&bare, &mut s, "b4-b3");
    // c4 steps to the far row c5 and wins.
    play(&bare, &mut s, "c4-c5");
    assert_eq!(winner(&bare, &s).as_deref(), Some("White"));
}
