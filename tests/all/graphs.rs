//! Boards given as a graph (`(graph W H (sites ...) (edges ...))`), the move `take`, `every`,
//! and a line of another team's stones, on Nine Men's Morris: positions worked out by hand
//! from the board's drawing and the rules. OpenSpiel's `nine_mens_morris` referees the whole
//! game (`python/tests/referee`, docs/REFEREE.md).

use crate::common::{engine, inline, legal, mover_name, play, refuse, site};

const MORRIS: &str = "games/nine-mens-morris.game";

#[test]
fn the_morris_board_joins_the_points_along_its_lines_only() {
    let e = engine(MORRIS, "", &[]);
    let board = &e.game().board;
    assert_eq!(board.site_count(), 24);
    let edges = &board.relations[board.relation("edges").expect("edges")];
    let neighbours = |label: &str| -> Vec<&str> {
        let mut v: Vec<&str> =
            edges.neighbors(site(&e, label)).iter().map(|&t| board.sites[t as usize].label.as_str()).collect();
        v.sort();
        v
    };
    // A corner of the outer square, the middle of a side of the middle square, a point of the
    // inner square: d5 and d3 face each other across the empty centre but are not joined.
    assert_eq!(neighbours("a1"), ["a4", "d1"]);
    assert_eq!(neighbours("d2"), ["b2", "d1", "d3", "f2"]);
    assert_eq!(neighbours("d3"), ["c3", "d2", "e3"]);
    assert_eq!(edges.edge_count(), 32);
    // East of a1 is d1, three columns away; nothing is south of it.
    let east = board.direction("E").expect("E");
    assert_eq!(east.step[site(&e, "a1") as usize], Some(site(&e, "d1")));
    assert_eq!(board.direction("S").expect("S").step[site(&e, "a1") as usize], None);
}

#[test]
fn a_mill_lets_its_maker_take_an_enemy_man_at_once() {
    // White closes a1 d1 g1 on his third placement and, in the same turn, takes one of
    // Black's two men.
    let e = engine(MORRIS, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "a1 a4 d1 b4 g1");
    assert_eq!(mover_name(&e, &s), "White");
    assert_eq!(legal(&e, &s), ["xa4", "xb4"]);
    play(&e, &mut s, "xa4");
    assert_eq!(mover_name(&e, &s), "Black");
    assert_eq!(e.stone(&s, site(&e, "a4")), None);
}

#[test]
fn a_man_in_a_mill_is_safe_while_another_is_not() {
    // Black closes a7 d7 g7 and takes b2. White then closes a1 d1 g1: of Black's men, a7 d7
    // g7 stand in a mill and c3 does not, so c3 alone may be taken.
    let e = engine(MORRIS, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "a1 a7 d1 d7 b2 g7 xb2 f2 c3 g1");
    assert_eq!(legal(&e, &s), ["xc3"]);
    let why = refuse(&e, &mut s, "xa7");
    assert!(why.contains("fails the condition"), "{why}");
}

#[test]
fn when_every_enemy_man_is_in_a_mill_any_may_be_taken() {
    // Black closes a7 d7 g7 (taking b2), then g7 g4 g1 (taking f2): each of his five men
    // stands in a mill. White closes c3 d3 e3 and may take any of them.
    let e = engine(MORRIS, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "c3 a7 d3 d7 b2 g7 xb2 f2 g4 b4 g1 xf2 e3");
    let mut takes = legal(&e, &s);
    takes.sort();
    assert_eq!(takes, ["xa7", "xd7", "xg1", "xg4", "xg7"]);
}

#[test]
fn every_holds_of_no_site_and_fails_on_one() {
    // White may place only while every enemy stone stands on the first row: at the start there
    // is none (true of no site); once Black has a stone on b2, no longer.
    let e = inline(
        "(game \"Every\" (players \"White\" \"Black\") (board (square 3))
           (play (turn (place (to empty) (where (every enemy (in site side-S))))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s).len(), 9);
    play(&e, &mut s, "a1");
    // Black: every enemy stone (a1) is on the first row.
    assert_eq!(legal(&e, &s).len(), 8);
    play(&e, &mut s, "b2");
    // White: Black's b2 is not on the first row.
    assert!(legal(&e, &s).is_empty());
}

const DOTS: &str = "games/dots-and-boxes.game";

#[test]
fn the_lines_of_a_grid_of_boxes_are_the_sites() {
    // 2×2 boxes: three rows of two lines across (b1 d1, b3 d3, b5 d5), two rows of three
    // upright (a2 c2 e2, a4 c4 e4); the bottom-left box is b1 a2 c2 b3.
    let e = engine(DOTS, "", &["width=2", "height=2"]);
    let mut lines = legal(&e, &e.initial());
    lines.sort();
    assert_eq!(lines, ["a2", "a4", "b1", "b3", "b5", "c2", "c4", "d1", "d3", "d5", "e2", "e4"]);
    let boxes = &e.game().board.regions[0];
    assert_eq!(boxes.name, "boxes");
    let first: Vec<&str> = boxes.parts[0].sites.iter().map(|&s| e.label(s)).collect();
    assert_eq!(first, ["b1", "a2", "c2", "b3"]);
}

#[test]
fn closing_a_box_scores_it_and_the_player_draws_again() {
    // First b1, Second a2, First c2: three sides of the bottom-left box. Second closes it with
    // b3, scores 1, and must draw again (no `end`); his next line closes nothing, and First
    // is to move.
    let e = engine(DOTS, "", &["width=2", "height=2"]);
    let mut s = e.initial();
    play(&e, &mut s, "b1 a2 c2 b3");
    assert_eq!(mover_name(&e, &s), "Second");
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (0, 1));
    assert!(!legal(&e, &s).contains(&"end".to_string()));
    play(&e, &mut s, "d5");
    assert_eq!(mover_name(&e, &s), "First");
}

#[test]
fn one_line_may_close_two_boxes() {
    // 2×1 boxes: every line but the middle one drawn, c2 closes both boxes at once: 2 for
    // First, and the board is full: First wins 2 to 0.
    let e = engine(DOTS, "", &["width=2", "height=1"]);
    let mut s = e.initial();
    play(&e, &mut s, "b1 d1 a2 e2 b3 d3 c2");
    assert_eq!((s.counter(0, 0), s.counter(0, 1)), (2, 0));
    assert_eq!(crate::common::winner(&e, &s).as_deref(), Some("First"));
}

const KALAH: &str = "games/kalah.game";

/// The seeds of each pit, South's b1–g1 and store h2, then North's g3–b3 and store a2, the
/// order the seeds go round.
fn round(e: &tabula::engine::Engine, s: &tabula::engine::State) -> Vec<u32> {
    "b1 c1 d1 e1 f1 g1 h2 g3 f3 e3 d3 c3 b3 a2".split(' ').map(|l| s.seeds(site(e, l))).collect()
}

#[test]
fn a_sowing_drops_one_seed_in_each_pit_round_the_board() {
    // South sows c1's four seeds into d1 e1 f1 g1: the last falls in a pit, and North moves.
    let e = engine(KALAH, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "c1");
    assert_eq!(round(&e, &s), [4, 0, 5, 5, 5, 5, 0, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(mover_name(&e, &s), "North");
}

#[test]
fn a_last_seed_in_ones_store_earns_another_move() {
    // d1's four seeds go to e1 f1 g1 and the store h2: South moves again.
    let e = engine(KALAH, "", &[]);
    let mut s = e.initial();
    play(&e, &mut s, "d1");
    assert_eq!(round(&e, &s), [4, 4, 0, 5, 5, 5, 1, 4, 4, 4, 4, 4, 4, 0]);
    assert_eq!(mover_name(&e, &s), "South");
    // South's empty d1 is not a move.
    assert!(!legal(&e, &s).contains(&"d1".to_string()));
}

#[test]
fn the_opponents_store_is_passed_over_and_an_empty_pit_of_ones_own_captures() {
    // g1's ten seeds go to South's store h2, North's six pits g3–b3, pass over North's store
    // a2, and end in b1 c1 d1 (d1: 4 → 5, not empty before: no capture).
    let e = engine(KALAH, "", &[]);
    let mut s = e
        .position(&tabula::engine::Setup {
            replace_start: true,
            seeds: vec![(site(&e, "g1"), 10), (site(&e, "d1"), 4), (site(&e, "d3"), 3), (site(&e, "b3"), 1)],
            ..Default::default()
        })
        .expect("a position");
    play(&e, &mut s, "g1");
    assert_eq!(round(&e, &s), [1, 1, 5, 0, 0, 0, 1, 1, 1, 1, 4, 1, 2, 0]);
    let mut s = e
        .position(&tabula::engine::Setup {
            replace_start: true,
            seeds: vec![(site(&e, "b1"), 2), (site(&e, "d3"), 3), (site(&e, "b3"), 1)],
            ..Default::default()
        })
        .expect("a position");
    // b1's two seeds: c1, then d1, which was empty; d3 holds 3: 1 + 3 into h2.
    play(&e, &mut s, "b1");
    assert_eq!(round(&e, &s), [0, 1, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 1, 0]);
}

#[test]
fn when_a_side_is_empty_each_counts_his_store_and_pits() {
    // South's last seeds go from g1 into his store: his pits are empty, and the game ends.
    // South has 1 + 20 in store, North 2 in pits and 18 in store: South wins 21 to 20.
    let e = engine(KALAH, "", &[]);
    let mut s = e
        .position(&tabula::engine::Setup {
            replace_start: true,
            seeds: vec![(site(&e, "g1"), 1), (site(&e, "h2"), 20), (site(&e, "e3"), 2), (site(&e, "a2"), 18)],
            ..Default::default()
        })
        .expect("a position");
    play(&e, &mut s, "g1");
    assert_eq!(crate::common::winner(&e, &s).as_deref(), Some("South"));
}

const OWARE: &str = "games/oware.game";

/// A position of Oware with these seeds, South to move.
fn oware(e: &tabula::engine::Engine, seeds: &[(&str, u32)]) -> tabula::engine::State {
    let seeds = seeds.iter().map(|&(l, n)| (site(e, l), n)).collect();
    e.position(&tabula::engine::Setup { replace_start: true, seeds, ..Default::default() }).expect("a position")
}

#[test]
fn a_capture_takes_the_houses_of_two_or_three_back_from_the_last() {
    // f1's three seeds fall in g1, g3 (1 → 2) and f3 (2 → 3): f3 and g3 are taken, then g1 is
    // South's own and the run stops. 3 + 2 = 5 seeds go to South's store h2.
    let e = engine(OWARE, "", &[]);
    let mut s = oware(&e, &[("f1", 3), ("g3", 1), ("f3", 2), ("e3", 5), ("d3", 5)]);
    play(&e, &mut s, "f1");
    let at = |l: &str| s.seeds(site(&e, l));
    assert_eq!((at("h2"), at("g3"), at("f3"), at("e3"), at("g1")), (5, 0, 0, 5, 1));
}

#[test]
fn a_capture_of_every_seed_the_opponent_has_takes_nothing() {
    // The same move with nothing else on North's side would take all his seeds (a grand
    // slam): nothing is taken.
    let e = engine(OWARE, "", &[]);
    let mut s = oware(&e, &[("f1", 3), ("g3", 1), ("f3", 2), ("b1", 20)]);
    play(&e, &mut s, "f1");
    let at = |l: &str| s.seeds(site(&e, l));
    assert_eq!((at("h2"), at("g3"), at("f3")), (0, 2, 3));
}

#[test]
fn an_opponent_without_seeds_must_be_fed() {
    // North has none. b1's one seed would stay on South's side; f1's two reach g3. Only f1.
    let e = engine(OWARE, "", &[]);
    let s = oware(&e, &[("b1", 1), ("f1", 2), ("h2", 20), ("a2", 10)]);
    assert_eq!(legal(&e, &s), ["f1"]);
}

#[test]
fn twelve_seeds_or_more_pass_over_the_house_they_came_from() {
    // b1's twelve seeds: one in each of the eleven other houses, then, passing over b1, the
    // twelfth in c1.
    let e = engine(OWARE, "", &[]);
    let mut s = oware(&e, &[("b1", 12), ("e3", 3)]);
    play(&e, &mut s, "b1");
    let at = |l: &str| s.seeds(site(&e, l));
    assert_eq!((at("b1"), at("c1"), at("d1"), at("g3"), at("b3")), (0, 2, 1, 1, 1));
}
