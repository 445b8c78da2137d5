//! Completion: after `(`, the ludemes that may stand there; elsewhere, the names in scope —
//! what the file (and its bases) declare, the relations and built-in regions of its board, and
//! the words with a fixed meaning.
//!
//! Only the text before the cursor is read ([`open_lists`]), so the rest of the file may be as
//! broken as it is while typing.

use lsp_types::{CompletionItem, CompletionItemKind, CompletionList, Documentation, MarkupContent, MarkupKind};

use super::document::Analysis;
use super::index::Kind;
use super::tree::open_lists;
use crate::check::{Category, KEYWORDS, LUDEMES};

pub fn completion(a: &Analysis<'_>, offset: usize) -> CompletionList {
    if in_comment_or_string(a.text, offset) {
        return CompletionList { is_incomplete: false, items: Vec::new() };
    }
    let open = open_lists(a.text, &a.tokens, offset);
    let items = match open.last() {
        // Right after `(`: a ludeme.
        Some(list) if list.items == 0 => {
            let parent = open.len().checked_sub(2).and_then(|i| open[i].head);
            ludemes(parent, open.len() == 1)
        }
        Some(list) => names(a, list.head),
        None => ludemes(None, true),
    };
    CompletionList { is_incomplete: false, items }
}

/// The ludemes that may head a list inside a list headed by `parent`.
fn ludemes(parent: Option<&str>, top_level: bool) -> Vec<CompletionItem> {
    let allowed = |name: &str, category: Category| -> bool {
        if top_level {
            return name == "game";
        }
        let Some(parent) = parent else { return true };
        let named = |names: &[&str]| names.contains(&name);
        use Category::*;
        match parent {
            "game" => category == Section && name != "game",
            "variant" => category == Section && !named(&["game", "meta", "extends", "variant", "option", "without"]),
            "option" => named(&["choice", "range", "default"]),
            "players" => named(&["player", "hand"]),
            "player" => named(&["team", "hand"]),
            "board" => category == Board,
            "region" => named(&["owner", "faces", "sites", "within"]),
            "relation" => named(&["owner", "path"]),
            "setup" => named(&["place", "seeds"]),
            "graph" => named(&["sites", "edges"]),
            "play" => {
                named(&["phase", "turn", "after-turn", "blocked", "maximize"]) || matches!(category, Stage | Move)
            }
            "phase" => named(&["until", "turn", "after-turn", "blocked", "maximize"]),
            "turn" => matches!(category, Stage | Move),
            "actions" => category == Move,
            "place" | "slide" | "relocate" => named(&[
                "to",
                "from",
                "along",
                "where",
                "require",
                "then",
                "distinct",
                "range",
                "capture",
                "piece",
                "promote",
                "after",
                "no-repeat",
            ]),
            "leap" | "hop" => named(&["to", "from", "by", "over", "capture", "promote", "where", "require", "then"]),
            "take" => named(&["from", "where", "then"]),
            "sow" => named(&["from", "along", "skip", "where", "then"]),
            "collect" => named(&["into"]) || category == Sites,
            "every" => matches!(category, Sites | Condition),
            "where" | "until" | "and" | "or" | "not" | "distinct" | "after" => category == Condition,
            "<" | "<=" | ">" | ">=" | "=" | "!=" | "+" | "-" | "*" | "min" | "max" | "higher" | "lower" | "grew"
            | "add" | "allow" | "allow-next" => category == Number,
            "require" => matches!(category, Constraint | Condition),
            "then" | "after-turn" => category == Effect,
            "remove" | "remove-groups" => named(&["where", "credit"]),
            "if" => matches!(category, Condition | Effect | Number),
            "end" => category == EndRule,
            "when" => matches!(category, Condition | Outcome),
            "repetition" | "turn-limit" => matches!(category, Outcome | Number),
            "compare" => category == Criterion,
            "cascade" | "unpaired" => category == Sizes,
            "count" | "to" | "from" => category == Sites || category == Number,
            _ => true,
        }
    };
    let mut items: Vec<CompletionItem> = Vec::new();
    for &(name, category, usage) in LUDEMES {
        if !allowed(name, category) {
            continue;
        }
        // A name with several uses (`if`, `counter`) is offered once, with each usage.
        if let Some(item) = items.iter_mut().find(|i| i.label == name) {
            if let Some(detail) = &mut item.detail {
                detail.push_str(&format!("  |  {usage}"));
            }
            continue;
        }
        items.push(CompletionItem {
            label: name.to_string(),
            kind: Some(CompletionItemKind::FUNCTION),
            detail: Some(usage.to_string()),
            documentation: Some(Documentation::MarkupContent(MarkupContent {
                kind: MarkupKind::Markdown,
                value: super::docs::entries(name).join("\n\n---\n\n"),
            })),
            ..CompletionItem::default()
        });
    }
    items
}

/// The names that may be written as an argument of a list headed by `head`.
fn names(a: &Analysis<'_>, head: Option<&str>) -> Vec<CompletionItem> {
    let mut items = Vec::new();
    let mut push = |label: String, kind: CompletionItemKind, detail: String| {
        if !label.is_empty() && !items.iter().any(|i: &CompletionItem| i.label == label) {
            items.push(CompletionItem { label, kind: Some(kind), detail: Some(detail), ..CompletionItem::default() });
        }
    };
    if head == Some("without") {
        for kind in ["option", "define", "variant", "region", "counter", "allowance"] {
            push(kind.to_string(), CompletionItemKind::KEYWORD, "what to remove".to_string());
        }
    }
    for d in a.index.names() {
        let (label, kind) = match d.kind {
            Kind::Variant | Kind::Phase => (crate::syntax::quote(&d.name), CompletionItemKind::ENUM_MEMBER),
            Kind::Option => (d.name.clone(), CompletionItemKind::PROPERTY),
            Kind::Define => (d.name.clone(), CompletionItemKind::CONSTANT),
            Kind::Region => (d.name.clone(), CompletionItemKind::VARIABLE),
            Kind::Counter | Kind::Allowance => (d.name.clone(), CompletionItemKind::VARIABLE),
        };
        // Variants and phases are only named in `without` and `variant`/`phase` forms.
        if matches!(d.kind, Kind::Variant | Kind::Phase) && head != Some("without") {
            continue;
        }
        push(label, kind, d.kind.word().to_string());
    }
    if let Some(board) = a.board {
        for (name, _, _) in &board.relations {
            push(name.clone(), CompletionItemKind::ENUM_MEMBER, format!("relation of {}", board.shape));
        }
        for (name, _, _) in &board.regions {
            push(name.clone(), CompletionItemKind::VARIABLE, format!("region of {}", board.shape));
        }
    }
    for word in KEYWORDS {
        push(word.to_string(), CompletionItemKind::KEYWORD, "keyword".to_string());
    }
    items
}

/// Whether the offset is inside a comment or a string, where nothing is offered. Both end at
/// the end of their line, so the line before the offset is enough to tell.
fn in_comment_or_string(text: &str, offset: usize) -> bool {
    let Some(before) = text.get(..offset) else { return false };
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let mut in_string = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' if in_string => {
                chars.next();
            }
            '"' => in_string = !in_string,
            ';' if !in_string => return true,
            _ => {}
        }
    }
    in_string
}

#[cfg(test)]
mod tests {
    use super::in_comment_or_string;

    #[test]
    fn nothing_is_offered_in_comments_and_strings() {
        let text = "(game \"a \\\" ; b\" (place ; (to\n  (x";
        let at = |s: &str| text.find(s).unwrap();
        assert!(in_comment_or_string(text, at(" b")));
        assert!(!in_comment_or_string(text, at("(place") + 1));
        assert!(in_comment_or_string(text, at("(to") + 1));
        assert!(!in_comment_or_string(text, at("(x") + 1));
    }
}
