//! SVG pictures of boards and positions, written by hand (no dependency).
//!
//! [`svg`] draws a [`Picture`]: a game's board, the stones of a position, highlighted sites
//! (the last move, say) and an optional title. What is drawn depends on the board's shape:
//!
//! * **square, rectangle**: the points on the lines of the `orthogonal` relation; column letters along
//!   the bottom and row numbers on the left.
//! * **hexhex, rhombus, triangle**: a pointy-top hexagon around each cell; an empty cell shows
//!   its label.
//! * **tiling**: the faces, filled (hexagons stronger than squares and triangles), the `edges`
//!   relation as lines, and each vertex's label beside it, inside its hexagon where it has one.
//!
//! Regions defined by the game file are tinted: the parts of a region owned by a team in a
//! light shade of the team's colour, those of an unowned region (Kensington's `white`) in
//! white. On a tiling a part that is a face fills that face; otherwise each of its sites is
//! marked. Stones are circles in the team's colour ([`colour`]): the team's name if it is a
//! colour (`Red`, `Black`), otherwise a fixed palette by team index. A highlighted site gets a
//! ring. [`Picture::relations`] adds relations drawn as thin dotted lines (the diagonals of
//! a game that drains along `all`, say).
//!
//! The topology's y axis points up; the picture's points down. One unit of the topology is a
//! fixed number of pixels per shape, so pictures of the same board have the same size. The
//! output is deterministic: elements come in site order and numbers have at most 2 decimals.

mod colour;

use std::collections::BTreeSet;
use std::fmt::{self, Write as _};

use crate::board::{Shape, Site, Topology};
use crate::game::Game;
use colour::Rgb;

/// What to draw.
pub struct Picture<'a> {
    pub game: &'a Game,
    /// Per site (index = site): the team index of the stone there, `None` if empty. Missing
    /// entries (a shorter slice) are empty sites; team indices beyond the game's teams are
    /// drawn in palette colours.
    pub stones: &'a [Option<usize>],
    /// Sites to mark with a ring, e.g. the last move. Out-of-range sites are ignored.
    pub highlight: &'a [u16],
    /// Indices into `game.board.relations` of relations to draw as thin dotted lines, besides
    /// the board's own lines (`orthogonal` on square boards, `edges` on tilings, cell outlines
    /// on hexhex boards). An edge is drawn once: listing `all` on a square board adds the
    /// diagonals only. Unknown indices are ignored.
    pub relations: &'a [usize],
    /// Drawn above the board.
    pub title: Option<String>,
}

/// Circumradius of a hexhex cell, in units of the distance between neighbouring cells.
const HEX_R: f64 = 0.577_350_269_189_625_8; // 1/√3

/// Height of the title band, in pixels.
const TITLE_BAND: f64 = 34.0;

const COORD_FONT: f64 = 12.0;
const LABEL_FONT: f64 = 10.0;

/// Size of things for one shape, in units of the topology (except `scale`).
struct Metrics {
    /// Pixels per unit.
    scale: f64,
    /// Space around the outermost sites.
    margin: f64,
    /// Radius of a stone.
    stone: f64,
}

fn metrics(board: &Topology) -> Metrics {
    match board.shape {
        // Pegs in holes, with room for the links between them.
        Shape::Square { .. } | Shape::Rectangle { .. } if board.links.is_some() => {
            Metrics { scale: 30.0, margin: 1.0, stone: 0.3 }
        }
        Shape::Square { .. } | Shape::Rectangle { .. } => Metrics { scale: 40.0, margin: 1.0, stone: 0.42 },
        Shape::Graph { .. } | Shape::GridEdges { .. } => Metrics { scale: 40.0, margin: 1.0, stone: 0.36 },
        Shape::HexHex { .. } | Shape::Rhombus { .. } | Shape::Triangle { .. } => {
            Metrics { scale: 40.0, margin: HEX_R + 0.35, stone: 0.4 }
        }
        Shape::Tiling { .. } => Metrics { scale: 50.0, margin: 0.8, stone: 0.28 },
        // A unit is half a cell: cells two units apart, grooves between them.
        Shape::GridWalls { .. } => Metrics { scale: 24.0, margin: 2.6, stone: 0.62 },
    }
}

/// Draws a picture as a complete SVG document, ending with a newline.
pub fn svg(p: &Picture) -> String {
    svg_with_kinds(p, &[])
}

/// [`svg`] with each stone's kind of piece (per site, an index into the game's kinds) written
/// on it as a letter — its symbol or its name's first letter, upper case for the first team —
/// in a game that declares kinds; `kinds` empty draws the stones alone.
pub fn svg_with_kinds(p: &Picture, kinds: &[u8]) -> String {
    svg_with_pieces(p, kinds, &[])
}

/// [`svg_with_kinds`] with the sites of pieces that belong to nobody (`neutral[site]`): each is
/// drawn as a grey square with its kind's letter, in no team's colour.
pub fn svg_with_pieces(p: &Picture, kinds: &[u8], neutral: &[bool]) -> String {
    let game = p.game;
    let board = &game.board;
    let m = metrics(board);
    let frame = Frame::new(board, &m, p.title.is_some());
    // One colour per team, and palette colours for any other team index among the stones.
    let mut teams = game.teams.clone();
    teams.resize(teams.len().max(p.stones.iter().flatten().map(|&t| t + 1).max().unwrap_or(0)), String::new());
    let colours = colour::team_colours(&teams);
    let zones = Zones::new(game);
    let stone_at = |s: usize| p.stones.get(s).copied().flatten();

    let mut out = String::new();
    let (w, h) = (N(frame.width), N(frame.height));
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" height="{h}" font-family="sans-serif">"#
    );
    style(&mut out, &colours);
    if board.links.is_some() {
        // After the style sheet, so that pictures of other boards stay as they were.
        out.push_str("<style>\n.hole{fill:#5c5142}\n.link{stroke-width:5;stroke-linecap:round}\n</style>\n");
    }
    if neutral.contains(&true) {
        // After the style sheet, so that pictures without such pieces stay as they were.
        out.push_str("<style>\n.neutral{fill:#9a9a9a;stroke:#4d4d4d;stroke-width:1.5}\n</style>\n");
    }
    let _ = writeln!(out, r#"<rect class="bg" width="{w}" height="{h}"/>"#);
    if let Some(title) = &p.title {
        let _ = writeln!(
            out,
            r#"<text class="title" x="{}" y="{}">{}</text>"#,
            N(frame.width / 2.0),
            N(TITLE_BAND / 2.0 + 16.0 * 0.35 + 2.0),
            escape(title)
        );
    }

    out.push_str("<g class=\"board\">\n");
    let mut drawn = BTreeSet::new();
    match board.shape {
        Shape::Square { .. } | Shape::Rectangle { .. } => {
            for s in 0..board.grid_sites() {
                if let Some(class) = zones.site(s as Site) {
                    square_cell(&mut out, frame.site(board, s), 0.45 * m.scale, class, 4);
                }
            }
            // A board with links is holes for pegs, joined by nothing until the links are made.
            if board.links.is_some() {
                for s in 0..board.grid_sites() {
                    let (x, y) = frame.site(board, s);
                    let _ = writeln!(
                        out,
                        r#"<circle class="hole" cx="{}" cy="{}" r="{}"/>"#,
                        N(x),
                        N(y),
                        N(0.08 * m.scale)
                    );
                }
            } else if let Some(r) = board.relation("orthogonal") {
                lines(&mut out, "line", &frame, board, r, &mut drawn);
            }
        }
        Shape::HexHex { .. } | Shape::Rhombus { .. } | Shape::Triangle { .. } => {
            for s in 0..board.site_count() {
                let site = &board.sites[s];
                let corners: Vec<(f64, f64)> = (0..6)
                    .map(|i| {
                        let t = (90.0 + 60.0 * f64::from(i)).to_radians();
                        frame.at(site.x + HEX_R * t.cos(), site.y + HEX_R * t.sin())
                    })
                    .collect();
                let class = zones.site(s as Site).map_or("cell".to_string(), |z| format!("cell {z}"));
                polygon(&mut out, &class, &corners);
            }
        }
        Shape::Graph { .. } | Shape::GridEdges { .. } => {
            if let Some(r) = board.relation("edges") {
                lines(&mut out, "line", &frame, board, r, &mut drawn);
            }
            for s in 0..board.site_count() {
                let class = zones.site(s as Site).map_or("cell".to_string(), |z| format!("cell {z}"));
                let (x, y) = frame.site(board, s);
                let _ =
                    writeln!(out, r#"<circle class="{class}" cx="{}" cy="{}" r="{}"/>"#, N(x), N(y), N(0.12 * m.scale));
            }
        }
        Shape::GridWalls { .. } => {
            for s in (0..board.site_count()).filter(|&s| board.is_cell(s)) {
                let class = zones.site(s as Site).map_or("cell".to_string(), |z| format!("cell {z}"));
                square_cell(&mut out, frame.site(board, s), 0.8 * m.scale, &class, 3);
            }
        }
        Shape::Tiling { .. } => {
            tiling_faces(&mut out, &frame, board, &zones, &m);
            if let Some(r) = board.relation("edges") {
                lines(&mut out, "line", &frame, board, r, &mut drawn);
            }
        }
    }
    // The cells of a grid with grooves are joined through the grooves, which the picture shows.
    // Nor are links, drawn as they are made.
    let drawn_relations =
        if matches!(board.shape, Shape::GridWalls { .. }) || board.links.is_some() { &[][..] } else { p.relations };
    for &r in drawn_relations {
        if r < board.relations.len() {
            lines(&mut out, "extra", &frame, board, r, &mut drawn);
        }
    }
    out.push_str("</g>\n");

    out.push_str("<g class=\"labels\">\n");
    match board.shape {
        Shape::Square { .. } | Shape::Rectangle { .. } => square_coordinates(&mut out, &frame, board),
        Shape::GridWalls { .. } => cell_coordinates(&mut out, &frame, board),
        Shape::HexHex { .. }
        | Shape::Rhombus { .. }
        | Shape::Triangle { .. }
        | Shape::Graph { .. }
        | Shape::GridEdges { .. } => {
            for (s, site) in board.sites.iter().enumerate() {
                if stone_at(s).is_none() {
                    let (x, y) = frame.at(site.x, site.y);
                    text(&mut out, "lbl", x, y, LABEL_FONT, &site.label);
                }
            }
        }
        Shape::Tiling { .. } => {
            for (s, (dx, dy)) in label_offsets(board).into_iter().enumerate() {
                let site = &board.sites[s];
                let (x, y) = frame.at(site.x + dx, site.y + dy);
                text(&mut out, "lbl", x, y, LABEL_FONT, &site.label);
            }
        }
    }
    out.push_str("</g>\n");

    out.push_str("<g class=\"stones\">\n");
    // Links first, under the pegs they join: a bar from hole to hole in the team's colour.
    for s in board.grid_sites()..board.site_count() {
        if let (Some([a, b]), Some(team)) = (board.link_ends(s), stone_at(s)) {
            let ((x1, y1), (x2, y2)) = (frame.site(board, a as usize), frame.site(board, b as usize));
            let _ = writeln!(
                out,
                r#"<line class="link t{team}" x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                N(x1),
                N(y1),
                N(x2),
                N(y2)
            );
        }
    }
    let r = N(m.stone * m.scale);
    for s in 0..board.grid_sites() {
        // On a grid with grooves, what lies between the cells is a wall, nobody's or a team's.
        if !board.is_cell(s) {
            match (neutral.get(s) == Some(&true), stone_at(s)) {
                (true, _) => groove_rect(&mut out, &frame, board, s, &m, r#"class="stone neutral""#),
                (false, Some(team)) => {
                    groove_rect(&mut out, &frame, board, s, &m, &format!(r#"class="stone t{team}""#))
                }
                (false, None) => {}
            }
            continue;
        }
        if neutral.get(s) == Some(&true) {
            let (x, y) = frame.site(board, s);
            let side = m.stone * m.scale * 1.6;
            let (left, top) = (N(x - side / 2.0), N(y - side / 2.0));
            let side = N(side);
            let _ =
                writeln!(out, r#"<rect class="stone neutral" x="{left}" y="{top}" width="{side}" height="{side}"/>"#);
            let letter = crate::display::neutral_char(game, kinds.get(s).copied().unwrap_or(0));
            let size = N(m.stone * m.scale * 1.1);
            let _ = writeln!(
                out,
                r##"<text class="kind" x="{}" y="{}" font-size="{size}" text-anchor="middle" fill="#ffffff">{}</text>"##,
                N(x),
                N(y + m.stone * m.scale * 0.38),
                escape(&letter.to_string())
            );
            continue;
        }
        if let Some(team) = stone_at(s) {
            let (x, y) = frame.site(board, s);
            let _ = writeln!(out, r#"<circle class="stone t{team}" cx="{}" cy="{}" r="{r}"/>"#, N(x), N(y));
            if let (Some(&kind), true) = (kinds.get(s), game.has_kinds()) {
                let letter = crate::display::piece_char(game, team, kind);
                let ink = colours.get(team).map_or(colour::Rgb(0, 0, 0), |c| c.ink()).hex();
                let size = N(m.stone * m.scale * 1.1);
                let _ = writeln!(
                    out,
                    r#"<text class="kind" x="{}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>"#,
                    N(x),
                    N(y + m.stone * m.scale * 0.38),
                    escape(&letter.to_string())
                );
            }
        }
    }
    out.push_str("</g>\n");

    out.push_str("<g class=\"highlight\">\n");
    let ring = N((m.stone + 0.1) * m.scale);
    let marked: BTreeSet<usize> = p.highlight.iter().map(|&s| s as usize).filter(|&s| s < board.site_count()).collect();
    for s in marked {
        let (x, y) = frame.site(board, s);
        let _ = writeln!(out, r#"<circle class="hl" cx="{}" cy="{}" r="{ring}"/>"#, N(x), N(y));
    }
    out.push_str("</g>\n");
    out.push_str("</svg>\n");
    out
}

/// [`svg`] with one invisible disc per site on top, `<circle class="site" data-site="LABEL">`,
/// so that a page showing the picture can tell which site was clicked and mark the sites a
/// player may choose (by adding a class). The picture underneath is exactly [`svg`]'s; the discs
/// have the stones' radius and no fill of their own (the page's style sheet gives them one).
pub fn svg_with_sites(p: &Picture) -> String {
    with_sites(p, svg(p))
}

/// [`svg_with_sites`] over [`svg_with_pieces`]: kinds' letters and pieces of nobody's drawn.
pub fn svg_with_sites_and_pieces(p: &Picture, kinds: &[u8], neutral: &[bool]) -> String {
    with_sites(p, svg_with_pieces(p, kinds, neutral))
}

/// The clickable discs of [`svg_with_sites`] added on top of a picture of `p`.
fn with_sites(p: &Picture, mut out: String) -> String {
    let board = &p.game.board;
    let m = metrics(board);
    let frame = Frame::new(board, &m, p.title.is_some());
    out.truncate(out.len() - "</svg>\n".len());
    out.push_str("<g class=\"sites\">\n");
    let r = N(m.stone * m.scale);
    for (s, site) in board.sites[..board.grid_sites()].iter().enumerate() {
        let (x, y) = frame.site(board, s);
        // A groove or crossing between cells is the strip between them: a disc there would
        // cover half of each cell beside it.
        if !board.is_cell(s) {
            let attributes = format!(r#"class="site" data-site="{}" fill="transparent""#, escape(&site.label));
            groove_rect(&mut out, &frame, board, s, &m, &attributes);
            continue;
        }
        let _ = writeln!(
            out,
            r#"<circle class="site" data-site="{}" cx="{}" cy="{}" r="{r}" fill="transparent"/>"#,
            escape(&site.label),
            N(x),
            N(y)
        );
    }
    out.push_str("</g>\n</svg>\n");
    out
}

/// The style sheet: board colours, then one class per team for owned regions (`zone0`, …) and
/// stones (`t0`, …).
fn style(out: &mut String, colours: &[Rgb]) {
    out.push_str("<style>\n");
    out.push_str(concat!(
        ".bg{fill:#f5efdf}\n",
        ".line{fill:none;stroke:#5c5142;stroke-width:1.5;stroke-linecap:round}\n",
        ".extra{fill:none;stroke:#5c5142;stroke-width:1;stroke-dasharray:1 4;stroke-linecap:round}\n",
        ".cell{fill:#ead9ae;stroke:#8c7953;stroke-width:1.2}\n",
        ".tri{fill:#e4dac2}\n.sq{fill:#ece4d0}\n.hex{fill:#d8c596}\n.face{fill:#e8dfc9}\n",
        ".zone{fill:#ffffff}\n",
    ));
    for (i, c) in colours.iter().enumerate() {
        let _ = writeln!(out, ".zone{i}{{fill:{}}}", c.tint().hex());
    }
    out.push_str(concat!(
        ".lbl{font-size:10px;fill:#7a6a4c;text-anchor:middle}\n",
        ".coord{font-size:12px;fill:#5c5142;text-anchor:middle}\n",
        ".title{font-size:16px;font-weight:bold;fill:#2b2b2b;text-anchor:middle}\n",
        ".stone{stroke-width:1.5}\n",
    ));
    for (i, c) in colours.iter().enumerate() {
        let _ = writeln!(out, ".t{i}{{fill:{};stroke:{}}}", c.hex(), c.outline().hex());
    }
    out.push_str(".hl{fill:none;stroke:#e8590c;stroke-width:3}\n");
    out.push_str("</style>\n");
}

/// Maps topology coordinates (y up) to picture pixels (y down).
struct Frame {
    scale: f64,
    min_x: f64,
    max_y: f64,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
}

impl Frame {
    fn new(board: &Topology, m: &Metrics, titled: bool) -> Frame {
        let xs = board.sites.iter().map(|s| s.x);
        let ys = board.sites.iter().map(|s| s.y);
        let (min_x, max_x) = extent(xs);
        let (min_y, max_y) = extent(ys);
        let pad = m.margin * m.scale;
        let band = if titled { TITLE_BAND } else { 0.0 };
        Frame {
            scale: m.scale,
            min_x,
            max_y,
            left: pad,
            top: pad + band,
            width: (max_x - min_x) * m.scale + 2.0 * pad,
            height: (max_y - min_y) * m.scale + 2.0 * pad + band,
        }
    }

    fn at(&self, x: f64, y: f64) -> (f64, f64) {
        ((x - self.min_x) * self.scale + self.left, (self.max_y - y) * self.scale + self.top)
    }

    fn site(&self, board: &Topology, s: usize) -> (f64, f64) {
        self.at(board.sites[s].x, board.sites[s].y)
    }
}

/// Smallest and largest value; `(0, 0)` for none.
fn extent(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values
        .fold(None, |acc: Option<(f64, f64)>, v| Some(acc.map_or((v, v), |(lo, hi)| (lo.min(v), hi.max(v)))))
        .unwrap_or((0.0, 0.0))
}

/// A number with at most 2 decimals, trailing zeros dropped (`12`, `12.5`, `-3.25`).
struct N(f64);

impl fmt::Display for N {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = format!("{:.2}", self.0);
        let s = s.trim_end_matches('0').trim_end_matches('.');
        f.write_str(if s == "-0" { "0" } else { s })
    }
}

/// Text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            _ => out.push(c),
        }
    }
    out
}

/// Text centred on `(x, y)` (the baseline is set a third of the font size lower, which does
/// not depend on the renderer supporting `dominant-baseline`).
fn text(out: &mut String, class: &str, x: f64, y: f64, font: f64, content: &str) {
    let _ =
        writeln!(out, r#"<text class="{class}" x="{}" y="{}">{}</text>"#, N(x), N(y + font * 0.35), escape(content));
}

fn polygon(out: &mut String, class: &str, points: &[(f64, f64)]) {
    let list: Vec<String> = points.iter().map(|&(x, y)| format!("{},{}", N(x), N(y))).collect();
    let _ = writeln!(out, r#"<polygon class="{class}" points="{}"/>"#, list.join(" "));
}

/// The edges of relation `rel` not in `drawn`, as one path of straight runs (collinear edges
/// joined: a square board's line is one segment), one run a line; adds them to `drawn`.
fn lines(
    out: &mut String,
    class: &str,
    frame: &Frame,
    board: &Topology,
    rel: usize,
    drawn: &mut BTreeSet<(Site, Site)>,
) {
    let runs = straight_runs(board, rel, drawn);
    if runs.is_empty() {
        return;
    }
    let mut d = String::new();
    for (a, b) in runs {
        let ((x1, y1), (x2, y2)) = (frame.site(board, a as usize), frame.site(board, b as usize));
        let _ = write!(d, "{}M{} {}L{} {}", if d.is_empty() { "" } else { "\n" }, N(x1), N(y1), N(x2), N(y2));
    }
    let _ = writeln!(out, r#"<path class="{class}" d="{d}"/>"#);
}

/// Maximal straight runs of edges of `rel` that are not yet in `drawn`, as (first, last) site
/// pairs in a deterministic order; every edge used is added to `drawn`.
fn straight_runs(board: &Topology, rel: usize, drawn: &mut BTreeSet<(Site, Site)>) -> Vec<(Site, Site)> {
    let relation = &board.relations[rel];
    let pos = |s: Site| (board.sites[s as usize].x, board.sites[s as usize].y);
    let key = |a: Site, b: Site| (a.min(b), a.max(b));
    // The next site after `end` going on in direction `dir`, along an undrawn edge.
    let next = |drawn: &BTreeSet<(Site, Site)>, end: Site, dir: (f64, f64)| {
        relation.neighbors(end).iter().copied().find(|&c| {
            let (e, p) = (pos(end), pos(c));
            let v = (p.0 - e.0, p.1 - e.1);
            let len = v.0.hypot(v.1);
            let cross = dir.0 * v.1 - dir.1 * v.0;
            let dot = dir.0 * v.0 + dir.1 * v.1;
            !drawn.contains(&key(end, c)) && len > 0.0 && cross.abs() <= 1e-3 * len && dot > 0.0
        })
    };
    let mut runs = Vec::new();
    for a in 0..board.site_count() as Site {
        for &b in relation.neighbors(a) {
            if b < a || drawn.contains(&key(a, b)) {
                continue;
            }
            drawn.insert(key(a, b));
            let (pa, pb) = (pos(a), pos(b));
            let len = (pb.0 - pa.0).hypot(pb.1 - pa.1);
            if len == 0.0 {
                continue;
            }
            let dir = ((pb.0 - pa.0) / len, (pb.1 - pa.1) / len);
            let (mut first, mut last) = (a, b);
            while let Some(c) = next(drawn, last, dir) {
                drawn.insert(key(last, c));
                last = c;
            }
            while let Some(c) = next(drawn, first, (-dir.0, -dir.1)) {
                drawn.insert(key(first, c));
                first = c;
            }
            runs.push((first, last));
        }
    }
    runs
}

/// Column letters below the bottom row and row numbers left of the first column, taken from
/// the labels of those sites (`c1` → `c`, `a7` → `7`).
fn square_coordinates(out: &mut String, frame: &Frame, board: &Topology) {
    let (min_x, _) = extent(board.sites.iter().map(|s| s.x));
    let (min_y, _) = extent(board.sites.iter().map(|s| s.y));
    let gap = 0.72;
    for site in &board.sites[..board.grid_sites()] {
        let letters = site.label.trim_end_matches(|c: char| c.is_ascii_digit());
        if (site.y - min_y).abs() < 1e-9 {
            let (x, y) = frame.at(site.x, min_y - gap);
            text(out, "coord", x, y, COORD_FONT, letters);
        }
        if (site.x - min_x).abs() < 1e-9 {
            let (x, y) = frame.at(min_x - gap, site.y);
            text(out, "coord", x, y, COORD_FONT, &site.label[letters.len()..]);
        }
    }
}

/// The rectangle a groove or crossing fills, with the given attributes: a wall's piece lying
/// there (a bar along the groove between two cells, or the square where two grooves meet), or
/// the site's click target.
fn groove_rect(out: &mut String, frame: &Frame, board: &Topology, s: usize, m: &Metrics, attributes: &str) {
    let (x, y) = frame.site(board, s);
    let (w, h) = groove_size(board, s, m);
    let (left, top) = (N(x - w / 2.0), N(y - h / 2.0));
    let _ = writeln!(out, r#"<rect {attributes} x="{left}" y="{top}" width="{}" height="{}"/>"#, N(w), N(h));
}

/// A square of half-side `half` centred on `(x, y)`, its corners rounded by `rx`.
fn square_cell(out: &mut String, (x, y): (f64, f64), half: f64, class: &str, rx: u8) {
    let (side, left, top) = (N(2.0 * half), N(x - half), N(y - half));
    let _ = writeln!(out, r#"<rect class="{class}" x="{left}" y="{top}" width="{side}" height="{side}" rx="{rx}"/>"#);
}

/// The width and height of a groove (as long as a cell, as wide as the gap between cells) or
/// of a crossing (the gap's width both ways), in the picture's units.
fn groove_size(board: &Topology, s: usize, m: &Metrics) -> (f64, f64) {
    let (thin, long) = (0.4 * m.scale, 2.0 * m.scale);
    match board.between_cells(s) {
        Some('h') => (long, thin),
        Some('v') => (thin, long),
        _ => (thin, thin),
    }
}

/// Column letters below the bottom row of cells and row numbers left of the first column.
fn cell_coordinates(out: &mut String, frame: &Frame, board: &Topology) {
    let gap = 1.6;
    for site in board.sites.iter().enumerate().filter(|&(s, _)| board.is_cell(s)).map(|(_, site)| site) {
        let letters = site.label.trim_end_matches(|c: char| c.is_ascii_digit());
        if site.y == 0.0 {
            let (x, y) = frame.at(site.x, -gap);
            text(out, "coord", x, y, COORD_FONT, letters);
        }
        if site.x == 0.0 {
            let (x, y) = frame.at(-gap, site.y);
            text(out, "coord", x, y, COORD_FONT, &site.label[letters.len()..]);
        }
    }
}

/// The regions of the game file, each part with the class that tints it: `zone{team}` for an
/// owned region, `zone` for an unowned one. Later regions are drawn over earlier ones.
struct Zones {
    parts: Vec<(Vec<Site>, String)>,
}

impl Zones {
    /// The regions the game declares, each tinted where it lies, but one that
    /// [`crate::display::hides_the_board`], as the terminal leaves it unmarked.
    fn new(game: &Game) -> Zones {
        let mut parts = Vec::new();
        for region in game.regions.iter().filter(|r| !r.builtin && !crate::display::hides_the_board(game, r)) {
            let class = region.owner.map_or("zone".to_string(), |t| format!("zone{t}"));
            for part in &region.parts {
                parts.push((part.clone(), class.clone()));
            }
        }
        Zones { parts }
    }

    /// The class of the last part containing `site`.
    fn site(&self, site: Site) -> Option<&str> {
        self.parts.iter().rev().find(|(sites, _)| sites.binary_search(&site).is_ok()).map(|(_, c)| c.as_str())
    }

    /// The class of the last part that is exactly this set of sites.
    fn exactly(&self, sites: &[Site]) -> Option<&str> {
        self.parts.iter().rev().find(|(s, _)| s == sites).map(|(_, c)| c.as_str())
    }
}

/// The faces of a tiling: the parts of the board's regions whose parts are all labelled.
fn faces(board: &Topology) -> impl Iterator<Item = &[Site]> {
    board
        .regions
        .iter()
        .filter(|r| !r.parts.is_empty() && r.parts.iter().all(|p| p.label.is_some()))
        .flat_map(|r| r.parts.iter().map(|p| p.sites.as_slice()))
        .filter(|sites| sites.len() >= 3)
}

fn centroid(board: &Topology, sites: &[Site]) -> (f64, f64) {
    let n = sites.len() as f64;
    let x = sites.iter().map(|&s| board.sites[s as usize].x).sum::<f64>() / n;
    let y = sites.iter().map(|&s| board.sites[s as usize].y).sum::<f64>() / n;
    (x, y)
}

/// Faces filled by kind or by the region they belong to; then the sites of regions' parts that
/// are not faces, marked with a disc.
fn tiling_faces(out: &mut String, frame: &Frame, board: &Topology, zones: &Zones, m: &Metrics) {
    let mut face_sets = Vec::new();
    for sites in faces(board) {
        let (cx, cy) = centroid(board, sites);
        let mut corners: Vec<(f64, f64)> =
            sites.iter().map(|&s| (board.sites[s as usize].x, board.sites[s as usize].y)).collect();
        corners.sort_by(|a, b| (a.1 - cy).atan2(a.0 - cx).total_cmp(&(b.1 - cy).atan2(b.0 - cx)));
        let kind = match sites.len() {
            3 => "tri",
            4 => "sq",
            6 => "hex",
            _ => "face",
        };
        let class = zones.exactly(sites).unwrap_or(kind);
        let points: Vec<(f64, f64)> = corners.iter().map(|&(x, y)| frame.at(x, y)).collect();
        polygon(out, class, &points);
        face_sets.push(sites);
    }
    let r = N(0.42 * m.scale);
    for (sites, class) in &zones.parts {
        if face_sets.contains(&sites.as_slice()) {
            continue;
        }
        for &s in sites {
            let (x, y) = frame.site(board, s as usize);
            let _ = writeln!(out, r#"<circle class="{class}" cx="{}" cy="{}" r="{r}"/>"#, N(x), N(y));
        }
    }
}

/// Where each vertex label of a tiling goes, relative to its vertex: halfway to the centre of
/// the vertex's largest face if that has 6 or more corners (inside its hexagon, clear of the
/// stone), otherwise outwards, away from the vertex's neighbours.
fn label_offsets(board: &Topology) -> Vec<(f64, f64)> {
    let mut largest: Vec<Option<(usize, (f64, f64))>> = vec![None; board.site_count()];
    for sites in faces(board) {
        let c = centroid(board, sites);
        for &s in sites {
            let slot = &mut largest[s as usize];
            if slot.is_none_or(|(n, _)| sites.len() > n) {
                *slot = Some((sites.len(), c));
            }
        }
    }
    let edges = board.relation("edges");
    (0..board.site_count())
        .map(|s| {
            let (x, y) = (board.sites[s].x, board.sites[s].y);
            let (dx, dy, dist) = match largest[s] {
                Some((n, (cx, cy))) if n >= 6 => (cx - x, cy - y, 0.5),
                _ => {
                    let around: Vec<Site> =
                        edges.map(|r| board.relations[r].neighbors(s as Site).to_vec()).unwrap_or_default();
                    if around.is_empty() {
                        (1.0, 1.0, 0.42)
                    } else {
                        let (mx, my) = centroid(board, &around);
                        (x - mx, y - my, 0.42)
                    }
                }
            };
            let len = dx.hypot(dy);
            if len < 1e-9 { (0.0, dist) } else { (dx / len * dist, dy / len * dist) }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_two_decimals_at_most() {
        let shown: Vec<String> = [12.0, 12.5, -3.254, 0.004, -0.001, 7.999].iter().map(|&v| N(v).to_string()).collect();
        assert_eq!(shown, ["12", "12.5", "-3.25", "0", "0", "8"]);
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape(r#"<a & "b">'"#), "&lt;a &amp; &quot;b&quot;&gt;&apos;");
    }
}
