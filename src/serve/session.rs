//! One game being played on the server: the engine, the actions so far, who sits in each seat,
//! and the record, kept the way `tabula play` keeps them (a turn's actions go into the record
//! when the turn is over).
//!
//! The session holds no lock of its own; the [`super::store`] wraps it in a mutex that is never
//! held across an `await`. An agent's search runs without the lock: the agent is taken out of
//! its seat ([`Session::begin_thinking`]), searches on a blocking thread, and its answer is
//! applied only if the game has not changed meanwhile ([`Session::finish_thinking`]).

use std::sync::Arc;

use serde_json::{Value, json};

use crate::agent::{Agent, make_agent};
use crate::engine::{Action, ActionKind, Engine, State};
use crate::record::{Record, Turn};
use crate::render::{Picture, svg_with_sites_and_pieces};

/// Longest think time for a computer player, in milliseconds.
pub const MAX_THINK_MS: u64 = 30_000;

/// Who sits in a seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    Human,
    Random,
    Mcts,
    Grave,
    AlphaBeta,
}

impl Seat {
    pub fn parse(text: &str) -> Result<Seat, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "human" => Ok(Seat::Human),
            "random" => Ok(Seat::Random),
            "mcts" => Ok(Seat::Mcts),
            "grave" => Ok(Seat::Grave),
            "alphabeta" => Ok(Seat::AlphaBeta),
            other => {
                Err(format!("unknown player `{other}`; players are `human`, `random`, `mcts`, `grave` and `alphabeta`"))
            }
        }
    }

    fn name(self) -> &'static str {
        match self {
            Seat::Human => "human",
            Seat::Random => "random",
            Seat::Mcts => "mcts",
            Seat::Grave => "grave",
            Seat::AlphaBeta => "alphabeta",
        }
    }
}

/// An error of the request, with the HTTP status it deserves.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal { status, message: message.into() }
    }
}

pub struct Session {
    engine: Arc<Engine>,
    seats: Vec<Seat>,
    think_ms: u64,
    /// One agent per computer seat (`None` for people, and while the agent is thinking).
    agents: Vec<Option<Box<dyn Agent>>>,
    state: State,
    actions: Vec<Action>,
    /// The player who made each action.
    movers: Vec<usize>,
    /// Completed turns, plus the header.
    record: Record,
    /// Actions of the turn in progress.
    turn: Vec<String>,
    /// Bumped by every change, so that a search started before a change is not applied after.
    version: u64,
    /// A computer player is thinking.
    thinking: bool,
    pub touched: std::time::Instant,
}

impl Session {
    pub fn new(engine: Engine, seats: Vec<Seat>, think_ms: u64) -> Result<Session, Refusal> {
        let game = engine.game();
        if seats.len() != game.players.len() {
            let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
            return Err(Refusal::new(
                400,
                format!("`players` needs one entry per player ({}); got {}", names.join(", "), seats.len()),
            ));
        }
        let record = Record::for_game(game);
        let state = engine.initial();
        let mut session = Session {
            engine: Arc::new(engine),
            seats,
            think_ms: think_ms.clamp(1, MAX_THINK_MS),
            agents: Vec::new(),
            state,
            actions: Vec::new(),
            movers: Vec::new(),
            record,
            turn: Vec::new(),
            version: 0,
            thinking: false,
            touched: std::time::Instant::now(),
        };
        session.agents = session.fresh_agents();
        Ok(session)
    }

    /// A session positioned at the end of a record (checked action by action).
    pub fn from_record(engine: Engine, seats: Vec<Seat>, think_ms: u64, record: &Record) -> Result<Session, Refusal> {
        record.matches(engine.game()).map_err(|m| Refusal::new(422, m))?;
        if record.position.is_some() {
            return Err(Refusal::new(
                422,
                "the record begins from a `(position ...)`; the playground plays games from the start",
            ));
        }
        crate::record::replay(&engine, record).map_err(|e| Refusal::new(422, format!("the record: {e}")))?;
        let mut session = Session::new(engine, seats, think_ms)?;
        for action in record.turns.iter().flat_map(|t| &t.actions) {
            let action = session.engine.parse_action(action).map_err(|m| Refusal::new(422, m))?;
            session.make(action).map_err(|m| Refusal::new(422, m))?;
        }
        session.agents = session.fresh_agents();
        Ok(session)
    }

    fn fresh_agents(&self) -> Vec<Option<Box<dyn Agent>>> {
        self.seats
            .iter()
            .map(|seat| match seat {
                Seat::Human => None,
                // Both specs are valid, so `make_agent` cannot refuse them.
                other => make_agent(other.name(), rand::random(), self.think_ms).ok(),
            })
            .collect()
    }

    pub fn is_thinking(&self) -> bool {
        self.thinking
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Makes a legal action: tells the agents, keeps the record.
    fn make(&mut self, action: Action) -> Result<(), String> {
        let before = self.state.clone();
        let mover = self.engine.to_move(&before).ok_or("the game is over")?;
        self.engine.apply(&mut self.state, action).map_err(|e| e.to_string())?;
        for agent in self.agents.iter_mut().flatten() {
            agent.observe(&self.engine, &before, action);
        }
        self.actions.push(action);
        self.movers.push(mover);
        self.turn.push(self.engine.action_text(action));
        let turn_over =
            self.state.turns_completed() > before.turns_completed() || self.engine.outcome(&self.state).is_some();
        if turn_over {
            self.record.turns.push(Turn { line: 0, actions: std::mem::take(&mut self.turn) });
        }
        self.version += 1;
        Ok(())
    }

    /// A person's action, written as text.
    pub fn apply(&mut self, text: &str) -> Result<(), Refusal> {
        if self.thinking {
            return Err(Refusal::new(409, "a computer player is thinking; wait for its move"));
        }
        let Some(player) = self.engine.to_move(&self.state) else {
            return Err(Refusal::new(409, "the game is over"));
        };
        if self.seats[player] != Seat::Human {
            return Err(Refusal::new(
                409,
                format!(
                    "it is {}'s turn, a computer player: ask it to move with POST …/step",
                    self.engine.game().players[player].name
                ),
            ));
        }
        let action = self.engine.parse_action(text).map_err(|m| Refusal::new(422, format!("not an action: {m}")))?;
        self.make(action).map_err(|m| Refusal::new(422, m))
    }

    /// Takes the agent of the player to move out of its seat, for a search off the lock.
    pub fn begin_thinking(&mut self) -> Result<Thinking, Refusal> {
        if self.thinking {
            return Err(Refusal::new(409, "a computer player is already thinking"));
        }
        let Some(player) = self.engine.to_move(&self.state) else {
            return Err(Refusal::new(409, "the game is over"));
        };
        let Some(agent) = self.agents[player].take() else {
            return Err(Refusal::new(
                409,
                format!("it is {}'s turn, and a person plays that seat", self.engine.game().players[player].name),
            ));
        };
        self.thinking = true;
        Ok(Thinking {
            engine: Arc::clone(&self.engine),
            state: self.state.clone(),
            agent,
            player,
            version: self.version,
        })
    }

    /// Puts the agent back and makes its choice, if the game is still where it was.
    pub fn finish_thinking(&mut self, thought: Thought) {
        self.thinking = false;
        let Thought { agent, player, version, action } = thought;
        if self.agents[player].is_none() {
            self.agents[player] = Some(agent);
        }
        if version == self.version {
            // The agent chose among the legal actions of this very state.
            let _ = self.make(action);
        }
    }

    /// Gives up a search whose thread failed: the seat gets a fresh agent.
    pub fn abandon_thinking(&mut self) {
        self.thinking = false;
        let fresh = self.fresh_agents();
        for (slot, agent) in self.agents.iter_mut().zip(fresh) {
            if slot.is_none() {
                *slot = agent;
            }
        }
    }

    /// Takes back actions until a person is to move again (at least one action); returns how
    /// many.
    pub fn undo(&mut self) -> Result<usize, Refusal> {
        if self.thinking {
            return Err(Refusal::new(409, "a computer player is thinking; wait for its move"));
        }
        let mut undone = 0;
        while let Some(mover) = self.movers.pop() {
            self.actions.pop();
            undone += 1;
            if self.seats[mover] == Seat::Human {
                break;
            }
        }
        if undone == 0 {
            return Err(Refusal::new(409, "nothing to undo"));
        }
        let actions = std::mem::take(&mut self.actions);
        self.state = self.engine.initial();
        self.movers.clear();
        self.record.turns.clear();
        self.turn.clear();
        for action in actions {
            // These actions were legal in this order before.
            let _ = self.make(action);
        }
        // The agents may hold search trees of the abandoned line.
        self.agents = self.fresh_agents();
        self.version += 1;
        Ok(undone)
    }

    /// The record including the turn in progress.
    pub fn record(&self) -> Record {
        let mut r = self.record.clone();
        if !self.turn.is_empty() {
            r.turns.push(Turn { line: 0, actions: self.turn.clone() });
        }
        r
    }

    /// The state as the API shows it; with `ply`, the position after that many actions (for
    /// stepping through a game), otherwise the current one.
    pub fn to_json(&self, id: &str, ply: Option<usize>) -> Value {
        let engine = &self.engine;
        let game = engine.game();
        let ply = ply.map(|p| p.min(self.actions.len()));
        let viewed;
        let state = match ply {
            Some(p) if p < self.actions.len() => {
                let mut s = engine.initial();
                for &a in &self.actions[..p] {
                    engine.apply_unchecked(&mut s, a);
                }
                viewed = s;
                &viewed
            }
            _ => &self.state,
        };
        let current = ply.is_none_or(|p| p == self.actions.len());
        let to_move = engine.to_move(state);
        let legal: Vec<Value> =
            if current { engine.legal(state).iter().map(|&a| self.action_json(a)).collect() } else { Vec::new() };
        let players: Vec<Value> = game
            .players
            .iter()
            .zip(&self.seats)
            .map(|(p, s)| json!({"name": p.name, "team": game.teams[p.team], "seat": s.name()}))
            .collect();
        let moves: Vec<Value> = self.record().turns.iter().map(|t| Value::from(t.actions.join(" "))).collect();
        let outcome = engine.outcome(state);
        // Hands that keep captures, by kind, for the drops the page offers from them.
        let hands: Vec<Value> = if game.keeps_captures {
            (0..game.players.len())
                .map(|p| {
                    let pieces: Vec<Value> = (0..game.pieces.len() as u8)
                        .filter(|&k| state.held(p, k) > 0)
                        .map(|k| {
                            let kind = &game.pieces[k as usize];
                            json!({"kind": kind.name, "letter": kind.letter().to_string(), "count": state.held(p, k)})
                        })
                        .collect();
                    json!({"player": p, "pieces": pieces})
                })
                .collect()
        } else {
            Vec::new()
        };
        json!({
            "id": id,
            "title": crate::summary::title(game),
            "game": game.name,
            "variant": game.variant,
            "options": game.options.iter().map(|o| (o.name.clone(), Value::from(o.show(o.value)))).collect::<serde_json::Map<_, _>>(),
            "players": players,
            "to_move": to_move,
            "seat_to_move": to_move.map(|p| self.seats[p].name()),
            "legal": legal,
            "hands": hands,
            "stage": {"done": state.stage().1, "min": state.stage().2, "max": state.stage().3},
            "moves": moves,
            "actions": self.actions.len(),
            "ply": ply.unwrap_or(self.actions.len()),
            "over": outcome.is_some(),
            "result": crate::summary::result_line(engine, state),
            "winner": outcome.and_then(|o| o.winner).map(|t| game.teams[t].clone()),
            "scores": outcome.and_then(|o| o.scores.clone()),
            "thinking": self.thinking && current,
            "think_ms": self.think_ms,
            "svg": picture(engine, state),
        })
    }

    /// The player to move and the legal actions, without drawing the board.
    pub fn legal_json(&self) -> Value {
        let legal: Vec<Value> = self.engine.legal(&self.state).iter().map(|&a| self.action_json(a)).collect();
        json!({"to_move": self.engine.to_move(&self.state), "legal": legal})
    }

    fn action_json(&self, action: Action) -> Value {
        let e = &self.engine;
        let kind = action.kind.name();
        let (from, to) = match action.kind {
            ActionKind::Place => (None, Some(e.label(action.to))),
            ActionKind::Slide | ActionKind::Relocate => (Some(e.label(action.from)), Some(e.label(action.to))),
            // A stone chosen and taken off: clicked where it stands, as a placement is.
            ActionKind::Take => (None, Some(e.label(action.to))),
            ActionKind::End | ActionKind::Pass => (None, None),
        };
        // A placement from a hand names the kind it takes.
        let piece = match (action.kind, action.promoted()) {
            (ActionKind::Place, Some(k)) => Some(e.game().pieces[k as usize].name.clone()),
            _ => None,
        };
        json!({"text": e.action_text(action), "kind": kind, "from": from, "to": to, "piece": piece})
    }
}

/// The board with its stones, the relations the rules use, the last action's site marked,
/// and a clickable disc on every site.
pub fn picture(engine: &Engine, state: &State) -> String {
    let game = engine.game();
    let stones: Vec<Option<usize>> = (0..game.board.site_count() as u16).map(|s| engine.stone(state, s)).collect();
    let relations: Vec<usize> = game.relations_used().into_iter().map(usize::from).collect();
    let highlight: Vec<u16> = state
        .last_action()
        .filter(|a| matches!(a.kind, ActionKind::Place | ActionKind::Slide | ActionKind::Relocate))
        .map(|a| vec![a.to])
        .unwrap_or_default();
    // Kinds' letters and pieces of nobody's, as `tabula render` draws them.
    let sites = game.board.site_count() as u16;
    let kinds: Vec<u8> = (0..sites).map(|s| engine.kind(state, s).unwrap_or(0)).collect();
    let neutral: Vec<bool> = (0..sites).map(|s| engine.neutral_at(state, s)).collect();
    let picture = Picture { game, stones: &stones, highlight: &highlight, relations: &relations, title: None };
    svg_with_sites_and_pieces(&picture, &kinds, &neutral)
}

/// A search to run off the lock.
pub struct Thinking {
    pub engine: Arc<Engine>,
    pub state: State,
    pub agent: Box<dyn Agent>,
    pub player: usize,
    pub version: u64,
}

impl Thinking {
    /// Runs the search (blocking: call it on a blocking thread).
    pub fn run(mut self) -> Thought {
        let action = self.agent.choose(&self.engine, &self.state);
        Thought { agent: self.agent, player: self.player, version: self.version, action }
    }
}

/// A finished search.
pub struct Thought {
    agent: Box<dyn Agent>,
    player: usize,
    version: u64,
    action: Action,
}
