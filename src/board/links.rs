//! A board with a site for each link that may join two of its sites (`(board (links BOARD
//! STEP...))`, TwixT's board): a link is a piece lying between two holes, and whether it may lie
//! there depends on the links that cross its way, so each possible link is a site of its own.
//!
//! **Sites.** Those of the board it is built on, unchanged (labels, numbering, directions,
//! relations, regions and sides), then one *link site* for each pair of sites that some STEP
//! (a path of the board's directions, such as `N N E`) leads from one to the other. Link sites
//! are numbered after the board's sites, by their lower end and then their upper end, and
//! labelled by their ends in that order, `c3/d5`. A link site lies at the midpoint of its ends.
//!
//! **Relations.** `link` joins each site of the board to the link sites from it, and so each
//! link site to its two ends; `crossing` joins two link sites whose straight segments cross,
//! sharing no end. The board's own relations and directions leave link sites out.
//!
//! **Regions:** `cells`, the board's sites; `links`, the link sites.

use super::{Relation, Site, SiteInfo, Topology, side};

/// The link sites of a board: where they start in the numbering and the two ends of each.
#[derive(Debug, Clone, PartialEq)]
pub struct Links {
    /// The first link site; the sites before it are the board's own.
    pub first: usize,
    /// The ends of link site `first + i`, lower first.
    pub ends: Vec<[Site; 2]>,
}

/// The pairs of sites of `board` that `step` (a path of direction indices) leads between,
/// followed from every site; a path that leaves the board or comes back to its start joins
/// nothing. Lower site first.
pub fn pairs(board: &Topology, step: &[usize]) -> Vec<[Site; 2]> {
    (0..board.site_count() as Site)
        .filter_map(|start| {
            let end = step.iter().try_fold(start, |at, &d| board.directions[d].step[at as usize])?;
            (end != start).then_some(if start < end { [start, end] } else { [end, start] })
        })
        .collect()
}

/// Adds a link site for each pair of `pairs` (a pair listed twice is one site) to `board`
/// (see the module documentation). Too many sites: `Err` with the number there would be.
pub fn build(mut board: Topology, mut pairs: Vec<[Site; 2]>) -> Result<Topology, usize> {
    pairs.sort_unstable();
    pairs.dedup();
    let first = board.site_count();
    let total = first + pairs.len();
    // Site::MAX itself is no site: the engine's rays mark "off the board" with it.
    if total >= usize::from(Site::MAX) {
        return Err(total);
    }
    for &[a, b] in &pairs {
        let (p, q) = (&board.sites[a as usize], &board.sites[b as usize]);
        let label = format!("{}/{}", p.label, q.label);
        board.sites.push(SiteInfo { label, x: (p.x + q.x) / 2.0, y: (p.y + q.y) / 2.0 });
    }
    for relation in &mut board.relations {
        relation.widen(total);
    }
    for direction in &mut board.directions {
        direction.step.resize(total, None);
    }
    let joins: Vec<(Site, Site)> = pairs
        .iter()
        .enumerate()
        .flat_map(|(i, &[a, b])| {
            let link = (first + i) as Site;
            [(a, link), (b, link)]
        })
        .collect();
    board.relations.push(Relation::from_edges("link", total, &joins));
    let crossings = crossings(&board, first, &pairs);
    board.relations.push(Relation::from_edges("crossing", total, &crossings));
    // Regions of one part, as the sides are.
    board.regions.push(side("cells", (0..first as Site).collect()));
    board.regions.push(side("links", (first..total).map(|s| s as Site).collect()));
    board.links = Some(Links { first, ends: pairs });
    Ok(board)
}

/// The pairs of link sites whose segments cross. Links are short next to the board, so each is
/// compared only with those whose midpoints lie within the longest link's length of its own,
/// found through a grid of buckets that size.
fn crossings(board: &Topology, first: usize, pairs: &[[Site; 2]]) -> Vec<(Site, Site)> {
    let point = |s: Site| (board.sites[s as usize].x, board.sites[s as usize].y);
    let length = |&[a, b]: &[Site; 2]| {
        let ((x0, y0), (x1, y1)) = (point(a), point(b));
        (x1 - x0).hypot(y1 - y0)
    };
    let reach = pairs.iter().map(length).fold(0.0_f64, f64::max).max(1e-9);
    let bucket = |i: usize| {
        let s = &board.sites[first + i];
        ((s.x / reach).floor() as i64, (s.y / reach).floor() as i64)
    };
    let mut buckets: std::collections::HashMap<(i64, i64), Vec<usize>> = std::collections::HashMap::new();
    for i in 0..pairs.len() {
        buckets.entry(bucket(i)).or_default().push(i);
    }
    let mut out = Vec::new();
    for (i, &[a, b]) in pairs.iter().enumerate() {
        let (bx, by) = bucket(i);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &j in buckets.get(&(bx + dx, by + dy)).map_or(&[][..], Vec::as_slice) {
                    let [c, d] = pairs[j];
                    if j > i
                        && ![a, b].contains(&c)
                        && ![a, b].contains(&d)
                        && cross(point(a), point(b), point(c), point(d))
                    {
                        out.push(((first + i) as Site, (first + j) as Site));
                    }
                }
            }
        }
    }
    out
}

/// Whether the closed segments p–q and r–s meet.
fn cross(p: (f64, f64), q: (f64, f64), r: (f64, f64), s: (f64, f64)) -> bool {
    const EPS: f64 = 1e-9;
    let orient = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        let v = (b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0);
        if v > EPS {
            1
        } else if v < -EPS {
            -1
        } else {
            0
        }
    };
    let within = |a: (f64, f64), b: (f64, f64), c: (f64, f64)| {
        c.0 >= a.0.min(b.0) - EPS && c.0 <= a.0.max(b.0) + EPS && c.1 >= a.1.min(b.1) - EPS && c.1 <= a.1.max(b.1) + EPS
    };
    let (o1, o2, o3, o4) = (orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q));
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    (o1 == 0 && within(p, q, r))
        || (o2 == 0 && within(p, q, s))
        || (o3 == 0 && within(r, s, p))
        || (o4 == 0 && within(r, s, q))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::square;

    /// The knight's steps of a square board, as direction indices (`N N E`, `N N W`, `E E N`,
    /// `E E S`): TwixT's links.
    fn knight(board: &Topology) -> Vec<Vec<usize>> {
        let d = |name: &str| board.directions.iter().position(|d| d.name == name).unwrap();
        vec![
            vec![d("N"), d("N"), d("E")],
            vec![d("N"), d("N"), d("W")],
            vec![d("E"), d("E"), d("N")],
            vec![d("E"), d("E"), d("S")],
        ]
    }

    fn twixt(n: usize) -> Topology {
        let base = square::build(n);
        let pairs = knight(&base).iter().flat_map(|step| pairs(&base, step)).collect();
        build(base, pairs).unwrap()
    }

    #[test]
    fn link_sites_follow_the_board_by_their_lower_end() {
        let b = twixt(5);
        let first = b.links.as_ref().unwrap().first;
        assert_eq!(first, 25);
        // From a1 (the lowest site): to c2 (E E N) and to b3 (N N E), in board order.
        assert_eq!(b.sites[first].label, "a1/c2");
        assert_eq!(b.sites[first + 1].label, "a1/b3");
        // A knight has 8 moves: on 5 × 5, the links are half the sum of every hole's moves.
        let moves: usize = (0..5i32)
            .flat_map(|c| (0..5i32).map(move |r| (c, r)))
            .map(|(c, r)| {
                [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                    .iter()
                    .filter(|(dc, dr)| (0..5).contains(&(c + dc)) && (0..5).contains(&(r + dr)))
                    .count()
            })
            .sum();
        assert_eq!(b.site_count() - first, moves / 2);
    }

    #[test]
    fn an_inner_link_is_crossed_by_nine() {
        let b = twixt(8);
        let crossing = &b.relations[b.relation("crossing").unwrap()];
        let d4f5 = b.site("d4/f5").unwrap();
        assert_eq!(crossing.neighbors(d4f5).len(), 9);
        let names: Vec<&str> = crossing.neighbors(d4f5).iter().map(|&s| b.sites[s as usize].label.as_str()).collect();
        // e4/d6 runs up across it; c5/e6 shares no hole and lies above it, apart.
        assert!(names.contains(&"e4/d6"));
        assert!(!names.contains(&"c5/e6"));
        // Links from one hole never cross.
        assert!(!names.contains(&"d4/e6"));
    }

    #[test]
    fn link_relates_holes_and_their_links_only() {
        let b = twixt(8);
        let link = &b.relations[b.relation("link").unwrap()];
        let c3 = b.site("c3").unwrap();
        assert_eq!(link.neighbors(c3).len(), 8);
        let d5 = b.site("c3/d5").unwrap();
        let ends: Vec<&str> = link.neighbors(d5).iter().map(|&s| b.sites[s as usize].label.as_str()).collect();
        assert_eq!(ends, ["c3", "d5"]);
        let orthogonal = &b.relations[b.relation("orthogonal").unwrap()];
        assert!(orthogonal.neighbors(d5).is_empty());
    }

    #[test]
    fn crossing_segments() {
        assert!(cross((0.0, 0.0), (2.0, 1.0), (1.0, 0.0), (0.0, 2.0)));
        assert!(!cross((0.0, 0.0), (2.0, 1.0), (3.0, 0.0), (2.0, 2.0)));
        // Touching counts as meeting.
        assert!(cross((0.0, 0.0), (2.0, 2.0), (1.0, 1.0), (3.0, 0.0)));
    }
}
