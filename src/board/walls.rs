//! A grid of cells with the grooves between them (`(board (grid-walls W H))`, Quoridor's
//! board): the cells where pawns stand, and between each two neighbouring cells a *groove*
//! where a wall can lie, with the *crossings* where grooves meet, all of them sites, so that a
//! wall is pieces on grooves and crossings and a move between two cells is blocked by what
//! lies in the groove between them.
//!
//! **Layout.** The sites are the points of the (2W − 1) × (2H − 1) grid whose even points are
//! the cells: cell (c, r) is at (2c, 2r), the groove north of it at (2c, 2r + 1), the groove
//! east of it at (2c + 1, 2r), the crossing north-east of it at (2c + 1, 2r + 1).
//!
//! **Labels.** A cell is labelled as on a square board (`a1` bottom left); a groove and a
//! crossing by the cell south-west of them and a letter: `a1h` is the horizontal groove north of
//! `a1` (between rows 1 and 2), `a1v` the upright groove east of it, `a1x` the crossing between
//! them. A wall two cells long anchored at `a1h` (OpenSpiel's `a1h`) lies on `a1h a1x b1h`.
//!
//! **Numbering:** the points of the grid, bottom row first, left to right.
//!
//! **Directions** `N NE E SE S SW W NW` step one point of the grid: north of a cell is the
//! groove above it, north of that the next cell. **Relation** `orthogonal` joins each cell to
//! the grooves on its sides, and nothing else: a path along it goes from cell to cell through
//! the grooves between them, never along a groove or through a crossing.
//!
//! **Regions:** `cells`, `h-grooves`, `v-grooves`, `crossings`. **Sides** and **corners** are
//! those of the cells: `side-N` is the top row of cells, `corner-SW` is `a1`; `middle-N` is the
//! cell in the middle of the top row (right of the middle when the row has no one middle cell,
//! as OpenSpiel's Quoridor starts its pawns), and so on round the board.

use super::{Part, Region, Relation, Shape, Site, Topology, side, square};

/// The largest number of cells a side: the grid of 2N − 1 points must fit a board's side.
pub const MAX_CELLS: usize = square::MAX_SIZE.div_ceil(2);

/// What a point of the grid is, by the parity of its column and row.
fn letter(col: usize, row: usize) -> Option<char> {
    match (col % 2, row % 2) {
        (0, 0) => None,
        (0, _) => Some('h'),
        (_, 0) => Some('v'),
        _ => Some('x'),
    }
}

/// What site `site` of a board `width` cells wide lies between: `h` a groove between two
/// rows, `v` one between two columns, `x` a crossing; `None` for a cell.
pub fn between(width: usize, site: usize) -> Option<char> {
    let gw = 2 * width - 1;
    letter(site % gw, site / gw)
}

/// Builds the board of `width` × `height` cells (each clamped to [`MAX_CELLS`]).
pub fn build(width: usize, height: usize) -> Topology {
    let (w, h) = (width.clamp(1, MAX_CELLS), height.clamp(1, MAX_CELLS));
    let (gw, gh) = (2 * w - 1, 2 * h - 1);
    let mut board = square::rectangle(gw, gh);
    let at = |col: usize, row: usize| (row * gw + col) as Site;
    let (mut cells, mut h_grooves, mut v_grooves, mut crossings) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let mut joins = Vec::new();
    for row in 0..gh {
        for col in 0..gw {
            let s = at(col, row);
            let kind = letter(col, row);
            board.sites[s as usize].label = format!(
                "{}{}{}",
                square::column_letters(col / 2),
                row / 2 + 1,
                kind.map(String::from).unwrap_or_default()
            );
            match kind {
                None => cells.push(s),
                Some('h') => {
                    h_grooves.push(s);
                    joins.extend([(at(col, row - 1), s), (s, at(col, row + 1))]);
                }
                Some('v') => {
                    v_grooves.push(s);
                    joins.extend([(at(col - 1, row), s), (s, at(col + 1, row))]);
                }
                _ => crossings.push(s),
            }
        }
    }
    let count = board.site_count();
    board.relations = vec![Relation::from_edges("orthogonal", count, &joins)];
    let region =
        |name: &str, sites: Vec<Site>| Region { name: name.to_string(), parts: vec![Part { label: None, sites }] };
    board.regions = vec![
        region("cells", cells),
        region("h-grooves", h_grooves),
        region("v-grooves", v_grooves),
        region("crossings", crossings),
    ];
    let (top, right) = (gh - 1, gw - 1);
    let line = |pick: &dyn Fn(usize, usize) -> bool| -> Vec<Site> {
        (0..gh)
            .step_by(2)
            .flat_map(|row| (0..gw).step_by(2).map(move |col| (col, row)))
            .filter(|&(c, r)| pick(c, r))
            .map(|(c, r)| at(c, r))
            .collect()
    };
    board.sides = vec![
        side("side-N", line(&|_, r| r == top)),
        side("side-E", line(&|c, _| c == right)),
        side("side-S", line(&|_, r| r == 0)),
        side("side-W", line(&|c, _| c == 0)),
        side("corner-NE", vec![at(right, top)]),
        side("corner-SE", vec![at(right, 0)]),
        side("corner-SW", vec![at(0, 0)]),
        side("corner-NW", vec![at(0, top)]),
        side("middle-N", vec![at(2 * (w / 2), top)]),
        side("middle-E", vec![at(right, 2 * (h / 2))]),
        side("middle-S", vec![at(2 * (w / 2), 0)]),
        side("middle-W", vec![at(0, 2 * (h / 2))]),
    ];
    board.shape = Shape::GridWalls { width: w, height: h };
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_cell_south_west() {
        let b = build(3, 2);
        // 5 × 3 points: row 1 is a1 a1v b1 b1v c1, then the grooves and crossings north of it.
        let labels: Vec<&str> = b.sites.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(&labels[..5], ["a1", "a1v", "b1", "b1v", "c1"]);
        assert_eq!(&labels[5..10], ["a1h", "a1x", "b1h", "b1x", "c1h"]);
        assert_eq!(&labels[10..], ["a2", "a2v", "b2", "b2v", "c2"]);
    }

    #[test]
    fn cells_join_only_through_grooves() {
        let b = build(3, 2);
        let rel = &b.relations[b.relation("orthogonal").unwrap()];
        let name = |s: Site| b.sites[s as usize].label.clone();
        let of = |label: &str| rel.neighbors(b.site(label).unwrap()).iter().map(|&s| name(s)).collect::<Vec<_>>();
        assert_eq!(of("b1"), ["a1v", "b1v", "b1h"]);
        assert_eq!(of("a1h"), ["a1", "a2"]);
        assert!(of("a1x").is_empty());
        let n = b.directions.iter().find(|d| d.name == "N").unwrap();
        assert_eq!(n.step[b.site("a1v").unwrap() as usize].map(name).as_deref(), Some("a1x"));
    }

    #[test]
    fn regions_and_sides_are_the_cells() {
        let b = build(3, 2);
        let region = |n: &str| b.regions.iter().find(|r| r.name == n).unwrap().parts[0].sites.len();
        assert_eq!((region("cells"), region("h-grooves"), region("v-grooves"), region("crossings")), (6, 3, 4, 2));
        let side = |n: &str| {
            b.side(n).unwrap().parts[0].sites.iter().map(|&s| b.sites[s as usize].label.clone()).collect::<Vec<_>>()
        };
        assert_eq!(side("side-N"), ["a2", "b2", "c2"]);
        assert_eq!(side("side-E"), ["c1", "c2"]);
        assert_eq!(side("corner-NW"), ["a2"]);
        assert_eq!((side("middle-N"), side("middle-E")), (vec!["b2".to_string()], vec!["c2".to_string()]));
    }
}
