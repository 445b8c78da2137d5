//! What a checked game describes, as text and as JSON (`tabula info`).

use std::fmt::Write;

use serde_json::{Value, json};

use crate::board::{Region, Shape, Topology};
use crate::game::{Game, RegionDef};

/// Sites of a region (union of its parts).
fn region_sites(r: &RegionDef) -> usize {
    let mut all: Vec<u16> = r.parts.iter().flatten().copied().collect();
    all.sort_unstable();
    all.dedup();
    all.len()
}

fn region_name(game: &Game, r: &RegionDef) -> String {
    match r.owner {
        Some(t) => format!("{} ({})", r.name, game.teams[t]),
        None => r.name.clone(),
    }
}

pub fn shape(board: &Topology) -> String {
    let base = match &board.shape {
        Shape::Square { size } => format!("square {size}×{size}"),
        Shape::Rectangle { width, height } => format!("rectangle {width}×{height}"),
        Shape::HexHex { side } => format!("hexhex, {side} cells per side"),
        Shape::Rhombus { side } => format!("rhombus of hexagonal cells, {side}×{side}"),
        Shape::Triangle { side } => format!("triangle of hexagonal cells, {side} per side"),
        Shape::Tiling { pattern, rings } => format!("tiling {pattern}, size {rings}"),
        Shape::Graph { width, height } => format!("graph of {} points on a {width}×{height} grid", board.site_count()),
        Shape::GridEdges { width, height } => format!("the lines of a {width}×{height} grid of boxes"),
        Shape::GridWalls { width, height } => format!("{width}×{height} cells with grooves for walls"),
    };
    match &board.links {
        Some(links) => format!("{base} with {} link sites", links.ends.len()),
        None => base,
    }
}

/// For a relation the file declares: its owner, its parts and whether it leads one way only
/// (`; "White": N, one way`); nothing for the board's own.
fn declared_text(game: &Game, rel: usize) -> String {
    let Some(def) = game.relations.iter().find(|d| d.rel as usize == rel) else { return String::new() };
    let owner = def.owner.map(|t| format!("\"{}\": ", game.teams[t])).unwrap_or_default();
    let way = if game.board.relations[rel].one_way { ", one way" } else { "" };
    format!("; declared {owner}{}{way}", def.parts.join(" "))
}

fn degrees(board: &Topology, rel: usize) -> (usize, usize) {
    let r = &board.relations[rel];
    let degrees = (0..board.site_count()).map(|s| r.neighbors(s as u16).len());
    (degrees.clone().min().unwrap_or(0), degrees.max().unwrap_or(0))
}

pub fn text(game: &Game, with_sites: bool) -> String {
    let mut out = String::new();
    let _ = write!(out, "{}", game.name);
    if let Some(v) = &game.variant {
        let _ = write!(out, " — variant \"{v}\"");
    }
    out.push('\n');
    for (key, value) in &game.meta {
        let _ = writeln!(out, "  {key}: {value}");
    }
    if !game.variants.is_empty() {
        let list: Vec<String> = game
            .variants
            .iter()
            .map(|v| format!("\"{}\"{}", v.name, if v.is_default { " (default)" } else { "" }))
            .collect();
        let _ = writeln!(out, "variants: {}", list.join(", "));
    }
    if !game.options.is_empty() {
        out.push_str("options:\n");
        for o in &game.options {
            let _ = write!(out, "  {} = {}  ({}; default {})", o.name, o.show(o.value), o.allowed(), o.show(o.default));
            if let Some(d) = &o.description {
                let _ = write!(out, "  {d}");
            }
            out.push('\n');
        }
    }
    let players: Vec<String> = game
        .players
        .iter()
        .map(|p| {
            let mut s = p.name.clone();
            let mut details = Vec::new();
            if game.teams[p.team] != p.name {
                details.push(format!("team {}", game.teams[p.team]));
            }
            if game.keeps_captures {
                details.push("a hand of the pieces captured".to_string());
            } else if let Some(h) = p.hand {
                // What the hand holds, when the game places one kind: "10 walls in hand".
                match game.placed_kind() {
                    Some(k) => {
                        let name = &game.pieces[k as usize].name;
                        let plural = if h == 1 { "" } else { "s" };
                        details.push(format!("{h} {name}{plural} in hand"));
                    }
                    None => details.push(format!("{h} in hand")),
                }
            }
            if !details.is_empty() {
                let _ = write!(s, " ({})", details.join(", "));
            }
            s
        })
        .collect();
    let _ = writeln!(out, "players: {} — {} moves first", players.join(", "), game.players[0].name);
    if game.has_kinds() {
        // A kind of nobody's says so: it is no player's piece to move or lose.
        let kinds: Vec<String> = game
            .pieces
            .iter()
            .map(|k| if k.neutral { format!("{} (nobody's)", k.name) } else { k.name.clone() })
            .collect();
        let _ = writeln!(out, "pieces: {}", kinds.join(", "));
    }
    let board = &game.board;
    let _ = writeln!(out, "board: {}, {} sites", shape(board), board.site_count());
    out.push_str("relations:\n");
    for (i, r) in board.relations.iter().enumerate() {
        let (lo, hi) = degrees(board, i);
        let _ =
            writeln!(out, "  {:<14} {:>5} edges, degree {lo}–{hi}{}", r.name, r.edge_count(), declared_text(game, i));
    }
    out.push_str(&board_compass_text(board));
    out.push_str("regions:\n");
    // The names in one column, as wide as the longest (an owned region's owner included).
    let width = game.regions.iter().map(|r| region_name(game, r).chars().count()).max().unwrap_or(0).max(14);
    for r in &game.regions {
        let (parts, sites) = (r.parts.len(), region_sites(r));
        let _ = writeln!(
            out,
            "  {:<width$} {:>5} {:<6} {} {}",
            region_name(game, r),
            parts,
            if parts == 1 { "part," } else { "parts," },
            sites,
            if sites == 1 { "site" } else { "sites" }
        );
    }
    if !game.counters.is_empty() {
        let _ = writeln!(out, "counters: {}", game.counters.join(", "));
    }
    if !game.allowances.is_empty() {
        let _ = writeln!(out, "allowances: {}", game.allowances.join(", "));
    }
    if !game.start.is_empty() {
        let teams: Vec<String> =
            setup_by_team(game).into_iter().map(|(team, labels)| format!("{team} {}", labels.join(" "))).collect();
        let _ = writeln!(out, "setup: {}", teams.join("; "));
    }
    let phases: Vec<String> = game.phases.iter().map(|p| format!("\"{}\"", p.name)).collect();
    let _ = writeln!(out, "phases: {}", phases.join(" → "));
    if with_sites {
        out.push_str(&sites_text(game));
    }
    out
}

/// The stones of the game's `(setup ...)`: each team that has some, in team order, with the
/// labels of its sites in site order.
fn setup_by_team(game: &Game) -> Vec<(&str, Vec<&str>)> {
    (0..game.teams.len())
        .filter_map(|team| {
            let mut sites: Vec<u16> = game.start.iter().filter(|(_, t)| *t == team).map(|(s, _)| *s).collect();
            sites.sort_unstable();
            let labels: Vec<&str> = sites.iter().map(|&s| game.board.sites[s as usize].label.as_str()).collect();
            (!labels.is_empty()).then(|| (game.teams[team].as_str(), labels))
        })
        .collect()
}

/// The board's directions and its sides with their sizes and end cells (nothing on a board
/// without them, such as a tiling).
fn board_compass_text(board: &Topology) -> String {
    let mut out = String::new();
    if !board.directions.is_empty() {
        let names: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
        let _ = writeln!(out, "directions: {}", names.join(" "));
    }
    let (corners, sides): (Vec<&Region>, Vec<&Region>) =
        board.sides.iter().partition(|r| r.name.starts_with("corner-"));
    let label = |s: &u16| board.sites[*s as usize].label.as_str();
    if !sides.is_empty() {
        out.push_str("sides:\n");
        for side in sides {
            let sites = &side.parts[0].sites;
            let ends = match (sites.first(), sites.last()) {
                (Some(a), Some(b)) if a == b => label(a).to_string(),
                (Some(a), Some(b)) => format!("{} … {}", label(a), label(b)),
                _ => String::new(),
            };
            let noun = if sites.len() == 1 { "site " } else { "sites" };
            let _ = writeln!(out, "  {:<14} {:>5} {noun}  {ends}", side.name, sites.len());
        }
    }
    if !corners.is_empty() {
        let list: Vec<String> = corners
            .iter()
            .map(|c| format!("{} {}", c.name, c.parts[0].sites.iter().map(label).collect::<String>()))
            .collect();
        let _ = writeln!(out, "corners: {}", list.join(", "));
    }
    out
}

/// Every site: label, position, neighbours per relation, and the labelled parts it is in.
fn sites_text(game: &Game) -> String {
    let board = &game.board;
    let mut out = String::from("sites:\n");
    for (i, site) in board.sites.iter().enumerate() {
        let _ = write!(out, "  {:<4} ({:>7.3}, {:>7.3})", site.label, site.x, site.y);
        for r in &board.relations {
            let n: Vec<&str> = r.neighbors(i as u16).iter().map(|&s| board.sites[s as usize].label.as_str()).collect();
            let _ = write!(out, "  {}: {}", r.name, n.join(" "));
        }
        let regions = site_regions(game, i as u16);
        if !regions.is_empty() {
            let _ = write!(out, "  in: {}", regions.join(" "));
        }
        out.push('\n');
    }
    let labelled: Vec<&RegionDef> =
        game.regions.iter().filter(|r| r.builtin && r.labels.iter().any(Option::is_some)).collect();
    if !labelled.is_empty() {
        out.push_str("faces:\n");
        for r in labelled {
            for (part, label) in r.parts.iter().zip(&r.labels) {
                let sites: Vec<&str> = part.iter().map(|&s| board.sites[s as usize].label.as_str()).collect();
                let _ = writeln!(out, "  {:<4} {}", label.as_deref().unwrap_or("?"), sites.join(" "));
            }
        }
    }
    out
}

/// Names of the regions (or labelled parts) containing a site.
fn site_regions(game: &Game, site: u16) -> Vec<String> {
    let mut out = Vec::new();
    for r in &game.regions {
        for (part, label) in r.parts.iter().zip(&r.labels) {
            if part.contains(&site) {
                match (r.builtin, label) {
                    (true, Some(l)) => out.push(l.clone()),
                    _ => out.push(region_name(game, r).replace(' ', "")),
                }
            }
        }
    }
    out.dedup();
    out
}

/// The option values in force, by name, as text (`{"size": "5"}`): the `options` of every
/// `--json` output that reports on a loaded game.
pub fn options_in_force(game: &Game) -> Value {
    let map: serde_json::Map<String, Value> =
        game.options.iter().map(|o| (o.name.clone(), Value::String(o.show(o.value)))).collect();
    Value::Object(map)
}

pub fn json(game: &Game, with_sites: bool) -> Value {
    let board = &game.board;
    let relations: Vec<Value> = board
        .relations
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let (lo, hi) = degrees(board, i);
            let mut value = json!({"name": r.name, "edges": r.edge_count(), "min_degree": lo, "max_degree": hi});
            if let Some(def) = game.relations.iter().find(|d| d.rel as usize == i) {
                value["owner"] = json!(def.owner.map(|t| game.teams[t].clone()));
                value["parts"] = json!(def.parts);
                value["one_way"] = json!(r.one_way);
            }
            value
        })
        .collect();
    let regions: Vec<Value> = game
        .regions
        .iter()
        .map(|r| {
            json!({
                "name": r.name,
                "owner": r.owner.map(|t| game.teams[t].clone()),
                "parts": r.parts.len(),
                "sites": region_sites(r),
                "builtin": r.builtin,
            })
        })
        .collect();
    let (kind, size) = match &board.shape {
        Shape::Square { size } => ("square", *size),
        Shape::Rectangle { width, .. } => ("rectangle", *width),
        Shape::HexHex { side } => ("hexhex", *side),
        Shape::Rhombus { side } => ("rhombus", *side),
        Shape::Triangle { side } => ("triangle", *side),
        Shape::Tiling { rings, .. } => ("tiling", *rings),
        Shape::Graph { width, .. } => ("graph", *width),
        Shape::GridEdges { width, .. } => ("grid-edges", *width),
        Shape::GridWalls { width, .. } => ("grid-walls", *width),
    };
    let mut value = json!({
        "name": game.name,
        "variant": game.variant,
        "variants": game.variants.iter().map(|v| json!({
            "name": v.name, "default": v.is_default, "description": v.description,
        })).collect::<Vec<_>>(),
        "options": game.options.iter().map(|o| json!({
            "name": o.name, "value": option_json(o, o.value), "default": option_json(o, o.default),
            "allowed": o.allowed(), "description": o.description,
        })).collect::<Vec<_>>(),
        "players": game.players.iter().map(|p| json!({
            "name": p.name, "team": game.teams[p.team], "hand": p.hand,
        })).collect::<Vec<_>>(),
        "teams": game.teams,
        "board": {
            "shape": kind,
            "size": size,
            "description": shape(board),
            "sites": board.site_count(),
            "relations": relations,
            "regions": regions,
            "directions": board.directions.iter().map(|d| d.name).collect::<Vec<_>>(),
            "sides": board.sides.iter().map(|r| json!({
                "name": r.name,
                "sites": r.parts[0].sites.iter().map(|&s| board.sites[s as usize].label.as_str()).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
        },
        "counters": game.counters,
        "allowances": game.allowances,
        "phases": game.phases.iter().map(|p| json!({"name": p.name, "stages": p.stages.len()})).collect::<Vec<_>>(),
        "meta": game.meta.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
    });
    if game.has_kinds() {
        value["pieces"] = json!(game.pieces.iter().map(|k| k.name.clone()).collect::<Vec<_>>());
    }
    if !game.start.is_empty() {
        let by_team: serde_json::Map<String, Value> =
            setup_by_team(game).into_iter().map(|(team, labels)| (team.to_string(), json!(labels))).collect();
        value["setup"] = json!(by_team);
    }
    if let Shape::Rectangle { width, height }
    | Shape::Graph { width, height }
    | Shape::GridEdges { width, height }
    | Shape::GridWalls { width, height } = board.shape
    {
        value["board"]["width"] = json!(width);
        value["board"]["height"] = json!(height);
    }
    if with_sites {
        let sites: Vec<Value> = board
            .sites
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let neighbors: serde_json::Map<String, Value> = board
                    .relations
                    .iter()
                    .map(|r| {
                        let n: Vec<&str> =
                            r.neighbors(i as u16).iter().map(|&t| board.sites[t as usize].label.as_str()).collect();
                        (r.name.clone(), json!(n))
                    })
                    .collect();
                json!({"label": s.label, "x": s.x, "y": s.y, "neighbors": neighbors, "in": site_regions(game, i as u16)})
            })
            .collect();
        value["sites"] = json!(sites);
    }
    value
}

fn option_json(o: &crate::game::OptionInfo, v: i64) -> Value {
    match o.kind {
        crate::game::OptionKind::Boolean => json!(v != 0),
        _ => json!(v),
    }
}
