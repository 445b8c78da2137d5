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

pub fn print_diagnostics(sources: &Sources, diagnostics: &[Diagnostic]) {
    let color = color_stderr();
    let width = width();
    for d in diagnostics {
        eprint!("{}", sources.render(d, color, width));
    }
}

/// Prints one JSON value on stdout.
pub fn print_json(value: &serde_json::Value) {
    println!("{}", serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into()));
}
