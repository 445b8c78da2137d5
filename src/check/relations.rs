//! `(relation NAME [(owner TEAM)] PART...)`: relations a game declares as unions of the board's
//! relations and directions, optionally one per team — which is how a game says "forward".
//!
//! Each declaration becomes one more relation of the board (appended after the built-in ones
//! and the named directions), so everything that follows a relation follows a declared one the
//! same way. Declarations that share a name with different owners form a *family*: a use of the
//! name means, for each team, that team's version (or the unowned one), exactly as owned regions
//! do. The checker resolves a use to one index of the family and records the family per team in
//! [`crate::game::Game::relation_teams`]; the engine's lowering turns that into an index table.

use super::Context;
use super::args::{Args, wrong_kind};
use super::scope::{KEYWORDS, POISON};
use super::similar;
use crate::board::{HEX_DIRECTIONS, Relation, SQUARE_DIRECTIONS, Topology};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{RelId, RelationDef};
use crate::syntax::{Node, Span};

/// The most relations a board may have: they are indexed by a byte in the rules.
const MAX_RELATIONS: usize = u8::MAX as usize;

/// The declared relations (in order) and the names whose declaration failed (already reported,
/// so that their uses are not reported again).
pub struct Declared {
    pub relations: Vec<RelationDef>,
    pub broken: Vec<String>,
}

/// Reads every `(relation ...)`, appending each to the board's relations.
pub fn declare(cx: &mut Context, forms: &[Node], board: &mut Topology, teams: &[String]) -> Declared {
    let builtin = board.relations.len();
    let mut relations: Vec<RelationDef> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    let mut broken = Vec::new();
    for form in forms {
        let mut args = Args::new(form);
        let Some((name, name_span)) = args.symbol(cx, "the relation's name") else { continue };
        let errors_before = cx.error_count();
        if let Some(d) = shadows(&name, name_span, board, builtin) {
            cx.report(d);
        }
        let parts = args.rest();
        let mut owner = None;
        // The owner first: a part naming another owned relation means this owner's version.
        for part in parts.iter().filter(|p| p.head() == Some("owner")) {
            owner = owner_team(cx, part, teams).or(owner);
        }
        let mut found: Vec<RelId> = Vec::new();
        let mut words: Vec<String> = Vec::new();
        // `(path A B C ...)` parts: one-way pairs A→B, B→C, ….
        let mut paths: Vec<Relation> = Vec::new();
        for part in parts {
            match (part.head(), part.symbol()) {
                (Some("owner"), _) | (_, Some(POISON)) => {}
                (Some("path"), _) => {
                    if let Some(path) = path(cx, part, board) {
                        paths.push(path);
                        words.push(part.to_string());
                    }
                }
                (None, Some(word)) => {
                    if let Some(rel) = part_relation(cx, part, word, board, builtin, &relations, owner) {
                        found.push(rel);
                        words.push(word.to_string());
                    }
                }
                _ => cx.report(
                    wrong_kind(part, "a part of a relation", "a direction such as `N`, or a relation's name")
                        .help("usage: (relation NAME [(owner TEAM)] PART...)"),
                ),
            }
        }
        if cx.error_count() > errors_before {
            broken.push(name);
            continue;
        }
        if found.is_empty() && paths.is_empty() {
            cx.report(args.missing("at least one part: a direction such as `N`, or a relation's name"));
            broken.push(name);
            continue;
        }
        if let Some(i) = relations.iter().position(|r| r.name == name && r.owner == owner) {
            cx.report(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!("relation `{name}` is declared twice{}", for_owner(owner, teams)),
                )
                .label(name_span, "declared again here")
                .label(spans[i], "first declared here")
                .help("give each team its own version with `(owner TEAM)`, or name the second relation differently"),
            );
            continue;
        }
        if board.relations.len() >= MAX_RELATIONS {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("relation `{name}` is one too many"))
                    .label(name_span, format!("a board holds at most {MAX_RELATIONS} relations")),
            );
            continue;
        }
        // Charged before it is built, from what its parts hold: a union has no more pairs,
        // and no more directions, than its parts together.
        let pairs = found.iter().map(|&r| board.relations[r as usize].targets.len()).sum::<usize>()
            + paths.iter().map(|p| p.targets.len()).sum::<usize>();
        let directions = found.iter().map(|&r| board.directions_within(r as usize).len()).sum();
        let bytes = crate::game::footprint::relation(board.site_count(), pairs, directions);
        let what =
            || format!("relation `{name}` ({} relations on {} sites)", board.relations.len() + 1, board.site_count());
        if !cx.charge(bytes, form.span, what) {
            broken.push(name);
            continue;
        }
        let union = {
            let parts: Vec<&Relation> = found.iter().map(|&r| &board.relations[r as usize]).chain(&paths).collect();
            Relation::union(&name, board.site_count(), &parts)
        };
        board.relations.push(union);
        relations.push(RelationDef { name, owner, rel: (board.relations.len() - 1) as RelId, parts: words });
        spans.push(name_span);
    }
    Declared { relations, broken }
}

/// `(path SITE SITE...)`: each site leads to the next, one way (a sowing track, a race's
/// course). Two or more sites of the board, each step between two different sites.
fn path(cx: &mut Context, part: &Node, board: &Topology) -> Option<Relation> {
    let items = part.args();
    if items.len() < 2 {
        cx.report(
            Diagnostic::error(codes::MISSING_ARGUMENT, "a path needs at least two sites")
                .label(part.span, "too short")
                .help("write the sites in the order the path visits them: `(path b1 c1 d1)`"),
        );
        return None;
    }
    let mut sites = Vec::with_capacity(items.len());
    for item in items {
        let Some(site) = item.symbol().and_then(|label| board.site(label)) else {
            let mut d =
                Diagnostic::error(codes::UNKNOWN_SITE, format!("{} is not a site of this board", item.describe()))
                    .label(item.span, "not a site");
            if let Some(hint) =
                item.symbol().and_then(|l| similar::did_you_mean(l, board.sites.iter().map(|s| s.label.as_str())))
            {
                d = d.help(hint);
            }
            cx.report(d);
            return None;
        };
        if sites.last() == Some(&site) {
            cx.report(
                Diagnostic::error(
                    codes::DUPLICATE,
                    format!("a path steps from `{}` to itself", board.sites[site as usize].label),
                )
                .label(item.span, "the same site again"),
            );
            return None;
        }
        sites.push(site);
    }
    Some(Relation::from_steps("path", board.site_count(), sites.windows(2).map(|w| (w[0], w[1]))))
}

/// " for team \"White\"" or nothing.
fn for_owner(owner: Option<usize>, teams: &[String]) -> String {
    owner.map(|t| format!(" for team \"{}\"", teams[t])).unwrap_or_default()
}

/// `(owner TEAM)`: the team's index, or `None` (reported) when no team has that name.
fn owner_team(cx: &mut Context, form: &Node, teams: &[String]) -> Option<usize> {
    let mut o = Args::new(form);
    let found = o.string(cx, "the owning team").and_then(|(team, span)| {
        let i = teams.iter().position(|t| *t == team);
        if i.is_none() {
            let known: Vec<String> = teams.iter().map(|t| format!("\"{t}\"")).collect();
            let mut d = Diagnostic::error(codes::UNKNOWN_PLAYER, format!("unknown team \"{team}\""))
                .label(span, "no team has this name");
            d = match similar::most_similar(&team, teams.iter().map(String::as_str)) {
                Some(t) => d.help(format!("did you mean \"{t}\"? the teams are {}", known.join(", "))),
                None => d.help(format!("the teams are {}", known.join(", "))),
            };
            cx.report(d);
        }
        i
    });
    o.finish(cx);
    found
}

/// Ludii's player-relative directions, which Tabula states as owned relations.
const LUDII_RELATIVE: &[&str] = &[
    "Forward",
    "Forwards",
    "Backward",
    "Backwards",
    "FL",
    "FR",
    "BL",
    "BR",
    "Leftward",
    "Rightward",
    "Leftwards",
    "Rightwards",
    "Rotational",
];

/// The help for a Ludii relative direction.
pub fn ludii_relative(word: &str) -> Option<String> {
    LUDII_RELATIVE.contains(&word).then(|| {
        format!(
            "Ludii's `{word}` is relative to each player's facing; Tabula declares it per team: \
             `(relation forward (owner \"White\") N) (relation forward (owner \"Black\") S)`, \
             and `FL FR` as `(relation forward-diagonal (owner \"White\") NW NE) ...`"
        )
    })
}

/// The relation a part names, for a declaration owned by `owner`: an earlier declaration (its
/// version for `owner`, or the unowned one), a built-in relation or a direction of the board.
fn part_relation(
    cx: &mut Context,
    node: &Node,
    word: &str,
    board: &Topology,
    builtin: usize,
    declared: &[RelationDef],
    owner: Option<usize>,
) -> Option<RelId> {
    let versions: Vec<&RelationDef> = declared.iter().filter(|r| r.name == word).collect();
    if !versions.is_empty() {
        let found = versions
            .iter()
            .find(|r| owner.is_some() && r.owner == owner)
            .or_else(|| versions.iter().find(|r| r.owner.is_none()));
        if found.is_none() {
            cx.report(
                Diagnostic::error(codes::UNKNOWN_RELATION, format!("relation `{word}` has no version for this owner"))
                    .label(node.span, "owned by other teams only")
                    .help(format!(
                        "write `(owner TEAM)` in this declaration to use that team's `{word}`, or declare `{word}` without an owner"
                    )),
            );
        }
        return found.map(|r| r.rel);
    }
    if let Some(i) = board.relations[..builtin].iter().position(|r| r.name == word) {
        return Some(i as RelId);
    }
    if let Some(d) =
        ludii_relative(word).is_none().then(|| super::compass::unknown_direction(node, word, board)).flatten()
    {
        cx.report(d);
        return None;
    }
    let mut known: Vec<&str> = board.relations[..builtin].iter().map(|r| r.name.as_str()).collect();
    known.extend(board.directions.iter().map(|d| d.name));
    for r in declared {
        if !known.contains(&r.name.as_str()) {
            known.push(&r.name);
        }
    }
    let mut d = Diagnostic::error(codes::UNKNOWN_RELATION, format!("unknown relation `{word}`"))
        .label(node.span, "no relation or direction has this name");
    d = match (ludii_relative(word), similar::did_you_mean(word, known.iter().copied())) {
        (Some(h), _) => d.help(h),
        (None, Some(h)) => d.help(format!("{h} known: {}", known.join(", "))),
        (None, None) => d.help(format!("known: {}", known.join(", "))),
    };
    cx.report(d);
    None
}

/// "`orthogonal` is a relation of the board": a declaration may not take the name of a built-in
/// relation, of a direction (of any board) or of a reserved word.
fn shadows(name: &str, span: Span, board: &Topology, builtin: usize) -> Option<Diagnostic> {
    if SQUARE_DIRECTIONS.contains(&name) || HEX_DIRECTIONS.contains(&name) {
        return Some(
            Diagnostic::error(codes::SHADOWED, format!("`{name}` is a direction"))
                .label(span, "cannot be declared again")
                .help(format!(
                    "name the relation for what it means to the players, such as `forward`; `{name}` can be one of its parts"
                )),
        );
    }
    let what = if board.relations[..builtin].iter().any(|r| r.name == name) {
        "a relation of this board"
    } else if KEYWORDS.contains(&name) {
        "a reserved word"
    } else {
        return None;
    };
    Some(
        Diagnostic::error(codes::SHADOWED, format!("`{name}` is {what}"))
            .label(span, "cannot be declared again")
            .help(format!(
                "choose another name, such as `my-{}`; a declared relation is a union of parts, so `{name}` can be one of them",
                name.to_lowercase()
            )),
    )
}

/// Per relation of the board: the version for each team of an owned relation (empty for the
/// others); see [`crate::game::Game::relation_teams`].
pub fn teams(setup: &super::setup::Setup) -> Vec<Vec<RelId>> {
    let mut out = vec![Vec::new(); setup.board.relations.len()];
    for def in &setup.relations {
        if let Some(by_team) = versions(&setup.relations, &def.name, setup.teams.len())
            .ok()
            .filter(|_| setup.relations.iter().any(|r| r.name == def.name && r.owner.is_some()))
        {
            out[def.rel as usize] = by_team;
        }
    }
    out
}

/// The version of relation `name` for each team (owned, else unowned), or the first team that
/// has none.
pub fn versions(declared: &[RelationDef], name: &str, teams: usize) -> Result<Vec<RelId>, usize> {
    (0..teams)
        .map(|team| {
            declared
                .iter()
                .find(|r| r.name == name && r.owner == Some(team))
                .or_else(|| declared.iter().find(|r| r.name == name && r.owner.is_none()))
                .map(|r| r.rel)
                .ok_or(team)
        })
        .collect()
}
