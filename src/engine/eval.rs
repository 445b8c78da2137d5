//! Evaluation of numbers, conditions and site sets in a position.

use super::Engine;
use super::neutral::is_team_piece;
use super::state::{State, Work};
use crate::game::{Bool, Filter, Int, RegionRef, Side, SiteVar, Sites};

/// What an expression is evaluated about: the subject team (`friend`), the mover, and the
/// sites bound by the rule being applied.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Env {
    pub subject: usize,
    pub mover: usize,
    pub to: u16,
    pub from: u16,
    pub site: u16,
    /// Where the last stone arrived in the game, if one has.
    pub last: Option<u16>,
    /// Where the previous turn's last move started and ended (`previous-from`, `previous-to`).
    pub previous: [Option<u16>; 2],
    /// The player to move has no legal action (only at a decision point).
    pub no_moves: bool,
    /// The player to move cannot begin his turn, though he may have the forced `pass` (only
    /// as a turn begins): what `(nobody-can-move)` starts from.
    pub blocked: bool,
}

impl Env {
    /// The site a variable stands for; only `last` can be none (before the first stone).
    #[inline]
    pub(crate) fn var(&self, v: SiteVar) -> Option<u16> {
        match v {
            SiteVar::To => Some(self.to),
            SiteVar::From => Some(self.from),
            SiteVar::Site => Some(self.site),
            SiteVar::Last => self.last,
            SiteVar::PreviousFrom => self.previous[0],
            SiteVar::PreviousTo => self.previous[1],
        }
    }
}

/// Whether what stands on a site (0 empty, team + 1, or [`super::neutral::NEUTRAL`] for a piece of nobody's,
/// with the piece's kind) matches a filter for `subject`. A neutral piece is only `occupied`.
#[inline]
pub(crate) fn matches(content: u8, kind: u8, filter: Filter, subject: usize) -> bool {
    match filter {
        Filter::Empty => content == 0,
        Filter::Occupied => content != 0,
        Filter::Friend => content as usize == subject + 1,
        Filter::Enemy => is_team_piece(content) && content as usize != subject + 1,
        Filter::Any => true,
        Filter::Piece(side, k) => {
            kind == k
                && match side {
                    Side::Friend => content as usize == subject + 1,
                    Side::Enemy => is_team_piece(content) && content as usize != subject + 1,
                    Side::Anyone => content != 0,
                }
        }
    }
}

/// Calls `f` for every piece of a team other than `subject` (never one of nobody's), in
/// ascending order of site: the other teams' sets, word by word. Out of line, so that the
/// site loops of the games without `(from enemy)` stay as short as they were.
#[inline(never)]
fn for_each_enemy(s: &State, subject: usize, mut f: impl FnMut(u16)) {
    for i in 0..s.empty.words().len() {
        let mut word = 0;
        for (team, stones) in s.stones.iter().enumerate() {
            if team != subject {
                word |= stones.words()[i];
            }
        }
        while word != 0 {
            f((i * 64) as u16 + word.trailing_zeros() as u16);
            word &= word - 1;
        }
    }
}

/// The largest of the teams' largest groups (`largest`, by team) that the filter names for
/// `subject`: the subject's own, the others', or every team's.
#[inline]
pub(crate) fn largest_named(largest: &[u32], filter: Filter, subject: usize) -> i64 {
    let mut best = 0;
    for (team, &size) in largest.iter().enumerate() {
        let named = match filter {
            Filter::Friend => team == subject,
            Filter::Enemy => team != subject,
            _ => true,
        };
        // Without a branch: which team's group is the larger is as good as random.
        best = best.max(if named { size } else { 0 });
    }
    i64::from(best)
}

impl Engine {
    pub(crate) fn int(&self, s: &State, w: &mut Work, e: &Int, env: &Env) -> i64 {
        match e {
            Int::Const(v) => *v,
            Int::Seeds(set) => self.seeds_in(s, set, env),
            Int::Add(items) => {
                let mut sum = 0i64;
                for i in items {
                    let v = self.int(s, w, i, env);
                    sum = w.checked(sum.checked_add(v), sum.saturating_add(v));
                }
                sum
            }
            Int::Sub(a, b) => {
                let (a, b) = (self.int(s, w, a, env), self.int(s, w, b, env));
                w.checked(a.checked_sub(b), a.saturating_sub(b))
            }
            Int::Mul(items) => {
                let mut product = 1i64;
                for i in items {
                    let v = self.int(s, w, i, env);
                    product = w.checked(product.checked_mul(v), product.saturating_mul(v));
                }
                product
            }
            Int::Min(items) => items.iter().map(|i| self.int(s, w, i, env)).min().unwrap_or(0),
            Int::Max(items) => items.iter().map(|i| self.int(s, w, i, env)).max().unwrap_or(0),
            Int::If(c, a, b) => {
                if self.bool(s, w, c, env) {
                    self.int(s, w, a, env)
                } else {
                    self.int(s, w, b, env)
                }
            }
            Int::Count(Filter::Empty, Sites::Neighbors(var, rel)) => self.empty_neighbors(s, w, *var, *rel, env),
            Int::Count(filter, sites) => self.count(s, *filter, sites, env) as i64,
            Int::LargestGroup(rel, filter) => self.largest_group(s, w, *rel, *filter, env),
            Int::Counter(c) => s.counter(*c, env.subject),
            Int::Allowance(a) => s.allowance(*a),
            Int::Completed(regions, by_anyone) => self.completed(s, regions, *by_anyone, env) as i64,
            Int::Hand => s.hand_size(env.mover),
            Int::HandOf(kinds) => s.held_of(env.mover, kinds),
            Int::TurnNumber => s.turn_number(),
            Int::Liberties(var, rel) => self.liberties(s, w, env.var(*var), *rel),
            Int::Area(rel) => self.area(s, w, *rel, env.subject),
        }
    }

    pub(crate) fn bool(&self, s: &State, w: &mut Work, e: &Bool, env: &Env) -> bool {
        match e {
            Bool::Const(b) => *b,
            Bool::And(items) => items.iter().all(|i| self.bool(s, w, i, env)),
            Bool::Or(items) => items.iter().any(|i| self.bool(s, w, i, env)),
            Bool::Not(b) => !self.bool(s, w, b, env),
            Bool::Cmp(op, a, b) => op.apply(self.int(s, w, a, env), self.int(s, w, b, env)),
            Bool::Is(filter, var) => {
                env.var(*var).is_some_and(|v| matches(s.board[v as usize], s.kinds[v as usize], *filter, env.subject))
            }
            Bool::FirstTurn => s.is_first_turn(),
            Bool::Grew(slot) => self.int(s, w, &self.game.snapshots[*slot], env) > s.snapshots[*slot],
            Bool::Was(slot) => s.snapshots[*slot] != 0,
            Bool::NoReply => self.no_reply(s, w, env.mover),
            Bool::HandEmpty => s.hands[env.mover] == 0,
            Bool::BoardFull => s.empty_count == 0,
            Bool::Filled(region, filter) => {
                let r = region.by_team[env.subject] as usize;
                let sites = match filter {
                    Filter::Friend => Some(&s.stones[env.subject]),
                    Filter::Empty => Some(&s.empty),
                    _ => None,
                };
                // The parts as sets, where the engine keeps them: a subset test each.
                if let (Some(parts), Some(sites)) = (&self.filled_parts[r], sites) {
                    return parts.iter().any(|part| part.is_subset(sites));
                }
                let parts = &self.game.regions[r].parts;
                parts.iter().any(|part| {
                    !part.is_empty()
                        && part.iter().all(|&t| matches(s.board[t as usize], s.kinds[t as usize], *filter, env.subject))
                })
            }
            Bool::NoMoves => env.no_moves,
            Bool::NobodyCanMove => env.blocked && self.others_blocked(s, w, env.mover),
            Bool::Connects { site, rel, regions, least: None } => self.connects(s, w, *site, *rel, regions, env),
            Bool::Connects { site, rel, regions, least: Some(n) } => {
                self.connects_counted(s, w, *site, *rel, &regions[0], *n, env)
            }
            Bool::Encloses { site, rel } => self.encloses(s, w, *site, *rel, env),
            Bool::Reachable { pieces, region, rel, avoid } => {
                self.reachable(s, w, super::reach::Ask { pieces: *pieces, region, rel: *rel, avoid: *avoid }, env)
            }
            Bool::AllPassed => s.pass_streak as usize >= self.game.players.len(),
            Bool::Repeated => s.recreated(),
            Bool::Line(line) => self.line(s, w, line, env),
            Bool::Every(sites, condition) => {
                let mut all = true;
                self.for_each_site(s, sites, env, |site| {
                    all = all && self.bool(s, w, condition, &Env { site, ..*env });
                });
                all
            }
            Bool::In(var, sites) => env.var(*var).is_some_and(|v| self.contains(s, sites, v, env)),
            Bool::IsAt(filter, at) => self
                .single_site(s, at, env)
                .is_some_and(|t| matches(s.board[t as usize], s.kinds[t as usize], *filter, env.subject)),
            Bool::InAt(at, sites) => self.single_site(s, at, env).is_some_and(|t| self.contains(s, sites, t, env)),
            Bool::Unmoved(sites) => {
                let mut found = false;
                self.for_each_site(s, sites, env, |v| found |= s.board[v as usize] != 0 && s.unmoved.contains(v));
                found
            }
            Bool::Attacked(sites) => self.attacked(s, w, sites, env),
        }
    }

    /// `(count empty (neighbors VAR R))`: read from the counts kept per site when R's are kept.
    #[inline]
    pub(crate) fn empty_neighbors(&self, s: &State, w: &Work, var: SiteVar, rel: u8, env: &Env) -> i64 {
        let rel = self.program.rel(rel, env.subject);
        match self.program.empty_neighbor_slot[rel as usize] {
            Some(k) => env.var(var).map_or(0, |v| i64::from(w.empty_neighbors[k as usize][v as usize])),
            None => self.count(s, Filter::Empty, &Sites::Neighbors(var, rel), env) as i64,
        }
    }

    /// `(largest-group R FILTER)`: the size of the largest group of the teams the filter
    /// names for the subject (each team's stones grouping separately).
    #[inline]
    pub(crate) fn largest_group(&self, s: &State, w: &mut Work, rel: u8, filter: Filter, env: &Env) -> i64 {
        let rel = self.program.rel(rel, env.subject);
        // The cache is kept up to date as stones arrive, so this is almost always a read.
        let cached =
            self.group_slot[rel as usize].and_then(|i| super::groups::fresh_largest(&w.groups, i as usize, rel));
        let largest = match cached {
            Some(largest) => largest,
            None => self.largest_rebuilt(s, w, rel),
        };
        largest_named(largest, filter, env.subject)
    }

    /// The largest groups after the cache of `rel` is made or rebuilt: after a stone left.
    #[inline(never)]
    fn largest_rebuilt<'w>(&self, s: &State, w: &'w mut Work, rel: u8) -> &'w [u32] {
        let relation = &self.game.board.relations[rel as usize];
        self.group_cache(s, w, rel).largest(relation, &s.board)
    }

    /// The union-find of a relation's groups. The engine makes one for every relation the rules
    /// ask about ([`crate::game::Game::group_relations`]); one missed there is made here, stale,
    /// and built from the board on first use.
    #[inline]
    pub(crate) fn group_cache<'w>(&self, s: &State, w: &'w mut Work, rel: u8) -> &'w mut super::groups::GroupCache {
        let i = match w.groups.iter().position(|c| c.rel == rel) {
            Some(i) => i,
            None => {
                w.groups.push(super::groups::GroupCache::stale(rel, s.board.len(), s.stones.len()));
                w.groups.len() - 1
            }
        };
        &mut w.groups[i]
    }

    /// Sites of `sites` matching `filter`.
    pub(crate) fn count(&self, s: &State, filter: Filter, sites: &Sites, env: &Env) -> u32 {
        match sites {
            Sites::Neighbors(var, rel) => {
                let Some(v) = env.var(*var) else { return 0 };
                self.game.board.relations[self.program.rel(*rel, env.subject) as usize]
                    .neighbors(v)
                    .iter()
                    .filter(|&&n| matches(s.board[n as usize], s.kinds[n as usize], filter, env.subject))
                    .count() as u32
            }
            // Every site matching one filter (the other is `any`): the empty sites' count is
            // kept, the subject's pieces are a set, and a kind's pieces a vector count.
            Sites::Filter(inner) if filter == Filter::Any || *inner == Filter::Any => {
                match if filter == Filter::Any { *inner } else { filter } {
                    Filter::Empty => s.empty_count,
                    Filter::Friend => s.stones[env.subject].count(),
                    Filter::Piece(Side::Anyone, kind) => super::bytes::count_kind(&s.kinds, kind, &s.board, 0),
                    Filter::Piece(Side::Friend, kind) => {
                        super::bytes::count_kind(&s.kinds, kind, &s.board, env.subject as u8 + 1)
                    }
                    one => {
                        (0..s.board.len()).filter(|&i| matches(s.board[i], s.kinds[i], one, env.subject)).count() as u32
                    }
                }
            }
            Sites::Filter(inner) => {
                // Both filters on every site: the intersection of two filters.
                (0..s.board.len())
                    .filter(|&i| {
                        matches(s.board[i], s.kinds[i], filter, env.subject)
                            && matches(s.board[i], s.kinds[i], *inner, env.subject)
                    })
                    .count() as u32
            }
            Sites::Ray(var, rel)
                if matches!(filter, Filter::Empty | Filter::Occupied | Filter::Friend | Filter::Any) =>
            {
                let Some(masks) = &self.ray_masks[self.program.rel(*rel, env.subject) as usize] else {
                    return self.count_lines(s, filter, sites, env);
                };
                let Some(mask) = env.var(*var).map(|v| &masks[v as usize]) else { return 0 };
                match filter {
                    Filter::Empty => mask.count_and(&s.empty),
                    Filter::Occupied => mask.count() - mask.count_and(&s.empty),
                    Filter::Friend => mask.count_and(&s.stones[env.subject]),
                    _ => mask.count(),
                }
            }
            Sites::Ray(..)
            | Sites::Flanks(..)
            | Sites::Sight(..)
            | Sites::Between(..)
            | Sites::Run(..)
            | Sites::Visited
            | Sites::Part(..)
            | Sites::Select(..) => self.count_lines(s, filter, sites, env),
            Sites::Image(symmetry, var) => {
                let image = env.var(*var).and_then(|v| self.image(*symmetry, v));
                u32::from(image.is_some_and(|t| matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject)))
            }
            Sites::At(var) => u32::from(
                env.var(*var).is_some_and(|t| matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject)),
            ),
            Sites::Step(var, path) => u32::from(
                self.step(env.var(*var), path, env.subject)
                    .is_some_and(|t| matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject)),
            ),
            Sites::Region(r) => {
                let bits = &self.region_bits[r.by_team[env.subject] as usize];
                match filter {
                    Filter::Empty => bits.count_and(&s.empty),
                    Filter::Any => bits.count(),
                    Filter::Friend => bits.count_and(&s.stones[env.subject]),
                    Filter::Occupied => bits.count() - bits.count_and(&s.empty),
                    // The other teams' stones, one by one: a piece of nobody's is no enemy's.
                    Filter::Enemy => {
                        (0..s.stones.len()).filter(|&t| t != env.subject).map(|t| bits.count_and(&s.stones[t])).sum()
                    }
                    // A kind of the subject's: its stones in the region, not every site of it.
                    Filter::Piece(Side::Friend, kind) => {
                        let mut n = 0;
                        bits.for_each_and(&s.stones[env.subject], |t| n += u32::from(s.kinds[t as usize] == kind));
                        n
                    }
                    Filter::Piece(..) => bits
                        .ones()
                        .filter(|&t| matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject))
                        .count() as u32,
                }
            }
        }
    }

    /// Sites of a ray or flank set matching `filter`. Kept out of line so that the counts the
    /// other games make stay as small as they were.
    #[inline(never)]
    fn count_lines(&self, s: &State, filter: Filter, sites: &Sites, env: &Env) -> u32 {
        let mut n = 0;
        self.for_each_site(s, sites, env, |t| {
            n += u32::from(matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject))
        });
        n
    }

    /// Whether a site belongs to a set.
    #[inline]
    pub(crate) fn contains(&self, s: &State, sites: &Sites, site: u16, env: &Env) -> bool {
        match sites {
            Sites::Filter(f) => matches(s.board[site as usize], s.kinds[site as usize], *f, env.subject),
            Sites::Region(r) => self.region_bits[r.by_team[env.subject] as usize].contains(site),
            Sites::Neighbors(var, rel) => {
                let rel = self.program.rel(*rel, env.subject);
                env.var(*var).is_some_and(|v| self.game.board.relations[rel as usize].neighbors(v).contains(&site))
            }
            Sites::Ray(..)
            | Sites::Flanks(..)
            | Sites::Sight(..)
            | Sites::Between(..)
            | Sites::Run(..)
            | Sites::Select(..) => {
                let mut found = false;
                self.for_each_site(s, sites, env, |t| found |= t == site);
                found
            }
            Sites::Image(symmetry, var) => env.var(*var).and_then(|v| self.image(*symmetry, v)) == Some(site),
            Sites::At(var) => env.var(*var) == Some(site),
            Sites::Step(var, path) => self.step(env.var(*var), path, env.subject) == Some(site),
            Sites::Visited => s.visited.contains(&site),
            Sites::Part(region, var, by) => self
                .part(region, *var, by.as_ref(), env)
                .is_some_and(|(r, p)| self.region_parts[r].get(site as usize).contains(&p)),
        }
    }

    /// `(part REGION SITE [BY])`: the region (this team's version) and the number of the part
    /// that holds the bound site, in REGION or, numbered alike, in BY.
    pub(crate) fn part(
        &self,
        region: &RegionRef,
        var: SiteVar,
        by: Option<&RegionRef>,
        env: &Env,
    ) -> Option<(usize, u32)> {
        let site = env.var(var)?;
        let holder = by.unwrap_or(region).by_team[env.subject] as usize;
        let &p = self.region_parts[holder].get(site as usize).first()?;
        Some((region.by_team[env.subject] as usize, p))
    }

    /// Calls `f` on the sites strictly between `a` and `b`, from `a`'s side, when a direction of
    /// the board leads from one to the other.
    fn between(&self, a: u16, b: u16, mut f: impl FnMut(u16)) {
        let limit = self.game.board.site_count();
        if let Some(table) = &self.line_between {
            let d = table[a as usize * limit + b as usize];
            if let Some(direction) = self.game.board.directions.get(d as usize) {
                let mut at = direction.step[a as usize];
                while let Some(t) = at.filter(|&t| t != b) {
                    f(t);
                    at = direction.step[t as usize];
                }
            }
            return;
        }
        for direction in &self.game.board.directions {
            let step = |at: u16| direction.step[at as usize];
            let (mut at, mut steps) = (a, 0);
            while let Some(next) = step(at).filter(|_| steps < limit) {
                if next == b {
                    let mut t = a;
                    for _ in 0..steps {
                        t = step(t).unwrap_or(t);
                        f(t);
                    }
                    return;
                }
                at = next;
                steps += 1;
            }
        }
    }

    /// The site a site expression such as `(step to N)` stands for, if any (the first, for an
    /// expression of several: the checker allows only those of one).
    fn single_site(&self, s: &State, at: &Sites, env: &Env) -> Option<u16> {
        // The common case, `(step to N)`, without the walk over a set.
        if let Sites::Step(var, path) = at {
            return self.step(env.var(*var), path, env.subject);
        }
        let mut found = None;
        self.for_each_site(s, at, env, |t| {
            found.get_or_insert(t);
        });
        found
    }

    /// The site reached from `start` by one step along each direction of `path` in turn; an
    /// owned direction (`ahead`) is `team`'s.
    #[inline]
    pub(crate) fn step(&self, start: Option<u16>, path: &[u8], team: usize) -> Option<u16> {
        path.iter().try_fold(start?, |at, &dir| self.rays.step(self.program.rel(dir, team), at, 0))
    }

    /// `(select FROM CONDITION)`: calls `f` for each site of `from` that passes the condition.
    /// (Through a `dyn` callback: the sets nest, and each closure type would make another.)
    #[inline(never)]
    fn select(&self, s: &State, from: &Sites, condition: &Bool, env: &Env, f: &mut dyn FnMut(u16)) {
        self.for_each_site(s, from, env, |site| {
            if self.pure_bool(s, condition, &Env { site, ..*env }) {
                f(site)
            }
        })
    }

    /// Calls `f` for every site of a set: ascending, except for rays, flanks and sights, which go
    /// outward one direction after another.
    #[inline]
    pub(crate) fn for_each_site(&self, s: &State, sites: &Sites, env: &Env, mut f: impl FnMut(u16)) {
        match sites {
            Sites::Filter(Filter::Empty) => s.empty.ones().for_each(f),
            Sites::Filter(Filter::Friend) => s.stones[env.subject].ones().for_each(f),
            Sites::Filter(Filter::Enemy) => for_each_enemy(s, env.subject, f),
            // A kind of one's own pieces (draughts' men, kings): the subject's stones only,
            // not every site of the board.
            Sites::Filter(Filter::Piece(Side::Friend, k)) => {
                s.stones[env.subject].ones().filter(|&t| s.kinds[t as usize] == *k).for_each(f)
            }
            Sites::Filter(filter) => {
                for i in 0..s.board.len() {
                    if matches(s.board[i], s.kinds[i], *filter, env.subject) {
                        f(i as u16);
                    }
                }
            }
            Sites::Region(r) => self.region_bits[r.by_team[env.subject] as usize].ones().for_each(f),
            Sites::Neighbors(var, rel) => {
                if let Some(v) = env.var(*var) {
                    let rel = self.program.rel(*rel, env.subject);
                    self.game.board.relations[rel as usize].neighbors(v).iter().for_each(|&n| f(n))
                }
            }
            Sites::Image(symmetry, var) => {
                if let Some(t) = env.var(*var).and_then(|v| self.image(*symmetry, v)) {
                    f(t)
                }
            }
            Sites::At(var) => {
                if let Some(t) = env.var(*var) {
                    f(t)
                }
            }
            Sites::Step(var, path) => {
                if let Some(t) = self.step(env.var(*var), path, env.subject) {
                    f(t)
                }
            }
            Sites::Between(a, b) => {
                if let (Some(a), Some(b)) = (env.var(*a), env.var(*b)) {
                    self.between(a, b, f)
                }
            }
            Sites::Part(region, var, by) => {
                if let Some((r, p)) = self.part(region, *var, by.as_ref(), env) {
                    self.game.regions[r].parts[p as usize].iter().for_each(|&t| f(t))
                }
            }
            Sites::Run(var, rel, condition) => {
                if let Some(v) = env.var(*var) {
                    self.run(s, v, self.program.rel(*rel, env.subject), condition, env, f)
                }
            }
            Sites::Ray(var, rel) => {
                if let Some(v) = env.var(*var) {
                    self.rays.ray(self.program.rel(*rel, env.subject), v, f)
                }
            }
            Sites::Flanks(var, rel) => {
                if let Some(v) = env.var(*var) {
                    self.rays.flanks(self.program.rel(*rel, env.subject), &s.board, v, env.subject, f)
                }
            }
            Sites::Sight(var, rel) => {
                if let Some(v) = env.var(*var) {
                    self.rays.sight(self.program.rel(*rel, env.subject), &s.board, v, f)
                }
            }
            Sites::Visited => s.visited.iter().for_each(|&t| f(t)),
            Sites::Select(from, condition) => self.select(s, from, condition, env, &mut f),
        }
    }

    /// Parts of the given regions that contain the arrival site and hold only the subject's
    /// stones.
    pub(crate) fn completed(&self, s: &State, regions: &[crate::game::RegionRef], by_anyone: bool, env: &Env) -> u32 {
        let Some(arrival) = s.arrival else { return 0 };
        let friend = &s.stones[env.subject];
        let filled = |site: u16| if by_anyone { !s.empty.contains(site) } else { friend.contains(site) };
        let mut count = 0;
        for r in regions {
            let region = r.by_team[env.subject] as usize;
            let parts = &self.game.regions[region].parts;
            for &p in self.region_parts[region].get(arrival as usize) {
                if parts[p as usize].iter().all(|&site| filled(site)) {
                    count += 1;
                }
            }
        }
        count
    }
}
