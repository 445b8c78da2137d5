//! Positions as text, for any game: the stones on the board with their owners (or nobody: a
//! kind declared `neutral`, placed without a team) and kinds, who is to move, the turn, hands,
//! counters, allowances, the last arrival, the previous turn's move and the pieces not yet moved
//! — everything the rules read between two turns — written in the language's own syntax
//! (LANGUAGE.md, Positions):
//!
//! ```text
//! (position
//!   (place "White" king e1)
//!   (place "Black" pawn a7 b7)
//!   (place arrow d4)
//!   (to-move "Black")
//!   (turn 12)
//!   (counter captures "White" 2)
//!   (last e1)
//!   (previous-from e2)
//!   (previous-to e1)
//!   (unmoved a7 b7))
//! ```
//!
//! [`read`] turns such a text into an engine [`Setup`](crate::engine::Setup), reporting every
//! problem as a diagnostic that points into the text; [`write`] prints a state between two
//! turns back in the same form, so that a position read and written again is the same text.

mod read;
mod write;

pub use read::read;
pub use write::{write, write_line};

/// The forms a position is made of, for help lines.
pub const FORMS: &str = "`(place TEAM [KIND] SITE...)`, `(place KIND SITE...)` (a kind of nobody's), `(to-move PLAYER)`, `(turn N)`, `(hand PLAYER N)` (`(hand PLAYER KIND N...)` where hands keep captures), `(promoted KIND SITE...)`, `(counter NAME TEAM N)`, \
     `(allowance NAME N)`, `(last SITE)`, `(previous-from SITE)`, `(previous-to SITE)`, `(unmoved SITE...)`, \
     `(passes N)`, `(seeds N SITE...)` (a game with seeds)";
