//! The pest parser and the conversion of its parse tree into [`Node`]s.

use std::num::NonZeroUsize;

use pest::Parser as _;
use pest::iterators::Pair;

use super::ast::{Node, NodeKind, SourceId, Span};
use super::{MAX_SOURCE_BYTES, scan};
use crate::codes;
use crate::diagnostic::Diagnostic;

#[derive(pest_derive::Parser)]
#[grammar = "grammar/tabula.pest"]
struct Grammar;

/// Upper bound on pest's rule calls, so that no input makes the parser run away. The grammar
/// is linear, so a file within [`MAX_SOURCE_BYTES`] stays far below it.
const CALL_LIMIT: usize = 200_000_000;

/// Parses a whole source file into its top-level forms.
pub fn parse(source: SourceId, text: &str) -> Result<Vec<Node>, Diagnostic> {
    if text.len() > MAX_SOURCE_BYTES {
        return Err(Diagnostic::error(
            codes::TOO_LARGE,
            format!("the file is {} bytes; game files are limited to {} bytes", text.len(), MAX_SOURCE_BYTES),
        ));
    }
    scan::scan(source, text)?;
    pest::set_call_limit(NonZeroUsize::new(CALL_LIMIT));
    let mut pairs = Grammar::parse(Rule::file, text).map_err(|e| convert_error(source, text, e))?;
    let file = pairs.next().expect("the file rule always yields one pair");
    let mut forms = Vec::new();
    for pair in file.into_inner() {
        if pair.as_rule() != Rule::EOI {
            forms.push(node(source, pair));
        }
    }
    if let Some(n) = forms.iter().find_map(too_large) {
        return Err(Diagnostic::error(codes::OUT_OF_RANGE, format!("the number {n} is too large"))
            .label(n.span, "does not fit in 64 bits")
            .help("numbers in game files are whole numbers of at most 18 digits"));
    }
    Ok(forms)
}

fn node(source: SourceId, pair: Pair<'_, Rule>) -> Node {
    let span = Span::new(source, pair.as_span().start(), pair.as_span().end());
    let kind = match pair.as_rule() {
        Rule::list => NodeKind::List(pair.into_inner().map(|p| node(source, p)).collect()),
        Rule::braces => NodeKind::Braces(pair.into_inner().map(|p| node(source, p)).collect()),
        Rule::named => {
            let mut inner = pair.into_inner();
            let name = inner.next().map(|p| p.as_str().to_string()).unwrap_or_default();
            let value = inner.next().and_then(|v| v.into_inner().next()).map(|p| node(source, p));
            let value = value.unwrap_or(Node { kind: NodeKind::Symbol(String::new()), span });
            NodeKind::Named(name, Box::new(value))
        }
        Rule::string => NodeKind::Str(unescape(pair.into_inner().next().map(|p| p.as_str()).unwrap_or(""))),
        Rule::int => match pair.as_str().parse::<i64>() {
            Ok(i) => NodeKind::Int(i),
            // Too many digits: keep it as a word so the checker reports it with its span.
            Err(_) => NodeKind::Symbol(pair.as_str().to_string()),
        },
        _ => NodeKind::Symbol(pair.as_str().to_string()),
    };
    Node { kind, span }
}

/// A number too long to read, which the tree keeps as a word (see [`node`]).
fn too_large(node: &Node) -> Option<&Node> {
    match &node.kind {
        NodeKind::Symbol(s) => {
            let digits = s.strip_prefix('-').unwrap_or(s);
            (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())).then_some(node)
        }
        NodeKind::List(items) | NodeKind::Braces(items) => items.iter().find_map(too_large),
        NodeKind::Named(_, value) => too_large(value),
        _ => None,
    }
}

/// The value of a string literal's contents (`\n`, `\t`, `\"`, `\\` resolved).
pub fn unescape(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Turns pest's error into a diagnostic. The scan has already ruled out bracket and string
/// problems, so what is left is a character that cannot start a form, or a bad escape.
fn convert_error(source: SourceId, text: &str, error: pest::error::Error<Rule>) -> Diagnostic {
    let offset = match error.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    if let pest::error::ErrorVariant::CustomError { message } = &error.variant {
        if message.contains("call limit") {
            return Diagnostic::error(codes::TOO_LARGE, "the file is too complex to parse")
                .label(Span::new(source, offset, offset), "the parser gave up here");
        }
    }
    let ch = text[offset.min(text.len())..].chars().next();
    let (end, shown) = match ch {
        Some(c) => (offset + c.len_utf8(), format!("`{}`", c.escape_default())),
        None => (offset, "end of file".to_string()),
    };
    let in_string = text[..offset.min(text.len())].ends_with('\\');
    let mut d = Diagnostic::error(codes::SYNTAX, format!("unexpected {shown}"));
    if in_string {
        d = d
            .label(Span::new(source, offset.saturating_sub(1), end), "unknown escape")
            .help("strings accept the escapes \\\" \\\\ \\n and \\t");
        return d;
    }
    d = d.label(Span::new(source, offset, end), "not part of the language");
    let help = match ch {
        Some(',') => "arguments are separated by spaces, not commas",
        Some('[') | Some(']') => "lists are written with parentheses: `(head arg ...)`",
        Some(':') => "a `:` only appears in Ludii's named arguments, which Tabula does not use",
        _ => "a form is `(head arg ...)`, a word, a whole number or a \"string\"; comments start with `;`",
    };
    d.help(help)
}
