//! Square grids of points (`(board (square N))`) and rectangles of them
//! (`(board (rectangle W H))`: W columns, H rows).
//!
//! **Labels.** A site is named by its column letters followed by its row number:
//! columns `a`, `b`, … `z`, then `aa`, `ab`, … (spreadsheet style, no letter skipped) from
//! the left; rows `1`, `2`, … from the bottom. `a1` is the bottom-left point; a 19×19 board
//! uses columns `a`…`s`.
//!
//! **Numbering.** Site index = `row * W + col` (row 0 = bottom, col 0 = left), so `a1` is
//! site 0. Position: `x = col`, `y = row`.
//!
//! **Directions**, in this order: `N NE E SE S SW W NW`; `N` is towards higher row numbers
//! (`a1` → `a2`), `E` towards later column letters (`a1` → `b1`).
//!
//! **Relations**, in this order: `orthogonal` (the up to 4 points at distance 1),
//! `diagonal` (the up to 4 diagonal points), `all` (their union, the 8-neighbourhood).
//!
//! **Regions:** `perimeter`, one part: the points of the first and last row and column.
//! **Sides:** `side-N` (the top row), `side-E` (the last column), `side-S` (row 1), `side-W`
//! (column `a`); corners belong to both their sides. **Corners**, one site each: `corner-NE`,
//! `corner-SE`, `corner-SW` (`a1`), `corner-NW`.

use super::{Direction, Part, Region, Relation, SQUARE_DIRECTIONS, Shape, Site, SiteInfo, Topology, side};

/// Largest accepted side: 255 × 255 = 65 025 sites, the largest square whose site count fits
/// in a [`Site`] (`u16`). [`build`] clamps larger sizes to this value.
pub const MAX_SIZE: usize = 255;

/// Spreadsheet-style column letters for a 0-based column index:
/// `0 → a`, `25 → z`, `26 → aa`, `27 → ab`, `701 → zz`, `702 → aaa`.
pub fn column_letters(index: usize) -> String {
    let mut letters = Vec::new();
    let mut i = index + 1;
    while i > 0 {
        i -= 1;
        letters.push((b'a' + (i % 26) as u8) as char);
        i /= 26;
    }
    letters.iter().rev().collect()
}

/// Builds an N×N lattice of points (see the module documentation for labels, numbering,
/// relations and regions). `size` is clamped to [`MAX_SIZE`]; size 0 gives an empty board.
pub fn build(size: usize) -> Topology {
    let n = size.min(MAX_SIZE);
    let mut board = rectangle(n, n);
    board.shape = Shape::Square { size: n };
    board
}

/// Builds a lattice of `width` columns and `height` rows (each clamped to [`MAX_SIZE`]).
pub fn rectangle(width: usize, height: usize) -> Topology {
    let (w, h) = (width.min(MAX_SIZE), height.min(MAX_SIZE));
    let id = |row: usize, col: usize| (row * w + col) as Site;

    let mut sites = Vec::with_capacity(w * h);
    let mut orthogonal = Vec::new();
    let mut diagonal = Vec::new();
    let mut perimeter = Vec::new();
    for row in 0..h {
        for col in 0..w {
            sites.push(SiteInfo { label: format!("{}{}", column_letters(col), row + 1), x: col as f64, y: row as f64 });
            let s = id(row, col);
            if row == 0 || col == 0 || row + 1 == h || col + 1 == w {
                perimeter.push(s);
            }
            if col + 1 < w {
                orthogonal.push((s, id(row, col + 1)));
            }
            if row + 1 < h {
                orthogonal.push((s, id(row + 1, col)));
                if col + 1 < w {
                    diagonal.push((s, id(row + 1, col + 1)));
                }
                if col > 0 {
                    diagonal.push((s, id(row + 1, col - 1)));
                }
            }
        }
    }
    let all: Vec<(Site, Site)> = orthogonal.iter().chain(&diagonal).copied().collect();
    let count = sites.len();
    // (column, row) steps of N NE E SE S SW W NW.
    const STEPS: [(i64, i64); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];
    let directions = SQUARE_DIRECTIONS
        .iter()
        .zip(STEPS)
        .map(|(&name, (dc, dr))| {
            Direction::new(name, count, |s| {
                let (col, row) = ((s % w) as i64 + dc, (s / w) as i64 + dr);
                ((0..w as i64).contains(&col) && (0..h as i64).contains(&row)).then(|| id(row as usize, col as usize))
            })
        })
        .collect();
    let all_sites = 0..count as Site;
    let sides = if count == 0 {
        Vec::new()
    } else {
        vec![
            side("side-N", all_sites.clone().filter(|&s| s as usize / w == h - 1).collect()),
            side("side-E", all_sites.clone().filter(|&s| s as usize % w == w - 1).collect()),
            side("side-S", all_sites.clone().filter(|&s| (s as usize) < w).collect()),
            side("side-W", all_sites.filter(|&s| (s as usize).is_multiple_of(w)).collect()),
            side("corner-NE", vec![id(h - 1, w - 1)]),
            side("corner-SE", vec![id(0, w - 1)]),
            side("corner-SW", vec![id(0, 0)]),
            side("corner-NW", vec![id(h - 1, 0)]),
        ]
    };

    Topology {
        shape: Shape::Rectangle { width: w, height: h },
        sites,
        directions,
        sides,
        links: None,
        relations: vec![
            Relation::from_edges("orthogonal", count, &orthogonal),
            Relation::from_edges("diagonal", count, &diagonal),
            Relation::from_edges("all", count, &all),
        ],
        regions: vec![Region { name: "perimeter".to_string(), parts: vec![Part { label: None, sites: perimeter }] }],
    }
}

/// The two colours of a chequered square board, as regions a game may name: `dark-squares`
/// holds `a1` and every site an even number of orthogonal steps from it (the dark squares
/// of a chessboard), `light-squares` the others. Like the sides, a game sees them only when it
/// names them; other boards have none.
pub fn colours(shape: &Shape) -> Vec<Region> {
    let (w, h) = match *shape {
        Shape::Square { size } => (size, size),
        Shape::Rectangle { width, height } => (width, height),
        _ => return Vec::new(),
    };
    let of = |parity: usize| (0..w * h).filter(|s| (s % w + s / w) % 2 == parity).map(|s| s as Site).collect();
    vec![side("dark-squares", of(0)), side("light-squares", of(1))]
}
