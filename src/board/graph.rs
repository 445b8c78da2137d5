//! Boards given as a graph: some points of a W×H grid, joined by the edges a game lists
//! (`(board (graph 7 7 (sites ...) (edges ...)))`): the Morris boards, a cross of points, a
//! track of pits.
//!
//! **Labels** and **positions** are those of the W×H grid ([`super::square`]): `a1` is the
//! bottom-left point of the frame, whether or not it is a site. **Numbering:** the listed sites,
//! bottom row first, left to right within a row, whatever the order they are listed in.
//!
//! **Relations**, in this order: `edges` (every listed edge), `orthogonal` (the edges that run
//! along a row or a column), `diagonal` (those that run at 45°). An edge may join points
//! far apart: `a1`–`d1` runs east though `b1` and `c1` are not sites.
//!
//! **Directions** `N NE E SE S SW W NW`, as on a square board, are those of the edges: a site's
//! neighbour to the east is the one its edge running east leads to, however long. An edge at
//! another angle has no direction. So a line of the board (a Morris mill) is a run of sites
//! along one direction, and `line`, `ray`, `slide` with a range, `hop` and `between` work on
//! it as on a grid.
//!
//! No built-in regions, sides or corners: a graph's outline is the game's to name.

use super::{Direction, Part, Region, SQUARE_DIRECTIONS, Shape, Site, SiteInfo, Topology, square};

/// (column, row) steps of the directions `N NE E SE S SW W NW`.
const STEPS: [(i64, i64); 8] = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)];

/// Why a graph cannot be built; each names what it is about by index into the caller's lists.
#[derive(Debug, Clone, PartialEq)]
pub enum GraphError {
    /// Edge `edge` leaves site `site` in direction `direction`, as edge `first` already does.
    TwoWays { edge: usize, first: usize, direction: &'static str },
}

/// Builds the board of a `width` × `height` frame whose sites are `points` (column, row), each
/// inside the frame and listed once, joined by `edges` (indices into `points`, two different
/// points each, no pair twice).
pub fn build(
    width: usize,
    height: usize,
    points: &[(usize, usize)],
    edges: &[(usize, usize)],
) -> Result<Topology, GraphError> {
    // Sites in reading order from the bottom: index of each point.
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|&i| (points[i].1, points[i].0));
    let mut index = vec![0 as Site; points.len()];
    for (site, &i) in order.iter().enumerate() {
        index[i] = site as Site;
    }
    let sites: Vec<SiteInfo> = order
        .iter()
        .map(|&i| {
            let (col, row) = points[i];
            SiteInfo { label: format!("{}{}", square::column_letters(col), row + 1), x: col as f64, y: row as f64 }
        })
        .collect();
    let count = sites.len();
    let mut steps: Vec<Vec<Option<Site>>> = vec![vec![None; count]; 8];
    // Which edge set each step, to name both when two agree.
    let mut set_by: Vec<Vec<usize>> = vec![vec![usize::MAX; count]; 8];
    let (mut all, mut orthogonal, mut diagonal) = (Vec::new(), Vec::new(), Vec::new());
    for (e, &(a, b)) in edges.iter().enumerate() {
        let (sa, sb) = (index[a], index[b]);
        all.push((sa, sb));
        let (dc, dr) = (points[b].0 as i64 - points[a].0 as i64, points[b].1 as i64 - points[a].1 as i64);
        let unit = if dc == 0 || dr == 0 || dc.abs() == dr.abs() { Some((dc.signum(), dr.signum())) } else { None };
        let Some(unit) = unit else { continue };
        if unit.0 == 0 || unit.1 == 0 {
            orthogonal.push((sa, sb));
        } else {
            diagonal.push((sa, sb));
        }
        let d = STEPS.iter().position(|&s| s == unit).unwrap_or(0);
        let back = (d + 4) % 8;
        for (dir, from, to) in [(d, sa, sb), (back, sb, sa)] {
            if let Some(first) = steps[dir][from as usize].map(|_| set_by[dir][from as usize]) {
                return Err(GraphError::TwoWays { edge: e, first, direction: SQUARE_DIRECTIONS[dir] });
            }
            steps[dir][from as usize] = Some(to);
            set_by[dir][from as usize] = e;
        }
    }
    let directions = SQUARE_DIRECTIONS.iter().zip(steps).map(|(&name, step)| Direction { name, step }).collect();
    Ok(Topology {
        shape: Shape::Graph { width, height },
        sites,
        directions,
        sides: Vec::new(),
        links: None,
        relations: vec![
            super::Relation::from_edges("edges", count, &all),
            super::Relation::from_edges("orthogonal", count, &orthogonal),
            super::Relation::from_edges("diagonal", count, &diagonal),
        ],
        regions: Vec::new(),
    })
}

/// The lines of a `width` × `height` grid of boxes as sites (`(board (grid-edges W H))`, Dots
/// and Boxes): each line is the point halfway along it on the (2W+1) × (2H+1) grid of dots and
/// midpoints, so that the lines of the bottom row are `b1`, `d1`, … and the first upright line
/// is `a2`. The region `boxes` has a part per box, its four lines, labelled by the box's
/// centre (`b2` is the bottom-left box). No line is joined to another.
pub fn grid_edges(width: usize, height: usize) -> Topology {
    let mut points = Vec::new();
    for row in 0..=2 * height {
        for col in 0..=2 * width {
            // A line's midpoint: one coordinate odd, the other even.
            if (row + col) % 2 == 1 {
                points.push((col, row));
            }
        }
    }
    let mut board = build(2 * width + 1, 2 * height + 1, &points, &[]).expect("no edges, no conflict");
    let site = |col: usize, row: usize| board.site(&format!("{}{}", square::column_letters(col), row + 1));
    let mut parts = Vec::new();
    for row in 0..height {
        for col in 0..width {
            let (x, y) = (2 * col + 1, 2 * row + 1);
            let mut sites: Vec<Site> =
                [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)].iter().filter_map(|&(c, r)| site(c, r)).collect();
            sites.sort_unstable();
            parts.push(Part { label: Some(format!("{}{}", square::column_letters(x), y + 1)), sites });
        }
    }
    board.regions.push(Region { name: "boxes".to_string(), parts });
    board.shape = Shape::GridEdges { width, height };
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The three sites of a Morris board's top row and one below its middle.
    fn corner() -> Topology {
        // a7 d7 g7 and d6, listed out of order.
        let points = [(3, 6), (0, 6), (6, 6), (3, 5)];
        build(7, 7, &points, &[(1, 0), (0, 2), (0, 3)]).expect("a board")
    }

    #[test]
    fn sites_are_numbered_from_the_bottom_row_and_labelled_on_the_grid() {
        let b = corner();
        let labels: Vec<&str> = b.sites.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["d6", "a7", "d7", "g7"]);
        assert_eq!((b.sites[3].x, b.sites[3].y), (6.0, 6.0));
    }

    #[test]
    fn an_edge_runs_in_its_direction_however_long() {
        let b = corner();
        let site = |l: &str| b.site(l).expect("a site");
        assert_eq!(b.direction("E").expect("E").step[site("a7") as usize], Some(site("d7")));
        assert_eq!(b.direction("W").expect("W").step[site("g7") as usize], Some(site("d7")));
        assert_eq!(b.direction("S").expect("S").step[site("d7") as usize], Some(site("d6")));
        assert_eq!(b.direction("S").expect("S").step[site("a7") as usize], None);
        let edges = &b.relations[b.relation("edges").expect("edges")];
        assert_eq!(edges.neighbors(site("d7")), [site("d6"), site("a7"), site("g7")]);
        assert_eq!(b.relations[b.relation("diagonal").expect("diagonal")].edge_count(), 0);
    }

    #[test]
    fn the_lines_of_a_grid_of_boxes_are_its_sites_and_each_box_its_four_lines() {
        // 2×1 boxes: three lines across (bottom, top: 2 each) and three upright.
        let b = grid_edges(2, 1);
        let labels: Vec<&str> = b.sites.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["b1", "d1", "a2", "c2", "e2", "b3", "d3"]);
        let boxes = &b.regions[0];
        let part = |i: usize| -> Vec<&str> { boxes.parts[i].sites.iter().map(|&s| labels[s as usize]).collect() };
        assert_eq!(boxes.parts.len(), 2);
        assert_eq!(part(0), ["b1", "a2", "c2", "b3"]);
        assert_eq!(part(1), ["d1", "c2", "e2", "d3"]);
        assert_eq!(boxes.parts[1].label.as_deref(), Some("d2"));
    }

    #[test]
    fn two_edges_leaving_a_site_the_same_way_are_refused() {
        // a7–d7 and a7–g7 both run east from a7.
        let points = [(0, 6), (3, 6), (6, 6)];
        let err = build(7, 7, &points, &[(0, 1), (0, 2)]).expect_err("ambiguous");
        assert_eq!(err, GraphError::TwoWays { edge: 1, first: 0, direction: "E" });
    }
}
