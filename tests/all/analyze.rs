//! `tabula analyze` with random players in every seat plays through the playouts' runs (plain
//! stages, kept steps); its report is the one random agents choosing one action at a time give.

use crate::common::*;
use tabula::agent::{Agent, RandomAgent, RandomSeats};
use tabula::analyze::{Analysis, to_json};
use tabula::engine::playout::ACTION_CAP;

/// The same games, the same report: on games of each kind of run (Ketchup's plain stages,
/// Kensington's kept steps) and of neither, with flips (Reversi) and extra turns (dots and
/// boxes).
#[test]
fn random_seats_report_what_random_agents_choosing_one_at_a_time_report() {
    for (file, games) in [("ketchup", 30), ("kensington", 2), ("reversi", 10), ("dots-and-boxes", 10), ("hex", 20)] {
        let engine = engine(&format!("games/{file}.game"), "", &[]);
        let players = engine.game().players.len();
        let (mut one_at_a_time, mut in_runs) = (Analysis::new(&engine), Analysis::new(&engine));
        for index in 0..games {
            let seed = |p: usize| 77 + index * 10 + p as u64;
            let mut agents: Vec<Box<dyn Agent>> =
                (0..players).map(|p| Box::new(RandomAgent::new(seed(p))) as Box<dyn Agent>).collect();
            one_at_a_time.play(&engine, &mut agents, ACTION_CAP);
            let mut seats = RandomSeats((0..players).map(|p| RandomAgent::new(seed(p))).collect());
            in_runs.play_random(&engine, &mut seats, ACTION_CAP, &mut engine.initial());
        }
        assert_eq!(to_json(&engine, &in_runs), to_json(&engine, &one_at_a_time), "{file}");
        assert_eq!(in_runs.games, games);
    }
}
