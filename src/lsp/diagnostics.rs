//! Diagnostics: the checker's findings on an open document, as the protocol has them.
//!
//! The document is checked exactly as `tabula check` checks a file
//! ([`check_all_variants`]: the default variant, then every other one), from the text in the
//! editor; the files it `extends` are taken from the editor when open there. Spans are byte
//! offsets; they become UTF-16 ranges through [`LineIndex`].

use std::panic::{AssertUnwindSafe, catch_unwind};

use lsp_types::{
    Diagnostic as LspDiagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, DiagnosticTag, Location,
    NumberOrString, Range,
};

use super::document::{BoardInfo, Document};
use super::position::LineIndex;
use crate::check::check_all_variants;
use crate::codes;
use crate::diagnostic::{Diagnostic, Severity, Sources};
use crate::game::Game;
use crate::syntax::{MAX_SOURCE_BYTES, SourceId};

/// What checking a document found.
pub struct Outcome {
    pub diagnostics: Vec<LspDiagnostic>,
    /// The other files the check read (the document's bases).
    pub depends_on: Vec<String>,
    /// The board, if the document checked without errors.
    pub board: Option<BoardInfo>,
}

/// Checks `doc`; `open` are the other open documents, used in place of the files on disk.
pub fn check(doc: &Document, open: &[&Document]) -> Outcome {
    if doc.too_large() {
        let d = Diagnostic::error(
            codes::TOO_LARGE,
            format!("the document is {} bytes; game files are limited to {MAX_SOURCE_BYTES} bytes", doc.text.len()),
        );
        return Outcome {
            diagnostics: vec![convert(&Sources::new(), 0, &d, None)],
            depends_on: Vec::new(),
            board: None,
        };
    }
    let mut sources = Sources::new();
    let id = sources.add(doc.name(), doc.text.as_str());
    for other in open.iter().filter(|o| o.uri != doc.uri && !o.too_large()) {
        sources.add(other.name(), other.text.as_str());
    }
    let before = sources.files().len();
    // The checker is meant never to panic; should it, the editor gets a diagnostic instead of
    // losing its server.
    let checked = catch_unwind(AssertUnwindSafe(|| check_all_variants(&mut sources, id)));
    let checked = match checked {
        Ok(checked) => checked,
        Err(_) => {
            let d = Diagnostic::error(codes::IO, "internal error: the checker failed on this text")
                .help("please report it with the file");
            return Outcome { diagnostics: vec![convert(&sources, id, &d, None)], depends_on: Vec::new(), board: None };
        }
    };
    let extends = extends_span(&doc.text);
    let diagnostics = checked.diagnostics.iter().map(|d| convert(&sources, id, d, extends)).collect();
    // The bases: those read from disk were added by the check after the open documents; the
    // open ones are found by following `extends` through the open documents.
    let mut depends_on: Vec<String> = sources.files()[before..].iter().map(|f| f.name.clone()).collect();
    depends_on.extend(chain_names(&sources, id, open));
    Outcome { diagnostics, depends_on, board: checked.game.as_ref().map(board_info) }
}

/// The names of the open documents that are in the `extends` chain of `id`.
fn chain_names(sources: &Sources, id: SourceId, open: &[&Document]) -> Vec<String> {
    let mut names = Vec::new();
    let mut current = sources.get(id).name.clone();
    let mut text = sources.get(id).text.to_string();
    while names.len() < 16 {
        let Some((_, target)) = extends_target(&text) else { break };
        let resolved = std::path::Path::new(&current).parent().unwrap_or(std::path::Path::new("")).join(target);
        let name = resolved.display().to_string();
        let Some(doc) = open.iter().find(|d| d.name() == name) else { break };
        if names.contains(&name) {
            break;
        }
        names.push(name.clone());
        current = name;
        text = doc.text.clone();
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

fn extends_span(text: &str) -> Option<(usize, usize)> {
    extends_target(text).map(|(span, _)| span)
}

/// One diagnostic of the checker in protocol form. A diagnostic whose primary label is in
/// another file (a base) is shown on the document's `extends` string, naming that file; every
/// label after the first becomes related information.
pub fn convert(sources: &Sources, id: SourceId, d: &Diagnostic, extends: Option<(usize, usize)>) -> LspDiagnostic {
    let files = sources.files();
    let index_of = |source: SourceId| LineIndex::new(&files[source as usize].text);
    let mut message = d.message.clone();
    let range = match d.labels.first() {
        Some(l) if l.span.source == id => index_of(id).range(l.span.start as usize, l.span.end as usize),
        Some(l) => {
            message = format!("{}: {message}", files[l.span.source as usize].name);
            extends.map(|(s, e)| index_of(id).range(s, e)).unwrap_or_default()
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
            let uri = super::uri::from_path(std::path::Path::new(&file.name)).or_else(|| file.name.parse().ok())?;
            let range = index_of(l.span.source).range(l.span.start as usize, l.span.end as usize);
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
    use crate::board::Shape;
    let shape = match &game.board.shape {
        Shape::Square { size } => format!("(square {size})"),
        Shape::HexHex { side } => format!("(hexhex {side})"),
        Shape::Tiling { pattern, rings } => format!("(tiling \"{pattern}\" {rings})"),
    };
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
