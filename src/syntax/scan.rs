//! A pre-parse scan for bracket balance, string termination and nesting depth.

use super::{MAX_DEPTH, Span};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::SourceId;

/// An opening bracket still waiting for its partner.
struct Open {
    offset: usize,
    ch: u8,
    /// Column of the bracket and whether it was the first thing on its line.
    column: usize,
    line_start: bool,
}

/// Checks brackets, strings and depth; returns the first problem found.
pub fn scan(source: SourceId, text: &str) -> Result<(), Diagnostic> {
    let bytes = text.as_bytes();
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    let mut column = 0;
    let mut at_line_start = true;
    // Brackets opened at the start of a line that were still open when a later line started at
    // the same or a smaller column: the likeliest places for a missing `)`.
    let mut suspects: Vec<usize> = Vec::new();
    // The opening and closing offsets of the first top-level form.
    let mut last_outer: Option<(usize, usize)> = None;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\n' => {
                i += 1;
                column = 0;
                at_line_start = true;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                i += 1;
                column += 1;
                continue;
            }
            _ => {}
        }
        if at_line_start {
            at_line_start = false;
            // A new line starting at column c suggests every bracket opened at the start of an
            // earlier line at a column >= c should have been closed by now.
            if b == b'(' {
                for open in &stack {
                    if open.line_start && open.column >= column && !suspects.contains(&open.offset) {
                        suspects.push(open.offset);
                    }
                }
            }
        }
        match b {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        None | Some(b'\n') => {
                            return Err(Diagnostic::error(codes::UNTERMINATED_STRING, "unterminated string")
                                .label(Span::new(source, start, start + 1), "this string is never closed")
                                .help("a string ends with `\"` on the same line; write `\\\"` for a quote inside it"));
                        }
                        Some(b'\\') => {
                            let next = text[i + 1..].chars().next();
                            if !matches!(next, Some('"' | '\\' | 'n' | 't')) {
                                let end = i + 1 + next.map(char::len_utf8).unwrap_or(0);
                                let shown = next.map(|c| c.escape_default().to_string()).unwrap_or_default();
                                return Err(Diagnostic::error(
                                    codes::SYNTAX,
                                    format!("unknown escape `\\{shown}` in a string"),
                                )
                                .label(Span::new(source, i, end), "not an escape")
                                .help(
                                    "strings accept the escapes \\\" \\\\ \\n and \\t; write `\\\\` for a backslash",
                                ));
                            }
                            i += 2;
                        }
                        Some(b'"') => {
                            i += 1;
                            break;
                        }
                        Some(_) => i += 1,
                    }
                }
                column += i - start;
                continue;
            }
            b'(' | b'{' => {
                if stack.len() >= MAX_DEPTH {
                    return Err(Diagnostic::error(codes::TOO_DEEP, format!("forms nested more than {MAX_DEPTH} deep"))
                        .label(Span::new(source, i, i + 1), format!("nesting level {} starts here", MAX_DEPTH + 1))
                        .help("a game description never needs this depth; look for runaway parentheses"));
                }
                stack.push(Open { offset: i, ch: b, column, line_start: column_is_first(bytes, i) });
            }
            b')' | b'}' => match stack.pop() {
                None => {
                    let mut d = Diagnostic::error(codes::UNBALANCED, format!("unexpected `{}`", b as char))
                        .label(Span::new(source, i, i + 1), "nothing is open here");
                    if let Some((open, close)) = last_outer {
                        d = d
                            .label(Span::new(source, open, open + 1), "this form…")
                            .label(Span::new(source, close, close + 1), "…is already closed here");
                        d = d.help("a `)` too many inside the first form closed it early; look for it there");
                    } else {
                        d = d.help("remove it, or look for a `)` too many just before");
                    }
                    return Err(d);
                }
                Some(open) if matching(open.ch) != b => {
                    return Err(Diagnostic::error(
                        codes::UNBALANCED,
                        format!("`{}` closed by `{}`", open.ch as char, b as char),
                    )
                    .label(Span::new(source, i, i + 1), format!("expected `{}` here", matching(open.ch) as char))
                    .label(Span::new(source, open.offset, open.offset + 1), "opened here"));
                }
                Some(open) => {
                    if stack.is_empty() && last_outer.is_none() {
                        last_outer = Some((open.offset, i));
                    }
                }
            },
            _ => {}
        }
        i += 1;
        column += 1;
    }
    if let Some(last) = stack.last() {
        // The layout points at the culprit better than the stack does: when a `)` is missing in
        // the middle of a file, later closers pair up wrongly and only the outermost stays open.
        let (culprit, text_label) = match suspects.iter().min() {
            Some(&s) => (s, "this `(` seems never to be closed (by the layout of the lines after it)"),
            None => (last.offset, "this bracket is never closed"),
        };
        let open_count = stack.len();
        let ch = bytes[culprit] as char;
        let end = text.trim_end().len();
        return Err(Diagnostic::error(codes::UNBALANCED, format!("unclosed `{ch}`"))
            .label(Span::new(source, culprit, culprit + 1), text_label)
            .label(
                Span::new(source, end.saturating_sub(1), end),
                format!("the file ends with {open_count} bracket{} open", if open_count == 1 { "" } else { "s" }),
            )
            .help(format!("add the missing `{}`", matching(bytes[culprit]) as char)));
    }
    Ok(())
}

fn matching(open: u8) -> u8 {
    if open == b'(' { b')' } else { b'}' }
}

fn column_is_first(bytes: &[u8], i: usize) -> bool {
    bytes[..i].iter().rev().take_while(|&&b| b != b'\n').all(|&b| b == b' ' || b == b'\t' || b == b'\r')
}
