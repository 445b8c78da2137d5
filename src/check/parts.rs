//! Region parts computed when the game is checked: set algebra on parts, a choice on an
//! option, and generated families. They make a region follow the board and the options
//! instead of listing labels: "the sides without the corners", "every cell", "every line of
//! four", "the centre of this size". Everything here is fixed before play starts; the
//! engine sees plain parts.

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::constant_condition;
use super::scope::unknown;
use crate::board::{Site, Topology};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::RegionDef;
use crate::syntax::Node;

/// The heads of the computed parts.
pub const COMPUTED: &[&str] = &["difference", "intersection", "if", "each", "lines", "inside"];

/// The parts a computed PART stands for; `None` when it was reported as wrong.
pub fn computed(
    cx: &mut Context,
    form: &Node,
    board: &Topology,
    regions: &[RegionDef],
    owner: Option<usize>,
) -> Option<Vec<Vec<Site>>> {
    let mut args = Args::new(form);
    let head = args.head();
    // One argument, itself any PART, as a region of its own.
    let region_of = |cx: &mut Context, node: &Node| -> Option<RegionDef> {
        let mut def =
            RegionDef { name: String::new(), owner: None, parts: Vec::new(), labels: Vec::new(), builtin: false };
        super::setup::part_into(cx, node, board, regions, owner, &mut def).then_some(def)
    };
    match head {
        "difference" | "intersection" => {
            let first = args.required(cx, "a part, such as `perimeter`").and_then(|n| region_of(cx, n));
            let others = args.rest();
            if others.is_empty() {
                cx.report(args.missing("a second part"));
                return None;
            }
            let rest: Vec<Option<Vec<Site>>> = others.iter().map(|n| region_of(cx, n).map(|d| d.sites())).collect();
            let mut sites = first?.sites();
            for other in rest {
                let other = other?;
                if head == "difference" {
                    sites.retain(|s| other.binary_search(s).is_err());
                } else {
                    sites.retain(|s| other.binary_search(s).is_ok());
                }
            }
            Some(vec![sites])
        }
        "if" => {
            let condition = args.required(cx, "a condition on the options, such as `(= size 8)`");
            let condition = condition.and_then(|n| constant_condition(cx, n));
            let then = args.required(cx, "the part when the condition holds");
            let otherwise = args.next();
            args.finish(cx);
            let chosen = if condition? { then } else { otherwise };
            match chosen {
                Some(n) => region_of(cx, n).map(|d| d.parts),
                None => Some(Vec::new()),
            }
        }
        "each" => {
            let of = args.required(cx, "the part whose sites become parts").and_then(|n| region_of(cx, n));
            args.finish(cx);
            Some(of?.sites().into_iter().map(|s| vec![s]).collect())
        }
        "inside" => {
            let of = args.required(cx, "the parts to keep, such as `(lines 3 all)`").and_then(|n| region_of(cx, n));
            let within = args.required(cx, "the parts to keep them inside").and_then(|n| region_of(cx, n));
            args.finish(cx);
            let (of, within) = (of?, within?);
            let kept: Vec<Vec<Site>> = of
                .parts
                .into_iter()
                .filter(|part| within.parts.iter().any(|w| part.iter().all(|s| w.contains(s))))
                .collect();
            if kept.is_empty() {
                cx.report(
                    Diagnostic::error(codes::OFF_BOARD, "no part lies entirely inside the other")
                        .label(form.span, "keeps no part")
                        .help("`(inside A B)` keeps the parts of A whose every site is in one part of B"),
                );
                return None;
            }
            Some(kept)
        }
        _ => lines(cx, args, board, form.span),
    }
}

/// `(lines LENGTH RELATION)`: every run of LENGTH sites in a row along a direction of
/// RELATION, each once (a run and its reverse are one part).
fn lines(cx: &mut Context, mut args: Args<'_>, board: &Topology, span: crate::syntax::Span) -> Option<Vec<Vec<Site>>> {
    let length = args.required(cx, "how many sites in a row").and_then(|n| {
        let v = super::expr::constant(cx, n)?;
        if v < 1 || v > board.site_count() as i64 {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("lines of {v} sites"))
                    .label(n.span, format!("a line holds 1 to {} sites on this board", board.site_count()))
                    .help("a line of N is N sites in a row"),
            );
            return None;
        }
        Some(v as usize)
    });
    let rel = args.required(cx, "the relation whose directions the lines follow, such as `all`").and_then(|n| {
        let Some(w) = n.symbol() else {
            cx.report(wrong_kind(n, "the relation", "a relation's name, such as `all`"));
            return None;
        };
        let Some(rel) = board.relation(w) else {
            let names = board.relations.iter().map(|r| r.name.as_str());
            cx.report(unknown(n, w, "relation", codes::UNKNOWN_RELATION, names));
            return None;
        };
        if board.directions_within(rel).is_empty() {
            cx.report(
                Diagnostic::error(codes::NO_DIRECTIONS, format!("the relation `{w}` is not made of directions"))
                    .label(n.span, "a line follows one direction")
                    .help("use a relation of straight directions, such as `orthogonal` or `all`"),
            );
            return None;
        }
        Some(rel)
    });
    args.finish(cx);
    let (length, rel) = (length?, rel?);
    let mut out: Vec<Vec<Site>> = Vec::new();
    for d in board.directions_within(rel) {
        let step = &board.directions[d].step;
        for start in 0..board.site_count() as Site {
            let mut run = vec![start];
            while run.len() < length {
                match step[*run.last().unwrap_or(&start) as usize] {
                    Some(next) if !run.contains(&next) => run.push(next),
                    _ => break,
                }
            }
            if run.len() == length {
                run.sort_unstable();
                out.push(run);
            }
        }
    }
    out.sort();
    out.dedup();
    if out.is_empty() {
        cx.report(
            Diagnostic::error(codes::OFF_BOARD, format!("no line of {length} sites fits on this board"))
                .label(span, "the board is too small for it")
                .help("check the length, or the board's size"),
        );
        return None;
    }
    Some(out)
}
