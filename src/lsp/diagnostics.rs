//! Diagnostics: the checker's findings on an open document, as the protocol has them.
//!
//! The document is checked exactly as `tabula check` checks a file
//! ([`check_all_variants`]: the default variant, then every other one), from the text in the
//! editor; the files it `extends` are taken from the editor when open there. Spans are byte
//! offsets; they become ranges in the negotiated position encoding through [`LineIndex`].
//! This runs on the checker's thread ([`super::checking`]), from a [`Job`]'s copy of the texts.

use std::path::Path;

use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location,
    NumberOrString, Range,
};

use super::checking::Job;
use super::document::BoardInfo;
use super::position::{Encoding, LineIndex};
use crate::check::check_all_variants;
use crate::codes;
use crate::diagnostic::{Diagnostic, Severity, Sources};
use crate::game::Game;
use crate::syntax::{MAX_SOURCE_BYTES, SourceId};

/// At most this many diagnostics are published for a document (and a note saying how many
/// more there are): a file with thousands of errors is fixed from the first ones, and editors
/// slow down on huge lists.
pub const MAX_PUBLISHED: usize = 200;

/// The line index of each source, built when first needed: building one reads the whole
/// text, so it is built once per check, not once per diagnostic.
pub struct Lines<'s> {
    sources: &'s Sources,
    encoding: Encoding,
    built: Vec<Option<LineIndex<'s>>>,
}

impl<'s> Lines<'s> {
    pub fn new(sources: &'s Sources, encoding: Encoding) -> Lines<'s> {
        Lines { sources, encoding, built: (0..sources.files().len()).map(|_| None).collect() }
    }

    fn range(&mut self, source: SourceId, start: usize, end: usize) -> Range {
        let sources = self.sources;
        let Some(slot) = self.built.get_mut(source as usize) else { return Range::default() };
        let encoding = self.encoding;
        slot.get_or_insert_with(|| LineIndex::new(&sources.get(source).text, encoding)).range(start, end)
    }
}

/// What checking a document found.
pub struct Outcome {
    pub diagnostics: Vec<LspDiagnostic>,
    /// The other files the check read (the document's bases).
    pub depends_on: Vec<String>,
    /// The board, if the document checked without errors.
    pub board: Option<BoardInfo>,
}

/// Checks a job's document; the other open documents are read in place of the files on disk.
pub fn check(job: &Job) -> Outcome {
    if job.text.len() > MAX_SOURCE_BYTES {
        let d = Diagnostic::error(
            codes::TOO_LARGE,
            format!("the document is {} bytes; game files are limited to {MAX_SOURCE_BYTES} bytes", job.text.len()),
        );
        return Outcome {
            diagnostics: vec![convert(&mut Lines::new(&Sources::new(), job.encoding), 0, &d, None)],
            depends_on: Vec::new(),
            board: None,
        };
    }
    let mut sources = Sources::new();
    let id = sources.add(job.name.clone(), job.text.clone());
    for (name, text) in job.open.iter().filter(|(name, text)| *name != job.name && text.len() <= MAX_SOURCE_BYTES) {
        sources.add(name.clone(), text.clone());
    }
    let checked = check_all_variants(&mut sources, id);
    let extends = extends_target(&job.text).map(|(span, _)| span);
    let mut lines = Lines::new(&sources, job.encoding);
    let mut diagnostics: Vec<LspDiagnostic> =
        checked.diagnostics.iter().take(MAX_PUBLISHED).map(|d| convert(&mut lines, id, d, extends)).collect();
    if checked.diagnostics.len() > MAX_PUBLISHED {
        diagnostics.push(LspDiagnostic {
            severity: Some(DiagnosticSeverity::INFORMATION),
            source: Some("tabula".to_string()),
            message: format!(
                "… and {} more problems; `tabula check` lists them all",
                checked.diagnostics.len() - MAX_PUBLISHED
            ),
            ..LspDiagnostic::default()
        });
    }
    Outcome { diagnostics, depends_on: chain(&sources, id), board: checked.game.as_ref().map(board_info) }
}

/// The names of the files in the `extends` chain of `id`, from `sources` after a check (which
/// holds every open document, and the bases the check read from disk). The path of a base is
/// resolved as the checker resolves it: against the directory of the file that names it.
fn chain(sources: &Sources, id: SourceId) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    let mut current = id;
    while names.len() < 16 {
        let file = sources.get(current);
        let Some((_, target)) = extends_target(&file.text) else { break };
        let resolved = Path::new(&file.name).parent().unwrap_or(Path::new("")).join(target);
        let name = resolved.display().to_string();
        if names.contains(&name) || name == sources.get(id).name {
            break;
        }
        // A base that could not be read is kept too: opening it in the editor re-checks this.
        names.push(name.clone());
        let Some(next) = sources.find(&name) else { break };
        current = next;
    }
    names
}

/// The span of the string of `(extends "...")`, and what it says.
fn extends_target(text: &str) -> Option<((usize, usize), String)> {
    let forms = super::tree::forms(text);
    let game = forms.iter().find(|f| f.head(text) == Some("game"))?;
    let clause = game.items().iter().find(|s| s.head(text) == Some("extends"))?;
    let target = clause.items().get(1)?;
    Some((target.span(), target.name(text)?.to_string()))
}

/// One diagnostic of the checker in protocol form. A diagnostic whose primary label is in
/// another file (a base) is shown on the document's `extends` string, naming that file; every
/// label after the first becomes related information.
pub fn convert(lines: &mut Lines<'_>, id: SourceId, d: &Diagnostic, extends: Option<(usize, usize)>) -> LspDiagnostic {
    let files = lines.sources.files();
    let mut message = d.message.clone();
    let range = match d.labels.first() {
        Some(l) if l.span.source == id => lines.range(id, l.span.start as usize, l.span.end as usize),
        Some(l) => {
            message = format!("{}: {message}", files[l.span.source as usize].name);
            extends.map(|(s, e)| lines.range(id, s, e)).unwrap_or_default()
        }
        None => Range::default(),
    };
    if let Some(text) = d.labels.first().map(|l| l.text.as_str()).filter(|t| !t.is_empty()) {
        message.push_str(&format!("\n{text}"));
    }
    if let Some(help) = &d.help {
        message.push_str(&format!("\nhelp: {help}"));
    }
    let related: Vec<DiagnosticRelatedInformation> = d
        .labels
        .iter()
        .enumerate()
        .filter(|(i, l)| *i > 0 || l.span.source != id)
        .filter_map(|(_, l)| {
            let file = &files[l.span.source as usize];
            let uri = super::uri::from_path(Path::new(&file.name)).or_else(|| file.name.parse().ok())?;
            let range = lines.range(l.span.source, l.span.start as usize, l.span.end as usize);
            Some(DiagnosticRelatedInformation {
                location: Location { uri, range },
                message: if l.text.is_empty() { "here".to_string() } else { l.text.clone() },
            })
        })
        .collect();
    LspDiagnostic {
        range,
        severity: Some(match d.severity {
            Severity::Error => DiagnosticSeverity::ERROR,
            Severity::Warning => DiagnosticSeverity::WARNING,
        }),
        code: Some(NumberOrString::String(d.code.to_string())),
        source: Some("tabula".to_string()),
        message,
        related_information: (!related.is_empty()).then_some(related),
        tags: (d.code == codes::UNUSED).then(|| vec![DiagnosticTag::UNNECESSARY]),
        ..LspDiagnostic::default()
    }
}

fn board_info(game: &Game) -> BoardInfo {
    let shape = game.board.shape.form();
    BoardInfo {
        shape,
        relations: game.board.relations.iter().map(|r| (r.name.clone(), r.edge_count(), r.max_degree())).collect(),
        regions: game
            .board
            .regions
            .iter()
            .map(|r| (r.name.clone(), r.parts.len(), r.parts.iter().map(|p| p.sites.len()).sum()))
            .collect(),
    }
}
