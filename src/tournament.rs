//! Agents against each other: one game between two agents (`tabula match`), a round robin of
//! several (`tabula tournament`), and Elo ratings fitted to its results.
//!
//! The ratings are the Bradley–Terry model on the Elo scale: agent `i` is expected to score
//! `1 / (1 + 10^((r_j - r_i) / 400))` against agent `j`, a draw counting half. They are the
//! maximum-likelihood fit to every game of every pairing, the first agent fixed at 0, with one
//! virtual draw added to each pairing so that an agent that won every game still has a finite
//! rating; the intervals are ±1.96 standard errors from the curvature of the likelihood.

use crate::agent::{Agent, make_agent};
use crate::engine::Engine;

/// The result of one game, from the two agents' side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Duel {
    /// Which agent won (0 or 1), or `None` for a draw or an unfinished game.
    pub winner: Option<usize>,
    /// Which team won.
    pub winning_team: Option<usize>,
    pub turns: u32,
    /// Stopped by the cap on actions.
    pub unfinished: bool,
}

/// Game number `index` between agents `specs[0]` and `specs[1]` in a game of two teams:
/// agent `k` plays team `(k + index) % 2`, so the agents change sides every game, and every
/// seat of its team. Each agent's seed comes from the run's seed, the game's index and the
/// agent's place alone, so any split of the games over threads plays the same games.
pub fn duel(engine: &Engine, specs: [&str; 2], think: u64, seed: u64, index: u64, cap: u32) -> Result<Duel, String> {
    let game = engine.game();
    let team_agent = |team: usize| (team + index as usize) % 2;
    let mut agents: Vec<Box<dyn Agent>> = specs
        .iter()
        .enumerate()
        .map(|(k, spec)| make_agent(spec, seed.wrapping_mul(1_000_003).wrapping_add(index * 2 + k as u64), think))
        .collect::<Result<_, _>>()?;
    let mut state = engine.initial();
    while let Some(player) = engine.to_move(&state) {
        if state.actions() >= cap {
            return Ok(Duel { winner: None, winning_team: None, turns: state.turns(), unfinished: true });
        }
        let action = agents[team_agent(game.players[player].team)].choose(engine, &state);
        // Told before the action, with the position it is made in: no copy of the state.
        for a in &mut agents {
            a.observe(engine, &state, action);
        }
        engine.apply_unchecked(&mut state, action);
    }
    let winning_team = engine.outcome(&state).and_then(|o| o.winner);
    Ok(Duel { winner: winning_team.map(team_agent), winning_team, turns: state.turns(), unfinished: false })
}

/// What one pairing of a round robin came to, from its first agent's side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pairing {
    pub first: usize,
    pub second: usize,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    pub unfinished: u64,
}

impl Pairing {
    /// Games that ended (the unfinished ones count for neither side).
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// The first agent's score: a win 1, a draw ½.
    pub fn score(&self) -> f64 {
        self.wins as f64 + self.draws as f64 / 2.0
    }

    /// Adds the games of another tally of the same pairing.
    pub fn merge(&mut self, other: &Pairing) {
        self.wins += other.wins;
        self.losses += other.losses;
        self.draws += other.draws;
        self.unfinished += other.unfinished;
    }

    pub fn add(&mut self, d: Duel) {
        match d.winner {
            Some(0) => self.wins += 1,
            Some(_) => self.losses += 1,
            None if d.unfinished => self.unfinished += 1,
            None => self.draws += 1,
        }
    }
}

/// Every pair of `agents` agents, in order: (0, 1), (0, 2), …, (1, 2), ….
pub fn round_robin(agents: usize) -> Vec<(usize, usize)> {
    (0..agents).flat_map(|i| (i + 1..agents).map(move |j| (i, j))).collect()
}

/// An agent's rating and its 95% interval, in Elo points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub elo: f64,
    /// Half the width of the interval (0 for the first agent, fixed at 0).
    pub margin: f64,
}

const SCALE: f64 = 400.0;

/// The ratings of `agents` agents fitted to the pairings' results (see the module's comment).
pub fn elo(agents: usize, pairings: &[Pairing]) -> Vec<Rating> {
    // In natural units (θ = r · ln 10 / 400), P(i beats j) = 1 / (1 + e^(θj − θi)).
    let mut theta = vec![0.0f64; agents];
    // (i, j, games, i's score), with the virtual draw.
    let games: Vec<(usize, usize, f64, f64)> =
        pairings.iter().map(|p| (p.first, p.second, p.games() as f64 + 1.0, p.score() + 0.5)).collect();
    let free = agents.saturating_sub(1);
    let mut info = vec![0.0f64; free * free];
    for _ in 0..100 {
        // Newton's method on the free ratings (all but the first).
        let mut gradient = vec![0.0f64; free];
        info.iter_mut().for_each(|x| *x = 0.0);
        for &(i, j, n, s) in &games {
            let p = 1.0 / (1.0 + (theta[j] - theta[i]).exp());
            let (g, h) = (s - n * p, n * p * (1.0 - p));
            for (a, sign) in [(i, 1.0), (j, -1.0)] {
                if a > 0 {
                    gradient[a - 1] += sign * g;
                }
            }
            for (a, b, sign) in [(i, i, 1.0), (j, j, 1.0), (i, j, -1.0), (j, i, -1.0)] {
                if a > 0 && b > 0 {
                    info[(a - 1) * free + (b - 1)] += sign * h;
                }
            }
        }
        let Some(step) = solve(&info, &gradient, free) else { break };
        for (t, d) in theta[1..].iter_mut().zip(&step) {
            *t += d;
        }
        if step.iter().all(|d| d.abs() < 1e-10) {
            break;
        }
    }
    let unit = SCALE / std::f64::consts::LN_10;
    let variance = |a: usize| -> f64 {
        let mut e = vec![0.0; free];
        e[a] = 1.0;
        solve(&info, &e, free).map(|x| x[a]).unwrap_or(f64::INFINITY)
    };
    (0..agents)
        .map(|a| Rating {
            elo: theta[a] * unit,
            margin: if a == 0 { 0.0 } else { 1.96 * variance(a - 1).sqrt() * unit },
        })
        .collect()
}

/// `x` with `m x = b`, `m` an `n`×`n` matrix by rows (Gaussian elimination with partial
/// pivoting); `None` when `m` is singular (an agent that met no other).
fn solve(m: &[f64], b: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut a: Vec<Vec<f64>> = (0..n).map(|r| m[r * n..(r + 1) * n].iter().copied().chain([b[r]]).collect()).collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (_, values) in a.iter_mut().enumerate().filter(|(row, _)| *row != col) {
            let f = values[col] / pivot_row[col];
            for (v, p) in values[col..].iter_mut().zip(&pivot_row[col..]) {
                *v -= f * p;
            }
        }
    }
    Some((0..n).map(|r| a[r][n] / a[r][r]).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairing(first: usize, second: usize, wins: u64, losses: u64, draws: u64) -> Pairing {
        Pairing { first, second, wins, losses, draws, unfinished: 0 }
    }

    /// Two agents: the fit makes the expected score equal the observed one, virtual draw
    /// included. The second's 74.5 of 99 games (with the virtual draw, 75 of 100) is a score
    /// of 3/4, which the Elo formula gives to a difference of 400 log10(3) = 190.85 points.
    #[test]
    fn a_three_quarter_score_is_191_points() {
        let r = elo(2, &[pairing(0, 1, 24, 74, 1)]);
        assert_eq!(r[0], Rating { elo: 0.0, margin: 0.0 });
        assert!((r[1].elo - 400.0 * 3f64.log10()).abs() < 1e-6, "{r:?}");
        // The interval: 1.96 / sqrt(n p (1 - p)) in natural units, n = 100, p = 3/4.
        let margin = 1.96 / (100.0f64 * 0.75 * 0.25).sqrt() * 400.0 / std::f64::consts::LN_10;
        assert!((r[1].margin - margin).abs() < 1e-6, "{r:?}");
    }

    /// Even results rate even; a perfect score stays finite.
    #[test]
    fn even_results_rate_even_and_a_clean_sweep_stays_finite() {
        let r = elo(3, &[pairing(0, 1, 10, 10, 5), pairing(0, 2, 10, 10, 5), pairing(1, 2, 10, 10, 5)]);
        assert!(r.iter().all(|x| x.elo.abs() < 1e-9), "{r:?}");
        let r = elo(2, &[pairing(0, 1, 0, 20, 0)]);
        // 20.5 of 21: 400 log10(41).
        assert!((r[1].elo - 400.0 * 41f64.log10()).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn every_pair_meets_once() {
        assert_eq!(round_robin(3), [(0, 1), (0, 2), (1, 2)]);
        assert!(round_robin(1).is_empty());
    }
}
