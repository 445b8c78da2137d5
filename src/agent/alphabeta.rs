//! Minimax search with alpha-beta pruning, for any game: exact where it sees to the end, so
//! that short games are played perfectly and tactics a few actions deep are not missed.
//!
//! Values are kept from the point of view of the searching team: a node where one of its
//! players is to move takes the greatest child, any other node the least (the other teams
//! playing together against it, which is exact for two teams). Turns of several actions need
//! nothing special: each action is a node, and the team to move says which way it goes. A win
//! is worth more the sooner it comes, a loss less the later; a drawn end is 0.
//!
//! Positions between two turns are kept in a transposition table for the decision under way,
//! by the engine's key of everything that decides the rest of the game
//! ([`Engine::position_key`]): a position that other orders of the same actions reach is
//! searched once (Connect Four on 5×4, solved from the empty board: 58 s without the table,
//! 1.5 s with it). Games whose rules read the history keep no such key and go without.
//!
//! Where the depth runs out before the game ends, a position is worth what the rules say
//! matters ([`super::heuristic`]): the searching team's material less the others', each piece
//! weighed by what its kind can do (in chess a queen weighs 22.75 sites, a rook 14, a knight
//! 5.25, a pawn 1.625); the windows of a winning line's length each team still has open; the
//! empty sites each team still needs for a winning connection; how far each leads on the
//! comparison that ends the game (score, territory, largest group); and the legal actions each
//! has. `eval=material` weighs the pieces alone, `eval=stones` counts them. With a time budget
//! the search deepens one action at a time and
//! plays the best action of the deepest search that finished, searching that action first at
//! the next depth; with a depth it searches to that depth only. Of equally good actions it
//! plays one at random when given a seed (as the command line's agents are), else the first in
//! the engine's order.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Agent;
use super::heuristic::{Heuristic, MOVE};
use crate::engine::{Action, Engine, State};

/// A win: more than any count of stones.
const WIN: i64 = 1 << 40;

/// The most forced actions searched beyond the depth on one line.
const MAX_EXTENSIONS: u32 = 8;

/// The deepest a timed search goes.
const MAX_DEPTH: u32 = 64;

/// Most positions the transposition table holds (about 40 bytes each); a full table takes no
/// more, and keeps what it has.
const MAX_ENTRIES: usize = 1 << 21;

/// What the transposition table knows of a position between turns ([`Engine::position_key`]):
/// its value searched `depth` actions deep, exact or a bound, with a win's or loss's distance
/// counted from the position itself, so that it holds wherever in the tree the position recurs.
#[derive(Debug, Clone, Copy)]
struct Entry {
    depth: u32,
    value: i64,
    bound: Bound,
    /// The search below met positions it could not see to the end: the value holds for
    /// `depth` only. Without, it is the game's value and holds at any depth.
    cut: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this.
    Lower,
    /// The value is at most this.
    Upper,
}

/// What a position is worth where the search stops before the end of the game (see
/// [`super::heuristic`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Material, the lines and connections that win, the standing on the comparison that ends
    /// the game, and mobility, read from the rules.
    Rules,
    /// Each piece weighed by its kind's reach ([`Engine::kind_mobility`]).
    Material,
    /// Every stone or piece counts one.
    Stones,
}

/// The alpha-beta agent: a fixed depth, in actions, or a time per decision.
#[derive(Debug, Clone)]
pub struct AlphaBeta {
    /// `Some(depth)`: always that deep; `None`: deepening for `millis` a decision.
    depth: Option<u32>,
    millis: u64,
    /// One state per level of the search, reused from one decision to the next.
    states: Vec<Option<State>>,
    deadline: Option<Instant>,
    nodes: u64,
    /// The timed search ran out: the depth under way is abandoned.
    stopped: bool,
    /// Where several actions are equally good: one at random with it, else the first.
    rng: Option<Xoshiro256PlusPlus>,
    /// The team searched for: values are its.
    team: usize,
    /// The search under way met a position it could not see to the end: a deeper one may
    /// answer differently.
    cut: bool,
    /// Positions already searched in this decision, for `team`, by [`Engine::position_key`]:
    /// the same position reached by other orders of the same actions is searched once.
    table: HashMap<u64, Entry>,
    eval: Eval,
    /// The terms of the evaluation, read from the rules at the first decision.
    heuristic: Option<Heuristic>,
    /// Per ply of the search under way, the team to move there and its number of legal
    /// actions: a position where the search stops is weighed by its mover's actions against
    /// those the other team had last.
    moves: Vec<(usize, usize)>,
    /// Forced actions searched beyond the depth on the way to the node at hand.
    extended: u32,
}

impl AlphaBeta {
    /// Searches `depth` actions deep (at least 1) at every decision.
    pub fn to_depth(depth: u32) -> AlphaBeta {
        AlphaBeta {
            depth: Some(depth.max(1)),
            millis: 0,
            states: Vec::new(),
            deadline: None,
            nodes: 0,
            stopped: false,
            cut: false,
            team: 0,
            rng: None,
            table: HashMap::new(),
            eval: Eval::Rules,
            heuristic: None,
            moves: Vec::new(),
            extended: 0,
        }
    }

    /// Judges the positions where the search stops by `eval`.
    pub fn with_eval(self, eval: Eval) -> AlphaBeta {
        AlphaBeta { eval, ..self }
    }

    /// Chooses at random, with this seed, among equally good actions.
    pub fn with_seed(self, seed: u64) -> AlphaBeta {
        AlphaBeta { rng: Some(Xoshiro256PlusPlus::seed_from_u64(seed)), ..self }
    }

    /// Deepens for `millis` milliseconds a decision.
    pub fn timed(millis: u64) -> AlphaBeta {
        AlphaBeta { depth: None, millis: millis.max(1), ..AlphaBeta::to_depth(1) }
    }

    /// The value of `state` to `team` searched `depth` actions deep (see the module's comment):
    /// `WIN - n` for a win in `n` actions, 0 for a draw.
    pub fn value(&mut self, engine: &Engine, state: &State, team: usize, depth: u32) -> i64 {
        self.deadline = None;
        self.stopped = false;
        self.team = team;
        self.table.clear();
        self.read_rules(engine);
        self.search(engine, &mut state.clone(), depth, 0, -WIN - 1, WIN + 1)
    }

    /// Whether a value is a win (positive) or a loss (negative) found at the end of the game:
    /// `WIN` less a few actions, beyond any count of stones.
    pub fn is_decided(value: i64) -> bool {
        value.abs() > WIN / 2
    }

    /// For a decided value, the number of actions to the end of the game with best play.
    pub fn actions_to_end(value: i64) -> Option<u32> {
        Self::is_decided(value).then(|| (WIN - value.abs()) as u32)
    }

    fn search(
        &mut self,
        engine: &Engine,
        state: &mut State,
        depth: u32,
        ply: usize,
        mut alpha: i64,
        mut beta: i64,
    ) -> i64 {
        let game = engine.game();
        let Some(player) = engine.to_move(state) else {
            return match engine.outcome(state).and_then(|o| o.winner) {
                Some(t) if t == self.team => WIN - ply as i64,
                Some(_) => -(WIN - ply as i64),
                None => 0,
            };
        };
        if depth == 0 {
            self.cut = true;
            return self.evaluate(engine, state, ply);
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let key = engine.position_key(state);
        if let Some(e) = key.and_then(|k| self.table.get(&k)) {
            if e.depth >= depth || !e.cut {
                let value = shift_decided(e.value, -(ply as i64));
                let settled = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if settled {
                    self.cut |= e.cut;
                    return value;
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let outer_cut = std::mem::replace(&mut self.cut, false);
        let mover = game.players[player].team;
        let ours = mover == self.team;
        self.record_moves(ply, mover, engine.legal_count(state));
        let mut best = if ours { -WIN - 1 } else { WIN + 1 };
        for i in 0..engine.legal_count(state) {
            let action = engine.legal_nth(state, i);
            let value = self.child(engine, state, action, depth - 1, ply + 1, alpha, beta);
            if ours {
                best = best.max(value);
                alpha = alpha.max(value);
            } else {
                best = best.min(value);
                beta = beta.min(value);
            }
            if alpha >= beta || self.stopped {
                break;
            }
        }
        let cut = self.cut;
        self.cut |= outer_cut;
        if let Some(k) = key.filter(|_| !self.stopped) {
            if self.table.len() < MAX_ENTRIES || self.table.contains_key(&k) {
                let bound = if best <= alpha0 {
                    Bound::Upper
                } else if best >= beta0 {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                self.table.insert(k, Entry { depth, value: shift_decided(best, ply as i64), bound, cut });
            }
        }
        best
    }

    /// The value of `action` made in `state`, in the state kept for level `ply`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        engine: &Engine,
        state: &State,
        action: Action,
        depth: u32,
        ply: usize,
        alpha: i64,
        beta: i64,
    ) -> i64 {
        if self.states.len() <= ply {
            self.states.resize_with(ply + 1, || None);
        }
        let mut next = match self.states[ply].take() {
            Some(mut kept) => {
                kept.clone_from(state);
                kept
            }
            None => state.clone(),
        };
        engine.apply_unchecked(&mut next, action);
        // A position where the depth runs out but the mover has one action only is searched
        // one action further: a forced reply (a compulsory capture) is no place to stop.
        let extend = depth == 0
            && self.extended < MAX_EXTENSIONS
            && engine.to_move(&next).is_some()
            && engine.legal_count(&next) == 1;
        self.extended += u32::from(extend);
        let value = self.search(engine, &mut next, depth + u32::from(extend), ply, alpha, beta);
        self.extended -= u32::from(extend);
        self.states[ply] = Some(next);
        value
    }

    /// The best action at `depth`, trying `first` before the others; `None` when the search
    /// ran out of time. With a seed, one of the equally good actions at random: each is
    /// searched with a window just below the best so far, so that a tie is seen as one.
    fn best_at(&mut self, engine: &Engine, state: &State, depth: u32, first: Option<usize>) -> Option<(usize, i64)> {
        let count = engine.legal_count(state);
        self.record_moves(0, self.team, count);
        let order = first.into_iter().chain((0..count).filter(|&i| Some(i) != first));
        let (mut best, mut ties) = (None::<(usize, i64)>, Vec::new());
        for i in order {
            let floor = match (best, self.rng.is_some()) {
                (None, _) => -WIN - 1,
                (Some((_, v)), true) => v - 1,
                (Some((_, v)), false) => v,
            };
            let value = self.child(engine, state, engine.legal_nth(state, i), depth - 1, 1, floor, WIN + 1);
            if self.stopped {
                return None;
            }
            match best {
                Some((_, v)) if value < v => {}
                Some((_, v)) if value == v => ties.push(i),
                _ => {
                    best = Some((i, value));
                    ties.clear();
                    ties.push(i);
                }
            }
        }
        let (_, value) = best?;
        let i = match &mut self.rng {
            Some(rng) if ties.len() > 1 => ties[rng.random_range(0..ties.len())],
            _ => ties[0],
        };
        Some((i, value))
    }

    /// Reads the terms of the evaluation from the rules, once per game.
    fn read_rules(&mut self, engine: &Engine) {
        if self.eval != Eval::Stones && !self.heuristic.as_ref().is_some_and(|h| h.is_for(engine)) {
            self.heuristic = Some(Heuristic::new(engine));
        }
    }

    /// Notes that at `ply` team `team` is to move with `count` legal actions.
    fn record_moves(&mut self, ply: usize, team: usize, count: usize) {
        if self.moves.len() <= ply {
            self.moves.resize(ply + 1, (0, 0));
        }
        self.moves[ply] = (team, count);
    }

    /// What `state`, reached at `ply`, is worth to the searching team where the search stops
    /// (see [`super::heuristic`]).
    fn evaluate(&mut self, engine: &Engine, state: &mut State, ply: usize) -> i64 {
        let team = self.team;
        // `eval=stones` reads no rules (`read_rules`).
        let Some(h) = self.heuristic.as_mut() else {
            return Heuristic::stones(engine, state, team);
        };
        let material = h.material(engine, state, team);
        if self.eval == Eval::Material {
            return material;
        }
        let lines = h.lines(engine, state, team);
        let connections = h.connections(engine, state, team);
        let standing = h.standing(engine, state, team);
        let mobility = self.mobility(engine, state, ply);
        // However large the terms (a long line's windows, a saturated score), a judged position
        // stays below any decided value.
        let total = [material, lines, connections, standing, mobility].into_iter().fold(0i64, i64::saturating_add);
        total.clamp(-WIN / 4, WIN / 4)
    }

    /// The legal actions of the team to move at `state` (reached at `ply`) less those of the
    /// other team when it was last to move on the way there, in [`MOVE`]s, from the searching
    /// team's side; nothing before the other team has moved.
    fn mobility(&self, engine: &Engine, state: &State, ply: usize) -> i64 {
        let Some(player) = engine.to_move(state) else { return 0 };
        let mover = engine.game().players[player].team;
        let Some(&(other, theirs)) = self.moves[..ply.min(self.moves.len())].iter().rev().find(|(t, _)| *t != mover)
        else {
            return 0;
        };
        let sign = |t: usize| if t == self.team { MOVE } else { -MOVE };
        engine.legal_count(state) as i64 * sign(mover) + theirs as i64 * sign(other)
    }
}

/// A decided value with its distance to the end made `by` actions shorter: into the table a
/// win's or loss's distance is counted from the position (`by` is its ply), out of it from the
/// root again (`by` is minus the ply). Other values stay as they are.
fn shift_decided(value: i64, by: i64) -> i64 {
    match value {
        v if v > WIN / 2 => v + by,
        v if v < -WIN / 2 => v - by,
        v => v,
    }
}

impl Agent for AlphaBeta {
    fn name(&self) -> &str {
        "alphabeta"
    }

    fn choose(&mut self, engine: &Engine, state: &State) -> Action {
        let count = engine.legal_count(state);
        assert!(count > 0, "choose called on a finished game");
        let player = engine.to_move(state).expect("choose called on a finished game");
        self.team = engine.game().players[player].team;
        if count == 1 {
            return engine.legal_nth(state, 0);
        }
        self.stopped = false;
        self.nodes = 0;
        self.table.clear();
        self.read_rules(engine);
        let (depths, deadline) = match self.depth {
            Some(depth) => (depth..=depth, None),
            None => (1..=MAX_DEPTH, Some(Instant::now() + Duration::from_millis(self.millis))),
        };
        self.deadline = deadline;
        let mut chosen = 0;
        for depth in depths {
            self.cut = false;
            match self.best_at(engine, state, depth, Some(chosen)) {
                Some((i, value)) => {
                    chosen = i;
                    // A decided value will not change with more depth, nor a search that saw
                    // every line to the end.
                    if Self::is_decided(value) || !self.cut {
                        break;
                    }
                }
                None => break,
            }
        }
        engine.legal_nth(state, chosen)
    }
}
