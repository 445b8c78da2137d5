//! The engine: plays any checked [`Game`].
//!
//! The API follows OpenSpiel's: [`Engine::initial`] gives the start [`State`];
//! [`Engine::legal`] the actions of the decision at hand; [`Engine::apply`] makes one;
//! [`Engine::to_move`] and [`Engine::outcome`] say where the game stands. An action is one
//! atomic decision inside a turn (docs/CLI.md, "Turns and actions"), written `c3`, `c3-d4`,
//! `c3>d4`, `end`, `pass`.
//!
//! The engine keeps the legal actions of the current decision in the state, computed once when
//! the decision is reached: the turn flow needs them anyway (a turn that cannot begin, a stage
//! with nothing left to do), and playouts read them without recomputing. Everything the hot
//! loop touches — sites, relations, regions — is an index into flat arrays or a bitset; no
//! action allocates once a state's buffers have grown to the game's needs.

mod action;
mod after;
mod apply;
mod attack;
pub mod bits;
#[cfg(test)]
mod bundled;
mod bytes;
mod chains;
mod compile;
mod completed;
mod connect;
mod enclose;
mod eval;
mod explain;
mod fills;
mod footprint;
mod generate;
mod groups;
mod history;
mod legal;
mod liberties;
mod lines;
mod lists;
mod lower;
mod maximize;
mod mobility;
mod neutral;
mod outcome;
mod padded;
pub mod perft;
mod pieces;
pub mod playout;
mod promotion;
mod rays;
mod reach;
mod repetition;
mod rights;
mod runs;
mod shifts;
mod sowing;
mod state;
pub mod stats;
mod touching;
pub mod turn_perft;

pub use action::{Action, ActionKind};
pub use outcome::{EndReason, Outcome};
pub use state::{Setup, State, UNLIMITED};

use crate::game::Game;
use bits::Bits;

/// A game compiled for play: the checked description plus the index structures the hot path
/// uses.
#[derive(Debug, Clone)]
pub struct Engine {
    game: Game,
    /// Per region: the union of its parts.
    region_bits: Vec<Bits>,
    /// Per region that `(filled REGION friend)` or `(filled REGION empty)` asks about: each
    /// part as a set, so that a part is filled when it is a subset of the team's stones or of
    /// the empty sites (the empty parts left out). `None` for the other regions.
    filled_parts: Vec<Option<Vec<Bits>>>,
    /// Per region: for each site, the parts that contain it (`offsets[site]..offsets[site+1]`
    /// into `parts`).
    region_parts: Vec<lists::Lists<u32>>,
    zobrist: repetition::Keys,
    /// The repetition end rule, if any: (index in `game.end`, occurrences that end the game).
    repetition: Option<(usize, u32)>,
    /// The allowances whose pending values are part of a position for that rule (all but
    /// those it ignores).
    position_allowances: Vec<usize>,
    /// The entries of the state's counters (every team's, of each counter) that are part of a
    /// position for that rule: those of the counters it does not ignore.
    position_counters: Vec<usize>,
    /// The board's hash is kept up to date (for `repetition` or a ban on repeated positions).
    hashing: bool,
    /// Some kind of piece belongs to nobody (see [`neutral`]), or the hash is kept (and keys
    /// kinds): only then does a placement ask whether its piece is nobody's and key its kind.
    kinds_tracked: bool,
    /// The game's hands keep captures ([`crate::game::Game::keeps_captures`]), kept beside the
    /// other flags that every placement and move reads.
    keeps_captures: bool,
    /// Some move asks `(no-reply)` in a game that keeps its history of positions: the copy an
    /// action is judged on carries the history, for the reply's own bans on repetition.
    reply_reads_history: bool,
    /// Relations whose groups the rules ask about (kept by union-find).
    group_relations: Vec<u8>,
    /// Per relation: the index of its union-find in the scratch space's caches, if it has
    /// one from the start (the order of `group_relations`).
    group_slot: Vec<Option<u8>>,
    /// Per relation: on a board of at most 64 sites, each site's neighbours as one word, for
    /// the relations whose groups are kept (so that a stone joins its friends by their bits,
    /// [`groups::GroupCache::arrive_among`]).
    word_neighbors: Vec<Option<connect::NeighborMasks>>,
    /// On a board of at most 64 sites whose rules keep one union-find and nothing else that a
    /// stone's arrival updates (no hash, no chains, no counts of empty neighbours): its word
    /// neighbours, so that [`Engine::put`] is the board, its sets and one join by bits.
    lone_word_group: Option<connect::NeighborMasks>,
    /// How each part of the rules is run: the fast paths chosen once (see [`lower`]).
    program: lower::Program,
    /// Step tables of the board's directions, for rays and flanks.
    rays: rays::Rays,
    /// Per relation that a count along rays reads (`(count occupied (ray from file))`, every
    /// version of an owned one), on boards of at most [`crate::game::footprint::RAY_MASK_SITES`] sites: per site, its
    /// rays as bits, so that the count is a popcount (Lines of Action counts a line for every
    /// move). `None` elsewhere: the rays are walked.
    ray_masks: Vec<Option<Vec<Bits>>>,
    /// Where [`Game::keeps_line_between`]: per pair of sites `a * n + b`, the board direction
    /// that leads from `a` to `b`, or [`NO_LINE`]. `between` then walks one line instead of
    /// trying each, and a ride is not tried against a target on none of its lines.
    line_between: Option<Vec<u8>>,
    /// Per site: the bits of the connected regions it lies in (see [`lower::Connection`]).
    connect_sites: std::sync::Arc<[u64]>,
}

/// See [`Engine::ray_masks`].
fn ray_masks(game: &Game, rays: &rays::Rays) -> Vec<Option<Vec<Bits>>> {
    let n = game.board.site_count();
    let mut out: Vec<Option<Vec<Bits>>> = vec![None; game.board.relations.len()];
    if n > crate::game::footprint::RAY_MASK_SITES {
        return out;
    }
    for rel in game.ray_count_relations() {
        let masks = (0..n as u16)
            .map(|site| {
                let mut bits = Bits::new(n);
                rays.ray(rel, site, |t| bits.insert(t));
                bits
            })
            .collect();
        out[rel as usize] = Some(masks);
    }
    out
}

/// No direction leads from one site to the other.
const NO_LINE: u8 = u8::MAX;

/// See [`Engine::filled_parts`].
fn filled_parts(game: &Game) -> Vec<Option<Vec<Bits>>> {
    let asked = game.asks_filled();
    let n = game.board.site_count();
    // An empty part is never filled: it is left out.
    let parts = |r: usize| {
        let parts = game.regions[r].parts.iter().filter(|p| !p.is_empty());
        parts.map(|p| Bits::from_sites(n, p.iter().copied())).collect()
    };
    (0..game.regions.len()).map(|r| asked[r].then(|| parts(r))).collect()
}

/// See [`Engine::line_between`].
fn line_between(game: &Game) -> Option<Vec<u8>> {
    if !game.keeps_line_between() {
        return None;
    }
    let board = &game.board;
    let n = board.site_count();
    let mut table = vec![NO_LINE; n * n];
    for a in 0..n {
        for (d, direction) in board.directions.iter().enumerate() {
            let (mut at, mut steps) = (a, 0);
            // At most one step per site: a direction may come round again.
            while let Some(next) = direction.step[at].filter(|_| steps < n) {
                let slot = &mut table[a * n + next as usize];
                if *slot == NO_LINE {
                    *slot = d as u8;
                }
                at = next as usize;
                steps += 1;
            }
        }
    }
    Some(table)
}

impl Engine {
    /// Whether no direction of the board leads from `a` to `b`, as far as
    /// [`Engine::line_between`] knows (false where it is not kept).
    #[inline]
    pub(crate) fn off_every_line(&self, a: u16, b: u16) -> bool {
        let n = self.game.board.site_count();
        self.line_between.as_ref().is_some_and(|table| table[a as usize * n + b as usize] == NO_LINE)
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Illegal {
    pub action: String,
    pub reason: String,
}

impl std::fmt::Display for Illegal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not legal: {}", self.action, self.reason)
    }
}

impl Engine {
    pub fn new(mut game: Game) -> Engine {
        // Counts of empty neighbours along a direction are kept up to date through the
        // opposite direction (see `Program::empty_neighbor_updates`): make sure it is there.
        for rel in game.empty_neighbor_relations() {
            let r = &game.board.relations[rel as usize];
            if let Some(back) = r.direction.then(|| crate::board::opposite(&r.name)).flatten() {
                game.board.add_direction_relation(back);
            }
        }
        let n = game.board.site_count();
        let region_bits = (0..game.regions.len()).map(|r| lower::region_set(&game, r)).collect();
        let filled_parts = filled_parts(&game);
        let region_parts = game
            .regions
            .iter()
            .map(|r| {
                let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
                for (i, part) in r.parts.iter().enumerate() {
                    for &s in part {
                        lists[s as usize].push(i as u32);
                    }
                }
                let mut parts = lists::Lists::new();
                for l in lists {
                    parts.push(l);
                }
                parts
            })
            .collect();
        let zobrist = repetition::Keys::new(n, game.teams.len(), game.pieces.len());
        let repetition = game.end.iter().enumerate().find_map(|(i, r)| match r {
            crate::game::EndRule::Repetition { count, .. } if *count > 0 => Some((i, *count)),
            _ => None,
        });
        let ignored = |count: crate::game::Ignored| match repetition.map(|(i, _)| &game.end[i]) {
            Some(crate::game::EndRule::Repetition { ignore, .. }) => ignore.contains(&count),
            _ => false,
        };
        let position_allowances =
            (0..game.allowances.len()).filter(|&a| !ignored(crate::game::Ignored::Allowance(a))).collect();
        let teams = game.teams.len();
        let position_counters = (0..game.counters.len())
            .filter(|&c| !ignored(crate::game::Ignored::Counter(c)))
            .flat_map(|c| c * teams..(c + 1) * teams)
            .collect();
        let mut group_relations = game.group_relations();
        let program = lower::lower(&game);
        let rays = rays::Rays::new(&game.board);
        let ray_masks = ray_masks(&game, &rays);
        let line_between = line_between(&game);
        for &rel in &program.connect_relations {
            if !group_relations.contains(&rel) {
                group_relations.push(rel);
            }
        }
        let mut connect_sites = vec![0u64; n];
        for (region, bit) in program.connect_bits.iter().enumerate() {
            if let Some(bit) = bit {
                for site in game.regions[region].parts.iter().flatten() {
                    connect_sites[*site as usize] |= 1 << bit;
                }
            }
        }
        // A counted region's parts take consecutive bits, in order, from its mask's lowest.
        for (region, &mask) in program.part_bits.iter().enumerate().filter(|(_, m)| **m != 0) {
            for (k, part) in game.regions[region].parts.iter().enumerate() {
                for site in part {
                    connect_sites[*site as usize] |= 1 << (mask.trailing_zeros() as usize + k);
                }
            }
        }
        let connect_sites = connect_sites.into();
        let mut group_slot = vec![None; game.board.relations.len()];
        for (i, &rel) in group_relations.iter().enumerate() {
            group_slot[rel as usize] = u8::try_from(i).ok();
        }
        let mut word_neighbors = vec![None; game.board.relations.len()];
        if n <= 64 {
            for &rel in &group_relations {
                word_neighbors[rel as usize] = connect::NeighborMasks::new(&game.board.relations[rel as usize], n);
            }
        }
        let hashing = repetition.is_some() || program.keeps_history;
        let lone_word_group = match group_relations[..] {
            [rel] if !hashing && program.chains.is_none() && program.empty_neighbor_updates.is_empty() => {
                word_neighbors[rel as usize].clone()
            }
            _ => None,
        };
        let kinds_tracked = hashing || game.has_neutral();
        let keeps_captures = game.keeps_captures;
        let asks_reply = |m: &crate::game::Move| {
            let mut found = false;
            m.after.iter().for_each(|c| c.walk(&mut |b| found |= matches!(b, crate::game::Bool::NoReply)));
            found
        };
        let moves = game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
        let reply_reads_history = program.keeps_history && moves.clone().any(asks_reply);
        Engine {
            ray_masks,
            line_between,
            game,
            region_bits,
            filled_parts,
            region_parts,
            zobrist,
            repetition,
            position_allowances,
            position_counters,
            hashing,
            kinds_tracked,
            keeps_captures,
            reply_reads_history,
            group_relations,
            group_slot,
            word_neighbors,
            lone_word_group,
            program,
            connect_sites,
            rays,
        }
    }

    /// Empty-neighbour counts of the empty board, for each relation that needs them, and one
    /// more count past the last site: where the pads of the padded lists are counted
    /// ([`padded`]), a number that means nothing.
    fn empty_neighbor_counts(&self) -> Vec<Vec<u8>> {
        let board = &self.game.board;
        self.program
            .empty_neighbor_relations
            .iter()
            .map(|&rel| {
                let r = &board.relations[rel as usize];
                let counts = (0..board.site_count()).map(|s| r.neighbors(s as u16).len().min(255) as u8);
                counts.chain([0]).collect()
            })
            .collect()
    }

    /// A group cache for each relation whose largest groups the rules ask about.
    fn group_caches(&self, teams: usize) -> Vec<groups::GroupCache> {
        let sites = self.game.board.site_count();
        let kept = self.program.connection == lower::Connection::Kept;
        self.group_relations
            .iter()
            .map(|&rel| match kept && self.program.connect_relations.contains(&rel) {
                true => groups::GroupCache::with_touch(rel, sites, teams, std::sync::Arc::clone(&self.connect_sites)),
                false => groups::GroupCache::new(rel, sites, teams),
            })
            .collect()
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The image of a site under a symmetry of the board, on boards that have it.
    #[inline]
    pub(crate) fn image(&self, symmetry: crate::game::Symmetry, site: u16) -> Option<u16> {
        self.game.board.shape.image(symmetry, site)
    }

    /// The legal actions of the decision at hand (empty when the game is over).
    pub fn legal<'s>(&self, state: &'s State) -> &'s [Action] {
        state.legal.as_slice(self.legal_board(state))
    }

    /// How many legal actions there are, without listing them.
    #[inline]
    pub fn legal_count(&self, state: &State) -> usize {
        state.legal.len()
    }

    /// The `i`-th legal action (the order of [`Engine::legal`]), without listing them all.
    #[inline]
    pub fn legal_nth(&self, state: &State, i: usize) -> Action {
        state.legal.nth(i, || self.legal_board(state))
    }

    /// What the legal set's kept blocks are read against.
    #[inline]
    pub(crate) fn legal_board<'s>(&'s self, state: &'s State) -> legal::Board<'s> {
        self.board_view(state, state.work.as_ref().expect("the scratch space is in the state between calls"))
    }

    /// [`Engine::legal_board`] with the scratch space taken out of the state.
    #[inline(always)]
    pub(crate) fn board_view<'s>(&'s self, state: &'s State, w: &'s state::Work) -> legal::Board<'s> {
        legal::Board {
            relations: &self.game.board.relations,
            contents: &state.board,
            stones: &state.stones,
            padded: &self.program.padded,
            empty_neighbors: &w.empty_neighbors,
        }
    }

    /// The player (index into `game().players`) to decide now, or `None` when the game is over.
    pub fn to_move(&self, state: &State) -> Option<usize> {
        if state.outcome.is_some() { None } else { Some(state.mover as usize) }
    }

    pub fn outcome<'s>(&self, state: &'s State) -> Option<&'s Outcome> {
        state.outcome.as_ref()
    }

    /// Makes an action after checking that it is legal; an illegal action leaves the state
    /// unchanged and says why.
    pub fn apply(&self, state: &mut State, action: Action) -> Result<(), Illegal> {
        if state.outcome.is_some() {
            return Err(Illegal { action: self.action_text(action), reason: "the game is over".into() });
        }
        if !self.names_board_sites(action) {
            let reason = "it names a site the board does not have".into();
            return Err(Illegal { action: self.action_text(action), reason });
        }
        if !state.legal.contains(action, self.legal_board(state)) {
            return Err(Illegal { action: self.action_text(action), reason: self.explain_illegal(state, action) });
        }
        self.apply_unchecked(state, action);
        Ok(())
    }

    /// Whether every site `action` names is one of the board's: an action built by a caller,
    /// not parsed from text, may name any number.
    fn names_board_sites(&self, action: Action) -> bool {
        let on_board = |site: u16| usize::from(site) < self.game.board.site_count();
        match action.kind {
            ActionKind::Slide | ActionKind::Relocate | ActionKind::Take => on_board(action.from) && on_board(action.to),
            ActionKind::Place => on_board(action.to),
            ActionKind::End | ActionKind::Pass => true,
        }
    }

    /// Parses an action written as text and makes it.
    pub fn play(&self, state: &mut State, text: &str) -> Result<(), Illegal> {
        let action = self.parse_action(text).map_err(|reason| Illegal { action: text.trim().to_string(), reason })?;
        self.apply(state, action)
    }

    /// The site with this label.
    pub fn site(&self, label: &str) -> Option<u16> {
        self.game.board.site(label)
    }

    /// The label of a site; `?` for a number the board has no site for (an action built by a
    /// caller, not parsed from text, may name one, and is then explained as illegal).
    pub fn label(&self, site: u16) -> &str {
        self.game.board.sites.get(site as usize).map_or("?", |s| &s.label)
    }

    /// The kind of the piece on a site (an index into the game's kinds), if a piece is there.
    pub fn kind(&self, state: &State, site: u16) -> Option<u8> {
        (state.board[site as usize] != 0).then(|| state.kinds[site as usize])
    }

    /// The team whose stone is on a site (`None` on an empty site and under a piece that
    /// belongs to nobody: [`Engine::neutral_at`]).
    pub fn stone(&self, state: &State, site: u16) -> Option<usize> {
        match state.board[site as usize] {
            0 | neutral::NEUTRAL => None,
            t => Some(t as usize - 1),
        }
    }

    /// Whether a piece that belongs to nobody is on a site.
    pub fn neutral_at(&self, state: &State, site: u16) -> bool {
        state.board[site as usize] == neutral::NEUTRAL
    }
}
