//! Tests of the board generators (`tabula::board::{square, hexhex, tiling}`): counts, labels,
//! relations and regions, and the whole of RULES.md Appendix A for the Kensington board.

use tabula::board::{Relation, Shape, Site, Topology, hexhex, square, tiling};

// ---------------------------------------------------------------------------------------------
// helpers

fn relation<'a>(t: &'a Topology, name: &str) -> &'a Relation {
    &t.relations[t.relation(name).unwrap_or_else(|| panic!("no relation {name}"))]
}

fn region_parts(t: &Topology, name: &str) -> Vec<(Option<String>, Vec<Site>)> {
    let r = &t.regions[t.region(name).unwrap_or_else(|| panic!("no region {name}"))];
    r.parts.iter().map(|p| (p.label.clone(), p.sites.clone())).collect()
}

fn perimeter(t: &Topology) -> Vec<Site> {
    let parts = region_parts(t, "perimeter");
    assert_eq!(parts.len(), 1);
    assert_eq!(parts[0].0, None);
    parts[0].1.clone()
}

fn site(t: &Topology, label: &str) -> Site {
    t.site(label).unwrap_or_else(|| panic!("no site {label}"))
}

fn degree(t: &Topology, rel: &str, label: &str) -> usize {
    relation(t, rel).neighbors(site(t, label)).len()
}

/// Invariants every topology must satisfy: unique labels, symmetric sorted relations without
/// self-loops, regions with sorted duplicate-free parts of valid sites.
fn check_invariants(t: &Topology) {
    let n = t.site_count();
    let mut labels: Vec<&str> = t.sites.iter().map(|s| s.label.as_str()).collect();
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), n, "labels are not unique");
    for r in &t.relations {
        assert_eq!(r.graph.node_count(), n);
        assert_eq!(r.offsets.len(), n + 1);
        assert_eq!(r.targets.len(), 2 * r.edge_count());
        for s in 0..n as Site {
            let nb = r.neighbors(s);
            assert!(nb.windows(2).all(|w| w[0] < w[1]), "{}: unsorted", r.name);
            for &o in nb {
                assert_ne!(o, s);
                assert!(r.neighbors(o).contains(&s), "{}: asymmetric {s}-{o}", r.name);
            }
        }
    }
    for reg in &t.regions {
        for p in &reg.parts {
            assert!(p.sites.windows(2).all(|w| w[0] < w[1]), "{}: unsorted part", reg.name);
            assert!(p.sites.iter().all(|&s| (s as usize) < n));
        }
    }
}

fn dist(t: &Topology, a: Site, b: Site) -> f64 {
    let (p, q) = (&t.sites[a as usize], &t.sites[b as usize]);
    (p.x - q.x).hypot(p.y - q.y)
}

// ---------------------------------------------------------------------------------------------
// square

#[test]
fn column_letters_are_spreadsheet_style() {
    let cases = [(0, "a"), (8, "i"), (18, "s"), (25, "z"), (26, "aa"), (27, "ab"), (51, "az")];
    for (i, s) in cases {
        assert_eq!(square::column_letters(i), s);
    }
    assert_eq!(square::column_letters(52), "ba");
    assert_eq!(square::column_letters(701), "zz");
    assert_eq!(square::column_letters(702), "aaa");
}

#[test]
fn square_9_counts() {
    let t = square::build(9);
    check_invariants(&t);
    assert_eq!(t.shape, Shape::Square { size: 9 });
    assert_eq!(t.site_count(), 81);
    let names: Vec<&str> = t.relations.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["orthogonal", "diagonal", "all"]);
    assert_eq!(relation(&t, "orthogonal").edge_count(), 144);
    assert_eq!(relation(&t, "diagonal").edge_count(), 128);
    assert_eq!(relation(&t, "all").edge_count(), 272);
    assert_eq!(t.regions.len(), 1);
    assert_eq!(perimeter(&t).len(), 32);
}

#[test]
fn square_sizes() {
    assert_eq!(square::build(13).site_count(), 169);
    assert_eq!(perimeter(&square::build(5)).len(), 16);
    let t = square::build(5);
    check_invariants(&t);
    let expected: Vec<Site> = vec![0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 19, 20, 21, 22, 23, 24];
    assert_eq!(perimeter(&t), expected);
}

#[test]
fn square_labels_and_positions() {
    let t = square::build(9);
    assert_eq!(site(&t, "a1"), 0);
    assert_eq!((t.sites[0].x, t.sites[0].y), (0.0, 0.0));
    assert_eq!(site(&t, "b1"), 1);
    assert_eq!(site(&t, "a2"), 9);
    assert_eq!(site(&t, "e5"), 40);
    assert_eq!(site(&t, "i9"), 80);
    let c7 = &t.sites[site(&t, "c7") as usize];
    assert_eq!((c7.x, c7.y), (2.0, 6.0));
    for (i, s) in t.sites.iter().enumerate() {
        assert_eq!((s.x, s.y), ((i % 9) as f64, (i / 9) as f64));
    }
    assert_eq!(t.site("j1"), None);
    assert_eq!(t.site("a10"), None);

    let t19 = square::build(19);
    assert_eq!(site(&t19, "s19"), 360);
    assert_eq!(site(&t19, "i1"), 8, "no letter is skipped");
    assert_eq!(t19.site("t1"), None);
}

#[test]
fn square_degrees() {
    let t = square::build(9);
    for (label, o, d, a) in [("a1", 2, 1, 3), ("i9", 2, 1, 3), ("e1", 3, 2, 5), ("e5", 4, 4, 8)] {
        assert_eq!(degree(&t, "orthogonal", label), o, "{label}");
        assert_eq!(degree(&t, "diagonal", label), d, "{label}");
        assert_eq!(degree(&t, "all", label), a, "{label}");
    }
    let e5 = site(&t, "e5");
    let names = |ids: &[Site]| -> Vec<String> { ids.iter().map(|&s| t.sites[s as usize].label.clone()).collect() };
    assert_eq!(names(relation(&t, "orthogonal").neighbors(e5)), ["e4", "d5", "f5", "e6"]);
    assert_eq!(names(relation(&t, "diagonal").neighbors(e5)), ["d4", "f4", "d6", "f6"]);
    // Geometry: orthogonal = distance 1, diagonal = distance √2.
    for s in 0..81 {
        for &o in relation(&t, "orthogonal").neighbors(s) {
            assert!((dist(&t, s, o) - 1.0).abs() < 1e-9);
        }
        for &o in relation(&t, "diagonal").neighbors(s) {
            assert!((dist(&t, s, o) - 2f64.sqrt()).abs() < 1e-9);
        }
    }
}

#[test]
fn square_extreme_sizes() {
    let t = square::build(1);
    check_invariants(&t);
    assert_eq!(t.site_count(), 1);
    assert_eq!(t.sites[0].label, "a1");
    assert!(t.relations.iter().all(|r| r.edge_count() == 0));
    assert_eq!(perimeter(&t), vec![0]);

    let t = square::build(0);
    assert_eq!(t.site_count(), 0);
    assert_eq!(t.relations.len(), 3);

    let t = square::build(square::MAX_SIZE);
    assert_eq!(square::MAX_SIZE, 255);
    assert_eq!(t.site_count(), 65_025);
    assert_eq!(t.sites[65_024].label, "iu255");
    assert_eq!(relation(&t, "orthogonal").edge_count(), 2 * 255 * 254);
    check_invariants(&t);
    // Larger sizes are clamped, never wrapped.
    assert_eq!(square::build(1000).site_count(), 65_025);
}

#[test]
fn square_is_deterministic() {
    let (a, b) = (square::build(7), square::build(7));
    assert_eq!(a.sites, b.sites);
    assert_eq!(a.regions, b.regions);
    for (x, y) in a.relations.iter().zip(&b.relations) {
        assert_eq!((&x.name, &x.offsets, &x.targets), (&y.name, &y.offsets, &y.targets));
    }
}

// ---------------------------------------------------------------------------------------------
// hexhex

#[test]
fn hexhex_5_counts() {
    let t = hexhex::build(5);
    check_invariants(&t);
    assert_eq!(t.shape, Shape::HexHex { side: 5 });
    assert_eq!(t.site_count(), 61);
    assert_eq!(t.relations.len(), 1);
    assert_eq!(relation(&t, "adjacent").edge_count(), 156);
    assert_eq!(perimeter(&t).len(), 24);
    let mut by_degree = [0; 7];
    for s in 0..61 {
        by_degree[relation(&t, "adjacent").neighbors(s).len()] += 1;
    }
    assert_eq!(by_degree, [0, 0, 0, 6, 18, 0, 37]);
    // Rim cells have degree < 6, inner cells 6.
    for s in 0..61 {
        let rim = perimeter(&t).contains(&s);
        assert_eq!(rim, relation(&t, "adjacent").neighbors(s).len() < 6);
    }
}

#[test]
fn hexhex_cell_counts() {
    for (n, cells) in [(1, 1), (2, 7), (3, 19), (4, 37), (5, 61), (6, 91), (7, 127)] {
        let t = hexhex::build(n);
        check_invariants(&t);
        assert_eq!(t.site_count(), cells, "n = {n}");
        let p = if n == 1 { 1 } else { 6 * (n - 1) };
        assert_eq!(perimeter(&t).len(), p, "n = {n}");
    }
    assert_eq!(relation(&hexhex::build(1), "adjacent").edge_count(), 0);
    assert_eq!(hexhex::build(0).site_count(), 0);
}

#[test]
fn hexhex_labels() {
    assert_eq!(hexhex::axial_label(3, 0, 0).as_deref(), Some("c3"));
    assert_eq!(hexhex::axial_label(3, 1, -1).as_deref(), Some("d4"));
    assert_eq!(hexhex::axial_label(3, -2, 2).as_deref(), Some("a1"));
    assert_eq!(hexhex::axial_label(3, 2, -2).as_deref(), Some("e5"));
    assert_eq!(hexhex::axial_label(3, -2, 0).as_deref(), Some("a3"));
    assert_eq!(hexhex::axial_label(3, 0, -2).as_deref(), Some("c5"));
    assert_eq!(hexhex::axial_label(5, 0, 0).as_deref(), Some("e5"));
    assert_eq!(hexhex::axial_label(5, 4, -4).as_deref(), Some("i9"));
    assert_eq!(hexhex::axial_label(3, 2, 0).as_deref(), Some("e3"));
    assert_eq!(hexhex::axial_label(3, 2, 1), None);
    assert_eq!(hexhex::axial_label(3, 3, 0), None);
    assert_eq!(hexhex::axial_label(3, 3, -3), None);
    assert_eq!(hexhex::axial_label(0, 0, 0), None);
    assert_eq!(hexhex::axial_label(3, i32::MIN, i32::MAX), None);

    let t = hexhex::build(3);
    let labels: Vec<&str> = t.sites.iter().map(|s| s.label.as_str()).collect();
    let expected = "a1 b1 c1 a2 b2 c2 d2 a3 b3 c3 d3 e3 b4 c4 d4 e4 c5 d5 e5";
    assert_eq!(labels, expected.split(' ').collect::<Vec<_>>());
    let c3 = &t.sites[site(&t, "c3") as usize];
    assert_eq!((c3.x, c3.y), (0.0, 0.0));
    // Every label agrees with axial_label at the cell's axial coordinates.
    for t in [hexhex::build(3), hexhex::build(5), hexhex::build(14)] {
        let n = match t.shape {
            Shape::HexHex { side } => side,
            _ => unreachable!(),
        };
        for s in &t.sites {
            let r = (-s.y / (3f64.sqrt() / 2.0)).round() as i32;
            let q = (s.x - f64::from(r) / 2.0).round() as i32;
            assert_eq!(hexhex::axial_label(n, q, r).as_deref(), Some(s.label.as_str()));
        }
    }
    // 14 per side = 27 columns: the last one is "aa".
    assert_eq!(site(&hexhex::build(14), "aa27"), 546);
}

#[test]
fn hexhex_geometry() {
    let t = hexhex::build(5);
    let adj = relation(&t, "adjacent");
    // Bottom row first, left to right.
    for w in t.sites.windows(2) {
        let (a, b) = (&w[0], &w[1]);
        assert!(a.y < b.y - 1e-9 || ((a.y - b.y).abs() < 1e-9 && a.x < b.x));
    }
    // Adjacent = centres at distance 1.
    for a in 0..61 {
        for b in 0..61 {
            let near = a != b && (dist(&t, a, b) - 1.0).abs() < 1e-9;
            assert_eq!(adj.neighbors(a).contains(&b), near, "{a} {b}");
        }
    }
    let e5 = site(&t, "e5");
    let names: Vec<&str> = adj.neighbors(e5).iter().map(|&s| t.sites[s as usize].label.as_str()).collect();
    assert_eq!(names, ["d4", "e4", "d5", "f5", "e6", "f6"]);
    for (label, d) in [("a1", 3), ("e1", 3), ("i9", 3), ("a5", 3), ("b1", 4), ("a3", 4)] {
        assert_eq!(degree(&t, "adjacent", label), d, "{label}");
    }
}

#[test]
fn hexhex_large() {
    let t = hexhex::build(100);
    assert_eq!(t.site_count(), 29_701);
    check_invariants(&t);
    let t = hexhex::build(hexhex::MAX_SIZE);
    assert_eq!(t.site_count(), 3 * 148 * 147 + 1);
    assert_eq!(hexhex::build(10_000).site_count(), t.site_count());
}

// ---------------------------------------------------------------------------------------------
// tiling 3.4.6.4

fn kensington() -> Topology {
    tiling::build("3.4.6.4", 2).expect("size 2 builds")
}

fn face_count(t: &Topology) -> usize {
    ["triangles", "squares", "hexagons"].iter().map(|r| region_parts(t, r).len()).sum()
}

#[test]
fn tiling_size_2_counts() {
    let t = kensington();
    check_invariants(&t);
    assert_eq!(t.shape, Shape::Tiling { pattern: "3.4.6.4".into(), rings: 2 });
    assert_eq!(t.site_count(), 72);
    assert_eq!(t.relations.len(), 1);
    assert_eq!(relation(&t, "edges").edge_count(), 132);
    assert_eq!(relation(&t, "edges").max_degree(), 4);
    let names: Vec<&str> = t.regions.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["perimeter", "triangles", "squares", "hexagons"]);
    assert_eq!(region_parts(&t, "triangles").len(), 24);
    assert_eq!(region_parts(&t, "squares").len(), 30);
    assert_eq!(region_parts(&t, "hexagons").len(), 7);
    assert_eq!(perimeter(&t).len(), 30);
    assert_eq!(72 - 132 + face_count(&t) as i64, 1);
    for (i, s) in t.sites.iter().enumerate() {
        assert_eq!(s.label, i.to_string());
    }
    // Edges have length 1.
    for a in 0..72 {
        for &b in relation(&t, "edges").neighbors(a) {
            assert!((dist(&t, a, b) - 1.0).abs() < 1e-9);
        }
    }
}

#[test]
fn tiling_e_ks1() {
    let t = kensington();
    let edges = relation(&t, "edges");
    let parts_with = |region: &str, v: Site| -> Vec<String> {
        region_parts(&t, region)
            .into_iter()
            .filter(|(_, s)| s.contains(&v))
            .map(|(l, _)| l.unwrap_or_default())
            .collect()
    };
    assert_eq!(edges.neighbors(0), [1, 4, 7]);
    assert_eq!(parts_with("triangles", 0), ["t0"]);
    assert_eq!(parts_with("squares", 0), ["s0"]);
    assert_eq!(edges.neighbors(5), [1, 2, 11, 12]);
    assert_eq!(parts_with("triangles", 5), ["t3"]);
    assert_eq!(parts_with("squares", 5), ["s1", "s2"]);
    assert!(parts_with("hexagons", 5).is_empty());
    assert_eq!(edges.neighbors(31), [22, 26, 30, 39]);
    assert_eq!(parts_with("hexagons", 31), ["h3"]);
    assert_eq!(parts_with("triangles", 31), ["t9"]);
    assert_eq!(parts_with("squares", 31), ["s9", "s14"]);
    let triangles = region_parts(&t, "triangles");
    let squares = region_parts(&t, "squares");
    assert_eq!(triangles[9].1, [22, 30, 31]);
    assert_eq!(squares[9].1, [17, 22, 26, 31]);
    assert_eq!(squares[14].1, [30, 31, 38, 39]);
    for v in 0..72 {
        assert_eq!(parts_with("triangles", v).len(), 1, "every vertex is in one triangle");
        assert!((1..=2).contains(&parts_with("squares", v).len()));
        assert!(parts_with("hexagons", v).len() <= 1);
    }
}

fn parse_ids(s: &str) -> Vec<Site> {
    let s = s.trim().trim_start_matches('{').trim_end_matches('}');
    s.split(',').map(|x| x.trim().parse().expect("vertex id")).collect()
}

/// Parses `T0={0,1,7} T1={...}` into (lower-case label, vertex set).
fn parse_faces(text: &str) -> Vec<(String, Vec<Site>)> {
    text.split_whitespace()
        .map(|tok| {
            let (name, set) = tok.split_once('=').expect("NAME={...}");
            (name.to_lowercase(), parse_ids(set))
        })
        .collect()
}

/// Splits a markdown table row `| a | b | c |` into its trimmed cells.
fn cells(row: &str) -> Vec<&str> {
    let row = row.trim().trim_start_matches('|').trim_end_matches('|');
    row.split('|').map(str::trim).collect()
}

/// Order of the hexagons h0..h6: by centre, top row first, left to right.
const HEXAGON_ORDER: [&str; 7] = ["B_left", "B_right", "W_left", "W_centre", "W_right", "R_left", "R_right"];

#[test]
fn tiling_appendix_a1_hexagons() {
    let t = kensington();
    let parts = region_parts(&t, "hexagons");
    for row in A1_HEXAGONS.lines() {
        let c = cells(row);
        let h = HEXAGON_ORDER.iter().position(|&n| n == c[0]).expect("known hexagon");
        assert_eq!(parts[h].0.as_deref(), Some(format!("h{h}").as_str()));
        assert_eq!(parts[h].1, parse_ids(c[3]), "{}", c[0]);
        // Centroid = the centre given in the table.
        let (cx, cy) = c[2].trim_matches(|ch| ch == '(' || ch == ')').split_once(',').unwrap();
        let (cx, cy): (f64, f64) = (cx.trim().parse().unwrap(), cy.trim().parse().unwrap());
        let n = parts[h].1.len() as f64;
        let mx = parts[h].1.iter().map(|&v| t.sites[v as usize].x).sum::<f64>() / n;
        let my = parts[h].1.iter().map(|&v| t.sites[v as usize].y).sum::<f64>() / n;
        assert!((mx - cx).abs() < 6e-4 && (my - cy).abs() < 6e-4, "{}", c[0]);
    }
    assert_eq!(A1_HEXAGONS.lines().count(), 7);
}

#[test]
fn tiling_appendix_a2_a3_faces() {
    let t = kensington();
    for (region, text, count) in [("triangles", A2_TRIANGLES, 24), ("squares", A3_SQUARES, 30)] {
        let expected = parse_faces(text);
        assert_eq!(expected.len(), count);
        let got: Vec<(String, Vec<Site>)> =
            region_parts(&t, region).into_iter().map(|(l, s)| (l.unwrap(), s)).collect();
        assert_eq!(got, expected, "{region}");
    }
}

#[test]
fn tiling_appendix_a4_vertices() {
    let t = kensington();
    let edges = relation(&t, "edges");
    let member_of = |region: &str, v: Site| -> Vec<String> {
        region_parts(&t, region).into_iter().filter(|(_, s)| s.contains(&v)).map(|(l, _)| l.unwrap()).collect()
    };
    let mut rows = 0;
    for row in A4_VERTICES.lines() {
        rows += 1;
        let c = cells(row);
        let v: Site = c[0].parse().unwrap();
        assert_eq!(v as usize, rows - 1);
        let info = &t.sites[v as usize];
        assert_eq!(info.label, c[0]);
        let (x, y): (f64, f64) = (c[1].parse().unwrap(), c[2].parse().unwrap());
        assert!((info.x - x).abs() <= 5.1e-4 && (info.y - y).abs() <= 5.1e-4, "coords of {v}");
        assert_eq!(edges.neighbors(v).len(), c[3].parse::<usize>().unwrap(), "degree of {v}");
        assert_eq!(edges.neighbors(v), parse_ids(c[4]), "neighbours of {v}");
        let hexagon: Vec<String> = match c[5] {
            "—" => vec![],
            name => {
                let h = HEXAGON_ORDER.iter().position(|&n| n == name).expect("known hexagon");
                vec![format!("h{h}")]
            }
        };
        assert_eq!(member_of("hexagons", v), hexagon, "hexagon of {v}");
        assert_eq!(member_of("triangles", v), [c[6].to_lowercase()], "triangle of {v}");
        let squares: Vec<String> = c[7].split(',').map(str::to_lowercase).collect();
        assert_eq!(member_of("squares", v), squares, "squares of {v}");
    }
    assert_eq!(rows, 72);
}

#[test]
fn tiling_appendix_rim() {
    let t = kensington();
    assert_eq!(perimeter(&t), parse_ids(A_RIM));
    let apex: Vec<Site> =
        perimeter(&t).into_iter().filter(|&v| relation(&t, "edges").neighbors(v).len() == 4).collect();
    assert_eq!(apex, parse_ids(A_APEX));
}

#[test]
fn tiling_other_sizes() {
    for (size, hexagons) in [(1, 1), (2, 7), (3, 19), (4, 37), (5, 61)] {
        let t = tiling::build("3.4.6.4", size).unwrap();
        check_invariants(&t);
        assert_eq!(region_parts(&t, "hexagons").len(), hexagons, "size {size}");
        assert_eq!(t.site_count(), 18 * size * size, "size {size}");
        let euler = t.site_count() as i64 - relation(&t, "edges").edge_count() as i64 + face_count(&t) as i64;
        assert_eq!(euler, 1, "Euler characteristic of size {size}");
        assert!(relation(&t, "edges").max_degree() <= 4);
        // Every face is a regular polygon of side 1 around its centroid.
        for (region, radius) in [("triangles", 1.0 / 3f64.sqrt()), ("squares", 0.5f64.sqrt()), ("hexagons", 1.0)] {
            for (_, sites) in region_parts(&t, region) {
                let n = sites.len() as f64;
                let cx = sites.iter().map(|&v| t.sites[v as usize].x).sum::<f64>() / n;
                let cy = sites.iter().map(|&v| t.sites[v as usize].y).sum::<f64>() / n;
                for &v in &sites {
                    let r = (t.sites[v as usize].x - cx).hypot(t.sites[v as usize].y - cy);
                    assert!((r - radius).abs() < 1e-6, "{region} of size {size}");
                }
            }
        }
    }
    let t = tiling::build("3.4.6.4", 1).unwrap();
    assert_eq!((t.site_count(), relation(&t, "edges").edge_count(), perimeter(&t).len()), (18, 30, 12));
    let t = tiling::build("3.4.6.4", 20).unwrap();
    assert_eq!(t.site_count(), 7200);
    assert_eq!(region_parts(&t, "hexagons").len(), 3 * 20 * 19 + 1);
    assert_eq!(tiling::MAX_SIZE, 60);
    let t = tiling::build("3.4.6.4", tiling::MAX_SIZE).unwrap();
    assert_eq!(t.site_count(), 64_800);
}

#[test]
fn tiling_errors() {
    let e = tiling::build("4.8.8", 2).unwrap_err();
    assert!(e.contains("4.8.8") && e.contains("3.4.6.4"), "{e}");
    assert!(tiling::build("", 2).is_err());
    assert!(tiling::build("3.4.6.4", 0).is_err());
    assert!(tiling::build("3.4.6.4", tiling::MAX_SIZE + 1).is_err());
    assert!(tiling::build("3.4.6.4", usize::MAX).is_err());
}

#[test]
fn tiling_is_deterministic() {
    let (a, b) = (kensington(), kensington());
    assert_eq!(a.sites, b.sites);
    assert_eq!(a.regions, b.regions);
    assert_eq!(a.relations[0].targets, b.relations[0].targets);
}

// ---------------------------------------------------------------------------------------------
// RULES.md Appendix A, verbatim

/// RULES.md Appendix A.1: hexagon, colour, centre, vertices.
const A1_HEXAGONS: &str = "\
| W_left | white | (-2.732, 0.000) | 25, 29, 30, 37, 38, 44 |
| W_centre | white | (0.000, 0.000) | 26, 31, 32, 39, 40, 45 |
| W_right | white | (2.732, 0.000) | 27, 33, 34, 41, 42, 46 |
| R_left | red | (-1.366, -2.366) | 48, 52, 53, 58, 59, 63 |
| R_right | red | (1.366, -2.366) | 49, 54, 55, 60, 61, 64 |
| B_left | blue | (-1.366, 2.366) | 7, 10, 11, 16, 17, 22 |
| B_right | blue | (1.366, 2.366) | 8, 12, 13, 18, 19, 23 |
";

/// RULES.md Appendix A.2.
const A2_TRIANGLES: &str = "\
T0={0,1,7} T1={2,3,8} T2={4,9,10} T3={5,11,12} T4={6,13,14} T5={15,16,25}
T6={17,18,26} T7={19,20,27} T8={21,28,29} T9={22,30,31} T10={23,32,33} T11={24,34,35}
T12={36,37,47} T13={38,39,48} T14={40,41,49} T15={42,43,50} T16={44,51,52} T17={45,53,54}
T18={46,55,56} T19={57,58,65} T20={59,60,66} T21={61,62,67} T22={63,68,69} T23={64,70,71}
";

/// RULES.md Appendix A.3.
const A3_SQUARES: &str = "\
S0={0,4,7,10} S1={1,5,7,11} S2={2,5,8,12} S3={3,6,8,13} S4={9,10,15,16}
S5={11,12,17,18} S6={13,14,19,20} S7={15,21,25,29} S8={16,22,25,30} S9={17,22,26,31}
S10={18,23,26,32} S11={19,23,27,33} S12={20,24,27,34} S13={28,29,36,37} S14={30,31,38,39}
S15={32,33,40,41} S16={34,35,42,43} S17={37,44,47,51} S18={38,44,48,52} S19={39,45,48,53}
S20={40,45,49,54} S21={41,46,49,55} S22={42,46,50,56} S23={51,52,57,58} S24={53,54,59,60}
S25={55,56,61,62} S26={58,63,65,68} S27={59,63,66,69} S28={60,64,66,70} S29={61,64,67,71}
";

/// RULES.md Appendix A.4: id, x, y, degree, neighbours, hexagon, triangle, squares.
const A4_VERTICES: &str = "\
| 0 | -1.866 | 4.232 | 3 | 1, 4, 7 | — | T0 | S0 |
| 1 | -0.866 | 4.232 | 3 | 0, 5, 7 | — | T0 | S1 |
| 2 | 0.866 | 4.232 | 3 | 3, 5, 8 | — | T1 | S2 |
| 3 | 1.866 | 4.232 | 3 | 2, 6, 8 | — | T1 | S3 |
| 4 | -2.732 | 3.732 | 3 | 0, 9, 10 | — | T2 | S0 |
| 5 | 0.000 | 3.732 | 4 | 1, 2, 11, 12 | — | T3 | S1,S2 |
| 6 | 2.732 | 3.732 | 3 | 3, 13, 14 | — | T4 | S3 |
| 7 | -1.366 | 3.366 | 4 | 0, 1, 10, 11 | B_left | T0 | S0,S1 |
| 8 | 1.366 | 3.366 | 4 | 2, 3, 12, 13 | B_right | T1 | S2,S3 |
| 9 | -3.232 | 2.866 | 3 | 4, 10, 15 | — | T2 | S4 |
| 10 | -2.232 | 2.866 | 4 | 4, 7, 9, 16 | B_left | T2 | S0,S4 |
| 11 | -0.500 | 2.866 | 4 | 5, 7, 12, 17 | B_left | T3 | S1,S5 |
| 12 | 0.500 | 2.866 | 4 | 5, 8, 11, 18 | B_right | T3 | S2,S5 |
| 13 | 2.232 | 2.866 | 4 | 6, 8, 14, 19 | B_right | T4 | S3,S6 |
| 14 | 3.232 | 2.866 | 3 | 6, 13, 20 | — | T4 | S6 |
| 15 | -3.232 | 1.866 | 4 | 9, 16, 21, 25 | — | T5 | S4,S7 |
| 16 | -2.232 | 1.866 | 4 | 10, 15, 22, 25 | B_left | T5 | S4,S8 |
| 17 | -0.500 | 1.866 | 4 | 11, 18, 22, 26 | B_left | T6 | S5,S9 |
| 18 | 0.500 | 1.866 | 4 | 12, 17, 23, 26 | B_right | T6 | S5,S10 |
| 19 | 2.232 | 1.866 | 4 | 13, 20, 23, 27 | B_right | T7 | S6,S11 |
| 20 | 3.232 | 1.866 | 4 | 14, 19, 24, 27 | — | T7 | S6,S12 |
| 21 | -4.098 | 1.366 | 3 | 15, 28, 29 | — | T8 | S7 |
| 22 | -1.366 | 1.366 | 4 | 16, 17, 30, 31 | B_left | T9 | S8,S9 |
| 23 | 1.366 | 1.366 | 4 | 18, 19, 32, 33 | B_right | T10 | S10,S11 |
| 24 | 4.098 | 1.366 | 3 | 20, 34, 35 | — | T11 | S12 |
| 25 | -2.732 | 1.000 | 4 | 15, 16, 29, 30 | W_left | T5 | S7,S8 |
| 26 | 0.000 | 1.000 | 4 | 17, 18, 31, 32 | W_centre | T6 | S9,S10 |
| 27 | 2.732 | 1.000 | 4 | 19, 20, 33, 34 | W_right | T7 | S11,S12 |
| 28 | -4.598 | 0.500 | 3 | 21, 29, 36 | — | T8 | S13 |
| 29 | -3.598 | 0.500 | 4 | 21, 25, 28, 37 | W_left | T8 | S7,S13 |
| 30 | -1.866 | 0.500 | 4 | 22, 25, 31, 38 | W_left | T9 | S8,S14 |
| 31 | -0.866 | 0.500 | 4 | 22, 26, 30, 39 | W_centre | T9 | S9,S14 |
| 32 | 0.866 | 0.500 | 4 | 23, 26, 33, 40 | W_centre | T10 | S10,S15 |
| 33 | 1.866 | 0.500 | 4 | 23, 27, 32, 41 | W_right | T10 | S11,S15 |
| 34 | 3.598 | 0.500 | 4 | 24, 27, 35, 42 | W_right | T11 | S12,S16 |
| 35 | 4.598 | 0.500 | 3 | 24, 34, 43 | — | T11 | S16 |
| 36 | -4.598 | -0.500 | 3 | 28, 37, 47 | — | T12 | S13 |
| 37 | -3.598 | -0.500 | 4 | 29, 36, 44, 47 | W_left | T12 | S13,S17 |
| 38 | -1.866 | -0.500 | 4 | 30, 39, 44, 48 | W_left | T13 | S14,S18 |
| 39 | -0.866 | -0.500 | 4 | 31, 38, 45, 48 | W_centre | T13 | S14,S19 |
| 40 | 0.866 | -0.500 | 4 | 32, 41, 45, 49 | W_centre | T14 | S15,S20 |
| 41 | 1.866 | -0.500 | 4 | 33, 40, 46, 49 | W_right | T14 | S15,S21 |
| 42 | 3.598 | -0.500 | 4 | 34, 43, 46, 50 | W_right | T15 | S16,S22 |
| 43 | 4.598 | -0.500 | 3 | 35, 42, 50 | — | T15 | S16 |
| 44 | -2.732 | -1.000 | 4 | 37, 38, 51, 52 | W_left | T16 | S17,S18 |
| 45 | 0.000 | -1.000 | 4 | 39, 40, 53, 54 | W_centre | T17 | S19,S20 |
| 46 | 2.732 | -1.000 | 4 | 41, 42, 55, 56 | W_right | T18 | S21,S22 |
| 47 | -4.098 | -1.366 | 3 | 36, 37, 51 | — | T12 | S17 |
| 48 | -1.366 | -1.366 | 4 | 38, 39, 52, 53 | R_left | T13 | S18,S19 |
| 49 | 1.366 | -1.366 | 4 | 40, 41, 54, 55 | R_right | T14 | S20,S21 |
| 50 | 4.098 | -1.366 | 3 | 42, 43, 56 | — | T15 | S22 |
| 51 | -3.232 | -1.866 | 4 | 44, 47, 52, 57 | — | T16 | S17,S23 |
| 52 | -2.232 | -1.866 | 4 | 44, 48, 51, 58 | R_left | T16 | S18,S23 |
| 53 | -0.500 | -1.866 | 4 | 45, 48, 54, 59 | R_left | T17 | S19,S24 |
| 54 | 0.500 | -1.866 | 4 | 45, 49, 53, 60 | R_right | T17 | S20,S24 |
| 55 | 2.232 | -1.866 | 4 | 46, 49, 56, 61 | R_right | T18 | S21,S25 |
| 56 | 3.232 | -1.866 | 4 | 46, 50, 55, 62 | — | T18 | S22,S25 |
| 57 | -3.232 | -2.866 | 3 | 51, 58, 65 | — | T19 | S23 |
| 58 | -2.232 | -2.866 | 4 | 52, 57, 63, 65 | R_left | T19 | S23,S26 |
| 59 | -0.500 | -2.866 | 4 | 53, 60, 63, 66 | R_left | T20 | S24,S27 |
| 60 | 0.500 | -2.866 | 4 | 54, 59, 64, 66 | R_right | T20 | S24,S28 |
| 61 | 2.232 | -2.866 | 4 | 55, 62, 64, 67 | R_right | T21 | S25,S29 |
| 62 | 3.232 | -2.866 | 3 | 56, 61, 67 | — | T21 | S25 |
| 63 | -1.366 | -3.366 | 4 | 58, 59, 68, 69 | R_left | T22 | S26,S27 |
| 64 | 1.366 | -3.366 | 4 | 60, 61, 70, 71 | R_right | T23 | S28,S29 |
| 65 | -2.732 | -3.732 | 3 | 57, 58, 68 | — | T19 | S26 |
| 66 | 0.000 | -3.732 | 4 | 59, 60, 69, 70 | — | T20 | S27,S28 |
| 67 | 2.732 | -3.732 | 3 | 61, 62, 71 | — | T21 | S29 |
| 68 | -1.866 | -4.232 | 3 | 63, 65, 69 | — | T22 | S26 |
| 69 | -0.866 | -4.232 | 3 | 63, 66, 68 | — | T22 | S27 |
| 70 | 0.866 | -4.232 | 3 | 64, 66, 71 | — | T23 | S28 |
| 71 | 1.866 | -4.232 | 3 | 64, 67, 70 | — | T23 | S29 |
";

/// RULES.md Appendix A, boundary (rim) vertices and the degree-4 apexes among them.
const A_RIM: &str =
    "0, 1, 2, 3, 4, 5, 6, 9, 14, 15, 20, 21, 24, 28, 35, 36, 43, 47, 50, 51, 56, 57, 62, 65, 66, 67, 68, 69, 70, 71";
const A_APEX: &str = "5, 15, 20, 51, 56, 66";
