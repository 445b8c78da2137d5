//! Random-simulation tests, one per game and variant: over many seeded random games the rules'
//! invariants hold after every action, checked by code written here from RULES.md (not by the
//! engine), and every game ends.

use rand::Rng;
use tabula::engine::playout::rng_for;
use tabula::engine::{ActionKind, Engine, State};

fn relation(e: &Engine, name: &str) -> usize {
    e.game().board.relation(name).expect("relation")
}

fn neighbors(e: &Engine, rel: usize, site: u16) -> Vec<u16> {
    e.game().board.relations[rel].neighbors(site).to_vec()
}

/// Plays `games` random games, calling `check` after every action with the state before and
/// after and the action; asserts that every game ends within `max_actions`.
fn simulate(e: &Engine, games: u64, seed: u64, max_actions: u32, mut check: impl FnMut(&State, &State, &str)) {
    for index in 0..games {
        let mut rng = rng_for(seed, index);
        let mut state = e.initial();
        while e.outcome(&state).is_none() {
            let legal = e.legal(&state).to_vec();
            let action = legal[rng.random_range(0..legal.len())];
            let before = state.clone();
            e.apply(&mut state, action).expect("legal");
            check(&before, &state, &e.action_text(action));
            assert!(state.actions() <= max_actions, "game {index} does not end");
        }
    }
}

fn watershed_invariants(variant: &str, drain: &str, size: u32, games: u64) {
    let e = crate::common::engine("games/watershed.game", variant, &[&format!("size={size}")]);
    let c = relation(&e, drain);
    let n = e.game().board.site_count() as u16;
    let perimeter: Vec<u16> = {
        let r = e.game().regions.iter().find(|r| r.name == "perimeter").unwrap();
        r.parts[0].clone()
    };
    simulate(&e, games, u64::from(size), 1000, |_, s, action| {
        let empty = |site: u16| e.stone(s, site).is_none();
        for site in 0..n {
            if !empty(site) {
                let free = neighbors(&e, c, site).into_iter().filter(|&x| empty(x)).count();
                assert!(free >= 2, "{variant}: after {action}, {} has {free} empty neighbours", e.label(site));
            }
        }
        // Every empty point drains: flood from the empty perimeter points.
        let mut reached = vec![false; n as usize];
        let mut stack: Vec<u16> = perimeter.iter().copied().filter(|&p| empty(p)).collect();
        for &p in &stack {
            reached[p as usize] = true;
        }
        while let Some(v) = stack.pop() {
            for x in neighbors(&e, c, v) {
                if empty(x) && !reached[x as usize] {
                    reached[x as usize] = true;
                    stack.push(x);
                }
            }
        }
        for site in 0..n {
            assert!(!empty(site) || reached[site as usize], "{variant}: after {action}, {} is cut off", e.label(site));
        }
    });
}

#[test]
fn watershed_plateau_keeps_its_invariants() {
    watershed_invariants("Plateau", "all", 5, 150);
    watershed_invariants("Plateau", "all", 9, 40);
}

#[test]
fn watershed_floodplain_keeps_its_invariants() {
    watershed_invariants("Floodplain", "orthogonal", 5, 150);
    watershed_invariants("Floodplain", "orthogonal", 9, 40);
}

/// The largest group of either colour, by flood fill.
fn largest_group(e: &Engine, s: &State) -> usize {
    let rel = relation(e, "adjacent");
    let n = e.game().board.site_count();
    let mut seen = vec![false; n];
    let mut best = 0;
    for start in 0..n as u16 {
        let Some(team) = e.stone(s, start) else { continue };
        if seen[start as usize] {
            continue;
        }
        seen[start as usize] = true;
        let (mut stack, mut size) = (vec![start], 0);
        while let Some(v) = stack.pop() {
            size += 1;
            for x in neighbors(e, rel, v) {
                if !seen[x as usize] && e.stone(s, x) == Some(team) {
                    seen[x as usize] = true;
                    stack.push(x);
                }
            }
        }
        best = best.max(size);
    }
    best
}

fn ketchup_invariants(variant: &str, fewest: usize) {
    let e = crate::common::engine("games/ketchup.game", variant, &["size=4"]);
    let cells = e.game().board.site_count();
    for index in 0..60u64 {
        let mut rng = rng_for(99, index);
        let mut state = e.initial();
        let mut bonus = false;
        let mut turn = 1;
        while e.outcome(&state).is_none() {
            // One whole turn.
            let mover = e.to_move(&state);
            let l_start = largest_group(&e, &state);
            let mut stones = 0;
            while e.outcome(&state).is_none() && e.to_move(&state) == mover && state.turns_completed() + 1 == turn {
                let legal = e.legal(&state).to_vec();
                let can_end = legal.iter().any(|a| a.kind == ActionKind::End);
                let most = if turn == 1 {
                    1
                } else if bonus {
                    3
                } else {
                    2
                };
                let least = if turn == 1 { 1 } else { fewest };
                assert_eq!(can_end, stones >= least && stones < most, "{variant} turn {turn}: `end` after {stones}");
                let action = legal[rng.random_range(0..legal.len())];
                e.apply(&mut state, action).expect("legal");
                if action.kind == ActionKind::Place {
                    stones += 1;
                }
            }
            let full = state.empty_count() == 0;
            assert_eq!(e.outcome(&state).is_some(), full, "the game ends exactly when the board is full");
            if !full {
                let most = if turn == 1 {
                    1
                } else if bonus {
                    3
                } else {
                    2
                };
                assert!(stones <= most && stones >= if turn == 1 { 1 } else { fewest }, "turn {turn}: {stones} stones");
                bonus = turn > 1 && largest_group(&e, &state) > l_start;
            }
            turn += 1;
        }
        assert_eq!(state.empty_count(), 0);
        assert!(state.actions() as usize >= cells);
    }
}

#[test]
fn ketchup_two_stones_keeps_its_bookkeeping() {
    ketchup_invariants("Two stones", 2);
}

#[test]
fn ketchup_one_or_two_stones_keeps_its_bookkeeping() {
    ketchup_invariants("One or two stones", 1);
}

fn kensington_invariants(variant: &str, sets: &[&str], per_team: usize, games: u64) {
    let e = crate::common::engine("games/kensington.game", variant, sets);
    let players = e.game().players.len();
    let teams = e.game().teams.len();
    let mut relocations = 0;
    let mut last_turn = u32::MAX;
    let mut first_relocated: Option<String> = None;
    simulate(&e, games, 5, 20_000, |before, after, action| {
        let on_board = |t: usize| (0..72u16).filter(|&s| e.stone(after, s) == Some(t)).count();
        for team in 0..teams {
            let in_hand: u32 =
                (0..players).filter(|&p| e.game().players[p].team == team).map(|p| after.hand(p).unwrap_or(0)).sum();
            assert_eq!(on_board(team) + in_hand as usize, per_team, "{variant}: stones of team {team} after {action}");
        }
        if before.turns_completed() != last_turn {
            last_turn = before.turns_completed();
            relocations = 0;
            first_relocated = None;
        }
        if let Some((from, to)) = action.split_once('>') {
            relocations += 1;
            assert!(relocations <= 2, "{variant}: a third relocation in one turn");
            if let Some(first) = &first_relocated {
                let distinct = !sets.contains(&"ludii-compat=true");
                assert!(!distinct || from != first, "{variant}: the same stone relocated twice");
            }
            first_relocated = Some(to.to_string());
        }
    });
}

#[test]
fn kensington_keeps_its_stones_and_relocation_limits() {
    kensington_invariants("Two players", &[], 15, 12);
    kensington_invariants("Two players", &["ludii-compat=true", "turns-per-player=300"], 15, 10);
    kensington_invariants("Four players", &["turns-per-player=300"], 16, 10);
    kensington_invariants("Six players", &["turns-per-player=300"], 15, 10);
}
