//! `tabula fmt`: one canonical layout for game files, keeping comments.
//!
//! Formatting is syntax-only: any text that [`crate::syntax::parse`] accepts can be formatted,
//! whether or not it checks. The parser drops comments, so this module has its own small
//! lossless lexer (brackets, strings, words, `name:` prefixes, comments) and builds a tree of
//! forms with the comments and blank lines attached; the result is verified to parse to the
//! same [`Node`] tree (spans aside) and to keep every comment before it is returned.
//!
//! # The layout
//!
//! - Two spaces of indentation per level; one space between tokens on a line; no trailing
//!   spaces; a newline at the end of the file (an empty file stays empty).
//! - A list (or `{...}` array) is written on one line when it holds no comment and no blank
//!   line, and its one-line form, plus the closing brackets that follow it on that line, ends
//!   within [`WIDTH`] columns.
//! - Otherwise it is broken: its head goes right after the `(`; when the head is an atom, the
//!   first argument follows on the same line if it is an atom too (however long), and further
//!   atoms follow while they fit within [`WIDTH`] — up to the first list, comment or blank
//!   line, e.g. `(variant "Plateau" default`. When the arguments left are all atoms, they fill
//!   the lines that follow, indented two more than the `(` (a long `(sites ...)`). Otherwise
//!   every remaining argument goes on a line of its own, so indented; so does a list, even the
//!   first argument:
//!   `(when` / `(no-moves)`. Closing brackets are stacked at the end of the last line, never on
//!   a line of their own — except after a comment on its own line that ends the list, where
//!   the bracket goes on the next line, under its `(`.
//! - Strings are re-quoted with the escapes the grammar accepts ([`crate::syntax::quote`]);
//!   words and numbers are written as they are.
//! - Blank lines between two forms or comments of a list, or of the file, are kept as
//!   authored (a run of them becomes one); none are added. A blank line in a list keeps the
//!   list broken. Blank lines at the start or end of a list or of the file are dropped.
//! - A comment on a line of its own stays on a line of its own, before the form that follows
//!   it, indented like that form. A comment after a token stays at the end of that token's
//!   line; the closing brackets written on that line go before it. (So a comment at the end of
//!   a list belongs to the line that closes the list; and of two such comments that would meet
//!   on one line, the second goes on its own line.)
//! - Comments lose their trailing whitespace; line endings become `\n`.

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::{self, Node, SourceId, Span, quote};

/// Lines are kept within this many columns wherever the layout allows (a long string or
/// comment may still exceed it).
pub const WIDTH: usize = 100;

/// Indentation of each level of nesting.
pub const INDENT: usize = 2;

/// Formats a game file in the canonical layout. Diagnostics point into source 0.
pub fn format(text: &str) -> Result<String, Diagnostic> {
    format_source(0, text)
}

/// Formats a game file in the canonical layout; `source` is the id its diagnostics use.
///
/// Fails with the parser's diagnostic when the text does not parse. The result is checked to
/// parse to the same tree and to hold the same comments; if it did not (a bug), an error is
/// returned rather than text that would change the file.
pub fn format_source(source: SourceId, text: &str) -> Result<String, Diagnostic> {
    let before = syntax::parse(source, text)?;
    let tokens = lex(text).map_err(|offset| internal(source, text, Some(offset)))?;
    let items =
        Builder { tokens: &tokens, pos: 0 }.items(true).map_err(|offset| internal(source, text, Some(offset)))?;
    let formatted = render(&items);
    let same = syntax::parse(source, &formatted).is_ok_and(|after| same_forms(&before, &after));
    if !same || comments(text) != comments(&formatted) {
        return Err(internal(source, text, None));
    }
    Ok(formatted)
}

/// The comments of a text, in order, without trailing whitespace (`None` if it does not lex).
fn comments(text: &str) -> Option<Vec<&str>> {
    let tokens = lex(text).ok()?;
    Some(tokens.iter().filter(|t| t.kind == Kind::Comment).map(|t| t.text).collect())
}

fn internal(source: SourceId, text: &str, offset: Option<usize>) -> Diagnostic {
    let d = Diagnostic::error(codes::SYNTAX, "the formatter cannot lay out this file (a bug in `tabula fmt`)")
        .help("the file is left as it is; please report it");
    match offset {
        Some(offset) => {
            let end = text[offset..].chars().next().map_or(offset, |c| offset + c.len_utf8());
            d.label(Span::new(source, offset, end), "the formatter stopped here")
        }
        None => d,
    }
}

// ---------------------------------------------------------------------------------------------
// Lexer

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `(` or `{`.
    Open,
    /// `)` or `}`.
    Close,
    /// A word, a number or a string literal.
    Atom,
    /// `name:`, the start of a Ludii named argument; its value follows without a space.
    Named,
    /// `; ...` to the end of the line.
    Comment,
}

#[derive(Debug, Clone, Copy)]
struct Token<'a> {
    kind: Kind,
    /// The source text (a comment without its trailing whitespace).
    text: &'a str,
    /// Byte offset in the source.
    start: usize,
    /// Number of line breaks in the whitespace before the token.
    newlines: usize,
    /// Whether any whitespace comes before the token.
    spaced: bool,
}

fn is_symbol_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-_+*/<>=!?.#&|'".contains(&b)
}

/// Splits the text into tokens; fails with the offset of anything the grammar does not know.
fn lex(text: &str) -> Result<Vec<Token<'_>>, usize> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let (mut i, mut newlines, mut spaced) = (0, 0, false);
    while i < bytes.len() {
        let start = i;
        let kind = match bytes[i] {
            b'\n' => {
                newlines += 1;
                spaced = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' => {
                spaced = true;
                i += 1;
                continue;
            }
            b'(' | b'{' => {
                i += 1;
                Kind::Open
            }
            b')' | b'}' => {
                i += 1;
                Kind::Close
            }
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                Kind::Comment
            }
            b'"' => {
                i += 1;
                loop {
                    match bytes.get(i) {
                        None | Some(b'\n') => return Err(start),
                        Some(b'\\') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                Kind::Atom
            }
            b if is_symbol_char(b) => {
                while i < bytes.len() && is_symbol_char(bytes[i]) {
                    i += 1;
                }
                if bytes.get(i) == Some(&b':') {
                    i += 1;
                    Kind::Named
                } else {
                    Kind::Atom
                }
            }
            _ => return Err(start),
        };
        let mut text = &text[start..i];
        if kind == Kind::Comment {
            text = text.trim_end();
        }
        tokens.push(Token { kind, text, start, newlines, spaced });
        newlines = 0;
        spaced = false;
    }
    Ok(tokens)
}

/// A string literal's source text, re-quoted canonically.
fn requote(literal: &str) -> String {
    quote(&crate::syntax::unescape(&literal[1..literal.len() - 1]))
}

// ---------------------------------------------------------------------------------------------
// Tree of forms, comments and blank lines

#[derive(Debug)]
enum Form {
    /// A word, number or string, as it is written out.
    Atom(String),
    /// `a:` (or `a:b:` ...) followed by its value.
    Named(String, Box<Form>),
    /// `(...)` or `{...}`.
    List {
        open: &'static str,
        close: &'static str,
        items: Vec<Item>,
        /// Width of the one-line form; `None` if the list must be broken (comments, blank lines).
        flat: Option<usize>,
    },
}

#[derive(Debug)]
enum Item {
    Form(Form),
    /// A comment; `trailing` when it ends the line of the token before it.
    Comment {
        text: String,
        trailing: bool,
    },
    /// One or more blank lines.
    Blank,
}

impl Form {
    fn is_atom(&self) -> bool {
        match self {
            Form::Atom(_) => true,
            Form::Named(_, value) => value.is_atom(),
            Form::List { .. } => false,
        }
    }

    /// Width of the one-line form, if it has one.
    fn width(&self) -> Option<usize> {
        match self {
            Form::Atom(s) => Some(s.chars().count()),
            Form::Named(prefix, value) => value.width().map(|w| w + prefix.chars().count()),
            Form::List { flat, .. } => *flat,
        }
    }

    fn write_flat(&self, out: &mut String) {
        match self {
            Form::Atom(s) => out.push_str(s),
            Form::Named(prefix, value) => {
                out.push_str(prefix);
                value.write_flat(out);
            }
            Form::List { open, close, items, .. } => {
                out.push_str(open);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    if let Item::Form(f) = item {
                        f.write_flat(out);
                    }
                }
                out.push_str(close);
            }
        }
    }
}

struct Builder<'t, 'a> {
    tokens: &'t [Token<'a>],
    pos: usize,
}

impl Builder<'_, '_> {
    /// The items of the file (`top`) or of a list, up to (not including) its closing bracket.
    fn items(&mut self, top: bool) -> Result<Vec<Item>, usize> {
        let mut items = Vec::new();
        loop {
            let Some(&tok) = self.tokens.get(self.pos) else {
                return if top { Ok(items) } else { Err(self.tokens.last().map_or(0, |t| t.start)) };
            };
            if tok.kind == Kind::Close {
                return if top { Err(tok.start) } else { Ok(items) };
            }
            if tok.newlines >= 2 && !items.is_empty() {
                items.push(Item::Blank);
            }
            if tok.kind == Kind::Comment {
                // Two comments cannot end the same line: a comment that would follow another
                // one (with only closing brackets in between) is written on its own line.
                let after_trailing = matches!(items.last(), Some(Item::Comment { trailing: true, .. }));
                let trailing = self.pos > 0 && tok.newlines == 0 && !after_trailing;
                items.push(Item::Comment { text: tok.text.to_string(), trailing });
                self.pos += 1;
            } else {
                let (form, hoisted) = self.form()?;
                items.push(Item::Form(form));
                items.extend(hoisted);
            }
        }
    }

    /// One form, and the trailing comment that ended its last list (it goes on the line that
    /// closes the list, so it belongs after the list).
    fn form(&mut self) -> Result<(Form, Option<Item>), usize> {
        let tok = self.tokens[self.pos];
        self.pos += 1;
        match tok.kind {
            Kind::Atom if tok.text.starts_with('"') => Ok((Form::Atom(requote(tok.text)), None)),
            Kind::Atom => Ok((Form::Atom(tok.text.to_string()), None)),
            Kind::Named => {
                let mut prefix = tok.text.to_string();
                // The value follows without a space; a chain `a:b:c` is read here, not by
                // recursion.
                loop {
                    match self.tokens.get(self.pos) {
                        Some(next) if !next.spaced && next.kind == Kind::Named => {
                            prefix.push_str(next.text);
                            self.pos += 1;
                        }
                        Some(next) if !next.spaced && matches!(next.kind, Kind::Atom | Kind::Open) => {
                            let (value, hoisted) = self.form()?;
                            return Ok((Form::Named(prefix, Box::new(value)), hoisted));
                        }
                        _ => return Err(tok.start),
                    }
                }
            }
            Kind::Open => {
                let mut items = self.items(false)?;
                let close = self.tokens[self.pos];
                self.pos += 1;
                let (open, close) = match (tok.text, close.text) {
                    ("(", ")") => ("(", ")"),
                    ("{", "}") => ("{", "}"),
                    _ => return Err(close.start),
                };
                let hoisted = match items.last() {
                    Some(Item::Comment { trailing: true, .. }) => items.pop(),
                    _ => None,
                };
                let flat = flat_width(&items);
                Ok((Form::List { open, close, items, flat }, hoisted))
            }
            Kind::Close | Kind::Comment => Err(tok.start),
        }
    }
}

/// Width of a list written on one line, if it can be.
fn flat_width(items: &[Item]) -> Option<usize> {
    let mut width = 2 + items.len().saturating_sub(1);
    for item in items {
        match item {
            Item::Form(f) => width += f.width()?,
            Item::Comment { .. } | Item::Blank => return None,
        }
    }
    Some(width)
}

// ---------------------------------------------------------------------------------------------
// Rendering

/// The text being written, with the comment waiting for the end of the current line.
#[derive(Default)]
struct Out {
    text: String,
    /// Column of the end of the current line, in characters.
    col: usize,
    /// A trailing comment to write when the line ends (after any closing brackets).
    pending: Option<String>,
    /// Whether a blank line goes before the next line.
    blank: bool,
    /// Whether anything has been written.
    started: bool,
}

impl Out {
    fn push(&mut self, s: &str) {
        debug_assert!(self.pending.is_none(), "a token after a trailing comment");
        self.text.push_str(s);
        self.col += s.chars().count();
    }

    /// Closing brackets may follow a pending comment: they go before it.
    fn close(&mut self, s: &str) {
        self.text.push_str(s);
        self.col += s.chars().count();
    }

    fn end_line(&mut self) {
        if let Some(comment) = self.pending.take() {
            if self.col > 0 {
                self.text.push(' ');
            }
            self.text.push_str(&comment);
        }
        let trimmed = self.text.trim_end_matches(' ').len();
        self.text.truncate(trimmed);
    }

    /// Starts a new line at `indent` (the first line of the file needs no line break).
    fn newline(&mut self, indent: usize) {
        if self.started {
            self.end_line();
            self.text.push('\n');
            if self.blank {
                self.text.push('\n');
            }
        }
        self.started = true;
        self.blank = false;
        self.text.extend(std::iter::repeat_n(' ', indent));
        self.col = indent;
    }

    fn trailing(&mut self, comment: &str) {
        debug_assert!(self.pending.is_none(), "two trailing comments on one line");
        self.pending = Some(comment.to_string());
    }

    fn finish(mut self) -> String {
        self.end_line();
        if self.started {
            self.text.push('\n');
        }
        self.text
    }
}

fn render(items: &[Item]) -> String {
    let mut out = Out::default();
    for item in items {
        match item {
            Item::Form(f) => {
                out.newline(0);
                render_form(&mut out, f, 0);
            }
            Item::Comment { text, trailing: true } => out.trailing(text),
            Item::Comment { text, trailing: false } => {
                out.newline(0);
                out.push(text);
            }
            Item::Blank => out.blank = true,
        }
    }
    out.finish()
}

/// Writes a form starting at the current column; `trail` closing brackets will follow it on
/// its last line.
fn render_form(out: &mut Out, form: &Form, trail: usize) {
    match form {
        Form::Atom(s) => out.push(s),
        Form::Named(prefix, value) => {
            out.push(prefix);
            render_form(out, value, trail);
        }
        Form::List { open, close, items, flat } => {
            let col = out.col;
            if let Some(width) = flat {
                if col + width + trail <= WIDTH {
                    let mut s = String::with_capacity(*width);
                    form.write_flat(&mut s);
                    out.push(&s);
                    return;
                }
            }
            render_broken(out, open, close, items, trail);
        }
    }
}

/// Widest list kept on its head's line as the first argument.
const SHORT: usize = 30;

fn render_broken(out: &mut Out, open: &str, close: &str, items: &[Item], trail: usize) {
    let col = out.col;
    out.push(open);
    let inner = col + INDENT;
    // The closing bracket goes at the end of the last form's line, unless a comment ends the
    // list (then it goes on a line of its own).
    let closes = matches!(items.last(), None | Some(Item::Form(_)));
    let last = items.len().wrapping_sub(1);
    let trail_of = |i: usize| if closes && i == last { trail + 1 } else { 0 };
    let mut next = 0;
    if let Some(Item::Form(head)) = items.first() {
        render_form(out, head, trail_of(0));
        next = 1;
        if head.is_atom() {
            while let Some(Item::Form(f)) = items.get(next) {
                let Some(width) = f.width().filter(|_| f.is_atom()) else { break };
                if next > 1 && out.col + 1 + width + trail_of(next) > WIDTH {
                    break;
                }
                out.push(" ");
                render_form(out, f, trail_of(next));
                next += 1;
            }
            // A short first argument that is a list stays with the head when a longer one
            // follows: `(when (board-full)` reads better than `(when` alone, while a list of
            // like entries, as in `(meta (author ...) (year ...))`, keeps one entry a line.
            if next == 1 {
                let second = items[2.min(items.len())..].iter().find_map(|i| match i {
                    Item::Form(f) => Some(f),
                    _ => None,
                });
                if let (Some(Item::Form(f)), Some(second)) = (items.get(1), second) {
                    let longer = second.width().is_none_or(|w| w > f.width().unwrap_or(usize::MAX));
                    if let Some(width) = f.width().filter(|w| *w <= SHORT && !f.is_atom() && longer) {
                        if out.col + 1 + width <= WIDTH {
                            out.push(" ");
                            render_form(out, f, trail_of(1));
                            next = 2;
                        }
                    }
                }
            }
        }
    }
    // Atoms that did not fit after the head, and only atoms, fill the lines that follow (a
    // long `(sites ...)`), rather than standing one a line.
    let rest = &items[next.min(items.len())..];
    if next > 1 && !rest.is_empty() && rest.iter().all(|i| matches!(i, Item::Form(f) if f.is_atom())) {
        for (i, item) in rest.iter().enumerate().map(|(k, item)| (next + k, item)) {
            let Item::Form(f) = item else { continue };
            let width = f.width().unwrap_or(0);
            if i == next || out.col + 1 + width + trail_of(i) > WIDTH {
                out.newline(inner);
            } else {
                out.push(" ");
            }
            render_form(out, f, trail_of(i));
        }
        out.close(close);
        return;
    }
    for (i, item) in items.iter().enumerate().skip(next) {
        match item {
            Item::Form(f) => {
                out.newline(inner);
                render_form(out, f, trail_of(i));
            }
            Item::Comment { text, trailing: true } => out.trailing(text),
            Item::Comment { text, trailing: false } => {
                out.newline(inner);
                out.push(text);
            }
            Item::Blank => out.blank = true,
        }
    }
    if !closes {
        out.newline(col);
    }
    out.close(close);
}

/// Whether two parsed files have the same forms, spans aside.
fn same_forms(a: &[Node], b: &[Node]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
}
