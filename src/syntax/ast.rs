//! The syntax tree of a game file: forms with byte spans.
//!
//! The tree is deliberately untyped (lists and atoms, like the source); the checker gives it
//! meaning. Every node keeps its span so that any later stage can point back into the file.

use std::fmt;

pub use crate::span::{SourceId, Span};

/// One form of the source.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    pub span: Span,
}

#[derive(Debug, Clone, PartialEq)]
pub enum NodeKind {
    /// `(head arg ...)`; may be empty.
    List(Vec<Node>),
    /// A bare word: a ludeme, a keyword, or the name of something defined in the file.
    Symbol(String),
    /// An integer literal.
    Int(i64),
    /// A string literal (escapes resolved).
    Str(String),
    /// Ludii's `{ a b c }` array: not Tabula syntax, kept to answer it precisely.
    Braces(Vec<Node>),
    /// Ludii's `name:value` argument: not Tabula syntax, kept to answer it precisely.
    Named(String, Box<Node>),
}

impl Node {
    pub fn symbol(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::Symbol(s) => Some(s),
            _ => None,
        }
    }

    pub fn list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// The head symbol of a list, if the node is a list that starts with a symbol.
    pub fn head(&self) -> Option<&str> {
        self.list().and_then(|items| items.first()).and_then(Node::symbol)
    }

    /// The arguments of a list (everything after the head).
    pub fn args(&self) -> &[Node] {
        match &self.kind {
            NodeKind::List(items) if !items.is_empty() => &items[1..],
            _ => &[],
        }
    }

    /// A short description of what this node is, for messages ("a number", "`(place ...)`").
    pub fn describe(&self) -> String {
        match &self.kind {
            NodeKind::List(items) => match items.first().and_then(Node::symbol) {
                Some(head) if items.len() == 1 => format!("`({head})`"),
                Some(head) => format!("`({head} ...)`"),
                None if items.is_empty() => "an empty list `()`".to_string(),
                None => "a list".to_string(),
            },
            NodeKind::Symbol(s) => format!("`{s}`"),
            NodeKind::Int(i) => format!("the number {i}"),
            NodeKind::Str(s) => format!("the string \"{s}\""),
            NodeKind::Braces(_) => "a `{...}` array".to_string(),
            NodeKind::Named(n, _) => format!("the named argument `{n}:`"),
        }
    }

    /// Structural equality ignoring spans (used by `fmt` round-trip tests).
    pub fn same_shape(&self, other: &Node) -> bool {
        use NodeKind::*;
        match (&self.kind, &other.kind) {
            (List(a), List(b)) | (Braces(a), Braces(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
            }
            (Named(n, a), Named(m, b)) => n == m && a.same_shape(b),
            (a, b) => a == b,
        }
    }
}

impl fmt::Display for Node {
    /// Prints the node back as source text on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fn seq(f: &mut fmt::Formatter<'_>, items: &[Node]) -> fmt::Result {
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                write!(f, "{item}")?;
            }
            Ok(())
        }
        match &self.kind {
            NodeKind::List(items) => {
                f.write_str("(")?;
                seq(f, items)?;
                f.write_str(")")
            }
            NodeKind::Braces(items) => {
                f.write_str("{")?;
                seq(f, items)?;
                f.write_str("}")
            }
            NodeKind::Symbol(s) => f.write_str(s),
            NodeKind::Int(i) => write!(f, "{i}"),
            NodeKind::Str(s) => write!(f, "{}", quote(s)),
            NodeKind::Named(n, v) => write!(f, "{n}:{v}"),
        }
    }
}

/// Writes a string literal with the escapes the grammar accepts.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
