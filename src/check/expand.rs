//! Pass 3: substitution of defines, `for-each` and option values.
//!
//! A word in argument position that names a define is replaced by the define's value (itself
//! expanded); a word naming an option is replaced by the option's value in force. A list headed
//! by a define with parameters, `(NAME ARGUMENT...)`, is replaced by the define's value with
//! each parameter standing for its argument; `(for-each NAME (VALUE...) FORM...)` by its forms,
//! once per value, spliced among the arguments around it. Other heads of lists are ludeme names
//! and are never replaced. Substituted defines keep the spans of their body, so an error inside
//! a define points into the define; arguments keep theirs; option values take the span of the
//! word they replace. What comes out is the language without abstraction: the later passes and
//! the engine never see a define or a loop.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::args::wrong_kind;
use super::document::{Define, Document};
use super::options::Resolved;
use super::scope::{KEYWORDS, LUDEMES, POISON};
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
    pub pieces: Option<Node>,
    pub regions: Vec<Node>,
    pub counters: Vec<Node>,
    pub allowances: Vec<Node>,
    pub relations: Vec<Node>,
}

/// Limit on the size of the expanded description, against defines that double at each level.
const MAX_NODES: usize = 1_000_000;

enum Value<'a> {
    /// A define's value, where its name is declared, and its parameters (none for a define
    /// used as a word).
    Define(&'a Node, Span, &'a [(String, Span)]),
    /// The value's form, the option's declaration, the value as text.
    Option(NodeKind, Span, String),
    /// A name already reported as broken (a keyword define, an option that failed to declare):
    /// its uses are silently poisoned.
    Broken,
}

/// What the words of one define's body or one `for-each` repetition stand for: the define's
/// parameters and the loop variables around the form being expanded, innermost last. Each value
/// is already expanded, in the scope of the use that gave it.
type Frame = Vec<Binding>;

/// A name bound to an expanded form, with the form's size and height: every substitution copies
/// the form, and is charged against the limits as if it were written out. The form is shared:
/// a frame copied for each repetition of a loop copies pointers, not forms.
#[derive(Clone)]
struct Binding {
    name: Rc<str>,
    value: Rc<Node>,
    nodes: usize,
    height: usize,
}

impl Binding {
    fn new(name: &str, value: Node) -> Self {
        let (nodes, height) = measure(&value);
        Binding { name: name.into(), value: Rc::new(value), nodes, height }
    }
}

/// The number of forms in `node` and how deeply they nest.
fn measure(node: &Node) -> (usize, usize) {
    match &node.kind {
        NodeKind::List(items) => items.iter().map(measure).fold((1, 1), |(n, h), (m, g)| (n + m, h.max(g + 1))),
        _ => (1, 1),
    }
}

struct Expander<'a> {
    values: HashMap<&'a str, Value<'a>>,
    /// The defines being expanded, outermost first, against cycles.
    active: Vec<&'a str>,
    /// The bindings in scope; only the last frame is visible (a define's body sees its own
    /// parameters, not those of the define that uses it).
    frames: Vec<Frame>,
    /// Defines with parameters whose declaration was reported as wrong.
    broken_calls: HashSet<&'a str>,
    nodes: usize,
    overflow: bool,
}

/// The expanded sections; `None` when they grew past the limits (reported once), as what came
/// out is cut short and checking it would only report the cuts.
pub fn expand(cx: &mut Context, doc: &Document<'_>, resolved: &Resolved<'_>) -> Option<Expanded> {
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
    // A define reported as wrong is poisoned where it is used, as a word and, for one written
    // with parameters, where its name heads a list.
    let mut broken_calls = HashSet::new();
    for define in &resolved.defines {
        if let Some(Value::Option(_, option_span, _)) = values.get(define.name.as_str()) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("`{}` is both an option and a define", define.name))
                    .label(define.name_span, "defined here")
                    .label(*option_span, "option declared here"),
            );
            continue;
        }
        let sound = !define.broken
            && check_name(cx, &define.name, define.name_span, "a define")
            && (define.params.is_empty() || check_parameters(cx, define));
        if sound {
            values.insert(define.name.as_str(), Value::Define(define.value, define.name_span, &define.params));
        } else {
            values.insert(define.name.as_str(), Value::Broken);
            if define.broken || !define.params.is_empty() {
                broken_calls.insert(define.name.as_str());
            }
        }
    }
    let _ = doc;
    let mut ex =
        Expander { values, active: Vec::new(), frames: vec![Vec::new()], broken_calls, nodes: 0, overflow: false };
    let s = &resolved.sections;
    let players = s.players.map(|n| ex.node(cx, n, 0));
    let board = s.board.map(|n| ex.node(cx, n, 0));
    let play = s.play.map(|n| ex.node(cx, n, 0));
    let end = s.end.map(|n| ex.node(cx, n, 0));
    let setup = s.setup.map(|n| ex.node(cx, n, 0));
    let pieces = s.pieces.map(|n| ex.node(cx, n, 0));
    let regions = s.regions.iter().map(|n| ex.node(cx, n, 0)).collect();
    let counters = s.counters.iter().map(|n| ex.node(cx, n, 0)).collect();
    let allowances = s.allowances.iter().map(|n| ex.node(cx, n, 0)).collect();
    let relations = s.relations.iter().map(|n| ex.node(cx, n, 0)).collect();
    if ex.overflow {
        return None;
    }
    Some(Expanded { players, board, play, end, setup, pieces, regions, counters, allowances, relations })
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

/// A define with parameters is used as `(NAME ARGUMENT...)`, where a ludeme's name stands: it
/// may not take a ludeme's name, and its parameters may not be keywords.
fn check_parameters(cx: &mut Context, define: &Define<'_>) -> bool {
    if LUDEMES.iter().any(|(name, _, _)| *name == define.name) {
        cx.report(
            Diagnostic::error(
                codes::SHADOWED,
                format!("`{}` is a ludeme; a define with parameters cannot take its name", define.name),
            )
            .label(define.name_span, "the name of a ludeme")
            .help(format!("`({} ...)` would no longer mean the ludeme: choose another name", define.name)),
        );
        return false;
    }
    define.params.iter().all(|(p, span)| check_bound_name(cx, p, *span, "a parameter"))
}

/// In the names of a `for-each` over lists, `_` takes its item of each value and binds nothing:
/// a loop over a define's tuples that needs only some of their items.
const IGNORED: &str = "_";

/// A parameter or a name bound by `for-each` stands for its value wherever it is written, at
/// the head of a list too (`(X S)` in a loop over X): it may be neither a keyword nor a ludeme.
fn check_bound_name(cx: &mut Context, name: &str, span: Span, what: &str) -> bool {
    if LUDEMES.iter().any(|(ludeme, _, _)| *ludeme == name) {
        cx.report(
            Diagnostic::error(codes::SHADOWED, format!("`{name}` is a ludeme and cannot name {what}"))
                .label(span, "the name of a ludeme")
                .help(format!(
                    "`({name} ...)` would stand for the value: choose another name, such as `{}`",
                    name.to_uppercase()
                )),
        );
        return false;
    }
    check_name(cx, name, span, what)
}

/// Values of a `for-each` that are no list; always `None`.
fn not_a_list<T>(cx: &mut Context, node: &Node) -> Option<T> {
    cx.report(
        wrong_kind(node, "the values of `for-each`", "a list such as `(N E S W)`")
            .help("the values are written in parentheses, or named by a define: `(define sides (N E S W))`"),
    );
    None
}

fn poison(span: Span) -> Node {
    Node { kind: NodeKind::Symbol(POISON.into()), span }
}

impl<'a> Expander<'a> {
    /// A form where one form is required (a section).
    fn node(&mut self, cx: &mut Context, node: &'a Node, depth: usize) -> Node {
        let mut out = self.items(cx, node, depth);
        if out.len() == 1 {
            return out.pop().unwrap_or_else(|| poison(node.span));
        }
        if !out.is_empty() {
            cx.report(
                Diagnostic::error(
                    codes::WRONG_PLACE,
                    format!("this stands for {} forms where one is expected", out.len()),
                )
                .label(node.span, "expands to several forms")
                .help("`for-each` repeats arguments of a list: put it inside the list that takes them"),
            );
        }
        poison(node.span)
    }

    /// The forms that `node` stands for as an item of a list: one, except for a `for-each` and
    /// a define whose value is one, which stand for as many as they repeat.
    fn items(&mut self, cx: &mut Context, node: &'a Node, depth: usize) -> Vec<Node> {
        if !self.charge(cx, node.span, 1, depth) {
            return vec![poison(node.span)];
        }
        match &node.kind {
            NodeKind::List(items) => match items.first().and_then(Node::symbol) {
                Some("for-each") => self.for_each(cx, node, items, depth),
                // A bound name hides a define of the same name, at the head of a list too.
                Some(head) if self.lookup(head).is_none() && self.is_call(head) => self.call(cx, node, items, depth),
                // A define with parameters already reported as wrong: its uses say nothing more.
                Some(head) if self.lookup(head).is_none() && self.broken_calls.contains(head) => {
                    vec![poison(node.span)]
                }
                _ => {
                    if let Some(head) = items.first().and_then(Node::symbol).filter(|h| self.lookup(h).is_none()) {
                        if !self.check_head(cx, node, head) {
                            return vec![poison(node.span)];
                        }
                    }
                    let mut out = Vec::with_capacity(items.len());
                    for (i, item) in items.iter().enumerate() {
                        match item.symbol() {
                            // A ludeme's name, or data whose first word is bound (`(X S)` in a
                            // loop over X).
                            Some(word) if i == 0 => out
                                .push(self.substitute(cx, item.span, word, depth + 1).unwrap_or_else(|| item.clone())),
                            _ => out.extend(self.items(cx, item, depth + 1)),
                        }
                    }
                    vec![Node { kind: NodeKind::List(out), span: node.span }]
                }
            },
            NodeKind::Symbol(name) => self.symbol(cx, node, name, depth),
            _ => vec![node.clone()],
        }
    }

    /// Counts `nodes` more forms of the expansion, reaching `height` levels deep; false, with one
    /// report for the whole document, once the expansion has grown past the limits.
    fn charge(&mut self, cx: &mut Context, at: Span, nodes: usize, height: usize) -> bool {
        self.nodes += nodes;
        if self.nodes <= MAX_NODES && height <= MAX_DEPTH {
            return true;
        }
        if !self.overflow {
            self.overflow = true;
            cx.report(
                Diagnostic::error(codes::TOO_DEEP, "defines expand to a description too large or too deep")
                    .label(at, "while expanding this")
                    .help("look for defines or `for-each` loops that use each other many times over"),
            );
        }
        false
    }

    /// What the name `word` written at `at` stands for, if it is bound: a copy of its value,
    /// charged as if written out at `depth` (the value is copied only once charged).
    fn substitute(&mut self, cx: &mut Context, at: Span, word: &str, depth: usize) -> Option<Node> {
        let (nodes, height) = self.lookup(word).map(|b| (b.nodes, b.height))?;
        if !self.charge(cx, at, nodes, depth + height) {
            return Some(poison(at));
        }
        self.lookup(word).map(|b| Node::clone(&b.value))
    }

    /// Whether `(head ...)` uses a define with parameters.
    fn is_call(&self, head: &str) -> bool {
        matches!(self.values.get(head), Some(Value::Define(_, _, params)) if !params.is_empty())
    }

    /// `(NAME ...)` where NAME is a define without parameters and no ludeme: a define used as a
    /// ludeme, answered before the checker calls the name unknown.
    fn check_head(&self, cx: &mut Context, node: &Node, head: &str) -> bool {
        let Some(Value::Define(_, declared, _)) = self.values.get(head) else { return true };
        if LUDEMES.iter().any(|(name, _, _)| *name == head) {
            return true;
        }
        cx.report(
            Diagnostic::error(codes::DEFINE_ARGUMENTS, format!("define `{head}` has no parameters"))
                .label(node.span, "used with arguments")
                .label(*declared, "defined without parameters here")
                .help(format!(
                    "write the word `{head}` alone, or give the define parameters: `(define ({head} X) ...)`"
                )),
        );
        false
    }

    /// `(NAME ARGUMENT...)`: the define's value, with each parameter standing for its argument.
    /// The arguments are expanded where they are written, so that their words mean what they
    /// mean there, and keep their spans there.
    fn call(&mut self, cx: &mut Context, node: &'a Node, items: &'a [Node], depth: usize) -> Vec<Node> {
        let name = items[0].symbol().unwrap_or_default();
        let Some((key, Value::Define(body, declared, params))) = self.values.get_key_value(name) else {
            return vec![poison(node.span)];
        };
        let (key, body, declared, params): (&'a str, &'a Node, Span, &'a [(String, Span)]) =
            (key, *body, *declared, *params);
        let mut arguments = Vec::with_capacity(params.len());
        for item in &items[1..] {
            arguments.extend(self.items(cx, item, depth + 1));
        }
        if arguments.len() != params.len() {
            let names: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
            let takes = match params.len() {
                1 => "1 argument".to_string(),
                n => format!("{n} arguments"),
            };
            cx.report(
                Diagnostic::error(
                    codes::DEFINE_ARGUMENTS,
                    format!("define `{key}` takes {takes}, given {}", arguments.len()),
                )
                .label(node.span, format!("given {}", arguments.len()))
                .label(declared, format!("defined here with parameters {}", names.join(" ")))
                .help(format!("write `({key} {})`", names.join(" "))),
            );
            return vec![poison(node.span)];
        }
        let frame = params.iter().zip(arguments).map(|((p, _), a)| Binding::new(p, a)).collect();
        self.inside(cx, key, node.span, declared, body, frame, |ex, cx| ex.items(cx, body, depth + 1))
            .unwrap_or_else(|| vec![poison(node.span)])
    }

    /// Runs `expand` inside define `key` (its body `body`, used at `at`), its parameters bound
    /// by `frame`; `None` for a define that would use itself.
    #[allow(clippy::too_many_arguments)]
    fn inside<T>(
        &mut self,
        cx: &mut Context,
        key: &'a str,
        at: Span,
        declared: Span,
        body: &Node,
        frame: Frame,
        expand: impl FnOnce(&mut Self, &mut Context) -> T,
    ) -> Option<T> {
        if !self.enter(cx, key, at, declared, body) {
            return None;
        }
        self.frames.push(frame);
        let out = expand(self, cx);
        self.frames.pop();
        self.active.pop();
        Some(out)
    }

    /// Starts expanding define `key` used at `at`: refuses a cycle, records the use.
    fn enter(&mut self, cx: &mut Context, key: &'a str, at: Span, declared: Span, body: &Node) -> bool {
        if let Some(start) = self.active.iter().position(|a| *a == key) {
            let chain: Vec<&str> = self.active[start..].iter().copied().chain([key]).collect();
            cx.report(
                Diagnostic::error(codes::DEFINE_CYCLE, format!("define `{key}` refers to itself"))
                    .label(at, "used here, inside its own expansion")
                    .label(declared, "defined here")
                    .help(format!("the chain is {}", chain.join(" → "))),
            );
            return false;
        }
        cx.used.defines.insert(key.to_string());
        match cx.expansions.iter_mut().find(|e| e.name == key) {
            Some(e) => {
                if !e.uses.contains(&at) {
                    e.uses.push(at);
                }
            }
            None => cx.expansions.push(Expansion { name: key.to_string(), body: body.span, uses: vec![at] }),
        }
        self.active.push(key);
        true
    }

    /// `(for-each NAME (VALUE...) FORM...)` or `(for-each (NAME...) ((VALUE...)...) FORM...)`: the
    /// forms, once for each value (or each list of values) in order, with the names standing for
    /// it.
    fn for_each(&mut self, cx: &mut Context, node: &'a Node, items: &'a [Node], depth: usize) -> Vec<Node> {
        const USAGE: &str =
            "write `(for-each D (N E S W) FORM...)`: the forms, once for each value, with `D` standing for it";
        let (Some(names), Some(values)) = (items.get(1), items.get(2)) else {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`for-each` needs a name, its values and a form to repeat")
                    .label(node.span, "incomplete")
                    .help(USAGE),
            );
            return vec![poison(node.span)];
        };
        let forms = &items[3..];
        if forms.is_empty() {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`for-each` has no form to repeat")
                    .label(node.span.last_char(), "expected a form before `)`")
                    .help(USAGE),
            );
            return vec![poison(node.span)];
        }
        // Names written as a list, even a list of one, take each value apart: `(A B)` over
        // `((N S) (E W))`.
        let tuples = names.list().is_some();
        let Some(names) = self.loop_names(cx, names) else { return vec![poison(node.span)] };
        let Some(values) = self.loop_values(cx, values, tuples, depth) else { return vec![poison(node.span)] };
        if values.is_empty() {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`for-each` has no values")
                    .label(items[2].span, "an empty list")
                    .help(USAGE),
            );
            return vec![poison(node.span)];
        }
        if names.iter().all(|(n, _)| n == IGNORED) {
            cx.report(
                Diagnostic::warning(codes::UNUSED, "this `for-each` binds nothing")
                    .label(items[1].span, "`_` takes an item and binds no name")
                    .help("the forms are repeated unchanged: name an item, or write the forms once"),
            );
        }
        for (name, span) in &names {
            if name != IGNORED && !forms.iter().any(|f| super::document::mentions(f, name)) {
                cx.report(
                    Diagnostic::warning(codes::UNUSED, format!("`{name}` of `for-each` is never used"))
                        .label(*span, "declared here")
                        .help("the forms are repeated unchanged: mention it in them, or write them once"),
                );
            }
        }
        cx.repeats.push((node.span, items[0].span, values.len()));
        let mut out = Vec::new();
        for value in values {
            let bound: Vec<Node> = if !tuples {
                vec![value]
            } else {
                match value.kind {
                    NodeKind::List(parts) if parts.len() == names.len() => parts,
                    _ => {
                        cx.report(
                            Diagnostic::error(
                                codes::WRONG_TYPE,
                                format!("each value of this `for-each` must be a list of {} forms", names.len()),
                            )
                            .label(value.span, format!("not a list of {}", names.len()))
                            .help(format!(
                                "`({})` takes one form for each name, such as `((N S) (E W))` for two names",
                                names.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>().join(" ")
                            )),
                        );
                        return vec![poison(node.span)];
                    }
                }
            };
            let mut frame = self.frames.last().cloned().unwrap_or_default();
            frame.extend(
                names.iter().zip(bound).filter(|((n, _), _)| n != IGNORED).map(|((n, _), v)| Binding::new(n, v)),
            );
            self.frames.push(frame);
            for form in forms {
                out.extend(self.items(cx, form, depth + 1));
            }
            self.frames.pop();
        }
        out
    }

    /// The name, or list of names, a `for-each` binds.
    fn loop_names(&self, cx: &mut Context, node: &Node) -> Option<Vec<(String, Span)>> {
        let words: Vec<&Node> = match &node.kind {
            NodeKind::Symbol(_) => vec![node],
            NodeKind::List(items) if !items.is_empty() => items.iter().collect(),
            _ => {
                cx.report(
                    wrong_kind(node, "what `for-each` binds", "a name, or a list of names")
                        .help("write `(for-each D (N E S W) ...)`, or `(for-each (A B) ((N S) (E W)) ...)`"),
                );
                return None;
            }
        };
        let mut out: Vec<(String, Span)> = Vec::new();
        for w in words {
            let Some(name) = w.symbol() else {
                cx.report(wrong_kind(w, "what `for-each` binds", "a name"));
                return None;
            };
            if name == IGNORED {
                out.push((name.to_string(), w.span));
                continue;
            }
            if !check_bound_name(cx, name, w.span, "what `for-each` binds") {
                return None;
            }
            if let Some((_, first)) = out.iter().find(|(n, _)| n == name) {
                cx.report(
                    Diagnostic::error(codes::DUPLICATE, format!("`{name}` is bound twice by one `for-each`"))
                        .label(w.span, "bound again here")
                        .label(*first, "first bound here"),
                );
                return None;
            }
            out.push((name.to_string(), w.span));
        }
        Some(out)
    }

    /// The values of a `for-each`: a list written there, or a define, parameter or loop name
    /// that stands for one. Each value is expanded where the list is written; with `tuples`,
    /// each value written as a list is data, every item of it expanded as an argument.
    fn loop_values(&mut self, cx: &mut Context, node: &'a Node, tuples: bool, depth: usize) -> Option<Vec<Node>> {
        let NodeKind::Symbol(name) = &node.kind else { return self.list_items(cx, node, tuples, depth) };
        if let Some(bound) = self.substitute(cx, node.span, name, depth) {
            return match bound.kind {
                NodeKind::List(items) => Some(items),
                _ if self.overflow => None,
                _ => not_a_list(cx, node),
            };
        }
        match self.values.get_key_value(name.as_str()) {
            Some((key, Value::Define(body, declared, []))) => {
                let (key, body, declared): (&'a str, &'a Node, Span) = (key, body, *declared);
                self.inside(cx, key, node.span, declared, body, Vec::new(), |ex, cx| match body.list() {
                    Some(_) => ex.list_items(cx, body, tuples, depth),
                    None => not_a_list(cx, node),
                })
                .flatten()
            }
            Some((_, Value::Broken)) => None,
            _ => not_a_list(cx, node),
        }
    }

    /// Every item of a list written in the file, each expanded as an argument (the first too:
    /// a list of values has no head); with `tuples`, items that are lists are data too.
    fn list_items(&mut self, cx: &mut Context, node: &'a Node, tuples: bool, depth: usize) -> Option<Vec<Node>> {
        let Some(items) = node.list() else { return not_a_list(cx, node) };
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            match item.list() {
                Some(_) if tuples => {
                    if !self.charge(cx, item.span, 1, depth + 1) {
                        return None;
                    }
                    let parts = self.list_items(cx, item, false, depth + 1)?;
                    out.push(Node { kind: NodeKind::List(parts), span: item.span });
                }
                _ => out.extend(self.items(cx, item, depth + 1)),
            }
        }
        Some(out)
    }

    /// What a parameter or loop name in scope stands for.
    fn lookup(&self, name: &str) -> Option<&Binding> {
        self.frames.last()?.iter().rev().find(|b| *b.name == *name)
    }

    fn symbol(&mut self, cx: &mut Context, node: &'a Node, name: &str, depth: usize) -> Vec<Node> {
        if let Some(bound) = self.substitute(cx, node.span, name, depth) {
            return vec![bound];
        }
        let Some((key, value)) = self.values.get_key_value(name) else { return vec![node.clone()] };
        let key: &'a str = key;
        match value {
            Value::Broken => vec![poison(node.span)],
            Value::Option(kind, declared, shown) => {
                cx.used.options.insert(key.to_string());
                cx.option_uses.push(OptionUse {
                    at: node.span,
                    option: key.to_string(),
                    value: shown.clone(),
                    declared: *declared,
                });
                vec![Node { kind: kind.clone(), span: node.span }]
            }
            Value::Define(body, declared, params) => {
                let (body, declared, params) = (*body, *declared, *params);
                if !params.is_empty() {
                    cx.used.defines.insert(key.to_string());
                    let names: Vec<&str> = params.iter().map(|(p, _)| p.as_str()).collect();
                    cx.report(
                        Diagnostic::error(
                            codes::DEFINE_ARGUMENTS,
                            format!("define `{key}` takes arguments: {}", names.join(" ")),
                        )
                        .label(node.span, "used as a word")
                        .label(declared, "defined with parameters here")
                        .help(format!("write `({key} {})`", names.join(" "))),
                    );
                    return vec![poison(node.span)];
                }
                self.inside(cx, key, node.span, declared, body, Vec::new(), |ex, cx| ex.items(cx, body, depth + 1))
                    .unwrap_or_else(|| vec![poison(node.span)])
            }
        }
    }
}
