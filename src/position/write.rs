//! A state between two turns as position text (the inverse of [`super::read`]).

use crate::engine::{Engine, State};
use crate::syntax::{NodeKind, quote};

/// The position as text, one form a line: what `tabula position` prints.
pub fn write(engine: &Engine, state: &State) -> Result<String, String> {
    let forms = forms(engine, state)?;
    // A finished game says so, in a comment the reader skips: its mover and turn are where it
    // ended, which may be in the middle of a turn.
    let mut out = match engine.outcome(state) {
        Some(_) => format!("; the game is over: {}\n", crate::summary::result_line(engine, state)),
        None => String::new(),
    };
    out.push_str("(position");
    for form in &forms {
        out.push_str("\n  ");
        out.push_str(form);
    }
    out.push_str(")\n");
    Ok(out)
}

/// The position on one line, for a record's header.
pub fn write_line(engine: &Engine, state: &State) -> Result<String, String> {
    let forms = forms(engine, state)?;
    let mut out = String::from("(position");
    for form in &forms {
        out.push(' ');
        out.push_str(form);
    }
    out.push(')');
    Ok(out)
}

/// Every form of the position, in the order they are written: the stones by team and kind, the
/// pieces of nobody's by kind, who is to move, the turn, then only what differs from nothing (limited hands always, since a
/// hand left out would mean the game's starting one).
fn forms(engine: &Engine, state: &State) -> Result<Vec<String>, String> {
    // A game may end in the middle of a turn (the first stone of two makes the line): it is
    // written as it ended, with its mover and its turn.
    if state.mid_turn() && engine.outcome(state).is_none() {
        return Err(format!(
            "the position is in the middle of turn {} (after {} action(s) in all); positions are written \
             between two turns",
            state.turns(),
            state.actions()
        ));
    }
    let game = engine.game();
    let sites = game.board.site_count() as u16;
    let mut forms = Vec::new();
    let kinds = game.pieces.len().max(1);
    for team in 0..game.teams.len() {
        for kind in 0..kinds {
            let on: Vec<String> = (0..sites)
                .filter(|&s| {
                    engine.stone(state, s) == Some(team) && engine.kind(state, s).unwrap_or(0) as usize == kind
                })
                .map(|s| label(engine.label(s)))
                .collect();
            if on.is_empty() {
                continue;
            }
            let kind = game.pieces.get(kind).map(|k| format!(" {}", k.name)).unwrap_or_default();
            forms.push(format!("(place {}{kind} {})", quote(&game.teams[team]), on.join(" ")));
        }
    }
    // Pieces of nobody's by kind, in the kinds' order, without a team: as `setup` puts them.
    for (k, piece) in game.pieces.iter().enumerate().filter(|(_, k)| k.neutral) {
        let on: Vec<String> = (0..sites)
            .filter(|&s| engine.neutral_at(state, s) && engine.kind(state, s) == Some(k as u8))
            .map(|s| label(engine.label(s)))
            .collect();
        if !on.is_empty() {
            forms.push(format!("(place {} {})", piece.name, on.join(" ")));
        }
    }
    // Promoted pieces, by the kind they were: `(promoted pawn d8)`.
    for (k, piece) in game.pieces.iter().enumerate() {
        let on: Vec<String> =
            (0..sites).filter(|&s| state.promoted_from(s) == Some(k as u8)).map(|s| label(engine.label(s))).collect();
        if !on.is_empty() {
            forms.push(format!("(promoted {} {})", piece.name, on.join(" ")));
        }
    }
    // Seeds, by count: `(seeds 4 b1 c1)`.
    let mut counts: Vec<u32> = (0..sites).map(|s| state.seeds(s)).filter(|&n| n > 0).collect();
    counts.sort_unstable();
    counts.dedup();
    for n in counts {
        let on: Vec<String> = (0..sites).filter(|&s| state.seeds(s) == n).map(|s| label(engine.label(s))).collect();
        forms.push(format!("(seeds {n} {})", on.join(" ")));
    }
    // A finished game has no one to move; the player whose turn it would be is written.
    forms.push(format!("(to-move {})", quote(&game.players[state.mover_index()].name)));
    forms.push(format!("(turn {})", state.turns_completed() + 1));
    for (p, player) in game.players.iter().enumerate() {
        if game.keeps_captures {
            // A hand of captures by kind, `(hand "White" pawn 2 queen 1)`; an empty one, as
            // it starts, is left out.
            let held: Vec<String> = (0..game.pieces.len() as u8)
                .filter(|&k| state.held(p, k) > 0)
                .map(|k| format!(" {} {}", game.pieces[k as usize].name, state.held(p, k)))
                .collect();
            if !held.is_empty() {
                forms.push(format!("(hand {}{})", quote(&player.name), held.concat()));
            }
        } else if let Some(n) = state.hand(p) {
            forms.push(format!("(hand {} {n})", quote(&player.name)));
        }
    }
    for (c, counter) in game.counters.iter().enumerate() {
        for (t, team) in game.teams.iter().enumerate() {
            let value = state.counter(c, t);
            if value != 0 {
                forms.push(format!("(counter {counter} {} {value})", quote(team)));
            }
        }
    }
    for (a, allowance) in game.allowances.iter().enumerate() {
        let value = state.allowance(a);
        if value != 0 {
            forms.push(format!("(allowance {allowance} {value})"));
        }
    }
    if let Some(site) = state.last_arrival() {
        forms.push(format!("(last {})", label(engine.label(site))));
    }
    let [from, to] = state.previous();
    if let Some(site) = from {
        forms.push(format!("(previous-from {})", label(engine.label(site))));
    }
    if let Some(site) = to {
        forms.push(format!("(previous-to {})", label(engine.label(site))));
    }
    if engine.tracks_unmoved() {
        // Always written, even empty: left out, it would mean every piece is unmoved.
        let unmoved: Vec<String> =
            (0..sites).filter(|&s| state.unmoved(s)).map(|s| format!(" {}", label(engine.label(s)))).collect();
        forms.push(format!("(unmoved{})", unmoved.concat()));
    }
    if state.pass_streak() > 0 {
        forms.push(format!("(passes {})", state.pass_streak()));
    }
    Ok(forms)
}

/// A site label as a word when it reads back as itself (`c3`, `31`), else quoted.
fn label(text: &str) -> String {
    let bare = match crate::syntax::parse(0, text).as_deref() {
        Ok([node]) => match &node.kind {
            NodeKind::Symbol(s) => s == text,
            NodeKind::Int(i) => i.to_string() == text,
            _ => false,
        },
        _ => false,
    };
    if bare { text.to_string() } else { quote(text) }
}
