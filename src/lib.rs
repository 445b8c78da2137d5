//! Tabula: board games described in text files, played by a generic interpreter.
//!
//! The pipeline: [`syntax`] parses a game file into forms with spans; [`check`]
//! resolves names, checks types and applies options and variants, producing a [`game::Game`]
//! (the rules as index-based data over a [`board::Topology`]); [`engine`] plays it. The
//! front ends in [`cli`] never know a game's rules.

pub mod agent;
pub mod analyze;
pub mod board;
pub mod check;
pub mod cli;
pub mod codes;
pub mod describe;
pub mod diagnostic;
pub mod display;
pub mod engine;
pub mod files;
pub mod format;
pub mod game;
pub mod lsp;
pub mod position;
pub mod record;
pub mod render;
pub mod serve;
pub mod similar;
pub mod span;
pub mod summary;
pub mod syntax;
pub mod tournament;
