//! Every worked example of RULES.md, played on the bundled game files.

use crate::common::*;
use tabula::board::hexhex::axial_label;

fn ketchup(variant: &str) -> tabula::engine::Engine {
    engine("games/ketchup.game", variant, &["size=3"])
}

/// A Ketchup cell on the side-3 board from RULES.md's axial coordinates.
fn k(q: i32, r: i32) -> String {
    axial_label(3, q, r).expect("cell on the board")
}

#[test]
fn e_k1_bonus_bookkeeping() {
    let e = ketchup("Two stones");
    let mut s = e.initial();
    // Turn 1: White's single stone gives no bonus (R-K2).
    play(&e, &mut s, &k(0, 0));
    assert_eq!(mover_name(&e, &s), "Black");
    // Turn 2: Black, a normal turn: exactly two stones, no `end` after the first.
    play(&e, &mut s, &k(1, 0));
    assert!(!is_legal(&e, &s, "end"));
    play(&e, &mut s, &k(1, -1));
    // L went 1 → 2: White may drop three.
    assert_eq!(mover_name(&e, &s), "White");
    play(&e, &mut s, &format!("{} {}", k(-1, 0), k(-1, 1)));
    assert_eq!(mover_name(&e, &s), "White", "the bonus turn goes on after two stones");
    assert!(is_legal(&e, &s, "end"));
    play(&e, &mut s, &k(0, 1));
    // L went 2 → 4: Black may drop three.
    assert_eq!(mover_name(&e, &s), "Black");
    play(&e, &mut s, &k(2, -1));
    assert!(!is_legal(&e, &s, "end"), "Black could have dropped 3 but not 1");
    play(&e, &mut s, &format!("{} end", k(2, -2)));
    // Black's group reached 4, the old maximum: no bonus for White (R-K3).
    assert_eq!(mover_name(&e, &s), "White");
    play(&e, &mut s, &k(-2, 1));
    play(&e, &mut s, &k(-2, 2));
    assert_eq!(mover_name(&e, &s), "Black", "White's turn 5 was exactly two stones");
    assert_eq!(s.turns(), 5);
    // L went 4 → 6: Black may drop three in turn 6.
    play(&e, &mut s, &format!("{} {}", k(0, -1), k(0, -2)));
    assert!(is_legal(&e, &s, "end"));
}

#[test]
fn e_k1_in_the_one_or_two_stones_variant() {
    let e = ketchup("One or two stones");
    let mut s = e.initial();
    play(&e, &mut s, &k(0, 0));
    assert!(!is_legal(&e, &s, "end"), "a turn needs at least one stone");
    play(&e, &mut s, &k(1, 0));
    assert!(is_legal(&e, &s, "end"), "a normal turn may stop after one stone");
    play(&e, &mut s, &k(1, -1));
    assert_eq!(mover_name(&e, &s), "White", "two stones end a normal turn");
    play(&e, &mut s, &format!("{} end", k(-1, 0)));
    assert_eq!(mover_name(&e, &s), "Black", "a bonus turn may be a single stone");
}

#[test]
fn e_k2_and_e_k3_cascade() {
    // E-K2 and E-K3 are comparisons on hypothetical full boards; build full side-2 boards
    // (7 cells) whose group sizes differ only further down the cascade.
    let e = engine("games/ketchup.game", "Two stones", &["size=2"]);
    // Cells: a1 b1 / a2 b2 c2 / b3 c3 (row by row from the bottom).
    // White {a1, b1} + {c3}: sizes [2, 1]; Black {a2}, {b2 c2}? b2-c2 adjacent → [2, 1, ...].
    // White a1 b1 | c3 ; Black a2 | b2 c2 | b3: b3 touches b2 and c2? Check with the board.
    let s = position(&e, &["a1 b1 c3", "a2 b2 c2 b3"], 0, None, 3);
    let outcome = e.outcome(&s).expect("the board is full");
    let white = stones(&e, &s, 0);
    let black = stones(&e, &s, 1);
    assert_eq!(white.len() + black.len(), 7);
    // Whatever the groups are, the winner is the one the cascade picks.
    let sizes = |team: &[String]| {
        let mut sizes: Vec<u32> = Vec::new();
        let mut seen: Vec<String> = Vec::new();
        for start in team {
            if seen.contains(start) {
                continue;
            }
            let mut stack = vec![start.clone()];
            seen.push(start.clone());
            let mut size = 0;
            while let Some(c) = stack.pop() {
                size += 1;
                let site = site(&e, &c);
                for &n in e.game().board.relations[0].neighbors(site) {
                    let l = e.label(n).to_string();
                    if team.contains(&l) && !seen.contains(&l) {
                        seen.push(l.clone());
                        stack.push(l);
                    }
                }
            }
            sizes.push(size);
        }
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    };
    let (w, b) = (sizes(&white), sizes(&black));
    let expected = if tabula_cascade(&w, &b) { Some(0) } else { Some(1) };
    assert_eq!(outcome.winner, expected, "white {w:?} black {b:?}");
}

/// Oracle 2 of RULES §1.6: compare the sums of the k largest groups.
fn tabula_cascade(a: &[u32], b: &[u32]) -> bool {
    let (mut sa, mut sb) = (0, 0);
    for i in 0..a.len().max(b.len()) {
        sa += a.get(i).copied().unwrap_or(0);
        sb += b.get(i).copied().unwrap_or(0);
        if sa != sb {
            return sa > sb;
        }
    }
    panic!("equal multisets")
}

#[test]
fn e_k4_the_game_ends_in_the_middle_of_a_turn() {
    let e = engine("games/ketchup.game", "Two stones", &["size=2"]);
    // Six of seven cells filled; Black starts a normal two-stone turn.
    let mut s = position(&e, &["a1 b1 c3", "a2 b2 c2"], 1, None, 6);
    assert_eq!(legal(&e, &s), vec!["b3"]);
    play(&e, &mut s, "b3");
    let outcome = e.outcome(&s).expect("the board is full: the game is over");
    assert!(outcome.winner.is_some(), "Ketchup has no draws");
    assert_eq!(s.turns(), 7, "the cut-short turn counts");
}

fn kensington() -> tabula::engine::Engine {
    engine("games/kensington.game", "Two players", &[])
}

#[test]
fn e_ks1_board_facts() {
    let e = kensington();
    let board = &e.game().board;
    assert_eq!(board.site_count(), 72);
    let edges = &board.relations[0];
    let n = |l: &str| -> Vec<String> { edges.neighbors(site(&e, l)).iter().map(|&s| e.label(s).to_string()).collect() };
    assert_eq!(n("0"), ["1", "4", "7"]);
    assert_eq!(n("5"), ["1", "2", "11", "12"]);
    assert_eq!(n("31"), ["22", "26", "30", "39"]);
    let parts_with = |region: &str, l: &str| -> Vec<Vec<String>> {
        let r = e.game().regions.iter().find(|r| r.name == region).expect("region");
        r.parts
            .iter()
            .filter(|p| p.contains(&site(&e, l)))
            .map(|p| p.iter().map(|&s| e.label(s).to_string()).collect())
            .collect()
    };
    assert_eq!(parts_with("triangles", "31"), [["22", "30", "31"]]);
    assert_eq!(parts_with("squares", "31"), [["17", "22", "26", "31"], ["30", "31", "38", "39"]]);
    assert_eq!(parts_with("hexagons", "5"), Vec::<Vec<String>>::new());
    assert_eq!(parts_with("triangles", "0").len(), 1);
    assert_eq!(parts_with("squares", "0").len(), 1);
    for site in 0..72u16 {
        let l = e.label(site).to_string();
        assert_eq!(parts_with("triangles", &l).len(), 1, "every vertex is in exactly one triangle");
        assert!(parts_with("squares", &l).len() <= 2, "no vertex is in three squares");
    }
}

#[test]
fn e_ks2_a_triangle_in_the_placement_phase() {
    let e = kensington();
    let mut s = e.initial();
    play(&e, &mut s, "22 0 30 3 31");
    // T9 completed: one relocation of a Blue stone (0 or 3) to any empty vertex, or `end`.
    assert_eq!(mover_name(&e, &s), "Red");
    let l = legal(&e, &s);
    assert_eq!(l.len(), 2 * 67 + 1);
    assert!(l.contains(&"0>45".to_string()) && l.contains(&"3>70".to_string()) && l.contains(&"end".to_string()));
    assert!(!l.iter().any(|a| a.starts_with("22>")), "only enemy stones are relocated");
    play(&e, &mut s, "0>45");
    assert_eq!(mover_name(&e, &s), "Blue", "one relocation, then the turn ends");
    assert_eq!(stones(&e, &s, 1), ["3", "45"]);
}

#[test]
fn e_ks3_triangle_and_square_give_two_relocations_not_three() {
    let e = kensington();
    for red in ["22 30 17 26", "22 30 17 26 38 39"] {
        let mut s = position(&e, &[red, "0 3 6 9"], 0, None, 8);
        play(&e, &mut s, "31");
        play(&e, &mut s, "0>45");
        assert_eq!(mover_name(&e, &s), "Red", "a second relocation is pending");
        assert!(is_legal(&e, &s, "end"));
        assert!(!is_legal(&e, &s, "45>46"), "the second relocation moves a different stone (R-KS3)");
        assert_eq!(refuse(&e, &mut s, "45>46"), "the stone on 45 was already relocated this turn");
        play(&e, &mut s, "3>46");
        assert_eq!(mover_name(&e, &s), "Blue", "never a third relocation");
    }
}

#[test]
fn e_ks4_a_relocated_stone_does_not_pay() {
    let e = kensington();
    // Blue holds 38 and 39 of T13 = {38, 39, 48}; Red completes T9 and moves Blue's 5 onto 48.
    let mut s = position(&e, &["22 30", "38 39 5"], 0, None, 5);
    play(&e, &mut s, "31 5>48");
    assert_eq!(mover_name(&e, &s), "Blue");
    assert!(legal(&e, &s).iter().all(|a| !a.contains('>')), "Blue earned nothing");
    play(&e, &mut s, "70");
    assert_eq!(mover_name(&e, &s), "Red");
}

#[test]
fn e_ks5_filling_a_winning_hexagon_wins_at_once() {
    let e = kensington();
    let hands = Some(vec![0, 0]);
    let mut s = position(&e, &["26 31 32 39 40 53", "0 1 2 3 4 6"], 0, hands.clone(), 60);
    play(&e, &mut s, "53-45");
    assert_eq!(winner(&e, &s).as_deref(), Some("Red"));
    assert_eq!(s.turns(), 61);
    // Blue filling a red hexagon (R_left) achieves nothing.
    let mut s = position(&e, &["0 1 2 3 4 6", "48 52 53 58 59 68"], 1, hands, 60);
    play(&e, &mut s, "68-63");
    assert!(e.outcome(&s).is_none());
    assert_eq!(mover_name(&e, &s), "Red");
}

#[test]
fn e_ks6_reforming_a_mill_pays_again() {
    let e = kensington();
    let mut s = position(&e, &["22 30 31 60 61 62", "0 3 6 9 14 20"], 0, Some(vec![0, 0]), 60);
    play(&e, &mut s, "31-39");
    assert_eq!(mover_name(&e, &s), "Blue", "leaving the triangle earns nothing");
    play(&e, &mut s, "0-1");
    play(&e, &mut s, "39-31");
    assert_eq!(mover_name(&e, &s), "Red", "T9 completed again: one relocation");
    assert!(is_legal(&e, &s, "1>45"));
    play(&e, &mut s, "1>45");
    assert_eq!(mover_name(&e, &s), "Blue");
}

#[test]
fn e_ks7_a_blocked_player_passes() {
    let e = kensington();
    // Blue's only stone, on 0, has all its neighbours (1, 4, 7) taken by Red.
    let mut s = position(&e, &["1 4 7 60", "0"], 0, Some(vec![0, 0]), 60);
    play(&e, &mut s, "60-59");
    assert_eq!(mover_name(&e, &s), "Blue");
    assert_eq!(legal(&e, &s), ["pass"]);
    assert_eq!(refuse(&e, &mut s, "0-1"), "you cannot move: your only action is `pass`");
    play(&e, &mut s, "pass");
    assert_eq!(mover_name(&e, &s), "Red");
    assert_eq!(s.turns(), 62, "the pass is a turn");
}

fn watershed(variant: &str) -> tabula::engine::Engine {
    engine("games/watershed.game", variant, &["size=5"])
}

#[test]
fn e_w1_the_same_position_in_both_variants() {
    let stones = ["c2 d3", "b3"];
    let e = watershed("Floodplain");
    let mut s = position(&e, &stones, 1, None, 3);
    assert_eq!(legal(&e, &s).len(), 20);
    assert!(!is_legal(&e, &s, "c4") && !is_legal(&e, &s, "c3"));
    assert_eq!(
        refuse(&e, &mut s, "c4"),
        "c3 would be cut off from the perimeter (the rule (connected empty perimeter orthogonal))"
    );
    assert_eq!(refuse(&e, &mut s, "c3"), "c3 needs at least two empty neighbours");
    let e = watershed("Plateau");
    let s = position(&e, &stones, 1, None, 3);
    assert_eq!(legal(&e, &s).len(), 22);
    assert!(is_legal(&e, &s, "c4") && is_legal(&e, &s, "c3"));
}

#[test]
fn e_w2_sealing_a_pocket() {
    let e = watershed("Plateau");
    let mut s = position(&e, &["b2 d2 d3 c4", "c2 b3 b4"], 1, None, 7);
    assert!(!is_legal(&e, &s, "d4"), "c3 would be enclosed on all eight sides");
    assert!(is_legal(&e, &s, "e5"));
    play(&e, &mut s, "e5");
}

#[test]
fn e_w3_the_two_empty_rule() {
    for variant in ["Plateau", "Floodplain"] {
        let e = watershed(variant);
        let s = position(&e, &["a2", "b2"], 0, None, 2);
        assert!(!is_legal(&e, &s, "a1"), "{variant}: a1 has only one empty neighbour");
    }
}

#[test]
fn e_w4_capture_from_the_empty_board() {
    // Plateau: X a1, O a2, X b2 removes X's own a1; nobody scores.
    let e = watershed("Plateau");
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2 b2");
    assert_eq!(stones(&e, &s, 0), ["b2"]);
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (0, 0));
    // Alternatively X c5, then O b2 removes X's a1 and O, the capturer, scores.
    let mut s = e.initial();
    play(&e, &mut s, "a1 a2 c5 b2");
    assert_eq!(stones(&e, &s, 0), ["c5"]);
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (0, 1));
    // Floodplain: O b1 already removes a1, and X, the owner, scores.
    let e = watershed("Floodplain");
    let mut s = e.initial();
    play(&e, &mut s, "a1 b1");
    assert!(stones(&e, &s, 0).is_empty());
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (1, 0));
}

#[test]
fn e_w6_unpaired_groups_cancel_as_a_multiset() {
    // A raw tie (largest group 5 each, no bonus) with X groups {5, 5, 1} and O {5, 4}: the
    // multiset difference leaves X 5 and O 4, so O, the smaller, wins. (A set difference
    // would leave {1} and {4} and the opposite result.) The game ends with no placement
    // left, which a `where` that never holds gives at once; the end rule is Watershed's.
    let e = inline(
        r#"(game "E-W6"
          (players "X" "O")
          (board (square 7))
          (counter bonus)
          (play (turn (place (to empty) (where false))))
          (end (when (no-moves)
            (compare
              (higher (+ (largest-group orthogonal) (counter bonus)))
              (unpaired (group-sizes orthogonal) smaller)
              (last-mover)))))"#,
    );
    let s = position(&e, &["a1 a2 a3 a4 a5 c1 c2 c3 c4 c5 e1", "g1 g2 g3 g4 g5 e3 e4 e5 e6"], 0, None, 20);
    let outcome = e.outcome(&s).expect("no placement is possible");
    assert_eq!(outcome.scores, Some(vec![5, 5]));
    assert_eq!(winner(&e, &s).as_deref(), Some("O"));
    assert_eq!(outcome.decided_by, Some(1), "decided by the unpaired groups");
}
