//! Promotion with the player's choice of kind (`(promote REGION KIND...)` on a piece move):
//! what is wrong with an action that leaves the choice out or makes one the move does not
//! offer. Generation and making the choice live with the other piece moves
//! ([`super::pieces`]): one action per kind where the move ends in the region, and the kind
//! set as the piece arrives.

use super::eval::Env;
use super::state::{State, Work};
use super::{Action, ActionKind, Engine};
use crate::game::{Move, Stage};

impl Engine {
    /// Why `action` is not legal when the same move is, with another choice of kind or none:
    /// found from the legal actions, so that it holds whichever move of the stage promotes.
    pub(crate) fn promotion_choice_wrong(
        &self,
        s: &State,
        w: &mut Work,
        stage: &Stage,
        action: Action,
        env: &Env,
    ) -> Option<String> {
        if action.kind != ActionKind::Slide {
            return None;
        }
        let legal = self.legal(s);
        let same = |a: &&Action| a.kind == ActionKind::Slide && a.from == action.from && a.to == action.to;
        let choices: Vec<String> =
            legal.iter().filter(same).filter(|a| a.piece != 0).map(|&a| self.action_text(a)).collect();
        let plain = Action { piece: 0, ..action };
        match action.promoted() {
            None if !choices.is_empty() => Some(format!(
                "the piece is promoted on {}: choose its kind, {}",
                self.label(action.to),
                choices.join(", ")
            )),
            Some(k) if !choices.is_empty() => {
                let name = self.game.pieces.get(k as usize).map_or("?", |kind| kind.name.as_str());
                Some(format!("the piece cannot become a {name} here; the choices: {}", choices.join(", ")))
            }
            Some(_) if legal.contains(&plain) => {
                let m = self.move_of(s, w, stage, plain)?;
                self.promotion_wrong(m, action, env)
            }
            _ => None,
        }
    }

    /// Why `action`'s promotion (or the lack of one) does not fit move `m`, if it does not.
    pub(crate) fn promotion_wrong(&self, m: &Move, action: Action, env: &Env) -> Option<String> {
        let to = self.label(action.to);
        let region = m.promote.as_ref().map(|p| p.region.by_team[env.subject] as usize);
        let inside = region.is_some_and(|r| self.region_bits[r].contains(action.to));
        let choices = |p: &crate::game::Promotion| {
            let texts: Vec<String> =
                p.kinds.iter().map(|&k| self.action_text(Action::promote(action.from, action.to, k))).collect();
            texts.join(", ")
        };
        match (&m.promote, action.promoted()) {
            (Some(p), None) if inside => {
                Some(format!("the piece is promoted on {to}: choose its kind, {}", choices(p)))
            }
            (Some(p), Some(k)) if inside && !p.kinds.contains(&k) => {
                let name = self.game.pieces.get(k as usize).map_or("?", |kind| kind.name.as_str());
                Some(format!("the piece cannot become a {name} here; the choices: {}", choices(p)))
            }
            (Some(_), Some(_)) if !inside => {
                let region = &self.game.regions[region.unwrap_or(0)].name;
                Some(format!(
                    "{to} is not in {region}: the piece is promoted only there, so write the move without `=`"
                ))
            }
            (None, Some(_)) => Some("this move promotes no piece: write it without `=`".into()),
            _ => None,
        }
    }
}
