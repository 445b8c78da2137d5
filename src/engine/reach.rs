//! `(reachable PIECES REGION RELATION (avoiding FILTER))`: whether every piece the filter picks
//! still has a way to its owner's goal. Quoridor asks it after every wall it could lay, about
//! 130 times a position, so each answer starts from the paths found before for the same piece
//! and question: a path that still runs through open sites proves the answer (a wall off that
//! path cannot have cut it, as OpenSpiel's Quoridor reasons with its shortest paths), and when
//! only pieces close sites that is a few words of `and` against the empty sites. Only when
//! every kept path is closed is a new one searched for, by A* with each site's distance to the
//! goal on the empty board as its guide, so that it is a short one (short paths are hit by
//! fewer walls) found without spreading over the board. Nothing is allocated once as many
//! paths are kept as the game needs.

use super::Engine;
use super::bits::Bits;
use super::eval::{Env, matches};
use super::state::{State, Work};
use crate::board::Relation;
use crate::game::{Filter, RegionRef};

/// What a path answers: from `start`, along relation `rel`, to region `region`, through the
/// sites `avoid` does not pick for `subject`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Question {
    rel: u8,
    region: u16,
    avoid: Option<Filter>,
    subject: u8,
    start: u16,
}

/// A path last found for a question: its sites from the start, and the same sites but the
/// start as a set, so that whether any of them has closed is a few words of `and`.
#[derive(Debug, Clone)]
struct Path {
    question: Question,
    sites: Vec<u16>,
    set: Bits,
}

impl Path {
    /// Whether every site of the path but its start is still open. With `empty` (only pieces
    /// close a site), the sites off `empty` are the only ones read.
    fn is_open(&self, empty: Option<&Bits>, open: &impl Fn(u16) -> bool) -> bool {
        let Some(empty) = empty else { return self.sites.iter().skip(1).all(|&t| open(t)) };
        self.set.words().iter().zip(empty.words()).enumerate().all(|(k, (&on, &free))| {
            let mut held = on & !free;
            while held != 0 {
                let t = (k * 64 + held.trailing_zeros() as usize) as u16;
                if !open(t) {
                    return false;
                }
                held &= held - 1;
            }
            true
        })
    }
}

/// The paths last found, and the scratch space of the search.
#[derive(Debug, Default)]
pub(crate) struct Reach {
    /// The board's number of sites.
    sites: usize,
    paths: Vec<Path>,
    /// A path's memory, from a search that found none.
    unused: Option<Path>,
    /// Per site, the site the search reached it from.
    parent: Vec<u16>,
    visited: Bits,
    /// The sites of the path being mended that the search may end on.
    ends: Bits,
    /// The search's sites by their estimated length of way (steps plus the guide's distance).
    buckets: Vec<Vec<u16>>,
    /// Per site, the steps the search took to it.
    steps: Vec<u16>,
    /// Per relation and goal region searched: each site's distance to the goal on the empty
    /// board, which guides the search (and bounds it: a site with no way there is not entered).
    guides: Vec<(u8, u16, Vec<u16>)>,
    /// The sites a placement leaves empty ([`Engine::reachable_closing`]).
    empty_after: Bits,
}

/// More questions than a game asks at once (a piece per team, moving): past it, the oldest
/// paths are forgotten.
const KEPT: usize = 32;

/// Paths kept for one question: the first found, and detours around what closed it.
const ALTERNATIVES: usize = 4;

/// A guide's distance from a site with no way to the goal.
const FAR: u16 = u16::MAX;

impl Reach {
    /// Nothing is allocated until a game asks (`Work` is copied whenever an action is made
    /// on a copy, in games that never ask).
    pub fn new(sites: usize) -> Reach {
        Reach {
            sites,
            paths: Vec::new(),
            unused: None,
            parent: Vec::new(),
            visited: Bits::new(0),
            ends: Bits::new(0),
            buckets: Vec::new(),
            steps: Vec::new(),
            guides: Vec::new(),
            empty_after: Bits::new(0),
        }
    }

    /// Makes the scratch space of a search the board's size, on the first question.
    #[inline]
    fn ready(&mut self) {
        if self.parent.len() != self.sites {
            self.parent = vec![0; self.sites];
            self.steps = vec![0; self.sites];
            self.visited = Bits::new(self.sites);
            self.ends = Bits::new(self.sites);
            self.empty_after = Bits::new(self.sites);
        }
    }

    /// Whether a path answers the question, through sites that are `open` (the start need not
    /// be), to a site of `goal`.
    ///
    /// Up to [`ALTERNATIVES`] paths are kept for each question, and any of them still open
    /// answers. The paths of all questions are kept in the order they last answered, so that
    /// the questions of the position at hand are found first. When none is open, the first is
    /// mended around the sites that close it into a new alternative: the search starts where
    /// it is first cut and stops at the first site of the rest of it (or of the goal), and
    /// stays in the start's area, so it finds a way whenever there is one.
    ///
    /// Why several: Quoridor asks about the position each wall it could lay would leave, and a
    /// wall across the shortest path most often leaves open a detour found for another wall,
    /// which needs no search.
    ///
    /// `empty` is set when only occupied sites can be closed (the sites avoided are pieces'):
    /// then a kept path whose sites are all in it is open without reading it, and one that
    /// crosses a piece (the other pawn) reads only the sites it shares with pieces.
    fn reaches(
        &mut self,
        relation: &Relation,
        q: Question,
        goal: &Bits,
        empty: Option<&Bits>,
        open: impl Fn(u16) -> bool,
    ) -> bool {
        self.ready();
        let mut first = None;
        for i in 0..self.paths.len() {
            if self.paths[i].question != q {
                continue;
            }
            if self.paths[i].is_open(empty, &open) {
                // The path that answered is asked first next time, and the questions asked
                // now are found first among the kept paths.
                self.paths[..=i].rotate_right(1);
                return true;
            }
            first.get_or_insert(i);
        }
        let mut path =
            self.unused.take().unwrap_or_else(|| Path { question: q, sites: Vec::new(), set: Bits::new(self.sites) });
        path.question = q;
        path.sites.clear();
        let (slot, guide) = self.guide(relation, q, goal);
        let found = match first {
            None => {
                let end = self.search(relation, q.start, goal, None, &guide, &open);
                end.inspect(|&end| self.trace(q.start, end, &mut path.sites)).is_some()
            }
            Some(f) => {
                let closed = std::mem::take(&mut self.paths[f].sites);
                let found = self.mend(relation, &closed, &mut path.sites, goal, &guide, &open);
                self.paths[f].sites = closed;
                found
            }
        };
        // The guide is lent by its slot for the search (which borrows the rest), and put back.
        self.guides[slot].2 = guide;
        path.set.clear();
        path.sites.iter().skip(1).for_each(|&t| path.set.insert(t));
        if found {
            self.forget_one_for(q);
            self.paths.insert(0, path);
        } else {
            self.unused = Some(path);
        }
        found
    }

    /// Makes room for a new path of question `q`: its last alternative goes once it has as
    /// many as are kept, or else the path that answered longest ago (the last) once as many
    /// are kept as ever needed. The memory of the one forgotten is kept for the next path.
    fn forget_one_for(&mut self, q: Question) {
        let mine = self.paths.iter().enumerate().filter(|(_, p)| p.question == q).map(|(i, _)| i);
        let forgotten = match mine.clone().nth(ALTERNATIVES - 1) {
            Some(_) => mine.clone().next_back(),
            None => (self.paths.len() >= KEPT).then(|| self.paths.len() - 1),
        };
        if let Some(i) = forgotten {
            self.unused = Some(self.paths.remove(i));
        }
    }

    /// Whether a path kept for `q` is open and runs through none of `filled`.
    fn kept_avoiding(&self, q: Question, empty: Option<&Bits>, open: impl Fn(u16) -> bool, filled: &[u16]) -> bool {
        self.paths
            .iter()
            .any(|p| p.question == q && filled.iter().all(|&f| !p.set.contains(f)) && p.is_open(empty, &open))
    }

    /// Whether `path` (from its first site) still leads to `goal`: `into` becomes the path
    /// mended where it is cut (or the path itself, if it is not).
    fn mend(
        &mut self,
        relation: &Relation,
        path: &[u16],
        into: &mut Vec<u16>,
        goal: &Bits,
        guide: &[u16],
        open: &impl Fn(u16) -> bool,
    ) -> bool {
        let Some(cut) = path.iter().skip(1).position(|&t| !open(t)).map(|i| i + 1) else {
            into.extend_from_slice(path);
            return true;
        };
        // The rest of the path after its last closed site still leads to the goal: the search
        // may end on any of it.
        let rest = path.iter().rposition(|&t| !open(t)).map_or(1, |i| i + 1);
        let from = path[cut - 1];
        let Some(end) = self.search(relation, from, goal, Some(&path[rest..]), guide, open) else { return false };
        // The path up to the cut, the detour, and what follows the detour's end on the path.
        let tail = path[rest..].iter().position(|&t| t == end).map_or(path.len(), |j| rest + j + 1);
        into.extend_from_slice(&path[..cut - 1]);
        self.trace(from, end, into);
        into.extend_from_slice(&path[tail..]);
        true
    }

    /// Appends to `into` the path from `start` to `end` the last search took.
    fn trace(&self, start: u16, end: u16, into: &mut Vec<u16>) {
        let at_start = into.len();
        let mut at = end;
        while at != start {
            into.push(at);
            at = self.parent[at as usize];
        }
        into.push(start);
        into[at_start..].reverse();
    }

    /// From `start`, the first site of `goal`, or of `rest`, reached, with `parent` leading
    /// back. The sites are taken nearest first by the steps taken plus the `guide`'s distance
    /// to the goal (A*, a site's parent fixed when it is first reached): on an open board the
    /// search runs straight to the goal, where one breadth first would spread over the board.
    /// A site the guide never reaches cannot lead to the goal, and is not entered.
    fn search(
        &mut self,
        relation: &Relation,
        start: u16,
        goal: &Bits,
        rest: Option<&[u16]>,
        guide: &[u16],
        open: &impl Fn(u16) -> bool,
    ) -> Option<u16> {
        self.ends.clear();
        for &t in rest.unwrap_or_default() {
            self.ends.insert(t);
        }
        self.visited.clear();
        // A start with no way to the goal on the empty board has none on this one.
        if guide[start as usize] == FAR {
            return None;
        }
        // Pushes a site by its estimate, which it returns.
        let push = |buckets: &mut Vec<Vec<u16>>, t: u16, steps: u16| {
            let f = (steps as usize) + guide[t as usize] as usize;
            if buckets.len() <= f {
                buckets.resize_with(f + 1, Vec::new);
            }
            buckets[f].push(t);
            f
        };
        self.visited.insert(start);
        self.steps[start as usize] = 0;
        let (mut lowest, mut top) = (0, push(&mut self.buckets, start, 0));
        let mut found = None;
        while lowest < self.buckets.len() {
            // The last pushed of the nearest: among equals, the deepest.
            let Some(v) = self.buckets[lowest].pop() else {
                lowest += 1;
                continue;
            };
            if goal.contains(v) || self.ends.contains(v) {
                found = Some(v);
                break;
            }
            let steps = self.steps[v as usize] + 1;
            for &u in relation.neighbors(v) {
                if !self.visited.contains(u) && guide[u as usize] != FAR && open(u) {
                    self.visited.insert(u);
                    self.parent[u as usize] = v;
                    self.steps[u as usize] = steps;
                    top = top.max(push(&mut self.buckets, u, steps));
                }
            }
        }
        // The buckets below the lowest were emptied as the search went; those it left are
        // emptied for the next, and no more: on a large board there are many.
        for bucket in self.buckets.iter_mut().take(top + 1).skip(lowest) {
            bucket.clear();
        }
        found
    }

    /// The guide of the searches along `relation` to `goal`, taken out of its slot (returned
    /// with it): each site's fewest steps to it on the empty board ([`FAR`] where there is no
    /// way), worked out on first use.
    fn guide(&mut self, relation: &Relation, q: Question, goal: &Bits) -> (usize, Vec<u16>) {
        if let Some(i) = self.guides.iter().position(|(rel, region, _)| (*rel, *region) == (q.rel, q.region)) {
            return (i, std::mem::take(&mut self.guides[i].2));
        }
        self.guides.push((q.rel, q.region, Vec::new()));
        let slot = self.guides.len() - 1;
        // Along a relation that does not hold both ways, distances from the goal are no
        // guide to it: every site is taken as at the goal, and the search goes breadth first.
        if relation.one_way {
            return (slot, vec![0; self.sites]);
        }
        let mut distance = vec![FAR; self.sites];
        let mut queue: Vec<u16> = goal.ones().collect();
        queue.iter().for_each(|&t| distance[t as usize] = 0);
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            for &u in relation.neighbors(v) {
                if distance[u as usize] == FAR {
                    distance[u as usize] = distance[v as usize] + 1;
                    queue.push(u);
                }
            }
        }
        (slot, distance)
    }
}

/// A `(reachable PIECES REGION RELATION (avoiding FILTER))` question, as the rules state it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ask<'a> {
    pub pieces: Filter,
    pub region: &'a RegionRef,
    pub rel: u8,
    pub avoid: Option<Filter>,
}

impl<'a> Ask<'a> {
    /// The question of a `(reachable ...)` condition; `None` for any other.
    pub(crate) fn of(c: &'a crate::game::Bool) -> Option<Ask<'a>> {
        match c {
            crate::game::Bool::Reachable { pieces, region, rel, avoid } => {
                Some(Ask { pieces: *pieces, region, rel: *rel, avoid: *avoid })
            }
            _ => None,
        }
    }
}

impl Engine {
    /// Pieces of nobody's have no goal, and are not asked. Kept out of line: the interpreter's
    /// `bool` stays small for the games that never ask.
    #[inline(never)]
    pub(crate) fn reachable(&self, s: &State, w: &mut Work, ask: Ask, env: &Env) -> bool {
        let (open, empty) = openness(s, ask.avoid, env.subject);
        self.every_question(s, ask, env.subject, |q, relation, goal| w.reach.reaches(relation, q, goal, empty, &open))
    }

    /// [`Engine::reachable`] asked of the position an action that only fills `filled` (empty
    /// sites) would leave, answered from the ways `reach` keeps alone: true when every piece asked
    /// about has a kept way, open now, through none of them; false when that cannot tell.
    pub(crate) fn kept_way_avoids(&self, s: &State, reach: &Reach, ask: Ask, env: &Env, filled: &[u16]) -> bool {
        let (open, empty) = openness(s, ask.avoid, env.subject);
        self.every_question(s, ask, env.subject, |q, _, _| reach.kept_avoiding(q, empty, &open, filled))
    }

    /// [`Engine::reachable`] asked of the position an action that only fills `filled` (empty
    /// sites, with pieces that `avoid` picks) would leave, without making it: the ways are
    /// sought as in that position, through none of them.
    pub(crate) fn reachable_closing(&self, s: &State, reach: &mut Reach, ask: Ask, env: &Env, filled: &[u16]) -> bool {
        let (open, empty) = openness(s, ask.avoid, env.subject);
        let open = |t: u16| open(t) && !filled.contains(&t);
        // The sites still empty after it, always open (ways avoid pieces only).
        reach.ready();
        let mut after = std::mem::take(&mut reach.empty_after);
        let empty = empty.map(|empty| {
            after.copy_from(empty);
            filled.iter().for_each(|&f| after.remove(f));
            &after
        });
        let keeps =
            self.every_question(s, ask, env.subject, |q, relation, goal| reach.reaches(relation, q, goal, empty, open));
        reach.empty_after = after;
        keeps
    }

    /// Whether `answer` is true of the question of every piece that `ask` picks (for
    /// `subject`): its way along its team's version of the relation to its team's region,
    /// given with the relation and the region's sites.
    fn every_question(
        &self,
        s: &State,
        ask: Ask,
        subject: usize,
        mut answer: impl FnMut(Question, &Relation, &Bits) -> bool,
    ) -> bool {
        s.stones.iter().enumerate().all(|(team, stones)| {
            let rel = self.program.rel(ask.rel, team);
            let relation = &self.game.board.relations[rel as usize];
            let region = ask.region.by_team[team];
            let goal = &self.region_bits[region as usize];
            stones.ones().all(|start| {
                let q = Question { rel, region, avoid: ask.avoid, subject: subject as u8, start };
                !matches(s.board[start as usize], s.kinds[start as usize], ask.pieces, subject)
                    || answer(q, relation, goal)
            })
        })
    }
}

/// Which sites a way may pass (those `avoid` does not pick), and, when it picks pieces only,
/// the empty sites, which are always open.
fn openness(s: &State, avoid: Option<Filter>, subject: usize) -> (impl Fn(u16) -> bool + '_, Option<&Bits>) {
    let open = move |t: u16| avoid.is_none_or(|f| !matches(s.board[t as usize], s.kinds[t as usize], f, subject));
    let empty = match avoid {
        Some(Filter::Empty | Filter::Any) => None,
        _ => Some(&s.empty),
    };
    (open, empty)
}
