//! Each ludeme on its own, in a small game written for it: a position, an action, the exact
//! consequence.

use crate::common::*;

/// A two-player game on a small square board with the given sections added.
fn game(size: u32, sections: &str) -> tabula::engine::Engine {
    inline(&format!("(game \"T\" (players \"X\" \"O\") (board (square {size})) {sections})"))
}

#[test]
fn place_to_and_where() {
    let e = game(
        3,
        "(play (turn (place (to perimeter) (where (is empty to) (> (count empty (neighbors to orthogonal)) 2))))) (end (when (no-moves) draw))",
    );
    let s = e.initial();
    // Perimeter sites with three or more empty orthogonal neighbours: the edge midpoints.
    assert_eq!(legal(&e, &s), ["b1", "a2", "c2", "b3"]);
}

#[test]
fn require_connected_is_checked_after_the_stone_arrives() {
    let e = game(
        3,
        "(play (turn (place (to empty) (require (connected empty perimeter orthogonal))))) (end (when (no-moves) draw))",
    );
    // b2 is the only interior point; it drains through any empty edge point.
    let s = position(&e, &["a2 c2", "b1"], 0, None, 3);
    assert!(!is_legal(&e, &s, "b3"), "b3 would cut b2 off");
    assert!(is_legal(&e, &s, "b2"), "filling the pocket itself is fine");
    assert!(is_legal(&e, &s, "a1"));
}

#[test]
fn remove_is_simultaneous_and_credits_by_recipient() {
    for (recipient, expect) in [("mover", (2, 0)), ("owner", (0, 2))] {
        let e = game(
            3,
            &format!(
                "(counter caught)
                 (play (turn (place (to empty) (then (remove (neighbors to orthogonal) (where (is enemy site) (= (count empty (neighbors site orthogonal)) 0)) (credit caught {recipient}))))))
                 (end (when (board-full) draw))"
            ),
        );
        // O on a1 and c1 have b1 as their last liberty... a1's neighbours a2, b1; c1's b1, c2.
        let mut s = position(&e, &["a2 c2", "a1 c1"], 0, None, 4);
        play(&e, &mut s, "b1");
        assert_eq!(stones(&e, &s, 1), Vec::<String>::new(), "both stones go at once");
        assert_eq!((s.counter(0, 0), s.counter(0, 1)), expect, "credit {recipient}");
    }
}

#[test]
fn actions_bounds_and_end() {
    let e = game(3, "(play (turn (actions 1 3 (place (to empty))))) (end (when (board-full) draw))");
    let mut s = e.initial();
    assert!(!is_legal(&e, &s, "end"), "the first action is required");
    play(&e, &mut s, "a1");
    assert!(is_legal(&e, &s, "end"));
    play(&e, &mut s, "a2 a3");
    assert_eq!(mover_name(&e, &s), "O", "three actions at most");
    play(&e, &mut s, "b1 end");
    assert_eq!(mover_name(&e, &s), "X");
    assert_eq!(s.turns(), 2);
}

#[test]
fn allow_and_allow_next() {
    let e = game(
        4,
        "(allowance more)
         (play (turn (actions 1 (+ 1 (allowance more)) (place (to empty) (then (if (is friend to) (allow-next more 2)))))))
         (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1");
    // X granted O's next turn two more actions.
    assert_eq!(mover_name(&e, &s), "O");
    play(&e, &mut s, "a2 end");
    assert_eq!(mover_name(&e, &s), "X");
    assert_eq!(s.allowance(0), 2, "O's grant is for X's turn");
}

#[test]
fn grew_compares_with_the_start_of_the_turn() {
    let e = game(
        4,
        "(counter grows)
         (play (turn (actions 2 (place (to empty)))) (after-turn (if (grew (largest-group orthogonal any)) (add grows mover 1))))
         (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2");
    assert_eq!(s.counter(0, 0), 1, "0 → 2");
    play(&e, &mut s, "d4 d3");
    assert_eq!(s.counter(0, 1), 0, "2 → 2 is not growth");
    play(&e, &mut s, "c1 c2");
    assert_eq!(s.counter(0, 0), 1, "X's largest stays 2");
    play(&e, &mut s, "d2 d1");
    assert_eq!(s.counter(0, 1), 1, "O reaches 4");
}

#[test]
fn first_turn_and_turn_number() {
    let e = game(
        3,
        "(counter t) (play (turn (place (to empty) (then (if (first-turn) (add t mover 10) (add t mover (turn-number))))))) (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2 a3");
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (13, 2));
}

#[test]
fn phases_move_on_when_until_holds() {
    let e = inline(
        r#"(game "T" (players "X" "O" (hand 1)) (board (square 3))
          (play
            (phase "drop" (until (hand-empty)) (turn (place (to empty))))
            (phase "move" (turn (slide (from friend) (along orthogonal) (to empty)))))
          (end (turn-limit 6)))"#,
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 c3");
    assert_eq!(s.phase(0), 1, "X's hand is empty at his turn: movement");
    assert!(legal(&e, &s).iter().all(|a| a.contains('-')));
    play(&e, &mut s, "a1-a2");
    assert_eq!(stones(&e, &s, 0), ["a2"]);
}

#[test]
fn blocked_pass_and_blocked_end() {
    let pass = inline(
        r#"(game "T" (players "X" "O" (hand 0)) (board (square 2))
          (play (turn (slide (from friend) (along orthogonal) (to empty))) (blocked pass))
          (end (turn-limit 10)))"#,
    );
    let mut s = position(&pass, &["a1 b2", "b1"], 1, Some(vec![0, 0]), 3);
    assert_eq!(legal(&pass, &s), ["pass"], "O's only stone is boxed in");
    play(&pass, &mut s, "pass");
    assert_eq!(mover_name(&pass, &s), "X");
    let end = inline(
        r#"(game "T" (players "X" "O" (hand 0)) (board (square 2))
          (play (turn (slide (from friend) (along orthogonal) (to empty))))
          (end (when (no-moves) (win next))))"#,
    );
    let s = position(&end, &["a1 b2", "b1"], 1, Some(vec![0, 0]), 3);
    // No move for O: the game ends. Nobody has acted yet, so the mover of the outcome is the
    // first player, X, and `next` is O — not the player to move, O, whose `next` would be X.
    assert_eq!(winner(&end, &s).as_deref(), Some("O"));
}

#[test]
fn slide_along_a_relation_keeps_the_owner() {
    let e = inline(
        r#"(game "T" (players "X" "O" (hand 0)) (board (square 3))
          (play (turn (slide (from any) (along diagonal) (to empty))))
          (end (turn-limit 10)))"#,
    );
    let mut s = position(&e, &["a1", "c3"], 0, Some(vec![0, 0]), 2);
    assert_eq!(legal(&e, &s), ["a1-b2", "c3-b2"]);
    play(&e, &mut s, "c3-b2");
    assert_eq!(stones(&e, &s, 1), ["b2"], "a slid stone keeps its owner");
}

#[test]
fn relocate_with_and_without_distinct() {
    for (distinct, second) in [("distinct", false), ("(distinct false)", true)] {
        let e = game(
            3,
            &format!("(play (turn (actions 0 2 (relocate (from enemy) (to empty) {distinct})))) (end (turn-limit 2))"),
        );
        let mut s = position(&e, &["a1", "b1 c1"], 0, None, 2);
        play(&e, &mut s, "b1>b2");
        assert_eq!(is_legal(&e, &s, "b2>b3"), second, "{distinct}");
        assert!(is_legal(&e, &s, "c1>c2"));
    }
}

#[test]
fn completed_counts_parts_holding_the_arrival() {
    let e = inline(
        r#"(game "T" (players "X" "O") (board (square 3))
          (region lines (sites a1 b1 c1) (sites a1 a2 a3) (sites c1 c2 c3))
          (counter made)
          (play (turn (place (to empty) (then (add made mover (completed lines))))))
          (end (when (board-full) draw)))"#,
    );
    let mut s = position(&e, &["b1 a2 a3 c2 c3", "b2"], 0, None, 6);
    play(&e, &mut s, "a1");
    assert_eq!(s.counter(0, 0), 1, "a1 completes the bottom row and the left column... and c1 is empty");
    let mut s = position(&e, &["b1 a2 a3 c2 c3 a1", "b2"], 0, None, 7);
    play(&e, &mut s, "c1");
    assert_eq!(s.counter(0, 0), 2, "c1 completes the bottom row and the right column");
}

#[test]
fn win_ends_the_game_before_later_effects() {
    let e = game(
        3,
        "(counter c) (play (turn (place (to empty) (then (win mover) (add c mover 1))))) (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "b2");
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));
    assert_eq!(s.counter(0, 0), 0);
}

#[test]
fn repetition_counts_positions_at_turn_boundaries() {
    let e = inline(
        r#"(game "T" (players "X" "O" (hand 0)) (board (square 2))
          (play (turn (slide (from friend) (along orthogonal) (to empty))))
          (end (repetition 3)))"#,
    );
    let mut s = position(&e, &["a1", "b2"], 0, Some(vec![0, 0]), 2);
    // The start counts once; it recurs after every four turns.
    play(&e, &mut s, "a1-a2 b2-b1 a2-a1 b1-b2");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "a1-a2 b2-b1 a2-a1 b1-b2");
    assert!(e.outcome(&s).expect("third occurrence").is_draw());
}

#[test]
fn a_phase_that_is_over_counts_as_over_in_a_position_before_its_player_moves_again() {
    // One stone each, then slides. After O's placement (turn 2) both hands are empty: both
    // players' next turns begin in "movement", although neither has had that turn yet. The
    // position after turn 2 (X a1, O b2, X to move) recurs after turns 6 and 10: the third
    // occurrence is after turn 10. Counted with the phases as last stored (both still
    // "placement" after turn 2), it would have been after turn 14.
    let e = inline(
        r#"(game "T" (players "X" "O" (hand 1)) (board (square 2))
          (play (phase "placement" (until (hand-empty)) (turn (place (to empty))))
                (phase "movement" (turn (slide (from friend) (along orthogonal) (to empty)))))
          (end (repetition 3)))"#,
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 b2 a1-a2 b2-b1 a2-a1 b1-b2 a1-a2 b2-b1 a2-a1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "b1-b2");
    assert!(e.outcome(&s).expect("third occurrence after turn 10").is_draw());
    assert_eq!(s.turns(), 10);
}

#[test]
fn kensington_draws_at_the_third_occurrence_just_after_the_placements() {
    // RULES.md R-KS6(b): a position is the stones, the player to move and the hands. After
    // the thirty placements, the position after turn 31 (Red's 10-9 ... Blue's 60-66 brings
    // the same stones back every four turns) recurs after turns 35 and 39: drawn at the end of
    // turn 39. (Found by an independent check against the hand-written engine.)
    let e = engine("games/kensington.game", "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "18 5 46 53 2 13 0 29 39 45 71 59 51 60 69 62 34 67 10 43 25 49 22 1 63 44 61 56 15 58");
    play(&e, &mut s, "10-9 60-66 61-55 66-60 55-61 60-66 61-55 66-60");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "55-61");
    assert!(e.outcome(&s).expect("third occurrence").is_draw());
    assert_eq!(s.turns(), 39);
}

#[test]
fn repetition_can_ignore_an_allowance_that_counts_turns() {
    // The same shuffle as above, with an allowance `clock` that every turn adds 1 to: as part
    // of the position, no position ever recurs; ignored, the start recurs as before.
    let shuffle = |rule: &str| {
        inline(&format!(
            r#"(game "T" (players "X" "O" (hand 0)) (board (square 2)) (allowance clock)
              (play (turn (slide (from friend) (along orthogonal) (to empty)))
                (after-turn (allow-next clock (+ (allowance clock) 1))))
              (end {rule}))"#
        ))
    };
    for (rule, ends) in [("(repetition 3)", false), ("(repetition 3 draw (ignore clock))", true)] {
        let e = shuffle(rule);
        let mut s = position(&e, &["a1", "b2"], 0, Some(vec![0, 0]), 2);
        play(&e, &mut s, "a1-a2 b2-b1 a2-a1 b1-b2 a1-a2 b2-b1 a2-a1 b1-b2");
        assert_eq!(e.outcome(&s).is_some_and(|o| o.is_draw()), ends, "{rule}");
        if !ends {
            // The clock reads 8 now: the same stones, another position.
            play(&e, &mut s, "a1-a2 b2-b1 a2-a1 b1-b2");
            assert!(e.outcome(&s).is_none(), "{rule}");
        }
    }
}

#[test]
fn turn_limit_ends_the_game() {
    let e = game(5, "(play (turn (place (to empty)))) (end (turn-limit 3 (win next)))");
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2 a3");
    // The last mover was X (turn 3); `next` is O.
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
}

#[test]
fn compare_higher_lower_and_last_mover() {
    for (criteria, expect) in [
        ("(higher (count friend any))", Some("X")),
        ("(lower (count friend any))", Some("O")),
        ("(higher (largest-group orthogonal))", Some("X")),
        ("(higher (largest-group diagonal))", None),
        ("(higher (largest-group diagonal)) (last-mover)", Some("X")),
    ] {
        let e = game(
            2,
            &format!("(play (turn (place (to empty)))) (end (when (= (count empty any) 1) (compare {criteria})))"),
        );
        let mut s = e.initial();
        play(&e, &mut s, "a1 b2 b1");
        assert_eq!(
            e.outcome(&s).expect("over").winner.map(|t| e.game().teams[t].clone()).as_deref(),
            expect,
            "{criteria}"
        );
    }
}

#[test]
fn cascade_compares_sorted_group_sizes() {
    let e = game(
        4,
        "(play (turn (place (to empty) (where false)))) (end (when (no-moves) (compare (cascade (group-sizes orthogonal) larger))))",
    );
    // X {2, 1, 1}, O {2, 2}: 2 = 2, then 1 < 2: O.
    let s = position(&e, &["a1 a2 c1 a4", "c3 c4 d1 d2"], 0, None, 8);
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
}

#[test]
fn count_over_regions_and_filters() {
    let e = inline(
        r#"(game "T" (players "X" "O") (board (square 3))
          (region corners (sites a1 c1 a3 c3))
          (counter c)
          (play (turn (place (to empty) (then (add c mover (count friend corners)) (add c next (count enemy (neighbors to all)))))))
          (end (when (board-full) draw)))"#,
    );
    let mut s = position(&e, &["a1", "b1 b2"], 0, None, 3);
    play(&e, &mut s, "c1");
    // X holds two corners; c1's neighbours hold O's b1 and b2.
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (2, 2));
}

#[test]
fn slide_require_sees_the_slid_stone_with_its_owner() {
    // X may slide any stone, but X's stones must then all reach the perimeter through X's
    // stones. X's b2 is alone in the middle; O's a1 is in a corner.
    let e = inline(
        r#"(game "T" (players "X" "O" (hand 0)) (board (square 3))
          (play (turn (slide (from any) (along orthogonal) (to empty)
                        (require (connected friend perimeter orthogonal)))))
          (end (turn-limit 10)))"#,
    );
    let s = position(&e, &["b2", "a1"], 0, Some(vec![0, 0]), 2);
    let mut moves = legal(&e, &s);
    moves.sort();
    // O's stone slid to a2 or b1 stays O's: X's b2 is still cut off, so those slides are not
    // legal; b2 itself may go to any edge point.
    assert_eq!(moves, ["b2-a2", "b2-b1", "b2-b3", "b2-c2"]);
}

#[test]
fn stage_bounds_beyond_32_bits_mean_no_bound() {
    let e = game(2, "(play (turn (actions 1 4294967296 (place (to empty))))) (end (when (board-full) draw))");
    let s = e.initial();
    // Four first stones; after each, three more placements or `end`.
    assert_eq!(tabula::engine::perft::perft(&e, &s, 1), 4);
    assert_eq!(tabula::engine::perft::perft(&e, &s, 2), 16);
}

#[test]
fn a_bound_of_an_allowance_plus_a_constant_overflows_into_no_bound() {
    // X's first stone sets (allowance a) to 1, so that the second stage's most is
    // 2^63 - 1 + 1: past the limit, held there (no bound at all) and reported. The sum is
    // written both ways round.
    for sum in ["(+ 9223372036854775807 (allowance a))", "(+ (allowance a) 9223372036854775807)"] {
        let e = game(
            2,
            &format!(
                "(allowance a)
                 (play (turn (place (to empty) (then (allow a 1)))
                             (actions 0 {sum} (place (to empty)))))
                 (end (when (board-full) draw))"
            ),
        );
        let mut s = e.initial();
        play(&e, &mut s, "a1");
        assert!(s.overflowed(), "{sum}: the bound's sum overflowed");
        play(&e, &mut s, "a2 b1");
        assert_eq!(mover_name(&e, &s), "X", "{sum}: the stage has no most, so X goes on");
        assert!(is_legal(&e, &s, "b2") && is_legal(&e, &s, "end"));
    }
}

#[test]
fn arithmetic_overflow_in_play_saturates_and_is_reported() {
    let e = game(
        3,
        "(counter c) (play (turn (place (to empty) (then (add c mover (+ (counter c) 4611686018427387904)))))) (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2");
    assert_eq!(s.counter(0, 0), 1 << 62);
    assert!(!s.overflowed());
    // X's counter doubles past 2^63 - 1.
    play(&e, &mut s, "a3");
    assert_eq!(s.counter(0, 0), i64::MAX, "held at the limit");
    assert!(s.overflowed(), "and the game knows its numbers overflowed");
}

#[test]
fn distinct_follows_the_stone_not_the_site() {
    // X relocates an O stone, slides that same stone on, and may then relocate only another.
    let e = game(
        3,
        "(play (turn (relocate (from enemy) (to empty) (distinct)) (slide (from enemy) (along orthogonal) (to empty)) (relocate (from enemy) (to empty) (distinct)))) (end (turn-limit 4))",
    );
    let mut s = position(&e, &["c1", "a1 c3"], 0, Some(vec![0, 0]), 2);
    play(&e, &mut s, "a1>b2 b2-b1");
    let moves = legal(&e, &s);
    assert!(moves.iter().all(|m| !m.starts_with("b1>")), "the stone now on b1 was relocated: {moves:?}");
    assert!(moves.iter().any(|m| m.starts_with("c3>")));
}

#[test]
fn last_in_an_end_rule_is_the_stone_just_played() {
    let e = game(3, "(play (turn (place (to empty)))) (end (when (is enemy last) (win mover)))");
    let mut s = e.initial();
    assert_eq!(legal(&e, &s).len(), 9, "before the first stone `last` is no site");
    play(&e, &mut s, "b2");
    // After X's action the subject is X and b2 is his own; at the start of O's turn the subject
    // is O, for whom b2 is an enemy stone: the game ends, won by the last mover, X.
    assert_eq!(e.outcome(&s).and_then(|o| o.winner), Some(0));
}

#[test]
fn last_in_a_move_and_in_its_effects() {
    // Each stone must touch the previous one; a stone's `then` sees itself as `last`.
    let e = game(
        3,
        "(counter seen)
         (play (turn (place (to empty) (where (or (first-turn) (= (count occupied (neighbors to orthogonal)) 1)) (or (first-turn) (is occupied last)))
                    (then (if (is friend last) (add seen mover 1))))))
         (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1");
    assert_eq!(s.counter(0, 0), 1, "in X's `then`, `last` is X's own stone");
    assert_eq!(legal(&e, &s), ["b1", "a2"]);
}

#[test]
fn no_reply_refuses_an_action_that_leaves_the_next_player_without_a_move() {
    // "Last gap": no stone may leave the other player without a move. Worked out by hand: any
    // order of placements is legal until one empty site is left (9 × 8 × … × 2 games of eight
    // stones), and the ninth stone, which would leave no reply, never is; the player who faces
    // the last site, White, has lost.
    let e = game(3, "(play (turn (place (to empty) (after (not (no-reply)))))) (end (when (no-moves) (win mover)))");
    let s = e.initial();
    assert_eq!(tabula::engine::perft::perft(&e, &s, 8), 362_880);
    assert_eq!(tabula::engine::perft::perft(&e, &s, 9), 0);
    let mut s = e.initial();
    play(&e, &mut s, "a1 b1 c1 a2 b2 c2 a3 b3");
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
    // A reply's own `(no-reply)` is not asked: were it, no first stone could be placed (each
    // answer would hang on the next down to a full board).
    assert_eq!(legal(&e, &e.initial()).len(), 9);
}

#[test]
fn was_reads_a_condition_as_it_held_when_the_turn_began() {
    // A point for each turn that begins with a stone of one's own on a1 — a1 itself is taken
    // in the first turn, which began without it.
    let e = game(
        3,
        "(counter score) (region corner (sites a1)) (play (turn (place (to empty))) (after-turn (if (was (= (count friend corner) 1)) (add score mover 1)))) (end (when (board-full) draw))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 b1 c1 a2");
    assert_eq!(s.counter(0, 0), 1, "X's second turn began with a1 his");
    assert_eq!(s.counter(0, 1), 0);
}

#[test]
fn a_capture_allowed_by_where_the_last_piece_went_is_still_an_attack() {
    // Black's rook on a5 may capture only from a square next to where the last piece arrived.
    // White's man stepping c5-b4 lands next to it, and opens the a-file to White's king on a1:
    // after it, the rook takes the king. The guard against check must not take the rook's
    // `where` for one that reads nothing of the game (reviewed by hand).
    let e = inline(
        r#"(game "Guard"
          (players "White" "Black")
          (board (square 5))
          (pieces man rook king)
          (setup (place "White" king a1) (place "White" man c5) (place "Black" rook a5) (place "Black" king e3))
          (define safe (after (not (attacked (friend king)))))
          (play
            (turn
              (actions 1
                (slide (from (friend man)) (along all) (to empty) safe)
                (slide (from (friend king)) (along all) (to empty) safe)
                (slide (from (friend rook)) (along orthogonal) (to any) (range any) (capture)
                  (where (in from (neighbors last all))) safe))))
          (end (when (no-moves) (win mover))))"#,
    );
    let s = e.initial();
    assert!(!is_legal(&e, &s, "c5-b4"));
    assert!(is_legal(&e, &s, "c5-d4"));
}
