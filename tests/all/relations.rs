//! Declared relations (`(relation NAME [(owner TEAM)] PART...)`): every use of a relation
//! followed through an owned one, on small positions worked out by hand; and Domineering, whose
//! domino is two placements tied by an owned relation: hand-counted small boards and the
//! published count of first moves.

use crate::common::*;
use tabula::engine::turn_perft::perft_turns;

/// A two-player game ("W" moves first, then "B") on a small square board with these sections.
fn game(size: u32, sections: &str) -> tabula::engine::Engine {
    inline(&format!("(game \"T\" (players \"W\" \"B\") (board (square {size})) {sections})"))
}

fn sorted(engine: &tabula::engine::Engine, state: &tabula::engine::State) -> Vec<String> {
    let mut v = legal(engine, state);
    v.sort();
    v
}

#[test]
fn a_slide_follows_the_movers_own_version() {
    let e = game(
        5,
        r#"(relation ahead (owner "W") N NE NW) (relation ahead (owner "B") S SE SW)
           (play (turn (slide (from friend) (along ahead) (to empty))))
           (end (when (no-moves) (win mover)))"#,
    );
    // W on c3 may go to b4, c4 or d4, but d4 is taken.
    let s = position(&e, &["c3", "a5 d4"], 0, None, 0);
    assert_eq!(sorted(&e, &s), ["c3-b4", "c3-c4"]);
    // B goes south: a5 to a4 or b4 (the edge cuts south-west off); d4 to d3 or e3 (c3 taken).
    let s = position(&e, &["c3", "a5 d4"], 1, None, 1);
    assert_eq!(sorted(&e, &s), ["a5-a4", "a5-b4", "d4-d3", "d4-e3"]);
}

#[test]
fn neighbours_and_rays_are_the_subjects_own() {
    // A placement needs no friend stone on the ray ahead and no enemy stone just ahead; ahead
    // is north for W and south for B.
    let e = game(
        3,
        r#"(relation ahead (owner "W") N) (relation ahead (owner "B") S)
           (play (turn (place (to empty) (where (= (count friend (ray to ahead)) 0) (= (count enemy (neighbors to ahead)) 0)))))
           (end (when (board-full) (draw)))"#,
    );
    // W b3, B c3, W to move: b1 and b2 have b3 on their ray north; c2 has the enemy c3 just
    // north of it. c1's ray holds only the enemy, not a friend, and its north neighbour is empty.
    let s = position(&e, &["b3", "c3"], 0, None, 0);
    assert_eq!(sorted(&e, &s), ["a1", "a2", "a3", "c1"]);
    // W b1, B c1, B to move: c2 and c3 have c1 on their ray south; b2 has the enemy b1 just
    // south of it; b3's south neighbour b2 is empty.
    let s = position(&e, &["b1", "c1"], 1, None, 1);
    assert_eq!(sorted(&e, &s), ["a1", "a2", "a3", "b3"]);
}

#[test]
fn flanks_follow_the_owned_relation() {
    let e = game(
        3,
        r#"(relation ahead (owner "W") N) (relation ahead (owner "B") E)
           (play (turn (place (to empty) (where (> (count any (flanks to ahead)) 0)) (then (flip (flanks to ahead))))))
           (end (when (board-full) (draw)))"#,
    );
    // W b3 c2, B b2, W to move: b1 encloses b2 northwards (with b3). a2 would enclose b2
    // eastwards (with c2), but east is not W's.
    let mut s = position(&e, &["b3 c2", "b2"], 0, None, 0);
    assert_eq!(legal(&e, &s), ["b1"]);
    play(&e, &mut s, "b1");
    assert_eq!(stones(&e, &s, 0), ["b1", "b2", "c2", "b3"]);
    // W b1 a2, B c1 a3, B to move: a1 encloses b1 eastwards (with c1); it would also enclose a2
    // northwards (with a3), which is not B's: a2 stays W's.
    let mut s = position(&e, &["b1 a2", "c1 a3"], 1, None, 1);
    assert_eq!(legal(&e, &s), ["a1"]);
    play(&e, &mut s, "a1");
    assert_eq!(stones(&e, &s, 1), ["a1", "b1", "c1", "a3"]);
    assert_eq!(stones(&e, &s, 0), ["a2"]);
}

#[test]
fn lines_run_along_each_teams_own_axes() {
    // Three in a column wins for W (N: the N–S axis), three in a row for B (E: the E–W axis).
    let e = game(
        3,
        r#"(relation ahead (owner "W") N) (relation ahead (owner "B") E)
           (play (turn (place (to empty))))
           (end (when (line 3 ahead last) (win mover)) (when (board-full) (draw)))"#,
    );
    let mut s = position(&e, &["a1 b1", "a2 a3"], 0, None, 4);
    play(&e, &mut s, "c1");
    assert!(e.outcome(&s).is_none(), "a1 b1 c1 is a row: not W's line");
    play(&e, &mut s, "b3");
    play(&e, &mut s, "b2");
    assert!(e.outcome(&s).is_none(), "b1 b2 is two in a column (b3 is B's)");
    play(&e, &mut s, "c3");
    assert_eq!(winner(&e, &s).as_deref(), Some("B"), "a3 b3 c3 is B's line");
    let mut s = position(&e, &["b1 c1", "a1 a2"], 1, None, 5);
    play(&e, &mut s, "a3");
    assert!(e.outcome(&s).is_none(), "a1 a2 a3 is a column: not B's line");
    let mut s = position(&e, &["b1 b2", "a2 a3"], 0, None, 4);
    play(&e, &mut s, "b3");
    assert_eq!(winner(&e, &s).as_deref(), Some("W"), "b1 b2 b3 is W's line");
}

/// W's stones join orthogonally, B's diagonally.
const LINKS: &str = r#"(relation links (owner "W") orthogonal) (relation links (owner "B") diagonal)"#;

#[test]
fn connections_follow_the_owned_relation() {
    let e = game(
        3,
        &format!(
            "{LINKS} (play (turn (place (to empty)))) (end (when (connects last links side-S side-N) (win mover)) (when (board-full) (draw)))"
        ),
    );
    let mut s = position(&e, &["a1 a2", "b2 c1"], 0, None, 4);
    play(&e, &mut s, "a3");
    assert_eq!(winner(&e, &s).as_deref(), Some("W"), "a1 a2 a3 joins W's sides orthogonally");
    let mut s = position(&e, &["a1 a2", "b2 c1"], 1, None, 5);
    play(&e, &mut s, "c3");
    assert_eq!(winner(&e, &s).as_deref(), Some("B"), "c1 b2 c3 joins B's sides diagonally");
    let mut s = position(&e, &["a2 c2", "b1 b2"], 1, None, 5);
    play(&e, &mut s, "b3");
    assert!(e.outcome(&s).is_none(), "b1 b2 b3 is not a diagonal chain");
    let mut s = position(&e, &["a1 b2", "a2 c2"], 0, None, 4);
    play(&e, &mut s, "c3");
    assert!(e.outcome(&s).is_none(), "a1 b2 c3 is not an orthogonal chain");
}

#[test]
fn groups_follow_the_owned_relation() {
    let e = game(
        3,
        &format!(
            "{LINKS} (play (turn (place (to empty)))) (end (when (>= (largest-group links) 3) (win mover)) (when (board-full) (draw)))"
        ),
    );
    let mut s = position(&e, &["a1 b2", "a2 c2"], 0, None, 4);
    play(&e, &mut s, "c3");
    assert!(e.outcome(&s).is_none(), "W's largest orthogonal group is one stone");
    let mut s = position(&e, &["a2 c2", "b1 b2"], 1, None, 5);
    play(&e, &mut s, "b3");
    assert!(e.outcome(&s).is_none(), "B's largest diagonal group is one stone");
    let mut s = position(&e, &["a1 a2", "b2 c1"], 1, None, 5);
    play(&e, &mut s, "c3");
    assert_eq!(winner(&e, &s).as_deref(), Some("B"), "c1 b2 c3: a diagonal group of three");
}

#[test]
fn info_lists_declared_relations_per_owner() {
    let e = engine("games/domineering.game", "", &[]);
    let text = tabula::describe::text(e.game(), false);
    assert!(text.contains("  domino            56 edges, degree 0–1; declared \"Vertical\": N, one way\n"), "{text}");
    assert!(text.contains("  domino            56 edges, degree 0–1; declared \"Horizontal\": E, one way\n"), "{text}");
}

fn domineering(size: u32) -> tabula::engine::Engine {
    engine("games/domineering.game", "", &[&format!("size={size}")])
}

#[test]
fn domineering_first_moves_are_the_published_56() {
    // CLASSICS.md: "The first player has 56 moves at the start" (8 columns × 7 vertical pairs).
    let e = domineering(8);
    assert_eq!(perft_turns(&e, &e.initial(), 1), 56);
    // Two turns: 56 horizontal dominoes on the empty board (7 per row); a vertical domino in
    // an edge column takes 1 from each of its two rows, in an inner column 2: per pair of rows,
    // 2 × (56 − 2) + 6 × (56 − 4) = 420, and there are 7 pairs of rows: 2940.
    assert_eq!(perft_turns(&e, &e.initial(), 2), 2940);
}

#[test]
fn domineering_small_boards_by_hand() {
    // 3×3: Vertical has 3 columns × 2 pairs = 6 dominoes. Horizontal has 3 rows × 2 = 6 on the
    // empty board; a vertical domino in column a or c takes 1 from each of its rows (4 left),
    // in column b 2 from each (2 left): per pair of rows 4 + 2 + 4, twice: 20.
    let e = domineering(3);
    let s = e.initial();
    assert_eq!((perft_turns(&e, &s, 1), perft_turns(&e, &s, 2)), (6, 20));
    // A domino is the lower (left) cell, then the cell north (east) of it.
    assert_eq!(legal(&e, &s), ["a1", "b1", "c1", "a2", "b2", "c2"]);
    let mut s = s;
    play(&e, &mut s, "b1");
    assert_eq!(legal(&e, &s), ["b2"]);
    play(&e, &mut s, "b2");
    assert_eq!(mover_name(&e, &s), "Horizontal");
    assert_eq!(legal(&e, &s), ["a3", "b3"], "the left cell needs an empty cell east of it");
    play(&e, &mut s, "a3");
    assert_eq!(legal(&e, &s), ["b3"]);
    // 2×2: after either vertical domino no row has two empty cells: Horizontal cannot place
    // and loses.
    let e = domineering(2);
    let mut s = e.initial();
    assert_eq!((perft_turns(&e, &s, 1), perft_turns(&e, &s, 2)), (2, 0));
    play(&e, &mut s, "a1 a2");
    assert_eq!(winner(&e, &s).as_deref(), Some("Vertical"));
}
