//! The evaluation alpha-beta reads from the rules (`src/agent/heuristic.rs`), against positions
//! worked out by hand: the open windows of a winning line's length, and the empty cells a
//! player still needs for a winning connection.

use std::path::Path;

use tabula::agent::{Heuristic, make_agent};
use tabula::check::{Selection, load};
use tabula::engine::Engine;

use crate::common::from_text;

fn engine(file: &str, sets: &[&str]) -> Engine {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let selection = Selection::new(None, &sets).expect("selection");
    match load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file), &selection) {
        Ok((_, game)) => Engine::new(game),
        Err(e) => panic!("{file} does not load: {e:?}"),
    }
}

/// What `team`'s open windows are worth, less the other's, in the position `text`.
fn lines(e: &Engine, text: &str, team: usize) -> i64 {
    Heuristic::new(e).lines(e, &from_text(e, text), team)
}

#[test]
fn tic_tac_toe_windows_open_to_each_player() {
    let e = engine("games/tic-tac-toe.game", &[]);
    // A window holding one stone of one player only is worth 10 to him.
    assert_eq!(lines(&e, r#"(position (to-move "X"))"#, 0), 0, "no window holds a stone");
    // The centre lies on a row, a column and both diagonals.
    assert_eq!(lines(&e, r#"(position (place "X" b2) (to-move "O"))"#, 0), 40);
    assert_eq!(lines(&e, r#"(position (place "X" b2) (to-move "O"))"#, 1), -40);
    // O in the corner closes X's diagonal through it and keeps its row and column: X 3, O 2.
    assert_eq!(lines(&e, r#"(position (place "X" b2) (place "O" a1) (to-move "X"))"#, 0), 10);
    // O on an edge closes X's column and keeps only its row: X 3, O 1.
    assert_eq!(lines(&e, r#"(position (place "X" b2) (place "O" b1) (to-move "X"))"#, 0), 20);
    // Two stones in one open window are worth four times one: X's row a1-c1 holds two (40);
    // columns a and c and the two diagonals hold one each (10 each).
    assert_eq!(lines(&e, r#"(position (place "X" a1) (place "X" c1) (to-move "O"))"#, 0), 40 + 4 * 10);
}

#[test]
fn alphabeta_one_action_deep_opens_in_the_centre() {
    // Tic-tac-toe: one action deep, the centre (four open lines) over a corner (three) and an
    // edge (two); O answers the centre in a corner, which leaves X three lines and O two,
    // rather than on an edge (X three, O one).
    let e = engine("games/tic-tac-toe.game", &[]);
    let centre = from_text(&e, r#"(position (place "X" b2) (to-move "O"))"#);
    let mut replies = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut agent = make_agent("alphabeta:depth=1", seed, 100).expect("agent");
        assert_eq!(e.action_text(agent.choose(&e, &e.initial())), "b2", "seed {seed}");
        replies.insert(e.action_text(agent.choose(&e, &centre)));
    }
    assert!(replies.iter().all(|r| ["a1", "a3", "c1", "c3"].contains(&r.as_str())), "{replies:?}");
    assert!(replies.len() > 1, "the seed chooses among the corners: {replies:?}");
    // Connect Four: a disc in the middle column lies in seven windows of four (four along the
    // bottom row, one up the column, one up each diagonal), one in the next column in five.
    let e = engine("games/connect-four.game", &[]);
    for seed in 0..6 {
        let mut agent = make_agent("alphabeta:depth=1", seed, 100).expect("agent");
        assert_eq!(e.action_text(agent.choose(&e, &e.initial())), "d1", "seed {seed}");
    }
    // Counting stones, every opening is alike.
    let openings: std::collections::BTreeSet<String> = (0..16)
        .map(|seed| {
            let mut agent = make_agent("alphabeta:depth=1,eval=stones", seed, 100).expect("agent");
            e.action_text(agent.choose(&e, &e.initial()))
        })
        .collect();
    assert!(openings.len() > 1, "{openings:?}");
}

/// The empty cells each team (Red, Blue) still needs to connect, in the position `text`.
fn needs(e: &Engine, text: &str) -> [u32; 2] {
    let state = from_text(e, text);
    let mut h = Heuristic::new(e);
    [h.distance(e, &state, 0, 0), h.distance(e, &state, 0, 1)]
}

#[test]
fn hex_cells_still_needed_to_connect() {
    // Hex 3 × 3: Red joins rows 1 and 3, Blue columns a and c.
    let e = engine("games/hex.game", &["size=3"]);
    assert_eq!(needs(&e, r#"(position (to-move "Red"))"#), [3, 3]);
    // Red's centre stone shortens its column b; Blue still has row 1.
    assert_eq!(needs(&e, r#"(position (place "Red" b2) (to-move "Blue"))"#), [2, 3]);
    // Red's b1 and b2 need only b3, which Blue takes: b2 still touches one other cell of row 3
    // (a rhombus's cells touch two of the next row), so Red needs one cell; Blue has b3 and
    // needs a3 and c3 beside it.
    assert_eq!(needs(&e, r#"(position (place "Red" b1) (place "Red" b2) (place "Blue" b3) (to-move "Red"))"#), [1, 2]);
    // Red's full column: connected, nothing needed; Blue is cut off: one more than the board.
    assert_eq!(needs(&e, r#"(position (place "Red" b1) (place "Red" b2) (place "Red" b3) (to-move "Blue"))"#), [0, 10]);
}

#[test]
fn y_cells_still_needed_to_touch_three_sides() {
    // Side 2: three cells, each a corner on two sides; two of them touch all three sides.
    let e = engine("games/y.game", &["size=2"]);
    assert_eq!(needs(&e, r#"(position (to-move "Red"))"#), [2, 2]);
    // Side 3: no cell touches three sides, and no two touching cells do (a corner's two
    // neighbours lie on its own sides or on none): three cells, such as the row of two and a
    // cell below them.
    let e = engine("games/y.game", &["size=3"]);
    assert_eq!(needs(&e, r#"(position (to-move "Red"))"#), [3, 3]);
}

/// How each team stands on the comparison that ends the game, in the position `text`.
fn standings(e: &Engine, text: &str) -> Vec<i64> {
    standings_of(e, from_text(e, text))
}

fn standings_of(e: &Engine, mut state: tabula::engine::State) -> Vec<i64> {
    let mut out = Vec::new();
    assert!(e.standings(&mut state, &mut out), "the game ends by a comparison");
    out
}

#[test]
fn standings_on_the_comparison_that_ends_the_game() {
    // Reversi compares the discs each player has.
    let e = engine("games/reversi.game", &[]);
    assert_eq!(standings(&e, r#"(position (place "Black" d4 e4 f4) (place "White" d5) (to-move "White"))"#), [3, 1]);
    // Kalah compares the seeds on each side and in each store: four in each of six pits.
    let e = engine("games/kalah.game", &[]);
    assert_eq!(standings_of(&e, e.initial()), [24, 24]);
    // Ketchup compares the sizes of the groups, the largest first (side 2: b2 is the centre,
    // a cell touches the cells beside it in its column and its row).
    let e = engine("games/ketchup.game", &["size=2"]);
    assert_eq!(standings(&e, r#"(position (place "White" a1 a2) (place "Black" c3) (to-move "White"))"#), [2, 1]);
    assert_eq!(standings(&e, r#"(position (place "White" a1 a2) (place "Black" c3 c2 b3) (to-move "White"))"#), [2, 3]);
    // Hex ends by a connection, not a comparison.
    let e = engine("games/hex.game", &["size=3"]);
    assert!(!e.standings(&mut e.initial(), &mut Vec::new()));
}
