//! Directions and sides of every board kind, against values worked out by hand.

use super::*;

fn boards() -> Vec<Topology> {
    vec![
        square::build(5),
        square::rectangle(4, 3),
        square::rectangle(1, 2),
        hexhex::build(3),
        hexcells::rhombus(4),
        hexcells::triangle(4),
    ]
}

fn label(board: &Topology, s: Option<Site>) -> Option<&str> {
    s.map(|s| board.sites[s as usize].label.as_str())
}

fn step<'b>(board: &'b Topology, from: &str, dir: &str) -> Option<&'b str> {
    let s = board.site(from).expect("site");
    label(board, board.direction(dir).expect("direction").step[s as usize])
}

fn side_labels(board: &Topology, name: &str) -> Vec<String> {
    let region = board.side(name).unwrap_or_else(|| panic!("no side {name}"));
    region.parts[0].sites.iter().map(|&s| board.sites[s as usize].label.clone()).collect()
}

/// Stepping one way then the opposite way returns to the start wherever both steps exist.
#[test]
fn a_step_and_its_opposite_return_to_the_start() {
    for board in boards() {
        assert!(!board.directions.is_empty(), "{:?} has directions", board.shape);
        for d in &board.directions {
            let back = board.direction(opposite(d.name).unwrap()).expect("opposite exists");
            for (s, &t) in d.step.iter().enumerate() {
                if let Some(t) = t {
                    assert_eq!(
                        back.step[t as usize],
                        Some(s as Site),
                        "{:?} {} then back from {s}",
                        board.shape,
                        d.name
                    );
                }
            }
        }
        // N then S on square boards; on hex boards, NE then SW.
        let (n, s) = if board.direction("N").is_some() { ("N", "S") } else { ("NE", "SW") };
        let (n, s) = (board.direction(n).unwrap(), board.direction(s).unwrap());
        for (i, &t) in n.step.iter().enumerate() {
            if let Some(t) = t {
                assert_eq!(s.step[t as usize], Some(i as Site));
            }
        }
    }
}

/// Each named relation is the union of directions the documentation says.
#[test]
fn relations_are_unions_of_directions() {
    let unions: [(&str, &[&str]); 4] = [
        ("orthogonal", &["N", "E", "S", "W"]),
        ("diagonal", &["NE", "SE", "SW", "NW"]),
        ("all", &["N", "NE", "E", "SE", "S", "SW", "W", "NW"]),
        ("adjacent", &["E", "NE", "NW", "W", "SW", "SE"]),
    ];
    for board in boards() {
        for (name, dirs) in unions {
            let Some(r) = board.relation(name) else { continue };
            for s in 0..board.site_count() {
                let mut union: Vec<Site> = dirs.iter().filter_map(|d| board.direction(d).unwrap().step[s]).collect();
                union.sort_unstable();
                assert_eq!(board.relations[r].neighbors(s as Site), union.as_slice(), "{name} at {s}");
            }
        }
    }
}

#[test]
fn square_directions_by_hand() {
    let b = square::rectangle(4, 3); // columns a-d, rows 1-3
    assert_eq!(step(&b, "a1", "N"), Some("a2"));
    assert_eq!(step(&b, "a1", "NE"), Some("b2"));
    assert_eq!(step(&b, "a1", "E"), Some("b1"));
    assert_eq!(step(&b, "a1", "S"), None);
    assert_eq!(step(&b, "a1", "W"), None);
    assert_eq!(step(&b, "d3", "N"), None);
    assert_eq!(step(&b, "d3", "SW"), Some("c2"));
    assert_eq!(step(&b, "b2", "NW"), Some("a3"));
    assert_eq!(step(&b, "b2", "SE"), Some("c1"));
    assert_eq!(b.site_count(), 12);
    assert_eq!(b.sites[11].label, "d3");
    assert_eq!(side_labels(&b, "side-N"), ["a3", "b3", "c3", "d3"]);
    assert_eq!(side_labels(&b, "side-E"), ["d1", "d2", "d3"]);
    assert_eq!(side_labels(&b, "side-S"), ["a1", "b1", "c1", "d1"]);
    assert_eq!(side_labels(&b, "side-W"), ["a1", "a2", "a3"]);
    assert_eq!(side_labels(&b, "corner-NE"), ["d3"]);
    assert_eq!(side_labels(&b, "corner-SE"), ["d1"]);
    assert_eq!(side_labels(&b, "corner-SW"), ["a1"]);
    assert_eq!(side_labels(&b, "corner-NW"), ["a3"]);
    assert_eq!(b.regions[0].parts[0].sites.len(), 10); // 12 minus b2, c2
}

#[test]
fn hexhex_directions_and_sides_by_hand() {
    let b = hexhex::build(3);
    // Neighbours of the centre c3 (documented: b3 d3 c2 c4 b2 d4).
    assert_eq!(step(&b, "c3", "E"), Some("d3"));
    assert_eq!(step(&b, "c3", "NE"), Some("d4"));
    assert_eq!(step(&b, "c3", "NW"), Some("c4"));
    assert_eq!(step(&b, "c3", "W"), Some("b3"));
    assert_eq!(step(&b, "c3", "SW"), Some("b2"));
    assert_eq!(step(&b, "c3", "SE"), Some("c2"));
    assert_eq!(step(&b, "a1", "SW"), None);
    assert_eq!(step(&b, "a1", "E"), Some("b1"));
    assert_eq!(side_labels(&b, "side-S"), ["a1", "b1", "c1"]);
    assert_eq!(side_labels(&b, "side-N"), ["c5", "d5", "e5"]);
    assert_eq!(side_labels(&b, "side-SW"), ["a1", "a2", "a3"]);
    assert_eq!(side_labels(&b, "side-NE"), ["e3", "e4", "e5"]);
    assert_eq!(side_labels(&b, "side-SE"), ["c1", "d2", "e3"]);
    assert_eq!(side_labels(&b, "side-NW"), ["a3", "b4", "c5"]);
    let corners: Vec<Vec<String>> =
        ["NE", "E", "SE", "SW", "W", "NW"].iter().map(|c| side_labels(&b, &format!("corner-{c}"))).collect();
    assert_eq!(corners, [["e5"], ["e3"], ["c1"], ["a1"], ["a3"], ["c5"]]);
    let names: Vec<&str> = b.sides.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "side-N",
            "side-NE",
            "side-SE",
            "side-S",
            "side-SW",
            "side-NW",
            "corner-NE",
            "corner-E",
            "corner-SE",
            "corner-SW",
            "corner-W",
            "corner-NW"
        ]
    );
}

#[test]
fn rhombus_by_hand() {
    let b = hexcells::rhombus(3);
    let labels: Vec<&str> = b.sites.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(labels, ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"]);
    // b2 touches a2 c2 (its row), b1 c1 (below), a3 b3 (above).
    let r = b.relation("adjacent").unwrap();
    let n: Vec<&str> =
        b.relations[r].neighbors(b.site("b2").unwrap()).iter().map(|&s| label(&b, Some(s)).unwrap()).collect();
    assert_eq!(n, ["b1", "c1", "a2", "c2", "a3", "b3"]);
    assert_eq!(step(&b, "b2", "NE"), Some("b3"));
    assert_eq!(step(&b, "b2", "NW"), Some("a3"));
    assert_eq!(step(&b, "b2", "SE"), Some("c1"));
    assert_eq!(step(&b, "b2", "SW"), Some("b1"));
    // The corners a1 and c3 have 2 neighbours, c1 and a3 have 3.
    assert_eq!(b.relations[r].neighbors(b.site("a1").unwrap()).len(), 2);
    assert_eq!(b.relations[r].neighbors(b.site("c1").unwrap()).len(), 3);
    assert_eq!(side_labels(&b, "side-W"), ["a1", "a2", "a3"]);
    assert_eq!(side_labels(&b, "side-E"), ["c1", "c2", "c3"]);
    assert_eq!(side_labels(&b, "side-N"), ["a3", "b3", "c3"]);
    assert_eq!(b.regions[0].parts[0].sites.len(), 8);
    // Each row sits half a cell right of the one below.
    let (a1, a2) = (&b.sites[0], &b.sites[3]);
    assert!((a2.x - a1.x - 0.5).abs() < 1e-9 && a2.y > a1.y);
}

#[test]
fn triangle_by_hand() {
    let b = hexcells::triangle(3);
    let labels: Vec<&str> = b.sites.iter().map(|s| s.label.as_str()).collect();
    assert_eq!(labels, ["a1", "b1", "c1", "a2", "b2", "a3"]);
    assert_eq!(side_labels(&b, "side-S"), ["a1", "b1", "c1"]);
    assert_eq!(side_labels(&b, "side-W"), ["a1", "a2", "a3"]);
    assert_eq!(side_labels(&b, "side-E"), ["c1", "b2", "a3"]);
    assert_eq!(step(&b, "a2", "E"), Some("b2"));
    assert_eq!(step(&b, "b2", "NE"), None);
    assert_eq!(step(&b, "b2", "NW"), Some("a3"));
    assert_eq!(step(&b, "b1", "NE"), Some("b2"));
    let r = b.relation("adjacent").unwrap();
    assert_eq!(b.relations[r].edge_count(), 9);
    assert_eq!(b.sides.len(), 3);
    assert!(b.side("side-N").is_none());
}

#[test]
fn tilings_have_no_directions() {
    let b = tiling::build("3.4.6.4", 1).unwrap();
    assert!(b.directions.is_empty() && b.sides.is_empty());
}

#[test]
fn direction_relations_are_one_way() {
    let mut b = square::build(3);
    let before = b.relations.len();
    let i = b.add_direction_relation("N").unwrap();
    assert_eq!(i, before);
    assert_eq!(b.add_direction_relation("N"), Some(i));
    assert!(b.add_direction_relation("NNE").is_none());
    let r = &b.relations[i];
    assert!(r.direction);
    assert_eq!(r.neighbors(b.site("b2").unwrap()), [b.site("b3").unwrap()]);
    assert!(r.neighbors(b.site("b3").unwrap()).is_empty());
    assert_eq!(r.edge_count(), 6);
}
