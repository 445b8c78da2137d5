//! Pieces that belong to nobody, and a piece's kind in the position hash.
//!
//! A neutral piece (a kind declared `neutral`) stands on the board as [`NEUTRAL`], a value no
//! team has (a team's piece is `team + 1`, an empty site 0): every test of a team's piece —
//! `friend`, `enemy`, a capture, a flip, a group, a count — compares with a team's value and so
//! never takes it, while `occupied` and the empty set see the site as taken. It is in no team's
//! stone set.
//!
//! Only games that declare a neutral kind ever reach this module's arrivals and departures;
//! the hot path of every other game keeps its own code ([`Engine::put`], [`Engine::lift`]).

use super::Engine;
use super::state::{State, Work};

/// What a site holds when a piece of nobody's is on it.
pub(crate) const NEUTRAL: u8 = u8::MAX;

/// Whether what stands on a site is a team's piece (not empty, not neutral): one comparison,
/// as the test for "not empty" it replaces.
#[inline]
pub(crate) fn is_team_piece(content: u8) -> bool {
    content.wrapping_sub(1) < NEUTRAL - 1
}

impl Engine {
    /// Puts a piece of `kind` that belongs to nobody on an empty site.
    #[inline(never)]
    pub(crate) fn put_neutral(&self, s: &mut State, w: &mut Work, site: u16, kind: u8) {
        s.board[site as usize] = NEUTRAL;
        s.empty.remove(site);
        s.empty_count -= 1;
        if self.hashing {
            s.board_hash ^= self.zobrist.neutral(site) ^ self.zobrist.kind(site, kind);
        }
        s.kinds[site as usize] = kind;
        // No team's group changes; the empty sites around it lose a neighbour.
        self.neighbors_lose_empty(w, site);
    }

    /// Takes a piece that belongs to nobody off its site.
    #[inline(never)]
    pub(crate) fn lift_neutral(&self, s: &mut State, w: &mut Work, site: u16) {
        s.board[site as usize] = 0;
        s.empty.insert(site);
        s.empty_count += 1;
        if self.hashing {
            s.board_hash ^= self.zobrist.neutral(site) ^ self.zobrist.kind(site, s.kinds[site as usize]);
            s.kinds[site as usize] = 0;
        }
        self.neighbors_gain_empty(w, site);
    }

    /// Puts back on an empty site what a site held: `content` (a team's value or [`NEUTRAL`])
    /// with its kind. For a piece that travels or a position that is restored.
    #[inline]
    pub(crate) fn put_content(&self, s: &mut State, w: &mut Work, site: u16, content: u8, kind: u8) {
        if content == NEUTRAL {
            self.put_neutral(s, w, site, kind);
        } else {
            self.put(s, w, site, content as usize - 1);
            self.set_kind(s, site, kind);
        }
    }

    /// The placement of a piece of `kind` on `to` by the mover, in a game with kinds of
    /// nobody's or a position hash that keys kinds ([`Engine::kinds_tracked`]); the others
    /// place as before, with no test.
    #[inline(never)]
    pub(crate) fn place_tracked(
        &self,
        s: &mut State,
        w: &mut Work,
        enclose: Option<&super::enclose::Enclose>,
        mover: &super::eval::Env,
        to: u16,
        kind: u8,
    ) {
        match enclose {
            Some(e) => self.enclose_place(s, w, e, mover, to),
            None if self.kind_is_neutral(kind) => return self.put_neutral(s, w, to, kind),
            None => self.put(s, w, to, mover.subject),
        }
        self.set_kind(s, to, kind);
    }

    /// Gives the piece on an occupied site its kind, keeping the position's hash.
    #[inline]
    pub(crate) fn set_kind(&self, s: &mut State, site: u16, kind: u8) {
        if self.hashing {
            s.board_hash ^= self.zobrist.kind(site, s.kinds[site as usize]) ^ self.zobrist.kind(site, kind);
        }
        s.kinds[site as usize] = kind;
    }

    /// In a game whose hands keep captures: the piece on `site` is about to change its kind by
    /// promotion, and remembers the kind it was (the first, through several promotions).
    #[inline]
    pub(crate) fn note_promotion(&self, s: &mut State, site: u16) {
        if self.keeps_captures && s.bases[site as usize] == 0 {
            s.bases[site as usize] = s.kinds[site as usize] + 1;
        }
    }

    /// Whether pieces of `kind` belong to nobody.
    #[inline]
    pub(crate) fn kind_is_neutral(&self, kind: u8) -> bool {
        self.game.pieces.get(kind as usize).is_some_and(|k| k.neutral)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_team_piece_is_neither_empty_nor_neutral() {
        assert!(!is_team_piece(0));
        assert!(!is_team_piece(NEUTRAL));
        assert!(is_team_piece(1));
        assert!(is_team_piece(NEUTRAL - 1));
    }
}
