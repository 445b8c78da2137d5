//! `tabula play FILE [--players human,mcts] [--seed S] [--think MS] [--record FILE] [--svg FILE]`
//!
//! An interactive game in the terminal. Each seat is a human (actions typed at the prompt) or
//! an agent. With stdin not a terminal, one action or command is read per line, so games can be
//! scripted; illegal input is answered with a reason and the game goes on.

use std::io::{BufRead, IsTerminal, Read, Write};
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
    /// Keep a record of the game in this file, rewritten after every turn (an existing record
    /// is kept unless `--force` is given).
    #[arg(long)]
    record: Option<PathBuf>,
    /// Let `--record` overwrite an existing file.
    #[arg(long)]
    force: bool,
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
          save F  write the game record to file F (a new file)
          save! F write the game record to file F, overwriting it
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

    /// The next line, or `None` at the end of input. A line that is not text (invalid UTF-8, or
    /// longer than [`MAX_LINE`]) is `Some(Err(why))`: refused, and the game goes on.
    fn line(&mut self, prompt: &str) -> Option<Result<String, &'static str>> {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Some(Ok(line))
                }
                Err(rustyline::error::ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    Some(Err(NOT_TEXT))
                }
                // The terminal was resized: prompt again.
                Err(rustyline::error::ReadlineError::Signal(_)) => Some(Ok(String::new())),
                Err(_) => None,
            },
            Input::Lines(stdin) => {
                print!("{prompt}");
                let _ = std::io::stdout().flush();
                let mut bytes = Vec::new();
                match stdin.by_ref().take(MAX_LINE as u64).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => None,
                    Ok(_) if bytes.len() >= MAX_LINE && !bytes.ends_with(b"\n") => {
                        // Skip the rest of the line without keeping it.
                        let _ = stdin.skip_until(b'\n');
                        println!();
                        Some(Err(TOO_LONG))
                    }
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(line) => {
                            // Echo scripted input so that a transcript reads like a session.
                            println!("{}", line.trim_end());
                            Some(Ok(line))
                        }
                        Err(_) => {
                            println!();
                            Some(Err(NOT_TEXT))
                        }
                    },
                }
            }
        }
    }
}

/// Longest line read at the prompt; nothing anyone types comes close.
const MAX_LINE: usize = 64 * 1024;
const NOT_TEXT: &str = "the line is not UTF-8 text";
const TOO_LONG: &str = "the line is too long";

struct Session<'e> {
    engine: &'e Engine,
    seats: Vec<Seat>,
    state: State,
    /// Every action played, with the player who chose it. `undo` replays them from the start
    /// rather than keeping a copy of the state per action, whose memory grows with the square
    /// of the game's length.
    history: Vec<(crate::engine::Action, usize)>,
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
    if let Some(path) = &args.record {
        // An empty file, a device or a FIFO holds nothing a record could destroy.
        let existing = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0);
        if existing && !args.force {
            return Err(Failure::Usage(format!(
                "`{}` already exists; give --force to overwrite it, or choose another file",
                path.display()
            )));
        }
    }
    // Files that cannot be written are found now, not after the first turn.
    session.write_files().map_err(Failure::Usage)?;
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
                    let line = match input.line(&prompt) {
                        None => {
                            println!("input ended before the game did");
                            self.save_files();
                            return Ok(());
                        }
                        Some(Err(why)) => {
                            println!("not an action: {why} (type `help`)");
                            continue;
                        }
                        Some(Ok(line)) => line,
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
        if let Some(player) = self.engine.to_move(&before) {
            self.history.push((action, player));
        }
        let turn_over = self.advance(action);
        for seat in &mut self.seats {
            if let Seat::Agent(agent) = seat {
                agent.observe(self.engine, &before, action);
            }
        }
        if turn_over {
            self.show();
            self.save_files();
        }
    }

    /// Plays `action` on the state and the record; whether it ended the turn.
    fn advance(&mut self, action: crate::engine::Action) -> bool {
        let turns_before = self.state.turns_completed();
        self.engine.apply_unchecked(&mut self.state, action);
        self.turn.push(self.engine.action_text(action));
        let turn_over = self.state.turns_completed() > turns_before || self.engine.outcome(&self.state).is_some();
        if turn_over {
            self.record.turns.push(crate::record::Turn { line: 0, actions: std::mem::take(&mut self.turn) });
        }
        turn_over
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
        if let Err(e) = self.write_files() {
            eprintln!("error: {e}");
        }
    }

    /// Writes the `--record` and `--svg` files.
    fn write_files(&self) -> Result<(), String> {
        if let Some(path) = &self.args.record {
            self.record_now().save(path).map_err(|e| format!("cannot write the record to {}: {e}", path.display()))?;
        }
        if let Some(path) = &self.args.svg {
            let picture = super::render::picture_svg(self.engine, &self.state, None);
            crate::record::write_atomically(path, picture.as_bytes())
                .map_err(|e| format!("cannot write the picture to {}: {e}", path.display()))?;
        }
        Ok(())
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
            "save" | "save!" => {
                let path = rest.trim();
                let exists = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0);
                if path.is_empty() {
                    println!("usage: save FILE  (or `save! FILE` to overwrite a file)");
                } else if exists && word == "save" {
                    println!("{path} already exists: `save! {path}` overwrites it");
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
        while let Some((_, player)) = self.history.pop() {
            undone += 1;
            // The position before this action was `player`'s decision.
            if matches!(self.seats[player], Seat::Human) {
                break;
            }
        }
        if undone == 0 {
            println!("nothing to undo");
            return;
        }
        // Play what is left again from the start.
        self.state = self.engine.initial();
        self.record = Record::for_game(self.engine.game());
        self.turn = Vec::new();
        let actions: Vec<crate::engine::Action> = self.history.iter().map(|&(a, _)| a).collect();
        for action in actions {
            self.advance(action);
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
