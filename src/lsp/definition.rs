//! Go to definition: a define, region, option, counter or allowance used as a word; a variant
//! or phase named by a string; the file named by `extends`.

use lsp_types::{Location, Position, Range, Uri};

use super::document::Analysis;
use super::index::{Kind, WORD_KINDS};
use super::position::LineIndex;
use super::tree::TokenKind;

/// The declarations of the name at `offset`; `uri` is the document's own.
pub fn definition(a: &Analysis<'_>, uri: &Uri, offset: usize) -> Vec<Location> {
    let Some((_, token)) = super::tree::token_at(&a.tokens, offset) else { return Vec::new() };
    let raw = &a.text[token.start..token.end];
    if let Some((span, path)) = &a.index.extends {
        if *span == (token.start, token.end) {
            let Some(target) = super::uri::from_path(path).filter(|_| path.is_file()) else { return Vec::new() };
            return vec![Location { uri: target, range: Range::new(Position::new(0, 0), Position::new(0, 0)) }];
        }
    }
    let declared = match token.kind {
        TokenKind::Word => a.index.lookup(raw, WORD_KINDS),
        TokenKind::Str => a.index.lookup(raw.trim_matches('"'), &[Kind::Variant, Kind::Phase]),
        _ => return Vec::new(),
    };
    declared
        .into_iter()
        .filter_map(|d| {
            let file = &a.index.files[d.file];
            let target = if d.file == 0 { uri.clone() } else { super::uri::from_path(file.path.as_deref()?)? };
            Some(Location {
                uri: target,
                range: LineIndex::new(&file.text, a.lines.encoding()).range(d.name_span.0, d.name_span.1),
            })
        })
        .collect()
}
