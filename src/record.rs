//! Game records (`*.rec`, docs/CLI.md): plain text, one line per turn.
//!
//! ```text
//! ; comments start with a semicolon
//! game Watershed
//! variant Plateau
//! set size=5
//! c3
//! b2
//! ```
//!
//! Header lines name the game, the variant and every option set; then each line holds one
//! turn's actions separated by spaces. A game that did not begin at the game's start has one
//! more header line, the position it began from on one line (LANGUAGE.md, Positions):
//! `(position (place "Black" c3) (to-move "White") (turn 2))`; records without one begin at
//! the start, as they always did. Records are written with [`crate::files::write`]: a
//! plain file atomically (a crash never leaves it half-written), a device or link through.

use std::fmt::Write as _;
use std::path::Path;

use crate::engine::{Engine, State};
use crate::game::Game;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Record {
    pub game: String,
    pub variant: Option<String>,
    pub sets: Vec<(String, String)>,
    /// The position the game began from, as position text on one line (`None`: the game's
    /// start), with its line in the record (0 when built in memory).
    pub position: Option<(usize, String)>,
    /// Each turn's actions, as written.
    pub turns: Vec<Turn>,
    /// Comment lines written after the first one (who played, the seed, the date, the result);
    /// for people, not read back.
    pub notes: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// 1-based line number in the record (0 when built in memory).
    pub line: usize,
    pub actions: Vec<String>,
}

/// A problem reading a record, with its line.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordError {
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 { write!(f, "line {}: {}", self.line, self.message) } else { f.write_str(&self.message) }
    }
}

impl Record {
    /// A record header for a game as loaded (its name, variant and every option value).
    pub fn for_game(game: &Game) -> Record {
        Record {
            game: game.name.clone(),
            variant: game.variant.clone(),
            sets: game.options.iter().map(|o| (o.name.clone(), o.show(o.value))).collect(),
            position: None,
            turns: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut record = Record::default();
        let mut seen_game = false;
        // Records saved by other editors: a byte order mark, old Mac line endings.
        let text = crate::files::normalize_text(text);
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            // A position is read by the language's parser, which knows a `;` in a name from a
            // comment: the whole line is kept.
            if raw.trim_start().starts_with("(position") {
                if !record.turns.is_empty() || !seen_game {
                    return Err(RecordError {
                        line,
                        message: "the `(position ...)` line belongs among the headers, after `game`".into(),
                    });
                }
                if record.position.is_some() {
                    return Err(RecordError { line, message: "a second `(position ...)` line".into() });
                }
                record.position = Some((line, raw.trim().to_string()));
                continue;
            }
            let content = raw.split(';').next().unwrap_or("").trim();
            if content.is_empty() {
                continue;
            }
            let (word, rest) = content.split_once(char::is_whitespace).unwrap_or((content, ""));
            let rest = rest.trim();
            let header = matches!(word, "game" | "variant" | "set");
            if header && !record.turns.is_empty() {
                return Err(RecordError {
                    line,
                    message: format!("`{word}` after the first turn; headers come first"),
                });
            }
            match word {
                "game" if seen_game => {
                    return Err(RecordError { line, message: "a second `game` line".into() });
                }
                "game" => {
                    if rest.is_empty() {
                        return Err(RecordError { line, message: "`game` needs the game's name".into() });
                    }
                    record.game = rest.to_string();
                    seen_game = true;
                }
                "variant" => {
                    if rest.is_empty() {
                        return Err(RecordError { line, message: "`variant` needs the variant's name".into() });
                    }
                    record.variant = Some(rest.to_string());
                }
                "set" => match rest.split_once('=') {
                    Some((k, v)) if !k.trim().is_empty() => record.sets.push((k.trim().into(), v.trim().into())),
                    _ => return Err(RecordError { line, message: format!("`set {rest}`: expected `set KEY=VALUE`") }),
                },
                _ => {
                    if !seen_game {
                        return Err(RecordError {
                            line,
                            message: "a record starts with `game NAME` before its turns".into(),
                        });
                    }
                    record.turns.push(Turn { line, actions: content.split_whitespace().map(String::from).collect() });
                }
            }
        }
        if !seen_game {
            return Err(RecordError { line: 0, message: "not a game record: no `game NAME` line".into() });
        }
        Ok(record)
    }

    pub fn to_text(&self) -> String {
        let mut out = String::from("; Tabula game record\n");
        for note in &self.notes {
            let _ = writeln!(out, "; {}", note.replace(['\n', '\r'], " "));
        }
        let _ = writeln!(out, "game {}", self.game);
        if let Some(v) = &self.variant {
            let _ = writeln!(out, "variant {v}");
        }
        for (k, v) in &self.sets {
            let _ = writeln!(out, "set {k}={v}");
        }
        if let Some((_, position)) = &self.position {
            let _ = writeln!(out, "{}", position.replace(['\n', '\r'], " "));
        }
        for turn in &self.turns {
            let _ = writeln!(out, "{}", turn.actions.join(" "));
        }
        out
    }

    /// Writes the record atomically.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        write_atomically(path, self.to_text().as_bytes())
    }

    /// Whether the record was made with this game as loaded (name, variant, option values).
    pub fn matches(&self, game: &Game) -> Result<(), String> {
        if self.game != game.name {
            return Err(format!("the record is of \"{}\", but the game file describes \"{}\"", self.game, game.name));
        }
        if self.variant.is_some() && self.variant != game.variant {
            return Err(format!(
                "the record is of variant \"{}\", but variant \"{}\" is loaded",
                self.variant.as_deref().unwrap_or(""),
                game.variant.as_deref().unwrap_or("")
            ));
        }
        for (k, v) in &self.sets {
            match game.option(k) {
                Some(o) if o.show(o.value) == *v => {}
                Some(o) => {
                    return Err(format!("the record sets {k}={v}, but {k}={} is loaded", o.show(o.value)));
                }
                None => return Err(format!("the record sets option `{k}`, which the game does not have")),
            }
        }
        Ok(())
    }
}

/// Writes `bytes` to `path` safely: see [`crate::files::write`] (atomic for plain files; devices,
/// FIFOs and links are written through, never replaced).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    crate::files::write(path, bytes)
}

/// Where replaying a record stopped.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayError {
    /// 1-based turn number and line of the record.
    pub turn: usize,
    pub line: usize,
    pub action: String,
    pub reason: String,
}

impl std::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.turn == 0 {
            return write!(f, "line {}: the position the game began from: {}", self.line, self.reason);
        }
        write!(f, "turn {} (line {}): `{}`: {}", self.turn, self.line, self.action, self.reason)
    }
}

/// The position the record's game began from: its `(position ...)` line, or the game's start.
pub fn start(engine: &Engine, record: &Record) -> Result<State, ReplayError> {
    let Some((line, text)) = &record.position else { return Ok(engine.initial()) };
    let error = |reason: String| ReplayError { turn: 0, line: *line, action: "(position ...)".into(), reason };
    let setup = crate::position::read(engine, 0, text).map_err(|diagnostics| {
        let first = diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
        let more = match diagnostics.len() {
            0 | 1 => String::new(),
            n => format!(" (and {} more problems)", n - 1),
        };
        error(format!("{first}{more}; `tabula moves FILE --position '...'` shows every problem"))
    })?;
    engine.position(&setup).map_err(error)
}

/// Replays the record's turns from its start (see [`start`]), checking every action and that
/// each line is exactly one turn (the last line may be a turn still in progress).
pub fn replay(engine: &Engine, record: &Record) -> Result<State, ReplayError> {
    let mut state = start(engine, record)?;
    let count = record.turns.len();
    for (i, turn) in record.turns.iter().enumerate() {
        let number = i + 1;
        let error =
            |action: &str, reason: String| ReplayError { turn: number, line: turn.line, action: action.into(), reason };
        if engine.outcome(&state).is_some() {
            return Err(error(
                turn.actions.first().map(String::as_str).unwrap_or(""),
                "the game is already over".into(),
            ));
        }
        match play_turn(engine, &mut state, &turn.actions, number < count) {
            Ok(()) => {}
            Err(TurnBreak::Illegal(k, reason)) => return Err(error(&turn.actions[k], reason)),
            Err(TurnBreak::OverEarly(k)) => {
                return Err(error(
                    &turn.actions[k],
                    "the turn is already over; its next action belongs on the next line".into(),
                ));
            }
            Err(TurnBreak::NotOver) => {
                let last = turn.actions.last().map(String::as_str).unwrap_or("");
                return Err(error(
                    last,
                    "the turn is not over after this action, but the next line starts a new turn".into(),
                ));
            }
        }
    }
    Ok(state)
}

/// Why a group of actions written as one turn is not one.
enum TurnBreak {
    /// The action at this index is not legal, for this reason.
    Illegal(usize, String),
    /// The action at this index comes after the turn (or the game) has ended.
    OverEarly(usize),
    /// The turn goes on after the last action.
    NotOver,
}

/// Plays `actions` as exactly one turn: each must be legal, none may come after the turn or the
/// game has ended, and with `whole` the turn must be over after the last (a record's line but
/// its last, a group of `--after` followed by a `;`).
fn play_turn<A: AsRef<str>>(engine: &Engine, state: &mut State, actions: &[A], whole: bool) -> Result<(), TurnBreak> {
    let turns_before = state.turns_completed();
    let over = |s: &State| s.turns_completed() > turns_before || engine.outcome(s).is_some();
    for (k, action) in actions.iter().enumerate() {
        if k > 0 && over(state) {
            return Err(TurnBreak::OverEarly(k));
        }
        engine.play(state, action.as_ref()).map_err(|e| TurnBreak::Illegal(k, e.reason))?;
    }
    if whole && !over(state) {
        return Err(TurnBreak::NotOver);
    }
    Ok(())
}

/// Plays actions typed on the command line (`--after "c3 d4; e5"`) from `state`. Whitespace
/// separates actions. A `;` may separate turns: when one is used, each group between them must
/// be exactly one whole turn (the last may be a turn in progress), as each line of a record is,
/// so that a turn that ends sooner or later than the user thinks is caught where it happens.
pub fn play_after(engine: &Engine, state: &mut State, text: &str) -> Result<(), String> {
    let groups: Vec<&str> = text.split(';').collect();
    let by_turn = groups.len() > 1;
    let mut before = 0;
    for (g, group) in groups.iter().enumerate() {
        let actions: Vec<&str> = group.split_whitespace().collect();
        let last_group = g + 1 == groups.len();
        if actions.is_empty() && by_turn && !last_group {
            return Err(format!("an empty turn between two `;` (after action {before})"));
        }
        // Without `;`, each action on its own: turns may end anywhere.
        let turns: Vec<&[&str]> = if by_turn { vec![&actions[..]] } else { actions.chunks(1).collect() };
        for turn in turns {
            let named = |k: usize| format!("action {} `{}`", before + k + 1, turn[k]);
            match play_turn(engine, state, turn, by_turn && !last_group) {
                Ok(()) => {}
                Err(TurnBreak::Illegal(k, reason)) => return Err(format!("{}: {reason}", named(k))),
                Err(TurnBreak::OverEarly(k)) => {
                    return Err(format!("{}: the turn is already over; its next action belongs after a `;`", named(k)));
                }
                Err(TurnBreak::NotOver) => {
                    return Err(format!("{}: the turn is not over after it, but a `;` follows", named(turn.len() - 1)));
                }
            }
            before += turn.len();
        }
    }
    Ok(())
}
