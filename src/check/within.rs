//! `(within D REGION RELATION)`, a part of a region: the sites at most D steps from REGION
//! along RELATION — the first rows of a board (`(within 1 side-S orthogonal)` is rows 1 and 2),
//! the ring around a centre. Starting areas of games that follow a size option are written with
//! it, where listing labels would need one list per size.

use std::collections::VecDeque;

use super::Context;
use super::args::{Args, wrong_kind};
use super::expr::constant;
use super::scope::{POISON, unknown};
use crate::board::Topology;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::RegionDef;
use crate::syntax::Node;

/// The sites of `(within D REGION RELATION)`, ascending; `None` after reporting a problem.
/// `regions` are those known so far (built-in ones and those declared earlier), of which the
/// one with no owner or owned by `owner` is meant.
pub fn part(
    cx: &mut Context,
    form: &Node,
    board: &Topology,
    regions: &[RegionDef],
    owner: Option<usize>,
) -> Option<Vec<u16>> {
    let mut args = Args::new(form);
    let d = args.required(cx, "how many steps: 0 is the region itself").and_then(|n| {
        let v = constant(cx, n)?;
        if v < 0 {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("{v} steps"))
                    .label(n.span, "a distance is 0 or more")
                    .help("0 is the region itself, 1 adds its neighbours, and so on"),
            );
            return None;
        }
        Some(v as usize)
    });
    let region = args.required(cx, "the region to measure from").and_then(|n| {
        let name = n.symbol().filter(|s| *s != POISON);
        let found = name.and_then(|w| regions.iter().find(|r| r.name == w && (r.owner.is_none() || r.owner == owner)));
        match (name, found) {
            (_, Some(r)) => {
                // A region measured from is used, as one named as a part is.
                cx.used.regions.insert(r.name.clone());
                Some(r)
            }
            (Some(w), None) => {
                cx.report(super::setup::unknown_region_part(cx, n, w, board, regions));
                None
            }
            (None, None) => {
                if n.symbol() != Some(POISON) {
                    cx.report(wrong_kind(n, "the region", "a region's name, such as `side-S`"));
                }
                None
            }
        }
    });
    let rel = args.required(cx, "the relation of a step, such as `orthogonal`").and_then(|n| {
        let w = n.symbol().filter(|s| *s != POISON)?;
        let found = board.relation(w);
        if found.is_none() {
            let names = board.relations.iter().map(|r| r.name.as_str());
            cx.report(unknown(n, w, "relation", codes::UNKNOWN_RELATION, names));
        }
        found
    });
    args.finish(cx);
    let (d, region, rel) = (d?, region?, rel?);
    let relation = &board.relations[rel];
    // Breadth-first from every site of the region, D levels deep.
    let mut dist: Vec<Option<usize>> = vec![None; board.site_count()];
    let mut queue = VecDeque::new();
    for &s in region.parts.iter().flatten() {
        if dist[s as usize].is_none() {
            dist[s as usize] = Some(0);
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        let here = dist[s as usize].unwrap_or(0);
        if here == d {
            continue;
        }
        for &n in relation.neighbors(s) {
            if dist[n as usize].is_none() {
                dist[n as usize] = Some(here + 1);
                queue.push_back(n);
            }
        }
    }
    Some((0..board.site_count()).filter(|&s| dist[s].is_some()).map(|s| s as u16).collect())
}
