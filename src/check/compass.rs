//! The board's directions and sides as the rules see them: a direction is usable wherever a
//! relation is, a side wherever a region is. Only those a game names become part of the game
//! (appended after the board's relations and built-in regions), so a game that names none is
//! exactly what it was before directions and sides existed.

use std::collections::BTreeSet;

use super::expand::Expanded;
use super::similar;
use crate::board::{HEX_DIRECTIONS, SQUARE_DIRECTIONS, Shape, Topology};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::syntax::{Node, NodeKind};

/// Every word of the expanded description.
pub fn words(ex: &Expanded) -> BTreeSet<String> {
    fn walk(node: &Node, out: &mut BTreeSet<String>) {
        match &node.kind {
            NodeKind::Symbol(s) => {
                out.insert(s.clone());
            }
            NodeKind::List(items) | NodeKind::Braces(items) => items.iter().for_each(|n| walk(n, out)),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    let sections = [&ex.players, &ex.board, &ex.play, &ex.end, &ex.setup];
    let lists = [&ex.regions, &ex.counters, &ex.allowances, &ex.relations];
    for node in sections.into_iter().flatten().chain(lists.into_iter().flatten()) {
        walk(node, &mut out);
    }
    out
}

/// Appends to the board's relations the relation of each direction the game names, in the
/// board's order of directions.
pub fn add_named_directions(board: &mut Topology, words: &BTreeSet<String>) {
    let named: Vec<&'static str> = board.directions.iter().map(|d| d.name).filter(|n| words.contains(*n)).collect();
    for name in named {
        board.add_direction_relation(name);
    }
}

/// The board's kind, as a diagnostic names it.
fn kind(board: &Topology) -> &'static str {
    match board.shape {
        Shape::Square { .. } => "square board",
        Shape::Rectangle { .. } => "rectangle",
        Shape::HexHex { .. } => "hexhex board",
        Shape::Rhombus { .. } => "rhombus",
        Shape::Triangle { .. } => "triangle",
        Shape::Tiling { .. } => "tiling",
        Shape::Graph { .. } => "graph",
        Shape::GridEdges { .. } => "grid of lines",
        Shape::GridWalls { .. } => "grid of cells and grooves",
    }
}

/// Compass words people write for a direction (`north`, `n`), with the direction they mean.
fn spelled_out(name: &str) -> Option<String> {
    let lower = name.to_lowercase().replace(['-', '_'], "");
    let full = [
        ("north", "N"),
        ("northeast", "NE"),
        ("east", "E"),
        ("southeast", "SE"),
        ("south", "S"),
        ("southwest", "SW"),
        ("west", "W"),
        ("northwest", "NW"),
        ("up", "N"),
        ("down", "S"),
        ("left", "W"),
        ("right", "E"),
    ];
    full.iter().find(|(word, _)| *word == lower).map(|(_, d)| d.to_string()).or_else(|| {
        let upper = name.to_uppercase();
        (upper != name && SQUARE_DIRECTIONS.contains(&upper.as_str())).then_some(upper)
    })
}

/// "this board has no direction `X`", when `name` is (or spells, or misspells) a direction;
/// `None` for other unknown names (reported as unknown relations).
pub fn unknown_direction(node: &Node, name: &str, board: &Topology) -> Option<Diagnostic> {
    let meant = spelled_out(name);
    // A misspelt direction (`SEE`) is written in capitals, unlike the relations.
    let misspelt = name.chars().any(|c| c.is_ascii_uppercase())
        && similar::most_similar(name, board.directions.iter().map(|d| d.name)).is_some();
    let is_direction = SQUARE_DIRECTIONS.contains(&name) || HEX_DIRECTIONS.contains(&name) || misspelt;
    if !is_direction && meant.is_none() {
        return None;
    }
    let names: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
    let mut d = Diagnostic::error(codes::UNKNOWN_DIRECTION, format!("this {} has no direction `{name}`", kind(board)))
        .label(node.span, "not a direction of this board");
    if names.is_empty() {
        return Some(d.help("a tiling has no directions; use its relation `edges`"));
    }
    let list = format!("its directions are {}", names.join(" "));
    d = match meant {
        Some(m) if names.contains(&m.as_str()) => {
            d.help(format!("directions are written as in Ludii, in capitals: `{m}`; {list}"))
        }
        _ if (name == "N" || name == "S") && names.contains(&"NE") => {
            let (a, b) = if name == "N" { ("NE", "NW") } else { ("SE", "SW") };
            d.help(format!(
                "the cells of a row touch east and west, so there is no `{name}`: use `{a}` or `{b}`; {list}"
            ))
        }
        _ => match similar::did_you_mean(name, names.iter().copied()) {
            Some(h) => d.help(format!("{h} {list}")),
            None => d.help(list),
        },
    };
    Some(d)
}

/// The sides and corners the game names.
pub fn named_sides<'b>(
    board: &'b Topology,
    words: &BTreeSet<String>,
) -> impl Iterator<Item = &'b crate::board::Region> {
    board.sides.iter().filter(move |s| words.contains(&s.name))
}

/// Ludii's names for a board's sides, with the side they are here.
fn ludii_side(name: &str) -> Option<&'static str> {
    match name.to_lowercase().as_str() {
        "top" => Some("side-N"),
        "bottom" => Some("side-S"),
        "left" => Some("side-W"),
        "right" => Some("side-E"),
        _ => None,
    }
}

/// "this board has no side `X`" for a side or corner name the board lacks, or a Ludii name of
/// a side (`top`); `None` for other unknown names.
pub fn unknown_side(node: &Node, name: &str, board: &Topology) -> Option<Diagnostic> {
    let ludii = ludii_side(name);
    let builtin = ["side-", "corner-", "middle-"];
    if !builtin.iter().any(|p| name.starts_with(p)) && ludii.is_none() {
        return None;
    }
    let names: Vec<&str> = board.sides.iter().map(|s| s.name.as_str()).collect();
    let what = match name {
        _ if name.starts_with("corner-") => "corner",
        _ if name.starts_with("middle-") => "middle cell",
        _ => "side",
    };
    let d = Diagnostic::error(codes::UNKNOWN_REGION, format!("this {} has no {what} `{name}`", kind(board)))
        .label(node.span, format!("not a {what} of this board"));
    if names.is_empty() {
        return Some(d.help("a tiling has no named sides; `perimeter` is its outer boundary"));
    }
    let of = |prefix: &str| names.iter().copied().filter(|n| n.starts_with(prefix)).collect::<Vec<_>>().join(", ");
    let mut list = format!("its sides are {}", of("side-"));
    for (prefix, noun) in [("corner-", "its corners"), ("middle-", "the middles of its sides")] {
        let these = of(prefix);
        if !these.is_empty() {
            list.push_str(&format!("; {noun} {these}"));
        }
    }
    Some(match (ludii, similar::did_you_mean(name, names.iter().copied())) {
        (Some(side), _) if names.contains(&side) => {
            d.help(format!("Ludii's `(sites {})` is the region `{side}` in Tabula; {list}", capitalised(name)))
        }
        (_, Some(h)) => d.help(format!("{h} {list}")),
        _ => d.help(list),
    })
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars.flat_map(char::to_lowercase)).collect()).unwrap_or_default()
}
