//! Seeds and sowing: the track a `sow` follows, and `(collect SITES... (into SITES))`.
//! (`(seeds SITES)` is read with the other numbers, `(seeds N SITES)` with the setup.)

use super::Context;
use super::args::Args;
use super::expr::{Ctx, sites};
use super::scope::Scope;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Effect, RelId, Sites};
use crate::syntax::Node;

/// Whether `rel` is a track, each team's version: every site leads to at most one next site,
/// so that a seed has one place to fall. Reports it otherwise, at the move's `along`.
pub fn track(cx: &mut Context, scope: &Scope<'_>, node: &Node, rel: RelId) -> bool {
    let at = node.args().iter().find(|c| c.head() == Some("along")).map_or(node.span, |c| c.span);
    track_at(cx, scope, at, rel)
}

/// [`track`], reported at `at`.
fn track_at(cx: &mut Context, scope: &Scope<'_>, at: crate::syntax::Span, rel: RelId) -> bool {
    let board = &scope.setup.board;
    for version in scope.relation_teams(rel) {
        let relation = &board.relations[version as usize];
        let Some(fork) = (0..board.site_count() as u16).find(|&s| relation.neighbors(s).len() > 1) else { continue };
        let next: Vec<&str> =
            relation.neighbors(fork).iter().map(|&t| board.sites[t as usize].label.as_str()).collect();
        cx.report(
            Diagnostic::error(codes::WRONG_TYPE, format!("`{}` is not a track", relation.name))
                .label(at, format!("from `{}` it leads to {}", board.sites[fork as usize].label, next.join(" and ")))
                .help("seeds are sown along a track, where each site leads to one next site: declare one with `(relation NAME (path b1 c1 d1 ...))`"),
        );
        return false;
    }
    true
}

/// `(run SITE TRACK CONDITION)`: the sites from SITE along TRACK while CONDITION holds of
/// `site`. The condition is walked without the engine's scratch space, so it may ask only
/// about the site (see [`super::select::site_condition`]).
pub fn run(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Sites> {
    let mut args = Args::new(node);
    let start = args.required(cx, "where the run starts: `to`, `from`, `site` or `last`");
    let start = start.and_then(|n| super::expr::site_var(cx, n, ctx));
    let track = args.required(cx, "the track it follows").and_then(|n| {
        let rel = super::expr::relation(cx, scope, n)?;
        track_at(cx, scope, n.span, rel).then_some(rel)
    });
    let condition = args
        .required(cx, "the condition each site of the run passes, about `site`")
        .and_then(|n| super::select::site_condition(cx, scope, n, ctx, "a run's", "asked of each site of the run"));
    args.finish(cx);
    Some(Sites::Run(start?, track?, Box::new(condition?)))
}

/// `(collect SITES... (into SITES))`.
pub fn collect(cx: &mut Context, scope: &mut Scope<'_>, node: &Node, ctx: Ctx) -> Option<Effect> {
    let mut args = Args::new(node);
    let items = args.rest();
    let (into, from) = match items.split_last() {
        Some((last, from)) if last.head() == Some("into") => (last, from),
        _ => {
            cx.report(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`collect` needs where the seeds go, `(into SITES)`, last")
                    .label(node.span.last_char(), "expected `(into SITES)` before this `)`")
                    .help(
                        "usage: (collect SITES... (into SITES)), such as `(collect to (step to across) (into store))`",
                    ),
            );
            return None;
        }
    };
    if from.is_empty() {
        cx.report(
            Diagnostic::error(codes::MISSING_ARGUMENT, "`collect` has no sites to take the seeds from")
                .label(into.span.first_char(), "expected the sites before `(into ...)`")
                .help("usage: (collect SITES... (into SITES))"),
        );
        return None;
    }
    let from: Option<Vec<_>> = from.iter().map(|n| sites(cx, scope, n, ctx)).collect();
    let mut into_args = Args::new(into);
    let target = into_args.required(cx, "the site the seeds go to").and_then(|n| sites(cx, scope, n, ctx));
    into_args.finish(cx);
    Some(Effect::Collect { from: from?, into: target? })
}
