//! How a finished game came out: who won, by what, and the scores.

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{Criterion, Multiset, Outcome as Rule, Prefer, Who};

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndReason {
    /// An effect such as `(win mover)`.
    Effect,
    /// The end rule with this index in `game().end`.
    Rule(usize),
    /// A player could not move and no rule covered it.
    Blocked,
}

/// The result of a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The winning team, or `None` for a draw.
    pub winner: Option<usize>,
    /// Per team, the value of the first `higher`/`lower` criterion, when the result was decided
    /// by comparison.
    pub scores: Option<Vec<i64>>,
    /// The comparison criterion that separated the teams (index into the `compare` list).
    pub decided_by: Option<usize>,
    pub reason: EndReason,
}

impl Outcome {
    pub fn is_draw(&self) -> bool {
        self.winner.is_none()
    }
}

impl Engine {
    /// The team a `Who` designates, at the end of the game (`mover`: the last player to act;
    /// `next`: the player to move).
    /// `mover` is the player who made the last action; `next` the player after him in turn
    /// order — the same meanings as in effects.
    fn team_of_who(&self, s: &State, who: Who) -> usize {
        let mover = self.outcome_mover(s);
        let player = match who {
            Who::Mover => mover,
            Who::Next => (mover + 1) % self.game.players.len(),
        };
        self.game.players[player].team
    }

    /// The mover of an outcome: the player who made the last action, or the first player if
    /// nobody has acted yet (LANGUAGE.md, Outcomes) — not the player to move, who has not acted.
    pub(crate) fn outcome_mover(&self, s: &State) -> usize {
        s.last_mover.map_or(0, usize::from)
    }

    /// Where the rules end the game by comparing the teams (the first end rule whose outcome is
    /// a `compare`), how each team stands now on the comparison's first criterion, were the
    /// game to end here, in `out` (one number per team, more is better): a `higher` value as
    /// it is and a `lower` one negated; for `cascade` and `unpaired`, the largest group's size
    /// or the largest left unpaired (negated where smaller wins). False, and `out` empty,
    /// where no end rule compares or the first criterion is `last-mover`. What a search that
    /// stops before the end weighs: the score, the territory, the largest group.
    pub fn standings(&self, state: &mut State, out: &mut Vec<i64>) -> bool {
        out.clear();
        let criterion = self.game.end.iter().find_map(|rule| match rule.outcome() {
            Rule::Compare(criteria) => criteria.first(),
            _ => None,
        });
        let Some(criterion) = criterion else { return false };
        // A counter may have saturated at either end: negating saturates too.
        let oriented = |prefer: &Prefer, v: i64| if *prefer == Prefer::Larger { v } else { v.saturating_neg() };
        self.with_work(state, |s, w| match criterion {
            Criterion::Value(value, prefer) => {
                out.extend((0..self.game.teams.len()).map(|t| oriented(prefer, self.team_value(s, w, value, t))));
            }
            Criterion::Cascade(sizes, prefer) => {
                let mut counts = std::mem::take(&mut w.group_sizes);
                if counts.is_empty() {
                    counts.push(Vec::new());
                }
                for t in 0..self.game.teams.len() {
                    let largest = self.size_counts(s, w, sizes, t, &mut counts[0]);
                    out.push(oriented(prefer, i64::from(largest)));
                }
                w.group_sizes = counts;
            }
            // Between two teams, as the checker requires.
            Criterion::Unpaired(sizes, prefer) => {
                let mut lists = std::mem::take(&mut w.group_sizes);
                lists.resize_with(2, Vec::new);
                for (t, list) in lists.iter_mut().enumerate() {
                    self.sorted_sizes(s, w, sizes, t, list);
                }
                let (a, b) = unpaired(&lists[0], &lists[1]);
                out.extend([a, b].map(|u| oriented(prefer, i64::from(u))));
                w.group_sizes = lists;
            }
            Criterion::LastMover => {}
        });
        !out.is_empty()
    }

    /// A `higher`/`lower` criterion's value for team `team`, as the end of the game reads it:
    /// the team as subject, the last player to act as mover.
    fn team_value(&self, s: &State, w: &mut Work, value: &crate::game::Int, team: usize) -> i64 {
        let env = Env {
            subject: team,
            mover: self.outcome_mover(s),
            last: s.last_arrival,
            previous: s.previous,
            ..Env::default()
        };
        self.int(s, w, value, &env)
    }

    pub(crate) fn decide(&self, s: &State, w: &mut Work, rule: &Rule, reason: EndReason) -> Outcome {
        match rule {
            Rule::Draw => Outcome { winner: None, scores: None, decided_by: None, reason },
            Rule::Win(who) => {
                Outcome { winner: Some(self.team_of_who(s, *who)), scores: None, decided_by: None, reason }
            }
            Rule::Compare(criteria) => self.compare(s, w, criteria, reason),
        }
    }

    fn compare(&self, s: &State, w: &mut Work, criteria: &[Criterion], reason: EndReason) -> Outcome {
        let teams = self.game.teams.len();
        let mut alive: Vec<usize> = (0..teams).collect();
        let mut scores = None;
        for (index, criterion) in criteria.iter().enumerate() {
            match criterion {
                Criterion::Value(value, prefer) => {
                    let values: Vec<i64> = (0..teams).map(|t| self.team_value(s, w, value, t)).collect();
                    let best = alive.iter().map(|&t| values[t]);
                    let best = if *prefer == Prefer::Larger { best.max() } else { best.min() };
                    alive.retain(|&t| Some(values[t]) == best);
                    if scores.is_none() {
                        scores = Some(values);
                    }
                }
                Criterion::Cascade(sizes, prefer) => {
                    // How many groups of each size each team has, in lists the scratch space
                    // keeps from game to game: counting is cheaper than sorting.
                    // Sizes above every team's largest group count none: they are not compared.
                    let mut counts = std::mem::take(&mut w.group_sizes);
                    counts.resize_with(teams, Vec::new);
                    let mut largest = 0;
                    for (team, list) in counts.iter_mut().enumerate() {
                        largest = largest.max(self.size_counts(s, w, sizes, team, list));
                    }
                    let sized = |t: usize| &counts[t][..=largest as usize];
                    let better = |a: usize, b: usize| {
                        let order = cascade_cmp_counts(sized(a), sized(b));
                        if *prefer == Prefer::Larger { order.is_gt() } else { order.is_lt() }
                    };
                    let best = alive.iter().copied().reduce(|best, t| if better(t, best) { t } else { best });
                    if let Some(best) = best {
                        alive.retain(|&t| cascade_cmp_counts(sized(t), sized(best)).is_eq());
                    }
                    w.group_sizes = counts;
                }
                Criterion::Unpaired(sizes, prefer) => {
                    let mut lists = std::mem::take(&mut w.group_sizes);
                    lists.resize_with(teams.max(2), Vec::new);
                    for (team, list) in lists.iter_mut().enumerate().take(2) {
                        self.sorted_sizes(s, w, sizes, team, list);
                    }
                    let (ua, ub) = unpaired(&lists[0], &lists[1]);
                    if ua != ub {
                        let a_wins = (ua > ub) == (*prefer == Prefer::Larger);
                        alive.retain(|&t| t == usize::from(!a_wins));
                    }
                    w.group_sizes = lists;
                }
                Criterion::LastMover => {
                    let team = self.team_of_who(s, Who::Mover);
                    alive.retain(|&t| t == team);
                }
            }
            if alive.len() == 1 {
                return Outcome { winner: Some(alive[0]), scores, decided_by: Some(index), reason };
            }
            if alive.is_empty() {
                break;
            }
        }
        Outcome { winner: None, scores, decided_by: None, reason }
    }

    /// How many groups of a team have each size: `counts[k]` for size k, every size up to
    /// the number of sites. Returns the team's largest size.
    fn size_counts(&self, s: &State, w: &mut Work, m: &Multiset, team: usize, counts: &mut Vec<u32>) -> u32 {
        let r = self.program.rel(m.rel, team);
        let rel = &self.game.board.relations[r as usize];
        counts.clear();
        counts.resize(s.board.len() + 1, 0);
        self.group_cache(s, w, r).size_counts(rel, &s.board, team, &s.stones[team], counts)
    }

    /// Group sizes of a team, largest first, into `sizes`.
    fn sorted_sizes(&self, s: &State, w: &mut Work, m: &Multiset, team: usize, sizes: &mut Vec<u32>) {
        // The criterion is computed for each team in turn: its own version of an owned relation.
        let r = self.program.rel(m.rel, team);
        let rel = &self.game.board.relations[r as usize];
        sizes.clear();
        self.group_cache(s, w, r).sizes(rel, &s.board, &s.stones[team], sizes);
        sizes.sort_unstable_by(|a, b| b.cmp(a));
    }
}

/// The cascade's order (LANGUAGE.md, `cascade`) on two teams' counts of groups by size
/// (`counts[k]` groups of size k, the two lists of one length): their sizes in non-increasing
/// order are compared position by position, the shorter list padded with zeros. Below the
/// first position where they differ, the lists agree on every larger size; at it, the list
/// with the larger size has one group more of that size. So the first size, from the
/// largest down, whose counts differ decides, and the one with more groups of it is ahead.
pub fn cascade_cmp_counts(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
    debug_assert_eq!(a.len(), b.len());
    a.iter().zip(b).rev().find(|(x, y)| x != y).map_or(std::cmp::Ordering::Equal, |(x, y)| x.cmp(y))
}

/// The largest size of each list left after cancelling equal sizes pairwise (multiset
/// difference both ways); 0 when nothing is left. Both lists are non-increasing.
pub fn unpaired(a: &[u32], b: &[u32]) -> (u32, u32) {
    let (mut i, mut j) = (0, 0);
    let (mut ua, mut ub) = (0, 0);
    while i < a.len() || j < b.len() {
        match (a.get(i), b.get(j)) {
            (Some(x), Some(y)) if x == y => {
                i += 1;
                j += 1;
            }
            (Some(x), Some(y)) if x > y => {
                ua = ua.max(*x);
                i += 1;
            }
            (Some(_), Some(y)) => {
                ub = ub.max(*y);
                j += 1;
            }
            (Some(x), None) => {
                ua = ua.max(*x);
                i += 1;
            }
            (None, Some(y)) => {
                ub = ub.max(*y);
                j += 1;
            }
            (None, None) => break,
        }
    }
    (ua, ub)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unpaired_is_a_multiset_difference() {
        // E-W6: X {5,5,1}, O {5,4}: X∖O = {5,1}, O∖X = {4}.
        assert_eq!(unpaired(&[5, 5, 1], &[5, 4]), (5, 4));
        assert_eq!(unpaired(&[3, 2], &[3, 2]), (0, 0));
        assert_eq!(unpaired(&[], &[1]), (0, 1));
    }

    /// The counts of groups by size of a list of sizes, on a board of `sites`.
    fn counts(sizes: &[u32], sites: usize) -> Vec<u32> {
        let mut c = vec![0; sites + 1];
        for &k in sizes {
            c[k as usize] += 1;
        }
        c
    }

    #[test]
    fn cascade_pads_with_zeros() {
        use std::cmp::Ordering::*;
        let cmp = |a: &[u32], b: &[u32]| cascade_cmp_counts(&counts(a, 40), &counts(b, 40));
        // E-K2 and E-K3.
        assert_eq!(cmp(&[10, 8, 6, 4, 2, 1], &[10, 8, 6, 3, 3]), Greater);
        assert_eq!(cmp(&[15, 10, 5], &[15, 10, 5, 1]), Less);
        assert_eq!(cmp(&[2, 1], &[2, 1]), Equal);
        assert_eq!(cmp(&[], &[]), Equal);
        assert_eq!(cmp(&[3], &[2, 2, 2, 2]), Greater);
        assert_eq!(cmp(&[4, 1, 1], &[4, 2]), Less);
    }

    /// Counting agrees with the rule as written — the sizes sorted largest first, compared
    /// position by position, the shorter padded with zeros — on every pair of lists of at
    /// most four sizes from 1 to 4.
    #[test]
    fn counting_is_the_cascade_as_written() {
        fn padded_lexicographic(a: &[u32], b: &[u32]) -> std::cmp::Ordering {
            let (mut a, mut b) = (a.to_vec(), b.to_vec());
            a.sort_unstable_by(|x, y| y.cmp(x));
            b.sort_unstable_by(|x, y| y.cmp(x));
            let n = a.len().max(b.len());
            a.resize(n, 0);
            b.resize(n, 0);
            a.cmp(&b)
        }
        let mut lists: Vec<Vec<u32>> = vec![Vec::new()];
        let mut last: Vec<Vec<u32>> = vec![Vec::new()];
        for _ in 0..4 {
            last = last.iter().flat_map(|l| (1..=4).map(move |k| [&l[..], &[k]].concat())).collect();
            lists.extend(last.iter().cloned());
        }
        assert_eq!(lists.len(), 1 + 4 + 16 + 64 + 256);
        for a in &lists {
            for b in &lists {
                assert_eq!(
                    cascade_cmp_counts(&counts(a, 16), &counts(b, 16)),
                    padded_lexicographic(a, b),
                    "{a:?} {b:?}"
                );
            }
        }
    }
}
