//! Hover: what the word under the cursor is. A ludeme shows its entry of `docs/LANGUAGE.md`
//! ([`super::docs`]); a name the file declares shows its declaration; a relation or built-in
//! region shows what the board makes of it.

use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind};

use super::docs;
use super::document::Analysis;
use super::index::{Declaration, Kind, WORD_KINDS};
use super::tree::TokenKind;
use crate::check::LUDEMES;

/// Declarations longer than this are cut in hover text.
const MAX_SHOWN: usize = 1200;

pub fn hover(a: &Analysis<'_>, offset: usize) -> Option<Hover> {
    let (i, token) = super::tree::token_at(&a.tokens, offset)?;
    let raw = &a.text[token.start..token.end];
    let markdown = match token.kind {
        TokenKind::Word => word(a, i, raw)?,
        TokenKind::Str => string(a, i, raw.trim_matches('"'))?,
        _ => return None,
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent { kind: MarkupKind::Markdown, value: markdown }),
        range: Some(a.lines.range(token.start, token.end)),
    })
}

fn word(a: &Analysis<'_>, i: usize, word: &str) -> Option<String> {
    let is_ludeme = LUDEMES.iter().any(|(n, _, _)| *n == word);
    if a.is_head(i) && is_ludeme {
        return Some(docs::entries(word).join("\n\n---\n\n"));
    }
    let declared = a.index.lookup(word, WORD_KINDS);
    if !declared.is_empty() {
        return Some(declarations(a, &declared));
    }
    if let Some(board) = a.board {
        if let Some((name, links, degree)) = board.relations.iter().find(|r| r.0 == word) {
            return Some(format!(
                "**relation** `{name}` of the board `{}`: {links} links, up to {degree} neighbours a site",
                board.shape
            ));
        }
        if let Some((name, parts, sites)) = board.regions.iter().find(|r| r.0 == word) {
            let parts = if *parts == 1 { String::new() } else { format!(" in {parts} parts") };
            return Some(format!("**region** `{name}`, built into the board `{}`: {sites} sites{parts}", board.shape));
        }
    }
    // A ludeme written as a word (the outcome `draw`), or in a place where it does not belong.
    is_ludeme.then(|| docs::entries(word).join("\n\n---\n\n"))
}

/// A string: the target of `extends`, or the name of a variant or phase.
fn string(a: &Analysis<'_>, i: usize, name: &str) -> Option<String> {
    if let Some((span, path)) = &a.index.extends {
        if (span.0, span.1) == (a.tokens[i].start, a.tokens[i].end) {
            let state = if a.index.files.len() > 1 { "" } else { " (not found)" };
            return Some(format!("**extends** `{}`{state}", path.display()));
        }
    }
    let declared = a.index.lookup(name, &[Kind::Variant, Kind::Phase]);
    (!declared.is_empty()).then(|| declarations(a, &declared))
}

/// The declaring forms, as written, with the file they are in when it is a base.
fn declarations(a: &Analysis<'_>, declared: &[&Declaration]) -> String {
    let mut out = Vec::new();
    for d in declared {
        let file = &a.index.files[d.file];
        let mut source = file.text[d.form_span.0..d.form_span.1].to_string();
        if source.len() > MAX_SHOWN {
            let mut cut = MAX_SHOWN;
            while !source.is_char_boundary(cut) {
                cut -= 1;
            }
            source.truncate(cut);
            source.push_str(" …");
        }
        let mut heading = format!("**{}** `{}`", d.kind.word(), d.name);
        if let Some(v) = &d.variant {
            heading.push_str(&format!(" (in variant \"{v}\")"));
        }
        if d.file > 0 {
            if let Some(p) = &file.path {
                heading.push_str(&format!(", declared in `{}`", p.display()));
            }
        }
        out.push(format!("{heading}\n\n```tabula\n{source}\n```"));
    }
    out.join("\n\n")
}
