//! Capture by enclosure — `liberties`, `remove-groups`, `after`, `no-repeat`, `area` — in
//! `games/go.game` and `games/atari-go.game`: small positions worked out by hand (the stones,
//! an action, the exact consequence), counts derived by hand, and the engine's fast path for
//! the capture rule checked against the general interpreter on the same rules.

use crate::common::*;
use tabula::check::{Selection, check_str};
use tabula::engine::Engine;

fn go(size: u32, variant: &str) -> Engine {
    engine("games/go.game", variant, &[&format!("size={size}")])
}

fn atari(size: u32) -> Engine {
    engine("games/atari-go.game", "", &[&format!("size={size}")])
}

#[test]
fn a_stone_without_liberties_is_captured() {
    // White c3 has three Black neighbours (b3 c2 d3); Black's c4 takes its last liberty.
    let e = go(5, "");
    let mut s = position(&e, &["b3 c2 d3", "c3"], 0, None, 2);
    play(&e, &mut s, "c4");
    assert_eq!(stones(&e, &s, 1), Vec::<String>::new());
    assert_eq!(stones(&e, &s, 0), ["c2", "b3", "d3", "c4"]);
    assert!(e.outcome(&s).is_none());
}

#[test]
fn a_whole_group_is_captured_at_once_and_only_it() {
    // White's group c3-c4 has one liberty, c5 (b3 b4 c2 d3 d4 are Black). White's e1 is a
    // separate stone with liberties: it stays. Black c5 removes c3 and c4 together.
    let e = go(5, "");
    let mut s = position(&e, &["b3 b4 c2 d3 d4", "c3 c4 e1"], 0, None, 2);
    play(&e, &mut s, "c5");
    assert_eq!(stones(&e, &s, 1), ["e1"]);
    // The freed points are empty and playable again, by White too: a White stone on c3 or c4
    // has the other as its liberty.
    assert!(is_legal(&e, &s, "c3") && is_legal(&e, &s, "c4"));
}

#[test]
fn with_three_teams_touching_enemy_groups_without_liberties_are_taken_off_together() {
    // Three mutually adjacent cells (a triangle of side 2): Red a1, Blue b1, Green to place
    // a2, Go's capture rule. Once a2 is filled, a1 and b1 have no liberty: on the position
    // before any removal both groups are captured (LANGUAGE.md, remove-groups), although
    // taking a1 off first would give b1 a liberty. Green is then alone and has the most
    // stones. The rule has the fast path's shape; a second effect takes the general one.
    // (The reference model's E2.)
    for extra in ["", "(add score mover 0)"] {
        let e = inline(&format!(
            r#"(game "Two enemies"
  (players "Green" "Red" "Blue")
  (board (triangle 2))
  (counter score)
  (setup (place "Red" a1) (place "Blue" b1))
  (play (turn (place (to empty) (then
    (remove-groups (neighbors to adjacent) adjacent (where (is enemy site) (= (liberties site adjacent) 0)))
    {extra}))))
  (end (when (> (turn-number) 1) (compare (higher (count friend any))))))"#
        ));
        let mut s = e.initial();
        play(&e, &mut s, "a2");
        assert_eq!(stones(&e, &s, 1), Vec::<String>::new(), "{extra}");
        assert_eq!(stones(&e, &s, 2), Vec::<String>::new(), "{extra}");
        assert_eq!(stones(&e, &s, 0), ["a2"], "{extra}");
        assert_eq!(winner(&e, &s).as_deref(), Some("Green"), "{extra}");
    }
}

#[test]
fn suicide_is_refused() {
    // a1's neighbours a2 and b1 are Black stones with other liberties (a3 b2, b2 c1): White
    // a1 would capture nothing and have no liberty.
    let e = go(5, "");
    let mut s = position(&e, &["a2 b1", "e5"], 1, None, 2);
    assert!(!is_legal(&e, &s, "a1"));
    assert_eq!(refuse(&e, &mut s, "a1"), "after its effects, (> (liberties to orthogonal) 0) would not hold");
    // The same point is fine for Black (a1 joins a2 and b1: liberties a3 b2 c1).
    let mut s = position(&e, &["a2 b1", "e5"], 0, None, 2);
    play(&e, &mut s, "a1");
}

#[test]
fn a_suicide_that_captures_is_legal_in_go() {
    // Black a2 (liberty a1 only: a3 and b2 are White) and Black b1 (liberty a1 only: b2 and c1
    // are White). White a1 has no empty neighbour, but it captures both: then it has a2, b1.
    let e = go(5, "");
    let mut s = position(&e, &["a2 b1 e5", "a3 b2 c1"], 1, None, 2);
    play(&e, &mut s, "a1");
    assert_eq!(stones(&e, &s, 0), ["e5"]);
    assert_eq!(stones(&e, &s, 1), ["a1", "c1", "b2", "a3"]);
}

#[test]
fn a_suicide_that_captures_wins_atari_go() {
    // The same position in Atari Go: White's a1 captures, and the first capture wins.
    let e = atari(5);
    let mut s = position(&e, &["a2 b1 e5", "a3 b2 c1"], 1, None, 2);
    play(&e, &mut s, "a1");
    assert_eq!(winner(&e, &s).as_deref(), Some("White"));
    // A suicide that captures nothing stays refused: Black's c5 between White's b5, d5 and c4,
    // which all have other liberties.
    let mut s = position(&e, &["a2 b1 e5", "b5 d5 c4"], 0, None, 2);
    assert!(!is_legal(&e, &s, "c5"));
    play(&e, &mut s, "e4");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn atari_go_first_capture_wins_and_no_placement_loses() {
    // White c3 in atari (b3 c2 d3 Black): Black c4 captures one stone and wins at once.
    let e = atari(5);
    let mut s = position(&e, &["b3 c2 d3", "c3 e5"], 0, None, 2);
    play(&e, &mut s, "c4");
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
    // Black everywhere but a1, c3 and e5, Black to play c3: then one Black group has two
    // liberties, a1 and e5. A White stone on either would have no liberty and capture
    // nothing: White cannot place, and loses (no passing) — Black, who moved last, wins.
    let all: Vec<String> = "abcde".chars().flat_map(|c| (1..=5).map(move |r| format!("{c}{r}"))).collect();
    let black: Vec<&str> = all.iter().map(String::as_str).filter(|l| !["a1", "c3", "e5"].contains(l)).collect();
    let mut s = position(&e, &[&black.join(" "), ""], 0, None, 30);
    play(&e, &mut s, "c3");
    assert!(legal(&e, &s).is_empty());
    assert_eq!(winner(&e, &s).as_deref(), Some("Black"));
}

/// The ko shape of these tests: White's b2 sits in Black's mouth (a2 b3 b1); Black c2 captures
/// it and is itself left with one liberty, b2, which White retakes.
const KO_BLACK: &str = "a2 b3 b1";
const KO_WHITE: &str = "b2 c3 d2 c1";

#[test]
fn the_immediate_retake_of_a_ko_is_refused_under_both_bans() {
    for variant in ["Superko", "Simple ko"] {
        let e = go(5, variant);
        let mut s = position(&e, &[KO_BLACK, KO_WHITE], 0, None, 2);
        play(&e, &mut s, "c2");
        assert_eq!(stones(&e, &s, 1), ["c1", "d2", "c3"], "{variant}: b2 captured");
        assert!(!is_legal(&e, &s, "b2"), "{variant}: the retake recreates the position");
        assert_eq!(refuse(&e, &mut s, "b2"), "it would recreate an earlier position (the rule (no-repeat ...))");
        // A pass is always legal; after an exchange elsewhere the retake makes a new position.
        assert!(is_legal(&e, &s, "pass"), "{variant}");
        play(&e, &mut s, "e5 e1 b2");
        assert_eq!(stones(&e, &s, 0), ["b1", "e1", "a2", "b3"], "{variant}: c2 captured by the retake");
    }
}

#[test]
fn a_triple_ko_cycle_is_refused_by_superko_only() {
    // Three kos on 9×9: A (mouth b2, Black captures at c2), B (the same shape five columns
    // right: mouth g2, capture h2), C (A's shape five rows up, mouth b7, capture c7) where
    // Black has already captured: c7 Black, b7 empty. Six captures, each in another ko than
    // the one before (so never an immediate retake), lead back to the start: Black c2 (A),
    // White b7 (C), Black h2 (B), White b2 (A), Black c7 (C), White g2 (B).
    let black = "a2 b3 b1 f2 g3 g1 a7 b8 b6 c7";
    let white = "b2 c3 d2 c1 g2 h3 i2 h1 c8 d7 c6";
    for (variant, allowed) in [("Superko", false), ("Simple ko", true)] {
        let e = go(9, variant);
        let mut s = position(&e, &[black, white], 0, None, 2);
        let start = (stones(&e, &s, 0), stones(&e, &s, 1));
        play(&e, &mut s, "c2 b7 h2 b2 c7");
        assert_eq!(is_legal(&e, &s, "g2"), allowed, "{variant}: the sixth capture closes the cycle");
        assert!(is_legal(&e, &s, "pass"), "{variant}: a pass is always legal");
        if allowed {
            play(&e, &mut s, "g2");
            assert_eq!((stones(&e, &s, 0), stones(&e, &s, 1)), start, "{variant}: back at the start");
            assert!(e.outcome(&s).is_none(), "{variant}: the game goes on");
        }
    }
}

#[test]
fn openspiel_go_draws_when_a_placement_recreates_a_position_and_never_after_a_pass() {
    // The triple ko above, as OpenSpiel's go plays it: the sixth capture is legal and ends the
    // game as a draw at once. A pass, which leaves the board as it was, ends nothing; White's
    // e5, far from the kos, is then part of every position of the cycle. The immediate retake
    // of a ko stays refused (simple ko).
    let black = "a2 b3 b1 f2 g3 g1 a7 b8 b6 c7";
    let white = "b2 c3 d2 c1 g2 h3 i2 h1 c8 d7 c6";
    let e = go(9, "OpenSpiel");
    let mut s = position(&e, &[black, white], 0, None, 2);
    play(&e, &mut s, "pass");
    assert!(e.outcome(&s).is_none(), "a pass recreates no position");
    play(&e, &mut s, "e5 c2");
    assert!(!is_legal(&e, &s, "b2"), "the immediate retake");
    play(&e, &mut s, "b7 h2 b2 c7");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "g2");
    let outcome = e.outcome(&s).expect("the cycle is closed: a draw");
    assert!(outcome.is_draw());
    assert!(legal(&e, &s).is_empty());
}

#[test]
fn two_passes_end_go_and_area_with_komi_decides() {
    // 5×5: Black fills column b and c1, White column d. Column a (5 points) borders only
    // Black, column e (5) only White, c2..c5 both. Black's area 6 + 5 = 11, White's 5 + 5 =
    // 10. In half points: Black 22, White 20 + komi.
    let record = "b1 d1 b2 d2 b3 d3 b4 d4 b5 d5 c1 pass pass";
    for (komi, scores, winner_name) in
        [("15", [22, 35], Some("White")), ("0", [22, 20], Some("Black")), ("2", [22, 22], None)]
    {
        let e = engine("games/go.game", "", &["size=5", &format!("komi={komi}")]);
        let mut s = e.initial();
        play(&e, &mut s, record);
        let outcome = e.outcome(&s).expect("two passes end the game");
        assert_eq!(outcome.scores.as_deref(), Some(&scores[..]), "komi {komi}");
        assert_eq!(outcome.winner.map(|t| e.game().teams[t].as_str()), winner_name, "komi {komi}");
    }
}

#[test]
fn a_single_pass_does_not_end_go() {
    let e = go(5, "");
    let mut s = e.initial();
    play(&e, &mut s, "pass c3 pass");
    assert!(e.outcome(&s).is_none());
    assert_eq!(mover_name(&e, &s), "White");
}

#[test]
fn atari_go_perft_by_hand() {
    // 5×5. No capture is possible before action 3; up to 3 the count is 25·24·23 = 13 800.
    // At 4 it is 25·24·23·22 = 303 600, less: (a) Black's two stones on both neighbours of a
    // corner, White's first stone elsewhere (4 corners × 2 orders × 22 = 176 lines): White's
    // corner would be a suicide capturing nothing (−1 each); (b) White's first stone in a
    // corner next to Black's first, Black's second stone capturing it (4 × 2 = 8 lines) ends
    // the game at action 3 (−22 each, 176). 303 600 − 176 − 176 = 303 248.
    let e = atari(5);
    let s = e.initial();
    assert_eq!(tabula::engine::perft::perft(&e, &s, 3), 13_800);
    assert_eq!(tabula::engine::perft::perft(&e, &s, 4), 303_248);
}

/// The same rules with the capture's conditions written so that the fast path does not
/// recognise them (a third, always true condition): the general interpreter runs them.
fn general_twin(file: &str, sets: &[&str]) -> Engine {
    let text = std::fs::read_to_string(file).expect("game file");
    let from = "(where (is enemy site) (= (liberties site orthogonal) 0))";
    assert!(text.contains(from));
    let text = text.replace(from, "(where (is enemy site) (= (liberties site orthogonal) 0) true)");
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    let (_, checked) = check_str(file, &text, &Selection::new(None, &sets).expect("selection"));
    Engine::new(checked.expect("selection").game.expect("the twin checks"))
}

#[test]
fn the_fast_capture_path_agrees_with_the_interpreter() {
    for (file, size) in [("games/go.game", "size=5"), ("games/atari-go.game", "size=5"), ("games/go.game", "size=7")] {
        let fast = engine(file, "", &[size]);
        let slow = general_twin(file, &[size]);
        // Random games with a fixed little generator: the same legal actions at every step,
        // the same result.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for game in 0..12 {
            let (mut a, mut b) = (fast.initial(), slow.initial());
            for step in 0..400 {
                assert_eq!(legal(&fast, &a), legal(&slow, &b), "{file} {size}: game {game}, step {step}");
                let n = fast.legal(&a).len();
                if n == 0 {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let action = fast.action_text(fast.legal(&a)[(seed % n as u64) as usize]);
                play(&fast, &mut a, &action);
                play(&slow, &mut b, &action);
            }
            assert_eq!(fast.outcome(&a), slow.outcome(&b), "{file} {size}: game {game}");
        }
    }
}
