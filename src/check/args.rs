//! Reading the arguments of one ludeme, with precise arity diagnostics.

use super::Context;
use crate::check::scope::usage;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, NodeKind, Span};

/// A cursor over the arguments of `(head arg ...)`.
pub struct Args<'a> {
    form: &'a Node,
    items: &'a [Node],
    pos: usize,
}

impl<'a> Args<'a> {
    pub fn new(form: &'a Node) -> Args<'a> {
        Args { form, items: form.args(), pos: 0 }
    }

    pub fn head(&self) -> &'a str {
        self.form.head().unwrap_or("")
    }

    pub fn next(&mut self) -> Option<&'a Node> {
        let item = self.items.get(self.pos);
        if item.is_some() {
            self.pos += 1;
        }
        item
    }

    pub fn peek(&self) -> Option<&'a Node> {
        self.items.get(self.pos)
    }

    /// Everything not read yet; the cursor moves to the end.
    pub fn rest(&mut self) -> &'a [Node] {
        let rest = &self.items[self.pos.min(self.items.len())..];
        self.pos = self.items.len();
        rest
    }

    /// The span just before the closing parenthesis, where a missing argument belongs.
    pub fn closing(&self) -> Span {
        let end = self.form.span.end;
        Span { start: end.saturating_sub(1), end, ..self.form.span }
    }

    pub fn missing(&self, what: &str) -> Diagnostic {
        let head = self.head();
        let mut d = Diagnostic::error(codes::MISSING_ARGUMENT, format!("`({head} ...)` is missing {what}"))
            .label(self.closing(), format!("expected {what} before this `)`"));
        if let Some(u) = usage(head) {
            d = d.help(format!("usage: {u}"));
        }
        d
    }

    /// The next argument, which must exist.
    pub fn required(&mut self, cx: &mut Context, what: &str) -> Option<&'a Node> {
        let next = self.next();
        if next.is_none() {
            cx.report(self.missing(what));
        }
        next
    }

    /// The next argument, which must be a bare word.
    pub fn symbol(&mut self, cx: &mut Context, what: &str) -> Option<(String, Span)> {
        let node = self.required(cx, what)?;
        match &node.kind {
            NodeKind::Symbol(s) => Some((s.clone(), node.span)),
            _ => {
                cx.report(wrong_kind(node, what, "a name"));
                None
            }
        }
    }

    /// The next argument, which must be a string.
    pub fn string(&mut self, cx: &mut Context, what: &str) -> Option<(String, Span)> {
        let node = self.required(cx, what)?;
        match &node.kind {
            NodeKind::Str(s) => Some((s.clone(), node.span)),
            NodeKind::Symbol(s) => {
                cx.report(wrong_kind(node, what, "a string").help(format!("write it in double quotes: \"{s}\"")));
                Some((s.clone(), node.span))
            }
            _ => {
                cx.report(wrong_kind(node, what, "a string"));
                None
            }
        }
    }

    /// Reports every argument not read.
    pub fn finish(mut self, cx: &mut Context) {
        let head = self.head();
        let extra = self.rest();
        if let Some(first) = extra.first() {
            if matches!(first.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
                return;
            }
            let last = extra.last().unwrap_or(first);
            let span = Span { end: last.span.end, ..first.span };
            let what = if extra.len() == 1 {
                "an unexpected argument".to_string()
            } else {
                format!("{} unexpected arguments", extra.len())
            };
            let mut d = Diagnostic::error(codes::EXTRA_ARGUMENT, format!("`({head} ...)` has {what}"))
                .label(span, "not expected here");
            if let Some(u) = usage(head) {
                d = d.help(format!("usage: {u}"));
            }
            cx.report(d);
        }
    }
}

/// "expected X, found Y" for an argument of the wrong syntactic kind.
pub fn wrong_kind(node: &Node, what: &str, expected: &str) -> Diagnostic {
    Diagnostic::error(codes::WRONG_TYPE, format!("{what} must be {expected}, found {}", node.describe()))
        .label(node.span, format!("expected {expected}"))
}
