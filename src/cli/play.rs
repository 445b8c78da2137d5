//! `tabula play FILE [--players human,mcts] [--seed S] [--think MS] [--record FILE] [--svg FILE]`
//!
//! An interactive game in the terminal. Each seat is a human (actions typed at the prompt) or
//! an agent. With stdin not a terminal, one action or command is read per line, so games can be
//! scripted; illegal input is answered with a reason and the game goes on.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;

use clap::Args;

use super::{Failure, GameArgs};
use crate::agent::{Agent, Budget, Mcts, make_agent};
use crate::engine::{ActionKind, Engine, State};
use crate::record::Record;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Who sits in each seat, in turn order: `human`, `random`, `mcts` or `mcts:ITERATIONS`.
    #[arg(long, default_value = "human,mcts", value_delimiter = ',')]
    players: Vec<String>,
    /// Seed of the agents' random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Milliseconds an `mcts` agent thinks per action (also used by `hint`).
    #[arg(long, default_value_t = 1000)]
    think: u64,
    /// Keep a record of the game in this file, rewritten after every turn.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Keep an SVG picture of the position in this file, rewritten after every turn.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Stop a game that has not ended after this many actions.
    #[arg(long, default_value_t = crate::engine::playout::ACTION_CAP)]
    max_actions: u32,
}

const HELP: &str = "\
actions:  c3 (place)  c3-d4 (slide)  c3>d4 (relocate)  end  pass
commands: moves   list the legal actions
          undo    take back your last action (and the replies to it)
          hint    ask the computer for a suggestion
          board   show the position again
          save F  write the game record to file F
          help    this text
          quit    stop playing";

/// A seat at the table.
enum Seat {
    Human,
    Agent(Box<dyn Agent>),
}

/// Where typed lines come from.
enum Input {
    Editor(Box<rustyline::DefaultEditor>),
    Lines(std::io::StdinLock<'static>),
}

impl Input {
    fn open() -> Input {
        if std::io::stdin().is_terminal() {
            if let Ok(editor) = rustyline::DefaultEditor::new() {
                return Input::Editor(Box::new(editor));
            }
        }
        Input::Lines(std::io::stdin().lock())
    }

    /// The next line, or `None` at the end of input.
    fn line(&mut self, prompt: &str) -> Option<String> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Some(line)
                }
                Err(_) => None,
            },
            Input::Lines(stdin) => {
                print!("{prompt}");
                let _ = std::io::stdout().flush();
                let mut line = String::new();
                match stdin.read_line(&mut line) {
                    Ok(0) | Err(_) => None,
                    Ok(_) => {
                        // Echo scripted input so that a transcript reads like a session.
                        println!("{}", line.trim_end());
                        Some(line)
                    }
                }
            }
        }
    }
}

struct Session<'e> {
    engine: &'e Engine,
    seats: Vec<Seat>,
    state: State,
    /// States before each action, for `undo`.
    history: Vec<(State, Record)>,
    record: Record,
    /// Actions of the turn in progress.
    turn: Vec<String>,
    args: &'e PlayArgs,
    seed: u64,
}

pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let engine = Engine::new(args.game.load()?);
    let game = engine.game();
    if args.players.len() != game.players.len() {
        let names: Vec<&str> = game.players.iter().map(|p| p.name.as_str()).collect();
        return Err(Failure::Usage(format!(
            "--players needs one entry per player ({}: {}); got {}",
            names.len(),
            names.join(", "),
            args.players.len()
        )));
    }
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1)
    });
    let mut session = Session {
        engine: &engine,
        seats: Vec::new(),
        state: engine.initial(),
        history: Vec::new(),
        record: Record::for_game(game),
        turn: Vec::new(),
        args,
        seed,
    };
    session.seats = session.make_seats().map_err(Failure::Usage)?;
    let seats: Vec<String> =
        game.players.iter().zip(&args.players).map(|(p, s)| format!("{} ({})", p.name, s.trim())).collect();
    println!("{} — {}", super::title(game), seats.join(" vs "));
    println!("type `help` for the commands");
    session.show();
    let mut input = Input::open();
    session.play(&mut input)
}

impl Session<'_> {
    fn make_seats(&self) -> Result<Vec<Seat>, String> {
        self.args
            .players
            .iter()
            .enumerate()
            .map(|(i, spec)| match spec.trim() {
                "human" => Ok(Seat::Human),
                other => make_agent(other, self.seed.wrapping_add(i as u64), self.args.think).map(Seat::Agent),
            })
            .collect()
    }

    fn play(&mut self, input: &mut Input) -> Result<(), Failure> {
        loop {
            let Some(player) = self.engine.to_move(&self.state) else {
                println!("{}", super::result_line(self.engine, &self.state));
                self.save_files();
                return Ok(());
            };
            if self.state.actions() >= self.args.max_actions {
                println!("stopped after {} actions without an end (`--max-actions`)", self.state.actions());
                self.save_files();
                return Ok(());
            }
            let name = self.engine.game().players[player].name.clone();
            let action = match &mut self.seats[player] {
                Seat::Agent(agent) => {
                    let action = agent.choose(self.engine, &self.state);
                    println!("{name} plays {}", self.engine.action_text(action));
                    action
                }
                Seat::Human => {
                    let prompt = format!("{name}: {}> ", describe_decision(self.engine, &self.state));
                    let Some(line) = input.line(&prompt) else {
                        println!("input ended before the game did");
                        self.save_files();
                        return Ok(());
                    };
                    match self.command(line.trim()) {
                        Command::Action(action) => action,
                        Command::Quit => {
                            self.save_files();
                            return Ok(());
                        }
                        Command::Done => continue,
                    }
                }
            };
            self.make(action);
        }
    }

    /// Applies an action everyone agreed on, tells the agents, and keeps the record.
    fn make(&mut self, action: crate::engine::Action) {
        let before = self.state.clone();
        let turns_before = before.turns_completed();
        self.history.push((before.clone(), self.record_now()));
        self.engine.apply_unchecked(&mut self.state, action);
        for seat in &mut self.seats {
            if let Seat::Agent(agent) = seat {
                agent.observe(self.engine, &before, action);
            }
        }
        self.turn.push(self.engine.action_text(action));
        let turn_over = self.state.turns_completed() > turns_before || self.engine.outcome(&self.state).is_some();
        if turn_over {
            self.record.turns.push(crate::record::Turn { line: 0, actions: std::mem::take(&mut self.turn) });
            self.show();
            self.save_files();
        }
    }

    /// The record including the turn in progress.
    fn record_now(&self) -> Record {
        let mut r = self.record.clone();
        if !self.turn.is_empty() {
            r.turns.push(crate::record::Turn { line: 0, actions: self.turn.clone() });
        }
        r
    }

    fn show(&self) {
        print!("{}", crate::display::board(self.engine, &self.state));
        print!("{}", crate::display::status(self.engine, &self.state));
        if self.engine.outcome(&self.state).is_none() {
            println!("{}", super::result_line(self.engine, &self.state));
        }
    }

    fn save_files(&self) {
        if let Some(path) = &self.args.record {
            if let Err(e) = self.record_now().save(path) {
                eprintln!("error: cannot write the record to {}: {e}", path.display());
            }
        }
        if let Some(path) = &self.args.svg {
            let picture = super::render::picture_svg(self.engine, &self.state, None);
            if let Err(e) = crate::record::write_atomically(path, picture.as_bytes()) {
                eprintln!("error: cannot write the picture to {}: {e}", path.display());
            }
        }
    }

    fn command(&mut self, line: &str) -> Command {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        match word {
            "" => Command::Done,
            "help" | "?" => {
                println!("{HELP}");
                Command::Done
            }
            "quit" | "exit" => Command::Quit,
            "board" => {
                self.show();
                Command::Done
            }
            "moves" => {
                let legal: Vec<String> =
                    self.engine.legal(&self.state).iter().map(|&a| self.engine.action_text(a)).collect();
                println!("{} legal: {}", legal.len(), legal.join(" "));
                Command::Done
            }
            "undo" => {
                self.undo();
                Command::Done
            }
            "hint" => {
                let mut mcts = Mcts::new(self.seed ^ 0x68696e74, Budget::Millis(self.args.think.max(1)));
                let ranked = mcts.analyse(self.engine, &self.state);
                match ranked.first() {
                    Some((action, visits, value)) => println!(
                        "hint: {} (won {:.0}% of {visits} simulations)",
                        self.engine.action_text(*action),
                        value * 100.0
                    ),
                    None => println!("no hint: nothing to play"),
                }
                Command::Done
            }
            "save" => {
                let path = rest.trim();
                if path.is_empty() {
                    println!("usage: save FILE");
                } else {
                    match self.record_now().save(std::path::Path::new(path)) {
                        Ok(()) => println!("saved to {path}"),
                        Err(e) => println!("cannot save to {path}: {e}"),
                    }
                }
                Command::Done
            }
            _ => match self.engine.parse_action(line) {
                Ok(action) if self.engine.legal(&self.state).contains(&action) => Command::Action(action),
                Ok(action) => {
                    println!("illegal: {}", self.engine.explain_illegal(&self.state, action));
                    Command::Done
                }
                Err(reason) => {
                    println!("not an action: {reason} (type `help`)");
                    Command::Done
                }
            },
        }
    }

    /// Takes back actions until it is a human's decision again (at least one action).
    fn undo(&mut self) {
        let mut undone = 0;
        while let Some((state, record)) = self.history.pop() {
            self.state = state;
            self.turn = Vec::new();
            self.record = record;
            if let Some(last) = self.record.turns.last() {
                // The record kept the turn in progress as its last line: resume it.
                let in_progress = self.state.turns_completed() < self.record.turns.len() as u32;
                if in_progress {
                    self.turn = last.actions.clone();
                    self.record.turns.pop();
                }
            }
            undone += 1;
            let human = self.engine.to_move(&self.state).is_some_and(|p| matches!(self.seats[p], Seat::Human));
            if human {
                break;
            }
        }
        if undone == 0 {
            println!("nothing to undo");
            return;
        }
        // Agents may hold search trees of the abandoned line: start them afresh.
        if let Ok(seats) = self.make_seats() {
            self.seats = seats;
        }
        println!("took back {undone} action{}", if undone == 1 { "" } else { "s" });
        self.show();
    }
}

enum Command {
    Action(crate::engine::Action),
    Done,
    Quit,
}

/// What the player to move may do now, in a few words.
pub fn describe_decision(engine: &Engine, state: &State) -> String {
    let legal = engine.legal(state);
    if legal.iter().all(|a| a.kind == ActionKind::Pass) {
        return "no move is possible: `pass`".into();
    }
    let mut parts = Vec::new();
    let has = |k: ActionKind| legal.iter().any(|a| a.kind == k);
    // An example of each kind of action, from the legal ones.
    let example =
        |k: ActionKind| legal.iter().find(|a| a.kind == k).map(|&a| engine.action_text(a)).unwrap_or_default();
    for (kind, what) in [
        (ActionKind::Place, "place a stone"),
        (ActionKind::Slide, "slide a stone"),
        (ActionKind::Relocate, "relocate a stone"),
    ] {
        if has(kind) {
            parts.push(format!("{what} (e.g. `{}`)", example(kind)));
        }
    }
    let mut text = parts.join(" or ");
    let (_, done, min, max) = state.stage();
    if max > 1 {
        let bound = if min < max { format!("up to {max}") } else { max.to_string() };
        text.push_str(&format!(", action {} of {bound}", done + 1));
    }
    if has(ActionKind::End) {
        text.push_str(", or `end`");
    }
    let turn = state.turns_completed() + 1;
    format!("turn {turn}, {text}")
}
