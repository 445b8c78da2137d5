//! Actions as integers, stable within a game: each kind of action the rules can produce gets a
//! block of codes, indexed by site (`to`) or by site pair (`from * sites + to`). The blocks are
//! laid out from the game's move kinds, so a game without slides has no slide codes and a
//! placement game keeps `num_distinct_actions` near the number of sites.
//!
//! Codes are 64-bit: a slide between any two of 65 025 sites already needs more than 2^32
//! codes, and with promotions to each kind, about 10^12 (within an `i64`, as Python and
//! OpenSpiel hold actions).

use pyo3::PyErr;
use tabula::engine::{Action, ActionKind};
use tabula::game::{Game, MoveKind};

pub struct Codec {
    sites: u64,
    /// First code of each block, if the game has actions of that kind.
    place: Option<u64>,
    slide: Option<u64>,
    relocate: Option<u64>,
    /// Takes, by the site of the stone taken.
    take: Option<u64>,
    /// Moves that promote: one code per site pair and kind chosen.
    promote: Option<u64>,
    /// Placements from a hand of kinds: one code per site and kind (`P@e4`).
    drop: Option<u64>,
    kinds: u64,
    end: u64,
    /// The code of `pass`; the game's named passes (`swap`) follow it.
    pass: u64,
    named_passes: u64,
}

impl Codec {
    pub fn new(game: &Game) -> Codec {
        let sites = game.board.site_count() as u64;
        let moves = || game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
        let has = |f: fn(&MoveKind) -> bool| moves().any(|m| f(&m.kind));
        let mut next = 0u64;
        let mut block = |present: bool, len: u64| {
            present.then(|| {
                let start = next;
                next += len;
                start
            })
        };
        // A sowing is written by its site, as a placement: they share the block.
        let place = block(has(|k| matches!(k, MoveKind::Place | MoveKind::Sow { .. })), sites);
        // Every move of a piece from one site to another is written `FROM-TO`: slides, rides,
        // leaps and hops share the block.
        let slide = block(has(MoveKind::moves_a_piece), sites * sites);
        let relocate = block(has(|k| matches!(k, MoveKind::Relocate { .. })), sites * sites);
        let take = block(has(|k| matches!(k, MoveKind::Take)), sites);
        let kinds = game.pieces.len().max(1) as u64;
        let promote = block(moves().any(|m| m.promote.is_some()), sites * sites * kinds);
        let drop = block(moves().any(|m| !m.drops.is_empty()), sites * kinds);
        let end = next;
        let named_passes = game.pass_names.len() as u64;
        Codec { sites, place, slide, relocate, take, promote, drop, kinds, end, pass: end + 1, named_passes }
    }

    /// Codes are `0..size()`.
    pub fn size(&self) -> u64 {
        self.pass + 1 + self.named_passes
    }

    pub fn encode(&self, a: Action) -> Option<i64> {
        let pair = u64::from(a.from) * self.sites + u64::from(a.to);
        let code = match a.kind {
            ActionKind::Place => match a.promoted() {
                None => self.place? + u64::from(a.to),
                Some(k) => self.drop? + u64::from(a.to) * self.kinds + u64::from(k),
            },
            ActionKind::Slide => match a.promoted() {
                None => self.slide? + pair,
                Some(k) => self.promote? + pair * self.kinds + u64::from(k),
            },
            ActionKind::Relocate => self.relocate? + pair,
            ActionKind::Take => self.take? + u64::from(a.to),
            ActionKind::End => self.end,
            ActionKind::Pass => self.pass + u64::from(a.from),
        };
        i64::try_from(code).ok()
    }

    pub fn decode(&self, code: i64) -> Option<Action> {
        let c = u64::try_from(code).ok()?;
        let n = self.sites;
        let within = |start: Option<u64>, len: u64| start.filter(|&s| c >= s && c < s + len).map(|s| c - s);
        if c == self.end {
            return Some(Action::END);
        }
        if c >= self.pass && c <= self.pass + self.named_passes {
            return Some(Action::pass((c - self.pass) as u16));
        }
        if let Some(i) = within(self.place, n) {
            return Some(Action::place(i as u16));
        }
        if let Some(i) = within(self.slide, n * n) {
            return Some(Action::slide((i / n) as u16, (i % n) as u16));
        }
        if let Some(i) = within(self.take, n) {
            return Some(Action::take(i as u16));
        }
        if let Some(i) = within(self.drop, n * self.kinds) {
            return Some(Action::drop((i / self.kinds) as u16, (i % self.kinds) as u8));
        }
        if let Some(i) = within(self.promote, n * n * self.kinds) {
            let pair = i / self.kinds;
            return Some(Action::promote((pair / n) as u16, (pair % n) as u16, (i % self.kinds) as u8));
        }
        within(self.relocate, n * n).map(|i| Action::relocate((i / n) as u16, (i % n) as u16))
    }

    pub fn unknown(&self, code: i64) -> PyErr {
        crate::IllegalActionError::new_err(format!(
            "{code} is not an action of this game (actions are 0..{})",
            self.size()
        ))
    }
}
