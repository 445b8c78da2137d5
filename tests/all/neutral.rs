//! Pieces that belong to nobody (`(pieces rook (block neutral))`) and kinds in the position
//! hash: small positions worked out by hand, the expected actions and outcomes read off the
//! diagrams in the comments, not computed.

use crate::common::*;
use tabula::engine::turn_perft::perft_turns;
use tabula::engine::{Engine, State};

/// Rooks that capture, and blocks of nobody's that either player places away from his own
/// pieces; `end` is the game's end rule.
fn blockers(end: &str) -> Engine {
    inline(&format!(
        r#"(game "Blockers"
  (players "White" "Black")
  (board (square 4))
  (pieces rook (block neutral))
  (setup (place "White" rook a1) (place "Black" rook d4) (place block a3 c1))
  (play
    (turn
      (actions 1
        (slide (from (friend rook)) (along orthogonal) (to any) (range any) (capture))
        (place (to empty) (piece block) (where (= (count friend (neighbors to all)) 0))))))
  (end {end}))"#
    ))
}

/// White and Black on a 3 × 3 board with pawns and blocks of nobody's, and the given sections.
fn pawns_and_blocks(sections: &str) -> Engine {
    inline(&format!(
        r#"(game "T" (players "White" "Black") (board (square 3)) (pieces pawn (block neutral)) {sections})"#
    ))
}

const CAPTURE_WINS: &str = "(when (= (count (enemy rook) any) 0) (win mover))";

fn labels(list: &str) -> Vec<String> {
    sorted(list.split_whitespace().map(String::from).collect())
}

fn kind_name(e: &Engine, s: &State, label: &str) -> Option<String> {
    e.kind(s, site(e, label)).map(|k| e.game().pieces[k as usize].name.clone())
}

#[test]
fn a_block_stops_a_slide_and_is_never_captured_or_counted_as_a_friend() {
    //  4  .  .  .  r       White's rook on a1 rides north and east with capture, but a3 and
    //  3  #  .  .  .       c1 hold blocks of nobody's: it stops before each and cannot take
    //  2  .  .  .  .       one (a capture takes an enemy's piece): a1-a2 and a1-b1 only.
    //  1  R  .  #  .       A block goes on an empty square with no friend around it (all
    //     a  b  c  d       eight directions): not a2 b1 b2 (next to the rook), but a4, d1 and
    //                      d2, next to blocks, are allowed: a block is no friend's.
    let e = blockers(CAPTURE_WINS);
    let mut s = e.initial();
    assert!(e.neutral_at(&s, site(&e, "a3")) && e.neutral_at(&s, site(&e, "c1")));
    assert_eq!(e.stone(&s, site(&e, "a3")), None);
    assert_eq!(kind_name(&e, &s, "c1").as_deref(), Some("block"));
    assert_eq!(sorted(legal(&e, &s)), labels("a1-a2 a1-b1 a4 b3 b4 c2 c3 c4 d1 d2 d3"));
    assert_eq!(refuse(&e, &mut s, "a1-a3"), "a3 is occupied");
    assert_eq!(refuse(&e, &mut s, "a1-c1"), "c1 is occupied");
    // Neither team has a block among its stones.
    assert_eq!((s.stone_count(0), s.stone_count(1), s.empty_count()), (1, 1, 12));
}

#[test]
fn a_placed_block_belongs_to_nobody_and_blocks_the_other_side_too() {
    //  4  .  .  .  r       White puts a block on d2. Black's rook on d4 rides west (c4 b4
    //  3  #  .  .  .       a4) and south only to d3: the block stops it, for Black as for
    //  2  .  .  .  #       White. Black places where no Black piece is around: not c3 c4
    //  1  R  .  #  .       d3; everywhere else that is empty.
    //     a  b  c  d
    let e = blockers(CAPTURE_WINS);
    let mut s = e.initial();
    play(&e, &mut s, "d2");
    assert!(e.neutral_at(&s, site(&e, "d2")));
    assert_eq!(kind_name(&e, &s, "d2").as_deref(), Some("block"));
    assert_eq!((s.stone_count(0), s.stone_count(1)), (1, 1));
    assert_eq!(mover_name(&e, &s), "Black");
    assert_eq!(sorted(legal(&e, &s)), labels("d4-c4 d4-b4 d4-a4 d4-d3 a2 a4 b1 b2 b3 b4 c2 d1"));
}

#[test]
fn a_block_has_no_liberties_and_no_group_to_remove() {
    // A piece of nobody's is in no group (LANGUAGE.md, neutral): `(liberties SITE R)` of its
    // site is 0, as of an empty site, and `remove-groups` takes nothing there. The reference
    // model's E4, where the engine gave the blocks a group of their own.
    //  3  O  .  O       Black's four corners, a block on b2. White places on a2: the
    //  2  .  #  .       neighbours of a2 are a1 and a3 (Black's, with liberties left) and the
    //  1  O  .  O       block on b2, which stays. The end rule (b2 emptied) does not fire.
    let e = pawns_and_blocks(
        "(region mid (sites b2)) (setup (place block b2) (place \"Black\" a1 c1 a3 c3))
         (play (turn (place (to empty) (then (remove-groups (neighbors to orthogonal) orthogonal)))))
         (end (when (= (count occupied mid) 0) (win mover)) (when (> (liberties last orthogonal) 0) (draw)))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "a2");
    // a2 took off the Black stones next to it (remove-groups without a condition), not the block.
    assert!(e.neutral_at(&s, site(&e, "b2")));
    assert_eq!(stones(&e, &s, 1), ["c1", "c3"]);
    assert!(e.outcome(&s).is_some_and(|o| o.winner.is_none()), "a2's group has liberties a1 and a3: a draw");
    // A block's liberties are 0: with the block as `last`, nothing is drawn.
    let e = pawns_and_blocks(
        "(play (turn (place (to empty) (piece block))))
         (end (when (> (liberties last orthogonal) 0) (draw)) (when (board-full) (draw)))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "b2");
    assert!(e.outcome(&s).is_none(), "the block on b2 has no group, so no liberties");
}

#[test]
fn a_require_judges_a_placed_block_as_nobodys() {
    // A block placed with `(require (connected friend side-S orthogonal))`: after it no
    // friend stone stands anywhere, so every friend stone is connected to side-S and all nine
    // squares are legal. (The reference model's E5: the block was taken for White's stone,
    // and only the three squares of row 1 passed.)
    let e = pawns_and_blocks(
        "(play (turn (place (to empty) (piece block) (require (connected friend side-S orthogonal)))))
         (end (turn-limit 2))",
    );
    assert_eq!(legal(&e, &e.initial()).len(), 9);
}

#[test]
fn promote_leaves_a_block_a_block() {
    // `(promote last pawn)` after every turn: the block just placed on b2 is nobody's because
    // its kind is, so it keeps its kind (LANGUAGE.md, promote). (The reference model's E6.)
    let e = pawns_and_blocks(
        "(play (turn (place (to empty) (piece block))) (after-turn (promote last pawn))) (end (turn-limit 4))",
    );
    let mut s = e.initial();
    play(&e, &mut s, "b2");
    assert!(e.neutral_at(&s, site(&e, "b2")));
    assert_eq!(kind_name(&e, &s, "b2").as_deref(), Some("block"));
}

#[test]
fn a_block_is_occupied() {
    // The game ends when five squares are occupied. At the start four are (two rooks, two
    // blocks): one more piece of any kind ends it at once, won by whoever put it.
    let e = blockers("(when (>= (count occupied any) 5) (win mover))");
    let mut s = e.initial();
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "d1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
    // A block on (occupied block) counts as well: three after a second block.
    let e = blockers("(when (= (count (occupied block) any) 3) (win mover))");
    let mut s = e.initial();
    play(&e, &mut s, "a1-a2");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "a1");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
}

#[test]
fn a_block_moved_by_either_player_stays_nobodys() {
    //  3  #  .  .          Each player may push a block one step to an empty square:
    //  2  .  .  .          `(occupied block)`, whoever moves it. From a3: a2 b3; from
    //  1  X  .  O          a1 (White's stone): nothing of White's kind is a block.
    //     a  b  c
    let e = inline(
        r#"(game "Pushers"
  (players "White" "Black")
  (board (square 3))
  (pieces stone (block neutral))
  (setup (place "White" a1) (place "Black" c1) (place block a3))
  (play (turn (slide (from (occupied block)) (along orthogonal) (to empty))))
  (end (when (no-moves) (win mover))))"#,
    );
    let mut s = e.initial();
    assert_eq!(sorted(legal(&e, &s)), labels("a3-a2 a3-b3"));
    play(&e, &mut s, "a3-b3");
    assert!(e.neutral_at(&s, site(&e, "b3")) && !e.neutral_at(&s, site(&e, "a3")));
    assert_eq!(kind_name(&e, &s, "b3").as_deref(), Some("block"));
    assert_eq!((stones(&e, &s, 0), stones(&e, &s, 1)), (vec!["a1".to_string()], vec!["c1".to_string()]));
    // Black pushes it on: b3 to a3, b2 or c3.
    assert_eq!(sorted(legal(&e, &s)), labels("b3-a3 b3-b2 b3-c3"));
}

#[test]
fn the_terminal_shows_a_block_in_no_teams_case() {
    let e = blockers(CAPTURE_WINS);
    // A block shows its letter as its name is written, with no team's case, and the legend
    // says whose it is.
    let text = tabula::display::board(&e, &e.initial());
    let expected = "\
4  . . . r
3  b . . .
2  . . . .
1  R . b .
   a b c d
R rook  b block (nobody's)
White: upper case  Black: lower case
";
    assert_eq!(text, expected);
}

#[test]
fn amazons_arrows_are_nobodys_and_the_published_perft_holds() {
    let e = engine("games/amazons.game", "", &[]);
    let mut s = e.initial();
    // CLASSICS.md: "Perft in whole turns: 2 176".
    assert_eq!(perft_turns(&e, &s, 1), 2176);
    // White's amazon d1 goes to d7 and shoots back at d1; Black's a7 goes to b7 and shoots
    // at b1. Each team keeps its four amazons; the two arrows are nobody's.
    play(&e, &mut s, "d1-d7 d1 a7-b7 b1");
    assert_eq!((s.stone_count(0), s.stone_count(1)), (4, 4));
    assert!(e.neutral_at(&s, site(&e, "d1")) && e.neutral_at(&s, site(&e, "b1")));
    assert_eq!(s.empty_count(), 100 - 8 - 2);
}

/// Men that become kings on the top row, going back and forth; `(repetition 2)` draws when a
/// position (stones, kinds, player to move) comes back.
fn crowning() -> Engine {
    inline(
        r#"(game "Crowning"
  (players "White" "Black")
  (board (square 3))
  (pieces man king)
  (setup (place "White" man a1) (place "Black" man c3))
  (play (turn (slide (from friend) (along orthogonal) (to empty) (then (if (in to side-N) (promote to king))))))
  (end (repetition 2)))"#,
    )
}

#[test]
fn two_positions_that_differ_only_in_a_kind_are_not_a_repetition() {
    //  3  .  .  m   White a1-a2, Black c3-c2, White a2-a1, Black c2-c3: the stones are back
    //  2  .  .  .   where they started, White to move, but Black's man has become a king on
    //  1  M  .  .   the top row. Only the kind differs: not the start position again, so
    //     a  b  c   the game goes on.
    let e = crowning();
    let mut s = e.initial();
    play(&e, &mut s, "a1-a2 c3-c2 a2-a1 c2-c3");
    assert!(e.outcome(&s).is_none(), "a king is not a man");
    assert_eq!(kind_name(&e, &s, "c3").as_deref(), Some("king"));
    // The same four turns again: now the position with the king does come back (the king
    // stays a king on c3), its second occurrence, and the game is drawn.
    play(&e, &mut s, "a1-a2 c3-c2 a2-a1");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "c2-c3");
    let outcome = e.outcome(&s).expect("the position came back");
    assert_eq!(outcome.winner, None);
}

#[test]
fn a_wall_ends_a_run_of_flanked_stones_and_is_never_turned() {
    //  4  .  .  .  .       Black must place where his stone flanks White's (Reversi's rule).
    //  3  .  .  .  .       a3 flanks a2 against a1. d1 would flank b1 against a1 only if the
    //  2  O  .  .  .       wall on c1 were an enemy stone: it is nobody's, so the run from d1
    //  1  X  O  #  .       starts with no enemy and d1 flanks nothing. a3 is the one action.
    //     a  b  c  d
    let e = inline(
        r#"(game "Flippers"
  (players "Black" "White")
  (board (square 4))
  (pieces stone (wall neutral))
  (setup (place "Black" a1) (place "White" b1 a2) (place wall c1))
  (play (turn (place (to empty) (where (> (count any (flanks to all)) 0)) (then (flip (flanks to all))))))
  (end (when (no-moves) (win mover))))"#,
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), vec!["a3".to_string()]);
    play(&e, &mut s, "a3");
    assert_eq!(stones(&e, &s, 0), vec!["a1".to_string(), "a2".to_string(), "a3".to_string()]);
    assert_eq!(stones(&e, &s, 1), vec!["b1".to_string()]);
    assert!(e.neutral_at(&s, site(&e, "c1")));
}

#[test]
fn the_picture_draws_blocks_as_grey_squares_of_no_team() {
    let e = blockers(CAPTURE_WINS);
    let s = e.initial();
    let game = e.game();
    let n = game.board.site_count() as u16;
    let stones: Vec<Option<usize>> = (0..n).map(|t| e.stone(&s, t)).collect();
    let kinds: Vec<u8> = (0..n).map(|t| e.kind(&s, t).unwrap_or(0)).collect();
    let neutral: Vec<bool> = (0..n).map(|t| e.neutral_at(&s, t)).collect();
    let picture = tabula::render::Picture { game, stones: &stones, highlight: &[], relations: &[], title: None };
    let svg = tabula::render::svg_with_pieces(&picture, &kinds, &neutral);
    // Two blocks (a3, c1) as squares, two rooks as discs in their teams' colours.
    assert_eq!(svg.matches(r#"<rect class="stone neutral""#).count(), 2);
    assert_eq!(svg.matches(r#"<circle class="stone t"#).count(), 2);
    assert!(svg.contains(".neutral{fill:#9a9a9a"));
    // Without blocks the picture is as before: no extra style.
    let plain = tabula::render::svg_with_kinds(&picture, &kinds);
    assert!(!plain.contains("neutral"));
}

#[test]
fn a_block_splits_a_group_and_is_in_none() {
    //  X  X  #  X  .      White fills e1: his groups are a1-b1 and d1-e1, two stones each,
    //  a  b  c  d  e      the block on c1 between them being nobody's. Three in a group
    //                     would win; the full board is a draw instead.
    let e = inline(
        r#"(game "Split"
  (players "White" "Black")
  (board (rectangle 5 1))
  (pieces stone (block neutral))
  (setup (place "White" a1 b1 d1) (place block c1))
  (play (turn (place (to empty))))
  (end (when (>= (largest-group orthogonal friend) 3) (win mover)) (when (board-full) draw)))"#,
    );
    let mut s = e.initial();
    play(&e, &mut s, "e1");
    assert_eq!(e.outcome(&s).map(|o| o.winner), Some(None));
    assert_eq!(stones(&e, &s, 0), labels("a1 b1 d1 e1"));
}
