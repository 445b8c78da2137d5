//! Chinese checkers (`games/chinese-checkers.game`, and for three, four and six players
//! `games/variants/chinese-checkers-N.game`): `visited` keeps a chain of hops from coming back,
//! the filled point wins, and the turn limit draws; positions worked out by hand
//! on the star (OpenSpiel, the referee in `python/tests/test_referee.py`, cannot be set to a
//! position). Rows of the star run east–west two columns apart (`i9`, `k9`, `m9`); the other
//! lines run diagonally, one column and one row a step.

use crate::common::*;
use tabula::engine::{Engine, State};

fn star(sets: &[&str]) -> Engine {
    engine("games/chinese-checkers.game", "", sets)
}

fn to_move(e: &Engine, s: &State) -> String {
    e.game().players[e.to_move(s).expect("the game goes on")].name.clone()
}

#[test]
fn a_chain_of_hops_never_comes_back_to_a_hole_it_has_been_in() {
    let e = star(&[]);
    // North's peg on i9 hops over South's k9 to m9. The only hop from m9 would go back over
    // k9 to i9, where the chain began: none is left, so the turn is over.
    let mut s = from_text(&e, r#"(position (place "North" i9) (place "South" k9 m17) (to-move "North"))"#);
    assert!(legal(&e, &s).contains(&"i9-m9".to_string()));
    play(&e, &mut s, "i9-m9");
    assert_eq!(to_move(&e, &s), "South");
    // With South's o9 too, the chain may go on east to q9 (or stop), but from q9 not back to
    // m9, where it has been.
    let mut s = from_text(&e, r#"(position (place "North" i9) (place "South" k9 o9 m17) (to-move "North"))"#);
    play(&e, &mut s, "i9-m9");
    assert_eq!(sorted(legal(&e, &s)), ["end", "m9-q9"]);
    play(&e, &mut s, "m9-q9");
    assert_eq!(to_move(&e, &s), "South");
}

#[test]
fn filling_the_opposite_point_wins() {
    let e = star(&[]);
    // North holds nine holes of the south point; its tenth peg steps from i5 down-right into
    // j4, the last one.
    let text = r#"(position (place "North" l4 n4 p4 k3 m3 o3 l2 n2 m1 i5) (place "South" m17 l16) (to-move "North"))"#;
    let mut s = from_text(&e, text);
    play(&e, &mut s, "i5-j4");
    assert_eq!(winner(&e, &s).as_deref(), Some("North"));
    // Nine are not enough: a step elsewhere plays on.
    let mut s = from_text(&e, text);
    play(&e, &mut s, "i5-h6");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn the_turn_limit_draws() {
    let e = star(&["turns=4"]);
    let mut s = e.initial();
    play(&e, &mut s, "j14-i13 j4-k5 i13-h12");
    assert!(e.outcome(&s).is_none());
    play(&e, &mut s, "k5-l6");
    assert!(e.outcome(&s).is_some_and(|o| o.is_draw()));
}

fn seated(players: usize) -> Engine {
    engine(&format!("games/variants/chinese-checkers-{players}.game"), "", &[])
}

/// Who moves in each of the first turns from the start, each playing his first legal step.
fn first_movers(e: &Engine, turns: usize) -> Vec<String> {
    let mut s = e.initial();
    let mut out = Vec::new();
    for _ in 0..turns {
        out.push(to_move(e, &s));
        let step = legal(e, &s).into_iter().next().expect("a move");
        play(e, &mut s, &step);
        if legal(e, &s) == ["end"] {
            play(e, &mut s, "end");
        }
    }
    out
}

#[test]
fn three_players_sit_at_every_other_point_and_play_clockwise() {
    let e = seated(3);
    let s = e.initial();
    let occupied = |team: &str| position_of(&e, &s, team);
    assert_eq!(occupied("North"), "j14 k15 l14 l16 m15 m17 n14 n16 o15 p14");
    assert_eq!(occupied("South-east"), "s5 t6 u5 u7 v6 v8 w5 w7 x6 y5");
    assert_eq!(occupied("South-west"), "a5 b6 c5 c7 d6 d8 e5 e7 f6 g5");
    assert_eq!(first_movers(&e, 4), ["North", "South-east", "South-west", "North"]);
}

#[test]
fn three_players_fill_the_empty_point_opposite_their_own() {
    let e = seated(3);
    // South-west's target is the north-east point, empty at the start. With nine of its holes
    // taken, the peg on t10 steps east along the row into v10, the tenth: South-west wins and
    // the other two lose.
    let text = r#"(position (place "South-west" s13 u13 w13 y13 t12 v12 x12 u11 w11 t10)
        (place "North" m9) (place "South-east" i9) (to-move "South-west"))"#;
    let mut s = from_text(&e, text);
    play(&e, &mut s, "t10-v10");
    assert_eq!(winner(&e, &s).as_deref(), Some("South-west"));
    // North's peg on the same holes would win nothing: they are not North's target.
    let text = r#"(position (place "North" s13 u13 w13 y13 t12 v12 x12 u11 w11 t10)
        (place "South-east" m9) (place "South-west" i9) (to-move "North"))"#;
    let mut s = from_text(&e, text);
    play(&e, &mut s, "t10-v10");
    assert!(e.outcome(&s).is_none());
}

#[test]
fn four_players_need_the_point_across_filled_with_their_own_pegs() {
    let e = seated(4);
    assert_eq!(first_movers(&e, 5), ["North", "North-east", "South", "South-west", "North"]);
    // North holds nine holes of the south point; South's last peg still stands on the tenth,
    // j4. A full point is not enough while one of its holes is another's.
    let text = r#"(position (place "North" l4 n4 p4 k3 m3 o3 l2 n2 m1 i5 m9) (place "North-east" s13)
        (place "South" j4 m17) (place "South-west" d8) (to-move "North"))"#;
    let mut s = from_text(&e, text);
    play(&e, &mut s, "m9-o9");
    assert!(e.outcome(&s).is_none());
    // South steps out up-right to k5; at North's next turn i5 steps down-right into j4.
    play(&e, &mut s, "s13-r12 j4-k5 d8-e9");
    assert!(e.outcome(&s).is_none());
    assert_eq!(to_move(&e, &s), "North");
    play(&e, &mut s, "i5-j4");
    assert_eq!(winner(&e, &s).as_deref(), Some("North"));
}

#[test]
fn six_players_fill_every_point_and_play_clockwise() {
    let e = seated(6);
    let s = e.initial();
    assert_eq!(legal(&e, &s).len(), 14);
    assert_eq!(position_of(&e, &s, "North-west"), "a13 b12 c11 c13 d10 d12 e11 e13 f12 g13");
    assert_eq!(position_of(&e, &s, "North-east"), "s13 t12 u11 u13 v10 v12 w11 w13 x12 y13");
    assert_eq!(
        first_movers(&e, 7),
        ["North", "North-east", "South-east", "South", "South-west", "North-west", "North"]
    );
}

/// The sites of a team's pegs, sorted by label.
fn position_of(e: &Engine, s: &State, team: &str) -> String {
    let t = e.game().teams.iter().position(|n| n == team).expect("a team");
    let mut sites = stones(e, s, t);
    sites.sort();
    sites.join(" ")
}
