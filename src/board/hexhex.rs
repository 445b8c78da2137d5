//! Hexagons of hexagonal cells, n cells per side (`(board (hexhex n))`), 3n(n−1)+1 cells.
//!
//! **Coordinates.** Axial `(q, r)` with `s = −q−r`; a cell exists iff
//! `max(|q|, |r|, |s|) ≤ n−1`; the centre is `(0, 0)`. Hexagons are pointy-top; the position
//! of a cell is `x = q + r/2`, `y = −r·√3/2` (y up), so `r = n−1` is the bottom row.
//!
//! **Labels.** Column letters for `q` (`q = −(n−1)` is `a`, then `b`, …; after `z` come `aa`,
//! `ab`, … as on square boards) followed by the row number `n − r` (bottom row `1`, top row
//! `2n−1`). Each column is a line of cells running from lower right to upper left. On n = 3 the
//! centre is `c3`, the bottom-left corner `a1`, the top-right corner `e5`; on n = 5 the centre
//! is `e5`.
//!
//! **Numbering.** Bottom row first (row number ascending), left to right (`q` ascending)
//! within a row: site 0 is `a1`.
//!
//! **Relations:** `adjacent` (cells sharing an edge: 6 inside, 4 on the rim, 3 in a corner).
//!
//! **Regions:** `perimeter`, one part: the cells with `max(|q|, |r|, |s|) = n−1`.
//!
//! **Directions** (pointy-top cells: neighbours in a row are east and west), in this order:
//! `E` (q+1), `NE` (q+1, r−1), `NW` (r−1), `W` (q−1), `SW` (q−1, r+1), `SE` (r+1).
//!
//! **Sides and corners.** The board's outline is a hexagon with a horizontal top and bottom.
//! Sides, named by the way they face: `side-N` (the top row, r = −(n−1)), `side-NE` (q = n−1),
//! `side-SE` (s = −(n−1)), `side-S` (the bottom row), `side-SW` (q = −(n−1)), `side-NW`
//! (s = n−1); n cells each. Corners, one cell each, named by where they point: `corner-NE`,
//! `corner-E`, `corner-SE`, `corner-SW`, `corner-W`, `corner-NW` (on n = 3: `e5`, `e3`, `c1`,
//! `a1`, `a3`, `c5`). Sides and corners are listed clockwise from the top.

use super::square::column_letters;
use super::{Direction, HEX_DIRECTIONS, Part, Region, Relation, Shape, Site, SiteInfo, Topology, side as side_region};

/// Largest accepted side: 148 per side = 65 269 cells, the largest hexhex whose cell count
/// fits in a [`Site`] (`u16`). [`build`] clamps larger sides to this value.
pub const MAX_SIZE: usize = 148;

/// The label of axial cell `(q, r)` on a board with `n` cells per side, or `None` if the cell
/// is not on that board (or `n` is 0 or larger than [`MAX_SIZE`]).
pub fn axial_label(n: usize, q: i32, r: i32) -> Option<String> {
    if n == 0 || n > MAX_SIZE {
        return None;
    }
    let m = n as i64 - 1;
    let (q, r) = (i64::from(q), i64::from(r));
    if q.abs().max(r.abs()).max((q + r).abs()) > m {
        return None;
    }
    Some(format!("{}{}", column_letters((q + m) as usize), n as i64 - r))
}

/// Builds the hexhex board with `side` cells per side (see the module documentation).
/// `side` is clamped to [`MAX_SIZE`]; side 0 gives an empty board.
pub fn build(side: usize) -> Topology {
    let n = side.min(MAX_SIZE);
    let m = n as i32 - 1; // -1 when n = 0: no cells
    let width = (2 * n).saturating_sub(1);
    // index[(r + m) * width + (q + m)] = site of (q, r)
    let mut index: Vec<Option<Site>> = vec![None; width * width];
    let slot = |q: i32, r: i32| ((r + m) as usize) * width + (q + m) as usize;
    let on_board = |q: i32, r: i32| q.abs().max(r.abs()).max((q + r).abs()) <= m;

    let mut cells = Vec::new();
    for r in (-m..=m).rev() {
        for q in -m..=m {
            if on_board(q, r) {
                index[slot(q, r)] = Some(cells.len() as Site);
                cells.push((q, r));
            }
        }
    }

    let half_sqrt3 = 3f64.sqrt() / 2.0;
    let mut sites = Vec::with_capacity(cells.len());
    let mut edges = Vec::new();
    let mut perimeter = Vec::new();
    for (i, &(q, r)) in cells.iter().enumerate() {
        sites.push(SiteInfo {
            label: format!("{}{}", column_letters((q + m) as usize), n as i32 - r),
            x: f64::from(q) + f64::from(r) / 2.0,
            y: -f64::from(r) * half_sqrt3,
        });
        if q.abs().max(r.abs()).max((q + r).abs()) == m {
            perimeter.push(i as Site);
        }
        // Three of the six directions: each undirected edge is listed once.
        for (dq, dr) in [(1, 0), (0, 1), (-1, 1)] {
            let (nq, nr) = (q + dq, r + dr);
            if on_board(nq, nr) {
                if let Some(j) = index[slot(nq, nr)] {
                    edges.push((i as Site, j));
                }
            }
        }
    }
    let count = sites.len();
    let at = |q: i32, r: i32| if on_board(q, r) { index[slot(q, r)] } else { None };
    // (q, r) steps of E NE NW W SW SE.
    const STEPS: [(i32, i32); 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];
    let directions = HEX_DIRECTIONS
        .iter()
        .zip(STEPS)
        .map(|(&name, (dq, dr))| {
            Direction::new(name, count, |i| {
                let (q, r) = cells[i];
                at(q + dq, r + dr)
            })
        })
        .collect();
    let cells_where = |f: &dyn Fn(i32, i32) -> bool| -> Vec<Site> {
        (0..count).filter(|&i| f(cells[i].0, cells[i].1)).map(|i| i as Site).collect()
    };
    let mut sides = Vec::new();
    if n > 0 {
        sides = vec![
            side_region("side-N", cells_where(&|_, r| r == -m)),
            side_region("side-NE", cells_where(&|q, _| q == m)),
            side_region("side-SE", cells_where(&|q, r| q + r == m)),
            side_region("side-S", cells_where(&|_, r| r == m)),
            side_region("side-SW", cells_where(&|q, _| q == -m)),
            side_region("side-NW", cells_where(&|q, r| q + r == -m)),
        ];
        let corners = [("corner-NE", m, -m), ("corner-E", m, 0), ("corner-SE", 0, m)];
        let corners = corners.into_iter().chain([("corner-SW", -m, m), ("corner-W", -m, 0), ("corner-NW", 0, -m)]);
        sides.extend(corners.map(|(name, q, r)| side_region(name, at(q, r).into_iter().collect())));
    }

    Topology {
        shape: Shape::HexHex { side: n },
        directions,
        sides,
        links: None,
        sites,
        relations: vec![Relation::from_edges("adjacent", count, &edges)],
        regions: vec![Region { name: "perimeter".to_string(), parts: vec![Part { label: None, sites: perimeter }] }],
    }
}
