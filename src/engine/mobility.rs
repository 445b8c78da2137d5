//! What each kind of piece can do on its own, read from the rules: for a search that must judge
//! a position before the game's end, by weighing each side's pieces (alpha-beta's leaves).

use super::bits::Bits;
use super::state::Setup;
use super::{ActionKind, Engine};

impl Engine {
    /// Per kind of piece: how many sites a lone piece of the kind moves to, on average over the
    /// sites of an otherwise empty board where it may stand — a piece of the first team, its
    /// first player to move, in the phase the game begins with. On a chessboard a knight
    /// reaches 5.25 squares, a bishop 8.75, a rook 14, a queen 22.75, a king 6.5625 and a pawn
    /// 1.625 (a lone pawn has never moved, and steps two squares from every row but the last
    /// two). Placements and drops are no moves of a piece; a kind that belongs to nobody, or
    /// that only a later phase moves, counts 0.
    pub fn kind_mobility(&self) -> Vec<f64> {
        let game = &self.game;
        let sites = game.board.site_count();
        let player = game.players.iter().position(|p| p.team == 0).unwrap_or(0);
        let mut reached = Bits::new(sites);
        (0..game.pieces.len())
            .map(|kind| {
                if game.pieces[kind].neutral {
                    return 0.0;
                }
                let (mut total, mut counted) = (0usize, 0usize);
                for site in 0..sites as u16 {
                    let setup = Setup {
                        stones: vec![(site, 0)],
                        kinds: vec![(site, kind as u8)],
                        mover: player,
                        replace_start: true,
                        ..Setup::default()
                    };
                    let Ok(mut s) = self.position(&setup) else { continue };
                    // The moves as the rules list them, whatever an end rule says of so bare a
                    // board (chess draws a lone knight at once).
                    self.with_work(&mut s, |s, w| {
                        s.outcome = None;
                        s.stage = 0;
                        match self.set_bounds(s, w) {
                            0 => s.legal.clear(),
                            _ => self.generate(s, w),
                        }
                    });
                    reached.clear();
                    for a in self.legal(&s) {
                        if a.from == site && a.kind == ActionKind::Slide {
                            reached.insert(a.to);
                        }
                    }
                    total += reached.count() as usize;
                    counted += 1;
                }
                if counted == 0 { 0.0 } else { total as f64 / counted as f64 }
            })
            .collect()
    }
}
