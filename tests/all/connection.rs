//! `(connects ...)`, the move `(pass ...)` and `(all-passed)`, each in a small game with a
//! position worked out by hand: the board, the stones, an action, the exact consequence. The
//! Hex and Y files themselves are checked against counts worked out by hand below and in
//! `tests/suites/perft.txt`.

use crate::common::*;

fn hex(size: u32) -> tabula::engine::Engine {
    engine("games/hex.game", "", &[&format!("size={size}")])
}

fn y(size: u32) -> tabula::engine::Engine {
    engine("games/y.game", "", &[&format!("size={size}")])
}

#[test]
fn a_column_of_red_stones_joins_bottom_and_top_on_the_fourth_stone() {
    // Rhombus 4: column a is a1..a4, and (c, r) touches (c, r+1), so a1-a2-a3 is one Red
    // group on side-S (a1) that does not reach side-N (row 4) until a4 arrives.
    let e = hex(4);
    let mut s = position(&e, &["a1 a2 a3", "b1 b2 b3"], 0, None, 6);
    play(&e, &mut s, "a4");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
}

#[test]
fn blue_joins_left_and_right_red_does_not_by_touching_only_its_own_sides_elsewhere() {
    // Row 2 of a rhombus 4 (a2 b2 c2 d2) touches side-W (a2) and side-E (d2): Blue's sides,
    // not Red's. Blue completing it wins; Red completing the same row does not.
    let e = hex(4);
    let mut blue = position(&e, &["a1 b1 c4", "a2 b2 c2"], 1, None, 6);
    play(&e, &mut blue, "d2");
    assert_eq!(winner(&e, &blue).as_deref(), Some("Blue"));
    let mut red = position(&e, &["a2 b2 c2", "a1 b1 c4"], 0, None, 6);
    play(&e, &mut red, "d2");
    assert!(e.outcome(&red).is_none(), "Red's row touches side-W and side-E, which are Blue's");
}

#[test]
fn only_the_group_of_the_stone_just_played_counts() {
    // A complete Red column a1..a4 stands on the board (a set-up position, not reached by
    // play). Red's stone on d1 is a group of its own touching side-S only: no win.
    let e = hex(4);
    let mut s = position(&e, &["a1 a2 a3 a4", "b1 b2 b3 b4"], 0, None, 8);
    play(&e, &mut s, "d1");
    assert!(e.outcome(&s).is_none());
    // Blue's d4 is a group of one on side-E: not joined to side-W either.
    play(&e, &mut s, "d4");
    assert!(e.outcome(&s).is_none(), "Blue's d4 is not connected to side-W");
}

#[test]
fn y_corner_cells_touch_both_their_sides() {
    // Triangle 3: side-S a1 b1 c1, side-W a1 a2 a3, side-E c1 b2 a3. The bottom row alone
    // touches all three sides through its corners a1 (S, W) and c1 (S, E).
    let e = y(3);
    let mut s = position(&e, &["a1 b1", "a2 b2"], 0, None, 4);
    play(&e, &mut s, "c1");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    // a2-b2 touches W (a2) and E (b2) but not S: Blue adding a3 (W, E) still misses S.
    let mut s = position(&e, &["a1 c1", "a2 b2"], 1, None, 4);
    play(&e, &mut s, "a3");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn hex_3_perft_6_by_hand() {
    // No chain of fewer than 3 stones joins row 1 to row 3, so the first win is Red's third
    // stone, action 5. Red's winning 3-cell chains: start in row 1 at a (then a2, a3: 1 chain),
    // b (b2 then b3 or a3, or a2 then a3: 3), c (c2 then c3 or b3, or b2 then b3 or a3: 4) —
    // 8 chains. Each is won in 3! orders of Red's stones with Blue's two stones on 2 of the other
    // 6 cells in order (30): 8 × 6 × 30 = 1440 games over at action 5. So perft(6) =
    // (9·8·7·6·5 − 1440) × 4 = (15120 − 1440) × 4 = 54720.
    let e = hex(3);
    assert_eq!(tabula::engine::perft::perft(&e, &e.initial(), 6), 54720);
}

#[test]
fn y_3_perft_6_by_hand() {
    // Triangle 3 (6 cells). The connected 3-cell sets touching all three sides, by listing
    // the 20 triples: a1 b1 c1, a1 a2 a3, a3 b2 c1, a1 b1 b2, a1 a2 b2, b1 a2 b2, b1 c1 a2,
    // c1 b2 a2, a3 a2 b1, a3 b2 b1 — 10. Red wins at action 5 in 10 × 3! × (3 × 2) = 360 of
    // the 720 sequences; each other one has 1 cell left: perft(6) = 360.
    let e = y(3);
    assert_eq!(tabula::engine::perft::perft(&e, &e.initial(), 6), 360);
}

/// Placement or a voluntary pass; the game ends when every player has passed in a row, and
/// the player with more stones wins.
fn passing(players: &str, extra: &str) -> tabula::engine::Engine {
    inline(&format!(
        "(game \"T\" (players {players}) (board (square 3))
           (play (turn (actions 1 (place (to empty)) (pass) {extra})))
           (end (when (all-passed) (compare (higher (count friend any))))))"
    ))
}

#[test]
fn a_voluntary_pass_is_offered_beside_placements_and_ends_the_turn() {
    let e = passing("\"X\" \"O\"", "");
    let mut s = e.initial();
    assert_eq!(legal(&e, &s).len(), 10, "nine cells and `pass`");
    assert!(is_legal(&e, &s, "pass"));
    play(&e, &mut s, "pass");
    assert_eq!(mover_name(&e, &s), "O");
    assert_eq!(s.turns_completed(), 1);
}

#[test]
fn all_passed_needs_one_pass_per_player_in_a_row() {
    let e = passing("\"X\" \"O\"", "");
    let mut s = e.initial();
    // X places, O passes: one pass in a row.
    play(&e, &mut s, "b2 pass");
    assert!(e.outcome(&s).is_none());
    // X passes: two in a row, one per player; X has 1 stone, O none.
    play(&e, &mut s, "pass");
    assert_eq!(winner(&e, &s).as_deref(), Some("X"));

    // Three players: pass, pass, then a stone breaks the run; three more passes end it.
    let e = passing("\"A\" \"B\" \"C\"", "");
    let mut s = e.initial();
    play(&e, &mut s, "pass pass a1 pass pass");
    assert!(e.outcome(&s).is_none(), "two passes after C's stone");
    play(&e, &mut s, "pass");
    assert_eq!(winner(&e, &s).as_deref(), Some("C"));
}

#[test]
fn forced_passes_count_for_all_passed() {
    // One stone each, then both are blocked: two forced passes in a row end the game,
    // one stone each: a draw.
    let e = inline(
        "(game \"T\" (players \"X\" \"O\" (hand 1)) (board (square 3))
           (play (turn (place (to empty))) (blocked pass))
           (end (when (all-passed) (compare (higher (count friend any))))))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a1 c3");
    assert_eq!(legal(&e, &s), ["pass"]);
    play(&e, &mut s, "pass");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "pass");
    assert!(e.outcome(&s).expect("over").is_draw());
}

#[test]
fn a_named_pass_is_its_own_action_and_breaks_a_run_of_passes() {
    let e = passing("\"X\" \"O\"", "(pass resign (where (> (turn-number) 1)) (then (win next)))");
    let mut s = e.initial();
    assert!(!is_legal(&e, &s, "resign"), "not on the first turn");
    assert_eq!(refuse(&e, &mut s.clone(), "resign"), "`resign` fails the condition (> (turn-number) 1)");
    play(&e, &mut s, "pass");
    assert!(is_legal(&e, &s, "resign") && is_legal(&e, &s, "pass"));
    play(&e, &mut s, "resign");
    assert_eq!(winner(&e, &s).as_deref(), Some("X"), "O resigned: the next player, X, wins");
}

#[test]
fn a_pass_with_effects_and_a_condition() {
    // Passing costs a point; a pass is possible only with a stone on the board.
    let e = inline(
        "(game \"T\" (players \"X\" \"O\") (board (square 3)) (counter penalty)
           (play (turn (actions 1 (place (to empty))
                                  (pass (where (> (count occupied any) 0)) (then (add penalty mover 1))))))
           (end (when (all-passed) (compare (lower (counter penalty))))))",
    );
    let mut s = e.initial();
    assert!(!is_legal(&e, &s, "pass"), "empty board");
    play(&e, &mut s, "a1 pass");
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (0, 1));
    play(&e, &mut s, "pass");
    // One pass each: the run ends the game; penalties 1 and 1: a draw.
    assert!(e.outcome(&s).expect("over").is_draw());
}

/// The published start of the counts past the test's quick rows: Hex 4×4 depths 6 and 7
/// (no win before action 2n − 1 = 7, so 16·15·…·11 and ·10) and Y 4 depths 6 and 7 (a Y chain
/// on a side-4 triangle has at least 4 stones). Long run: `cargo test --release -- --ignored
/// connection::long_perft`.
#[test]
#[ignore]
fn long_perft() {
    use tabula::engine::perft::perft;
    let e = hex(4);
    assert_eq!(perft(&e, &e.initial(), 6), 5_765_760);
    assert_eq!(perft(&e, &e.initial(), 7), 57_657_600);
    let e = y(4);
    assert_eq!(perft(&e, &e.initial(), 6), 151_200);
    assert_eq!(perft(&e, &e.initial(), 7), 604_800);
}

fn hex_swap(size: u32) -> tabula::engine::Engine {
    engine("games/hex.game", "Swap", &[&format!("size={size}")])
}

#[test]
fn swap_replaces_the_first_stone_by_its_mirror_image_for_the_second_player() {
    // Rhombus 4, index row × 4 + column: b1 is (column 1, row 0); exchanged, (column 0, row 1)
    // is a2. Red's stone on side-S becomes Blue's on side-W, and Red moves again.
    let e = hex_swap(4);
    let mut s = e.initial();
    assert!(!is_legal(&e, &s, "swap"), "not on the first turn");
    play(&e, &mut s, "b1");
    assert!(is_legal(&e, &s, "swap"));
    play(&e, &mut s, "swap");
    assert_eq!(stones(&e, &s, 0), Vec::<String>::new());
    assert_eq!(stones(&e, &s, 1), ["a2"]);
    assert_eq!(mover_name(&e, &s), "Red");
    assert!(!is_legal(&e, &s, "swap"), "turn 3: the swap is gone");
    // On the long diagonal the mirror cell is the cell itself.
    let mut s = e.initial();
    play(&e, &mut s, "c3 swap");
    assert_eq!((stones(&e, &s, 0), stones(&e, &s, 1)), (vec![], vec!["c3".to_string()]));
}

#[test]
fn swap_perft_by_hand() {
    // Depth 2: 9 × 8 placements plus 9 swaps = 81; depth 3: 9 × 8 × 7 after two placements
    // and 9 × 8 after a swap (one stone on the board) = 576.
    let e = hex_swap(3);
    let counts: Vec<u64> = (1..=3).map(|d| tabula::engine::perft::perft(&e, &e.initial(), d)).collect();
    assert_eq!(counts, [9, 81, 576]);
}
