//! Square grids of points (`(board (square N))`).
//!
//! **Labels.** A site is named by its column letters followed by its row number:
//! columns `a`, `b`, … `z`, then `aa`, `ab`, … (spreadsheet style, no letter skipped) from
//! the left; rows `1`, `2`, … from the bottom. `a1` is the bottom-left point; a 19×19 board
//! uses columns `a`…`s`.
//!
//! **Numbering.** Site index = `row * N + col` (row 0 = bottom, col 0 = left), so `a1` is
//! site 0. Position: `x = col`, `y = row`.
//!
//! **Relations**, in this order: `orthogonal` (the up to 4 points at distance 1),
//! `diagonal` (the up to 4 diagonal points), `all` (their union, the 8-neighbourhood).
//!
//! **Regions:** `perimeter`, one part: the points of the first and last row and column.

use super::{Part, Region, Relation, Shape, Site, SiteInfo, Topology};

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
    let id = |row: usize, col: usize| (row * n + col) as Site;

    let mut sites = Vec::with_capacity(n * n);
    let mut orthogonal = Vec::new();
    let mut diagonal = Vec::new();
    let mut perimeter = Vec::new();
    for row in 0..n {
        for col in 0..n {
            sites.push(SiteInfo { label: format!("{}{}", column_letters(col), row + 1), x: col as f64, y: row as f64 });
            let s = id(row, col);
            if row == 0 || col == 0 || row + 1 == n || col + 1 == n {
                perimeter.push(s);
            }
            if col + 1 < n {
                orthogonal.push((s, id(row, col + 1)));
            }
            if row + 1 < n {
                orthogonal.push((s, id(row + 1, col)));
                if col + 1 < n {
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

    Topology {
        shape: Shape::Square { size: n },
        sites,
        relations: vec![
            Relation::from_edges("orthogonal", count, &orthogonal),
            Relation::from_edges("diagonal", count, &diagonal),
            Relation::from_edges("all", count, &all),
        ],
        regions: vec![Region { name: "perimeter".to_string(), parts: vec![Part { label: None, sites: perimeter }] }],
    }
}
