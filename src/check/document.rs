//! Pass 1: the shape of the file — one `(game NAME SECTION...)`, its sections sorted by kind.

use super::args::{Args, wrong_kind};
use super::{Context, similar};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::VariantInfo;
use crate::syntax::{Node, NodeKind, SourceId, Span};

/// Sections that may appear once in a game (or once in a variant, replacing the game's).
pub const SINGLE_SECTIONS: &[&str] = &["players", "board", "play", "end", "setup", "pieces"];
/// Sections that may appear several times.
pub const REPEATED_SECTIONS: &[&str] =
    &["option", "define", "variant", "region", "counter", "allowance", "extends", "without", "relation"];

/// `(define NAME VALUE)`, or `(define (NAME PARAMETER...) VALUE)` for a define with parameters.
#[derive(Debug, Clone)]
pub struct Define<'a> {
    pub name: String,
    pub name_span: Span,
    /// The parameters' names and where they are declared; empty for a define used as a word.
    pub params: Vec<(String, Span)>,
    pub value: &'a Node,
    /// Its name and parameters were reported as wrong: its uses are not reported again.
    pub broken: bool,
}

impl Define<'_> {
    /// Whether two defines say the same (a variant's define repeating the game's).
    pub fn same(&self, other: &Define<'_>) -> bool {
        let names = |d: &Define<'_>| d.params.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        names(self) == names(other) && self.value.same_shape(other.value)
    }
}

#[derive(Debug, Clone)]
pub struct Variant<'a> {
    pub name: String,
    pub span: Span,
    pub is_default: bool,
    pub description: Option<String>,
    pub defines: Vec<Define<'a>>,
    /// Sections that replace the game's own.
    pub sections: Vec<&'a Node>,
}

/// `(without KIND NAME)`: something of the base game removed.
#[derive(Debug, Clone)]
pub struct Without {
    pub kind: String,
    pub name: String,
    pub span: Span,
}

/// The game's sections, before options and variants are applied.
#[derive(Debug, Clone, Default)]
pub struct Sections<'a> {
    pub players: Option<&'a Node>,
    pub board: Option<&'a Node>,
    pub play: Option<&'a Node>,
    pub end: Option<&'a Node>,
    /// `(setup ...)`: the stones on the board before the first turn.
    pub setup: Option<&'a Node>,
    /// `(pieces KIND...)`: the kinds of piece.
    pub pieces: Option<&'a Node>,
    pub regions: Vec<&'a Node>,
    pub counters: Vec<&'a Node>,
    pub allowances: Vec<&'a Node>,
    /// `(relation NAME [(owner TEAM)] PART...)`, in order.
    pub relations: Vec<&'a Node>,
}

impl<'a> Sections<'a> {
    fn slot(&mut self, head: &str) -> Option<&mut Option<&'a Node>> {
        match head {
            "players" => Some(&mut self.players),
            "board" => Some(&mut self.board),
            "play" => Some(&mut self.play),
            "end" => Some(&mut self.end),
            "setup" => Some(&mut self.setup),
            "pieces" => Some(&mut self.pieces),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct Document<'a> {
    pub name: String,
    pub game_span: Span,
    pub meta: Vec<(String, String)>,
    pub options: Vec<&'a Node>,
    pub defines: Vec<Define<'a>>,
    pub variants: Vec<Variant<'a>>,
    pub sections: Sections<'a>,
    /// An unknown section was reported: a "missing section" may just be that one misspelt.
    pub unknown_sections: bool,
    /// What this game removes from the game it extends.
    pub withouts: Vec<Without>,
    /// The variants by name, built at the first [`Document::variant`] (after a derived game's
    /// variants are merged into its base's): checking every variant looks each one up.
    variant_index: std::cell::OnceCell<std::collections::HashMap<String, usize>>,
}

impl<'a> Document<'a> {
    /// The variant of that name.
    pub fn variant(&self, name: &str) -> Option<&Variant<'a>> {
        let index = self
            .variant_index
            .get_or_init(|| self.variants.iter().enumerate().map(|(i, v)| (v.name.clone(), i)).collect());
        index.get(name).map(|&i| &self.variants[i])
    }

    /// What the file declares by name, for the warnings about things never used.
    pub fn declared(&self) -> Vec<super::Declared> {
        let named = |kind: &'static str, form: &Node| {
            form.args()
                .first()
                .and_then(|n| n.symbol().map(|s| super::Declared { kind, name: s.to_string(), span: n.span }))
        };
        let mut out: Vec<super::Declared> = Vec::new();
        out.extend(self.options.iter().filter_map(|f| named("option", f)));
        out.extend(self.defines.iter().map(|d| super::Declared {
            kind: "define",
            name: d.name.clone(),
            span: d.name_span,
        }));
        for v in &self.variants {
            for d in &v.defines {
                if !out.iter().any(|o| o.kind == "define" && o.name == d.name) {
                    out.push(super::Declared { kind: "define", name: d.name.clone(), span: d.name_span });
                }
            }
        }
        out.extend(self.sections.counters.iter().filter_map(|f| named("counter", f)));
        out.extend(self.sections.allowances.iter().filter_map(|f| named("allowance", f)));
        for f in &self.sections.regions {
            if let Some(d) = named("region", f) {
                if !out.iter().any(|o| o.kind == "region" && o.name == d.name) {
                    out.push(d);
                }
            }
        }
        out
    }

    pub fn variant_names(&self) -> Vec<String> {
        self.variants.iter().map(|v| v.name.clone()).collect()
    }

    pub fn variant_infos(&self) -> Vec<VariantInfo> {
        self.variants
            .iter()
            .map(|v| VariantInfo { name: v.name.clone(), description: v.description.clone(), is_default: v.is_default })
            .collect()
    }
}

/// Reads the top level. Returns `None` when there is no usable `(game ...)`.
pub fn read<'a>(cx: &mut Context, forms: &'a [Node], source: SourceId, text: &str) -> Option<Document<'a>> {
    for form in forms {
        report_ludii_syntax(cx, form);
    }
    if forms.is_empty() {
        let mut d = Diagnostic::error(codes::EMPTY_FILE, "the file describes no game")
            .help("a game file holds one form `(game \"Name\" ...)`; see docs/LANGUAGE.md");
        let end = text.trim_end().len();
        if end > 0 {
            d = d.label(Span::new(source, 0, end), "nothing but comments");
        }
        cx.report(d);
        return None;
    }
    if !forms.iter().any(|f| f.head() == Some("game")) {
        let first = &forms[0];
        cx.report(
            Diagnostic::error(codes::NOT_A_GAME, "no `(game ...)` in this file")
                .label(
                    first.list().and_then(|l| l.first()).map(|h| h.span).unwrap_or(first.span),
                    format!("the file starts with {}", first.describe()),
                )
                .help("a game file holds one form `(game \"Name\" SECTION...)`: wrap the sections in it"),
        );
        return None;
    }
    let mut game: Option<&Node> = None;
    for form in forms {
        match form.head() {
            Some("game") if game.is_none() => game = Some(form),
            Some("game") => cx.report(
                Diagnostic::error(codes::DUPLICATE, "a file describes one game")
                    .label(form.span.first_char(), "second `(game ...)`")
                    .label(game.map(|g| g.span.first_char()).unwrap_or(form.span), "first one here")
                    .help("put each game in its own file"),
            ),
            _ => {
                let mut d =
                    Diagnostic::error(codes::NOT_A_GAME, format!("expected `(game ...)`, found {}", form.describe()))
                        .label(form.span, "outside the game description");
                if form.head().is_some_and(|h| SINGLE_SECTIONS.contains(&h) || REPEATED_SECTIONS.contains(&h)) {
                    d = d.help("sections belong inside `(game \"Name\" ...)`; check the parentheses before it");
                }
                cx.report(d);
            }
        }
    }
    let game = game?;
    let mut args = Args::new(game);
    let name = match args.next() {
        Some(Node { kind: NodeKind::Str(s), span }) if s.trim().is_empty() => {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "the game's name is empty")
                    .label(*span, "an empty name")
                    .help("write `(game \"Name\" ...)`: the name is shown by every command"),
            );
            s.clone()
        }
        Some(Node { kind: NodeKind::Str(s), .. }) => s.clone(),
        Some(other) => {
            cx.report(
                Diagnostic::error(
                    codes::WRONG_TYPE,
                    format!("the game's name must be a string, found {}", other.describe()),
                )
                .label(other.span, "expected a string such as \"My Game\""),
            );
            String::from("?")
        }
        None => {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "the game has no name")
                    .label(game.span.first_char(), "`(game ...)` starts here")
                    .help("write `(game \"Name\" ...)`"),
            );
            String::from("?")
        }
    };
    let mut doc = Document {
        name,
        game_span: game.span,
        meta: Vec::new(),
        options: Vec::new(),
        defines: Vec::new(),
        variants: Vec::new(),
        sections: Sections::default(),
        unknown_sections: false,
        withouts: Vec::new(),
        variant_index: std::cell::OnceCell::new(),
    };
    // Defines and variants by name: a file may hold thousands of them.
    let mut define_index: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut variant_index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for section in args.rest() {
        let Some(head) = section.head() else {
            if !matches!(section.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
                cx.report(
                    Diagnostic::error(codes::WRONG_TYPE, format!("expected a section, found {}", section.describe()))
                        .label(section.span, "not a section")
                        .help(
                            "a game holds sections such as `(players ...)`, `(board ...)`, `(play ...)`, `(end ...)`",
                        ),
                );
            }
            continue;
        };
        match head {
            "meta" => doc.meta.extend(meta(cx, section)),
            "extends" => {
                // Read by the loader (see `extend`); only its shape is checked here.
                let mut args = Args::new(section);
                args.string(cx, "the path of the game file it builds on");
                args.finish(cx);
            }
            "without" => {
                if let Some(w) = without(cx, section) {
                    doc.withouts.push(w);
                }
            }
            "option" => doc.options.push(section),
            "define" => {
                if let Some(d) = define(cx, section) {
                    match define_index.get(d.name.as_str()) {
                        Some(&i) => {
                            let first: &Define = &doc.defines[i];
                            cx.report(duplicate("define", &d.name, d.name_span, first.name_span));
                        }
                        None => {
                            define_index.insert(section_name(section), doc.defines.len());
                            doc.defines.push(d);
                        }
                    }
                }
            }
            "variant" => {
                if let Some(v) = variant(cx, section) {
                    if let Some(&first) = variant_index.get(&v.name) {
                        let first: &Variant = &doc.variants[first];
                        cx.report(duplicate("variant", &format!("\"{}\"", v.name), v.span, first.span));
                    } else {
                        variant_index.insert(v.name.clone(), doc.variants.len());
                        doc.variants.push(v);
                    }
                }
            }
            "region" => doc.sections.regions.push(section),
            "counter" => doc.sections.counters.push(section),
            "allowance" => doc.sections.allowances.push(section),
            "relation" => doc.sections.relations.push(section),
            _ => {
                if let Some(slot) = doc.sections.slot(head) {
                    match slot {
                        Some(first) => {
                            let first_span = first.span.first_char();
                            cx.report(duplicate("section", head, section.span.first_char(), first_span))
                        }
                        None => *slot = Some(section),
                    }
                } else {
                    doc.unknown_sections = true;
                    cx.report(unknown_section(section, head));
                }
            }
        }
    }
    let defaults: Vec<&Variant> = doc.variants.iter().filter(|v| v.is_default).collect();
    if defaults.len() > 1 {
        cx.report(
            Diagnostic::error(codes::VARIANT_DEFAULT, "more than one variant is marked `default`")
                .label(defaults[1].span, "also marked default")
                .label(defaults[0].span, "first default here")
                .help("mark exactly one variant `default`"),
        );
    }
    Some(doc)
}

/// The name in `(define NAME ...)` or `(define (NAME ...) ...)`.
fn section_name(form: &Node) -> &str {
    let name = form.args().first();
    name.and_then(|n| n.symbol().or_else(|| n.head())).unwrap_or("")
}

/// `(without KIND NAME)`.
fn without(cx: &mut Context, form: &Node) -> Option<Without> {
    const KINDS: [&str; 6] = ["option", "define", "variant", "region", "counter", "allowance"];
    let mut args = Args::new(form);
    let (kind, kind_span) = args.symbol(cx, "what to remove: option, define, variant, region, counter or allowance")?;
    if !KINDS.contains(&kind.as_str()) {
        cx.report(
            Diagnostic::error(codes::WRONG_TYPE, format!("`without` cannot remove a `{kind}`"))
                .label(kind_span, "not removable")
                .help(
                    "remove an option, define, variant, region, counter or allowance; replace sections by writing them",
                ),
        );
        return None;
    }
    let node = args.required(cx, "the name of what to remove")?;
    let name = match &node.kind {
        NodeKind::Symbol(s) | NodeKind::Str(s) => s.clone(),
        _ => {
            cx.report(super::args::wrong_kind(node, "the name", "a name"));
            return None;
        }
    };
    args.finish(cx);
    Some(Without { kind, name, span: form.span })
}

fn duplicate(what: &str, name: &str, span: Span, first: Span) -> Diagnostic {
    let shown = if name.starts_with('"') { name.to_string() } else { format!("`{name}`") };
    Diagnostic::error(codes::DUPLICATE, format!("{what} {shown} is defined twice"))
        .label(span, "defined again here")
        .label(first, "first defined here")
}

fn unknown_section(section: &Node, head: &str) -> Diagnostic {
    let all = SINGLE_SECTIONS.iter().chain(REPEATED_SECTIONS).copied().chain(["meta"]);
    let help = match head {
        "equipment" => Some(
            "Ludii's `(equipment ...)` is not used: write `(board ...)` and `(players ...)` directly in the game"
                .to_string(),
        ),
        "rules" => Some(
            "Ludii's `(rules ...)` is split in Tabula: `(play ...)` for turns and `(end ...)` for the end".to_string(),
        ),
        "phases" | "phase" => Some("phases go inside `(play ...)`: `(play (phase \"name\" ...) ...)`".to_string()),
        "turn" => Some("a turn is part of play: `(play (turn ...))`".to_string()),
        "start" => Some("Ludii's `(start (place ...))` is `(setup (place TEAM SITES...))` in Tabula".to_string()),
        "for-each" => Some(
            "`for-each` repeats the arguments of a list inside a section (the parts of a region, the moves of a turn); it does not declare sections"
                .to_string(),
        ),
        _ => similar::did_you_mean(head, all),
    };
    let span = section.list().and_then(|l| l.first()).map(|h| h.span).unwrap_or(section.span);
    Diagnostic::error(codes::UNKNOWN_LUDEME, format!("unknown section `{head}`"))
        .label(span, "not a section of a game")
        .maybe_help(help.or_else(|| {
            Some(
                "sections: meta, option, define, variant, players, board, setup, region, counter, allowance, play, end"
                    .into(),
            )
        }))
}

fn meta(cx: &mut Context, section: &Node) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for entry in section.args() {
        let items = entry.list().unwrap_or(&[]);
        match items {
            [Node { kind: NodeKind::Symbol(key), .. }, value] => {
                let text = match &value.kind {
                    NodeKind::Str(s) => s.clone(),
                    NodeKind::Int(i) => i.to_string(),
                    _ => {
                        cx.report(
                            Diagnostic::error(codes::WRONG_TYPE, format!("meta `{key}` must be a string or a number"))
                                .label(value.span, format!("found {}", value.describe())),
                        );
                        continue;
                    }
                };
                out.push((key.clone(), text));
            }
            _ => cx.report(
                Diagnostic::error(codes::WRONG_TYPE, "meta entries are `(key \"text\")`")
                    .label(entry.span, "not a `(key \"text\")` pair")
                    .help("for example `(meta (author \"Nick Bentley\") (year 2011))`"),
            ),
        }
    }
    out
}

pub fn define<'a>(cx: &mut Context, form: &'a Node) -> Option<Define<'a>> {
    let mut args = Args::new(form);
    let named = args.required(cx, "the name being defined, or `(NAME PARAMETER...)`")?;
    let (name, params, broken) = match &named.kind {
        NodeKind::Symbol(s) => ((s.clone(), named.span), Vec::new(), false),
        NodeKind::List(items) => signature(cx, named, items)?,
        _ => {
            cx.report(
                wrong_kind(named, "the name being defined", "a name, or `(NAME PARAMETER...)`")
                    .help("`(define NAME VALUE)` names a form; `(define (NAME X Y) VALUE)` one with parameters"),
            );
            return None;
        }
    };
    let value = args.required(cx, "the value")?;
    args.finish(cx);
    if !broken {
        unused_parameters(cx, &name.0, &params, value);
    }
    Some(Define { name: name.0, name_span: name.1, params, value, broken })
}

/// The name and parameters of a define, and whether they were reported as wrong.
type Signature = ((String, Span), Vec<(String, Span)>, bool);

/// `(NAME PARAMETER...)` of a define with parameters: every item a word, no parameter twice.
fn signature(cx: &mut Context, named: &Node, items: &[Node]) -> Option<Signature> {
    let mut words = Vec::new();
    for item in items {
        match item.symbol() {
            Some(s) => words.push((s.to_string(), item.span)),
            None => {
                cx.report(
                    wrong_kind(item, "a define's name and parameters", "names")
                        .help("write `(define (NAME X Y) VALUE)`, and use `X` and `Y` in VALUE"),
                );
                return None;
            }
        }
    }
    let Some((name, params)) = words.split_first() else {
        cx.report(
            Diagnostic::error(codes::MISSING_ARGUMENT, "`()` names no define")
                .label(named.span, "expected `(NAME PARAMETER...)`")
                .help("write `(define (NAME X Y) VALUE)`, or `(define NAME VALUE)` for a define without parameters"),
        );
        return None;
    };
    if params.is_empty() {
        cx.report(
            Diagnostic::error(
                codes::MISSING_ARGUMENT,
                format!("define `{}` is written with parentheses but has no parameters", name.0),
            )
            .label(named.span, "no parameter listed")
            .help(format!("a define without parameters is `(define {} VALUE)`, used as the word `{}`", name.0, name.0)),
        );
        return Some((name.clone(), Vec::new(), true));
    }
    let mut ok = true;
    for (i, (p, span)) in params.iter().enumerate() {
        if let Some((_, first)) = params[..i].iter().find(|(q, _)| q == p) {
            cx.report(duplicate("parameter", p, *span, *first));
            ok = false;
        }
    }
    Some((name.clone(), params.to_vec(), !ok))
}

/// A parameter that the value never mentions is a mistake: the argument given for it is lost.
fn unused_parameters(cx: &mut Context, define: &str, params: &[(String, Span)], value: &Node) {
    for (p, span) in params {
        if !mentions(value, p) {
            cx.report(
                Diagnostic::warning(codes::UNUSED, format!("parameter `{p}` of define `{define}` is never used"))
                    .label(*span, "declared here")
                    .help("the value never mentions it: what is given for it is ignored"),
            );
        }
    }
}

/// Whether `word` stands as an argument anywhere in `node` (heads of lists are ludeme names).
pub fn mentions(node: &Node, word: &str) -> bool {
    match &node.kind {
        NodeKind::Symbol(s) => s == word,
        // A bound name may head a list of data, `(X S)`; it cannot be a ludeme's name.
        NodeKind::List(items) => items.iter().any(|item| mentions(item, word)),
        _ => false,
    }
}

fn variant<'a>(cx: &mut Context, form: &'a Node) -> Option<Variant<'a>> {
    let mut args = Args::new(form);
    let (name, span) = args.string(cx, "the variant's name")?;
    let mut v = Variant { name, span, is_default: false, description: None, defines: Vec::new(), sections: Vec::new() };
    for item in args.rest() {
        match (&item.kind, item.head()) {
            (NodeKind::Symbol(s), _) if s == "default" => v.is_default = true,
            (NodeKind::Str(s), _) if v.description.is_none() => v.description = Some(s.clone()),
            (_, Some("define")) => {
                if let Some(d) = define(cx, item) {
                    if let Some(first) = v.defines.iter().find(|f| f.name == d.name) {
                        cx.report(duplicate("define", &d.name, d.name_span, first.name_span));
                    } else {
                        v.defines.push(d);
                    }
                }
            }
            (_, Some(head)) if SINGLE_SECTIONS.contains(&head) => {
                if let Some(first) = v.sections.iter().find(|s| s.head() == Some(head)) {
                    cx.report(duplicate("section", head, item.span.first_char(), first.span.first_char()));
                } else {
                    v.sections.push(item);
                }
            }
            (NodeKind::Braces(_) | NodeKind::Named(..), _) => {}
            _ => {
                let allowed = ["define", "players", "board", "play", "end", "setup", "pieces"];
                let help = item
                    .head()
                    .and_then(|h| similar::did_you_mean(h, allowed))
                    .unwrap_or_else(|| "a variant holds `default`, a description string, `(define NAME VALUE)` overrides and replacement sections (players, board, play, end)".into());
                cx.report(
                    Diagnostic::error(codes::WRONG_PLACE, format!("a variant cannot hold {}", item.describe()))
                        .label(item.span, "not allowed in a variant")
                        .help(help),
                )
            }
        }
    }
    Some(v)
}

/// Reports Ludii's `{...}` arrays and `name:value` arguments wherever they are.
fn report_ludii_syntax(cx: &mut Context, node: &Node) {
    match &node.kind {
        NodeKind::List(items) => items.iter().for_each(|n| report_ludii_syntax(cx, n)),
        NodeKind::Braces(items) => {
            cx.report(
                Diagnostic::error(codes::LUDII_SYNTAX, "`{...}` arrays are Ludii syntax")
                    .label(node.span, "not part of Tabula")
                    .help("write the items as separate arguments, e.g. `(choice 5 7 9)` instead of `{5 7 9}`"),
            );
            items.iter().for_each(|n| report_ludii_syntax(cx, n));
        }
        NodeKind::Named(name, value) => {
            let help = match name.as_str() {
                "if" => "conditions are clauses in Tabula: `(where CONDITION)`".to_string(),
                "by" | "of" => "Tabula names the owner with a filter such as `friend` or `enemy`".to_string(),
                "exact" => "an exact line ends with the word `exact`: `(line N RELATION SITE exact)`".to_string(),
                _ => {
                    format!("Tabula has no named arguments; look up the ludeme that takes `{name}` in docs/LANGUAGE.md")
                }
            };
            cx.report(
                Diagnostic::error(codes::LUDII_SYNTAX, format!("`{name}:` is a Ludii named argument"))
                    .label(node.span, "not part of Tabula")
                    .help(help),
            );
            report_ludii_syntax(cx, value);
        }
        _ => {}
    }
}
