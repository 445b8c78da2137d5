//! Lines of stones through one site, and conditions on the position after a candidate action.
//!
//! A line only walks the axes through its site, on the board's step table of each direction
//! ([`crate::board::Direction::step`]), so asking "five in a row through the stone just
//! placed" costs a few dozen reads however large the board is.

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
        if len < 1 || (len == 1 && !line.exact) {
            // One stone is a line of at least 1; no run is exactly 0 or fewer long.
            return !line.exact;
        }
        let directions = &self.game.board.directions;
        // A run is counted up to `len` stones, or one more to see an overline.
        let len = len.min(s.board.len() as i64 + 1) as usize;
        let cap = if line.exact { len + 1 } else { len };
        let board = &s.board[..];
        let axes = line.owned.get(env.subject).unwrap_or(&line.axes);
        for &(forward, back) in axes {
            let mut total = 1;
            for direction in [forward, back] {
                let step = &directions[direction as usize].step;
                let mut at = site;
                while total < cap {
                    match step[at as usize] {
                        Some(t) if board[t as usize] == stone => {
                            total += 1;
                            at = t;
                        }
                        _ => break,
                    }
                }
            }
            if total == len || (total > len && !line.exact) {
                return true;
            }
        }
        false
    }

    /// Whether `condition` holds in the position after the action: a stone of the subject's
    /// team placed on `to`, or the stone on `from` slid to `to`. The stone is put on the
    /// board and taken back; the group caches are set aside meanwhile (they describe the real
    /// position, and a condition that asks about groups builds fresh ones).
    // Kept out of line: it is the general path, and inlined it would weigh on the placement
    // loops of games that never use it.
    #[inline(never)]
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
        let content = match from {
            Some(f) => s.board[f as usize],
            None => env.subject as u8 + 1,
        };
        // A move that captures by replacement finds a piece on `to`: it leaves first.
        let victim = (s.board[to as usize], s.kinds[to as usize]);
        if victim.0 != 0 {
            self.lift(s, w, to);
        }
        let kind = from.map_or(0, |f| s.kinds[f as usize]);
        if let Some(f) = from {
            self.lift(s, w, f);
        }
        self.put_content(s, w, to, content, kind);
        let holds = self.bool(s, w, condition, &Env { to, last: Some(to), ..*env });
        self.lift(s, w, to);
        if let Some(f) = from {
            self.put_content(s, w, f, content, kind);
        }
        if victim.0 != 0 {
            self.put_content(s, w, to, victim.0, victim.1);
        }
        w.groups = groups;
        holds
    }
}
