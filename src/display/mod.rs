//! Positions as text for the terminal (`play`, `replay`): a grid for square boards, staggered
//! rows for boards of hexagonal cells, and a layout from the site coordinates for tilings, then
//! a legend of the symbols.
//!
//! Rows are numbered and columns lettered as the labels of `docs/LANGUAGE.md` §4 are; the
//! layout is measured in terminal columns ([`canvas`]), so wide (CJK) initials stay aligned.

mod canvas;
mod symbols;

use std::fmt::Write;

use crate::board::{Shape, Topology};
use crate::engine::{ActionKind, Engine, State};
use canvas::{Canvas, width};
pub use symbols::{Symbols, hides_the_board, neutral_char, piece_char, team_chars};

/// The board with its stones, then the legend of its symbols.
///
/// Each site is a cell of the same width, wide enough for the widest symbol or column letters
/// (two columns for a CJK initial or for `aa` on a board of more than 26 columns), so that rows
/// and columns stay aligned. An empty site shows `.`, or the mark of the region it is in; the
/// site where the last stone arrived is in parentheses, `(X)`.
pub fn board(engine: &Engine, state: &State) -> String {
    let game = engine.game();
    let symbols = Symbols::new(game);
    let last = state
        .last_action()
        .filter(|a| matches!(a.kind, ActionKind::Place | ActionKind::Slide | ActionKind::Relocate))
        .map(|a| a.to);
    let topology = &game.board;
    let symbol = |site: u16| match engine.stone(state, site) {
        Some(t) if game.has_kinds() => piece_char(game, t, engine.kind(state, site).unwrap_or(0)),
        Some(t) => symbols.stones.get(t).copied().unwrap_or('?'),
        None if engine.neutral_at(state, site) => neutral_char(game, engine.kind(state, site).unwrap_or(0)),
        None => symbols.marks.get(site as usize).copied().unwrap_or(symbols::EMPTY),
    };
    let mut canvas = Canvas::default();
    // In a game with seeds, a site without a stone shows its count, right-aligned in a cell
    // wide enough for the largest count on the board.
    let sows = game.uses_seeds();
    let seed_width = if sows {
        (0..topology.site_count() as u16).map(|s| state.seeds(s).to_string().len()).max().unwrap_or(1)
    } else {
        0
    };
    let cell_width = symbols.width().max(column_letters_width(topology)).max(seed_width);
    let cells = match topology.shape {
        Shape::Square { size: w, .. } | Shape::Rectangle { width: w, .. } => grid(&mut canvas, topology, w, cell_width),
        Shape::HexHex { side } => hexhex(&mut canvas, topology, side, cell_width),
        Shape::Rhombus { .. } | Shape::Triangle { .. } => skewed(&mut canvas, topology, cell_width),
        Shape::Tiling { .. } => tiling(topology, symbols.width()),
        Shape::Graph { height, .. } => graph(&mut canvas, topology, height, cell_width, false),
        Shape::GridEdges { height, .. } => graph(&mut canvas, topology, 2 * height + 1, cell_width, true),
        Shape::GridWalls { width, height } => walled(&mut canvas, topology, width, height, cell_width),
    };
    let slot = tiling_slot(topology, symbols.width());
    for (site, &(line, col)) in cells.iter().enumerate() {
        let site = site as u16;
        let text = match topology.shape {
            // A tiling's vertices keep their numbers: the symbol comes before the label,
            // right-aligned in the cell.
            Shape::Tiling { .. } => {
                let label = &topology.sites[site as usize].label;
                let s = symbol(site);
                let text = if s == symbols::EMPTY { label.clone() } else { format!("{s}{label}") };
                format!("{}{text}", " ".repeat(slot.saturating_sub(width(&text))))
            }
            // A groove or a crossing shows the wall lying in it, or nothing.
            Shape::GridWalls { .. } if !topology.is_cell(site as usize) => {
                let held = engine.stone(state, site).is_some() || engine.neutral_at(state, site);
                let glyph = match topology.between_cells(site as usize) {
                    _ if !held => " ",
                    Some('h') => "-",
                    Some('v') => "|",
                    _ => "+",
                };
                format!("{}{glyph}", " ".repeat(cell_width.saturating_sub(1)))
            }
            _ if sows && engine.stone(state, site).is_none() && !engine.neutral_at(state, site) => {
                let n = state.seeds(site).to_string();
                format!("{}{n}", " ".repeat(cell_width.saturating_sub(n.len())))
            }
            _ => symbol(site).to_string(),
        };
        canvas.put(line, col, &text);
        if last == Some(site) {
            let start = col + text.len() - text.trim_start().len();
            canvas.put(line, start.saturating_sub(1), "(");
            canvas.put(line, col + width(&text), ")");
        }
    }
    let mut out = canvas.text();
    out.push_str(&links(engine, state, &symbols));
    out.push_str(&symbols.legend(game));
    out
}

/// The links on a board with link sites, which the grid of holes cannot show: a line for each
/// team that has some, its symbol and the links by their ends, `X links: c3/d5 d5/f6`.
fn links(engine: &Engine, state: &State, symbols: &Symbols) -> String {
    let game = engine.game();
    let Some(links) = &game.board.links else { return String::new() };
    let mut out = String::new();
    for (team, name) in game.teams.iter().enumerate() {
        let held: Vec<&str> = (links.first..game.board.site_count())
            .filter(|&s| engine.stone(state, s as u16) == Some(team))
            .map(|s| game.board.sites[s].label.as_str())
            .collect();
        if held.is_empty() {
            continue;
        }
        let mut line = format!("{} {name} links:", symbols.stones.get(team).copied().unwrap_or('?'));
        for label in held {
            if width(&line) + 1 + label.len() > 78 {
                out.push_str(&line);
                out.push('\n');
                line = " ".repeat(4);
            }
            line.push(' ');
            line.push_str(label);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The widest column letters of a board with lettered columns (none on a tiling).
fn column_letters_width(topology: &Topology) -> usize {
    match topology.shape {
        Shape::Tiling { .. } => 0,
        _ => topology.sites.iter().map(|s| letters(&s.label).len()).max().unwrap_or(1),
    }
}

/// The width of row numbers for `rows` rows.
fn number_width(rows: usize) -> usize {
    rows.max(1).to_string().len()
}

/// A square or rectangular grid: row numbers on the left, column letters below. Returns each
/// site's (line, column).
fn grid(canvas: &mut Canvas, topology: &Topology, w: usize, cell: usize) -> Vec<(usize, usize)> {
    let h = topology.grid_sites() / w.max(1);
    let nw = number_width(h);
    let pitch = cell + 1;
    let col = |c: usize| nw + 2 + c * pitch;
    for row in 0..h {
        canvas.put(h - 1 - row, 0, &format!("{:>nw$}", row + 1));
    }
    for c in 0..w {
        canvas.put(h, col(c), &letters(&topology.sites[c].label));
    }
    (0..topology.grid_sites()).map(|i| (h - 1 - i / w.max(1), col(i % w.max(1)))).collect()
}

/// A graph's points on their grid, rows numbered on the left and the columns that hold a site
/// lettered below; the edges that run along a row, a column or a diagonal are drawn between
/// them (`-`, `|`, `/`, `\`), so that a Morris board reads as one. With `dots`, the grid's
/// points whose coordinates are both even are drawn as `+`: the dots of a grid of lines.
fn graph(canvas: &mut Canvas, topology: &Topology, h: usize, cell: usize, dots: bool) -> Vec<(usize, usize)> {
    let nw = number_width(h);
    let pitch = cell + 1;
    let at = |x: f64, y: f64| (h - 1 - y as usize, nw + 2 + x as usize * pitch);
    for row in 0..h {
        canvas.put(h - 1 - row, 0, &format!("{:>nw$}", row + 1));
    }
    if let Some(r) = topology.relation("edges") {
        let relation = &topology.relations[r];
        for (s, site) in topology.sites.iter().enumerate() {
            for &t in relation.neighbors(s as u16) {
                let other = &topology.sites[t as usize];
                let (dx, dy) = (other.x - site.x, other.y - site.y);
                // Each edge once, drawn from its left (or lower) end.
                if dx < 0.0 || (dx == 0.0 && dy < 0.0) {
                    continue;
                }
                let (a, b) = (at(site.x, site.y), at(other.x, other.y));
                if dy == 0.0 {
                    canvas.put(a.0, a.1 + 1, &"-".repeat(b.1.saturating_sub(a.1 + 1)));
                } else if dx == 0.0 || dx.abs() == dy.abs() {
                    let glyph = if dx == 0.0 {
                        "|"
                    } else if dy > 0.0 {
                        "/"
                    } else {
                        "\\"
                    };
                    let steps = dy.abs() as usize;
                    for k in 1..steps {
                        let line = if dy > 0.0 { a.0 - k } else { a.0 + k };
                        let col = if dx == 0.0 { a.1 } else { a.1 + k * pitch };
                        canvas.put(line, col, glyph);
                    }
                }
            }
        }
    }
    if dots {
        let w = topology.sites.iter().map(|s| s.x as usize + 1).max().unwrap_or(0);
        for y in (0..h).step_by(2) {
            for x in (0..w).step_by(2) {
                let (line, col) = at(x as f64, y as f64);
                canvas.put(line, col, "+");
            }
        }
    }
    let mut columns: Vec<(usize, String)> =
        topology.sites.iter().map(|s| (at(s.x, s.y).1, letters(&s.label))).collect();
    columns.sort();
    columns.dedup();
    for (col, letters) in columns {
        canvas.put(h, col, &letters);
    }
    topology.sites.iter().map(|s| at(s.x, s.y)).collect()
}

/// Cells with the grooves between them (`grid-walls`): each cell's row numbered on the left and
/// its column lettered below, a groove half a cell from the cells it parts, so that the walls
/// lying in them are drawn as lines (`-`, `|`, `+`) between the cells.
fn walled(canvas: &mut Canvas, topology: &Topology, w: usize, h: usize, cell: usize) -> Vec<(usize, usize)> {
    let nw = number_width(h);
    let half = cell.div_ceil(2) + 1;
    let (gw, gh) = (2 * w - 1, 2 * h - 1);
    for row in 0..h {
        canvas.put(gh - 1 - 2 * row, 0, &format!("{:>nw$}", row + 1));
    }
    for c in 0..w {
        canvas.put(gh, nw + 2 + 2 * c * half, &crate::board::square::column_letters(c));
    }
    (0..topology.site_count()).map(|i| (gh - 1 - i / gw, nw + 2 + (i % gw) * half)).collect()
}

/// The column letters of a label (`ab` of `ab12`).
fn letters(label: &str) -> String {
    label.chars().take_while(|c| c.is_ascii_alphabetic()).collect()
}

/// Half the distance between neighbouring cells of a row of hexagonal cells: rows are offset by
/// half a cell, so the distance between cells is even, and wide enough for a cell and a space.
fn half_pitch(cell: usize) -> usize {
    (cell + 2) / 2
}

/// A hexagon of hexagonal cells: rows from the top, numbered on the left; each column's letter
/// continues the column one cell beyond its lowest cell (columns run from lower right to upper
/// left, so the letters of the left half are below row 1 and those of the right half end the
/// lower rows on the right).
fn hexhex(canvas: &mut Canvas, topology: &Topology, side: usize, cell: usize) -> Vec<(usize, usize)> {
    let n = side as i64;
    let nw = number_width((2 * n - 1) as usize);
    let u = half_pitch(cell) as i64;
    // Axial (q, r): row N − r from the bottom, text column 2q + r, from 0 at the leftmost cell.
    let at = |q: i64, r: i64| ((r + n - 1) as usize, (nw as i64 + 2 + u * (2 * q + r + 2 * (n - 1))) as usize);
    let mut cells = vec![(0, 0); topology.site_count()];
    for r in -(n - 1)..n {
        canvas.put((r + n - 1) as usize, 0, &format!("{:>nw$}", n - r));
        for q in (-(n - 1)).max(-(n - 1) - r)..=(n - 1).min(n - 1 - r) {
            let label = crate::board::hexhex::axial_label(side, q as i32, r as i32).unwrap_or_default();
            if let Some(site) = topology.site(&label) {
                cells[site as usize] = at(q, r);
            }
        }
    }
    for q in -(n - 1)..n {
        let lowest = (n - 1).min(n - 1 - q);
        let (line, col) = at(q, lowest + 1);
        canvas.put(line, col, &crate::board::square::column_letters((q + n - 1) as usize));
    }
    cells
}

/// Rows of hexagonal cells each half a cell right of the row below (a rhombus, a triangle),
/// numbered on the left; each column's letter continues the column one cell below row 1.
fn skewed(canvas: &mut Canvas, topology: &Topology, cell: usize) -> Vec<(usize, usize)> {
    let row_height = 3f64.sqrt() / 2.0;
    let row_of = |y: f64| (y / row_height).round().max(0.0) as usize;
    let rows = topology.sites.iter().map(|s| row_of(s.y)).max().map_or(0, |r| r + 1);
    let nw = number_width(rows);
    let u = half_pitch(cell);
    // Half-cells from the left; the letters' row starts half a cell left of row 1.
    let col = |x: f64| nw + 2 + u + u * (x * 2.0).round().max(0.0) as usize;
    for row in 0..rows {
        canvas.put(rows - 1 - row, 0, &format!("{:>nw$}", row + 1));
    }
    let mut cells = Vec::with_capacity(topology.site_count());
    for s in &topology.sites {
        let (line, c) = (rows - 1 - row_of(s.y), col(s.x));
        cells.push((line, c));
        if row_of(s.y) == 0 {
            canvas.put(rows, c - u, &letters(&s.label));
        }
    }
    cells
}

/// The width of a tiling's cell: a symbol and the longest label.
fn tiling_slot(topology: &Topology, symbol: usize) -> usize {
    symbol + topology.sites.iter().map(|s| width(&s.label)).max().unwrap_or(1)
}

/// Sites placed by their coordinates, each in a cell as wide as a symbol and the longest label
/// (a vertex keeps its number when a stone is on it), cells one edge apart one column apart.
fn tiling(topology: &Topology, symbol: usize) -> Vec<(usize, usize)> {
    let sites = &topology.sites;
    let (min_x, max_y) = sites.iter().fold((f64::MAX, f64::MIN), |(x, y), s| (x.min(s.x), y.max(s.y)));
    let scale = (tiling_slot(topology, symbol) + 1) as f64;
    sites
        .iter()
        .map(|s| (((max_y - s.y) * 2.5).round() as usize, ((s.x - min_x) * scale).round() as usize + 1))
        .collect()
}

/// Who is to move, stones in hand, counters and what the rest of the turn allows.
pub fn status(engine: &Engine, state: &State) -> String {
    let game = engine.game();
    let mut out = String::new();
    let hands: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, player)| match game.keeps_captures {
            // By kind, with the letters a drop is written with: `White P×2 Q, Black -`.
            true => {
                let held: Vec<String> = (0..game.pieces.len() as u8)
                    .filter(|&k| state.held(p, k) > 0)
                    .map(|k| {
                        let (letter, n) = (game.pieces[k as usize].letter(), state.held(p, k));
                        if n == 1 { letter.to_string() } else { format!("{letter}×{n}") }
                    })
                    .collect();
                Some(format!("{} {}", player.name, if held.is_empty() { "-".into() } else { held.join(" ") }))
            }
            false => state.hand(p).map(|h| format!("{} {h}", player.name)),
        })
        .collect();
    if !hands.is_empty() {
        let _ = writeln!(out, "in hand: {}", hands.join(", "));
    }
    for (c, name) in game.counters.iter().enumerate() {
        let values: Vec<String> =
            game.teams.iter().enumerate().map(|(t, team)| format!("{team} {}", state.counter(c, t))).collect();
        let _ = writeln!(out, "{name}: {}", values.join(", "));
    }
    out
}
