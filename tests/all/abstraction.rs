//! Defines with parameters and `for-each` (Language IV): a rule stated once and used with
//! different words, shown on small positions worked out by hand; owned directions in the paths
//! of `leap` and `step`; and region parts computed from the board and the options. Knightthrough's published perft, which rests on both, is in
//! `tests/suites/perft.txt`.

use tabula::check::{Selection, check_str};

use crate::common::{inline, legal, play, stones};

/// A slide in each orthogonal direction that needs the site beyond its landing site empty.
const CROSSES_LOOP: &str = "(game \"Crosses\" (players \"White\" \"Black\") (board (square 4))
   (setup (place \"White\" b2) (place \"Black\" d4))
   (play (turn (actions 1
     (for-each D (N E S W)
       (slide (from friend) (along D) (to empty) (where (= (count empty (step to D)) 1)))))))
   (end (when (no-moves) (win mover))))";

#[test]
fn for_each_repeats_a_move_for_each_direction() {
    // From b2: north to b3 (b4 beyond is empty), east to c2 (d2 empty); south to b1 has
    // nothing beyond it, west to a2 neither.
    let e = inline(CROSSES_LOOP);
    let s = e.initial();
    let mut moves = legal(&e, &s);
    moves.sort();
    assert_eq!(moves, ["b2-b3", "b2-c2"]);
}

#[test]
fn for_each_is_the_forms_written_out_in_order() {
    // The same game with the four moves written by hand: the same actions, in the same order,
    // position after position.
    let by_hand = CROSSES_LOOP.replace(
        "(for-each D (N E S W)
       (slide (from friend) (along D) (to empty) (where (= (count empty (step to D)) 1))))",
        "(slide (from friend) (along N) (to empty) (where (= (count empty (step to N)) 1)))
       (slide (from friend) (along E) (to empty) (where (= (count empty (step to E)) 1)))
       (slide (from friend) (along S) (to empty) (where (= (count empty (step to S)) 1)))
       (slide (from friend) (along W) (to empty) (where (= (count empty (step to W)) 1)))",
    );
    assert_ne!(by_hand, CROSSES_LOOP);
    let (a, b) = (inline(CROSSES_LOOP), inline(&by_hand));
    let (mut s, mut t) = (a.initial(), b.initial());
    for action in ["b2-b3", "d4-c4", "b3-c3", "c4-b4"] {
        assert_eq!(legal(&a, &s), legal(&b, &t), "before {action}");
        play(&a, &mut s, action);
        play(&b, &mut t, action);
    }
    assert_eq!(legal(&a, &s), legal(&b, &t));
}

#[test]
fn a_define_with_parameters_takes_its_arguments_where_it_is_used() {
    // `(flanked ONE OTHER)`: a friend on both sides of the placed stone along an axis. White
    // holds a2, c2 and b3. b2 has a2 and c2 on either side: it qualifies. No other empty site
    // has two White neighbours on one axis (b1 has none; c3 has b3 to the west and the empty
    // d3 to the east; d2 has c2 to the west and e2 is off the board). White may place on b2
    // only.
    let e = inline(
        "(game \"Flanks\" (players \"White\" \"Black\") (board (square 4))
           (define (flanked ONE OTHER)
             (and (= (count friend (step to ONE)) 1) (= (count friend (step to OTHER)) 1)))
           (setup (place \"White\" a2 c2 b3) (place \"Black\" d4))
           (play (turn (place (to empty) (where (or (flanked N S) (flanked E W))))))
           (end (when (no-moves) (win mover))))",
    );
    let s = e.initial();
    assert_eq!(legal(&e, &s), ["b2"]);
}

#[test]
fn for_each_binds_pairs() {
    // The same rule as a loop over pairs: the same single placement.
    let e = inline(
        "(game \"Flanks\" (players \"White\" \"Black\") (board (square 4))
           (setup (place \"White\" a2 c2 b3) (place \"Black\" d4))
           (play (turn (place (to empty)
             (where (or (for-each (ONE OTHER) ((N S) (E W))
               (and (= (count friend (step to ONE)) 1) (= (count friend (step to OTHER)) 1))))))))
           (end (when (no-moves) (win mover))))",
    );
    assert_eq!(legal(&e, &e.initial()), ["b2"]);
}

#[test]
fn names_written_as_a_list_take_each_value_apart_even_one() {
    // `(D)` over `((N) (E) (S) (W))` is `D` over `(N E S W)`: the same two slides from b2.
    let e = inline(&CROSSES_LOOP.replace("(for-each D (N E S W)", "(for-each (D) ((N) (E) (S) (W))"));
    let mut moves = legal(&e, &e.initial());
    moves.sort();
    assert_eq!(moves, ["b2-b3", "b2-c2"]);
}

#[test]
fn a_bound_name_may_head_a_list_of_data() {
    // `(X Y)` is data whose first word is bound by the loop around it: it reaches `flanked` as
    // `(N S)`, then `(E W)`, and `flanked` loops over its one pair. The same single placement on
    // b2 as the rule written out; `PAIR`, mentioned only as the head of `(PAIR)`, is used.
    let text = "(game \"Flanks\" (players \"White\" \"Black\") (board (square 4))
           (define (flanked PAIR) (or (for-each (ONE OTHER) (PAIR)
             (and (= (count friend (step to ONE)) 1) (= (count friend (step to OTHER)) 1)))))
           (setup (place \"White\" a2 c2 b3) (place \"Black\" d4))
           (play (turn (place (to empty) (where (or (for-each (X Y) ((N S) (E W)) (flanked (X Y))))))))
           (end (when (no-moves) (win mover))))";
    let (_, checked) = check_str("inline.game", text, &Selection::new(None, &[]).expect("selection"));
    let checked = checked.expect("selection");
    let said: Vec<&str> = checked.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(said.is_empty(), "{said:?}");
    let e = inline(text);
    assert_eq!(legal(&e, &e.initial()), ["b2"]);
}

#[test]
fn a_parameter_at_the_head_of_a_list_hides_a_define_of_that_name() {
    // `(OP V)` in `apply-to` is its parameter applied, `not`, not the define `OP` (which gives
    // its argument back): "place only where you have a stone already" allows nothing at the
    // start, where `(OP ...)` as the define would allow all nine points.
    let e = inline(
        "(game \"Shadow\" (players \"White\" \"Black\") (board (square 3))
           (define (OP A) A)
           (define (apply-to OP V) (OP V))
           (play (turn (place (to empty) (where (apply-to not (= (count friend any) 0))))))
           (end (when (board-full) (draw))))",
    );
    assert!(legal(&e, &e.initial()).is_empty());
}

#[test]
fn defines_with_parameters_nest_and_see_only_their_own_parameters() {
    // `(two-of D)` uses `(one-of D)`, passing its own `D` on. White may place where the site
    // west of it and the one west of that are both White's: with White on a1 and b1, that is
    // c1 alone.
    let e = inline(
        "(game \"Nested\" (players \"White\" \"Black\") (board (square 3))
           (define (one-of D) (= (count friend (step to D)) 1))
           (define (two-of D) (and (one-of D) (= (count friend (step to D D)) 1)))
           (setup (place \"White\" a1 b1) (place \"Black\" c3))
           (play (turn (place (to empty) (where (two-of W)))))
           (end (when (no-moves) (win mover))))",
    );
    assert_eq!(legal(&e, &e.initial()), ["c1"]);
}

#[test]
fn an_owned_direction_in_a_leap_is_each_teams_own() {
    // Forward knights on 5×5: White's b1 leaps north (to a3, c3, d2), Black's b5 south (to a3,
    // c3, d4). After White b1-c3, Black's b5 may land on c3 (capturing) or a3 or d4.
    let e = inline(
        "(game \"Forward knights\" (players \"White\" \"Black\") (board (square 5))
           (relation ahead (owner \"White\") N)
           (relation ahead (owner \"Black\") S)
           (setup (place \"White\" b1) (place \"Black\" b5))
           (play (turn (leap (from friend) (by (ahead ahead E) (ahead ahead W) (ahead E E) (ahead W W)) (to any) (capture))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    let mut moves = legal(&e, &s);
    moves.sort();
    assert_eq!(moves, ["b1-a3", "b1-c3", "b1-d2"]);
    play(&e, &mut s, "b1-c3");
    let mut moves = legal(&e, &s);
    moves.sort();
    assert_eq!(moves, ["b5-a3", "b5-c3", "b5-d4"]);
    play(&e, &mut s, "b5-c3");
    assert_eq!(stones(&e, &s, 0), Vec::<String>::new());
    assert_eq!(stones(&e, &s, 1), ["c3"]);
}

#[test]
fn an_owned_direction_in_a_step_is_the_subjects_own() {
    // A placement needs the site ahead of it empty: ahead is north for White, south for
    // Black. On 3×3 with Black on b2, White may not place on b1 (b2 is north of it) nor on row
    // 3 (nothing is north of it). After White's a1, Black may not place on row 1, on a2 (a1
    // south of it) or on b3 (b2).
    let e = inline(
        "(game \"Ahead\" (players \"White\" \"Black\") (board (square 3))
           (relation ahead (owner \"White\") N)
           (relation ahead (owner \"Black\") S)
           (setup (place \"Black\" b2))
           (play (turn (place (to empty) (where (= (count empty (step to ahead)) 1)))))
           (end (when (no-moves) (win mover))))",
    );
    let mut s = e.initial();
    assert_eq!(legal(&e, &s), ["a1", "c1", "a2", "c2"]);
    play(&e, &mut s, "a1");
    assert_eq!(legal(&e, &s), ["c2", "a3", "c3"]);
}

/// The parts of a region of the game, as labels.
fn region_parts(e: &tabula::engine::Engine, name: &str) -> Vec<Vec<String>> {
    let game = e.game();
    let region = game.regions.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no region {name}"));
    let label = |s: &u16| game.board.sites[*s as usize].label.clone();
    region.parts.iter().map(|p| p.iter().map(label).collect()).collect()
}

const COMPUTED: &str = "(game \"Computed\" (option size (range 4 9) (default 4))
   (option big boolean (default false))
   (players \"White\" \"Black\") (board (square size))
   (region edges (difference perimeter corner-NE corner-SE corner-SW corner-NW))
   (region top-left (intersection side-N side-W))
   (region middle-four (sites b2 c2 b3 c3))
   (region centre (if (= size 5) (sites c3) middle-four))
   (region extra (if big (sites a2)))
   (region cells (each side-S))
   (region threes (lines 3 orthogonal))
   (play (turn (place (to edges))))
   (end (when (no-moves) (draw))))";

#[test]
fn computed_parts_follow_the_board_and_the_options() {
    // On 4×4: the perimeter's twelve points less the four corners; the one point on both the
    // top and the left; the middle four (size is not 5); no `extra` (big is off); side-S one
    // point at a time; every three in a row along a rank or a file: 2 per row and per column.
    let e = inline(COMPUTED);
    assert_eq!(region_parts(&e, "edges"), [["b1", "c1", "a2", "d2", "a3", "d3", "b4", "c4"]]);
    assert_eq!(region_parts(&e, "top-left"), [["a4"]]);
    assert_eq!(region_parts(&e, "centre"), [["b2", "c2", "b3", "c3"]]);
    assert!(region_parts(&e, "extra").is_empty());
    assert_eq!(region_parts(&e, "cells"), [["a1"], ["b1"], ["c1"], ["d1"]]);
    let threes = region_parts(&e, "threes");
    assert_eq!(threes.len(), 16);
    assert!(threes.contains(&vec!["a1".to_string(), "b1".into(), "c1".into()]));
    assert!(threes.contains(&vec!["d2".to_string(), "d3".into(), "d4".into()]));
    // The placements are the edges.
    assert_eq!(legal(&e, &e.initial()), ["b1", "c1", "a2", "d2", "a3", "d3", "b4", "c4"]);
}

#[test]
fn a_computed_part_chooses_by_the_options_in_force() {
    let e = crate::common::engine_text(COMPUTED, &["size=5", "big=true"]);
    assert_eq!(region_parts(&e, "centre"), [["c3"]]);
    assert_eq!(region_parts(&e, "extra"), [["a2"]]);
}

#[test]
fn is_and_in_take_a_site_worked_out_from_a_bound_one() {
    // 4×4, White on b2. `(is friend (step to S))`: only b3 has White's b2 to its south. `(in
    // (step to N) side-N)`: the sites whose northern neighbour is on the top row, row 3; row 4
    // has no site to its north.
    let is = inline(
        "(game \"Is\" (players \"White\" \"Black\") (board (square 4)) (setup (place \"White\" b2))
           (play (turn (place (to empty) (where (is friend (step to S))))))
           (end (when (no-moves) (draw))))",
    );
    assert_eq!(legal(&is, &is.initial()), ["b3"]);
    let within = inline(
        "(game \"In\" (players \"White\" \"Black\") (board (square 4))
           (play (turn (place (to empty) (where (in (step to N) side-N)))))
           (end (when (no-moves) (draw))))",
    );
    assert_eq!(legal(&within, &within.initial()), ["a3", "b3", "c3", "d3"]);
}
