//! The `(setup ...)` section: the stones on the board before the first turn.
//!
//! `(setup (place TEAM SITES...)...)`, or `(place KIND SITES...)` for a kind that belongs to nobody. Each item of SITES is a site label, a region (a built-in
//! one such as `side-S`, so that a designer fills a row in one word, or a declared one; an
//! owned region means the placing team's version), `(sites LABEL...)`, or
//! `(if CONDITION ITEM [ITEM])` with a condition known before play, so that an option can move
//! the start (a bigger board puts its centre elsewhere). Defines and options are substituted
//! before this pass, as everywhere.

use super::args::{Args, wrong_kind};
use super::expr::{Ctx, boolean};
use super::scope::{POISON, Scope};
use super::setup::{label_text, unknown_site};
use super::{Context, similar};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::Bool;
use crate::syntax::{Node, NodeKind, Span};

/// The setup's stones, (site, team), and the kind of each, in the same order; then the seeds
/// put on sites, (site, count).
pub type Start = (Vec<(u16, usize)>, Vec<u8>, Vec<(u16, u32)>);

/// The stones of the setup: (site, team), in the order written. `None` when something in it is
/// wrong (every problem is reported).
/// With them, the kind of each (in the same order; all of the first kind unless the `place`
/// names one: `(place "White" king e1)`).
pub fn stones(cx: &mut Context, scope: &mut Scope<'_>, form: Option<&Node>) -> Option<Start> {
    let Some(form) = form else { return Some((Vec::new(), Vec::new(), Vec::new())) };
    let mut seeds: Vec<(u16, u32)> = Vec::new();
    let errors = cx.error_count();
    let mut out: Vec<(u16, usize)> = Vec::new();
    let mut kinds: Vec<u8> = Vec::new();
    // Where each site was first set up, to point at both places of a site used twice.
    let mut first: Vec<Option<Span>> = vec![None; scope.setup.board.site_count()];
    for item in Args::new(form).rest() {
        if item.symbol() == Some(POISON) {
            continue;
        }
        if item.head() == Some("seeds") {
            seeds_entry(cx, scope, item, &mut seeds);
            continue;
        }
        if item.head() != Some("place") {
            cx.report(
                wrong_kind(item, "an entry of `setup`", "`(place TEAM SITES...)` or `(seeds COUNT SITES...)`")
                    .help("usage: (setup (place TEAM SITES...)...), for example (setup (place \"White\" d4 e5))"),
            );
            continue;
        }
        let mut args = Args::new(item);
        // A piece that belongs to nobody is placed without a team: `(place arrow c3)`. Its
        // entry records the first team, which the engine ignores for a neutral kind.
        let neutral = super::neutral::setup_kind(scope, &mut args);
        let team = if neutral.is_some() { Some(0) } else { team(cx, scope, &mut args) };
        let Some(team) = team else { continue };
        // A kind of piece may follow the team; a word that is no kind is a site or region.
        let kind = match (neutral, args.peek()) {
            (Some(k), _) => k,
            (None, Some(node)) if node.symbol().is_some_and(|w| scope.setup.pieces.iter().any(|k| k.name == w)) => {
                args.next();
                let k = scope.setup.pieces.iter().position(|k| Some(k.name.as_str()) == node.symbol()).unwrap_or(0);
                if scope.setup.pieces[k].neutral {
                    cx.report(super::neutral::team_for_neutral(item, node, &scope.setup.pieces[k].name));
                    continue;
                }
                k as u8
            }
            _ => {
                if let Some(first) = scope.setup.pieces.first().filter(|k| k.neutral) {
                    cx.report(super::neutral::default_neutral(item, &first.name, &scope.setup.pieces));
                    continue;
                }
                0
            }
        };
        let items = args.rest();
        if items.is_empty() {
            cx.report(args.missing("the sites to put stones on"));
            continue;
        }
        let mut sites = Vec::new();
        for node in items {
            collect(cx, scope, node, team, &mut sites);
        }
        for (site, span) in sites {
            match first[site as usize] {
                Some(earlier) => cx.report(
                    Diagnostic::error(
                        codes::DUPLICATE,
                        format!("site `{}` is set up twice", scope.setup.board.sites[site as usize].label),
                    )
                    .label(span, "set up again here")
                    .label(earlier, "first set up here")
                    .help("a site holds one stone: list each site once"),
                ),
                None => {
                    first[site as usize] = Some(span);
                    out.push((site, team));
                    kinds.push(kind);
                }
            }
        }
    }
    (cx.error_count() == errors).then_some((out, kinds, seeds))
}

/// The most seeds a site may hold at the start: enough for any sowing game, and a count that
/// no sowing can overflow.
const MAX_SEEDS: i64 = 10_000;

/// `(seeds COUNT SITES...)`: COUNT seeds on each site. An owned region means every team's
/// version (each side's pits). A site given seeds twice has the sum.
fn seeds_entry(cx: &mut Context, scope: &mut Scope<'_>, item: &Node, out: &mut Vec<(u16, u32)>) {
    let mut args = Args::new(item);
    let Some(count_node) = args.required(cx, "the number of seeds on each site") else { return };
    let Some(count) = super::expr::constant(cx, count_node) else { return };
    if !(0..=MAX_SEEDS).contains(&count) {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("{count} seeds on a site"))
                .label(count_node.span, format!("expected 0 to {MAX_SEEDS}")),
        );
        return;
    }
    let items = args.rest();
    if items.is_empty() {
        cx.report(args.missing("the sites to put seeds on"));
        return;
    }
    let mut sites = Vec::new();
    for node in items {
        for team in 0..scope.setup.teams.len() {
            collect(cx, scope, node, team, &mut sites);
            // A site or an unowned region is the same for every team: read once.
            if !node.symbol().is_some_and(|w| scope.setup.regions.iter().any(|r| r.name == w && r.owner.is_some())) {
                break;
            }
        }
    }
    let mut seen = Vec::new();
    for (site, _) in sites {
        if seen.contains(&site) {
            continue;
        }
        seen.push(site);
        match out.iter_mut().find(|(s, _)| *s == site) {
            Some((_, n)) => *n += count as u32,
            None => out.push((site, count as u32)),
        }
    }
}

/// `TEAM`: a team's name, a string.
fn team(cx: &mut Context, scope: &Scope<'_>, args: &mut Args<'_>) -> Option<usize> {
    let node = args.required(cx, "the team whose stones these are")?;
    let name = match &node.kind {
        NodeKind::Str(s) => s,
        NodeKind::Symbol(s) if s == POISON => return None,
        _ => {
            cx.report(wrong_kind(node, "the team", "a team's name in quotes, such as \"White\""));
            return None;
        }
    };
    let teams = &scope.setup.teams;
    if let Some(i) = teams.iter().position(|t| t == name) {
        return Some(i);
    }
    let known: Vec<String> = teams.iter().map(|t| format!("\"{t}\"")).collect();
    let help = similar::did_you_mean(name, teams.iter().map(String::as_str))
        .unwrap_or_else(|| format!("the teams are {}", known.join(", ")));
    cx.report(
        Diagnostic::error(codes::UNKNOWN_PLAYER, format!("unknown team \"{name}\""))
            .label(node.span, "no team has this name")
            .help(help),
    );
    None
}

/// The sites one item stands for, with the span to blame if one is used twice.
fn collect(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, team: usize, out: &mut Vec<(u16, Span)>) {
    let board = &scope.setup.board;
    match &node.kind {
        NodeKind::Symbol(s) if s == POISON => {}
        NodeKind::Symbol(word) => {
            if let Some(site) = board.site(word) {
                out.push((site, node.span));
            } else if scope.setup.regions.iter().any(|r| r.name == *word) {
                match scope.region(node) {
                    Ok(r) => {
                        let sites = scope.setup.regions[r.by_team[team] as usize].sites();
                        out.extend(sites.into_iter().map(|s| (s, node.span)));
                    }
                    Err(d) => {
                        if let Some(d) = d {
                            cx.report(d);
                        }
                    }
                }
            } else if let Some(d) = super::compass::unknown_side(node, word, board) {
                cx.report(d);
            } else {
                cx.report(unknown(node, word, scope));
            }
        }
        NodeKind::Str(_) | NodeKind::Int(_) => labelled(cx, scope, node, out),
        NodeKind::List(_) => match node.head() {
            Some("sites") => {
                for label in Args::new(node).rest() {
                    labelled(cx, scope, label, out);
                }
            }
            Some("if") => {
                let mut args = Args::new(node);
                let condition = args
                    .required(cx, "a condition known before play")
                    .and_then(|n| boolean(cx, scope, n, Ctx::default()).map(|b| (b, n)));
                let then = args.required(cx, "the sites when the condition holds");
                let otherwise = args.next();
                args.finish(cx);
                match condition {
                    Some((Bool::Const(holds), _)) => {
                        let chosen = if holds { then } else { otherwise };
                        if let Some(n) = chosen {
                            collect(cx, scope, n, team, out);
                        }
                    }
                    Some((_, n)) => cx.report(
                        Diagnostic::error(codes::NOT_CONSTANT, format!("{} is not known before play", n.describe()))
                            .label(n.span, "the setup is decided before the first turn")
                            .help("use `true`, `false`, a boolean option, or a comparison of options and numbers"),
                    ),
                    None => {}
                }
            }
            _ => cx.report(
                wrong_kind(node, "sites to set up", "a site label, a region, `(sites LABEL...)` or `(if ...)`")
                    .help("usage: (place TEAM SITES...)"),
            ),
        },
        _ => cx.report(wrong_kind(node, "sites to set up", "a site label such as `d4` or a region")),
    }
}

/// One site written by its label.
fn labelled(cx: &mut Context, scope: &Scope<'_>, node: &Node, out: &mut Vec<(u16, Span)>) {
    let Some(text) = label_text(node) else {
        return cx.report(wrong_kind(node, "a site", "a site label such as `d4`"));
    };
    match scope.setup.board.site(&text) {
        Some(site) => out.push((site, node.span)),
        None => cx.report(unknown(node, &text, scope)),
    }
}

/// An unknown site, with a did-you-mean over the board's labels and the regions.
fn unknown(node: &Node, label: &str, scope: &Scope<'_>) -> Diagnostic {
    let board = &scope.setup.board;
    let names = board.sites.iter().map(|s| s.label.as_str()).chain(scope.setup.regions.iter().map(|r| r.name.as_str()));
    let d = unknown_site(node, label, board);
    match similar::did_you_mean(label, names) {
        Some(h) => d.help(h),
        None => d,
    }
}
