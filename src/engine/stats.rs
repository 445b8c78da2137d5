//! Statistics over many games, kept as exact integer sums so that the same games give the same
//! figures however they were spread over threads.

use serde_json::{Value, json};

use super::playout::GameRecord;
use crate::game::Game;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Summary {
    pub n: u64,
    pub sum: u64,
    pub sum_sq: u128,
    pub min: u64,
    pub max: u64,
}

impl Summary {
    pub fn add(&mut self, v: u64) {
        if self.n == 0 || v < self.min {
            self.min = v;
        }
        self.max = self.max.max(v);
        self.n += 1;
        self.sum += v;
        self.sum_sq += u128::from(v) * u128::from(v);
    }

    pub fn merge(&mut self, other: &Summary) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 || other.min < self.min {
            self.min = other.min;
        }
        self.max = self.max.max(other.max);
        self.n += other.n;
        self.sum += other.sum;
        self.sum_sq += other.sum_sq;
    }

    pub fn mean(&self) -> f64 {
        if self.n == 0 { 0.0 } else { self.sum as f64 / self.n as f64 }
    }

    /// Population standard deviation.
    pub fn sd(&self) -> f64 {
        if self.n == 0 {
            return 0.0;
        }
        let n = self.n as f64;
        let mean = self.mean();
        ((self.sum_sq as f64 / n) - mean * mean).max(0.0).sqrt()
    }

    pub fn json(&self) -> Value {
        json!({"mean": round(self.mean()), "sd": round(self.sd()), "min": self.min, "max": self.max})
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// Results of a run of games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Stats {
    pub games: u64,
    pub turns: Summary,
    pub actions: Summary,
    /// Per player: games won by his team.
    pub wins: Vec<u64>,
    pub draws: u64,
    /// Games stopped after [`super::playout::ACTION_CAP`] actions without ending.
    pub unfinished: u64,
    /// Games in which a number computed by the rules overflowed (see [`super::State::overflowed`]).
    pub overflowed: u64,
}

impl Stats {
    pub fn new(players: usize) -> Stats {
        Stats { wins: vec![0; players], ..Stats::default() }
    }

    pub fn add(&mut self, game: &Game, record: &GameRecord) {
        self.games += 1;
        self.turns.add(u64::from(record.turns));
        self.actions.add(u64::from(record.actions));
        self.overflowed += u64::from(record.overflowed);
        let Some(outcome) = &record.outcome else {
            self.unfinished += 1;
            return;
        };
        match outcome.winner {
            Some(team) => {
                for (p, player) in game.players.iter().enumerate() {
                    if player.team == team {
                        self.wins[p] += 1;
                    }
                }
            }
            None => self.draws += 1,
        }
    }

    pub fn merge(&mut self, other: &Stats) {
        self.games += other.games;
        self.turns.merge(&other.turns);
        self.actions.merge(&other.actions);
        if self.wins.len() < other.wins.len() {
            self.wins.resize(other.wins.len(), 0);
        }
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.draws += other.draws;
        self.unfinished += other.unfinished;
        self.overflowed += other.overflowed;
    }
}
