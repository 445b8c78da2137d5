//! Python bindings of the Tabula engine: `tabula._tabula`, wrapped by the `tabula` package.
//!
//! The API follows OpenSpiel's (a game makes states; a state lists integer legal actions and
//! applies them) because that is what agent researchers already know. Everything here is a thin
//! layer over the `tabula` crate: loading goes through the checker (its rendered diagnostics
//! become the Python exception's text), play through [`Engine`], statistics through the same
//! functions as the CLI, so that the same seed gives the same games in Python and in `tabula`.

mod batches;
mod codec;
mod limits;
mod observe;
mod raw;

use std::ops::Range;
use std::path::Path;
use std::sync::Arc;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use rand::Rng;

use tabula::agent::{Agent, Budget, Mcts, make_agent, spec_iterations};
use tabula::analyze::Analysis;
use tabula::check::{self, LoadError, Selection};
use tabula::diagnostic::{Diagnostic, Sources};
use tabula::engine::playout::{ACTION_CAP, random_game, rng_for};
use tabula::engine::stats::Stats;
use tabula::engine::{Engine, State};

use codec::Codec;
use observe::Planes;

create_exception!(_tabula, GameError, PyValueError, "A game file or selection that cannot be loaded.");
create_exception!(_tabula, IllegalActionError, PyValueError, "An action that is not legal here.");

/// OpenSpiel's player id of a finished game.
const TERMINAL: i64 = -4;

/// Diagnostics as `tabula check` prints them when piped: no colour, 100 columns.
fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().filter(|d| d.is_error()).map(|d| sources.render(d, false, 100)).collect::<String>()
}

fn load_error(name: &str, e: LoadError) -> PyErr {
    match e {
        LoadError::Unreadable(d) => GameError::new_err(d.message),
        LoadError::Selection(m) => GameError::new_err(m),
        LoadError::Invalid(sources, diagnostics) => {
            let errors = diagnostics.iter().filter(|d| d.is_error()).count();
            let plural = if errors == 1 { "" } else { "s" };
            GameError::new_err(format!(
                "{}{name}: {errors} error{plural} in the game file",
                render(&sources, &diagnostics)
            ))
        }
    }
}

/// A loaded game: the rules, the board, and the integer encoding of its actions.
#[pyclass(frozen, module = "tabula._tabula")]
pub struct Game {
    engine: Arc<Engine>,
    codec: Arc<Codec>,
    planes: Arc<Planes>,
    /// What it was loaded from, to load it again (pickling, Ray workers).
    source: (String, bool, Option<String>, Vec<String>),
}

impl Game {
    fn build(game: tabula::game::Game, source: (String, bool, Option<String>, Vec<String>)) -> Game {
        let engine = Engine::new(game);
        let codec = Codec::new(engine.game());
        let planes = Planes::new(&engine);
        Game { engine: Arc::new(engine), codec: Arc::new(codec), planes: Arc::new(planes), source }
    }

    /// The state after `actions` from the start, each checked; an error names the action that
    /// cannot be made and why.
    fn replay(&self, actions: &[i64]) -> PyResult<State> {
        let mut state = self.engine.initial();
        for (i, &code) in actions.iter().enumerate() {
            let a = self.codec.decode(code).ok_or_else(|| {
                IllegalActionError::new_err(format!(
                    "action {} of the history: {code} is not an action of this game (actions are 0..{})",
                    i + 1,
                    self.codec.size()
                ))
            })?;
            self.engine
                .apply(&mut state, a)
                .map_err(|e| IllegalActionError::new_err(format!("action {} of the history: {e}", i + 1)))?;
        }
        Ok(state)
    }
}

/// The action codes of a serialized state: integers separated by whitespace or commas
/// (`serialize()` writes one per line), as text or UTF-8 bytes, or a sequence of integers.
fn parse_actions(data: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if data.is_instance_of::<PyBytes>() {
        let bytes: &[u8] = data.extract()?;
        let text = std::str::from_utf8(bytes).map_err(|e| {
            PyValueError::new_err(format!("not a serialized state: the bytes are not UTF-8 text ({e})"))
        })?;
        return parse_actions(&PyString::new(data.py(), text).into_any());
    }
    if let Ok(text) = data.extract::<String>() {
        return text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .enumerate()
            .map(|(i, w)| {
                w.parse::<i64>().map_err(|_| {
                    PyValueError::new_err(format!(
                        "not a serialized state: word {} is `{w}`, not an action number",
                        i + 1
                    ))
                })
            })
            .collect();
    }
    data.extract::<Vec<i64>>().map_err(|_| {
        PyValueError::new_err(format!(
            "a serialized state is the text of `serialize()` or a list of action numbers, not {}",
            data.get_type().name().map(|n| n.to_string()).unwrap_or_default()
        ))
    })
}

/// An agent from its spec (`make_agent`), within the package's bounds on one call's work.
fn build_agent(spec: &str, seed: u64, think_ms: u64) -> PyResult<Box<dyn Agent>> {
    limits::think_ms(think_ms)?;
    let agent = make_agent(spec, seed, think_ms).map_err(PyValueError::new_err)?;
    if let Some(n) = spec_iterations(spec) {
        limits::simulations(u64::from(n))?;
    }
    Ok(agent)
}

/// `agent`'s choice in `state` (checked to be a decision: see [`GameState::decision`]),
/// searched without the GIL; the agent comes back with it.
fn choose_detached(py: Python<'_>, mut agent: Box<dyn Agent>, state: &GameState) -> (Box<dyn Agent>, i64) {
    let game = state.game();
    let engine = game.engine.clone();
    let position = state.state.clone();
    let (agent, action) = py.detach(move || {
        let action = agent.choose(&engine, &position);
        (agent, action)
    });
    (agent, game.codec.encode(action).expect("every legal action has a code"))
}

/// Loads a game from a file (`is_path`) or from its text, with a variant and `KEY=VALUE` option
/// settings, the way `tabula --variant --set` does.
#[pyfunction]
#[pyo3(signature = (source, is_path, variant=None, sets=Vec::new()))]
fn load(source: String, is_path: bool, variant: Option<String>, sets: Vec<String>) -> PyResult<Game> {
    let selection = Selection::new(variant.clone(), &sets).map_err(GameError::new_err)?;
    let key = (source.clone(), is_path, variant, sets);
    if is_path {
        limits::regular_file(&source)?;
        let (_, game) = check::load(Path::new(&source), &selection).map_err(|e| load_error(&source, e))?;
        return Ok(Game::build(game, key));
    }
    let name = "<string>";
    let (sources, checked) = check::check_str(name, &source, &selection);
    let checked = checked.map_err(|check::SelectionError(m)| GameError::new_err(m))?;
    match checked.game {
        Some(game) if !checked.has_errors() => Ok(Game::build(game, key)),
        _ => Err(load_error(name, LoadError::Invalid(sources, checked.diagnostics))),
    }
}

/// An action number as the engine writes the action (`c3`, `c3-d4`, `end`).
fn text_of_action(engine: &Engine, codec: &Codec, action: i64) -> PyResult<String> {
    let a = codec.decode(action).ok_or_else(|| codec.unknown(action))?;
    Ok(engine.action_text(a))
}

/// The number of an action written as text; an error says why text is not one.
fn action_of_text(engine: &Engine, codec: &Codec, text: &str) -> PyResult<i64> {
    let a = engine
        .parse_action(text)
        .map_err(|reason| IllegalActionError::new_err(format!("`{}`: {reason}", text.trim())))?;
    codec
        .encode(a)
        .ok_or_else(|| IllegalActionError::new_err(format!("`{}` is not an action of this game", text.trim())))
}

#[pymethods]
impl Game {
    /// The start position.
    fn new_initial_state(slf: &Bound<'_, Self>) -> GameState {
        GameState::new(slf, slf.get().engine.initial(), Vec::new())
    }

    /// The state that `state.serialize()` wrote: its text, or the list of its action codes.
    /// Every action is checked; text that is not a state of this game raises `ValueError`
    /// (`IllegalActionError` for an action that cannot be made).
    fn deserialize_state(slf: &Bound<'_, Self>, data: &Bound<'_, PyAny>) -> PyResult<GameState> {
        let actions = parse_actions(data)?;
        let state = slf.get().replay(&actions)?;
        Ok(GameState::new(slf, state, actions))
    }

    /// The game as loaded, for headings: "Watershed — Plateau (size=9)", as the command line
    /// writes it.
    fn title(&self) -> String {
        tabula::summary::title(self.engine.game())
    }

    #[getter]
    fn name(&self) -> String {
        self.engine.game().name.clone()
    }

    #[getter]
    fn variant(&self) -> Option<String> {
        self.engine.game().variant.clone()
    }

    #[getter]
    fn variants(&self) -> Vec<String> {
        self.engine.game().variants.iter().map(|v| v.name.clone()).collect()
    }

    /// Player names in turn order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.engine.game().players.iter().map(|p| p.name.clone()).collect()
    }

    /// The team (index into `teams`) of each player.
    #[getter]
    fn player_teams(&self) -> Vec<usize> {
        self.engine.game().players.iter().map(|p| p.team).collect()
    }

    #[getter]
    fn teams(&self) -> Vec<String> {
        self.engine.game().teams.clone()
    }

    /// Every option with the value in force, as the user writes it (`"9"`, `"true"`).
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for o in &self.engine.game().options {
            d.set_item(&o.name, o.show(o.value))?;
        }
        Ok(d)
    }

    /// The board: `sites` (labels, by site index), `coordinates` ((x, y) per site, y up),
    /// `relations` ({name: [(a, b), ...]} edges between site indices).
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let board = &self.engine.game().board;
        let d = PyDict::new(py);
        d.set_item("sites", board.sites.iter().map(|s| s.label.clone()).collect::<Vec<_>>())?;
        d.set_item("coordinates", board.sites.iter().map(|s| (s.x, s.y)).collect::<Vec<_>>())?;
        let relations = PyDict::new(py);
        for r in &board.relations {
            let mut edges = Vec::new();
            for a in 0..board.site_count() {
                for &b in &r.targets[r.offsets[a] as usize..r.offsets[a + 1] as usize] {
                    if (a as u16) < b {
                        edges.push((a, b as usize));
                    }
                }
            }
            relations.set_item(&r.name, edges)?;
        }
        d.set_item("relations", relations)?;
        Ok(d)
    }

    fn num_players(&self) -> usize {
        self.engine.game().players.len()
    }

    /// The number of integers an action can be: every legal action is in `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> u64 {
        self.codec.size()
    }

    /// Names of the observation planes, in order (see `GameState.observation`).
    fn observation_planes(&self) -> Vec<String> {
        self.planes.names.clone()
    }

    /// `(planes, sites)`.
    fn observation_shape(&self) -> (usize, usize) {
        (self.planes.names.len(), self.engine.game().board.site_count())
    }

    fn action_to_string(&self, action: i64) -> PyResult<String> {
        text_of_action(&self.engine, &self.codec, action)
    }

    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        action_of_text(&self.engine, &self.codec, text)
    }

    /// Pickled as what `load` was called with, so that a game can be sent to another process.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyAny>, (String, bool, Option<String>, Vec<String>))> {
        Ok((py.import("tabula")?.getattr("_reload")?, self.source.clone()))
    }

    fn __repr__(&self) -> String {
        format!("<tabula.Game {}>", tabula::summary::title(self.engine.game()))
    }

    /// One of the engine's agents for this game, named as on the command line (`random`,
    /// `mcts:1000`, `mcts:sims=1000,c=0`, `grave:ms=100`, `alphabeta:depth=4`; docs/AGENTS.md),
    /// seeded; an agent given no budget thinks `think_ms` milliseconds a decision.
    #[pyo3(signature = (spec, seed=1, think_ms=1000))]
    fn agent(slf: &Bound<'_, Self>, spec: &str, seed: u64, think_ms: u64) -> PyResult<PyAgent> {
        let agent = build_agent(spec, seed, think_ms)?;
        Ok(PyAgent {
            game: slf.clone().unbind(),
            agent: std::sync::Mutex::new(Some(agent)),
            name: spec.trim().to_string(),
        })
    }
}

/// One of the engine's agents, kept from move to move so that a search keeps its tree:
/// `game.agent("mcts:sims=1000", seed=1)`, then `agent.step(state)` for its choice and
/// `agent.inform(state, action)` for every action played (its own included), with the state
/// before the action.
#[pyclass(name = "Agent", module = "tabula._tabula")]
pub struct PyAgent {
    game: Py<Game>,
    /// `None` only while a search runs without the GIL. (In a mutex only because a Python
    /// class must be shareable between threads; the methods take it by `&mut self`.)
    agent: std::sync::Mutex<Option<Box<dyn tabula::agent::Agent>>>,
    name: String,
}

#[pymethods]
impl PyAgent {
    /// The action the agent chooses in `state` (a state of its game, not over). The search runs
    /// without the GIL; Ctrl-C is heard when it ends.
    fn step(&mut self, py: Python<'_>, state: &GameState) -> PyResult<i64> {
        self.same_game(state)?;
        state.decision()?;
        let slot = self.agent.get_mut().unwrap_or_else(|e| e.into_inner());
        let agent = slot.take().ok_or_else(|| PyValueError::new_err("the agent is busy"))?;
        let (agent, action) = choose_detached(py, agent, state);
        *self.agent.get_mut().unwrap_or_else(|e| e.into_inner()) = Some(agent);
        py.check_signals()?;
        Ok(action)
    }

    /// Tells the agent that `action` was played in `state` (the state before it), so that its
    /// search goes on from what it knows of the position after.
    fn inform(&mut self, state: &GameState, action: i64) -> PyResult<()> {
        self.same_game(state)?;
        let game = state.game();
        let a = game.codec.decode(action).ok_or_else(|| game.codec.unknown(action))?;
        if !game.engine.legal(&state.state).contains(&a) {
            return Err(IllegalActionError::new_err(format!("{action} is not a legal action here")));
        }
        if let Some(agent) = self.agent.get_mut().unwrap_or_else(|e| e.into_inner()) {
            agent.observe(&game.engine, &state.state, a);
        }
        Ok(())
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    fn __repr__(&self) -> String {
        format!("<tabula.Agent {}>", self.name)
    }
}

impl PyAgent {
    fn same_game(&self, state: &GameState) -> PyResult<()> {
        if Arc::ptr_eq(&self.game.get().engine, &state.game().engine) {
            Ok(())
        } else {
            Err(PyValueError::new_err("the state is of another game than the agent's"))
        }
    }
}

/// A position, with the actions that led to it.
#[pyclass(module = "tabula._tabula")]
pub struct GameState {
    /// The game, whose engine, action codes and observation planes the state uses.
    game: Py<Game>,
    state: State,
    history: Vec<i64>,
    /// Actions after which the state counts as over, a draw (`set_action_limit`).
    limit: usize,
}

impl GameState {
    /// A state of `game` reached by `history`, with no action limit.
    fn new(game: &Bound<'_, Game>, state: State, history: Vec<i64>) -> GameState {
        GameState { game: game.clone().unbind(), state, history, limit: usize::MAX }
    }

    fn game(&self) -> &Game {
        self.game.get()
    }

    /// Stopped at the action limit (`set_action_limit`).
    fn stopped(&self) -> bool {
        self.history.len() >= self.limit
    }

    /// The legal actions as the engine lists them, refused past [`limits::MAX_LISTED`] before
    /// the engine builds the list (it keeps large sets of moves compact until asked).
    fn legal_list(&self) -> PyResult<&[tabula::engine::Action]> {
        let engine = &self.game().engine;
        limits::listed(engine.legal_count(&self.state))?;
        Ok(engine.legal(&self.state))
    }

    fn encode_legal(&self) -> PyResult<Vec<i64>> {
        let codec = &self.game().codec;
        let mut v: Vec<i64> =
            self.legal_list()?.iter().map(|a| codec.encode(*a).expect("every legal action has a code")).collect();
        v.sort_unstable();
        Ok(v)
    }

    fn copy(&self, py: Python<'_>) -> GameState {
        GameState {
            game: self.game.clone_ref(py),
            state: self.state.clone(),
            history: self.history.clone(),
            limit: self.limit,
        }
    }

    /// Over by the rules, or stopped at the action limit.
    fn over(&self) -> bool {
        self.game().engine.outcome(&self.state).is_some() || self.stopped()
    }

    /// The observation planes' values, refused past [`limits::MAX_OBSERVATION`] before they are
    /// made.
    fn observation_values(&self) -> PyResult<Vec<f32>> {
        let game = self.game();
        limits::observation(game.planes.names.len(), game.engine.game().board.site_count())?;
        Ok(game.planes.fill(&game.engine, &self.state))
    }

    /// A perspective given to an observation: `None` or a player of the game.
    /// Refuses a search where there is nothing to choose (the game is over) or more actions
    /// than a root can hold a node each.
    fn decision(&self) -> PyResult<()> {
        if self.over() {
            return Err(PyValueError::new_err("the game is over: there is no action to choose"));
        }
        limits::listed(self.game().engine.legal_count(&self.state))?;
        Ok(())
    }

    fn check_player(&self, player: Option<i64>) -> PyResult<()> {
        let players = self.game().engine.game().players.len() as i64;
        match player {
            Some(p) if !(0..players).contains(&p) => Err(PyValueError::new_err(format!(
                "player {p} is not a player of this game (players are 0..{players})"
            ))),
            _ => Ok(()),
        }
    }
}

#[pymethods]
impl GameState {
    /// The player to decide (index into `game.players`), or -4 (OpenSpiel's TERMINAL) when the
    /// game is over.
    fn current_player(&self) -> i64 {
        if self.stopped() {
            return TERMINAL;
        }
        self.game().engine.to_move(&self.state).map(|p| p as i64).unwrap_or(TERMINAL)
    }

    /// Legal actions as sorted integers; empty when the game is over or when `player` is given
    /// and is not the one to move.
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<i64>> {
        match player {
            Some(p) if p != self.current_player() => Ok(Vec::new()),
            _ if self.stopped() => Ok(Vec::new()),
            _ => self.encode_legal(),
        }
    }

    /// A NumPy int8 array of `game.num_distinct_actions()` values: 1 where the action is legal;
    /// all zeros when `player` is given and is not the one to move (as OpenSpiel).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
        let size = self.game().codec.size();
        limits::mask(size)?;
        let legal: &[tabula::engine::Action] =
            if player.is_none_or(|p| p == self.current_player()) && !self.stopped() { self.legal_list()? } else { &[] };
        let codec = &self.game().codec;
        numpy_array(py, size as usize, "i1", None, |mask| {
            for a in legal {
                if let Some(i) = codec.encode(*a) {
                    mask[i as usize] = 1;
                }
            }
        })
    }

    /// Makes an action; an illegal one raises `IllegalActionError` with the reason and leaves
    /// the state unchanged.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        if self.stopped() {
            return Err(IllegalActionError::new_err(format!(
                "the game is over: it was stopped after {} actions",
                self.limit
            )));
        }
        let a = self.game().codec.decode(action).ok_or_else(|| self.game().codec.unknown(action))?;
        self.game.get().engine.apply(&mut self.state, a).map_err(|e| IllegalActionError::new_err(e.to_string()))?;
        self.history.push(action);
        Ok(())
    }

    /// The state after `action`, this one unchanged.
    fn child(&self, py: Python<'_>, action: i64) -> PyResult<GameState> {
        let mut child = self.copy(py);
        child.apply_action(action)?;
        Ok(child)
    }

    /// Takes back the last action, which `player` made (OpenSpiel's signature; both are
    /// checked). The position before it is replayed from the start.
    fn undo_action(&mut self, player: i64, action: i64) -> PyResult<()> {
        let Some(&last) = self.history.last() else {
            return Err(PyValueError::new_err("no action to undo: the game is at its start"));
        };
        if last != action {
            return Err(PyValueError::new_err(format!("the last action is {last}, not {action}")));
        }
        let n = self.history.len() - 1;
        let game = self.game.get();
        let before = game.replay(&self.history[..n])?;
        let mover = self.game().engine.to_move(&before).map(|p| p as i64).unwrap_or(TERMINAL);
        if mover != player {
            return Err(PyValueError::new_err(format!("action {action} was made by player {mover}, not {player}")));
        }
        self.state = before;
        self.history.pop();
        Ok(())
    }

    /// The engine's UCT search (the agent of `tabula play --players mcts:N`), run without the
    /// GIL: `simulations` iterations from this position, seeded, so that the same seed gives
    /// the same action. The search goes on in batches, the tree kept between them, and Ctrl-C
    /// (any signal whose Python handler raises) stops it between two batches.
    #[pyo3(signature = (simulations=1000, seed=1))]
    fn mcts_action(&self, py: Python<'_>, simulations: u64, seed: u64) -> PyResult<i64> {
        if self.over() {
            return Err(PyValueError::new_err("the game is over: there is no action to choose"));
        }
        limits::simulations(simulations)?;
        // The root's children are one node per legal action: as many as one call may list.
        limits::listed(self.game().engine.legal_count(&self.state))?;
        let engine = self.game().engine.clone();
        let mut left = u32::try_from(simulations).expect("simulations are bounded below 2^32");
        // Moved into each batch and back: a state is not shared between threads.
        let mut search = (Mcts::new(seed, Budget::Iterations(limits::SEARCH_BATCH)), self.state.clone());
        // A search of n iterations is a search of k and then one of n - k from the tree the
        // first kept (the same tree, random numbers and root), so the batches change nothing.
        if engine.legal_count(&self.state) > 1 {
            while left > limits::SEARCH_BATCH {
                let engine = engine.clone();
                (search, left) = py.detach(move || {
                    let (mut mcts, state) = search;
                    let started = std::time::Instant::now();
                    while left > limits::SEARCH_BATCH && started.elapsed() < limits::SIGNAL_EVERY {
                        mcts.analyse(&engine, &state);
                        left -= limits::SEARCH_BATCH;
                    }
                    ((mcts, state), left)
                });
                py.check_signals()?;
            }
        }
        let (mut mcts, state) = search;
        mcts.set_budget(Budget::Iterations(left));
        let action = py.detach(move || mcts.choose(&engine, &state));
        Ok(self.game().codec.encode(action).expect("every legal action has a code"))
    }

    /// The action one of the engine's agents chooses here, the agent named as on the command
    /// line (`random`, `mcts:1000`, `mcts:sims=1000,c=1`, `grave:ms=100`, `alphabeta:depth=4`;
    /// docs/AGENTS.md), seeded; an agent given no budget thinks `think_ms` milliseconds. Each
    /// call is a fresh search of this position (no tree is kept from an earlier call), run
    /// without the GIL; Ctrl-C is heard when it ends, so a budget of iterations is bounded as
    /// in `mcts_action`.
    #[pyo3(signature = (spec, seed=1, think_ms=1000))]
    fn agent_action(&self, py: Python<'_>, spec: &str, seed: u64, think_ms: u64) -> PyResult<i64> {
        self.decision()?;
        let (_, action) = choose_detached(py, build_agent(spec, seed, think_ms)?, self);
        py.check_signals()?;
        Ok(action)
    }

    /// `action_to_string(action)` or OpenSpiel's `action_to_string(player, action)`.
    #[pyo3(signature = (a, b=None))]
    fn action_to_string(&self, a: i64, b: Option<i64>) -> PyResult<String> {
        text_of_action(&self.game().engine, &self.game().codec, b.unwrap_or(a))
    }

    fn string_to_action(&self, text: &str) -> PyResult<i64> {
        action_of_text(&self.game().engine, &self.game().codec, text)
    }

    fn is_terminal(&self) -> bool {
        self.over()
    }

    /// Stops the game after `actions` actions from the start: the state is then over, a draw
    /// with no outcome (OpenSpiel needs a bound on the length of a game; `tabula.openspiel`
    /// sets one). `None` lifts the limit.
    #[pyo3(signature = (actions))]
    fn set_action_limit(&mut self, actions: Option<usize>) {
        self.limit = actions.unwrap_or(usize::MAX);
    }

    fn is_chance_node(&self) -> bool {
        false
    }

    /// Per player: 1 if his team won, -1 if it lost, 0 for a draw or a game still going.
    fn returns(&self) -> Vec<f64> {
        let game = self.game().engine.game();
        match self.game().engine.outcome(&self.state) {
            None => vec![0.0; game.players.len()],
            Some(o) => game
                .players
                .iter()
                .map(|p| match o.winner {
                    None => 0.0,
                    Some(t) if t == p.team => 1.0,
                    Some(_) => -1.0,
                })
                .collect(),
        }
    }

    /// How the game ended: `None` while it goes on, else {`winner`: team index or None,
    /// `draw`, `scores` (per team, or None), `reason`}.
    fn outcome<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let Some(o) = self.game().engine.outcome(&self.state) else { return Ok(None) };
        let d = PyDict::new(py);
        d.set_item("winner", o.winner)?;
        d.set_item("draw", o.winner.is_none())?;
        d.set_item("scores", o.scores.clone())?;
        let reason = match o.reason {
            tabula::engine::EndReason::Rule(i) => self.game().engine.game().end_text[i].clone(),
            tabula::engine::EndReason::Blocked => "a player could not move".into(),
            tabula::engine::EndReason::Effect => "a `win` or `draw` effect".into(),
        };
        d.set_item("reason", reason)?;
        Ok(Some(d))
    }

    /// The actions made from the start, as integers.
    fn history(&self) -> Vec<i64> {
        self.history.clone()
    }

    /// The history as OpenSpiel writes it: `"4, 0, 8"`.
    fn history_str(&self) -> String {
        self.history.iter().map(|a| a.to_string()).collect::<Vec<_>>().join(", ")
    }

    /// Actions made so far (OpenSpiel's move number; a turn may hold several actions).
    fn move_number(&self) -> usize {
        self.history.len()
    }

    /// The state as text, one action code a line; `game.deserialize_state(text)` reads it back.
    fn serialize(&self) -> String {
        self.history.iter().map(|a| format!("{a}\n")).collect()
    }

    /// The game this state is a position of.
    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// Pickled as its game, its history (replayed when unpickled) and its action limit.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (Py<Game>, Vec<i64>, Option<usize>))> {
        let limit = (self.limit != usize::MAX).then_some(self.limit);
        Ok((py.import("tabula")?.getattr("_restore_state")?, (self.game.clone_ref(py), self.history.clone(), limit)))
    }

    /// Turns begun so far (a turn may hold several actions).
    fn turns(&self) -> u32 {
        self.state.turns()
    }

    /// Turns finished so far.
    fn turns_completed(&self) -> u32 {
        self.state.turns_completed()
    }

    fn clone(&self, py: Python<'_>) -> GameState {
        self.copy(py)
    }

    fn __copy__(&self, py: Python<'_>) -> GameState {
        self.copy(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> GameState {
        self.copy(py)
    }

    /// The position as a float32 NumPy array of shape `game.observation_shape()`, that is
    /// (planes, sites); `game.observation_planes()` names the planes (see the package docs).
    fn observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let values = self.observation_values()?;
        let shape = (self.game().planes.names.len(), self.game().engine.game().board.site_count());
        numpy_array(py, values.len() * 4, "<f4", Some(shape), |bytes| {
            for (b, v) in bytes.chunks_exact_mut(4).zip(&values) {
                b.copy_from_slice(&v.to_le_bytes());
            }
        })
    }

    /// OpenSpiel's flat observation: `observation()` as a list. The games are of perfect
    /// information, so every player's view is the same: `player` is checked, then ignored.
    #[pyo3(signature = (player=None))]
    fn observation_tensor(&self, player: Option<i64>) -> PyResult<Vec<f32>> {
        self.check_player(player)?;
        self.observation_values()
    }

    /// The board as `str(state)` draws it, the same for every player (perfect information).
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.check_player(player)?;
        Ok(self.__str__())
    }

    /// What a player knows: with perfect information and perfect recall, the whole history
    /// (`history_str()`), the same for every player.
    #[pyo3(signature = (player=None))]
    fn information_state_string(&self, player: Option<i64>) -> PyResult<String> {
        self.check_player(player)?;
        Ok(self.history_str())
    }

    fn __str__(&self) -> String {
        format!(
            "{}{}",
            tabula::display::board(&self.game().engine, &self.state),
            tabula::summary::result_line(&self.game().engine, &self.state)
        )
    }

    fn __repr__(&self) -> String {
        format!("<tabula.GameState {}>", tabula::summary::result_line(&self.game().engine, &self.state))
    }
}

/// A NumPy array over `len` bytes written by `fill` straight into the buffer NumPy will own
/// (writable), without the numpy crate and without a second copy.
fn numpy_array<'py>(
    py: Python<'py>,
    len: usize,
    dtype: &str,
    shape: Option<(usize, usize)>,
    fill: impl FnOnce(&mut [u8]),
) -> PyResult<Bound<'py, PyAny>> {
    let buffer = PyByteArray::new_with(py, len, |bytes| {
        fill(bytes);
        Ok(())
    })?;
    let array = py.import("numpy")?.call_method1("frombuffer", (buffer, dtype))?;
    match shape {
        Some(shape) => array.call_method1("reshape", (shape,)),
        None => Ok(array),
    }
}

/// Plays one seeded random game exactly as `tabula playout` does (game number `index` of a run
/// seeded with `seed`) and returns its actions as integers.
#[pyfunction]
fn random_game_actions(py: Python<'_>, game: &Game, seed: u64, index: u64) -> Vec<i64> {
    let engine = game.engine.clone();
    let codec = game.codec.clone();
    py.detach(move || {
        let mut state = engine.initial();
        let mut rng = rng_for(seed, index);
        let mut actions = Vec::new();
        while engine.outcome(&state).is_none() && state.actions() < ACTION_CAP {
            let action = engine.legal_nth(&state, rng.random_range(0..engine.legal_count(&state)));
            actions.push(codec.encode(action).expect("every legal action has a code"));
            engine.apply_unchecked(&mut state, action);
        }
        actions
    })
}

/// Uniform random playouts of games `0..games` (the same games as `tabula playout --seed`),
/// without the GIL; the statistics as a dict like `tabula playout --json` (no timings).
/// Ctrl-C stops the run between two batches of games.
#[pyfunction]
#[pyo3(signature = (game, games, seed=1, threads=1))]
fn playouts<'py>(py: Python<'py>, game: &Game, games: u64, seed: u64, threads: usize) -> PyResult<Bound<'py, PyDict>> {
    limits::games(games)?;
    limits::threads(threads)?;
    let engine = game.engine.clone();
    let players = engine.game().players.len();
    let initial = engine.initial();
    /// Games played in a row by one thread.
    const CHUNK: u64 = 64;
    let chunk = |c: u64| {
        let mut stats = Stats::new(players);
        let mut state = initial.clone();
        for index in c * CHUNK..((c + 1) * CHUNK).min(games) {
            stats.add(engine.game(), &random_game(&engine, &initial, &mut state, seed, index));
        }
        stats
    };
    let merge = |a: &mut Stats, b: Stats| a.merge(&b);
    let pool = match threads {
        1 => None,
        n => Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .map_err(|e| PyValueError::new_err(format!("cannot start {n} threads: {e}")))?,
        ),
    };
    // A unit of the batches is one chunk per thread.
    let units = games.div_ceil(CHUNK).div_ceil(threads as u64);
    let work = |range: Range<u64>| -> Result<Stats, std::convert::Infallible> {
        let chunks = range.start * threads as u64..(range.end * threads as u64).min(games.div_ceil(CHUNK));
        Ok(match &pool {
            Some(pool) => pool.install(|| {
                use rayon::prelude::*;
                let parts: Vec<Stats> = chunks.into_par_iter().map(chunk).collect();
                parts.into_iter().fold(Stats::new(players), |mut a, b| {
                    merge(&mut a, b);
                    a
                })
            }),
            None => chunks.map(chunk).fold(Stats::new(players), |mut a, b| {
                merge(&mut a, b);
                a
            }),
        })
    };
    let Ok(stats) = batches::run(py, 0..units, Stats::new(players), &work, |a, b| a.merge(&b))?;
    let d = PyDict::new(py);
    d.set_item("games", stats.games)?;
    d.set_item("seed", seed)?;
    d.set_item("turns", raw::summary_stats(py, &stats.turns)?)?;
    d.set_item("actions", raw::summary_stats(py, &stats.actions)?)?;
    d.set_item("wins", stats.wins.clone())?;
    d.set_item("draws", stats.draws)?;
    d.set_item("unfinished", stats.unfinished)?;
    Ok(d)
}

/// Analysis of games `start..end` of a seeded run (`tabula analyze`), as exact integer sums in
/// JSON text: the pieces of a distributed run, merged by [`merge_analyses`].
#[pyfunction]
#[pyo3(signature = (game, start, end, seed=1, players="random".to_string(), think_ms=50, max_actions=ACTION_CAP))]
#[allow(clippy::too_many_arguments)]
fn analyze_range(
    py: Python<'_>,
    game: &Game,
    start: u64,
    end: u64,
    seed: u64,
    players: String,
    think_ms: u64,
    max_actions: u32,
) -> PyResult<String> {
    if end < start {
        return Err(PyValueError::new_err(format!("the range {start}..{end} is backwards")));
    }
    limits::games(end - start)?;
    limits::think_ms(think_ms)?;
    tabula::agent::make_agent(&players, 0, think_ms).map_err(PyValueError::new_err)?;
    let engine = &game.engine;
    let work = |range: Range<u64>| tabula::analyze::play_range(engine, &players, think_ms, seed, max_actions, range);
    let analysis = batches::run(py, start..end, Analysis::new(engine), &work, |a, b| a.merge(&b))?
        .map_err(PyValueError::new_err)?;
    Ok(raw::to_raw(&analysis).to_string())
}

/// Merges raw analyses in the order given (the order of their game ranges).
#[pyfunction]
fn merge_analyses(game: &Game, parts: Vec<String>) -> PyResult<String> {
    let mut all = Analysis::new(&game.engine);
    for p in &parts {
        all.merge(&raw::from_raw(&game.engine, p).map_err(PyValueError::new_err)?);
    }
    Ok(raw::to_raw(&all).to_string())
}

/// The report of a raw analysis, as JSON text identical to `tabula analyze --json`.
#[pyfunction]
fn analysis_report(game: &Game, raw: &str) -> PyResult<String> {
    let a = raw::from_raw(&game.engine, raw).map_err(PyValueError::new_err)?;
    Ok(tabula::analyze::to_json(&game.engine, &a).to_string())
}

/// The report as `tabula analyze` prints it.
#[pyfunction]
fn analysis_text(game: &Game, raw: &str) -> PyResult<String> {
    let a = raw::from_raw(&game.engine, raw).map_err(PyValueError::new_err)?;
    Ok(tabula::analyze::to_text(&game.engine, &a))
}

#[pymodule]
fn _tabula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("TERMINAL", TERMINAL)?;
    m.add("ACTION_CAP", ACTION_CAP)?;
    m.add("MAX_MASK", limits::MAX_MASK)?;
    m.add("MAX_OBSERVATION", limits::MAX_OBSERVATION)?;
    m.add("MAX_LISTED", limits::MAX_LISTED)?;
    m.add("MAX_GAMES", limits::MAX_GAMES)?;
    m.add("MAX_THREADS", limits::MAX_THREADS)?;
    m.add("MAX_THINK_MS", limits::MAX_THINK_MS)?;
    m.add("MAX_SIMULATIONS", limits::MAX_SIMULATIONS)?;
    m.add("MAX_SOURCE_BYTES", tabula::syntax::MAX_SOURCE_BYTES)?;
    m.add_class::<Game>()?;
    m.add_class::<GameState>()?;
    m.add_class::<PyAgent>()?;
    m.add_function(wrap_pyfunction!(load, m)?)?;
    m.add_function(wrap_pyfunction!(random_game_actions, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(analyze_range, m)?)?;
    m.add_function(wrap_pyfunction!(merge_analyses, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_report, m)?)?;
    m.add_function(wrap_pyfunction!(analysis_text, m)?)?;
    Ok(())
}
