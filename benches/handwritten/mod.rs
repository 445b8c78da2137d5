//! Hand-written engines of the three bundled games, written from `docs/RULES.md` and the action
//! decomposition of `docs/CLI.md` without reading `src/engine/`. They are the speed baseline that
//! Tabula's generic engine is measured against (`cargo bench --bench handwritten`), and, being an
//! independent implementation, a check of its perft counts (`tests/all/handwritten.rs`).
//!
//! Each engine keeps its position in fixed-size bitboards and arrays, so a playout allocates
//! nothing and a perft node is one `Copy` of the state.
// The bench and the tests each use part of the engines; board tables are filled by index.
#![allow(dead_code, clippy::needless_range_loop)]

pub mod bits;
pub mod kensington;
pub mod ketchup;
pub mod watershed;

/// How a game ended: the winning player (0 moves first) or `None` for a draw, and its length.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Finished {
    pub winner: Option<u8>,
    pub actions: u32,
}
