//! Check: from forms to a resolved [`Game`], reporting every problem of a file in one run.
//!
//! The passes, each in its own module:
//! 1. [`document`] — find `(game ...)` and sort its sections; duplicates; Ludii syntax.
//! 2. [`options`] — option declarations, variants, `--set` values, and the selected variant's
//!    overrides.
//! 3. [`expand`] — substitute defines and option values into the forms.
//! 4. [`setup`] — players, teams, board, regions, counters, allowances.
//! 5. [`expr`], [`rules`], [`end`] — conditions and numbers, phases and turns, end and scoring;
//!    [`start`] — the stones of `(setup ...)`; [`rays`] — rays and flanks along directions.
//!
//! A pass that fails reports and returns `None` for the failing part; later passes carry on with
//! what is left, so one run shows as many real problems as possible without cascades.

mod args;
mod budget;
mod capture;
mod compass;
mod connection;
mod document;
mod end;
mod expand;
mod expr;
mod extend;
mod graph;
mod lines;
mod links;
mod neutral;
pub use extend::{BaseError, extends_clause, read_base};
mod options;
mod parts;
mod pass;
mod rays;
mod relations;
mod rules;
mod scope;
mod select;
mod setup;
mod sowing;
/// Kept under its old path for the checker's modules; the code lives in [`crate::similar`].
pub use crate::similar;
mod pieces;
mod priority;
mod start;
mod warnings;
mod within;

/// The language's vocabulary, for tools that explain or complete it (`tabula lsp`).
pub use scope::{Category, KEYWORDS, LUDEMES};

use std::path::Path;
use std::sync::Arc;

use crate::codes;
use crate::diagnostic::{Diagnostic, Sources};
use crate::game::footprint::{self, CHECK_BYTES};
use crate::game::{Game, VariantInfo};
use crate::syntax::{self, SourceId, Span};

/// What the user asked for besides the file: a variant and option values.
#[derive(Debug, Clone, Default)]
pub struct Selection {
    pub variant: Option<String>,
    /// `--set KEY=VALUE`, in the order given.
    pub sets: Vec<(String, String)>,
}

impl Selection {
    /// Parses `KEY=VALUE` strings.
    pub fn new(variant: Option<String>, sets: &[String]) -> Result<Selection, String> {
        let mut parsed = Vec::new();
        for s in sets {
            match s.split_once('=') {
                Some((k, v)) if !k.trim().is_empty() => parsed.push((k.trim().to_string(), v.trim().to_string())),
                _ => return Err(format!("`--set {s}`: expected KEY=VALUE, for example `--set size=7`")),
            }
        }
        Ok(Selection { variant, sets: parsed })
    }
}

/// The result of checking: the game if there were no errors, and every diagnostic (errors and
/// warnings) in source order.
#[derive(Debug)]
pub struct Checked {
    pub game: Option<Game>,
    pub diagnostics: Vec<Diagnostic>,
    /// What the rules of the checked variant refer to.
    pub usage: Usage,
    /// What the file declares (options, defines, counters, allowances, regions).
    pub declared: Vec<Declared>,
}

impl Checked {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Problems with the selection itself (not with the file): these make the command unable to
/// run, and are reported as plain messages with exit status 2.
#[derive(Debug, Clone, PartialEq)]
pub struct SelectionError(pub String);

/// Reads a file into `sources`. Errors are diagnostics without a span.
pub fn read(sources: &mut Sources, path: &Path) -> Result<SourceId, Diagnostic> {
    let bytes = crate::files::read_limited(path, syntax::MAX_SOURCE_BYTES).map_err(|e| match e {
        crate::files::ReadError::Io(e) => {
            Diagnostic::error(codes::IO, format!("cannot read `{}`: {e}", path.display()))
        }
        crate::files::ReadError::TooLarge { size, limit } => Diagnostic::error(
            codes::TOO_LARGE,
            match size {
                Some(size) => format!("`{}` is {size} bytes; game files are limited to {limit} bytes", path.display()),
                None => format!(
                    "`{}` holds more than {limit} bytes; game files are limited to {limit} bytes",
                    path.display()
                ),
            },
        ),
    })?;
    let text = String::from_utf8(bytes).map_err(|e| {
        Diagnostic::error(
            codes::NOT_UTF8,
            format!("`{}` is not UTF-8 text (invalid byte at offset {})", path.display(), e.utf8_error().valid_up_to()),
        )
        .help("game files are plain UTF-8 text")
    })?;
    let text = crate::files::normalize_text(&text).into_owned();
    Ok(sources.add(path.display().to_string(), text))
}

/// Checks one source for one selection (variant and options). Files it `extends` are read
/// into `sources`.
pub fn check(sources: &mut Sources, source: SourceId, selection: &Selection) -> Result<Checked, SelectionError> {
    let mut cx = Context::default();
    let Some(chain) = extend::load_chain(&mut cx, sources, source) else { return Ok(cx.finish(None, Vec::new())) };
    let Some(doc) = extend::document(&mut cx, sources, &chain) else { return Ok(cx.finish(None, Vec::new())) };
    let variants = doc.variant_infos().into();
    check_selection(cx, &doc, &variants, selection, Whole::File).map(|(checked, _)| checked)
}

/// Whether a check of one selection also reports what concerns the whole file rather than the
/// selected variant (a variant that changes nothing): once a file, not once a variant.
#[derive(PartialEq)]
enum Whole {
    File,
    VariantOnly,
}

/// Checks one selection of a document already read and parsed: the file is read, parsed and
/// sorted into sections once, however many variants are then checked. Returns the estimated
/// memory of the game too ([`crate::game::footprint`]).
fn check_selection(
    mut cx: Context,
    doc: &document::Document<'_>,
    variants: &Arc<[VariantInfo]>,
    selection: &Selection,
    whole: Whole,
) -> Result<(Checked, u64), SelectionError> {
    let resolved = options::resolve(&mut cx, doc, selection)?;
    let game = resolved.and_then(|r| build(&mut cx, doc, variants, r));
    if cx.error_count() == 0 {
        if whole == Whole::File {
            warnings::variants(&mut cx, doc);
        }
        warnings::phases(&mut cx, doc, game.as_ref());
        warnings::no_end(&mut cx, doc, game.as_ref());
    }
    // What the file declares is the same for every variant: listed once, with the file.
    let declared = if whole == Whole::File { doc.declared() } else { Vec::new() };
    let cost = cx.budget.spent;
    Ok((cx.finish(game, declared), cost))
}

/// Checks a file the way `tabula check` does: the default selection, then every other variant,
/// so that a mistake that only one variant reaches is still found.
///
/// The work is linear in the number of variants: the file is parsed once, each variant is
/// built once, and a diagnostic two variants share is recognised by a hash, not by comparing
/// it with every one found before.
pub fn check_all_variants(sources: &mut Sources, source: SourceId) -> Checked {
    let mut cx = Context::default();
    let Some(chain) = extend::load_chain(&mut cx, sources, source) else { return cx.finish(None, Vec::new()) };
    let Some(doc) = extend::document(&mut cx, sources, &chain) else { return cx.finish(None, Vec::new()) };
    let variants = doc.variant_infos().into();
    let (mut all, mut built) = match check_selection(cx, &doc, &variants, &Selection::default(), Whole::File) {
        Ok(c) => c,
        Err(SelectionError(message)) => {
            return Checked {
                game: None,
                diagnostics: vec![Diagnostic::error(codes::UNKNOWN_VARIANT, message)],
                usage: Usage::default(),
                declared: Vec::new(),
            };
        }
    };
    if all.diagnostics.iter().any(|d| d.code.starts_with("tabula::syntax") || d.code == codes::EXTENDS) {
        // Structural errors are the same in every variant; report them once.
        return all;
    }
    let checked = all.game.as_ref().and_then(|g| g.variant.clone());
    let mut usage = all.usage.clone();
    let key = |d: &Diagnostic| (d.code, d.primary(), d.message.clone());
    let mut seen: std::collections::HashSet<_> = all.diagnostics.iter().map(key).collect();
    let names = doc.variant_names();
    for (i, name) in names.iter().enumerate() {
        if Some(name) == checked.as_ref() {
            continue;
        }
        if built > CHECK_BYTES {
            all.diagnostics.push(unchecked_variants(&doc, &names[i..]));
            break;
        }
        let selection = Selection { variant: Some(name.clone()), sets: Vec::new() };
        let Ok((other, cost)) = check_selection(Context::default(), &doc, &variants, &selection, Whole::VariantOnly)
        else {
            continue;
        };
        built = built.saturating_add(cost);
        usage.merge(&other.usage);
        for mut d in other.diagnostics {
            if seen.insert(key(&d)) {
                let note = format!("found when checking variant \"{name}\"");
                d.help = Some(match d.help {
                    Some(h) => format!("{h}\n{note}"),
                    None => note,
                });
                all.diagnostics.push(d);
            }
        }
    }
    if !all.has_errors() {
        let unused = warnings::unused(&all.declared, &usage);
        all.diagnostics.extend(unused);
    }
    all.diagnostics.sort_by_key(|d| d.primary().map(|s| (s.source, s.start)));
    all.usage = usage;
    all
}

/// The warning for the variants left unchecked when checking every variant would build more
/// than [`CHECK_BYTES`] of games.
fn unchecked_variants(doc: &document::Document<'_>, left: &[String]) -> Diagnostic {
    let mut d = Diagnostic::warning(
        codes::UNCHECKED_VARIANTS,
        format!(
            "{} of the file's {} variants were not checked: checking them all would build more than {} of games",
            left.len(),
            doc.variants.len(),
            footprint::human(CHECK_BYTES)
        ),
    )
    .help(format!("load them one at a time, e.g. `tabula info FILE --variant \"{}\"`", left[0]));
    if let Some(v) = doc.variant(&left[0]) {
        d = d.label(v.span, "from this variant on");
    }
    d
}

/// Convenience for tests and tools: checks a string as if it were a file named `name`.
pub fn check_str(name: &str, text: &str, selection: &Selection) -> (Sources, Result<Checked, SelectionError>) {
    let mut sources = Sources::new();
    let id = sources.add(name, text);
    let checked = check(&mut sources, id, selection);
    (sources, checked)
}

/// Loads a game for playing: reads, checks, and returns either the game or everything that is
/// wrong, rendered.
pub fn load(path: &Path, selection: &Selection) -> Result<(Sources, Game), LoadError> {
    let mut sources = Sources::new();
    let id = read(&mut sources, path).map_err(LoadError::Unreadable)?;
    let checked = check(&mut sources, id, selection).map_err(|SelectionError(m)| LoadError::Selection(m))?;
    match checked.game {
        Some(game) if !checked.has_errors() => Ok((sources, game)),
        _ => Err(LoadError::Invalid(sources, checked.diagnostics)),
    }
}

#[derive(Debug)]
pub enum LoadError {
    /// The file could not be read (missing: code [`codes::IO`]; or not UTF-8, too large).
    Unreadable(Diagnostic),
    /// The variant or an option value asked for does not exist.
    Selection(String),
    /// The file has errors.
    Invalid(Sources, Vec<Diagnostic>),
}

/// Shared state of the passes: the diagnostics collected so far, and where defines and options
/// were substituted, so that a problem inside a define's body also points at its uses.
#[derive(Default)]
pub(crate) struct Context {
    diagnostics: Vec<Diagnostic>,
    /// Names the rules of this run refer to.
    pub used: Usage,
    /// (code, primary span, message) of every diagnostic, to report each once.
    seen: std::collections::HashSet<(&'static str, Option<Span>, String)>,
    pub expansions: Vec<Expansion>,
    /// Each `for-each` expanded: its span, its head's, and how many times it repeats its forms.
    pub repeats: Vec<(Span, Span, usize)>,
    pub option_uses: Vec<OptionUse>,
    /// The memory the game will need, charged as its tables are about to be built.
    pub budget: budget::Budget,
    /// While a `(region ...)` is built: the names of the regions declared further down, with
    /// their spans, the last one first, so that a part naming one of them is told to move it.
    pub regions_below: Vec<Option<(String, Span)>>,
}

/// Names that the rules refer to, by kind; gathered over all variants for the warnings about
/// things declared and never used.
#[derive(Debug, Clone, Default)]
pub struct Usage {
    pub options: std::collections::HashSet<String>,
    pub defines: std::collections::HashSet<String>,
    pub counters: std::collections::HashSet<String>,
    pub allowances: std::collections::HashSet<String>,
    pub regions: std::collections::HashSet<String>,
}

impl Usage {
    fn merge(&mut self, other: &Usage) {
        self.options.extend(other.options.iter().cloned());
        self.defines.extend(other.defines.iter().cloned());
        self.counters.extend(other.counters.iter().cloned());
        self.allowances.extend(other.allowances.iter().cloned());
        self.regions.extend(other.regions.iter().cloned());
    }
}

/// Something the file declares, for the warnings.
#[derive(Debug, Clone)]
pub struct Declared {
    pub kind: &'static str,
    pub name: String,
    pub span: Span,
}

/// A define's body and the places it was substituted.
pub(crate) struct Expansion {
    pub name: String,
    pub body: Span,
    pub uses: Vec<Span>,
}

/// A word replaced by an option's value.
pub(crate) struct OptionUse {
    pub at: Span,
    pub option: String,
    pub value: String,
    pub declared: Span,
}

impl Context {
    pub fn report(&mut self, mut d: Diagnostic) {
        self.annotate(&mut d);
        if self.seen.insert((d.code, d.primary(), d.message.clone())) {
            self.diagnostics.push(d);
        }
    }

    /// Adds "used here" labels for a problem inside a define's body, and the option's
    /// declaration for a problem with an option's value.
    fn annotate(&self, d: &mut Diagnostic) {
        let Some(primary) = d.primary() else { return };
        if let Some(u) = self.option_uses.iter().find(|u| u.at == primary) {
            d.labels.push(crate::diagnostic::Label {
                span: u.declared,
                text: format!("option `{}` is {} here", u.option, u.value),
            });
            return;
        }
        let inside =
            |outer: Span| outer.source == primary.source && outer.start <= primary.start && primary.end <= outer.end;
        // The innermost `for-each` that repeats the problem.
        if let Some(&(_, head, times)) = self
            .repeats
            .iter()
            .filter(|(span, _, _)| inside(*span) && *span != primary)
            .min_by_key(|(span, _, _)| span.len())
        {
            let times = if times == 2 { "twice".to_string() } else { format!("{times} times") };
            let text = format!("in the forms this `for-each` repeats {times}");
            d.labels.push(crate::diagnostic::Label { span: head, text });
        }
        // The innermost define whose body holds the problem.
        let Some(e) = self.expansions.iter().filter(|e| inside(e.body)).min_by_key(|e| e.body.len()) else { return };
        for (i, &at) in e.uses.iter().take(3).enumerate() {
            if d.labels.iter().any(|l| l.span == at) {
                continue;
            }
            let text = if i == 0 { format!("`{}` is used here", e.name) } else { "and here".to_string() };
            d.labels.push(crate::diagnostic::Label { span: at, text });
        }
    }

    pub fn error_count(&self) -> usize {
        self.diagnostics.iter().filter(|d| d.is_error()).count()
    }

    fn finish(mut self, game: Option<Game>, declared: Vec<Declared>) -> Checked {
        self.diagnostics.sort_by_key(|d| d.primary().map(|s| (s.source, s.start)));
        let game = if self.error_count() == 0 { game } else { None };
        Checked { game, diagnostics: self.diagnostics, usage: self.used, declared }
    }
}

fn build(
    cx: &mut Context,
    doc: &document::Document<'_>,
    variants: &Arc<[VariantInfo]>,
    resolved: options::Resolved,
) -> Option<Game> {
    let expanded = expand::expand(cx, doc, &resolved)?;
    let Some(setup) = setup::build(cx, &expanded, doc) else {
        // Without players or a board the rules cannot be checked; still say what else is
        // missing, so that one run lists every missing section.
        if !doc.unknown_sections {
            for (section, name, example) in [
                (&expanded.play, "play", "(play (turn (place (to empty))))"),
                (&expanded.end, "end", "(end (when (board-full) (compare (higher (counter score)))))"),
            ] {
                if section.is_none() {
                    cx.report(setup::missing_section(doc.game_span, name, example));
                }
            }
        }
        return None;
    };
    let mut scope = scope::Scope::new(&setup);
    let report_missing = (!doc.unknown_sections).then_some(doc.game_span);
    let phases = rules::phases(cx, &mut scope, expanded.play.as_ref(), report_missing);
    let end = end::rules(cx, &mut scope, expanded.end.as_ref(), report_missing);
    let start = start::stones(cx, &mut scope, expanded.setup.as_ref());
    let snapshots = scope.take_snapshots();
    let pass_names = scope.take_pass_names();
    let reads_visited = scope.reads_visited;
    let used = scope.used.take();
    cx.used.counters.extend(used.counters);
    cx.used.allowances.extend(used.allowances);
    cx.used.regions.extend(used.regions);
    let (phases, end, (start, start_kinds, start_seeds)) = (phases?, end?, start?);
    if cx.error_count() > 0 {
        return None;
    }
    Some(Game {
        name: doc.name.clone(),
        meta: doc.meta.clone(),
        variant: resolved.variant.clone(),
        variants: Arc::clone(variants),
        options: resolved.options.clone(),
        relation_teams: relations::teams(&setup),
        relations: setup.relations,
        board: setup.board,
        players: setup.players,
        teams: setup.teams,
        regions: setup.regions,
        counters: setup.counters,
        allowances: setup.allowances,
        phases,
        end_text: expanded.end.as_ref().map(|e| e.args().iter().map(|r| r.to_string()).collect()).unwrap_or_default(),
        end_said: expanded.end.as_ref().map(|e| e.args().iter().map(end_said).collect()).unwrap_or_default(),
        end,
        snapshots,
        start,
        pass_names,
        pieces: setup.pieces,
        start_kinds,
        start_seeds,
        reads_visited,
        keeps_captures: setup.keeps_captures,
    })
}

/// The words of an end rule `(when (describe "WORDS" ...) OUTCOME)`, for players.
fn end_said(rule: &crate::syntax::Node) -> Option<String> {
    match (rule.head(), rule.args()) {
        (Some("when"), [condition, ..]) => expr::described(condition).map(str::to_string),
        _ => None,
    }
}
