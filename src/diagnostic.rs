//! Diagnostics: what the parser and checker say about a game file, and how it is shown.
//!
//! A [`Diagnostic`] is plain data (stable code, message, labelled spans, help) so that every
//! stage can produce it without knowing how it will be printed. [`Sources`] holds the text of
//! every loaded file; rendering goes through miette's graphical handler, with or without colour.

use std::fmt;
use std::sync::Arc;

use miette::{GraphicalReportHandler, GraphicalTheme, LabeledSpan, NamedSource, SourceSpan};
use serde::Serialize;

use crate::span::{SourceId, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// A span with the text shown next to it.
#[derive(Debug, Clone, PartialEq)]
pub struct Label {
    pub span: Span,
    pub text: String,
}

/// One finding about a source file. The first label is the primary one.
#[derive(Debug, Clone, PartialEq)]
pub struct Diagnostic {
    /// Stable identifier, e.g. `tabula::check::unknown_region` (see [`crate::codes`]).
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
    pub labels: Vec<Label>,
    pub help: Option<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, severity: Severity::Error, message: message.into(), labels: Vec::new(), help: None }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    pub fn label(mut self, span: Span, text: impl Into<String>) -> Diagnostic {
        self.labels.push(Label { span, text: text.into() });
        self
    }

    pub fn help(mut self, help: impl Into<String>) -> Diagnostic {
        self.help = Some(help.into());
        self
    }

    pub fn maybe_help(mut self, help: Option<String>) -> Diagnostic {
        if help.is_some() {
            self.help = help;
        }
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// The span of the primary label, if any.
    pub fn primary(&self) -> Option<Span> {
        self.labels.first().map(|l| l.span)
    }
}

/// A loaded source file.
#[derive(Debug, Clone)]
pub struct SourceFile {
    pub name: String,
    pub text: Arc<str>,
}

/// Every file a description was read from; a [`Span`]'s `source` indexes this list.
#[derive(Debug, Clone, Default)]
pub struct Sources {
    files: Vec<SourceFile>,
}

impl Sources {
    pub fn new() -> Sources {
        Sources::default()
    }

    pub fn add(&mut self, name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceId {
        self.files.push(SourceFile { name: name.into(), text: text.into() });
        (self.files.len() - 1) as SourceId
    }

    /// The source already loaded under this name.
    pub fn find(&self, name: &str) -> Option<SourceId> {
        self.files.iter().position(|f| f.name == name).map(|i| i as SourceId)
    }

    pub fn get(&self, id: SourceId) -> &SourceFile {
        &self.files[id as usize]
    }

    pub fn files(&self) -> &[SourceFile] {
        &self.files
    }

    /// Length in bytes of the line holding a byte offset.
    fn line_length(&self, id: SourceId, offset: u32) -> usize {
        let text = &self.get(id).text;
        let offset = floor_char_boundary(text, (offset as usize).min(text.len()));
        let start = text[..offset].rfind('\n').map(|i| i + 1).unwrap_or(0);
        let end = text[offset..].find('\n').map(|i| offset + i).unwrap_or(text.len());
        end - start
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, id: SourceId, offset: u32) -> (usize, usize) {
        let text = &self.get(id).text;
        let offset = (offset as usize).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
        (line, before[line_start..].chars().count() + 1)
    }

    /// Renders a diagnostic the way a terminal shows it (`color` false gives stable text for
    /// snapshots and pipes).
    pub fn render(&self, diagnostic: &Diagnostic, color: bool, width: usize) -> String {
        let theme = if color { GraphicalTheme::unicode() } else { GraphicalTheme::unicode_nocolor() };
        let handler = GraphicalReportHandler::new_themed(theme).with_width(width).with_links(false);
        let mut out = String::new();
        // miette prints a label's whole line: a one-line megabyte file would be printed whole.
        // Such lines are shown by position instead.
        let long = diagnostic.labels.iter().any(|l| self.line_length(l.span.source, l.span.start) > MAX_SNIPPET_LINE);
        let shortened;
        let diagnostic = if long {
            let mut d = diagnostic.clone();
            if let Some(first) = d.labels.first() {
                let (line, column) = self.line_col(first.span.source, first.span.start);
                let file = &self.get(first.span.source).name;
                d.message = format!("{} ({file}:{line}:{column}: {})", d.message, first.text);
            }
            d.labels.clear();
            shortened = d;
            &shortened
        } else {
            diagnostic
        };
        let view = View::new(self, diagnostic);
        // Writing to a String cannot fail.
        let _ = handler.render_report(&mut out, &view);
        out
    }

    /// The diagnostic as a JSON value with line/column positions (`check --json`).
    pub fn to_json(&self, diagnostic: &Diagnostic) -> serde_json::Value {
        let labels: Vec<serde_json::Value> = diagnostic
            .labels
            .iter()
            .map(|l| {
                let (line, column) = self.line_col(l.span.source, l.span.start);
                let (end_line, end_column) = self.line_col(l.span.source, l.span.end);
                serde_json::json!({
                    "file": self.get(l.span.source).name,
                    "line": line, "column": column,
                    "end_line": end_line, "end_column": end_column,
                    "text": l.text,
                })
            })
            .collect();
        let primary = labels.first().cloned();
        serde_json::json!({
            "severity": diagnostic.severity,
            "code": diagnostic.code,
            "message": diagnostic.message,
            "file": primary.as_ref().map(|p| p["file"].clone()),
            "line": primary.as_ref().map(|p| p["line"].clone()),
            "column": primary.as_ref().map(|p| p["column"].clone()),
            "labels": labels,
            "help": diagnostic.help,
        })
    }
}

/// Lines longer than this are not shown in a snippet.
const MAX_SNIPPET_LINE: usize = 400;

fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// Adapter that lets miette render a [`Diagnostic`]. Labels in files other than the primary
/// label's file are shown as a related report on that file.
struct View {
    code: &'static str,
    /// `None` for a note attached to another diagnostic.
    severity: Option<Severity>,
    message: String,
    help: Option<String>,
    source: Option<NamedSource<Arc<str>>>,
    labels: Vec<(SourceSpan, String)>,
    related: Vec<View>,
}

impl View {
    fn new(sources: &Sources, d: &Diagnostic) -> View {
        let primary_source = d.labels.first().map(|l| l.span.source);
        let mut view = View {
            code: d.code,
            severity: Some(d.severity),
            message: d.message.clone(),
            help: d.help.clone(),
            source: primary_source.map(|id| named(sources, id)),
            labels: Vec::new(),
            related: Vec::new(),
        };
        for label in &d.labels {
            let span = (source_span(sources, label.span), label.text.clone());
            if Some(label.span.source) == primary_source {
                view.labels.push(span);
                continue;
            }
            // Labels in another file: one note per file, with all its labels.
            let file = sources.get(label.span.source);
            let message = format!("see also {}", file.name);
            match view.related.iter_mut().find(|r| r.message == message) {
                Some(r) => r.labels.push(span),
                None => view.related.push(View {
                    code: d.code,
                    severity: None,
                    message,
                    help: None,
                    source: Some(named(sources, label.span.source)),
                    labels: vec![span],
                    related: Vec::new(),
                }),
            }
        }
        view
    }
}

fn named(sources: &Sources, id: SourceId) -> NamedSource<Arc<str>> {
    let file = sources.get(id);
    NamedSource::new(file.name.clone(), file.text.clone())
}

/// A miette span clamped to the text: an out-of-range span would silently lose its snippet.
fn source_span(sources: &Sources, span: Span) -> SourceSpan {
    let len = sources.get(span.source).text.len();
    let start = (span.start as usize).min(len);
    let end = (span.end as usize).clamp(start, len);
    SourceSpan::new(start.into(), end - start)
}

impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for View {}

impl miette::Diagnostic for View {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.severity.map(|_| Box::new(self.code) as Box<dyn fmt::Display>)
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.severity {
            Some(Severity::Error) => miette::Severity::Error,
            Some(Severity::Warning) => miette::Severity::Warning,
            None => miette::Severity::Advice,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        self.source.as_ref().map(|s| s as &dyn miette::SourceCode)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        if self.labels.is_empty() {
            return None;
        }
        Some(Box::new(self.labels.iter().enumerate().map(|(i, (span, text))| {
            let text = if text.is_empty() { None } else { Some(text.clone()) };
            if i == 0 {
                LabeledSpan::new_primary_with_span(text, *span)
            } else {
                LabeledSpan::new_with_span(text, *span)
            }
        })))
    }

    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn miette::Diagnostic> + 'a>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn miette::Diagnostic)))
    }
}
