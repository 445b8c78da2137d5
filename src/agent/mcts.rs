//! UCT Monte Carlo tree search over actions, for any game.
//!
//! Each iteration walks down the tree from the root choosing children by UCB1, expands one
//! new node, finishes the game with uniformly random actions (a playout), and adds the result
//! to every node on the path. A node's value is kept from the point of view of the team of the
//! player who chose the action leading to it, so multi-action turns (the same player deciding
//! at a node and at its child) and team games need nothing special.
//!
//! Terminal positions found in the tree are exact results, and they are backed up as in
//! MCTS-Solver: a node where the player to move has a winning action, or whose actions are all
//! decided, is itself decided. Such nodes are no longer played out, the search avoids actions
//! that lose for sure, and it stops early once the root is decided.
//!
//! Results are 1 for the winning team, 0 for the others, an even share (½ with two teams) for
//! a playout cut short: a playout stops after two actions per board site (Kensington's random
//! games run to thousands of actions, the others end well before). A game that really ends
//! drawn is worth a little less than that to the searching team (`draw_contempt`), so that the
//! search does not settle for a repetition against a weaker opponent.
//!
//! With [`Grave`] (Cazenave's Generalized Rapid Action Value Estimation, the strongest family
//! of Ludii's general agents), each child also keeps all-moves-as-first (AMAF) statistics: the
//! results of the iterations in which its action was played by its team anywhere below its
//! parent, in the tree or in the playout. A child's value mixes its own mean with the AMAF
//! mean of its action at the nearest node above it that has enough visits to trust, weighted
//! towards the AMAF mean while the child has few visits of its own. Games where a good action
//! is good whenever it is played (placement games above all) are learnt in far fewer
//! iterations.
//!
//! Nodes live in one arena; the children of a node are allocated together, the first time an
//! iteration goes through the node after its first visit, and stay unvisited (infinitely
//! urgent) until chosen, in random order. Between moves the agent keeps the subtree of the
//! action played ([`Agent::observe`]); a position it does not recognise gets a fresh tree.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Agent, Budget};
use crate::engine::bits::Bits;
use crate::engine::playout::{play_out_capped, play_out_noted};
use crate::engine::{Action, ActionKind, Engine, State};

/// Tuning of the search. [`MctsConfig::default`] is what [`Mcts::new`] uses.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsConfig {
    /// The UCB1 exploration constant, for rewards in [0, 1]. Lower than the textbook √2: in
    /// Kensington, where most playouts are cut short, the few decisive ones must steer the
    /// search deeper (measured: 0.3 wins more quickly against random than 0.15, 0.5 or 1.4;
    /// Watershed and Ketchup are won either way). With GRAVE it keeps tic-tac-toe from being
    /// lost (at 0 GRAVE lost 53 of 1 000 games to perfect play at 1 000 iterations, at 0.3 none).
    pub exploration: f64,
    /// The tree stops growing at this many nodes (about 32 bytes each).
    pub max_nodes: usize,
    /// A playout still running after this many actions per site of the board is scored as a
    /// draw (`None`: play every game to its end).
    pub playout_actions_per_site: Option<f64>,
    /// Keep the subtree of the action played between decisions.
    pub reuse_tree: bool,
    /// How much worse than an even share a game that really ends drawn is for the searching
    /// player's team (and better for the others): the search prefers playing on to settling
    /// for a draw, as against a weaker opponent it should. Playouts cut short are scored as
    /// even shares all the same.
    pub draw_contempt: f64,
    /// GRAVE's all-moves-as-first values, or plain UCT (`None`).
    pub grave: Option<Grave>,
    /// On expanding a node, make each action once to see whether it ends the game: the
    /// solver then knows every result one action below the tree, and a node whose player
    /// can win at once, or whose every action ends the game, is decided when expanded.
    pub look_ahead: bool,
}

/// The tuning of GRAVE (see the module documentation).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grave {
    /// A node's AMAF statistics are used once it has this many visits; below, those of the
    /// nearest ancestor that has them.
    pub reference: u32,
    /// β's bias: how soon a child's own mean takes over from the AMAF mean. With n visits and
    /// m AMAF visits, the AMAF mean weighs m / (m + n + bias·m·n).
    pub bias: f64,
    /// Only in positions where every action is a placement (or a pass). An action's AMAF
    /// value assumes that it is about as good whenever it is played; a placement on a cell
    /// mostly is, a move from one square to another, whose piece may have gone, mostly is not
    /// (measured: GRAVE wins 85% of Hex 7×7 games against plain UCT and loses 72% of
    /// Breakthrough 6×6 games, docs/AGENTS.md).
    pub placements_only: bool,
}

impl Grave {
    /// Cazenave's tuning: a reference of 50 visits, a bias of 10⁻⁶.
    pub const CAZENAVE: Grave = Grave { reference: 50, bias: 1e-6, placements_only: true };
}

impl MctsConfig {
    /// GRAVE's values in every position, whatever the actions.
    pub fn grave() -> MctsConfig {
        MctsConfig { grave: Some(Grave { placements_only: false, ..Grave::CAZENAVE }), ..MctsConfig::default() }
    }

    /// Plain UCT: no AMAF values anywhere.
    pub fn uct() -> MctsConfig {
        MctsConfig { grave: None, ..MctsConfig::default() }
    }
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: 0.3,
            max_nodes: 2_000_000,
            playout_actions_per_site: Some(2.0),
            reuse_tree: true,
            draw_contempt: 0.1,
            grave: Some(Grave::CAZENAVE),
            look_ahead: true,
        }
    }
}

/// Not yet decided.
const OPEN: i16 = -2;
/// Decided: a draw.
const DRAW: i16 = -1;
/// No node (an empty child list).
const NONE: u32 = u32::MAX;

#[derive(Debug, Clone)]
struct Node {
    /// Sum of the rewards, for `team`.
    value: f64,
    visits: u32,
    /// The first of the node's children (contiguous), or [`NONE`] before expansion.
    first_child: u32,
    child_count: u32,
    /// The action leading here from the parent (unused at the root).
    action: Action,
    /// The team of the player who chose `action` (unused at the root).
    team: u16,
    /// [`OPEN`], [`DRAW`], or the winning team with best play from here.
    proven: i16,
    /// GRAVE: the sum of the rewards, for `team`, and the number of the iterations that played
    /// `action` by `team` anywhere below the parent.
    amaf_value: f32,
    amaf_visits: u32,
}

impl Node {
    fn new(action: Action, team: u16) -> Node {
        Node {
            value: 0.0,
            visits: 0,
            first_child: NONE,
            child_count: 0,
            action,
            team,
            proven: OPEN,
            amaf_value: 0.0,
            amaf_visits: 0,
        }
    }

    fn children(&self) -> std::ops::Range<usize> {
        if self.first_child == NONE {
            0..0
        } else {
            self.first_child as usize..(self.first_child + self.child_count) as usize
        }
    }
}

/// UCT Monte Carlo tree search; see the module documentation.
pub struct Mcts {
    name: String,
    budget: Budget,
    config: MctsConfig,
    rng: Xoshiro256PlusPlus,
    /// The arena; the root is node 0 whenever `root_state` is set.
    nodes: Vec<Node>,
    /// The position of the root.
    root_state: Option<State>,
    scratch: Option<State>,
    path: Vec<u32>,
    last_iterations: u32,
    /// GRAVE's scratch space: the actions of an iteration with their teams, and the
    /// reference node's children by action.
    played: Vec<(u16, Action)>,
    seen: ActionSet,
    references: Vec<u32>,
    reference_of: u32,
    reference_children: ActionIndex,
    /// GRAVE's tuning in the search under way: the configuration's, unless it is for
    /// placements only and the root has other actions.
    grave: Option<Grave>,
    /// The state after each action of a node being expanded, with `look_ahead`.
    look_ahead: Option<State>,
}

impl Mcts {
    pub fn new(seed: u64, budget: Budget) -> Self {
        Mcts::with_config(seed, budget, MctsConfig::default())
    }

    pub fn with_config(seed: u64, budget: Budget, config: MctsConfig) -> Self {
        let kind = if config.grave.is_some_and(|g| !g.placements_only) { "grave" } else { "mcts" };
        let name = match budget {
            Budget::Iterations(n) => format!("{kind}:{n}"),
            Budget::Millis(ms) => format!("{kind} ({ms} ms)"),
        };
        Mcts {
            name,
            budget,
            config,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            nodes: Vec::new(),
            root_state: None,
            scratch: None,
            path: Vec::new(),
            last_iterations: 0,
            played: Vec::new(),
            seen: ActionSet::default(),
            references: Vec::new(),
            reference_of: NONE,
            reference_children: ActionIndex::default(),
            grave: None,
            look_ahead: None,
        }
    }

    /// Names the agent (by default its kind and budget).
    pub fn named(mut self, name: String) -> Self {
        self.name = name;
        self
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// Iterations run by the last search.
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// Visits of the current root (what a search starts from: more than 0 when the tree was
    /// kept from an earlier decision).
    pub fn root_visits(&self) -> u32 {
        if self.root_state.is_some() { self.nodes[0].visits } else { 0 }
    }

    /// Nodes in the tree.
    pub fn tree_size(&self) -> usize {
        if self.root_state.is_some() { self.nodes.len() } else { 0 }
    }

    /// Searches `state` within the budget and returns, for each legal action, its visits and
    /// its mean reward for the player to move (1 a win, 0 a loss, ½ a draw), most visited
    /// first. Empty when the game is over.
    pub fn analyse(&mut self, engine: &Engine, state: &State) -> Vec<(Action, u32, f64)> {
        if engine.to_move(state).is_none() {
            return Vec::new();
        }
        self.search(engine, state);
        let mut out: Vec<(Action, u32, f64)> = self
            .root_summary()
            .iter()
            .map(|r| {
                let value = match r.proven {
                    None if r.visits == 0 => 0.5,
                    None => r.value / f64::from(r.visits),
                    Some(Proven::Draw) => 0.5,
                    Some(Proven::Win) => 1.0,
                    Some(Proven::Loss) => 0.0,
                };
                (r.action, r.visits, value)
            })
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        out
    }

    /// Makes node 0 stand for `state`, keeping the tree if it already does.
    fn ensure_root(&mut self, engine: &Engine, state: &State) {
        let known = self.config.reuse_tree && self.root_state.as_ref().is_some_and(|r| same_position(engine, r, state));
        if !known {
            self.nodes.clear();
            self.nodes.push(Node::new(Action::PASS, 0));
            match &mut self.root_state {
                Some(r) => r.clone_from(state),
                None => self.root_state = Some(state.clone()),
            }
        }
    }

    fn search(&mut self, engine: &Engine, state: &State) {
        self.ensure_root(engine, state);
        let start = Instant::now();
        let (limit, deadline) = match self.budget {
            Budget::Iterations(n) => (n.max(1), None),
            Budget::Millis(ms) => (u32::MAX, Some(Duration::from_millis(ms))),
        };
        let root_state = self.root_state.take().expect("root state");
        self.grave = self.config.grave.filter(|g| {
            !g.placements_only
                || engine.legal(&root_state).iter().all(|a| matches!(a.kind, ActionKind::Place | ActionKind::Pass))
        });
        if self.grave.is_some() {
            // The arena may have changed since the last search: no reference's children are
            // known.
            self.reference_of = NONE;
            let sites = engine.game().board.site_count();
            self.reference_children.reset(sites);
            self.seen.size(sites, engine.game().teams.len().max(1));
        }
        let mut scratch = self.scratch.take().unwrap_or_else(|| root_state.clone());
        let teams = engine.game().teams.len().max(1);
        let even = 1.0 / teams as f64;
        let me = engine.to_move(&root_state).map_or(0, |p| engine.game().players[p].team) as u16;
        let contempt = self.config.draw_contempt.clamp(0.0, even);
        let rewards = Rewards { me, even, draw_for_me: even - contempt, draw_for_others: (even + contempt).min(1.0) };
        let playout_limit = self
            .config
            .playout_actions_per_site
            .map(|k| (k * engine.game().board.site_count().max(1) as f64).ceil() as u32);
        let mut done = 0;
        while done < limit {
            if self.nodes[0].proven != OPEN {
                break;
            }
            if let Some(d) = deadline {
                if done > 0 && start.elapsed() >= d {
                    break;
                }
            }
            scratch.clone_from(&root_state);
            self.iterate(engine, &mut scratch, &rewards, playout_limit);
            done += 1;
        }
        self.last_iterations = done;
        self.root_state = Some(root_state);
        self.scratch = Some(scratch);
    }

    /// One iteration: select, expand, play out, back up.
    fn iterate(&mut self, engine: &Engine, state: &mut State, rewards: &Rewards, playout_limit: Option<u32>) {
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        let mut n = 0usize;
        path.push(0);
        let grave = self.grave;
        self.played.clear();
        // GRAVE: the deepest node so far, for each team, where that team chooses and that
        // has enough visits to trust its AMAF values.
        let mut references = std::mem::take(&mut self.references);
        references.clear();
        references.resize(engine.game().teams.len().max(1), NONE);
        // The winner (`Some(None)` a draw), or `None` for a playout cut short.
        let result: Option<Option<usize>> = loop {
            let node = &self.nodes[n];
            if node.proven != OPEN {
                break Some(proven_winner(node.proven));
            }
            if let Some(outcome) = engine.outcome(state) {
                self.nodes[n].proven = outcome.winner.map_or(DRAW, |w| w as i16);
                break Some(outcome.winner);
            }
            if node.first_child == NONE {
                let fresh = n != 0 && node.visits == 0;
                if fresh || !self.expand(n, engine, state) {
                    break self.playout(engine, state, playout_limit, grave.is_some());
                }
                if self.nodes[n].proven != OPEN {
                    // The new children's results decide the node.
                    continue;
                }
            }
            let reference = match grave {
                Some(g) => {
                    let team = self.nodes[self.nodes[n].first_child as usize].team as usize;
                    if self.nodes[n].visits >= g.reference {
                        references[team] = n as u32;
                    }
                    if references[team] == NONE { n } else { references[team] as usize }
                }
                None => n,
            };
            let c = self.select(n, reference);
            engine.apply_unchecked(state, self.nodes[c].action);
            path.push(c as u32);
            n = c;
        };
        let reward = |team: u16| match result {
            Some(Some(w)) if w == team as usize => 1.0,
            Some(Some(_)) => 0.0,
            Some(None) if team == rewards.me => rewards.draw_for_me,
            Some(None) => rewards.draw_for_others,
            None => rewards.even,
        };
        for &i in &path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.value += reward(node.team);
        }
        if grave.is_some() {
            self.update_amaf(&path, reward);
        }
        self.references = references;
        // MCTS-Solver: decide the ancestors that the new result decides.
        for k in (1..path.len()).rev() {
            let (child, parent) = (path[k] as usize, path[k - 1] as usize);
            if self.nodes[child].proven == OPEN || self.nodes[parent].proven != OPEN {
                break;
            }
            if !self.try_prove(parent, child) {
                break;
            }
        }
        self.path = path;
    }

    /// Allocates the children of `n`, one per legal action; false when the tree is full.
    fn expand(&mut self, n: usize, engine: &Engine, state: &State) -> bool {
        let legal = engine.legal(state);
        if legal.is_empty() || self.nodes.len() + legal.len() > self.config.max_nodes {
            return false;
        }
        let team = engine.to_move(state).map_or(0, |p| engine.game().players[p].team) as u16;
        let first = self.nodes.len() as u32;
        self.nodes.extend(legal.iter().map(|&a| Node::new(a, team)));
        self.nodes[n].first_child = first;
        self.nodes[n].child_count = legal.len() as u32;
        if self.config.look_ahead {
            let mut next = self.look_ahead.take().unwrap_or_else(|| state.clone());
            let mut decided = None;
            for i in self.nodes[n].children() {
                next.clone_from(state);
                engine.apply_unchecked(&mut next, self.nodes[i].action);
                if let Some(outcome) = engine.outcome(&next) {
                    self.nodes[i].proven = outcome.winner.map_or(DRAW, |w| w as i16);
                    decided.get_or_insert(i);
                }
            }
            self.look_ahead = Some(next);
            if let Some(i) = decided {
                self.try_prove(n, i);
            }
        }
        true
    }

    /// UCB1 among the children of `n`, skipping those that lose for sure; an unvisited child
    /// (chosen at random among them) before any other. With GRAVE, a child's mean is mixed
    /// with its action's AMAF mean at `reference`, and a child with AMAF values but no visits
    /// is scored by them alone.
    fn select(&mut self, n: usize, reference: usize) -> usize {
        let range = self.nodes[n].children();
        let log_n = f64::from(self.nodes[n].visits.max(1)).ln();
        let c = self.config.exploration;
        let grave = self.grave;
        let mut best = NONE as usize;
        let mut best_score = f64::NEG_INFINITY;
        let mut unvisited = 0u32;
        let mut fallback = range.start;
        for i in range {
            let Node { visits, value, proven, team, .. } = self.nodes[i];
            if proven >= 0 {
                if proven as u16 == team {
                    return i;
                }
                fallback = i;
                continue;
            }
            let (amaf_value, amaf_visits) = if grave.is_some() { self.amaf(n, reference, i) } else { (0.0, 0.0) };
            if proven == OPEN && visits == 0 && amaf_visits == 0.0 {
                unvisited += 1;
                if self.rng.random_range(0..unvisited) == 0 {
                    best = i;
                }
                continue;
            }
            let v = f64::from(visits);
            let mut mean = if visits > 0 { value / v } else { 0.0 };
            if let Some(g) = grave.filter(|_| amaf_visits > 0.0) {
                let beta = amaf_visits / (amaf_visits + v + g.bias * amaf_visits * v);
                mean = (1.0 - beta) * mean + beta * amaf_value / amaf_visits;
            }
            let score = mean + c * (log_n / v.max(1.0)).sqrt();
            if unvisited == 0 && score > best_score {
                best_score = score;
                best = i;
            }
        }
        if best == NONE as usize { fallback } else { best }
    }

    /// After `child` of `parent` was decided: decides `parent` if it can be. The player to
    /// move at `parent` takes a winning action, or else the best of its decided children.
    fn try_prove(&mut self, parent: usize, child: usize) -> bool {
        let mover = self.nodes[child].team;
        let p = self.nodes[child].proven;
        let decided = if p >= 0 && p as u16 == mover {
            Some(p)
        } else {
            let mut best: Option<i16> = None;
            for c in &self.nodes[self.nodes[parent].children()] {
                match c.proven {
                    OPEN => return false,
                    DRAW => best = Some(DRAW),
                    w => {
                        if best.is_none() {
                            best = Some(w);
                        }
                    }
                }
            }
            best
        };
        match decided {
            Some(d) => {
                self.nodes[parent].proven = d;
                true
            }
            None => false,
        }
    }

    /// Uniformly random actions to the end of the game, or to the playout limit (`None`);
    /// with `record`, the actions and their teams are kept in `played` for GRAVE.
    fn playout(
        &mut self,
        engine: &Engine,
        state: &mut State,
        limit: Option<u32>,
        record: bool,
    ) -> Option<Option<usize>> {
        let cap = state.actions().saturating_add(limit.unwrap_or(u32::MAX));
        if record {
            let players = &engine.game().players;
            let played = &mut self.played;
            play_out_noted(engine, state, &mut self.rng, cap, |_, p, a, _| played.push((players[p].team as u16, a)));
        } else {
            play_out_capped(engine, state, &mut self.rng, cap);
        }
        engine.outcome(state).map(|o| o.winner)
    }

    /// GRAVE's backup: every child of a node on the path whose action its team played later
    /// in the iteration (in the tree below or in the playout) counts the result.
    fn update_amaf(&mut self, path: &[u32], reward: impl Fn(u16) -> f64) {
        let mut seen = std::mem::take(&mut self.seen);
        seen.clear();
        for &(team, a) in &self.played {
            seen.insert(team, a);
        }
        for k in (0..path.len()).rev() {
            if let Some(&below) = path.get(k + 1) {
                let chosen = &self.nodes[below as usize];
                seen.insert(chosen.team, chosen.action);
            }
            for c in self.nodes[path[k] as usize].children() {
                let child = &mut self.nodes[c];
                if seen.contains(child.team, child.action) {
                    child.amaf_visits += 1;
                    child.amaf_value += reward(child.team) as f32;
                }
            }
        }
        self.seen = seen;
    }

    /// The AMAF statistics (value, visits) of `child`'s action at `reference`, one of the
    /// nodes above it where the same team chooses (or its parent itself).
    fn amaf(&mut self, parent: usize, reference: usize, child: usize) -> (f64, f64) {
        let i = if reference == parent {
            child
        } else {
            if self.reference_of != reference as u32 {
                let nodes = &self.nodes;
                if self.reference_of != NONE {
                    for i in nodes[self.reference_of as usize].children() {
                        self.reference_children.remove(nodes[i].action);
                    }
                }
                self.reference_of = reference as u32;
                for i in nodes[reference].children() {
                    self.reference_children.insert(nodes[i].action, i as u32);
                }
            }
            match self.reference_children.get(self.nodes[child].action) {
                Some(i) => i as usize,
                None => return (0.0, 0.0),
            }
        };
        let node = &self.nodes[i];
        (f64::from(node.amaf_value), f64::from(node.amaf_visits))
    }

    /// The action to play after a search: a winning one if the search found one, else the
    /// most visited among those not known to lose.
    fn best_action(&mut self, engine: &Engine, state: &State) -> Action {
        best_of(&self.root_summary()).unwrap_or_else(|| {
            let i = self.rng.random_range(0..engine.legal_count(state));
            engine.legal_nth(state, i)
        })
    }

    /// What the last search knows of each action at the root.
    fn root_summary(&self) -> Vec<RootAction> {
        self.nodes[self.nodes[0].children()]
            .iter()
            .map(|c| RootAction {
                action: c.action,
                visits: c.visits,
                value: c.value,
                proven: match c.proven {
                    OPEN => None,
                    DRAW => Some(Proven::Draw),
                    w if w as u16 == c.team => Some(Proven::Win),
                    _ => Some(Proven::Loss),
                },
            })
            .collect()
    }

    /// Searches `state` within the budget and says what it found of each action (for a
    /// root-parallel search, which pools several); empty when the game is over.
    pub fn search_root(&mut self, engine: &Engine, state: &State) -> Vec<RootAction> {
        if engine.to_move(state).is_none() {
            return Vec::new();
        }
        self.search(engine, state);
        self.root_summary()
    }

    /// Moves the root to the child for `action`, keeping its subtree; forgets the tree when
    /// the child was never expanded.
    fn advance(&mut self, engine: &Engine, action: Action) {
        let Some(root_state) = &mut self.root_state else { return };
        let child = self.nodes[0].children().find(|&i| self.nodes[i].action == action);
        engine.apply_unchecked(root_state, action);
        let Some(child) = child else {
            self.nodes.clear();
            self.nodes.push(Node::new(Action::PASS, 0));
            return;
        };
        // Copy the subtree, breadth first, into a fresh arena.
        let mut fresh = Vec::with_capacity(self.nodes.len().min(1024));
        fresh.push(self.nodes[child].clone());
        let mut k = 0;
        while k < fresh.len() {
            let old = fresh[k].children();
            if !old.is_empty() {
                let first = fresh.len() as u32;
                fresh.extend_from_slice(&self.nodes[old]);
                fresh[k].first_child = first;
            }
            k += 1;
        }
        self.nodes = fresh;
    }
}

/// An action at the root after a search, for the player to move.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RootAction {
    pub action: Action,
    pub visits: u32,
    /// The sum of the rewards, for the player to move.
    pub value: f64,
    /// The result with best play after the action, where the search proved it.
    pub proven: Option<Proven>,
}

/// A result proved by the search, for the player to move at the root.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proven {
    Win,
    Draw,
    Loss,
}

/// The action to play: a proven win, else the most visited (then the best mean) of those not
/// proven to lose, else the most visited. `None` for an empty summary.
pub fn best_of(summary: &[RootAction]) -> Option<Action> {
    let key = |r: &RootAction| {
        let class = match r.proven {
            Some(Proven::Win) => 2,
            Some(Proven::Loss) => 0,
            _ => 1,
        };
        let mean = if r.visits > 0 { r.value / f64::from(r.visits) } else { 0.0 };
        (class, r.visits, mean)
    };
    let mut best: Option<(&RootAction, (u8, u32, f64))> = None;
    for r in summary {
        let k = key(r);
        // Tuples compare in order: the class, then the visits, then the mean; the first of
        // equals stays.
        if best.as_ref().is_none_or(|(_, b)| k > *b) {
            best = Some((r, k));
        }
    }
    best.map(|(r, _)| r.action)
}

/// The place of a placement with no choice of kind in a dense table of sites, if it is one.
fn place_site(a: Action, sites: usize) -> Option<usize> {
    (a.kind == ActionKind::Place && a.piece == 0 && (a.to as usize) < sites).then_some(a.to as usize)
}

/// A set of (team, action): a set of sites per team for plain placements (GRAVE's common case,
/// and most of its work), hashed for other actions.
#[derive(Default)]
struct ActionSet {
    sites: usize,
    places: Vec<Bits>,
    others: HashSet<u64, Quick>,
}

impl ActionSet {
    fn size(&mut self, sites: usize, teams: usize) {
        self.sites = sites;
        self.places = vec![Bits::new(sites); teams];
        self.others.clear();
    }

    fn clear(&mut self) {
        self.places.iter_mut().for_each(Bits::clear);
        self.others.clear();
    }

    /// Where `a` goes in the sets of sites: its team's and its site, if it is a plain placement.
    fn place(&self, team: u16, a: Action) -> Option<(usize, u16)> {
        let team = team as usize;
        place_site(a, self.sites).filter(|_| team < self.places.len()).map(|site| (team, site as u16))
    }

    fn insert(&mut self, team: u16, a: Action) {
        match self.place(team, a) {
            Some((t, site)) => self.places[t].insert(site),
            None => {
                self.others.insert(packed(team, a));
            }
        }
    }

    fn contains(&self, team: u16, a: Action) -> bool {
        match self.place(team, a) {
            Some((t, site)) => self.places[t].contains(site),
            None => self.others.contains(&packed(team, a)),
        }
    }
}

/// The children of a node by action: a table of sites for plain placements, hashed for other
/// actions.
#[derive(Default)]
struct ActionIndex {
    places: Vec<u32>,
    others: HashMap<u64, u32, Quick>,
}

impl ActionIndex {
    fn reset(&mut self, sites: usize) {
        self.places.clear();
        self.places.resize(sites, NONE);
        self.others.clear();
    }

    fn insert(&mut self, a: Action, node: u32) {
        match place_site(a, self.places.len()) {
            Some(site) => self.places[site] = node,
            None => {
                self.others.insert(packed(0, a), node);
            }
        }
    }

    fn remove(&mut self, a: Action) {
        match place_site(a, self.places.len()) {
            Some(site) => self.places[site] = NONE,
            None => {
                self.others.remove(&packed(0, a));
            }
        }
    }

    fn get(&self, a: Action) -> Option<u32> {
        match place_site(a, self.places.len()) {
            Some(site) => Some(self.places[site]).filter(|&i| i != NONE),
            None => self.others.get(&packed(0, a)).copied(),
        }
    }
}

/// A team and an action in one word, for GRAVE's sets.
fn packed(team: u16, a: Action) -> u64 {
    u64::from(team) << 48
        | u64::from(a.kind as u8) << 40
        | u64::from(a.from) << 24
        | u64::from(a.to) << 8
        | u64::from(a.piece)
}

/// A multiplicative hash for [`packed`] words: GRAVE looks up a set once per child of every
/// node on an iteration's path, and the standard hasher (SipHash, built against hostile keys)
/// cost more than the rest of the update.
type Quick = BuildHasherDefault<QuickHasher>;

#[derive(Default)]
struct QuickHasher(u64);

impl Hasher for QuickHasher {
    fn finish(&self) -> u64 {
        // The table takes its buckets from the low bits, which a product mixes least.
        self.0 ^ (self.0 >> 32)
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

/// What a result is worth to a node's team.
struct Rewards {
    /// The team of the searching player.
    me: u16,
    /// An even share: a playout cut short.
    even: f64,
    /// A drawn game, for `me` and for the other teams.
    draw_for_me: f64,
    draw_for_others: f64,
}

fn proven_winner(p: i16) -> Option<usize> {
    if p >= 0 { Some(p as usize) } else { None }
}

/// Whether two states are the same position at the same point of the game, judged by what the
/// engine shows: stones, hands, counters, phases, the turn's stage and the legal actions.
fn same_position(engine: &Engine, a: &State, b: &State) -> bool {
    let game = engine.game();
    if a.actions() != b.actions()
        || a.turns() != b.turns()
        || engine.to_move(a) != engine.to_move(b)
        || a.stage() != b.stage()
        || a.empty_count() != b.empty_count()
        || a.relocated() != b.relocated()
        || engine.legal(a) != engine.legal(b)
        || engine.outcome(a) != engine.outcome(b)
    {
        return false;
    }
    let players = game.players.len();
    let teams = game.teams.len();
    (0..players).all(|p| a.hand(p) == b.hand(p) && a.phase(p) == b.phase(p))
        && (0..game.allowances.len()).all(|i| a.allowance(i) == b.allowance(i))
        && (0..game.counters.len()).all(|c| (0..teams).all(|t| a.counter(c, t) == b.counter(c, t)))
        && (0..game.board.site_count() as u16)
            .all(|s| engine.stone(a, s) == engine.stone(b, s) && engine.kind(a, s) == engine.kind(b, s))
}

impl Agent for Mcts {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, engine: &Engine, state: &State) -> Action {
        if let Some(only) = super::forced(engine, state) {
            return only;
        }
        self.search(engine, state);
        self.best_action(engine, state)
    }

    fn observe(&mut self, engine: &Engine, state_before: &State, action: Action) {
        let known =
            self.config.reuse_tree && self.root_state.as_ref().is_some_and(|r| same_position(engine, r, state_before));
        if known {
            self.advance(engine, action);
        } else {
            self.root_state = None;
            self.nodes.clear();
        }
    }
}
