//! `(completed REGION...)`, compiled: how many parts of the regions hold the arrival site and
//! nothing but the subject's stones.
//!
//! The interpreter ([`super::Engine::completed`]) walks each region's parts through the site's
//! list of parts and tests every site of a part. A game such as Kensington asks three of these
//! after every arrival, so the compiled form keeps, for each team and site, the parts through
//! that site as bitsets, in the order the interpreter meets them: a part is complete when it
//! has no site outside the team's stones, a few word operations.
//!
//! Every site has the same number of slots (the most parts any site is in), the unused ones
//! masked off: the count is then the same few operations at every site, where a loop over
//! each site's own parts would end at a place that changes from one arrival to the next, a
//! branch that is mispredicted about as often as not.

use super::bits::Bits;
use crate::game::{Game, RegionRef};

#[derive(Debug)]
pub(crate) struct Completion {
    sites: usize,
    /// Words per part's bitset (the board's width).
    words: usize,
    /// Slots per team and site: the most parts through any one site.
    slots: usize,
    /// Per team and site (`team * sites + site`): `slots` parts of `words` words; a slot beyond
    /// the site's own parts is all zero.
    masks: Vec<u64>,
    /// Per team and site: how many of its slots are parts.
    used: Vec<u32>,
}

impl Completion {
    pub(crate) fn new(game: &Game, regions: &[RegionRef]) -> Completion {
        let sites = game.board.site_count();
        let words = Bits::new(sites).words().len();
        let parts_through = |team: usize, site: u16| {
            regions.iter().flat_map(move |r| {
                game.regions[r.by_team[team] as usize].parts.iter().filter(move |p| p.contains(&site))
            })
        };
        let teams = game.teams.len();
        let every = || (0..teams).flat_map(|team| (0..sites as u16).map(move |site| (team, site)));
        let slots = every().map(|(team, site)| parts_through(team, site).count()).max().unwrap_or(0);
        let (mut masks, mut used) = (Vec::new(), Vec::new());
        for (team, site) in every() {
            let (before, mut parts) = (masks.len(), 0);
            for part in parts_through(team, site) {
                masks.extend_from_slice(Bits::from_sites(sites, part.iter().copied()).words());
                parts += 1;
            }
            used.push(parts);
            masks.resize(before + slots * words, 0);
        }
        Completion { sites, words, slots, masks, used }
    }

    /// Words per part and slots per site: the shape [`Completion::count_fixed`] is unrolled for.
    pub(crate) fn shape(&self) -> (usize, usize) {
        (self.words, self.slots)
    }

    /// As [`Completion::count`], for a board of `N` words and `S` slots a site (its
    /// [`Completion::shape`]): straight-line code, chosen once by the compiled expression, so
    /// that no test of the shape is made per arrival.
    #[inline(always)]
    pub(crate) fn count_fixed<const N: usize, const S: usize>(
        &self,
        arrival: Option<u16>,
        friend: &Bits,
        team: usize,
    ) -> u32 {
        debug_assert_eq!(self.shape(), (N, S));
        let Some(site) = arrival else { return 0 };
        let at = team * self.sites + site as usize;
        let (parts, used, friend) = (&self.masks[at * S * N..][..S * N], self.used[at], &friend.words()[..N]);
        let mut count = 0;
        for slot in 0..S {
            let outside = (0..N).fold(0, |acc, i| acc | (parts[slot * N + i] & !friend[i]));
            count += u32::from((outside == 0) & ((slot as u32) < used));
        }
        count
    }

    /// The parts through `arrival` that `friend` (the stones of `team`) fills; 0 before any
    /// arrival.
    #[inline]
    pub(crate) fn count(&self, arrival: Option<u16>, friend: &Bits, team: usize) -> u32 {
        let Some(site) = arrival else { return 0 };
        let at = team * self.sites + site as usize;
        let stride = self.slots * self.words;
        let (parts, used, friend) = (&self.masks[at * stride..][..stride], self.used[at], friend.words());
        // Most boards are one or two words wide: their parts are tested without a loop.
        match self.words {
            1 => filled::<1>(parts, friend, used),
            2 => filled::<2>(parts, friend, used),
            _ => filled_wide(parts, &friend[..self.words], used),
        }
    }
}

/// How many of the first `used` parts (`N` words each) have no site outside `friend`.
#[inline(always)]
fn filled<const N: usize>(parts: &[u64], friend: &[u64], used: u32) -> u32 {
    let friend: &[u64; N] = friend[..N].try_into().expect("a board's sets have its width");
    let outside = |part: &[u64]| (0..N).fold(0, |acc, i| acc | (part[i] & !friend[i]));
    parts.chunks_exact(N).zip(0..).map(|(part, slot)| u32::from((outside(part) == 0) & (slot < used))).sum()
}

fn filled_wide(parts: &[u64], friend: &[u64], used: u32) -> u32 {
    let outside = |part: &[u64]| part.iter().zip(friend).fold(0, |acc, (p, f)| acc | (p & !f));
    parts.chunks_exact(friend.len()).zip(0..).map(|(part, slot)| u32::from((outside(part) == 0) & (slot < used))).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Selection, check_str};
    use crate::engine::{Engine, Setup};

    /// Square boards of one, two and three words; `pair` has the parts a1-b1 and b1-c1; each
    /// player owns a `home`: X the bottom row's first three sites, O a3, b3 and the top row's
    /// third site (in the last word of the wider boards).
    #[test]
    fn parts_through_the_arrival_filled_by_the_subject_are_counted_once_per_listing() {
        for n in [3, 9, 12] {
            parts_counted_on_a_board_of_side(n);
        }
    }

    fn parts_counted_on_a_board_of_side(n: usize) {
        let text = format!(
            r#"(game "T" (players "X" "O") (board (square {n}))
            (region pair (sites a1 b1) (sites b1 c1))
            (region home (owner "X") (sites a1 b1 c1))
            (region home (owner "O") (sites a3 b3 c{n}))
            (play (turn (place (to empty))))
            (end (when (board-full) draw)))"#
        );
        let top = format!("c{n}");
        let (_, checked) = check_str("t.game", &text, &Selection::default());
        let engine = Engine::new(checked.expect("selection").game.expect("the game checks"));
        let game = engine.game();
        let named = |name: &str, owner: Option<usize>| {
            game.regions.iter().position(|r| r.name == name && r.owner == owner).expect("region") as u16
        };
        let pair = RegionRef { by_team: vec![named("pair", None); 2] };
        let home = RegionRef { by_team: vec![named("home", Some(0)), named("home", Some(1))] };
        let site = |label: &str| engine.site(label).expect("site");
        let counts = |stones: &[(&str, usize)], arrival: &str, team: usize| {
            let setup = Setup { stones: stones.iter().map(|&(l, t)| (site(l), t)).collect(), ..Setup::default() };
            let mut s = engine.position(&setup).expect("position");
            s.arrival = Some(site(arrival));
            let env = crate::engine::eval::Env { subject: team, mover: team, ..Default::default() };
            let lists: [&[RegionRef]; 3] =
                [std::slice::from_ref(&pair), &[pair.clone(), pair.clone()], std::slice::from_ref(&home)];
            lists.map(|regions| {
                let parts = Completion::new(game, regions);
                let compiled = parts.count(s.arrival, &s.stones[team], team);
                assert_eq!(compiled, engine.completed(&s, regions, false, &env), "the interpreter agrees");
                let fixed = match parts.shape() {
                    (1, 2) => parts.count_fixed::<1, 2>(s.arrival, &s.stones[team], team),
                    (1, 1) => parts.count_fixed::<1, 1>(s.arrival, &s.stones[team], team),
                    (2, 2) => parts.count_fixed::<2, 2>(s.arrival, &s.stones[team], team),
                    (2, 1) => parts.count_fixed::<2, 1>(s.arrival, &s.stones[team], team),
                    (1, 4) => parts.count_fixed::<1, 4>(s.arrival, &s.stones[team], team),
                    (2, 4) => parts.count_fixed::<2, 4>(s.arrival, &s.stones[team], team),
                    (3, _) => compiled,
                    shape => panic!("a shape this test does not expect: {shape:?}"),
                };
                assert_eq!(fixed, compiled, "the unrolled count agrees");
                compiled
            })
        };
        // X on a1 and b1, arriving on b1: a1-b1 is full, b1-c1 is not, the home row is not.
        assert_eq!(counts(&[("a1", 0), ("b1", 0)], "b1", 0), [1, 2, 0]);
        // With c1 too: both parts of `pair`, and X's home.
        assert_eq!(counts(&[("a1", 0), ("b1", 0), ("c1", 0)], "b1", 0), [2, 4, 1]);
        // An O stone on c1 spoils b1-c1 for X; O's own home is a3-b3.
        assert_eq!(counts(&[("a1", 0), ("b1", 0), ("c1", 1)], "b1", 0), [1, 2, 0]);
        assert_eq!(counts(&[("a3", 1), ("b3", 1), (&top, 1)], "a3", 1), [0, 0, 1]);
        assert_eq!(counts(&[("a3", 1), ("b3", 1)], "a3", 1), [0, 0, 0]);
        assert_eq!(counts(&[("a3", 1), ("b3", 1), (&top, 1)], &top, 1), [0, 0, 1]);
        // The top site is in another word than a3 and b3 on the wider boards.
        assert_eq!(counts(&[("a3", 1), (&top, 1)], &top, 1), [0, 0, 0]);
        // An arrival outside every part completes nothing.
        assert_eq!(counts(&[("a1", 0), ("b1", 0)], "b2", 0), [0, 0, 0]);
    }
}
