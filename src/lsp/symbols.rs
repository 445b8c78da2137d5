//! Document symbols: the outline of a game file — options, variants, phases, and the defines,
//! regions, counters and allowances it declares.

use lsp_types::{DocumentSymbol, SymbolKind};

use super::document::Analysis;
use super::index::Kind;

pub fn symbols(a: &Analysis<'_>) -> Vec<DocumentSymbol> {
    a.index
        .declarations
        .iter()
        .filter(|d| d.file == 0 && !d.name.is_empty())
        .map(|d| {
            let kind = match d.kind {
                Kind::Option => SymbolKind::PROPERTY,
                Kind::Variant => SymbolKind::CLASS,
                Kind::Phase => SymbolKind::EVENT,
                Kind::Define => SymbolKind::CONSTANT,
                Kind::Region => SymbolKind::ARRAY,
                Kind::Counter | Kind::Allowance => SymbolKind::VARIABLE,
            };
            let detail = match &d.variant {
                Some(v) => format!("{} in variant \"{v}\"", d.kind.word()),
                None => d.kind.word().to_string(),
            };
            // `deprecated` is a field of the protocol type that must still be given.
            #[allow(deprecated)]
            DocumentSymbol {
                name: d.name.clone(),
                detail: Some(detail),
                kind,
                tags: None,
                deprecated: None,
                range: a.lines.range(d.form_span.0, d.form_span.1),
                selection_range: a.lines.range(d.name_span.0, d.name_span.1),
                children: None,
            }
        })
        .collect()
}
