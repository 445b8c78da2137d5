//! Games built on other games: `(extends "file.game")` and `(without KIND NAME)`.
//!
//! A game that extends another starts from that game's sections and then adds or replaces its
//! own, by name: an option, define, variant, region, counter or allowance of the same name
//! replaces the base's; `players`, `board`, `play`, `end` replace the base's sections;
//! `(without KIND NAME)` removes something of the base. Files are read once into [`Sources`], so
//! every diagnostic points into the file that holds the problem.

use std::path::{Path, PathBuf};

use super::document::{self, Document};
use super::{Context, similar};
use crate::codes;
use crate::diagnostic::{Diagnostic, Sources};
use crate::syntax::{self, Node, NodeKind, SourceId, Span};

/// How many files a chain of `extends` may hold.
const MAX_CHAIN: usize = 16;

/// The file and every file it builds on, parsed: the base first.
pub fn load_chain(cx: &mut Context, sources: &mut Sources, source: SourceId) -> Option<Vec<(SourceId, Vec<Node>)>> {
    let mut chain: Vec<(SourceId, Vec<Node>)> = Vec::new();
    // Canonical paths to detect a cycle; the names as written, to report it.
    let mut names: Vec<PathBuf> = Vec::new();
    let mut shown: Vec<String> = Vec::new();
    let mut current = source;
    loop {
        let text = sources.get(current).text.clone();
        let forms = match syntax::parse(current, &text) {
            Ok(forms) => forms,
            Err(d) => {
                cx.report(d);
                return None;
            }
        };
        let name = sources.get(current).name.clone();
        names.push(canonical(&name));
        shown.push(name.clone());
        let base = extends_clause(&forms);
        chain.push((current, forms));
        let Some((path, span)) = base else { break };
        let resolved = Path::new(&name).parent().unwrap_or(Path::new("")).join(&path);
        let resolved_name = resolved.display().to_string();
        if let Some(i) = names.iter().position(|n| *n == canonical(&resolved_name)) {
            let mut cycle: Vec<String> = shown[i..].to_vec();
            cycle.push(shown[i].clone());
            cx.report(
                Diagnostic::error(codes::EXTENDS, "these games extend each other in a cycle")
                    .label(span, "extends a game that extends this one")
                    .help(format!("the chain is {}", cycle.join(" → "))),
            );
            return None;
        }
        if chain.len() >= MAX_CHAIN {
            cx.report(
                Diagnostic::error(codes::EXTENDS, format!("more than {MAX_CHAIN} games extend one another"))
                    .label(span, "one too many"),
            );
            return None;
        }
        current = match sources.find(&resolved_name) {
            Some(id) => id,
            None => match read_base(&resolved) {
                Ok(text) => sources.add(resolved_name, text),
                Err(e) => {
                    cx.report(
                        Diagnostic::error(
                            codes::EXTENDS,
                            format!("cannot read the base game `{}`", resolved.display()),
                        )
                        .label(span, e.to_string())
                        .help(e.help()),
                    );
                    return None;
                }
            },
        };
    }
    chain.reverse();
    Some(chain)
}

fn canonical(name: &str) -> PathBuf {
    std::fs::canonicalize(name).unwrap_or_else(|_| PathBuf::from(name))
}

/// Why a base game was not read.
#[derive(Debug)]
pub enum BaseError {
    /// It could not be looked at or opened (it does not exist, permission, ...).
    Io(std::io::Error),
    /// It is something other than a regular file: what it is.
    NotRegular(&'static str),
    /// Its size, above [`syntax::MAX_SOURCE_BYTES`].
    TooLarge(u64),
    /// The offset of the first byte that is not UTF-8.
    NotUtf8(usize),
}

impl std::fmt::Display for BaseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BaseError::Io(e) => write!(f, "{e}"),
            BaseError::NotRegular(kind) => write!(f, "{kind}, not a regular file"),
            BaseError::TooLarge(size) => {
                write!(f, "it is {size} bytes, more than the limit of {} bytes", syntax::MAX_SOURCE_BYTES)
            }
            BaseError::NotUtf8(at) => write!(f, "not UTF-8 text (invalid byte at offset {at})"),
        }
    }
}

impl BaseError {
    /// What to do about it.
    pub fn help(&self) -> &'static str {
        match self {
            BaseError::Io(_) => "the path is relative to the file that extends it",
            BaseError::NotRegular(_) => "a base game is read only from a regular file",
            BaseError::TooLarge(_) => "game files are limited in size (docs/LIMITS.md)",
            BaseError::NotUtf8(_) => "game files are plain UTF-8 text",
        }
    }
}

/// Reads the base game at `path`: only a regular file, and at most
/// [`syntax::MAX_SOURCE_BYTES`] of it, as text ready for the parser.
///
/// The path comes from the text of a rule file, which may be anyone's, and the reader may be
/// `tabula lsp`, whose standard input is the editor's messages. So nothing else is opened: a
/// FIFO would block the open until a writer comes, `/dev/stdin` would read the editor's
/// messages, `/dev/zero` never ends, and opening some devices does something. The path is
/// looked at first (`stat`, which opens nothing); the file is then opened without blocking
/// (`O_NONBLOCK`, in case it was replaced by a FIFO in between) and looked at again (`fstat`)
/// before a byte is read, and the read stops one byte past the limit whatever the size said.
pub fn read_base(path: &Path) -> Result<String, BaseError> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let limit = syntax::MAX_SOURCE_BYTES;
    regular(&std::fs::metadata(path).map_err(BaseError::Io)?)?;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(BaseError::Io)?;
    let meta = file.metadata().map_err(BaseError::Io)?;
    regular(&meta)?;
    if meta.len() > limit as u64 {
        return Err(BaseError::TooLarge(meta.len()));
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(BaseError::Io)?;
    if bytes.len() > limit {
        // It grew while it was read.
        return Err(BaseError::TooLarge(bytes.len() as u64));
    }
    let text = String::from_utf8(bytes).map_err(|e| BaseError::NotUtf8(e.utf8_error().valid_up_to()))?;
    Ok(crate::files::normalize_text(&text).into_owned())
}

/// `Ok` for a regular file; otherwise what it is.
fn regular(meta: &std::fs::Metadata) -> Result<(), BaseError> {
    match crate::files::special_kind(meta) {
        None => Ok(()),
        Some(kind) => Err(BaseError::NotRegular(kind)),
    }
}

/// The path of `(extends "path")` in the game form, if any.
pub fn extends_clause(forms: &[Node]) -> Option<(String, Span)> {
    let game = forms.iter().find(|f| f.head() == Some("game"))?;
    let clause = game.args().iter().find(|a| a.head() == Some("extends"))?;
    match clause.args() {
        [Node { kind: NodeKind::Str(path), span }] => Some((path.clone(), *span)),
        _ => None,
    }
}

/// The description of the chain: each file's document laid over its base's.
pub fn document<'a>(cx: &mut Context, sources: &Sources, chain: &'a [(SourceId, Vec<Node>)]) -> Option<Document<'a>> {
    let mut merged: Option<Document<'a>> = None;
    for (id, forms) in chain {
        let text = sources.get(*id).text.clone();
        let doc = document::read(cx, forms, *id, &text)?;
        merged = Some(match merged {
            None => {
                for w in &doc.withouts {
                    cx.report(
                        Diagnostic::error(
                            codes::WRONG_PLACE,
                            "`without` removes something of the game this one extends",
                        )
                        .label(w.span, "this game extends no other")
                        .help("add `(extends \"base.game\")`, or delete the `without`"),
                    );
                }
                doc
            }
            Some(base) => merge(cx, base, doc),
        });
    }
    merged
}

/// The name a repeated section defines (`(option size ...)` → `size`; a region also by owner).
fn key(form: &Node) -> String {
    let name = match form.args().first().map(|n| &n.kind) {
        Some(NodeKind::Symbol(s)) | Some(NodeKind::Str(s)) => s.clone(),
        _ => String::new(),
    };
    let owner = form.args().iter().find(|a| a.head() == Some("owner")).and_then(|o| match o.args().first() {
        Some(Node { kind: NodeKind::Str(s), .. }) => Some(s.clone()),
        _ => None,
    });
    match owner {
        Some(o) => format!("{name} ({o})"),
        None => name,
    }
}

fn replace_or_add<'a>(base: &mut Vec<&'a Node>, forms: &[&'a Node]) {
    for form in forms {
        let k = key(form);
        match base.iter().position(|b| key(b) == k) {
            Some(i) => base[i] = form,
            None => base.push(form),
        }
    }
}

fn merge<'a>(cx: &mut Context, mut base: Document<'a>, derived: Document<'a>) -> Document<'a> {
    for w in &derived.withouts {
        let removed = match w.kind.as_str() {
            "option" => remove(&mut base.options, &w.name),
            "region" => remove(&mut base.sections.regions, &w.name),
            "counter" => remove(&mut base.sections.counters, &w.name),
            "allowance" => remove(&mut base.sections.allowances, &w.name),
            "define" => {
                let before = base.defines.len();
                base.defines.retain(|d| d.name != w.name);
                base.defines.len() < before
            }
            _ => {
                let before = base.variants.len();
                base.variants.retain(|v| v.name != w.name);
                base.variants.len() < before
            }
        };
        if !removed {
            let known: Vec<String> = match w.kind.as_str() {
                "option" => base.options.iter().map(|f| key(f)).collect(),
                "region" => base.sections.regions.iter().map(|f| key(f)).collect(),
                "counter" => base.sections.counters.iter().map(|f| key(f)).collect(),
                "allowance" => base.sections.allowances.iter().map(|f| key(f)).collect(),
                "define" => base.defines.iter().map(|d| d.name.clone()).collect(),
                _ => base.variants.iter().map(|v| v.name.clone()).collect(),
            };
            let help = similar::most_similar(&w.name, known.iter().map(String::as_str))
                .map(|k| {
                    if w.kind == "variant" { format!("did you mean \"{k}\"?") } else { format!("did you mean `{k}`?") }
                })
                .unwrap_or_else(|| {
                    if known.is_empty() {
                        format!("the base game has no {}", w.kind)
                    } else {
                        let shown: Vec<String> = if w.kind == "variant" {
                            known.iter().map(|k| format!("\"{k}\"")).collect()
                        } else {
                            known.iter().map(|k| format!("`{k}`")).collect()
                        };
                        format!("the base game's {}s: {}", w.kind, shown.join(", "))
                    }
                });
            let shown = if w.kind == "variant" { format!("\"{}\"", w.name) } else { format!("`{}`", w.name) };
            cx.report(
                Diagnostic::error(codes::UNKNOWN_NAME, format!("the base game has no {} {shown} to remove", w.kind))
                    .label(w.span, "nothing to remove")
                    .help(help),
            );
        }
    }
    base.name = derived.name;
    base.game_span = derived.game_span;
    for (k, v) in derived.meta {
        match base.meta.iter_mut().find(|(bk, _)| *bk == k) {
            Some(entry) => entry.1 = v,
            None => base.meta.push((k, v)),
        }
    }
    replace_or_add(&mut base.options, &derived.options);
    for d in derived.defines {
        match base.defines.iter_mut().find(|b| b.name == d.name) {
            Some(b) => *b = d,
            None => base.defines.push(d),
        }
    }
    if derived.variants.iter().any(|v| v.is_default) {
        base.variants.iter_mut().for_each(|v| v.is_default = false);
    }
    for v in derived.variants {
        match base.variants.iter_mut().find(|b| b.name == v.name) {
            Some(b) => *b = v,
            None => base.variants.push(v),
        }
    }
    let s = derived.sections;
    base.sections.players = s.players.or(base.sections.players);
    base.sections.board = s.board.or(base.sections.board);
    base.sections.play = s.play.or(base.sections.play);
    base.sections.end = s.end.or(base.sections.end);
    base.sections.setup = s.setup.or(base.sections.setup);
    replace_or_add(&mut base.sections.regions, &s.regions);
    replace_or_add(&mut base.sections.counters, &s.counters);
    replace_or_add(&mut base.sections.allowances, &s.allowances);
    base.sections.relations.extend(s.relations.iter().copied());
    base.unknown_sections |= derived.unknown_sections;
    base
}

fn remove(forms: &mut Vec<&Node>, name: &str) -> bool {
    let before = forms.len();
    forms.retain(|f| key(f) != name && key(f).split(" (").next() != Some(name));
    forms.len() < before
}
