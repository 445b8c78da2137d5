//! Seeds and sowing (mancala): a count of seeds per site, kept beside the stones; the move
//! `sow`, which lifts a site's seeds and drops them one by one along a track; `(seeds SITES)`;
//! and `(collect SITES... (into SITES))`, which gathers seeds into a store.

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{Bool, Int, Sites};

/// The key a site's count of seeds adds to the board's hash: a position with the same stones
/// but other seeds is another position (for `(repetition ...)` and `(no-repeat)`).
fn seed_key(site: u16, n: u32) -> u64 {
    if n == 0 {
        return 0;
    }
    // SplitMix64 of the pair: keys for distinct pairs are independent enough for a hash.
    let mut z = (u64::from(site) << 32 | u64::from(n)).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Engine {
    /// Puts `n` seeds on `site` in place of those there (the board's hash follows them in a
    /// game that compares positions).
    pub(crate) fn set_seeds(&self, s: &mut State, site: u16, n: u32) {
        let Some(count) = s.seeds.get_mut(site as usize) else { return };
        if self.hashing {
            s.board_hash ^= seed_key(site, *count) ^ seed_key(site, n);
        }
        *count = n;
    }

    /// The seeds on the sites of `set`, in all.
    pub(crate) fn seeds_in(&self, s: &State, set: &Sites, env: &Env) -> i64 {
        if s.seeds.is_empty() {
            return 0;
        }
        let mut total = 0i64;
        self.for_each_site(s, set, env, |site| total += i64::from(s.seeds[site as usize]));
        total
    }

    /// Sows the seeds of `origin` along relation `along` (each site's first successor),
    /// passing over the sites of `skip` (read with `from` bound to the origin). Returns the
    /// site the last seed fell on: the origin when it held none, or when the track ends
    /// before the seeds do (the rest stay in hand and fall on the last site reached).
    pub(crate) fn sow(&self, s: &mut State, origin: u16, along: u8, skip: Option<&Sites>, env: &Env) -> u16 {
        let n = s.seeds(origin);
        self.set_seeds(s, origin, 0);
        let relation = &self.game.board.relations[along as usize];
        let env = Env { from: origin, ..*env };
        let (mut at, mut left) = (origin, n);
        // Steps since the last seed fell: a track whose every site is skipped would never end.
        let mut idle = 0;
        while left > 0 {
            let Some(&next) = relation.neighbors(at).first() else { break };
            at = next;
            if skip.is_some_and(|set| self.contains(s, set, at, &env)) {
                idle += 1;
                if idle > s.board.len() {
                    break;
                }
                continue;
            }
            idle = 0;
            self.set_seeds(s, at, s.seeds(at) + 1);
            left -= 1;
        }
        if left > 0 {
            self.set_seeds(s, at, s.seeds(at) + left);
        }
        at
    }

    /// `(run SITE TRACK CONDITION)`: from `start` along the track, each site that passes the
    /// condition (with `site` bound to it), up to the first that does not, or to a site met
    /// before (a track that comes round).
    pub(crate) fn run(&self, s: &State, start: u16, track: u8, condition: &Bool, env: &Env, mut f: impl FnMut(u16)) {
        let relation = &self.game.board.relations[track as usize];
        let mut at = Some(start);
        for _ in 0..s.board.len() {
            let Some(site) = at.filter(|&site| self.pure_bool(s, condition, &Env { site, ..*env })) else { return };
            f(site);
            at = relation.neighbors(site).first().copied().filter(|&next| next != start);
        }
    }

    /// A run's or a selection's condition, which the checker keeps to what needs no scratch
    /// space: `and`, `or`, `not`, `is`, `in` and comparisons of numbers made of constants,
    /// counts and seeds.
    pub(crate) fn pure_bool(&self, s: &State, b: &Bool, env: &Env) -> bool {
        match b {
            Bool::Const(v) => *v,
            Bool::And(items) => items.iter().all(|i| self.pure_bool(s, i, env)),
            Bool::Or(items) => items.iter().any(|i| self.pure_bool(s, i, env)),
            Bool::Not(i) => !self.pure_bool(s, i, env),
            Bool::Is(filter, var) => env
                .var(*var)
                .is_some_and(|v| super::eval::matches(s.board[v as usize], s.kinds[v as usize], *filter, env.subject)),
            Bool::In(var, set) => env.var(*var).is_some_and(|v| self.contains(s, set, v, env)),
            Bool::Cmp(op, a, b) => op.apply(self.pure_int(s, a, env), self.pure_int(s, b, env)),
            _ => false,
        }
    }

    fn pure_int(&self, s: &State, i: &Int, env: &Env) -> i64 {
        match i {
            Int::Const(v) => *v,
            Int::Seeds(set) => self.seeds_in(s, set, env),
            Int::Count(filter, set) => i64::from(self.count(s, *filter, set, env)),
            Int::Add(items) => items.iter().fold(0i64, |acc, i| acc.saturating_add(self.pure_int(s, i, env))),
            Int::Sub(a, b) => self.pure_int(s, a, env).saturating_sub(self.pure_int(s, b, env)),
            _ => 0,
        }
    }

    /// `(collect FROM... (into INTO))`: every seed of the sites of `from` onto the first site
    /// of `into` (none: the seeds stay where they are).
    pub(crate) fn collect(&self, s: &mut State, w: &mut Work, from: &[Sites], into: &Sites, env: &Env) {
        if s.seeds.is_empty() {
            return;
        }
        let mut store = None;
        self.for_each_site(s, into, env, |site| {
            store.get_or_insert(site);
        });
        let Some(store) = store else { return };
        // The sites are found before any seed moves (the scratch list of `remove`'s victims);
        // a site named twice is emptied once.
        let mut sites = std::mem::take(&mut w.victims);
        sites.clear();
        for set in from {
            self.for_each_site(s, set, env, |site| sites.push((site, 0)));
        }
        let mut total = 0;
        for &(site, _) in &sites {
            if site != store {
                total += s.seeds(site);
                self.set_seeds(s, site, 0);
            }
        }
        self.set_seeds(s, store, s.seeds(store) + total);
        w.victims = sites;
    }
}
