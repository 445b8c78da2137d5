//! Positions as text for the terminal: a grid for square boards, staggered rows for hexagonal
//! ones, and a labelled layout from the site coordinates for graph boards such as tilings.

use std::fmt::Write;

use crate::board::Shape;
use crate::engine::{Engine, State};

/// One character per team: the first letter of each team's name when those are all different,
/// else `X`, `O`, `A`, `B`, ….
pub fn team_chars(engine: &Engine) -> Vec<char> {
    let teams = &engine.game().teams;
    let firsts: Vec<char> = teams.iter().map(|t| t.chars().next().unwrap_or('?').to_ascii_uppercase()).collect();
    let distinct = firsts.iter().enumerate().all(|(i, c)| !firsts[..i].contains(c) && *c != '.');
    if distinct {
        return firsts;
    }
    let fallback = ['X', 'O', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'];
    (0..teams.len()).map(|i| fallback[i % fallback.len()]).collect()
}

/// The board with its stones.
pub fn board(engine: &Engine, state: &State) -> String {
    let chars = team_chars(engine);
    let cell = |site: u16| engine.stone(state, site).map(|t| chars[t]).unwrap_or('.');
    let topology = &engine.game().board;
    let mut out = String::new();
    match topology.shape {
        Shape::Square { size: w, .. } | Shape::Rectangle { width: w, .. } => {
            let h = topology.site_count() / w.max(1);
            let width = h.to_string().len();
            for row in (0..h).rev() {
                let _ = write!(out, "{:>width$} ", row + 1);
                for col in 0..w {
                    let _ = write!(out, " {}", cell((row * w + col) as u16));
                }
                out.push('\n');
            }
            let _ = write!(out, "{:>width$} ", "");
            for col in 0..w {
                let label = &topology.sites[col].label;
                let letters: String = label.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
                let _ = write!(out, " {letters}");
            }
            out.push('\n');
        }
        Shape::HexHex { side } => {
            // Row by row from the top; a cell at axial (q, r) sits in text column 2q + r.
            let n = side as i64;
            let width = (2 * n - 1).to_string().len();
            for r in -(n - 1)..n {
                let row = n - r;
                let (q_lo, q_hi) = ((-(n - 1)).max(-(n - 1) - r), (n - 1).min(n - 1 - r));
                let indent = (2 * q_lo + r + 2 * (n - 1)) as usize;
                let _ = write!(out, "{row:>width$} {}", " ".repeat(indent));
                for q in q_lo..=q_hi {
                    let label = crate::board::hexhex::axial_label(side, q as i32, r as i32).unwrap_or_default();
                    let site = topology.site(&label).unwrap_or(0);
                    let _ = write!(out, " {}", cell(site));
                }
                out.push('\n');
            }
            let letters: Vec<String> =
                (0..2 * n - 1).map(|i| crate::board::square::column_letters(i as usize)).collect();
            let _ = writeln!(out, "columns {} run from lower right to upper left", letters.join(" "));
        }
        Shape::Rhombus { .. } | Shape::Triangle { .. } => {
            out.push_str(&skewed_rows(topology, &cell));
            let columns = topology.sites.iter().filter(|s| s.y.abs() < 1e-9).count();
            let letters: Vec<String> = (0..columns).map(crate::board::square::column_letters).collect();
            let _ = writeln!(out, "columns {} run from lower left to upper right", letters.join(" "));
        }
        Shape::Tiling { .. } => out.push_str(&layout(engine, state, &chars)),
    }
    out
}

/// Rows of hexagonal cells from the top, each cell in text column `2x` (so a row shifted half
/// a cell to the right is indented one character); rows are numbered from 1 at the bottom.
fn skewed_rows(topology: &crate::board::Topology, cell: &dyn Fn(u16) -> char) -> String {
    let row_height = 3f64.sqrt() / 2.0;
    let row_of = |y: f64| (y / row_height).round() as usize;
    let rows = topology.sites.iter().map(|s| row_of(s.y)).max().map_or(0, |r| r + 1);
    let width = rows.to_string().len();
    let mut lines: Vec<Vec<(usize, u16)>> = vec![Vec::new(); rows];
    for (i, s) in topology.sites.iter().enumerate() {
        lines[row_of(s.y)].push(((s.x * 2.0).round() as usize, i as u16));
    }
    let mut out = String::new();
    for (row, cells) in lines.iter().enumerate().rev() {
        let _ = write!(out, "{:>width$} ", row + 1);
        let mut at = 0;
        for &(column, site) in cells {
            let _ = write!(out, "{} {}", " ".repeat(column.saturating_sub(at)), cell(site));
            at = column + 2;
        }
        out.push('\n');
    }
    out
}

/// Sites placed on a character grid by their coordinates: a stone shows its team's letter, an
/// empty site its label.
fn layout(engine: &Engine, state: &State, chars: &[char]) -> String {
    let sites = &engine.game().board.sites;
    let (min_x, max_y) = sites.iter().fold((f64::MAX, f64::MIN), |(x, y), s| (x.min(s.x), y.max(s.y)));
    let cols = |x: f64| ((x - min_x) * 4.0).round() as usize;
    let rows = |y: f64| ((max_y - y) * 2.5).round() as usize;
    let height = sites.iter().map(|s| rows(s.y)).max().unwrap_or(0) + 1;
    let width = sites.iter().map(|s| cols(s.x)).max().unwrap_or(0) + 4;
    let mut grid = vec![vec![' '; width]; height];
    for (i, s) in sites.iter().enumerate() {
        let (r, c) = (rows(s.y), cols(s.x));
        let text: Vec<char> = match engine.stone(state, i as u16) {
            Some(t) => vec![' ', chars[t], chars[t]],
            None => format!("{:>3}", s.label).chars().collect(),
        };
        for (k, ch) in text.into_iter().enumerate() {
            if c + k < width {
                grid[r][c + k] = ch;
            }
        }
    }
    let mut out = String::new();
    for line in grid {
        let s: String = line.into_iter().collect();
        out.push_str(s.trim_end());
        out.push('\n');
    }
    out
}

/// Who is to move, stones in hand, counters and what the rest of the turn allows.
pub fn status(engine: &Engine, state: &State) -> String {
    let game = engine.game();
    let mut out = String::new();
    let hands: Vec<String> = game
        .players
        .iter()
        .enumerate()
        .filter_map(|(p, player)| state.hand(p).map(|h| format!("{} {h}", player.name)))
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
