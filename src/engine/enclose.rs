//! Capture by enclosure on the fast path: a placement on an empty site whose only effect
//! removes the enemy groups next to it left without liberties, optionally forbidding a stone
//! whose own group then has none (`after`), optionally banning repeated positions.
//!
//! The rule as written (see [`lower`] for the shapes recognised) is answered from the
//! [`super::chains::Chains`] of its relation: for a candidate site, an enemy neighbour group in
//! atari is captured, a friendly neighbour group not in atari or an empty neighbour gives the
//! new stone a liberty, and the hash of the position after the action is the current one with
//! the stone added and the captured groups' keys taken out. No position is built per candidate.

use std::mem::take;

use super::Engine;
use super::eval::Env;
use super::legal::Legal;
use super::state::{State, Work};
use crate::board::Topology;
use crate::game::{Bool, CmpOp, Effect, Filter, Int, Move, MoveKind, Recipient, Repeat, SiteVar, Sites};

/// The most neighbours a site may have under the relation for the fast path (the captured
/// groups of one placement are told apart in a fixed array of this size).
const MAX_DEGREE: usize = 16;

/// A placement that captures enemy groups without liberties, lowered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Enclose {
    pub rel: u8,
    /// No `after` clause: a stone whose group has no liberty stays on the board.
    pub suicide: bool,
    pub ban: Option<Repeat>,
    pub credit: Option<(usize, Recipient)>,
}

/// The fast path for `m`, if it has the shape: `(place (to empty) (then (remove-groups
/// (neighbors to R) R (where (is enemy site) (= (liberties site R) 0)))) [(after (> (liberties
/// to R) 0))] [(no-repeat ...)])`, the two conditions in either order and each comparison
/// written in any equivalent way.
pub(crate) fn lower(m: &Move, board: &Topology) -> Option<Enclose> {
    if !matches!(m.kind, MoveKind::Place)
        || !matches!(m.to, Sites::Filter(Filter::Empty | Filter::Any))
        || !m.conditions.is_empty()
        || !m.require.is_empty()
    {
        return None;
    }
    let [Effect::RemoveGroups { sites: Sites::Neighbors(SiteVar::To, around), rel, conditions, credit }] = &m.then[..]
    else {
        return None;
    };
    let relation = board.relations.get(*rel as usize)?;
    let degree = (0..board.site_count()).map(|s| relation.neighbors(s as u16).len()).max().unwrap_or(0);
    if around != rel || degree > MAX_DEGREE {
        return None;
    }
    let enemy = |c: &Bool| matches!(c, Bool::Is(Filter::Enemy, SiteVar::Site));
    let no_liberty = |c: &Bool| liberties_vs_zero(c, SiteVar::Site, *rel) == Some(false);
    let captures = match &conditions[..] {
        [a, b] => (enemy(a) && no_liberty(b)) || (enemy(b) && no_liberty(a)),
        _ => false,
    };
    let suicide = match &m.after[..] {
        [] => true,
        [c] if liberties_vs_zero(c, SiteVar::To, *rel) == Some(true) => false,
        _ => return None,
    };
    captures.then_some(Enclose { rel: *rel, suicide, ban: m.no_repeat, credit: *credit })
}

/// For a comparison of `(liberties V R)` with a constant that means "some liberty"
/// (`Some(true)`) or "no liberty" (`Some(false)`).
fn liberties_vs_zero(c: &Bool, var: SiteVar, rel: u8) -> Option<bool> {
    let (op, value, k) = match c {
        Bool::Cmp(op, value, Int::Const(k)) => (*op, value, *k),
        Bool::Cmp(op, Int::Const(k), value) => (op.flipped(), value, *k),
        _ => return None,
    };
    if *value != Int::Liberties(var, rel) {
        return None;
    }
    match (op, k) {
        (CmpOp::Gt, 0) | (CmpOp::Ge, 1) | (CmpOp::Ne, 0) => Some(true),
        (CmpOp::Eq, 0) | (CmpOp::Le, 0) | (CmpOp::Lt, 1) => Some(false),
        _ => None,
    }
}

impl Engine {
    /// The legal placements of an [`Enclose`] move, into `out`. Out of line, so that its loop
    /// is compiled the same whatever is inlined around the listing of a stage.
    #[inline(never)]
    pub(crate) fn enclose_places(&self, s: &State, w: &mut Work, e: &Enclose, env: &Env, out: &mut Legal) {
        if s.hands[env.mover] == 0 {
            return;
        }
        let rel = &self.game.board.relations[e.rel as usize];
        let mut candidates = take(&mut w.candidates);
        candidates.copy_from(&s.empty);
        let chains = self.fresh_chains(s, w);
        let me = env.subject as u8 + 1;
        let key = |site: u16| self.zobrist.stone(site, env.subject);
        for t in s.empty.ones() {
            let mut liberty = false;
            let mut captured = [0u16; MAX_DEGREE];
            let mut n_captured = 0;
            let mut captured_hash = 0u64;
            for &n in rel.neighbors(t) {
                let content = s.board[n as usize];
                if content == 0 {
                    liberty = true;
                    continue;
                }
                let root = chains.root(n);
                if content == me {
                    liberty |= !chains.in_atari(root);
                } else if chains.in_atari(root) && !captured[..n_captured].contains(&root) {
                    captured[n_captured] = root;
                    n_captured += 1;
                    captured_hash ^= chains.hash(root);
                }
            }
            if !(liberty || n_captured > 0 || e.suicide) {
                candidates.remove(t);
                continue;
            }
            if let Some(ban) = e.ban {
                if self.repeats(s, ban, s.board_hash ^ key(t) ^ captured_hash) {
                    candidates.remove(t);
                }
            }
        }
        out.set_places(&mut candidates);
        w.candidates = candidates;
    }

    /// The chains, rebuilt first if a stone left the board some other way than a capture.
    fn fresh_chains<'w>(&self, s: &State, w: &'w mut Work) -> &'w mut super::chains::Chains {
        let chains = w.chains.as_mut().expect("an engine with an Enclose move keeps chains");
        let rel = &self.game.board.relations[chains.rel as usize];
        chains.refresh(rel, &s.board, |site, content| self.zobrist.stone(site, content as usize - 1));
        chains
    }

    /// Makes an [`Enclose`] placement on `to`: the stone, then the enemy groups next to it
    /// without liberties taken off together, with their credit.
    pub(crate) fn enclose_place(&self, s: &mut State, w: &mut Work, e: &Enclose, env: &Env, to: u16) {
        self.fresh_chains(s, w);
        self.put(s, w, to, env.subject);
        let rel = &self.game.board.relations[e.rel as usize];
        let me = env.subject as u8 + 1;
        let teams = s.stones.len();
        let mut chains = w.chains.take().expect("an engine with an Enclose move keeps chains");
        // Every captured group is found before any is taken off: with three teams or more, two
        // enemy groups may touch, and the first one's removal would give the second liberties.
        let mut captured = [(0u16, 0u8); MAX_DEGREE];
        let mut n_captured = 0;
        for &n in rel.neighbors(to) {
            let content = s.board[n as usize];
            if content == 0 || content == me {
                continue;
            }
            let root = chains.root(n);
            if chains.captured(root) && !captured[..n_captured].iter().any(|&(r, _)| r == root) {
                captured[n_captured] = (root, content);
                n_captured += 1;
            }
        }
        let mut victims = take(&mut w.victims);
        for &(root, content) in &captured[..n_captured] {
            victims.clear();
            victims.extend(chains.stones(root).map(|site| (site, content)));
            // With the chains out of the work space, taking a stone off does not mark them
            // stale: the whole group leaves, which they follow below.
            for &(site, _) in &victims {
                self.lift(s, w, site);
            }
            chains.remove_group(rel, &s.board, root);
            if let Some((counter, recipient)) = e.credit {
                let owner = content as usize - 1;
                let team = if recipient == Recipient::Mover { env.subject } else { owner };
                let c = &mut s.counters[counter * teams + team];
                let k = victims.len() as i64;
                *c = w.checked(c.checked_add(k), c.saturating_add(k));
            }
        }
        w.victims = victims;
        w.chains = Some(chains);
    }
}
