//! Printing shared by the commands: diagnostics, JSON.

use std::io::IsTerminal;

use crate::diagnostic::{Diagnostic, Sources};

/// Whether stderr gets colour: a terminal, and `NO_COLOR` unset.
pub fn color_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Width for rendered diagnostics: the terminal's, else a fixed 100 so that piped output is
/// stable.
fn width() -> usize {
    if std::io::stderr().is_terminal() {
        if let Some(cols) = std::env::var("COLUMNS").ok().and_then(|c| c.parse().ok()) {
            return cols;
        }
    }
    100
}

/// At most this many diagnostics of one file are shown; a file with thousands of errors is
/// better fixed from the first ones.
pub const SHOWN: usize = 50;

pub fn print_diagnostics(sources: &Sources, diagnostics: &[Diagnostic]) {
    let color = color_stderr();
    let width = width();
    for d in diagnostics.iter().take(SHOWN) {
        eprint!("{}", sources.render(d, color, width));
    }
    if diagnostics.len() > SHOWN {
        eprintln!("… and {} more", diagnostics.len() - SHOWN);
    }
}

/// Prints one JSON value on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into()));
}
