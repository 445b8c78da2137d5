//! Chinese checkers (`games/chinese-checkers.game`): `visited` keeps a chain of hops from
//! coming back, the filled point wins, and the turn limit draws; positions worked out by hand
//! on the star (OpenSpiel, the referee in `python/tests/test_referee.py`, cannot be set to a
//! position). Rows of the star run east–west two columns apart (`i9`, `k9`, `m9`); the other
//! lines run diagonally, one column and one row a step.

use crate::common::*;
use tabula::engine::{Engine, State};

fn star(sets: &[&str]) -> Engine {
    engine("games/chinese-checkers.game", "", sets)
}

fn at(e: &Engine, text: &str) -> State {
    let setup = tabula::position::read(e, 0, text).unwrap_or_else(|d| panic!("{text}: {d:?}"));
    e.position(&setup).unwrap_or_else(|err| panic!("{text}: {err}"))
}

fn to_move(e: &Engine, s: &State) -> String {
    e.game().players[e.to_move(s).expect("the game goes on")].name.clone()
}

#[test]
fn a_chain_of_hops_never_comes_back_to_a_hole_it_has_been_in() {
    let e = star(&[]);
    // North's peg on i9 hops over South's k9 to m9. The only hop from m9 would go back over
    // k9 to i9, where the chain began: none is left, so the turn is over.
    let mut s = at(&e, r#"(position (place "North" i9) (place "South" k9 m17) (to-move "North"))"#);
    assert!(legal(&e, &s).contains(&"i9-m9".to_string()));
    play(&e, &mut s, "i9-m9");
    assert_eq!(to_move(&e, &s), "South");
    // With South's o9 too, the chain may go on east to q9 (or stop), but from q9 not back to
    // m9, where it has been.
    let mut s = at(&e, r#"(position (place "North" i9) (place "South" k9 o9 m17) (to-move "North"))"#);
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
    let mut s = at(&e, text);
    play(&e, &mut s, "i5-j4");
    assert_eq!(winner(&e, &s).as_deref(), Some("North"));
    // Nine are not enough: a step elsewhere plays on.
    let mut s = at(&e, text);
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

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}
