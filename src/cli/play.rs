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
use crate::game::MoveKind;
use crate::record::Record;

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Who sits in each seat, in turn order, separated by commas: `human`, `random`, `mcts`,
    /// `grave` or `alphabeta`, each agent with its parameters (`mcts:sims=1000,c=0.7`; see
    /// docs/AGENTS.md).
    #[arg(long, default_value = "human,mcts", value_parser = super::versus::players)]
    players: super::versus::Players,
    /// Seed of the agents' random choices (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Milliseconds an `mcts` agent thinks per action (also used by `hint`).
    #[arg(long, default_value_t = 1000, value_parser = super::limits::think)]
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
    /// Continue the game of this record (its variant and options unless given), with the seats
    /// given by `--players`.
    #[arg(long, value_name = "FILE.rec")]
    resume: Option<PathBuf>,
    /// Begin from this position instead of the game's start (a file, or the text itself when
    /// it begins with `(`); the record says so.
    #[arg(long, value_name = "FILE|TEXT", conflicts_with = "resume")]
    position: Option<String>,
    /// Stop a game that has not ended after this many actions.
    #[arg(long, default_value_t = crate::engine::playout::ACTION_CAP)]
    max_actions: u32,
}

const COMMANDS_HELP: &str = "\
commands: moves   list the legal actions (`moves c3`: those involving c3; `moves >`: one kind;
                  `moves @`, `moves P@`: placements from the hand, of any kind or of one)
          undo    take back your last action (and the replies to it)
          hint    ask the computer for a suggestion
          board   show the position again
          save F  write the game record to file F (a new file); also after the game ends
          save! F write the game record to file F, overwriting it
          load F  continue the game recorded in file F (`play --resume F` does it at the start)
          help    this text
          quit    stop playing (the `--record` file keeps the game)
Ctrl-C asks whether to quit; quitting that way saves the `--record` file and exits with status 1.";

/// The words of [`COMMANDS_HELP`], for did-you-mean.
const COMMANDS: [&str; 10] = ["moves", "undo", "hint", "board", "save", "save!", "load", "help", "quit", "exit"];

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

    /// The next line typed. A line that is not text (invalid UTF-8, or longer than
    /// [`MAX_LINE`]) is refused, and the game goes on.
    fn line(&mut self, prompt: &str) -> Line {
        match self {
            Input::Editor(editor) => match editor.readline(prompt) {
                Ok(line) => {
                    let _ = editor.add_history_entry(line.as_str());
                    Line::Text(line)
                }
                Err(rustyline::error::ReadlineError::Io(e)) if e.kind() == std::io::ErrorKind::InvalidData => {
                    Line::Refused(NOT_TEXT)
                }
                // The terminal was resized: prompt again.
                Err(rustyline::error::ReadlineError::Signal(_)) => Line::Text(String::new()),
                Err(rustyline::error::ReadlineError::Interrupted) => Line::Interrupted,
                Err(_) => Line::End,
            },
            Input::Lines(stdin) => {
                print!("{prompt}");
                let _ = std::io::stdout().flush();
                let mut bytes = Vec::new();
                match stdin.by_ref().take(MAX_LINE as u64).read_until(b'\n', &mut bytes) {
                    Ok(0) | Err(_) => {
                        println!();
                        Line::End
                    }
                    Ok(_) if bytes.len() >= MAX_LINE && !bytes.ends_with(b"\n") => {
                        // Skip the rest of the line without keeping it.
                        let _ = stdin.skip_until(b'\n');
                        println!();
                        Line::Refused(TOO_LONG)
                    }
                    Ok(_) => match String::from_utf8(bytes) {
                        Ok(line) => {
                            // Echo scripted input so that a transcript reads like a session.
                            println!("{}", line.trim_end());
                            Line::Text(line)
                        }
                        Err(_) => {
                            println!();
                            Line::Refused(NOT_TEXT)
                        }
                    },
                }
            }
        }
    }
}

/// What the prompt got.
enum Line {
    Text(String),
    /// Not a line of text: said why, and the game goes on.
    Refused(&'static str),
    /// Ctrl-C at a terminal.
    Interrupted,
    /// The end of input (Ctrl-D, or the end of a script).
    End,
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
    /// Where the game began: the game's start or a `--position` (or a resumed record's).
    start: State,
    /// That position as one line of text for the record (`None`: the game's start).
    start_text: Option<String>,
    record: Record,
    /// Actions of the turn in progress.
    turn: Vec<String>,
    args: &'e PlayArgs,
    seed: u64,
}

pub fn run(args: &PlayArgs) -> Result<(), Failure> {
    let (engine, resumed) = match &args.resume {
        Some(path) => {
            let (engine, record) = super::replay::load(&args.game, path)?;
            (engine, Some(record))
        }
        None => (Engine::new(args.game.load()?), None),
    };
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
    let start = match &args.position {
        Some(arg) => super::position::read_position(&engine, arg)?,
        None => engine.initial(),
    };
    let start_text = match &args.position {
        Some(_) => Some(crate::position::write_line(&engine, &start).map_err(|m| Failure::Problems(Some(m)))?),
        None => None,
    };
    let mut record = Record::for_game(game);
    record.position = start_text.clone().map(|t| (0, t));
    let mut session = Session {
        engine: &engine,
        seats: Vec::new(),
        state: start.clone(),
        history: Vec::new(),
        start,
        start_text,
        record,
        turn: Vec::new(),
        args,
        seed,
    };
    session.seats = session.make_seats().map_err(Failure::Usage)?;
    if let (Some(path), Some(record)) = (&args.resume, &resumed) {
        session.restore(record).map_err(|e| Failure::Problems(Some(format!("{}: {e}", path.display()))))?;
    }
    let mut _record_lock = None;
    if let Some(path) = &args.record {
        _record_lock = crate::files::Lock::beside(path)
            .map_err(|e| Failure::Usage(format!("cannot write the record to {}: {e}", path.display())))?;
        if same_file(path, args.resume.as_deref()) {
            crate::files::release_input(path);
        }
        // An empty file, a device or a FIFO holds nothing a record could destroy; nor does
        // the record being resumed, which the game continues.
        let existing = std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > 0);
        if existing && !args.force && !same_file(path, args.resume.as_deref()) {
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
    println!("{} — {}", crate::summary::title(game), seats.join(" vs "));
    if resumed.is_some() {
        println!("resumed after {} turns, {} actions", session.state.turns_completed(), session.state.actions());
    }
    println!("type `help` for the commands");
    session.show();
    let mut input = Input::open();
    session.play(&mut input)
}

/// The time now as `2026-11-30 10:43 UTC`, for records (days to a civil date after Howard
/// Hinnant's public-domain algorithm).
fn utc_now() -> String {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (days, rest) = ((secs / 86_400) as i64, secs % 86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02} UTC", rest / 3600, rest % 3600 / 60)
}

/// Whether `a` and `b` name the same existing file.
fn same_file(a: &std::path::Path, b: Option<&std::path::Path>) -> bool {
    let Some(b) = b else { return false };
    matches!((std::fs::canonicalize(a), std::fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
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

    fn has_human(&self) -> bool {
        self.seats.iter().any(|s| matches!(s, Seat::Human))
    }

    /// Whether no more actions are played: the game ended or reached `--max-actions`.
    fn over(&self) -> bool {
        self.engine.to_move(&self.state).is_none() || self.state.actions() >= self.args.max_actions
    }

    fn play(&mut self, input: &mut Input) -> Result<(), Failure> {
        // Whether the end of the game has been announced (it is again after an `undo`).
        let mut announced = false;
        loop {
            let over = self.over();
            if over && !announced {
                announced = true;
                if self.engine.to_move(&self.state).is_none() {
                    println!("{}", crate::summary::result_line(self.engine, &self.state));
                } else {
                    println!("stopped after {} actions without an end (`--max-actions`)", self.state.actions());
                }
                self.save_files();
                // People may still save, undo or load; agents alone have nothing more to do.
                if !self.has_human() {
                    return Ok(());
                }
            }
            if !over {
                announced = false;
            }
            let player = self.engine.to_move(&self.state).unwrap_or(0);
            let name = self.engine.game().players[player].name.clone();
            if !over {
                if let Seat::Agent(agent) = &mut self.seats[player] {
                    let action = agent.choose(self.engine, &self.state);
                    println!("{name} plays {}", self.engine.action_text(action));
                    self.make(action);
                    continue;
                }
            }
            let prompt = if over {
                "game over (`save F`, `undo`, `load F` or `quit`)> ".to_string()
            } else {
                format!("{name}: {}> ", describe_decision(self.engine, &self.state))
            };
            match input.line(&prompt) {
                Line::End => {
                    if over {
                        return Ok(());
                    }
                    // As after Ctrl-C: the record is kept, and the status says the game is not
                    // finished, for a script that pipes its moves in.
                    println!("input ended before the game did");
                    self.save_files();
                    self.say_how_to_resume();
                    return Err(Failure::Problems(None));
                }
                Line::Refused(why) => println!("not an action: {why} (type `help`)"),
                Line::Interrupted => {
                    let answer = input.line("quit? (y/n) ");
                    if matches!(&answer, Line::Interrupted | Line::End)
                        || matches!(&answer, Line::Text(t) if t.trim().to_lowercase().starts_with('y'))
                    {
                        self.save_files();
                        if !over {
                            self.say_how_to_resume();
                        }
                        return Err(Failure::Problems(Some("interrupted".into())));
                    }
                }
                Line::Text(line) => match self.command(line.trim(), over) {
                    Command::Action(action) => self.make(action),
                    Command::Quit => {
                        self.save_files();
                        if !over {
                            self.say_how_to_resume();
                        }
                        return Ok(());
                    }
                    Command::Done => {}
                },
            }
        }
    }

    /// After leaving an unfinished game: the command that continues it, or how to keep it.
    fn say_how_to_resume(&self) {
        match &self.args.record {
            Some(path) => println!(
                "the game is kept in {}: `tabula play {} --resume {}` continues it",
                path.display(),
                self.args.game.file.display(),
                path.display()
            ),
            None => println!("the game was not saved (`--record FILE` keeps it as it goes)"),
        }
    }

    /// Applies an action everyone agreed on, tells the agents, and keeps the record.
    fn make(&mut self, action: crate::engine::Action) {
        let before = self.state.clone();
        if let Some(player) = self.engine.to_move(&before) {
            self.history.push((action, player));
        }
        let turn_over = self.advance(action);
        for line in super::events::said(self.engine, &before, &self.state, action) {
            println!("{line}");
        }
        for seat in &mut self.seats {
            if let Seat::Agent(agent) = seat {
                agent.observe(self.engine, &before, action);
            }
        }
        if turn_over {
            self.show();
            self.save_files();
        } else {
            // Between the actions of a multi-action turn: the board as it now is.
            print!("{}", crate::display::board(self.engine, &self.state));
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
        let game = self.engine.game();
        let seats: Vec<String> =
            game.players.iter().zip(&self.args.players).map(|(p, s)| format!("{} ({})", p.name, s.trim())).collect();
        let result = if self.engine.outcome(&self.state).is_some() {
            crate::summary::result_line(self.engine, &self.state)
        } else {
            format!("unfinished after {} turns, {} actions", self.state.turns_completed(), self.state.actions())
        };
        r.notes = vec![
            format!("players: {}", seats.join(", ")),
            format!("seed: {}", self.seed),
            format!("date: {}", utc_now()),
            format!("result: {result}"),
        ];
        if !self.turn.is_empty() {
            r.turns.push(crate::record::Turn { line: 0, actions: self.turn.clone() });
        }
        r
    }

    fn show(&self) {
        print!("{}", crate::display::board(self.engine, &self.state));
        print!("{}", crate::display::status(self.engine, &self.state));
        if self.engine.outcome(&self.state).is_none() {
            println!("{}", crate::summary::result_line(self.engine, &self.state));
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

    fn command(&mut self, line: &str, over: bool) -> Command {
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        // Commands in any case; actions as typed.
        let lower = word.to_lowercase();
        match lower.as_str() {
            "" => Command::Done,
            "help" | "?" => {
                println!("{}", self.help());
                Command::Done
            }
            "quit" | "exit" => Command::Quit,
            "board" => {
                self.show();
                Command::Done
            }
            "moves" => {
                self.list_moves(rest.trim());
                Command::Done
            }
            "undo" => {
                self.undo();
                Command::Done
            }
            "hint" if over => {
                println!("no hint: the game is over");
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
                } else if exists && lower == "save" {
                    println!("{path} already exists: `save! {path}` overwrites it");
                } else {
                    match self.record_now().save(std::path::Path::new(path)) {
                        Ok(()) => println!("saved to {path}"),
                        Err(e) => println!("cannot save to {path}: {e}"),
                    }
                }
                Command::Done
            }
            "load" => {
                let path = rest.trim();
                if path.is_empty() {
                    println!("usage: load FILE  (a record of this game)");
                } else {
                    match self.load(std::path::Path::new(path)) {
                        Ok(()) => {
                            println!(
                                "loaded {path}: {} turns, {} actions",
                                self.state.turns_completed(),
                                self.state.actions()
                            );
                            self.show();
                        }
                        Err(e) => println!("cannot load {path}: {e}"),
                    }
                }
                Command::Done
            }
            _ if over => {
                println!("the game is over: `save FILE`, `undo`, `load FILE`, `board` or `quit`");
                Command::Done
            }
            _ => match self.engine.parse_action(line) {
                Ok(action) if self.engine.legal(&self.state).contains(&action) => Command::Action(action),
                Ok(action) => {
                    println!("illegal: {}", self.engine.explain_illegal(&self.state, action));
                    Command::Done
                }
                Err(reason) => {
                    // A misspelt command is more likely than a misspelt site when the word
                    // is close to one.
                    let closest = COMMANDS
                        .iter()
                        .map(|c| (crate::similar::edit_distance(&lower, c), *c))
                        .min()
                        .filter(|&(d, _)| lower.chars().all(|c| c.is_alphabetic()) && lower.len() >= 3 && d <= 2);
                    match closest {
                        Some((_, command)) => {
                            println!("unknown command `{word}`: did you mean `{command}`? (type `help`)")
                        }
                        _ => println!("not an action: {reason} (type `help`)"),
                    }
                    Command::Done
                }
            },
        }
    }

    /// The help text: the kinds of action this game has, then the commands.
    fn help(&self) -> String {
        let game = self.engine.game();
        let moves = game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
        let example = |from: &str, to: &str| {
            let labels: Vec<&str> = game.board.sites.iter().take(2).map(|s| s.label.as_str()).collect();
            (labels.first().copied().unwrap_or(from).to_string(), labels.get(1).copied().unwrap_or(to).to_string())
        };
        let (a, b) = example("a1", "a2");
        let mut kinds: Vec<String> = Vec::new();
        for m in moves {
            let text = match m.kind {
                MoveKind::Place => format!("{a} (place)"),
                MoveKind::Slide { .. } | MoveKind::Ride { .. } => format!("{a}-{b} (slide)"),
                MoveKind::Leap { .. } => format!("{a}-{b} (leap)"),
                MoveKind::Hop { .. } => format!("{a}-{b} (hop)"),
                MoveKind::Relocate { .. } => format!("{a}>{b} (relocate)"),
                MoveKind::Take => format!("x{a} (take the stone on {a})"),
                MoveKind::Sow { .. } => format!("{a} (sow the seeds of {a})"),
                MoveKind::Pass { name: 0 } => "pass (gives up the turn)".to_string(),
                MoveKind::Pass { name } => format!("{} (ends the turn with the rule's effects)", game.pass_name(name)),
            };
            if !kinds.contains(&text) {
                kinds.push(text);
            }
        }
        // `end` exists where a stage's bounds may differ (fixed equal bounds never allow it).
        let optional =
            game.phases.iter().flat_map(|p| &p.stages).any(
                |s| !matches!((&s.min, &s.max), (crate::game::Int::Const(x), crate::game::Int::Const(y)) if x == y),
            );
        if optional {
            kinds.push("end (ends the optional part of a turn)".into());
        }
        if game.phases.iter().any(|p| p.blocked == crate::game::Blocked::Pass) {
            kinds.push("pass (when nothing else is possible)".into());
        }
        format!("actions:  {}\n{COMMANDS_HELP}", kinds.join("  "))
    }

    /// `moves [FILTER]`: the legal actions grouped by kind; a filter keeps those that involve a
    /// site (`c3`) or are of one kind (`-`, `>`, `end`, `pass`; `@` for placements from a
    /// hand, `P@` for those of one kind).
    fn list_moves(&self, filter: &str) {
        if self.over() {
            println!("no moves: the game is over");
            return;
        }
        let legal = self.engine.legal(&self.state);
        let site = if filter.is_empty() || matches!(filter, "-" | ">" | "x" | "end" | "pass") || filter.ends_with('@') {
            None
        } else {
            match self.engine.site(filter) {
                Some(site) => Some(site),
                None => {
                    println!(
                        "`moves {filter}`: give a site (`moves c3`) or a kind (`moves -`, `moves >`, `moves x`{})",
                        if self.engine.game().keeps_captures { ", `moves @`, `moves P@`" } else { "" }
                    );
                    return;
                }
            }
        };
        let keep = |a: &crate::engine::Action| match (filter, site) {
            ("", _) => true,
            ("-", _) => a.kind == ActionKind::Slide,
            (">", _) => a.kind == ActionKind::Relocate,
            ("x", _) => a.kind == ActionKind::Take,
            ("end", _) => a.kind == ActionKind::End,
            ("pass", _) => a.kind == ActionKind::Pass,
            ("@", _) => a.kind == ActionKind::Place && a.promoted().is_some(),
            (f, None) if f.ends_with('@') => {
                a.kind == ActionKind::Place && self.engine.action_text(*a).to_lowercase().starts_with(&f.to_lowercase())
            }
            (_, Some(s)) => {
                (a.to == s && a.kind != ActionKind::End && a.kind != ActionKind::Pass)
                    || (a.from == s && matches!(a.kind, ActionKind::Slide | ActionKind::Relocate))
            }
            _ => false,
        };
        let kept: Vec<crate::engine::Action> = legal.iter().copied().filter(keep).collect();
        if kept.is_empty() {
            println!(
                "no legal action {}",
                if filter.is_empty() { String::new() } else { format!("matches `{filter}`") }
            );
            return;
        }
        let several = ActionKind::ALL.iter().filter(|&&k| kept.iter().any(|a| a.kind == k)).count() > 1;
        if !several {
            let texts: Vec<String> = kept.iter().map(|&a| self.engine.action_text(a)).collect();
            println!("{} legal: {}", texts.len(), texts.join(" "));
            return;
        }
        println!("{} legal:", kept.len());
        for kind in ActionKind::ALL {
            let texts: Vec<String> =
                kept.iter().filter(|a| a.kind == kind).map(|&a| self.engine.action_text(a)).collect();
            if !texts.is_empty() {
                println!("  {} ({}): {}", kind.name(), texts.len(), texts.join(" "));
            }
        }
    }

    /// Reads a record of this game and continues from its position.
    fn load(&mut self, path: &std::path::Path) -> Result<(), String> {
        let bytes = crate::files::read_limited(path, crate::syntax::MAX_SOURCE_BYTES).map_err(|e| e.to_string())?;
        let text = String::from_utf8(bytes).map_err(|_| "not a text file".to_string())?;
        let record = Record::parse(&text).map_err(|e| e.to_string())?;
        record.matches(self.engine.game())?;
        self.restore(&record)
    }

    /// Replaces the game by the record's (checked first: nothing changes if it does not replay).
    fn restore(&mut self, record: &Record) -> Result<(), String> {
        crate::record::replay(self.engine, record).map_err(|e| e.to_string())?;
        let start = crate::record::start(self.engine, record).map_err(|e| e.to_string())?;
        let mut state = start.clone();
        let mut history = Vec::new();
        for text in record.turns.iter().flat_map(|t| &t.actions) {
            let action = self.engine.parse_action(text)?;
            let player = self.engine.to_move(&state).ok_or("the game is already over")?;
            self.engine.apply_unchecked(&mut state, action);
            history.push((action, player));
        }
        self.history = history;
        self.start = start;
        self.start_text = record.position.as_ref().map(|(_, text)| text.clone());
        self.rebuild();
        Ok(())
    }

    /// Plays the history again from the start, and starts the agents afresh (they may hold
    /// search trees of another line).
    fn rebuild(&mut self) {
        self.state = self.start.clone();
        self.record = Record::for_game(self.engine.game());
        self.record.position = self.start_text.clone().map(|t| (0, t));
        self.turn = Vec::new();
        let actions: Vec<crate::engine::Action> = self.history.iter().map(|&(a, _)| a).collect();
        for action in actions {
            self.advance(action);
        }
        if let Ok(seats) = self.make_seats() {
            self.seats = seats;
        }
    }

    /// Takes back actions until it is a human's decision again (at least one action). The
    /// computer's actions before a person's first are not taken back: they were not his.
    fn undo(&mut self) {
        let Some(last_human) = self.history.iter().rposition(|&(_, p)| matches!(self.seats[p], Seat::Human)) else {
            println!("nothing to undo: you have not played yet");
            return;
        };
        let undone = self.history.len() - last_human;
        self.history.truncate(last_human);
        self.rebuild();
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
    // A sowing is written as a placement on its site.
    let sows = engine
        .game()
        .phases
        .iter()
        .flat_map(|p| &p.stages)
        .flat_map(|s| &s.moves)
        .any(|m| matches!(m.kind, MoveKind::Sow { .. }));
    // The one kind a game places is named: "place a wall".
    let game = engine.game();
    let place = match (sows, game.keeps_captures, game.placed_kind()) {
        (true, _, _) => "sow a site's seeds".to_string(),
        (_, true, _) => "place a piece from your hand".to_string(),
        (_, _, Some(k)) => {
            let name = &game.pieces[k as usize].name;
            let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
            format!("place {article} {name}")
        }
        _ => "place a stone".to_string(),
    };
    for (kind, what) in [
        (ActionKind::Place, place.as_str()),
        (ActionKind::Slide, if game.has_kinds() { "move a piece" } else { "slide a stone" }),
        (ActionKind::Relocate, "relocate a stone"),
        (ActionKind::Take, "take a stone"),
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
