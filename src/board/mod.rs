//! Board topologies: the sites of a board, the named relations between them and the named
//! regions (site sets) a game file can refer to.
//!
//! Topologies are built with petgraph (one undirected graph per relation) because that is the
//! natural way to state and check them; once built they are frozen into flat index arrays
//! ([`Relation::neighbors`]) so the engine never walks petgraph's linked lists in its hot path.
//!
//! Generators:
//! * [`square`]: an N×N grid of points; relations `orthogonal`, `diagonal`, `all`.
//! * [`hexhex`]: a hexagon of hexagonal cells, n per side; relation `adjacent`.
//! * [`tiling`]: a patch of a semi-regular tiling whose *vertices* are the sites; relation
//!   `edges`; its faces become regions (`triangles`, `squares`, `hexagons`).
//!
//! Site labels are part of the CLI contract (DESIGN.md §4) and are documented on each generator.

pub mod hexhex;
pub mod square;
pub mod tiling;

use petgraph::graph::UnGraph;

/// Index of a site: `0..topology.sites.len()`.
pub type Site = u16;

/// What kind of board a topology is; used for rendering and for `info`.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Square { size: usize },
    HexHex { side: usize },
    Tiling { pattern: String, rings: usize },
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
        Relation { name: name.to_string(), graph, offsets, targets }
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

/// A built board.
#[derive(Debug, Clone)]
pub struct Topology {
    pub shape: Shape,
    pub sites: Vec<SiteInfo>,
    pub relations: Vec<Relation>,
    /// Built-in regions (`perimeter`, and the faces of a tiling).
    pub regions: Vec<Region>,
}

impl Topology {
    pub fn site_count(&self) -> usize {
        self.sites.len()
    }

    pub fn relation(&self, name: &str) -> Option<usize> {
        self.relations.iter().position(|r| r.name == name)
    }

    pub fn region(&self, name: &str) -> Option<usize> {
        self.regions.iter().position(|r| r.name == name)
    }

    /// The site with this label.
    pub fn site(&self, label: &str) -> Option<Site> {
        self.sites.iter().position(|s| s.label == label).map(|i| i as Site)
    }
}
