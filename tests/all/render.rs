//! Tests of the SVG pictures (`tabula::render`): the three games' boards, empty and with
//! stones, checked for well-formedness, element counts, labels and determinism.
//!
//! `cargo test render:: -- --ignored` rewrites the documentation pictures
//! `docs/board-{watershed,ketchup,kensington}.svg`.

use std::path::PathBuf;

use tabula::check::{Selection, load};
use tabula::game::Game;
use tabula::render::{Picture, svg};

// ---------------------------------------------------------------------------------------------
// helpers

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn game(name: &str) -> Game {
    let path = root().join("games").join(format!("{name}.game"));
    match load(&path, &Selection::default()) {
        Ok((_, game)) => game,
        Err(e) => panic!("cannot load {}: {e:?}", path.display()),
    }
}

fn site(game: &Game, label: &str) -> u16 {
    game.board.site(label).unwrap_or_else(|| panic!("no site {label}"))
}

/// One entry per site: the team of each `(label, team)` stone, `None` elsewhere.
fn position(game: &Game, stones: &[(&str, usize)]) -> Vec<Option<usize>> {
    let mut all = vec![None; game.board.site_count()];
    for &(label, team) in stones {
        all[site(game, label) as usize] = Some(team);
    }
    all
}

fn picture<'a>(game: &'a Game, stones: &'a [Option<usize>], highlight: &'a [u16], relations: &'a [usize]) -> String {
    svg(&Picture { game, stones, highlight, relations, title: None })
}

fn empty(game: &Game) -> String {
    picture(game, &[], &[], &[])
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

/// Starts with `<svg`, ends with `</svg>\n`, and every element is closed in order (a small
/// tag-stack check: the output has no comments, CDATA or `>` inside attribute values).
fn assert_well_formed(svg: &str) {
    assert!(svg.starts_with("<svg "), "does not start with <svg: {}", &svg[..svg.len().min(80)]);
    assert!(svg.ends_with("</svg>\n"), "does not end with </svg>");
    assert_eq!(count(svg, "<g "), count(svg, "</g>"), "unbalanced <g>");
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        let close = rest[open..].find('>').expect("unterminated tag") + open;
        let tag = &rest[open + 1..close];
        assert!(!tag.contains('<'), "'<' inside a tag: {tag}");
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap_or(""));
        }
        // Text between tags must not hold a raw '&' that is not an entity.
        let text = &rest[close + 1..];
        let text = &text[..text.find('<').unwrap_or(text.len())];
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..text[i..].find(';').map_or(text.len(), |e| i + e + 1)];
            assert!(["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"].contains(&entity), "bad entity {entity}");
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed elements: {stack:?}");
}

/// The `d` attribute of the first `<path class="{class}"`.
fn path_data<'a>(svg: &'a str, class: &str) -> &'a str {
    let start = svg.find(&format!(r#"<path class="{class}" d=""#)).unwrap_or_else(|| panic!("no {class} path"));
    let d = &svg[start..];
    let d = &d[d.find("d=\"").unwrap() + 3..];
    &d[..d.find('"').unwrap()]
}

// ---------------------------------------------------------------------------------------------
// square: Watershed

#[test]
fn watershed_empty_board() {
    let g = game("watershed");
    let out = empty(&g);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"class="stone "#), 0);
    assert_eq!(count(&out, r#"class="hl""#), 0);
    // 9 rows and 9 columns, each one straight segment.
    assert_eq!(count(path_data(&out, "line"), "M"), 18);
    assert!(!out.contains(r#"class="extra""#));
    for coord in ["a", "e", "i", "1", "5", "9"] {
        assert_eq!(count(&out, &format!(">{coord}</text>")), 1, "coordinate {coord}");
    }
    assert_eq!(count(&out, r#"<text class="coord""#), 18);
    assert!(out.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400""#), "9×9 at 40 px");
}

#[test]
fn watershed_diagonals_are_extra_dotted_lines() {
    let g = game("watershed");
    let all = g.board.relation("all").unwrap();
    let diagonal = g.board.relation("diagonal").unwrap();
    let with_all = picture(&g, &[], &[], &[all]);
    assert_well_formed(&with_all);
    // `all` adds only what `orthogonal` did not draw: the 2 × 15 diagonals of length ≥ 1.
    assert_eq!(count(path_data(&with_all, "extra"), "M"), 30);
    assert_eq!(count(path_data(&with_all, "line"), "M"), 18);
    // The same picture whether the caller names `all` or `diagonal`; listing twice adds nothing.
    assert_eq!(picture(&g, &[], &[], &[diagonal, all]), with_all);
}

#[test]
fn watershed_position() {
    let g = game("watershed");
    let stones = position(&g, &[("a1", 0), ("e5", 1), ("i9", 0), ("c7", 1)]);
    let e5 = site(&g, "e5");
    let out = picture(&g, &stones, &[e5], &[]);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"class="stone t0""#), 2);
    assert_eq!(count(&out, r#"class="stone t1""#), 2);
    assert_eq!(count(&out, r#"class="hl""#), 1);
    // Dark and Light are not colour names: the palette's dark and light stones.
    assert!(out.contains(".t0{fill:#1f1f1f;"));
    assert!(out.contains(".t1{fill:#f2f2f2;"));
    // a1 is the bottom-left point: x = margin, y = height − margin; e5 is the centre.
    assert!(out.contains(r#"<circle class="stone t0" cx="40" cy="360" r="16.8"/>"#));
    assert!(out.contains(r#"<circle class="stone t1" cx="200" cy="200" r="16.8"/>"#));
    assert!(out.contains(r#"<circle class="hl" cx="200" cy="200""#));
}

// ---------------------------------------------------------------------------------------------
// hexhex: Ketchup

#[test]
fn ketchup_empty_board() {
    let g = game("ketchup");
    let out = empty(&g);
    assert_well_formed(&out);
    assert_eq!(count(&out, "<polygon "), 61);
    assert_eq!(count(&out, r#"<polygon class="cell""#), 61);
    assert_eq!(count(&out, r#"<text class="lbl""#), 61);
    for label in ["a1", "e5", "i9", "a5", "i5"] {
        assert_eq!(count(&out, &format!(">{label}</text>")), 1, "label {label}");
    }
    assert_eq!(count(&out, r#"class="stone "#), 0);
}

#[test]
fn ketchup_position_hides_covered_labels() {
    let g = game("ketchup");
    let stones = position(&g, &[("e5", 0), ("e6", 1), ("f5", 1), ("a1", 0)]);
    let out = picture(&g, &stones, &[site(&g, "e6"), site(&g, "f5")], &[]);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"class="stone "#), 4);
    assert_eq!(count(&out, r#"class="hl""#), 2);
    assert_eq!(count(&out, "<polygon "), 61);
    assert_eq!(count(&out, r#"<text class="lbl""#), 57);
    assert!(!out.contains(">e5</text>"));
    assert!(out.contains(">e4</text>"));
    // White and Black are colour names.
    assert!(out.contains(".t0{fill:#f2f2f2;stroke:#555555}"));
    assert!(out.contains(".t1{fill:#1f1f1f;stroke:#000000}"));
}

// ---------------------------------------------------------------------------------------------
// tiling: Kensington

#[test]
fn kensington_empty_board() {
    let g = game("kensington");
    let out = empty(&g);
    assert_well_formed(&out);
    let faces: usize = ["triangles", "squares", "hexagons"]
        .iter()
        .map(|r| g.board.regions[g.board.region(r).unwrap()].parts.len())
        .sum();
    assert_eq!(count(&out, "<polygon "), faces);
    assert_eq!(
        count(&out, r#"<polygon class="tri""#),
        g.board.regions[g.board.region("triangles").unwrap()].parts.len()
    );
    assert_eq!(count(&out, r#"<polygon class="sq""#), g.board.regions[g.board.region("squares").unwrap()].parts.len());
    // All seven hexagons belong to a region of the file: white h2–h4, Red's home h5–h6,
    // Blue's home h0–h1.
    assert_eq!(count(&out, r#"<polygon class="hex""#), 0);
    assert_eq!(count(&out, r#"<polygon class="zone""#), 3);
    assert_eq!(count(&out, r#"<polygon class="zone0""#), 2);
    assert_eq!(count(&out, r#"<polygon class="zone1""#), 2);
    // Light tints of Red and Blue.
    assert!(out.contains(".t0{fill:#c0392b;"));
    assert!(out.contains(".t1{fill:#2e5fa8;"));
    assert!(out.contains(".zone0{fill:#ebc0bb}"));
    // Every vertex is labelled, stones or not.
    assert_eq!(count(&out, r#"<text class="lbl""#), 72);
    for label in ["0", "31", "71"] {
        assert_eq!(count(&out, &format!(">{label}</text>")), 1, "label {label}");
    }
    // One edge per run: no two edges of 3.4.6.4 are collinear.
    let edges = &g.board.relations[g.board.relation("edges").unwrap()];
    assert_eq!(count(path_data(&out, "line"), "M"), edges.edge_count());
}

#[test]
fn kensington_position() {
    let g = game("kensington");
    let stones = position(&g, &[("31", 0), ("32", 0), ("40", 0), ("20", 1), ("21", 1)]);
    let out = picture(&g, &stones, &[site(&g, "40")], &[]);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"class="stone t0""#), 3);
    assert_eq!(count(&out, r#"class="stone t1""#), 2);
    assert_eq!(count(&out, r#"<text class="lbl""#), 72);
}

// ---------------------------------------------------------------------------------------------
// regions of the file

/// A game file with `extra` added after its `(board ...)` line, checked.
fn game_with(name: &str, extra: &str) -> Game {
    let text = std::fs::read_to_string(root().join("games").join(format!("{name}.game"))).unwrap();
    let at = text.find("(board ").unwrap();
    let at = at + text[at..].find('\n').unwrap() + 1;
    let text = format!("{}{extra}\n{}", &text[..at], &text[at..]);
    let (_, checked) = tabula::check::check_str(name, &text, &Selection::default());
    let checked = checked.unwrap();
    assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
    checked.game.unwrap()
}

#[test]
fn regions_are_tinted_on_every_shape() {
    let g = game_with("watershed", r#"(region goal (owner "Light") (sites a1 b1 c1)) (region moat (sites e5))"#);
    let out = empty(&g);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"<rect class="zone1""#), 3);
    assert_eq!(count(&out, r#"<rect class="zone""#), 1);

    let g = game_with("ketchup", r#"(region goal (owner "Black") (sites a1 b1)) (region moat (sites e5))"#);
    let out = empty(&g);
    assert_well_formed(&out);
    assert_eq!(count(&out, "<polygon "), 61);
    assert_eq!(count(&out, r#"<polygon class="cell zone1""#), 2);
    assert_eq!(count(&out, r#"<polygon class="cell zone""#), 1);

    // Parts that are not faces mark their vertices.
    let g = game_with("kensington", r#"(region spots (sites 0 1 2))"#);
    let out = empty(&g);
    assert_well_formed(&out);
    assert_eq!(count(&out, r#"<circle class="zone""#), 3);
    assert_eq!(count(&out, r#"<polygon class="zone""#), 3);
}

// ---------------------------------------------------------------------------------------------
// all shapes

#[test]
fn output_is_deterministic() {
    for name in ["watershed", "ketchup", "kensington"] {
        let g = game(name);
        let stones: Vec<Option<usize>> = (0..g.board.site_count()).map(|s| [None, Some(0), Some(1)][s % 3]).collect();
        let highlight = [0, 5, 7];
        let first = picture(&g, &stones, &highlight, &[]);
        let again = game(name);
        assert_eq!(picture(&again, &stones, &highlight, &[]), first, "{name}");
        // Numbers have at most 2 decimals.
        for number in first.split(|c: char| !(c.is_ascii_digit() || c == '.')).filter(|s| s.contains('.')) {
            let decimals = number.split('.').nth(1).unwrap_or("");
            assert!(decimals.len() <= 2, "{name}: {number}");
        }
    }
}

#[test]
fn title_and_odd_inputs() {
    let g = game("ketchup");
    let title = Some("Ketchup <size 5> & \"friends\"".to_string());
    // A short stones slice, an unknown team, out-of-range highlights and relations.
    let stones = [Some(0), None, Some(7)];
    let out = svg(&Picture { game: &g, stones: &stones, highlight: &[0, 60, 61, 9999], relations: &[42], title });
    assert_well_formed(&out);
    assert!(out.contains(r#"<text class="title""#));
    assert!(out.contains(">Ketchup &lt;size 5&gt; &amp; &quot;friends&quot;</text>"));
    assert_eq!(count(&out, r#"class="stone "#), 2);
    assert!(out.contains(".t7{fill:"), "a colour for team 7");
    assert_eq!(count(&out, r#"class="hl""#), 2);
    // The title band makes the picture taller, not wider.
    let plain = empty(&g);
    let size = |s: &str| s[s.find("viewBox=\"").unwrap()..].split('"').nth(1).unwrap().to_string();
    let (w0, h0) = size(&plain).split(' ').skip(2).map(|v| v.parse::<f64>().unwrap()).fold((0.0, 0.0), |a, v| (a.1, v));
    let (w1, h1) = size(&out).split(' ').skip(2).map(|v| v.parse::<f64>().unwrap()).fold((0.0, 0.0), |a, v| (a.1, v));
    assert_eq!(w0, w1);
    assert!(h1 > h0);
}

// ---------------------------------------------------------------------------------------------
// documentation pictures

#[test]
#[ignore = "rewrites docs/board-*.svg; run with --ignored"]
fn write_doc_pictures() {
    let docs = root().join("docs");
    std::fs::create_dir_all(&docs).unwrap();
    let write = |file: &str, text: String| {
        assert_well_formed(&text);
        std::fs::write(docs.join(file), text).unwrap();
    };

    // Watershed (Plateau drains along `all`: the diagonals are dotted).
    let g = game("watershed");
    let stones = position(
        &g,
        &[("c3", 0), ("d4", 0), ("e4", 0), ("g3", 0), ("c6", 0), ("f6", 1), ("e6", 1), ("d7", 1), ("g5", 1), ("f3", 1)],
    );
    let all = [g.board.relation("all").unwrap()];
    let highlight = [site(&g, "f3")];
    let title = Some(format!("Watershed (Plateau), {}×{}", 9, 9));
    write(
        "board-watershed.svg",
        svg(&Picture { game: &g, stones: &stones, highlight: &highlight, relations: &all, title }),
    );

    // Ketchup, size 5.
    let g = game("ketchup");
    let stones = position(
        &g,
        &[("e5", 0), ("d5", 1), ("d4", 1), ("f6", 0), ("f5", 0), ("e4", 1), ("c3", 0), ("g7", 1), ("f7", 1)],
    );
    let highlight = [site(&g, "g7"), site(&g, "f7")];
    let title = Some("Ketchup, 5 cells a side".to_string());
    write(
        "board-ketchup.svg",
        svg(&Picture { game: &g, stones: &stones, highlight: &highlight, relations: &[], title }),
    );

    // Kensington: Red's home hexagons at the bottom, Blue's at the top, white ones across the
    // middle.
    let g = game("kensington");
    let stones = position(&g, &[("30", 0), ("31", 0), ("41", 0), ("52", 0), ("19", 1), ("20", 1), ("42", 1), ("9", 1)]);
    let highlight = [site(&g, "42")];
    let title = Some("Kensington".to_string());
    write(
        "board-kensington.svg",
        svg(&Picture { game: &g, stones: &stones, highlight: &highlight, relations: &[], title }),
    );
}
