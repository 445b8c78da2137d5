//! The whole test suite as one binary: compiling and linking one test crate instead of one per
//! file keeps `cargo test` on a fresh clone quick. Each module is a theme; `cargo test NAME`
//! runs the tests whose path contains NAME (`cargo test ludemes::`).

mod agents;
mod amazons;
mod bad_input;
mod board;
mod check_invalid;
mod check_warnings;
mod classics_model;
mod classics_moving;
mod cli;
mod common;
mod compass;
mod connection;
mod draughts;
mod editors;
mod examples;
mod extends;
mod flanks;
mod fmt;
mod fuzz_checker;
mod go;
mod handwritten;
mod info;
mod invariants;
mod json_vocabulary;
mod language_doc;
mod lines;
mod lsp;
mod ludemes;
mod model;
mod neutral;
mod nvim;
mod oracle;
mod pieces;
mod play_session;
mod progress;
mod relations;
mod render;
mod serve;
mod suites;
mod text_board;
mod threads;
mod tutorial;
