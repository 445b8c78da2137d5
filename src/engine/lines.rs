//! Lines of stones through one site, and conditions on the position after a candidate action.
//!
//! A line only walks the axes through its site, one step table per direction (built once with
//! the board, [`crate::board::Direction::step`]), so asking "five in a row through the stone
//! just placed" costs a few dozen reads however large the board is.

use super::Engine;
use super::eval::Env;
use super::state::{State, Work};
use crate::board::Topology;
use crate::game::{Bool, Line};

/// Every direction's ray from every site (the sites one, two, … steps away, to the edge of
/// the board), flat: a line walks a slice instead of chasing steps. Built on the first line
/// asked about, so games without lines pay nothing.
#[derive(Debug, Clone, Default)]
pub(crate) struct LineRays {
    sites: usize,
    /// `(direction * sites + site)`'s ray is `targets[offsets[i]..offsets[i + 1]]`.
    offsets: Vec<u32>,
    targets: Vec<u16>,
}

impl LineRays {
    pub(crate) fn new(board: &Topology) -> LineRays {
        let sites = board.site_count();
        let mut offsets = Vec::with_capacity(board.directions.len() * sites + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for d in &board.directions {
            for s in 0..sites {
                let mut at = s as u16;
                while let Some(next) = d.step[at as usize] {
                    targets.push(next);
                    at = next;
                }
                offsets.push(targets.len() as u32);
            }
        }
        LineRays { sites, offsets, targets }
    }

    #[inline]
    fn ray(&self, direction: u8, site: u16) -> &[u16] {
        let i = direction as usize * self.sites + site as usize;
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

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
        let rays = self.line_rays.get_or_init(|| LineRays::new(&self.game.board));
        // A run is counted up to `len` stones, or one more to see an overline.
        let len = len.min(s.board.len() as i64 + 1) as usize;
        let cap = if line.exact { len + 1 } else { len };
        let board = &s.board[..];
        for &(forward, back) in &line.axes {
            let mut total = 1;
            for direction in [forward, back] {
                for &t in rays.ray(direction, site) {
                    if total >= cap || board[t as usize] != stone {
                        break;
                    }
                    total += 1;
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
