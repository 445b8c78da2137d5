//! The state of a game in progress: the position, where the turn stands, and the legal
//! actions of the decision at hand.

use super::bits::Bits;
use super::chains::Chains;
use super::connect::{CutSearch, Fill};
use super::groups::GroupCache;
use super::history::History;
use super::legal::Legal;
use super::liberties::GroupFill;
use super::outcome::Outcome;
use super::reach::Reach;
use super::repetition::{Mix, Seen};
use super::{Action, Engine};

/// A hand that never runs out.
pub const UNLIMITED: u32 = u32::MAX;

#[derive(Debug)]
pub struct State {
    // The position.
    /// Per site: 0 empty, else team + 1.
    pub(crate) board: Vec<u8>,
    /// Per site: the kind of the piece on it (an index into the game's kinds; 0 in a game
    /// that declares none). Meaningless on an empty site.
    pub(crate) kinds: Vec<u8>,
    /// Per team: its stones.
    pub(crate) stones: Vec<Bits>,
    pub(crate) empty: Bits,
    pub(crate) empty_count: u32,
    /// Per player: stones in hand ([`UNLIMITED`] for an endless supply). In a game whose
    /// hands keep captures, the number of pieces held, of every kind.
    pub(crate) hands: Vec<u32>,
    /// In a game whose hands keep captures ([`crate::game::Game::keeps_captures`]): the pieces
    /// held, `held[player * kinds + kind]`; empty in every other game.
    pub(crate) held: Vec<u32>,
    /// In such a game: per site, the kind its piece was before it was promoted, plus one (0 for
    /// a piece never promoted): what joins a hand when it is captured. Meaningless on an empty
    /// site.
    pub(crate) bases: Vec<u8>,
    /// `counters[counter * teams + team]`.
    pub(crate) counters: Vec<i64>,
    /// Per site: the seeds on it, in a game that sows ([`crate::game::Game::uses_seeds`]);
    /// empty otherwise. Seeds are not stones: a site with seeds is still empty of stones.
    pub(crate) seeds: Vec<u32>,

    // The turn.
    pub(crate) mover: u8,
    /// Per player: the phase he is in.
    pub(crate) phase: Vec<u8>,
    pub(crate) stage: u8,
    pub(crate) stage_done: u32,
    pub(crate) stage_min: u32,
    pub(crate) stage_max: u32,
    pub(crate) allow_now: Vec<i64>,
    pub(crate) allow_next: Vec<i64>,
    /// Values recorded at the start of the turn for `(grew ...)`.
    pub(crate) snapshots: Vec<i64>,
    /// Where this turn's placement or slide arrived.
    pub(crate) arrival: Option<u16>,
    /// Destinations of this turn's relocations (the stones already moved).
    pub(crate) relocated: Vec<u16>,
    /// The pieces captured this turn that stay on the board until it ends
    /// (`(capture (at turn-end))`).
    pub(crate) deferred: Vec<u16>,
    /// The sites this turn has moved pieces from or onto, each once (kept only when a rule
    /// reads `visited`: [`crate::game::Game::reads_visited`]).
    pub(crate) visited: Vec<u16>,
    /// Where the last stone arrived in the game (placed, slid or relocated): the site `last`.
    pub(crate) last_arrival: Option<u16>,
    /// How many turns in a row, up to the last, consisted of the single action `pass`
    /// (forced or chosen): `(all-passed)`.
    pub(crate) pass_streak: u32,
    /// The turn in progress is a blocked player's forced `pass` (no move's effects apply).
    pub(crate) forced_pass: bool,
    /// The last placement or move of a piece in the turn in progress.
    pub(crate) turn_move: Option<Action>,
    /// Where the previous turn's last placement or move started and ended: the sites
    /// `previous-from` and `previous-to` (the first is none for a placement).
    pub(crate) previous: [Option<u16>; 2],
    /// The sites whose piece has not moved since it came onto the board (kept only when a rule
    /// asks: [`super::lower::Program::tracks_unmoved`]). Meaningless on an empty site.
    pub(crate) unmoved: Bits,

    // Counting and the end.
    pub(crate) turns_completed: u32,
    pub(crate) turn_started: bool,
    pub(crate) actions: u32,
    pub(crate) last_mover: Option<u8>,
    pub(crate) last_action: Option<Action>,
    pub(crate) outcome: Option<Outcome>,
    pub(crate) board_hash: u64,
    pub(crate) seen: Seen,
    /// The board hashes of every position of the game so far (only for a ban on repeated
    /// positions, `(no-repeat)`, or the condition `(repeated)`), and the board hash before the
    /// last action (`(no-repeat ko)`, `(repeated)`).
    pub(crate) history: History,
    pub(crate) before_last: u64,

    /// The state is a copy played forward to weigh a decision's actions by `(maximize ...)`:
    /// its own decisions are not narrowed ([`super::maximize`]).
    pub(crate) looking_ahead: bool,
    /// In such a copy: the maximized number, as the last turn ended.
    pub(crate) turn_value: i64,

    /// Legal actions of the decision at hand.
    pub(crate) legal: Legal,
    /// Scratch space for move generation and effects (boxed: taken out and put back around
    /// every action, which should move a pointer, not the buffers).
    pub(crate) work: Option<Box<Work>>,
}

/// Reusable buffers, so that no action allocates.
#[derive(Debug, Default)]
pub(crate) struct Work {
    /// Union-find per relation that rules ask about during play (see [`GroupCache`]).
    pub groups: Vec<GroupCache>,
    /// For each relation in [`Engine::neighbor_count_relations`]: per site, how many of its
    /// neighbours are empty. Kept up to date by every stone that arrives or leaves, so that
    /// rules counting empty neighbours read one number.
    pub empty_neighbors: Vec<Vec<u8>>,
    /// Per slot of `empty_neighbors`: the sites whose count lies in the slot's range of
    /// [`super::lower::Program::kept_ranges`], if it has one (a placement that must rest on
    /// something, or have two empty neighbours: one bitset intersection for all candidates).
    pub in_range: Vec<Bits>,
    /// Candidate destinations of a placement, narrowed condition by condition.
    pub candidates: Bits,
    /// The placements a run of masked placements draws from ([`super::runs`]): its own set, for
    /// a stage the run enters lists its actions in `candidates`.
    pub run_places: Bits,
    pub keep: Bits,
    pub mask: Bits,
    /// Masks of the parts of a placement's condition answered for every destination at once
    /// ([`super::lower::Condition::Mask`]), one per level of `and`, `or` and `not`: grown to
    /// the deepest condition once, then reused.
    pub masks: Vec<Bits>,
    /// The articulation-point search of `(connected empty ...)` on placements.
    pub cuts: CutSearch,
    /// The flood fill of a constraint on the position after one action.
    pub fill: Fill,
    /// The flood fills of `(encloses ...)`: the group, and the sites known to reach the edge.
    pub enclosure: Fill,
    /// The paths of `(reachable ...)`, kept from one question to the next.
    pub reach: Reach,
    /// The sites an effect works on (`remove`, `flip`, `put`), with what stood there, all found
    /// before the first changes.
    pub victims: Vec<(u16, u8)>,
    /// The pieces a rotation has lifted: (where they go, content, kind).
    pub turned: Vec<(u16, u8, u8)>,
    /// The origins of a piece move, found before its actions are listed.
    pub origins: Vec<u16>,
    /// The sites a placement from a hand of kinds may fill, before its kinds are tried.
    pub drop_sites: Legal,
    /// The mover's pieces by kind, sorted once as a stage's moves are listed (see
    /// [`super::lower::StageProgram::by_kind`]).
    pub by_kind: Vec<Vec<u16>>,
    /// A copy of the position and of this scratch space, for the rules that judge an action
    /// by the position it leaves (`after`): kept so that copying into it reuses its memory.
    pub after: Option<Box<(State, Work)>>,
    /// A copy of the position and of this scratch space on which `(no-reply)` begins the next
    /// player's turn, kept for its memory as `after` is.
    pub reply: Option<Box<(State, Work)>>,
    /// The sites an attack on a guarded move's target could pass through (see
    /// [`super::lower::MoveProgram::guarded`]).
    pub guard: super::attack::Guard,
    /// The sites `(attacked ...)` asks about, and the pieces that might attack them.
    pub targets: Vec<u16>,
    pub attackers: Vec<u16>,
    /// The actions of one piece move from one origin, when the move of an action is sought.
    pub found: Vec<super::Action>,
    /// Chains with pseudo-liberties, for a capture on the fast path (see
    /// [`super::lower::Program::chains`]).
    pub chains: Option<Chains>,
    /// The flood fill of groups and empty regions ([`super::liberties`]).
    pub group_fill: GroupFill,
    /// Per team, its groups' sizes, while a game's end compares them (`cascade`, `unpaired`).
    pub group_sizes: Vec<Vec<u32>>,
    /// A number computed by the rules went beyond the 64-bit range (and was saturated) at
    /// some point of this game: the result of the game cannot be trusted.
    pub overflow: bool,
    /// How many `(no-reply)` questions this scratch space answers inside one another: a reply
    /// judged for one may ask another ([`Engine::no_reply`](super::Engine::no_reply)).
    pub replies: u8,
    /// Copies of the position that weigh a decision's actions for `(maximize ...)`, kept for
    /// their memory ([`super::maximize`]).
    pub ahead: Vec<State>,
}

/// Copying a state into another of the same game reuses its buffers: a playout resets its state
/// to the start position once per game without allocating.
impl Clone for State {
    fn clone(&self) -> State {
        State {
            board: self.board.clone(),
            kinds: self.kinds.clone(),
            stones: self.stones.clone(),
            empty: self.empty.clone(),
            empty_count: self.empty_count,
            hands: self.hands.clone(),
            held: self.held.clone(),
            bases: self.bases.clone(),
            counters: self.counters.clone(),
            seeds: self.seeds.clone(),
            mover: self.mover,
            phase: self.phase.clone(),
            stage: self.stage,
            stage_done: self.stage_done,
            stage_min: self.stage_min,
            stage_max: self.stage_max,
            allow_now: self.allow_now.clone(),
            allow_next: self.allow_next.clone(),
            snapshots: self.snapshots.clone(),
            arrival: self.arrival,
            relocated: self.relocated.clone(),
            deferred: self.deferred.clone(),
            visited: self.visited.clone(),
            last_arrival: self.last_arrival,
            pass_streak: self.pass_streak,
            forced_pass: self.forced_pass,
            turn_move: self.turn_move,
            previous: self.previous,
            unmoved: self.unmoved.clone(),
            turns_completed: self.turns_completed,
            turn_started: self.turn_started,
            actions: self.actions,
            last_mover: self.last_mover,
            last_action: self.last_action,
            outcome: self.outcome.clone(),
            board_hash: self.board_hash,
            seen: self.seen.clone(),
            history: self.history.clone(),
            before_last: self.before_last,
            looking_ahead: self.looking_ahead,
            turn_value: self.turn_value,
            legal: self.legal.clone(),
            work: self.work.clone(),
        }
    }

    fn clone_from(&mut self, other: &State) {
        self.copy_position_from(other);
        self.seen.clone_from(&other.seen);
        self.history.clone_from(&other.history);
        self.legal.clone_from(&other.legal);
        self.work.clone_from(&other.work);
    }
}

impl State {
    /// Copies the position and the turn of `other` into this state, reusing its buffers; not
    /// the history of positions, the legal actions or the scratch space, which the rules that
    /// judge an action by the position it leaves do not read.
    pub(crate) fn copy_position_from(&mut self, other: &State) {
        self.board.clone_from(&other.board);
        self.kinds.clone_from(&other.kinds);
        self.stones.clone_from(&other.stones);
        self.empty.clone_from(&other.empty);
        self.empty_count = other.empty_count;
        self.hands.clone_from(&other.hands);
        self.held.clone_from(&other.held);
        self.bases.clone_from(&other.bases);
        self.counters.clone_from(&other.counters);
        self.seeds.clone_from(&other.seeds);
        self.mover = other.mover;
        self.phase.clone_from(&other.phase);
        self.stage = other.stage;
        self.stage_done = other.stage_done;
        self.stage_min = other.stage_min;
        self.stage_max = other.stage_max;
        self.allow_now.clone_from(&other.allow_now);
        self.allow_next.clone_from(&other.allow_next);
        self.snapshots.clone_from(&other.snapshots);
        self.arrival = other.arrival;
        self.relocated.clone_from(&other.relocated);
        self.deferred.clone_from(&other.deferred);
        self.visited.clone_from(&other.visited);
        self.last_arrival = other.last_arrival;
        self.pass_streak = other.pass_streak;
        self.forced_pass = other.forced_pass;
        self.turn_move = other.turn_move;
        self.previous = other.previous;
        self.unmoved.clone_from(&other.unmoved);
        self.turns_completed = other.turns_completed;
        self.turn_started = other.turn_started;
        self.actions = other.actions;
        self.last_mover = other.last_mover;
        self.last_action = other.last_action;
        self.outcome.clone_from(&other.outcome);
        self.board_hash = other.board_hash;
        self.before_last = other.before_last;
        self.looking_ahead = other.looking_ahead;
        self.turn_value = other.turn_value;
    }
}

/// The caches are copied; the scratch sets are made new and empty, of the board's width. A
/// scratch set holds nothing between calls, and one may be taken out (`mem::take`) by a caller
/// up the stack at the moment of the copy — `(no-reply)` copies this space while a move's
/// actions are being listed — so copying it would copy a set without width.
impl Clone for Work {
    fn clone(&self) -> Work {
        let sites = self.cuts.sites();
        Work {
            groups: self.groups.clone(),
            empty_neighbors: self.empty_neighbors.clone(),
            in_range: self.in_range.clone(),
            candidates: Bits::new(sites),
            run_places: Bits::new(sites),
            keep: Bits::new(sites),
            mask: Bits::new(sites),
            masks: vec![Bits::new(sites); self.masks.len()],
            cuts: self.cuts.clone(),
            fill: self.fill.clone(),
            enclosure: self.enclosure.clone(),
            reach: Reach::new(sites),
            victims: self.victims.clone(),
            turned: self.turned.clone(),
            origins: self.origins.clone(),
            by_kind: self.by_kind.clone(),
            drop_sites: Legal::new(sites),
            after: None,
            reply: None,
            guard: self.guard.clone(),
            targets: self.targets.clone(),
            attackers: self.attackers.clone(),
            found: self.found.clone(),
            chains: self.chains.clone(),
            group_fill: GroupFill::new(sites),
            group_sizes: Vec::new(),
            overflow: self.overflow,
            replies: self.replies,
            ahead: Vec::new(),
        }
    }

    /// Only the caches are copied; the scratch buffers keep their memory.
    fn clone_from(&mut self, other: &Work) {
        self.groups.clone_from(&other.groups);
        self.empty_neighbors.clone_from(&other.empty_neighbors);
        self.in_range.clone_from(&other.in_range);
        self.chains.clone_from(&other.chains);
        self.overflow = other.overflow;
        self.replies = other.replies;
        if self.cuts.sites() != other.cuts.sites() {
            *self = other.clone();
        }
    }
}

impl Work {
    /// The value of a checked operation, or its saturated value with the overflow noted.
    #[inline]
    pub fn checked(&mut self, checked: Option<i64>, saturated: i64) -> i64 {
        checked.unwrap_or_else(|| {
            self.overflow = true;
            saturated
        })
    }

    fn new(
        sites: usize,
        groups: Vec<GroupCache>,
        empty_neighbors: Vec<Vec<u8>>,
        ranges: &[Option<(u8, u8)>],
        chains: Option<Chains>,
    ) -> Work {
        let in_range = empty_neighbors
            .iter()
            .zip(ranges)
            .map(|(counts, range)| match *range {
                Some((lo, hi)) => {
                    Bits::from_sites(sites, (0..sites).filter(|&s| (lo..=hi).contains(&counts[s])).map(|s| s as u16))
                }
                None => Bits::new(sites),
            })
            .collect();
        Work {
            groups,
            empty_neighbors,
            in_range,
            candidates: Bits::new(sites),
            run_places: Bits::new(sites),
            keep: Bits::new(sites),
            mask: Bits::new(sites),
            masks: Vec::new(),
            cuts: CutSearch::new(sites),
            fill: Fill::new(sites),
            enclosure: Fill::new(sites),
            reach: Reach::new(sites),
            victims: Vec::new(),
            turned: Vec::new(),
            origins: Vec::new(),
            by_kind: Vec::new(),
            drop_sites: Legal::new(sites),
            after: None,
            reply: None,
            guard: Default::default(),
            targets: Vec::new(),
            attackers: Vec::new(),
            found: Vec::new(),
            chains,
            group_fill: GroupFill::new(sites),
            group_sizes: Vec::new(),
            overflow: false,
            replies: 0,
            ahead: Vec::new(),
        }
    }
}

impl State {
    /// Whether the stage offers `end` now: its fewest actions are made and more are allowed.
    #[inline]
    pub(crate) fn offers_end(&self) -> bool {
        self.stage_done >= self.stage_min && self.stage_done < self.stage_max
    }

    /// `(hand-size)` of `player`: his stones in hand, an endless supply read as `u32::MAX`.
    #[inline]
    pub(crate) fn hand_size(&self, player: usize) -> i64 {
        self.hand(player).map_or(i64::from(u32::MAX), i64::from)
    }

    /// `(turn-number)`: the turn in progress, from 1.
    #[inline]
    pub(crate) fn turn_number(&self) -> i64 {
        i64::from(self.turns_completed) + 1
    }

    /// The last action changed the board and left a position the game had had before: what
    /// `(repeated)` asks. The history holds the position just left (recorded once more), and
    /// `before_last` the one the action started from.
    #[inline]
    pub(crate) fn recreated(&self) -> bool {
        self.actions > 0 && self.board_hash != self.before_last && self.history.count(self.board_hash) >= 2
    }

    /// No turn has been completed: what `(first-turn)` asks.
    #[inline]
    pub(crate) fn is_first_turn(&self) -> bool {
        self.turns_completed == 0
    }

    /// Turns begun so far (docs/CLI.md, "Turns and actions"): completed turns, plus the current
    /// one if an action has been made in it.
    pub fn turns(&self) -> u32 {
        self.turns_completed + u32::from(self.turn_started)
    }

    /// Turns finished so far.
    pub fn turns_completed(&self) -> u32 {
        self.turns_completed
    }

    /// Actions applied so far.
    pub fn actions(&self) -> u32 {
        self.actions
    }

    /// Whether a number computed by the rules overflowed the 64-bit range during this game
    /// (it was saturated; the game's result is not to be trusted).
    pub fn overflowed(&self) -> bool {
        self.work.as_ref().is_some_and(|w| w.overflow)
    }

    /// The last action made.
    pub fn last_action(&self) -> Option<Action> {
        self.last_action
    }

    /// The player who made the last action.
    pub fn last_mover(&self) -> Option<usize> {
        self.last_mover.map(usize::from)
    }

    /// Stones in a player's hand (`None`: unlimited).
    #[inline]
    pub fn hand(&self, player: usize) -> Option<u32> {
        match self.hands[player] {
            UNLIMITED => None,
            n => Some(n),
        }
    }

    /// The value of a counter for a team.
    #[inline]
    /// The seeds on a site (0 in a game without seeds).
    pub fn seeds(&self, site: u16) -> u32 {
        self.seeds.get(site as usize).copied().unwrap_or(0)
    }

    pub fn counter(&self, counter: usize, team: usize) -> i64 {
        self.counters[counter * self.stones.len() + team]
    }

    /// The current turn's value of an allowance.
    pub fn allowance(&self, allowance: usize) -> i64 {
        self.allow_now[allowance]
    }

    /// The phase a player is in.
    pub fn phase(&self, player: usize) -> usize {
        self.phase[player] as usize
    }

    /// The stage of the current turn and the actions made in it so far.
    pub fn stage(&self) -> (usize, u32, u32, u32) {
        (self.stage as usize, self.stage_done, self.stage_min, self.stage_max)
    }

    /// Where this turn's placement or slide arrived (`None` before one, and between turns): the
    /// rest of the turn may depend on it, so observers see it too.
    pub fn arrival(&self) -> Option<u16> {
        self.arrival
    }

    /// Stones relocated so far this turn (their current sites).
    pub fn relocated(&self) -> &[u16] {
        &self.relocated
    }

    /// The sites of a team's stones.
    pub fn stones_of(&self, team: usize) -> &Bits {
        &self.stones[team]
    }

    /// Stones of a team on the board.
    pub fn stone_count(&self, team: usize) -> u32 {
        self.stones[team].count()
    }

    pub fn empty_count(&self) -> u32 {
        self.empty_count
    }
}

impl Engine {
    /// The position before the first action, with the first decision's legal actions.
    pub fn initial(&self) -> State {
        let mut state = self.blank();
        self.put_start(&mut state);
        self.with_work(&mut state, |s, w| self.record_position(s, w));
        self.record_history(&mut state);
        self.with_work(&mut state, |s, w| self.begin_turn(s, w));
        self.keep_maximal(&mut state);
        state
    }

    /// The game's own start position (`(setup ...)`): stones put down, not played — no hand
    /// pays for them and no action is counted.
    fn put_start(&self, state: &mut State) {
        for (i, &(site, team)) in self.game.start.iter().enumerate() {
            let kind = self.game.start_kinds.get(i).copied().unwrap_or(0);
            if self.kind_is_neutral(kind) {
                self.with_work(state, |s, w| self.put_neutral(s, w, site, kind));
            } else {
                self.with_work(state, |s, w| self.put(s, w, site, team));
                self.set_kind(state, site, kind);
            }
            state.unmoved.insert(site);
        }
        for &(site, n) in &self.game.start_seeds {
            self.set_seeds(state, site, n);
        }
    }

    /// An empty board with the hands full, before any turn has begun.
    fn blank(&self) -> State {
        let game = &self.game;
        let sites = game.board.site_count();
        let teams = game.teams.len();
        let mut empty = Bits::new(sites);
        for s in 0..sites {
            empty.insert(s as u16);
        }
        State {
            board: vec![0; sites],
            kinds: vec![0; sites],
            stones: vec![Bits::new(sites); teams],
            empty,
            empty_count: sites as u32,
            hands: game.players.iter().map(|p| p.hand.unwrap_or(UNLIMITED)).collect(),
            held: if game.keeps_captures { vec![0; game.players.len() * game.pieces.len()] } else { Vec::new() },
            bases: if game.keeps_captures { vec![0; sites] } else { Vec::new() },
            counters: vec![0; game.counters.len() * teams],
            seeds: if game.uses_seeds() { vec![0; sites] } else { Vec::new() },
            mover: 0,
            phase: vec![0; game.players.len()],
            stage: 0,
            stage_done: 0,
            stage_min: 0,
            stage_max: 0,
            allow_now: vec![0; game.allowances.len()],
            allow_next: vec![0; game.allowances.len()],
            snapshots: vec![0; game.snapshots.len()],
            arrival: None,
            relocated: Vec::with_capacity(4),
            deferred: Vec::new(),
            visited: Vec::new(),
            last_arrival: None,
            pass_streak: 0,
            forced_pass: false,
            turn_move: None,
            previous: [None; 2],
            unmoved: Bits::new(sites),
            turns_completed: 0,
            turn_started: false,
            actions: 0,
            last_mover: None,
            last_action: None,
            outcome: None,
            board_hash: 0,
            seen: Seen::default(),
            history: History::default(),
            before_last: 0,
            looking_ahead: false,
            turn_value: 0,
            legal: Legal::new(sites),
            work: Some(Box::new(Work::new(
                sites,
                self.group_caches(teams),
                self.empty_neighbor_counts(),
                &self.program.kept_ranges,
                self.program.chains.map(|rel| Chains::new(rel, sites)),
            ))),
        }
    }

    /// Starts the history of positions with the one on the board (for `(no-repeat)`).
    fn record_history(&self, s: &mut State) {
        if self.program.keeps_history {
            s.history.clear();
            s.history.record(s.board_hash);
            s.before_last = s.board_hash;
        }
    }
}

/// A position to start from instead of the game's start: for puzzles, analysis and tests that
/// need a position no short game reaches. The stones are added to those of the game's own
/// `(setup ...)`, if it has one, unless `replace_start` is set.
#[derive(Debug, Clone, Default)]
pub struct Setup {
    /// Stones on the board: (site, team).
    pub stones: Vec<(u16, usize)>,
    /// The player to move (default: the first).
    pub mover: usize,
    /// Stones in each player's hand (default: as the game starts).
    pub hands: Option<Vec<u32>>,
    /// In a game whose hands keep captures: the pieces held, (player, kind, count); kinds not
    /// listed are not held.
    pub held: Vec<(usize, u8, u32)>,
    /// In such a game: the promoted pieces, (site, the kind the piece was before).
    pub bases: Vec<(u16, u8)>,
    /// Turns already played (default 0), so that `(first-turn)` is false when > 0.
    pub turns_played: u32,
    /// The kind of the piece on some of the sites (an index into the game's kinds; a site not
    /// listed holds the first kind). A stone given a neutral kind belongs to nobody, whatever
    /// team `stones` names for it.
    pub kinds: Vec<(u16, u8)>,
    /// The game's own `(setup ...)` is left out: `stones` is the whole board. A position
    /// written as text says where every stone is, so that reading it back gives the same board.
    pub replace_start: bool,
    /// Counter values, (counter, team, value); counters not listed are 0.
    pub counters: Vec<(usize, usize, i64)>,
    /// Allowances carried into the turn about to begin (what `allow-next` left), (allowance,
    /// value); the others are 0.
    pub allowances: Vec<(usize, i64)>,
    /// Where the last stone arrived before this position (the site `last`).
    pub last: Option<u16>,
    /// How many turns in a row, up to the last, were a single `pass` (for `(all-passed)`).
    pub passes: u32,
    /// The pieces that have not moved since they came onto the board (default: all of them).
    pub unmoved: Option<Vec<u16>>,
    /// Where the previous turn's last move started and ended (`previous-from`, `previous-to`).
    pub previous: [Option<u16>; 2],
    /// Seeds on sites, (site, count), put in place of those there (in a game with seeds).
    pub seeds: Vec<(u16, u32)>,
}

impl Engine {
    /// The state with `setup`'s stones on the board (besides the game's own setup, unless
    /// `setup.replace_start`) and `setup.mover` to begin a turn. Stones
    /// are put down without any effect; it is the caller's business that the position makes
    /// sense. Fails on a bad site, team, player, counter, allowance or a stone placed twice.
    pub fn position(&self, setup: &Setup) -> Result<State, String> {
        let game = &self.game;
        let mut state = self.blank();
        if !setup.replace_start {
            self.put_start(&mut state);
        }
        if setup.mover >= game.players.len() {
            return Err(format!("no player {}", setup.mover + 1));
        }
        for &(site, team) in &setup.stones {
            if site as usize >= game.board.site_count() || team >= game.teams.len() {
                return Err(format!("bad stone ({site}, team {team})"));
            }
            if state.board[site as usize] != 0 {
                return Err(format!("two stones on {}", self.label(site)));
            }
            self.with_work(&mut state, |s, w| self.put(s, w, site, team));
            state.unmoved.insert(site);
        }
        for &(site, kind) in &setup.kinds {
            if site as usize >= game.board.site_count() || kind as usize >= game.pieces.len().max(1) {
                return Err(format!("bad kind ({site}, kind {kind})"));
            }
            let neutral = self.kind_is_neutral(kind);
            if state.board[site as usize] == 0 {
                // Meaningless on an empty site: nothing to do.
            } else if neutral && !self.neutral_at(&state, site) {
                // A piece of a neutral kind belongs to nobody, whichever team the stone named.
                self.with_work(&mut state, |s, w| {
                    self.lift(s, w, site);
                    self.put_neutral(s, w, site, kind)
                });
            } else if !neutral && self.neutral_at(&state, site) {
                let name = &game.pieces[kind as usize].name;
                return Err(format!("the piece on {} belongs to nobody: it cannot be a {name}", self.label(site)));
            } else {
                self.set_kind(&mut state, site, kind);
            }
        }
        if let Some(hands) = &setup.hands {
            if hands.len() != game.players.len() {
                return Err("one hand per player".into());
            }
            state.hands.clone_from(hands);
        }
        for &(player, kind, count) in &setup.held {
            let kinds = game.pieces.len();
            if !game.keeps_captures || player >= game.players.len() || kind as usize >= kinds {
                return Err(format!("no hand holds kind {kind} of player {}", player + 1));
            }
            state.held[player * kinds + kind as usize] = count;
            state.hands[player] = (0..kinds).map(|k| state.held[player * kinds + k]).sum();
        }
        for &(site, kind) in &setup.bases {
            if !game.keeps_captures || site as usize >= game.board.site_count() || kind as usize >= game.pieces.len() {
                return Err(format!("no promoted piece can be on site {site} as kind {kind}"));
            }
            if state.board[site as usize] == 0 {
                return Err(format!("no piece on {} to have been promoted", self.label(site)));
            }
            state.bases[site as usize] = kind + 1;
        }
        for &(site, n) in &setup.seeds {
            if site as usize >= state.seeds.len() {
                return Err(format!("no seeds on site {site} in this game"));
            }
            self.set_seeds(&mut state, site, n);
        }
        let teams = game.teams.len();
        for &(counter, team, value) in &setup.counters {
            if counter >= game.counters.len() || team >= teams {
                return Err(format!("bad counter ({counter}, team {team})"));
            }
            state.counters[counter * teams + team] = value;
        }
        for &(allowance, value) in &setup.allowances {
            if allowance >= game.allowances.len() {
                return Err(format!("bad allowance {allowance}"));
            }
            // The turn's beginning moves what the last turn left for the next one into force.
            state.allow_next[allowance] = value;
        }
        if let Some(site) = setup.last {
            if site as usize >= game.board.site_count() {
                return Err(format!("bad site {site}"));
            }
        }
        state.last_arrival = setup.last;
        if let Some(unmoved) = &setup.unmoved {
            state.unmoved.clear();
            for &site in unmoved {
                if site as usize >= game.board.site_count() {
                    return Err(format!("bad unmoved site {site}"));
                }
                if state.board[site as usize] == 0 {
                    return Err(format!("no piece on {} to be unmoved", self.label(site)));
                }
                state.unmoved.insert(site);
            }
        }
        for site in setup.previous.iter().flatten() {
            if *site as usize >= game.board.site_count() {
                return Err(format!("bad previous site {site}"));
            }
        }
        state.previous = setup.previous;
        state.mover = setup.mover as u8;
        state.turns_completed = setup.turns_played;
        // Turns go round in order: whoever moved last sat just before the player to move.
        let players = game.players.len();
        state.last_mover = (setup.turns_played > 0).then(|| ((setup.mover + players - 1) % players) as u8);
        state.pass_streak = setup.passes;
        self.with_work(&mut state, |s, w| self.record_position(s, w));
        self.record_history(&mut state);
        self.with_work(&mut state, |s, w| self.begin_turn(s, w));
        self.keep_maximal(&mut state);
        Ok(state)
    }
}

impl Engine {
    /// A 64-bit key of everything that decides how the game goes on from `s`, for a search's
    /// transposition table: equal positions get equal keys (different ones, almost surely
    /// different keys). `None` where no such key is kept: in the middle of a turn (what the
    /// turn has done so far is not part of the key), and in games whose rules read the
    /// history (repeated positions, rights that past moves gave up), where the past is part of
    /// the position.
    pub fn position_key(&self, s: &State) -> Option<u64> {
        if s.turn_started || self.repetition.is_some() || self.program.keeps_history || self.program.rights.is_some() {
            return None;
        }
        let mut mix = Mix::default().add(u64::from(s.mover)).add(u64::from(s.turns_completed));
        for (site, &content) in s.board.iter().enumerate() {
            let piece = if content == 0 { 0 } else { u64::from(content) | u64::from(s.kinds[site]) << 8 };
            let base = if content == 0 { 0 } else { s.bases.get(site).map_or(0, |&b| u64::from(b)) };
            mix = mix.add(piece | base << 16);
        }
        for values in [&s.hands, &s.held, &s.seeds] {
            for &v in values.iter() {
                mix = mix.add(u64::from(v));
            }
        }
        for &v in s.counters.iter().chain(&s.allow_next) {
            mix = mix.add(v as u64);
        }
        for &p in &s.phase {
            mix = mix.add(u64::from(p));
        }
        let site = |x: Option<u16>| x.map_or(0, |x| u64::from(x) + 1);
        mix = mix.add(site(s.last_arrival)).add(site(s.previous[0])).add(site(s.previous[1]));
        mix = mix.add(u64::from(s.pass_streak));
        if self.program.tracks_unmoved {
            for &w in s.unmoved.words() {
                mix = mix.add(w);
            }
        }
        Some(mix.finish())
    }

    /// Whether the state keeps which pieces have moved: some rule asks (`(unmoved SITE)`), or
    /// a repeated position is told by it ([`super::lower::Program::tracks_unmoved`]). Only then
    /// need a position say so.
    pub fn tracks_unmoved(&self) -> bool {
        self.program.tracks_unmoved
    }
}

impl State {
    /// Where the last stone arrived in the game (the site `last`).
    pub fn last_arrival(&self) -> Option<u16> {
        self.last_arrival
    }

    /// The player whose turn it is or would be (also once the game is over).
    pub fn mover_index(&self) -> usize {
        self.mover as usize
    }

    /// Where the previous turn's last placement or move started and ended (`previous-from`,
    /// `previous-to`).
    pub fn previous(&self) -> [Option<u16>; 2] {
        self.previous
    }

    /// Whether the piece on `site` has not moved since it came onto the board (meaningful only
    /// where [`Engine::tracks_unmoved`]).
    pub fn unmoved(&self, site: u16) -> bool {
        self.board[site as usize] != 0 && self.unmoved.contains(site)
    }

    /// In a game whose hands keep captures: how many pieces of `kind` `player` holds (0 in any
    /// other game).
    pub fn held(&self, player: usize, kind: u8) -> u32 {
        let kinds = self.held.len() / self.hands.len().max(1);
        if kinds == 0 { 0 } else { self.held[player * kinds + kind as usize] }
    }

    /// `(hand-size KIND...)`: the pieces of these kinds in `player`'s hand.
    pub(crate) fn held_of(&self, player: usize, kinds: &[u8]) -> i64 {
        kinds.iter().map(|&k| i64::from(self.held(player, k))).sum()
    }

    /// In such a game: the kind the piece on `site` was before it was promoted, if it was.
    pub fn promoted_from(&self, site: u16) -> Option<u8> {
        self.bases.get(site as usize).and_then(|b| b.checked_sub(1)).filter(|_| self.board[site as usize] != 0)
    }

    /// How many turns in a row, up to the last, were a single `pass`.
    pub fn pass_streak(&self) -> u32 {
        self.pass_streak
    }

    /// Whether the turn in progress has begun (an action was made in it): such a position is
    /// not between two turns.
    pub fn mid_turn(&self) -> bool {
        self.turn_started
    }
}
