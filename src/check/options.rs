//! Pass 2: option declarations, the selected variant and the option values in force.

use super::args::{Args, wrong_kind};
use super::document::{Define, Document, Sections};
use super::{Context, Selection, SelectionError, similar};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{OptionInfo, OptionKind};
use crate::syntax::{Node, NodeKind, Span};

/// The description with one variant chosen and its overrides applied.
pub struct Resolved<'a> {
    pub variant: Option<String>,
    pub options: Vec<OptionInfo>,
    /// Where each option is declared (same order as `options`).
    pub option_spans: Vec<Span>,
    /// Options whose declaration failed (already reported).
    pub failed_options: Vec<String>,
    pub defines: Vec<Define<'a>>,
    pub sections: Sections<'a>,
}

/// Applies the selection. A selection naming something the file does not have is an error of
/// the command line, not of the file.
pub fn resolve<'a>(
    cx: &mut Context,
    doc: &Document<'a>,
    selection: &Selection,
) -> Result<Option<Resolved<'a>>, SelectionError> {
    let mut options = Vec::new();
    let mut option_spans = Vec::new();
    let mut failed_options = Vec::new();
    for form in &doc.options {
        match declaration(cx, form) {
            Ok((info, span)) => {
                if let Some(i) = options.iter().position(|o: &OptionInfo| o.name == info.name) {
                    cx.report(
                        Diagnostic::error(codes::DUPLICATE, format!("option `{}` is declared twice", info.name))
                            .label(span, "declared again here")
                            .label(option_spans[i], "first declared here"),
                    );
                } else {
                    options.push(info);
                    option_spans.push(span);
                }
            }
            Err(Some(name)) => failed_options.push(name),
            Err(None) => {}
        }
    }
    for (key, value) in &selection.sets {
        let Some(option) = options.iter_mut().find(|o| &o.name == key) else {
            let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
            let hint = similar::did_you_mean(key, names.iter().copied()).map(|h| format!("; {h}")).unwrap_or_default();
            let known = if names.is_empty() {
                format!("\"{}\" has no options", doc.name)
            } else {
                format!("its options are: {}", names.join(", "))
            };
            return Err(SelectionError(format!("unknown option `{key}` for \"{}\"{hint} ({known})", doc.name)));
        };
        option.value = parse_value(option, value).ok_or_else(|| {
            SelectionError(format!("`--set {key}={value}`: option `{key}` takes {}", option.allowed()))
        })?;
    }

    let variant = match &selection.variant {
        Some(name) => match doc.variant(name) {
            Some(v) => Some(v),
            None => {
                let names = doc.variant_names();
                let hint = similar::most_similar(name, names.iter().map(String::as_str))
                    .map(|h| format!("; did you mean \"{h}\"?"))
                    .unwrap_or_default();
                let known = if names.is_empty() {
                    format!("\"{}\" has no variants", doc.name)
                } else {
                    format!(
                        "its variants are: {}",
                        names.iter().map(|n| format!("\"{n}\"")).collect::<Vec<_>>().join(", ")
                    )
                };
                return Err(SelectionError(format!("unknown variant \"{name}\"{hint} ({known})")));
            }
        },
        None => doc.variants.iter().find(|v| v.is_default).or(doc.variants.first()),
    };

    let mut defines = doc.defines.clone();
    let mut sections = doc.sections.clone();
    if let Some(v) = variant {
        for d in &v.defines {
            match defines.iter_mut().find(|e| e.name == d.name) {
                Some(existing) => *existing = d.clone(),
                None => defines.push(d.clone()),
            }
        }
        for s in &v.sections {
            match s.head() {
                Some("players") => sections.players = Some(s),
                Some("board") => sections.board = Some(s),
                Some("play") => sections.play = Some(s),
                Some("end") => sections.end = Some(s),
                Some("setup") => sections.setup = Some(s),
                Some("pieces") => sections.pieces = Some(s),
                _ => {}
            }
        }
    }
    Ok(Some(Resolved {
        variant: variant.map(|v| v.name.clone()),
        options,
        option_spans,
        failed_options,
        defines,
        sections,
    }))
}

fn parse_value(option: &OptionInfo, text: &str) -> Option<i64> {
    let value = match option.kind {
        OptionKind::Boolean => match text {
            "true" | "yes" | "on" | "1" => 1,
            "false" | "no" | "off" | "0" => 0,
            _ => return None,
        },
        _ => text.parse::<i64>().ok()?,
    };
    allows(&option.kind, value).then_some(value)
}

fn allows(kind: &OptionKind, value: i64) -> bool {
    match kind {
        OptionKind::Choice(values) => values.contains(&value),
        OptionKind::Range(lo, hi) => (*lo..=*hi).contains(&value),
        OptionKind::Boolean => value == 0 || value == 1,
    }
}

/// `(option NAME TYPE (default VALUE) ["description"])`.
/// `(option NAME TYPE (default VALUE) ["description"])`. On failure, the name (if any) so that
/// its uses are not reported again.
fn declaration(cx: &mut Context, form: &Node) -> Result<(OptionInfo, Span), Option<String>> {
    let mut args = Args::new(form);
    let (name, name_span) = args.symbol(cx, "the option's name").ok_or(None)?;
    let failed = || Some(name.clone());
    let kind_node =
        args.required(cx, "the option's type: `(choice ...)`, `(range LO HI)` or `boolean`").ok_or_else(failed)?;
    let kind = option_kind(cx, kind_node).ok_or_else(failed)?;
    let mut default = None;
    let mut default_seen = false;
    let mut description = None;
    for item in args.rest() {
        match (&item.kind, item.head()) {
            (NodeKind::Str(s), _) if description.is_none() => description = Some(s.clone()),
            (_, Some("default")) => {
                default_seen = true;
                let mut d = Args::new(item);
                let Some(v) = d.required(cx, "the default value") else { continue };
                d.finish(cx);
                let value = match (&kind, &v.kind) {
                    (OptionKind::Boolean, NodeKind::Symbol(s)) if s == "true" => 1,
                    (OptionKind::Boolean, NodeKind::Symbol(s)) if s == "false" => 0,
                    (OptionKind::Boolean, _) => {
                        cx.report(wrong_kind(v, "the default of a boolean option", "`true` or `false`"));
                        continue;
                    }
                    (_, NodeKind::Int(i)) => *i,
                    _ => {
                        cx.report(wrong_kind(v, "the default", "a whole number"));
                        continue;
                    }
                };
                if !allows(&kind, value) {
                    cx.report(
                        Diagnostic::error(
                            codes::OUT_OF_RANGE,
                            format!("the default of option `{name}` is not an allowed value"),
                        )
                        .label(v.span, format!("{value} is not allowed"))
                        .label(kind_node.span, "allowed values"),
                    );
                    continue;
                }
                default = Some(value);
            }
            _ => cx.report(
                Diagnostic::error(codes::EXTRA_ARGUMENT, format!("unexpected {} in an option", item.describe()))
                    .label(item.span, "not expected here")
                    .help("usage: (option NAME TYPE (default VALUE) \"description\")"),
            ),
        }
    }
    let default = match default {
        Some(d) => d,
        None if kind == OptionKind::Boolean && !default_seen => 0,
        None => {
            if !default_seen {
                cx.report(args.missing("a `(default VALUE)`"));
            }
            return Err(Some(name));
        }
    };
    Ok((OptionInfo { name, kind, default, value: default, description }, name_span))
}

fn option_kind(cx: &mut Context, node: &Node) -> Option<OptionKind> {
    if node.symbol() == Some("boolean") {
        return Some(OptionKind::Boolean);
    }
    if matches!(node.kind, NodeKind::Braces(_) | NodeKind::Named(..)) {
        return None;
    }
    let mut args = Args::new(node);
    match node.head() {
        Some("choice") => {
            let mut values = Vec::new();
            for v in args.rest() {
                match v.kind {
                    NodeKind::Int(i) => values.push(i),
                    _ => cx.report(wrong_kind(v, "a choice", "a whole number")),
                }
            }
            if values.is_empty() {
                cx.report(args.missing("at least one value"));
                return None;
            }
            Some(OptionKind::Choice(values))
        }
        Some("range") => {
            let lo = args.required(cx, "the lowest value").and_then(|n| int(cx, n))?;
            let hi = args.required(cx, "the highest value").and_then(|n| int(cx, n))?;
            args.finish(cx);
            if lo > hi {
                cx.report(
                    Diagnostic::error(codes::OUT_OF_RANGE, "an empty range")
                        .label(node.span, format!("{lo} is larger than {hi}")),
                );
                return None;
            }
            Some(OptionKind::Range(lo, hi))
        }
        _ => {
            cx.report(
                wrong_kind(node, "an option's type", "`(choice V ...)`, `(range LO HI)` or `boolean`")
                    .help("for example `(option size (choice 5 7 9) (default 9))`"),
            );
            None
        }
    }
}

fn int(cx: &mut Context, node: &Node) -> Option<i64> {
    match node.kind {
        NodeKind::Int(i) => Some(i),
        _ => {
            cx.report(wrong_kind(node, "a bound", "a whole number"));
            None
        }
    }
}
