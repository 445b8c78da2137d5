//! The boards of hexagonal cells that connection games use besides the hexhex: the rhombus of
//! Hex (`(board (rhombus N))`) and the triangle of Y (`(board (triangle N))`).
//!
//! **Coordinates.** A cell is `(col, row)`, both from 0. Cells are pointy-top hexagons: cells
//! of a row touch east and west; each row sits half a cell to the right of the row below it,
//! so a column runs from lower left to upper right. Position: `x = col + row/2`,
//! `y = row·√3/2` (y up).
//!
//! * rhombus N: `0 ≤ col < N`, `0 ≤ row < N` (N² cells, a rhombus leaning right);
//! * triangle N: `col + row < N` (N(N+1)/2 cells, apex up; row 0 has N cells, the top row one).
//!
//! **Labels** (as on square boards): the column letters (`a` for col 0, …, `aa` after `z`)
//! then the row number `row + 1`. `a1` is the bottom-left cell. On the rhombus 3:
//!
//! ```text
//! 3     a3  b3  c3
//! 2   a2  b2  c2
//! 1 a1  b1  c1
//! ```
//!
//! and on the triangle 3 the rows are `a1 b1 c1`, `a2 b2`, `a3` (the apex).
//!
//! **Numbering.** Bottom row first, left to right: `a1` is 0.
//!
//! **Relations:** `adjacent` (cells sharing an edge).
//! **Directions**, in this order: `E` (col+1), `NE` (row+1), `NW` (col−1, row+1), `W` (col−1),
//! `SW` (row−1), `SE` (col+1, row−1).
//! **Regions:** `perimeter`. **Sides**, listed clockwise from the top: rhombus `side-N` (the
//! top row), `side-E` (the last column), `side-S` (row 1), `side-W` (column `a`); triangle
//! `side-E` (the cells with `col + row = N − 1`), `side-S` (row 1), `side-W` (column `a`).

use super::square::column_letters;
use super::{Direction, HEX_DIRECTIONS, Relation, Shape, Site, SiteInfo, Topology, side};

/// Largest rhombus: 255 × 255 = 65 025 cells fit in a [`Site`].
pub const MAX_RHOMBUS: usize = 255;
/// Largest triangle: 361 · 362 / 2 = 65 341 cells fit in a [`Site`].
pub const MAX_TRIANGLE: usize = 361;

/// (col, row) steps of E NE NW W SW SE.
const STEPS: [(i64, i64); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// The rhombus of `n` × `n` cells (clamped to [`MAX_RHOMBUS`]).
pub fn rhombus(n: usize) -> Topology {
    let n = n.min(MAX_RHOMBUS) as i64;
    let inside = move |c: i64, r: i64| (0..n).contains(&c) && (0..n).contains(&r);
    build(Shape::Rhombus { side: n as usize }, n, inside, &|name, c, r| match name {
        "side-N" => r == n - 1,
        "side-E" => c == n - 1,
        "side-S" => r == 0,
        _ => c == 0,
    })
}

/// The triangle with `n` cells per side (clamped to [`MAX_TRIANGLE`]).
pub fn triangle(n: usize) -> Topology {
    let n = n.min(MAX_TRIANGLE) as i64;
    let inside = move |c: i64, r: i64| c >= 0 && r >= 0 && c + r < n;
    build(Shape::Triangle { side: n as usize }, n, inside, &|name, c, r| match name {
        "side-E" => c + r == n - 1,
        "side-S" => r == 0,
        _ => c == 0,
    })
}

/// Cells `(col, row)` with `0 ≤ col, row < n` and `inside(col, row)`, numbered row by row.
fn build(
    shape: Shape,
    n: i64,
    inside: impl Fn(i64, i64) -> bool,
    on_side: &dyn Fn(&str, i64, i64) -> bool,
) -> Topology {
    let mut cells = Vec::new();
    let mut index = vec![None; (n * n) as usize];
    for r in 0..n {
        for c in 0..n {
            if inside(c, r) {
                index[(r * n + c) as usize] = Some(cells.len() as Site);
                cells.push((c, r));
            }
        }
    }
    let at = |c: i64, r: i64| if inside(c, r) { index[(r * n + c) as usize] } else { None };
    let count = cells.len();
    let half_sqrt3 = 3f64.sqrt() / 2.0;
    let sites: Vec<SiteInfo> = cells
        .iter()
        .map(|&(c, r)| SiteInfo {
            label: format!("{}{}", column_letters(c as usize), r + 1),
            x: c as f64 + r as f64 / 2.0,
            y: r as f64 * half_sqrt3,
        })
        .collect();
    let directions: Vec<Direction> = HEX_DIRECTIONS
        .iter()
        .zip(STEPS)
        .map(|(&name, (dc, dr))| {
            Direction::new(name, count, |i| {
                let (c, r) = cells[i];
                at(c + dc, r + dr)
            })
        })
        .collect();
    // E, NE and NW list each undirected edge once.
    let edges: Vec<(Site, Site)> = directions[..3]
        .iter()
        .flat_map(|d| d.step.iter().enumerate().filter_map(|(i, t)| t.map(|t| (i as Site, t))))
        .collect();
    let perimeter: Vec<Site> =
        (0..count).filter(|&i| directions.iter().any(|d| d.step[i].is_none())).map(|i| i as Site).collect();
    let names: &[&str] = match shape {
        Shape::Triangle { .. } => &["side-E", "side-S", "side-W"],
        _ => &["side-N", "side-E", "side-S", "side-W"],
    };
    let sides = names
        .iter()
        .map(|&name| {
            let sites = (0..count).filter(|&i| on_side(name, cells[i].0, cells[i].1)).map(|i| i as Site).collect();
            side(name, sites)
        })
        .collect();
    Topology {
        shape,
        sites,
        relations: vec![Relation::from_edges("adjacent", count, &edges)],
        regions: vec![side("perimeter", perimeter)],
        directions,
        sides,
        links: None,
    }
}
