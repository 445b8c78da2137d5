//! Actions and their text form: `c3` (place), `c3-d4` (slide), `c3>d4` (relocate), `end`,
//! `pass` (docs/CLI.md), `c7-c8=Q` (a move that promotes the piece to the kind chosen), and
//! `N@c3` (a placement of the kind chosen from a hand that keeps captures).

use super::Engine;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    Place,
    Slide,
    Relocate,
    /// The stone on `to` leaves the board (`from` is the same site).
    Take,
    /// Ends the optional part of a stage.
    End,
    /// The whole turn of a player who cannot move.
    Pass,
}

impl ActionKind {
    /// Every kind, in the order of declaration (`kind as usize` is its place here).
    pub const ALL: [ActionKind; 6] = [
        ActionKind::Place,
        ActionKind::Slide,
        ActionKind::Relocate,
        ActionKind::Take,
        ActionKind::End,
        ActionKind::Pass,
    ];

    /// The kind's name in reports, listings and JSON.
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::Place => "place",
            ActionKind::Slide => "slide",
            ActionKind::Relocate => "relocate",
            ActionKind::Take => "take",
            ActionKind::End => "end",
            ActionKind::Pass => "pass",
        }
    }
}

/// One atomic decision. `from` is unused (0) for placements, `end` and `pass`; `to` for `end`
/// and `pass`. `piece` is the kind chosen by the player, that a promoting move makes of its
/// piece or a placement takes from a hand of kinds: 0 for none, else the kind's index + 1 (it
/// fits the padding: the action stays 6 bytes).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    pub kind: ActionKind,
    pub from: u16,
    pub to: u16,
    pub piece: u8,
}

impl Action {
    pub const END: Action = Action { kind: ActionKind::End, from: 0, to: 0, piece: 0 };
    pub const PASS: Action = Action { kind: ActionKind::Pass, from: 0, to: 0, piece: 0 };

    pub fn place(to: u16) -> Action {
        Action { kind: ActionKind::Place, from: 0, to, piece: 0 }
    }

    pub fn slide(from: u16, to: u16) -> Action {
        Action { kind: ActionKind::Slide, from, to, piece: 0 }
    }

    pub fn relocate(from: u16, to: u16) -> Action {
        Action { kind: ActionKind::Relocate, from, to, piece: 0 }
    }

    /// The stone on `site` taken off the board.
    pub fn take(site: u16) -> Action {
        Action { kind: ActionKind::Take, from: site, to: site, piece: 0 }
    }

    /// A placement on `to` of a piece of kind `kind` from the mover's hand of kinds.
    pub fn drop(to: u16, kind: u8) -> Action {
        Action { kind: ActionKind::Place, from: 0, to, piece: kind + 1 }
    }

    /// A move of a piece from `from` to `to` that makes it of kind `kind` (an index into the
    /// game's kinds).
    pub fn promote(from: u16, to: u16, kind: u8) -> Action {
        Action { kind: ActionKind::Slide, from, to, piece: kind + 1 }
    }

    /// The pass named by index `name` (0 is `pass`).
    pub fn pass(name: u16) -> Action {
        Action { kind: ActionKind::Pass, from: name, to: 0, piece: 0 }
    }

    /// The kind a promotion makes of the piece, if this action promotes; the kind a placement
    /// takes from the hand, if it names one.
    pub fn promoted(self) -> Option<u8> {
        self.piece.checked_sub(1)
    }
}

impl Engine {
    pub fn action_text(&self, action: Action) -> String {
        match action.kind {
            ActionKind::Place => match action.promoted() {
                None => self.label(action.to).to_string(),
                Some(k) => format!("{}@{}", self.kind_text(k), self.label(action.to)),
            },
            ActionKind::Slide => match action.promoted() {
                None => format!("{}-{}", self.label(action.from), self.label(action.to)),
                Some(k) => format!("{}-{}={}", self.label(action.from), self.label(action.to), self.kind_text(k)),
            },
            ActionKind::Relocate => format!("{}>{}", self.label(action.from), self.label(action.to)),
            ActionKind::Take => format!("x{}", self.label(action.to)),
            ActionKind::End => "end".into(),
            ActionKind::Pass => self.game.pass_name(action.from).into(),
        }
    }

    /// Reads an action; says what is wrong with text that is not one.
    pub fn parse_action(&self, text: &str) -> Result<Action, String> {
        let text = text.trim();
        match text {
            "end" => return Ok(Action::END),
            "pass" => return Ok(Action::PASS),
            "" => return Err("no action given".into()),
            _ => {}
        }
        if let Some(i) = self.game.pass_names.iter().position(|n| n == text) {
            return Ok(Action::pass(i as u16 + 1));
        }
        let site = |label: &str| {
            self.site(label).ok_or_else(|| {
                let hint = crate::similar::did_you_mean(label, self.game.board.sites.iter().map(|s| s.label.as_str()))
                    .map(|h| format!("; {h}"))
                    .unwrap_or_default();
                format!("there is no site `{label}` on this board{hint}")
            })
        };
        // A placement from a hand of kinds is `K@site`.
        if let Some((kind, at)) = text.split_once('@') {
            if !self.game.keeps_captures {
                return Err(format!("`{text}`: only a game whose hands keep captures places a kind from the hand"));
            }
            return Ok(Action::drop(site(at.trim())?, self.parse_kind(kind.trim())?));
        }
        if let Some((a, b)) = text.split_once('>') {
            return Ok(Action::relocate(site(a.trim())?, site(b.trim())?));
        }
        // A promotion is `a-b=K`: the move, then the kind chosen.
        if let Some((play, kind)) = text.split_once('=') {
            let Some((a, b)) = play.split_once('-') else {
                return Err(format!("`{text}`: only a move of a piece, `FROM-TO=KIND`, chooses a kind"));
            };
            return Ok(Action::promote(site(a.trim())?, site(b.trim())?, self.parse_kind(kind.trim())?));
        }
        // A slide is `a-b`; labels themselves never contain `-`.
        if let Some((a, b)) = text.split_once('-') {
            return Ok(Action::slide(site(a.trim())?, site(b.trim())?));
        }
        if text.contains(char::is_whitespace) {
            return Err("one action at a time: `c3`, `c3-d4`, `c3>d4`, `xc3`, `end` or `pass`".into());
        }
        if self.site(text).is_none() {
            // A take is `x` and a site; no label is `x` and another label (`x` is a column only
            // on boards of 24 columns or more, whose two-letter columns start at `xa`… past
            // the 255th).
            if let Some(site) = text.strip_prefix('x').and_then(|rest| self.site(rest)) {
                return Ok(Action::take(site));
            }
            if let Some(action) = self.joined_move(text) {
                return Ok(action);
            }
        }
        Ok(Action::place(site(text)?))
    }

    /// A move written as two labels run together, as long algebraic notation writes them:
    /// `e2e4`, or `e7e8q` with the kind a promotion chooses.
    fn joined_move(&self, text: &str) -> Option<Action> {
        let split = |text: &str| {
            (1..text.len()).filter(|&i| text.is_char_boundary(i)).find_map(|i| {
                let (a, b) = text.split_at(i);
                Some((self.site(a)?, self.site(b)?))
            })
        };
        if let Some((from, to)) = split(text) {
            return Some(Action::slide(from, to));
        }
        let last = text.char_indices().last()?.0;
        let (squares, kind) = text.split_at(last);
        let (from, to) = split(squares)?;
        Some(Action::promote(from, to, self.parse_kind(kind).ok()?))
    }
}

impl Engine {
    /// How an action names kind `k`: its letter (`Q`), or its name when another kind of the
    /// game shows the same letter, so that the text always reads back as the same action.
    fn kind_text(&self, k: u8) -> String {
        let kinds = &self.game.pieces;
        let Some(kind) = kinds.get(k as usize) else { return "?".into() };
        let letter = kind.letter();
        if kinds.iter().filter(|other| other.letter() == letter).count() == 1 {
            letter.to_string()
        } else {
            kind.name.clone()
        }
    }

    /// The kind after `=` in a promotion, or before `@` in a placement from the hand: its
    /// letter in either case, or its name.
    fn parse_kind(&self, text: &str) -> Result<u8, String> {
        let kinds = &self.game.pieces;
        if let Some(i) = kinds.iter().position(|k| k.name == text) {
            return Ok(i as u8);
        }
        let mut letters = text.chars();
        if let (Some(c), None) = (letters.next(), letters.next()) {
            let upper = c.to_uppercase().next().unwrap_or(c);
            let matching: Vec<usize> = (0..kinds.len()).filter(|&i| kinds[i].letter() == upper).collect();
            match matching[..] {
                [i] => return Ok(i as u8),
                [] => {}
                _ => {
                    let names: Vec<&str> = matching.iter().map(|&i| kinds[i].name.as_str()).collect();
                    return Err(format!("`={text}` could be {}: write the kind's name", names.join(" or ")));
                }
            }
        }
        if kinds.is_empty() {
            return Err(format!("`={text}`: this game has no kinds of piece to promote to"));
        }
        let choices: Vec<String> =
            (0..kinds.len()).map(|i| format!("{} ({})", self.kind_text(i as u8), kinds[i].name)).collect();
        Err(format!("`{text}` is not a kind of piece of this game; after `=` write one of {}", choices.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_with_its_kind_chosen_stays_six_bytes() {
        // Actions fill the legal lists of every position: the kind chosen uses the padding.
        assert_eq!(std::mem::size_of::<Action>(), 6);
        assert_eq!(Action::promote(1, 2, 0).promoted(), Some(0));
        assert_eq!(Action::slide(1, 2).promoted(), None);
        assert_ne!(Action::promote(1, 2, 0), Action::slide(1, 2));
    }
}
