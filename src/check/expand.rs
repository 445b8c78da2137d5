//! Pass 3: substitution of defines and option values.
//!
//! A word in argument position that names a define is replaced by the define's value (itself
//! expanded); a word naming an option is replaced by the option's value in force. Heads of
//! lists are ludeme names and are never replaced. Substituted defines keep the spans of their
//! body, so an error inside a define points into the define; option values take the span of
//! the word they replace.

use std::collections::HashMap;

use super::document::Document;
use super::options::Resolved;
use super::scope::{KEYWORDS, POISON};
use super::{Context, Expansion, OptionUse};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::OptionKind;
use crate::syntax::{MAX_DEPTH, Node, NodeKind, Span};

/// The sections of the selected variant with every define and option substituted.
#[derive(Debug, Default)]
pub struct Expanded {
    pub players: Option<Node>,
    pub board: Option<Node>,
    pub play: Option<Node>,
    pub end: Option<Node>,
    pub setup: Option<Node>,
    pub regions: Vec<Node>,
    pub counters: Vec<Node>,
    pub allowances: Vec<Node>,
    pub relations: Vec<Node>,
}

/// Limit on the size of the expanded description, against defines that double at each level.
const MAX_NODES: usize = 1_000_000;

enum Value<'a> {
    Define(&'a Node, Span),
    /// The value's form, the option's declaration, the value as text.
    Option(NodeKind, Span, String),
    /// A name already reported as broken (a keyword define, an option that failed to declare):
    /// its uses are silently poisoned.
    Broken,
}

struct Expander<'a> {
    values: HashMap<&'a str, Value<'a>>,
    active: Vec<&'a str>,
    nodes: usize,
    overflow: bool,
}

pub fn expand(cx: &mut Context, doc: &Document<'_>, resolved: &Resolved<'_>) -> Expanded {
    let mut values: HashMap<&str, Value> = HashMap::new();
    for name in &resolved.failed_options {
        values.insert(name.as_str(), Value::Broken);
    }
    for (option, span) in resolved.options.iter().zip(&resolved.option_spans) {
        if !check_name(cx, &option.name, *span, "an option") {
            values.insert(option.name.as_str(), Value::Broken);
            continue;
        }
        let kind = match option.kind {
            OptionKind::Boolean => NodeKind::Symbol(if option.value != 0 { "true" } else { "false" }.into()),
            _ => NodeKind::Int(option.value),
        };
        values.insert(option.name.as_str(), Value::Option(kind, *span, option.show(option.value)));
    }
    for define in &resolved.defines {
        if !check_name(cx, &define.name, define.name_span, "a define") {
            values.insert(define.name.as_str(), Value::Broken);
            continue;
        }
        if let Some(Value::Option(_, option_span, _)) = values.get(define.name.as_str()) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("`{}` is both an option and a define", define.name))
                    .label(define.name_span, "defined here")
                    .label(*option_span, "option declared here"),
            );
            continue;
        }
        values.insert(define.name.as_str(), Value::Define(define.value, define.name_span));
    }
    let _ = doc;
    let mut ex = Expander { values, active: Vec::new(), nodes: 0, overflow: false };
    let s = &resolved.sections;
    let players = s.players.map(|n| ex.node(cx, n, 0));
    let board = s.board.map(|n| ex.node(cx, n, 0));
    let play = s.play.map(|n| ex.node(cx, n, 0));
    let end = s.end.map(|n| ex.node(cx, n, 0));
    let setup = s.setup.map(|n| ex.node(cx, n, 0));
    let regions = s.regions.iter().map(|n| ex.node(cx, n, 0)).collect();
    let counters = s.counters.iter().map(|n| ex.node(cx, n, 0)).collect();
    let allowances = s.allowances.iter().map(|n| ex.node(cx, n, 0)).collect();
    let relations = s.relations.iter().map(|n| ex.node(cx, n, 0)).collect();
    Expanded { players, board, play, end, setup, regions, counters, allowances, relations }
}

/// Whether a name may be defined; reports it if not.
fn check_name(cx: &mut Context, name: &str, span: Span, what: &str) -> bool {
    if KEYWORDS.contains(&name) {
        cx.report(
            Diagnostic::error(codes::SHADOWED, format!("`{name}` is a keyword of the language and cannot name {what}"))
                .label(span, "reserved word")
                .help("choose another name"),
        );
        return false;
    }
    true
}

fn poison(span: Span) -> Node {
    Node { kind: NodeKind::Symbol(POISON.into()), span }
}

impl<'a> Expander<'a> {
    fn node(&mut self, cx: &mut Context, node: &'a Node, depth: usize) -> Node {
        self.nodes += 1;
        if self.nodes > MAX_NODES || depth > MAX_DEPTH {
            if !self.overflow {
                self.overflow = true;
                cx.report(
                    Diagnostic::error(codes::TOO_DEEP, "defines expand to a description too large or too deep")
                        .label(node.span, "while expanding this")
                        .help("look for defines that use each other many times over"),
                );
            }
            return poison(node.span);
        }
        match &node.kind {
            NodeKind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    if i == 0 && item.symbol().is_some() {
                        out.push(item.clone());
                    } else {
                        out.push(self.node(cx, item, depth + 1));
                    }
                }
                Node { kind: NodeKind::List(out), span: node.span }
            }
            NodeKind::Symbol(name) => self.symbol(cx, node, name, depth),
            _ => node.clone(),
        }
    }

    fn symbol(&mut self, cx: &mut Context, node: &'a Node, name: &str, depth: usize) -> Node {
        let Some((key, value)) = self.values.get_key_value(name) else { return node.clone() };
        let key: &'a str = key;
        match value {
            Value::Broken => poison(node.span),
            Value::Option(kind, declared, shown) => {
                cx.used.options.insert(key.to_string());
                cx.option_uses.push(OptionUse {
                    at: node.span,
                    option: key.to_string(),
                    value: shown.clone(),
                    declared: *declared,
                });
                Node { kind: kind.clone(), span: node.span }
            }
            Value::Define(body, def_span) => {
                let (body, def_span) = (*body, *def_span);
                if let Some(start) = self.active.iter().position(|a| *a == key) {
                    let chain: Vec<&str> = self.active[start..].iter().copied().chain([key]).collect();
                    cx.report(
                        Diagnostic::error(codes::DEFINE_CYCLE, format!("define `{key}` refers to itself"))
                            .label(node.span, "used here, inside its own expansion")
                            .label(def_span, "defined here")
                            .help(format!("the chain is {}", chain.join(" → "))),
                    );
                    return poison(node.span);
                }
                cx.used.defines.insert(key.to_string());
                match cx.expansions.iter_mut().find(|e| e.name == key) {
                    Some(e) => {
                        if !e.uses.contains(&node.span) {
                            e.uses.push(node.span);
                        }
                    }
                    None => {
                        cx.expansions.push(Expansion { name: key.to_string(), body: body.span, uses: vec![node.span] })
                    }
                }
                self.active.push(key);
                let out = self.node(cx, body, depth + 1);
                self.active.pop();
                out
            }
        }
    }
}
