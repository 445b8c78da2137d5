//! Board topologies: the sites of a board, the named relations between them and the named
//! regions (site sets) a game file can refer to.
//!
//! Topologies are built with petgraph (one undirected graph per relation) because that is the
//! natural way to state and check them; once built they are frozen into flat index arrays
//! ([`Relation::neighbors`]) so the engine never walks petgraph's linked lists in its hot path.
//!
//! Generators:
//! * [`square`]: an N×N (or W×H) grid of points; relations `orthogonal`, `diagonal`, `all`.
//! * [`hexhex`]: a hexagon of hexagonal cells, n per side; relation `adjacent`.
//! * [`hexcells`]: the rhombus (Hex) and the triangle (Y) of hexagonal cells; relation
//!   `adjacent`.
//! * [`graph`]: points of a W×H grid joined by listed edges; relations `edges`, `orthogonal`,
//!   `diagonal`, and the directions the edges run in.
//!   [`graph::grid_edges`]: the lines of a grid of boxes as sites, the boxes as a region.
//! * [`walls`]: a grid of cells with the grooves and crossings between them, where walls lie.
//! * [`links`]: any of them with a site for each link that may join two of its sites.
//! * [`tiling`]: a patch of a semi-regular tiling whose *vertices* are the sites; relation
//!   `edges`; its faces become regions (`triangles`, `squares`, `hexagons`).
//!
//! Every generator but the tiling also names its **directions** ([`Direction`]: one
//! neighbour or none per site, frozen to a flat array for the step and ray ludemes to come) and
//! its **sides** (built-in regions such as `side-N`, kept apart from [`Topology::regions`] so
//! that a game sees only the sides it names; see [`Topology::sides`]).
//!
//! Site labels are part of the CLI contract (docs/CLI.md) and are documented on each generator.

pub mod axes;
pub mod graph;
pub mod hexcells;
pub mod hexhex;
pub mod links;
pub mod square;
pub mod tiling;
pub mod walls;

use petgraph::graph::UnGraph;

/// Index of a site: `0..topology.sites.len()`.
pub type Site = u16;

/// What kind of board a topology is; used for rendering and for `info`.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Square {
        size: usize,
    },
    Rectangle {
        width: usize,
        height: usize,
    },
    HexHex {
        side: usize,
    },
    Rhombus {
        side: usize,
    },
    Triangle {
        side: usize,
    },
    Tiling {
        pattern: String,
        rings: usize,
    },
    /// Points of a `width` × `height` grid joined by listed edges.
    Graph {
        width: usize,
        height: usize,
    },
    /// The lines of a `width` × `height` grid of boxes (laid out as a graph's points on the
    /// grid of dots and midpoints).
    GridEdges {
        width: usize,
        height: usize,
    },
    /// A `width` × `height` grid of cells with the grooves and crossings between them, laid
    /// out on the (2W − 1) × (2H − 1) grid of points.
    GridWalls {
        width: usize,
        height: usize,
    },
}

impl Shape {
    /// N when the board is N×N with sites indexed `row × N + column` (a square, a rectangle
    /// as high as wide, a rhombus): exchanging column and row is then a symmetry of the board
    /// (the reflection across the diagonal from `a1`; a rhombus's long diagonal).
    pub fn transposable(&self) -> Option<usize> {
        match *self {
            Shape::Square { size } => Some(size),
            Shape::Rectangle { width, height } if width == height => Some(width),
            Shape::Rhombus { side } => Some(side),
            Shape::Rectangle { .. }
            | Shape::HexHex { .. }
            | Shape::Triangle { .. }
            | Shape::Tiling { .. }
            | Shape::Graph { .. }
            | Shape::GridEdges { .. }
            | Shape::GridWalls { .. } => None,
        }
    }

    /// The site with column and row exchanged, on boards that have this symmetry
    /// ([`Shape::transposable`]).
    pub fn transpose(&self, site: u16) -> Option<u16> {
        let n = self.transposable()?;
        let i = site as usize;
        (i < n * n).then(|| ((i % n) * n + i / n) as u16)
    }

    /// N when the board is N×N points or squares (a square, a rectangle as high as wide): a
    /// quarter turn is then a symmetry of the board. (A rhombus's is not: its angles are 60°
    /// and 120°.)
    pub fn turnable(&self) -> Option<usize> {
        match *self {
            Shape::Square { size } => Some(size),
            Shape::Rectangle { width, height } if width == height => Some(width),
            _ => None,
        }
    }

    /// Where the site comes to when the board is turned a quarter clockwise: its column
    /// becomes its row counted from the top, its row its column (on 8 × 8, `c3` goes to `c6`,
    /// `a1` to `a8`, `a8` to `h8`), on boards that have this symmetry ([`Shape::turnable`]).
    pub fn quarter_turn(&self, site: u16) -> Option<u16> {
        let n = self.turnable()?;
        let i = site as usize;
        let (col, row) = (i % n, i / n);
        (i < n * n).then(|| ((n - 1 - col) * n + row) as u16)
    }

    /// The image of a site under one of the board's symmetries, if the board has it.
    pub fn image(&self, symmetry: crate::game::Symmetry, site: u16) -> Option<u16> {
        match symmetry {
            crate::game::Symmetry::Transpose => self.transpose(site),
            crate::game::Symmetry::QuarterTurn => self.quarter_turn(site),
        }
    }

    /// The board as a game file writes it: `(square 9)`, `(rhombus 11)`.
    pub fn form(&self) -> String {
        match self {
            Shape::Square { size } => format!("(square {size})"),
            Shape::Rectangle { width, height } => format!("(rectangle {width} {height})"),
            Shape::HexHex { side } => format!("(hexhex {side})"),
            Shape::Rhombus { side } => format!("(rhombus {side})"),
            Shape::Triangle { side } => format!("(triangle {side})"),
            Shape::Tiling { pattern, rings } => format!("(tiling \"{pattern}\" {rings})"),
            Shape::Graph { width, height } => format!("(graph {width} {height} ...)"),
            Shape::GridEdges { width, height } => format!("(grid-edges {width} {height})"),
            Shape::GridWalls { width, height } => format!("(grid-walls {width} {height})"),
        }
    }
}

/// One site of the board.
#[derive(Debug, Clone, PartialEq)]
pub struct SiteInfo {
    /// Stable, documented label (`c3`, `e5`, `31`).
    pub label: String,
    /// Position in the plane, for rendering: x to the right, y **up**; unit = one grid step or
    /// one tiling edge.
    pub x: f64,
    pub y: f64,
}

/// A named symmetric relation between sites.
#[derive(Debug, Clone)]
pub struct Relation {
    pub name: String,
    /// The relation as a petgraph graph (node index = site index); kept for algorithms that
    /// run once (counting, connectivity checks, rendering).
    pub graph: UnGraph<(), ()>,
    /// Frozen adjacency: the neighbours of site `s` are `targets[offsets[s]..offsets[s + 1]]`,
    /// in ascending site order.
    pub offsets: Vec<u32>,
    pub targets: Vec<Site>,
    /// Set when the relation is one direction of the board (`N`, `SE`): each site relates to
    /// its neighbour that way only, so the relation is not symmetric and the rules that need
    /// a symmetric one (groups, connectivity) refuse it.
    pub direction: bool,
    /// Set when some pair of the relation does not hold the other way: a direction, or a
    /// relation a game declares as a union of parts that is not symmetric (`N NE NW`). The
    /// rules that need a symmetric relation refuse it, as they refuse a direction.
    pub one_way: bool,
}

impl Relation {
    /// Builds a relation from a list of undirected edges; duplicates are ignored.
    pub fn from_edges(name: &str, site_count: usize, edges: &[(Site, Site)]) -> Relation {
        let mut graph = UnGraph::<(), ()>::with_capacity(site_count, edges.len());
        for _ in 0..site_count {
            graph.add_node(());
        }
        let mut lists: Vec<Vec<Site>> = vec![Vec::new(); site_count];
        for &(a, b) in edges {
            debug_assert!(a != b, "self-loop in relation {name}");
            if lists[a as usize].contains(&b) {
                continue;
            }
            lists[a as usize].push(b);
            lists[b as usize].push(a);
            graph.add_edge((a as u32).into(), (b as u32).into(), ());
        }
        let mut offsets = Vec::with_capacity(site_count + 1);
        let mut targets = Vec::with_capacity(edges.len() * 2);
        offsets.push(0);
        for list in &mut lists {
            list.sort_unstable();
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        Relation { name: name.to_string(), graph, offsets, targets, direction: false, one_way: false }
    }

    /// A relation from its pairs (`s` relates to `t`), such as a path's steps; a pair given
    /// twice counts once. One-way unless every pair is there both ways.
    pub fn from_steps(name: &str, site_count: usize, steps: impl IntoIterator<Item = (Site, Site)>) -> Relation {
        let mut lists: Vec<Vec<Site>> = vec![Vec::new(); site_count];
        for (s, t) in steps {
            lists[s as usize].push(t);
        }
        Relation::from_lists(name, lists)
    }

    /// The relation of one direction: site `s` relates to `step[s]` alone, if any. Its graph
    /// holds the same pairs as undirected edges (for counting and drawing).
    pub fn from_direction(direction: &Direction) -> Relation {
        let count = direction.step.len();
        let mut graph = UnGraph::<(), ()>::with_capacity(count, count);
        for _ in 0..count {
            graph.add_node(());
        }
        let mut offsets = Vec::with_capacity(count + 1);
        let mut targets = Vec::with_capacity(count);
        offsets.push(0);
        for (s, step) in direction.step.iter().enumerate() {
            if let Some(t) = *step {
                targets.push(t);
                graph.add_edge((s as u32).into(), u32::from(t).into(), ());
            }
            offsets.push(targets.len() as u32);
        }
        Relation { name: direction.name.to_string(), graph, offsets, targets, direction: true, one_way: true }
    }

    /// The union of relations (a game's `(relation NAME PART...)`): `s` relates to `t` when
    /// some part relates them. It is symmetric — usable by groups — exactly when every pair
    /// holds both ways, whatever its parts are (`N S` is as symmetric as `orthogonal`).
    pub fn union(name: &str, site_count: usize, parts: &[&Relation]) -> Relation {
        let mut lists: Vec<Vec<Site>> = vec![Vec::new(); site_count];
        for part in parts {
            for (s, list) in lists.iter_mut().enumerate() {
                list.extend_from_slice(part.neighbors(s as Site));
            }
        }
        Relation::from_lists(name, lists)
    }

    /// The relation whose site `s` relates to each site of `lists[s]` (in any order, repeats
    /// allowed); one-way when some pair does not hold the other way.
    fn from_lists(name: &str, mut lists: Vec<Vec<Site>>) -> Relation {
        let site_count = lists.len();
        for list in &mut lists {
            list.sort_unstable();
            list.dedup();
        }
        let one_way =
            lists.iter().enumerate().any(|(s, list)| list.iter().any(|&t| !lists[t as usize].contains(&(s as Site))));
        let mut graph = UnGraph::<(), ()>::with_capacity(site_count, 0);
        for _ in 0..site_count {
            graph.add_node(());
        }
        let mut offsets = Vec::with_capacity(site_count + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for (s, list) in lists.iter().enumerate() {
            for &t in list {
                // One undirected edge per pair, for counting and drawing.
                if (s as Site) < t || !lists[t as usize].contains(&(s as Site)) {
                    graph.add_edge((s as u32).into(), u32::from(t).into(), ());
                }
            }
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        Relation { name: name.to_string(), graph, offsets, targets, direction: false, one_way }
    }

    /// The relation over a board grown to `total` sites: the new ones have no neighbours.
    pub fn widen(&mut self, total: usize) {
        let end = self.offsets.last().copied().unwrap_or(0);
        for _ in self.graph.node_count()..total {
            self.graph.add_node(());
        }
        self.offsets.resize(total + 1, end);
    }

    /// The neighbours of `site` under this relation, ascending.
    #[inline]
    pub fn neighbors(&self, site: Site) -> &[Site] {
        let s = site as usize;
        &self.targets[self.offsets[s] as usize..self.offsets[s + 1] as usize]
    }

    /// Number of (undirected) edges.
    pub fn edge_count(&self) -> usize {
        self.graph.edge_count()
    }

    /// Largest number of neighbours of any site.
    pub fn max_degree(&self) -> usize {
        self.offsets.windows(2).map(|w| (w[1] - w[0]) as usize).max().unwrap_or(0)
    }
}

/// One member of a region: a set of sites, optionally with a label (faces have labels such as
/// `h3`, `t9`, `s14`).
#[derive(Debug, Clone, PartialEq)]
pub struct Part {
    pub label: Option<String>,
    /// Ascending, without duplicates.
    pub sites: Vec<Site>,
}

/// A named region: a family of site sets. `perimeter` has one part; `triangles` has one part
/// per triangle. Rules ask either for the union of the parts (`(count empty (region R))`) or
/// about each part (`(completed R)`).
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub name: String,
    pub parts: Vec<Part>,
}

/// One named direction of a board: for each site, its neighbour that way, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Direction {
    /// `N`, `NE`, … as documented on each generator.
    pub name: &'static str,
    /// `step[s]`: the site one step from `s` this way, `None` off the board.
    pub step: Vec<Option<Site>>,
}

impl Direction {
    /// Builds a direction from a function giving each site's neighbour that way.
    pub fn new(name: &'static str, count: usize, step: impl Fn(usize) -> Option<Site>) -> Direction {
        Direction { name, step: (0..count).map(step).collect() }
    }
}

/// The names of the directions of square boards, in the order [`Topology::directions`] lists
/// them: clockwise from north (towards higher row numbers).
pub const SQUARE_DIRECTIONS: [&str; 8] = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];

/// The names of the directions of boards of (pointy-top) hexagonal cells, counter-clockwise
/// from east. Cells in a row touch east and west; there is no north or south.
pub const HEX_DIRECTIONS: [&str; 6] = ["E", "NE", "NW", "W", "SW", "SE"];

/// The opposite of a direction name (`N` ↔ `S`, `NE` ↔ `SW`, …).
pub fn opposite(name: &str) -> Option<&'static str> {
    let i = SQUARE_DIRECTIONS.iter().position(|d| *d == name)?;
    Some(SQUARE_DIRECTIONS[(i + 4) % 8])
}

/// A built board.
#[derive(Debug, Clone)]
pub struct Topology {
    pub shape: Shape,
    pub sites: Vec<SiteInfo>,
    pub relations: Vec<Relation>,
    /// Built-in regions (`perimeter`, and the faces of a tiling).
    pub regions: Vec<Region>,
    /// The board's directions (none on a tiling). A game that names a direction where a
    /// relation is expected gets it appended to [`Topology::relations`] by the checker.
    pub directions: Vec<Direction>,
    /// The board's sides and corners (`side-N`, `corner-E`, …), one part each. A game that
    /// names one gets it appended to its regions by the checker; games that do not see no
    /// change.
    pub sides: Vec<Region>,
    /// The link sites, on a board built with `(links ...)`: the sites from `first` on, each
    /// lying between two of the board's own.
    pub links: Option<links::Links>,
}

impl Topology {
    pub fn site_count(&self) -> usize {
        self.sites.len()
    }

    /// Whether a site is one where a piece stands and a player looks for it: every site but
    /// the grooves and crossings of a `grid-walls` board, which are drawn as the lines between
    /// its cells.
    pub fn is_cell(&self, site: usize) -> bool {
        self.between_cells(site).is_none() && self.link_ends(site).is_none()
    }

    /// The two sites a link site lies between, on a board with links; `None` for any other
    /// site.
    pub fn link_ends(&self, site: usize) -> Option<[Site; 2]> {
        let links = self.links.as_ref()?;
        links.ends.get(site.checked_sub(links.first)?).copied()
    }

    /// How many sites come before the link sites: every site on a board without links.
    pub fn grid_sites(&self) -> usize {
        self.links.as_ref().map_or(self.sites.len(), |l| l.first)
    }

    /// What a site of a `grid-walls` board that is no cell lies between (see
    /// [`walls::between`]): `h`, `v` or `x`.
    pub fn between_cells(&self, site: usize) -> Option<char> {
        match self.shape {
            Shape::GridWalls { width, .. } => walls::between(width, site),
            _ => None,
        }
    }

    pub fn relation(&self, name: &str) -> Option<usize> {
        self.relations.iter().position(|r| r.name == name)
    }

    pub fn region(&self, name: &str) -> Option<usize> {
        self.regions.iter().position(|r| r.name == name)
    }

    pub fn direction(&self, name: &str) -> Option<&Direction> {
        self.directions.iter().find(|d| d.name == name)
    }

    pub fn side(&self, name: &str) -> Option<&Region> {
        self.sides.iter().find(|r| r.name == name)
    }

    /// Appends the relation of direction `name` (unless already there); its index.
    pub fn add_direction_relation(&mut self, name: &str) -> Option<usize> {
        if let Some(i) = self.relation(name) {
            return Some(i);
        }
        let relation = Relation::from_direction(self.direction(name)?);
        self.relations.push(relation);
        Some(self.relations.len() - 1)
    }

    /// The directions (indices into [`Topology::directions`]) that a relation is made of: those
    /// each of whose steps is a pair of the relation (`orthogonal` is `N E S W`; a direction's
    /// own relation is that direction). Rays and flanks follow these, one line each.
    pub fn directions_within(&self, rel: usize) -> Vec<usize> {
        let relation = &self.relations[rel];
        (0..self.directions.len())
            .filter(|&d| {
                let dir = &self.directions[d];
                if relation.direction {
                    return dir.name == relation.name;
                }
                dir.step.iter().any(Option::is_some)
                    && dir
                        .step
                        .iter()
                        .enumerate()
                        .all(|(s, t)| t.is_none_or(|t| relation.neighbors(s as Site).contains(&t)))
            })
            .collect()
    }

    /// The site with this label.
    pub fn site(&self, label: &str) -> Option<Site> {
        self.sites.iter().position(|s| s.label == label).map(|i| i as Site)
    }
}

/// A region of one part (a side or a corner); `sites` need not be sorted.
pub(crate) fn side(name: &str, mut sites: Vec<Site>) -> Region {
    sites.sort_unstable();
    sites.dedup();
    Region { name: name.to_string(), parts: vec![Part { label: None, sites }] }
}

#[cfg(test)]
mod tests;
