//! Lines of stones through one site, and conditions on the position after a candidate action.
//!
//! A line only walks the axes through its site, one step table per direction (built once with
//! the board, [`crate::board::Direction::step`]), so asking "five in a row through the stone
//! just placed" costs a few dozen reads however large the board is.

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::game::{Bool, Line};

impl Engine {
    /// Whether the subject has the line (see [`Line`]).
    #[inline]
    pub(crate) fn line(&self, s: &State, w: &mut Work, line: &Line, env: &Env) -> bool {
        let Some(site) = env.var(line.site) else { return false };
        let stone = env.subject as u8 + 1;
        if s.board[site as usize] != stone {
            return false;
        }
        let len = match line.len {
            crate::game::Int::Const(v) => v,
            ref e => self.int(s, w, e, env),
        };
        let directions = &self.game.board.directions;
        let run = |d: u8| {
            let step = &directions[d as usize].step;
            let mut count = 0i64;
            let mut at = site;
            while let Some(next) = step[at as usize] {
                if s.board[next as usize] != stone {
                    break;
                }
                count += 1;
                at = next;
            }
            count
        };
        line.axes.iter().any(|&(forward, back)| {
            let total = 1 + run(forward) + run(back);
            if line.exact { total == len } else { total >= len }
        })
    }

    /// Whether `condition` holds in the position after the action: a stone of the subject's
    /// team placed on `to`, or the stone on `from` slid to `to`. The stone is put on the
    /// board and taken back; the group caches are set aside meanwhile (they describe the real
    /// position, and a condition that asks about groups builds fresh ones).
    pub(crate) fn holds_after_condition(
        &self,
        s: &mut State,
        w: &mut Work,
        condition: &Bool,
        env: &Env,
        from: Option<u16>,
        to: u16,
    ) -> bool {
        let groups = std::mem::take(&mut w.groups);
        let team = match from {
            Some(f) => s.board[f as usize] as usize - 1,
            None => env.subject,
        };
        if let Some(f) = from {
            self.lift(s, w, f);
        }
        self.put(s, w, to, team);
        let holds = self.bool(s, w, condition, &Env { to, last: Some(to), ..*env });
        self.lift(s, w, to);
        if let Some(f) = from {
            self.put(s, w, f, team);
        }
        w.groups = groups;
        holds
    }
}
