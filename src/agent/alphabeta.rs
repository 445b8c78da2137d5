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
//! Where the depth runs out before the game ends, a position is worth the searching team's
//! material less the others': each piece weighed by what its kind can do, read from the rules
//! ([`Engine::kind_mobility`]: the sites a lone piece of the kind reaches, on average, at least
//! one) — in chess a queen weighs 22.75, a rook 14, a knight 5.25, a pawn 1.625. In a game of one kind, or
//! where no kind moves, that is the count of stones, the count that material and territory have
//! in common; `eval=stones` counts stones in every game. With a time budget the search deepens one action at a time and
//! plays the best action of the deepest search that finished, searching that action first at
//! the next depth; with a depth it searches to that depth only. Of equally good actions it
//! plays one at random when given a seed (as the command line's agents are), else the first in
//! the engine's order.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::Agent;
use crate::engine::{Action, Engine, State};

/// A win: more than any count of stones.
const WIN: i64 = 1 << 40;

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

/// What a position is worth where the search stops before the end of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Each piece weighed by its kind's reach ([`Engine::kind_mobility`]).
    Material,
    /// Every stone or piece counts one.
    Stones,
}

/// The weight of each kind of piece, in hundredths of a site reached, and which game they were
/// read from: the engine's address and the game's kinds (an agent plays one game; told to
/// play another, it reads the weights again).
#[derive(Debug, Clone)]
struct Weights {
    engine: (usize, usize),
    /// Per kind; empty where every kind weighs the same, and the count of stones says it.
    of_kind: Vec<i64>,
}

impl Weights {
    fn new(engine: &Engine) -> Weights {
        let reach = engine.kind_mobility();
        let mut of_kind: Vec<i64> = reach.iter().map(|r| (r.max(1.0) * 100.0).round() as i64).collect();
        if of_kind.windows(2).all(|w| w[0] == w[1]) {
            of_kind.clear();
        }
        Weights { engine: Weights::key(engine), of_kind }
    }

    fn key(engine: &Engine) -> (usize, usize) {
        (engine as *const Engine as usize, engine.game().pieces.len())
    }

    /// A kind's weight; a kind the weights do not know (another game's) weighs one site.
    fn of(&self, kind: u8) -> i64 {
        self.of_kind.get(kind as usize).copied().unwrap_or(100)
    }
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
    /// The kinds' weights, read from the rules at the first decision.
    weights: Option<Weights>,
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
            eval: Eval::Material,
            weights: None,
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
        self.read_weights(engine);
        self.search(engine, state, depth, 0, -WIN - 1, WIN + 1)
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

    fn search(&mut self, engine: &Engine, state: &State, depth: u32, ply: usize, mut alpha: i64, mut beta: i64) -> i64 {
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
            return self.material(engine, state);
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
        let ours = game.players[player].team == self.team;
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
        let value = self.search(engine, &next, depth, ply, alpha, beta);
        self.states[ply] = Some(next);
        value
    }

    /// The best action at `depth`, trying `first` before the others; `None` when the search
    /// ran out of time. With a seed, one of the equally good actions at random: each is
    /// searched with a window just below the best so far, so that a tie is seen as one.
    fn best_at(&mut self, engine: &Engine, state: &State, depth: u32, first: Option<usize>) -> Option<(usize, i64)> {
        let count = engine.legal_count(state);
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

    /// Reads the kinds' weights from the rules, once per game (see [`Eval::Material`]).
    fn read_weights(&mut self, engine: &Engine) {
        let fresh = self.weights.as_ref().is_some_and(|w| w.engine == Weights::key(engine));
        if self.eval == Eval::Material && !fresh {
            self.weights = Some(Weights::new(engine));
        }
    }

    /// The searching team's material less the others', where the search stops: the pieces on
    /// the board and, where hands keep captures, those in hand, which a drop brings back.
    fn material(&self, engine: &Engine, state: &State) -> i64 {
        let game = engine.game();
        let sign = |t: usize| if t == self.team { 1 } else { -1 };
        let Some(w) = self.weights.as_ref().filter(|w| self.eval == Eval::Material && !w.of_kind.is_empty()) else {
            return (0..game.teams.len()).map(|t| i64::from(state.stone_count(t)) * sign(t)).sum();
        };
        let on_board: i64 = (0..game.board.site_count() as u16)
            .filter_map(|site| {
                let team = engine.stone(state, site)?;
                Some(w.of(engine.kind(state, site).unwrap_or(0)) * sign(team))
            })
            .sum();
        let in_hand: i64 = match game.keeps_captures {
            false => 0,
            true => (0..game.players.len())
                .flat_map(|p| (0..game.pieces.len() as u8).map(move |k| (p, k)))
                .map(|(p, k)| i64::from(state.held(p, k)) * w.of(k) * sign(game.players[p].team))
                .sum(),
        };
        on_board + in_hand
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
        self.read_weights(engine);
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
