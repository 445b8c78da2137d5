//! Actions and their text form: `c3` (place), `c3-d4` (slide), `c3>d4` (relocate), `end`,
//! `pass` (DESIGN.md §4).

use super::Engine;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ActionKind {
    Place,
    Slide,
    Relocate,
    /// Ends the optional part of a stage.
    End,
    /// The whole turn of a player who cannot move.
    Pass,
}

/// One atomic decision. `from` is unused (0) for placements, `end` and `pass`; `to` for `end`
/// and `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action {
    pub kind: ActionKind,
    pub from: u16,
    pub to: u16,
}

impl Action {
    pub const END: Action = Action { kind: ActionKind::End, from: 0, to: 0 };
    pub const PASS: Action = Action { kind: ActionKind::Pass, from: 0, to: 0 };

    pub fn place(to: u16) -> Action {
        Action { kind: ActionKind::Place, from: 0, to }
    }

    pub fn slide(from: u16, to: u16) -> Action {
        Action { kind: ActionKind::Slide, from, to }
    }

    pub fn relocate(from: u16, to: u16) -> Action {
        Action { kind: ActionKind::Relocate, from, to }
    }
}

impl Engine {
    pub fn action_text(&self, action: Action) -> String {
        match action.kind {
            ActionKind::Place => self.label(action.to).to_string(),
            ActionKind::Slide => format!("{}-{}", self.label(action.from), self.label(action.to)),
            ActionKind::Relocate => format!("{}>{}", self.label(action.from), self.label(action.to)),
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
            return Ok(Action { kind: ActionKind::Pass, from: i as u16 + 1, to: 0 });
        }
        let site = |label: &str| {
            self.site(label).ok_or_else(|| {
                let hint = crate::similar::did_you_mean(label, self.game.board.sites.iter().map(|s| s.label.as_str()))
                    .map(|h| format!("; {h}"))
                    .unwrap_or_default();
                format!("there is no site `{label}` on this board{hint}")
            })
        };
        if let Some((a, b)) = text.split_once('>') {
            return Ok(Action::relocate(site(a.trim())?, site(b.trim())?));
        }
        // A slide is `a-b`; labels themselves never contain `-`.
        if let Some((a, b)) = text.split_once('-') {
            return Ok(Action::slide(site(a.trim())?, site(b.trim())?));
        }
        if text.contains(char::is_whitespace) {
            return Err("one action at a time: `c3`, `c3-d4`, `c3>d4`, `end` or `pass`".into());
        }
        Ok(Action::place(site(text)?))
    }
}
