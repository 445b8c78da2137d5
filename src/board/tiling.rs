//! Patches of semi-regular tilings whose **vertices** are the sites
//! (`(board (tiling "3.4.6.4" size))`). Only the rhombitrihexagonal tiling `3.4.6.4` is
//! supported.
//!
//! **Construction** (RULES.md §2.3.3): edge length 1, `D = 1 + √3`. The hexagon centres are
//! `a·(D, 0) + b·(D/2, (√3/2)·D)` for axial `(a, b)` with `max(|a|, |b|, |a+b|) ≤ size−1`
//! (size 1 → 1 hexagon, 2 → 7, 3 → 19). Each centre contributes its 6 hexagon corners (one
//! pointing straight up) and the outer corners of the 6 squares standing on its sides;
//! points closer than 0.1 are merged. Edges join vertices at distance 1.
//!
//! **Faces.** Triangles (3 mutually adjacent vertices), squares (4-cycles whose diagonals
//! are not edges) and hexagons (the 6 corners of each centre).
//!
//! **Labels.** A vertex is labelled by its number in decimal (`0`, `1`, … `71` for size 2).
//! Vertices are numbered top row first, left to right: sorted by y descending, then x
//! ascending, after rounding coordinates to 3 decimals. For size 2 this is the numbering of
//! RULES.md Appendix A.
//!
//! **Relations:** `edges`.
//!
//! **Regions**, in this order: `perimeter` (one part: the vertices on an edge that belongs to
//! a single face), `triangles`, `squares`, `hexagons` (one part per face, labelled `t0`, `t1`,
//! …, `s0`, …, `h0`, …; faces of one kind are numbered by centroid, y descending then x
//! ascending, after rounding to 3 decimals).

use std::collections::{BTreeSet, HashMap};

use super::{Part, Region, Relation, Shape, Site, SiteInfo, Topology};

/// The tiling patterns [`build`] accepts.
pub const PATTERNS: &[&str] = &["3.4.6.4"];

/// Largest accepted size: 60 rings = 10 621 hexagons and 64 800 vertices (a patch has
/// 18·size² vertices), the largest patch whose vertex count fits in a [`Site`] (`u16`).
pub const MAX_SIZE: usize = 60;

/// Merge tolerance and grid cell of the spatial hash.
const MERGE: f64 = 0.1;
const CELL: f64 = 1.5;

/// Builds a patch of `pattern` with `size` rings of hexagons (see the module documentation).
/// Fails for an unsupported pattern or a size outside `1..=MAX_SIZE`.
pub fn build(pattern: &str, size: usize) -> Result<Topology, String> {
    if !PATTERNS.contains(&pattern) {
        return Err(format!("unsupported tiling pattern \"{pattern}\" (supported: {})", PATTERNS.join(", ")));
    }
    if !(1..=MAX_SIZE).contains(&size) {
        return Err(format!("tiling size must be between 1 and {MAX_SIZE}, got {size}"));
    }

    // 1. Points, merged; the corners of each hexagon are remembered as faces.
    let mut points = Points::default();
    let mut hexagons = Vec::new();
    let sqrt3 = 3f64.sqrt();
    let d = 1.0 + sqrt3;
    let h = (1.0 + sqrt3 / 2.0) / 15f64.to_radians().cos();
    let k = size as i64 - 1;
    for b in -k..=k {
        for a in -k..=k {
            if (a + b).abs() > k {
                continue;
            }
            let (cx, cy) = (a as f64 * d + b as f64 * d / 2.0, b as f64 * d * sqrt3 / 2.0);
            let corners: Vec<usize> = (0..6)
                .map(|i| {
                    let t = (30.0 + 60.0 * i as f64).to_radians();
                    points.add(cx + t.cos(), cy + t.sin())
                })
                .collect();
            hexagons.push(corners);
            for i in 0..12 {
                let t = (15.0 + 30.0 * i as f64).to_radians();
                points.add(cx + h * t.cos(), cy + h * t.sin());
            }
        }
    }

    // 2. Canonical numbering: y descending, then x ascending (rounded to 3 decimals).
    let xy = points.xy;
    let mut order: Vec<usize> = (0..xy.len()).collect();
    order.sort_by_key(|&i| reading_key(xy[i]));
    let mut id = vec![0usize; xy.len()];
    for (new, &old) in order.iter().enumerate() {
        id[old] = new;
    }
    let xy: Vec<(f64, f64)> = order.iter().map(|&old| xy[old]).collect();
    let hexagons: Vec<Vec<usize>> = hexagons.iter().map(|c| c.iter().map(|&old| id[old]).collect()).collect();

    // 3. Edges: pairs at distance 1 ± 0.01.
    let grid = Grid::new(&xy);
    let mut adj: Vec<Vec<usize>> = vec![Vec::new(); xy.len()];
    for (i, &p) in xy.iter().enumerate() {
        for j in grid.near(p) {
            if j > i && (dist(p, xy[j]) - 1.0).abs() <= 0.01 {
                adj[i].push(j);
                adj[j].push(i);
            }
        }
    }
    adj.iter_mut().for_each(|list| list.sort_unstable());
    let adjacent = |a: usize, b: usize| adj[a].binary_search(&b).is_ok();

    // 4. Faces.
    let mut triangles = Vec::new();
    let mut squares = BTreeSet::new();
    for a in 0..xy.len() {
        for &b in adj[a].iter().filter(|&&b| b > a) {
            for &c in adj[b].iter().filter(|&&c| c > b) {
                if adjacent(a, c) {
                    triangles.push(vec![a, b, c]);
                }
            }
        }
        for &b in &adj[a] {
            for &dd in adj[a].iter().filter(|&&dd| dd > b && !adjacent(b, dd)) {
                for &c in &adj[b] {
                    if c != a && adjacent(c, dd) && !adjacent(a, c) {
                        let mut quad = vec![a, b, c, dd];
                        quad.sort_unstable();
                        squares.insert(quad);
                    }
                }
            }
        }
    }
    let squares: Vec<Vec<usize>> = squares.into_iter().collect();

    // 5. Perimeter: vertices on an edge that belongs to exactly one face.
    let mut faces_per_edge: HashMap<(usize, usize), u32> = HashMap::new();
    for face in triangles.iter().chain(&squares).chain(&hexagons) {
        for (i, &a) in face.iter().enumerate() {
            for &b in &face[i + 1..] {
                if adjacent(a, b) {
                    *faces_per_edge.entry((a.min(b), a.max(b))).or_default() += 1;
                }
            }
        }
    }
    let mut perimeter: Vec<Site> =
        faces_per_edge.iter().filter(|&(_, &n)| n == 1).flat_map(|(&(a, b), _)| [a as Site, b as Site]).collect();
    perimeter.sort_unstable();
    perimeter.dedup();

    let edges: Vec<(Site, Site)> = (0..xy.len())
        .flat_map(|a| adj[a].iter().filter(move |&&b| b > a).map(move |&b| (a as Site, b as Site)))
        .collect();
    let sites = xy.iter().enumerate().map(|(i, &(x, y))| SiteInfo { label: i.to_string(), x, y });
    let sites: Vec<SiteInfo> = sites.collect();
    Ok(Topology {
        shape: Shape::Tiling { pattern: pattern.to_string(), rings: size },
        relations: vec![Relation::from_edges("edges", sites.len(), &edges)],
        // The vertices of a tiling have no compass: no directions, no sides.
        directions: Vec::new(),
        sides: Vec::new(),
        links: None,
        regions: vec![
            Region { name: "perimeter".to_string(), parts: vec![Part { label: None, sites: perimeter }] },
            face_region("triangles", 't', triangles, &xy),
            face_region("squares", 's', squares, &xy),
            face_region("hexagons", 'h', hexagons, &xy),
        ],
        sites,
    })
}

/// One part per face, numbered by centroid in reading order, sites ascending.
fn face_region(name: &str, prefix: char, faces: Vec<Vec<usize>>, xy: &[(f64, f64)]) -> Region {
    let mut keyed: Vec<((i64, i64), Vec<Site>)> = faces
        .into_iter()
        .map(|face| {
            let n = face.len() as f64;
            let cx = face.iter().map(|&v| xy[v].0).sum::<f64>() / n;
            let cy = face.iter().map(|&v| xy[v].1).sum::<f64>() / n;
            let mut sites: Vec<Site> = face.iter().map(|&v| v as Site).collect();
            sites.sort_unstable();
            (reading_key((cx, cy)), sites)
        })
        .collect();
    keyed.sort();
    let parts = keyed
        .into_iter()
        .enumerate()
        .map(|(i, (_, sites))| Part { label: Some(format!("{prefix}{i}")), sites })
        .collect();
    Region { name: name.to_string(), parts }
}

/// Sort key "top row first, then left to right", on coordinates rounded to 3 decimals.
fn reading_key((x, y): (f64, f64)) -> (i64, i64) {
    (-(y * 1000.0).round() as i64, (x * 1000.0).round() as i64)
}

fn dist(a: (f64, f64), b: (f64, f64)) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

fn cell_of((x, y): (f64, f64)) -> (i64, i64) {
    ((x / CELL).floor() as i64, (y / CELL).floor() as i64)
}

/// A spatial hash of points: grid cells of side [`CELL`] (> the largest distance looked for).
#[derive(Default)]
struct Grid {
    cells: HashMap<(i64, i64), Vec<usize>>,
}

impl Grid {
    fn new(xy: &[(f64, f64)]) -> Grid {
        let mut grid = Grid::default();
        for (i, &p) in xy.iter().enumerate() {
            grid.insert(i, p);
        }
        grid
    }

    fn insert(&mut self, i: usize, p: (f64, f64)) {
        self.cells.entry(cell_of(p)).or_default().push(i);
    }

    /// Indices of the points in the 3×3 cells around `p` (a superset of those within CELL).
    fn near(&self, p: (f64, f64)) -> impl Iterator<Item = usize> + '_ {
        let (cx, cy) = cell_of(p);
        (-1..=1)
            .flat_map(move |dx| (-1..=1).map(move |dy| (cx + dx, cy + dy)))
            .filter_map(|c| self.cells.get(&c))
            .flatten()
            .copied()
    }
}

/// Points added in generation order; a point closer than [`MERGE`] to an earlier one is that
/// point.
#[derive(Default)]
struct Points {
    xy: Vec<(f64, f64)>,
    grid: Grid,
}

impl Points {
    fn add(&mut self, x: f64, y: f64) -> usize {
        let p = (x, y);
        if let Some(i) = self.grid.near(p).find(|&i| dist(p, self.xy[i]) < MERGE) {
            return i;
        }
        self.xy.push(p);
        self.grid.insert(self.xy.len() - 1, p);
        self.xy.len() - 1
    }
}
