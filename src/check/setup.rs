//! Pass 4: what the rules talk about — players and teams, the board, regions, counters and
//! allowances.

use super::args::{Args, wrong_kind};
use super::document::Document;
use super::expand::Expanded;
use super::expr::constant;
use super::scope::{POISON, unknown};
use super::{Context, compass, similar};
use crate::board::{Topology, hexcells, hexhex, square, tiling};
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Player, RegionDef};
use crate::syntax::{Node, NodeKind, Span};

/// Most players a game may have.
pub const MAX_PLAYERS: usize = 16;

pub struct Setup {
    pub board: Topology,
    pub players: Vec<Player>,
    pub teams: Vec<String>,
    pub regions: Vec<RegionDef>,
    /// Regions whose declaration failed; uses of them are not reported again.
    pub broken_regions: Vec<String>,
    pub counters: Vec<String>,
    pub allowances: Vec<String>,
    /// The kinds of piece (`(pieces ...)`); empty when the game declares none.
    pub pieces: Vec<crate::game::PieceKind>,
    /// The relations the file declares (each also one of `board.relations`).
    pub relations: Vec<crate::game::RelationDef>,
    /// Relations whose declaration failed; uses of them are not reported again.
    pub broken_relations: Vec<String>,
    /// The players' hands hold the pieces they capture, by kind (`(hand captures)`).
    pub keeps_captures: bool,
}

pub fn build(cx: &mut Context, ex: &Expanded, doc: &Document<'_>) -> Option<Setup> {
    let players = match &ex.players {
        Some(p) => players(cx, p),
        None => {
            if !doc.unknown_sections {
                cx.report(missing_section(doc.game_span, "players", "(players \"White\" \"Black\")"));
            }
            None
        }
    };
    let board = match &ex.board {
        Some(b) => board(cx, b),
        None => {
            if !doc.unknown_sections {
                cx.report(missing_section(doc.game_span, "board", "(board (square 9))"));
            }
            None
        }
    };
    let counters = names(cx, &ex.counters, "counter");
    let allowances = names(cx, &ex.allowances, "allowance");
    let pieces = super::pieces::declare(cx, ex.pieces.as_ref());
    let (players, teams, keeps_captures) = players?;
    let pieces = pieces?;
    if let Some(span) = keeps_captures
        && pieces.is_empty()
    {
        cx.report(
            Diagnostic::error(codes::MISSING_SECTION, "hands that keep captured pieces hold them by kind")
                .label(span, "needs the game's kinds of piece")
                .help("declare them: `(pieces (pawn \"P\") (knight \"N\") ...)`"),
        );
        return None;
    }
    let mut board = board?;
    let words = compass::words(ex);
    compass::add_named_directions(&mut board, &words);
    if let Some(form) = &ex.board {
        let bytes = board_bytes(&board, teams.len(), pieces.len());
        let what = || format!("a board of {} sites, with its built-in relations and regions", board.site_count());
        if !cx.charge(bytes, form.span, what) {
            return None;
        }
    }
    let declared = super::relations::declare(cx, &ex.relations, &mut board, &teams);
    let (regions, broken_regions) = regions(cx, &ex.regions, &board, &teams, &words);
    Some(Setup {
        board,
        players,
        teams,
        regions,
        broken_regions,
        counters,
        allowances,
        relations: declared.relations,
        broken_relations: declared.broken,
        pieces,
        keeps_captures: keeps_captures.is_some(),
    })
}

/// What copying a region's parts costs.
fn region_bytes(r: &RegionDef) -> u64 {
    r.parts.iter().map(|p| crate::game::footprint::part(p.len())).sum()
}

/// What a board costs before anything is declared on it: its sites, built-in relations,
/// directions and regions, and the hash keys of its pieces.
fn board_bytes(board: &Topology, teams: usize, kinds: usize) -> u64 {
    use crate::game::footprint;
    let n = board.site_count();
    let regions: u64 =
        board.regions.iter().map(|r| footprint::region_of_parts(n, r.parts.iter().map(|p| p.sites.len()))).sum();
    footprint::board(board) + regions + footprint::keys(n, teams, kinds)
}

/// "the game has no `(NAME ...)` section", with an example to add.
pub(crate) fn missing_section(game: Span, name: &str, example: &str) -> Diagnostic {
    Diagnostic::error(codes::MISSING_SECTION, format!("the game has no `({name} ...)` section"))
        .label(game.first_char(), "in this game")
        .help(format!("add one, for example `{example}`"))
}

/// `(players NAME... [(hand N|captures)])` or `(players (player NAME [(team T)] [(hand N)])...)`.
/// Also returns where `(hand captures)` is written, if it is: every player's hand then starts
/// empty and keeps the pieces he captures.
type Players = (Vec<Player>, Vec<String>, Option<Span>);
fn players(cx: &mut Context, form: &Node) -> Option<Players> {
    let mut list: Vec<(Player, Span)> = Vec::new();
    let mut team_names: Vec<String> = Vec::new();
    let mut common_hand: Option<u32> = None;
    let mut keeps_captures: Option<Span> = None;
    let mut explicit_team: Vec<Option<(String, Span)>> = Vec::new();
    let errors_before = cx.error_count();
    for item in form.args() {
        match (&item.kind, item.head()) {
            (NodeKind::Str(name), _) => {
                list.push((Player { name: name.clone(), team: 0, hand: None }, item.span));
                explicit_team.push(None);
            }
            (_, Some("player")) => {
                let mut args = Args::new(item);
                let Some((name, name_span)) = args.string(cx, "the player's name") else { continue };
                let mut hand = None;
                let mut team = None;
                for clause in args.rest() {
                    match clause.head() {
                        Some("hand") if is_captures(clause) => cx.report(
                            Diagnostic::error(codes::WRONG_PLACE, "hands that keep captures are every player's")
                                .label(clause.span, "in one player's entry")
                                .help("write `(hand captures)` in `players`, after the players"),
                        ),
                        Some("hand") => hand = hand_size(cx, clause),
                        Some("team") => {
                            let mut t = Args::new(clause);
                            team = t.string(cx, "the team's name");
                            t.finish(cx);
                        }
                        _ => cx.report(
                            wrong_kind(clause, "a player's detail", "`(team NAME)` or `(hand N)`")
                                .help("usage: (player NAME [(team TEAM)] [(hand N)])"),
                        ),
                    }
                }
                list.push((Player { name, team: 0, hand }, name_span));
                explicit_team.push(team);
            }
            (_, Some("hand")) if is_captures(item) => {
                common_hand = Some(0);
                keeps_captures = Some(item.span);
            }
            (_, Some("hand")) => common_hand = hand_size(cx, item),
            (NodeKind::Symbol(s), _) if s != POISON => cx.report(
                wrong_kind(item, "a player", "a name in quotes or `(player ...)`")
                    .help(format!("write player names as strings: \"{s}\"")),
            ),
            (NodeKind::Braces(_) | NodeKind::Named(..), _) => {}
            _ => cx.report(wrong_kind(item, "a player", "a name in quotes or `(player ...)`")),
        }
    }
    // Names are what the board, the prompt and the results show: an empty one shows as nothing.
    for (player, span) in &list {
        if player.name.trim().is_empty() {
            cx.report(
                Diagnostic::error(codes::BAD_PLAYERS, "a player's name is empty")
                    .label(*span, "this name")
                    .help("give every player a name to show: `(players \"White\" \"Black\")`"),
            );
        }
    }
    for (team, span) in explicit_team.iter().flatten() {
        if team.trim().is_empty() {
            cx.report(
                Diagnostic::error(codes::BAD_PLAYERS, "a team's name is empty")
                    .label(*span, "this name")
                    .help("give the team a name to show: `(team \"Red\")`"),
            );
        }
    }
    for i in 0..list.len() {
        if let Some(j) = (0..i).find(|&j| list[j].0.name == list[i].0.name) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("player \"{}\" is listed twice", list[i].0.name))
                    .label(list[i].1, "listed again here")
                    .label(list[j].1, "first listed here"),
            );
        }
    }
    if let Some(captures) = keeps_captures {
        for (player, span) in list.iter().filter(|(p, _)| p.hand.is_some()) {
            cx.report(
                Diagnostic::error(
                    codes::BAD_PLAYERS,
                    format!("player \"{}\" has a hand of stones, but hands keep captures", player.name),
                )
                .label(*span, "this player's own hand")
                .label(captures, "every hand keeps the pieces its player captures")
                .help("a hand of captures starts empty: remove the player's `(hand N)`"),
            );
        }
    }
    if cx.error_count() > errors_before {
        return None;
    }
    if list.len() < 2 || list.len() > MAX_PLAYERS {
        cx.report(
            Diagnostic::error(
                codes::BAD_PLAYERS,
                format!("a game has 2 to {MAX_PLAYERS} players, found {}", list.len()),
            )
            .label(form.span, "these players")
            .help("list the players in turn order: `(players \"White\" \"Black\")`"),
        );
        return None;
    }
    for ((player, _), team) in list.iter_mut().zip(explicit_team) {
        let team = team.map(|(name, _)| name).unwrap_or_else(|| player.name.clone());
        player.team = match team_names.iter().position(|t| *t == team) {
            Some(i) => i,
            None => {
                team_names.push(team);
                team_names.len() - 1
            }
        };
        if player.hand.is_none() {
            player.hand = common_hand;
        }
    }
    if team_names.len() < 2 {
        cx.report(
            Diagnostic::error(codes::BAD_PLAYERS, "every player is in the same team")
                .label(form.span, "one team only")
                .help("a game needs at least two teams (sides) to have opponents"),
        );
        return None;
    }
    Some((list.into_iter().map(|(p, _)| p).collect(), team_names, keeps_captures))
}

/// `(hand captures)`: a hand that keeps the pieces its player captures.
fn is_captures(form: &Node) -> bool {
    matches!(form.args(), [n] if matches!(&n.kind, NodeKind::Symbol(s) if s == "captures"))
}

fn hand_size(cx: &mut Context, form: &Node) -> Option<u32> {
    let mut args = Args::new(form);
    let node = args.required(cx, "the number of stones in hand")?;
    args.finish(cx);
    // `(hand captures 0)`: `captures` with something after it, which `finish` has reported.
    if node.symbol() == Some("captures") {
        return None;
    }
    // A word other than `captures` (already read): `capture`, `captured`.
    if let Some(word) = node.symbol().filter(|s| *s != POISON) {
        let guess = similar::did_you_mean(word, ["captures"]);
        cx.report(
            wrong_kind(node, "a hand", "a number of stones or `captures`").help(match guess {
                Some(g) => format!("{g} `(hand captures)` keeps the pieces a player captures"),
                None => "usage: (hand N|captures): N stones to place, or `captures` for the pieces a player captures"
                    .to_string(),
            }),
        );
        return None;
    }
    let n = constant(cx, node)?;
    if !(0..=100_000).contains(&n) {
        cx.report(
            Diagnostic::error(codes::OUT_OF_RANGE, format!("a hand of {n} stones"))
                .label(node.span, "expected 0 to 100000 stones"),
        );
        return None;
    }
    Some(n as u32)
}

/// `(board (square N))`, `(board (rectangle W H))`, `(board (hexhex N))`, `(board (rhombus N))`,
/// `(board (triangle N))`, `(board (tiling PATTERN N))`.
fn board(cx: &mut Context, form: &Node) -> Option<Topology> {
    let mut args = Args::new(form);
    let generator = args.required(cx, "a board generator such as `(square 9)`")?;
    args.finish(cx);
    generate(cx, generator)
}

/// The board a generator such as `(square 9)` or `(links (square 8) (N N E))` builds.
pub(super) fn generate(cx: &mut Context, generator: &Node) -> Option<Topology> {
    let mut g = Args::new(generator);
    let sized_as = |cx: &mut Context, g: &mut Args<'_>, max: usize, min: i64, what: &str| -> Option<usize> {
        let node = g.required(cx, what)?;
        let n = constant(cx, node)?;
        if n < min || n > max as i64 {
            cx.report(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("board size {n} is out of range"))
                    .label(node.span, format!("`{}` takes {min} to {max}", g.head())),
            );
            return None;
        }
        Some(n as usize)
    };
    let sized = |cx: &mut Context, g: &mut Args<'_>, max: usize, min: i64| sized_as(cx, g, max, min, "the size");
    let board = match generator.head() {
        Some("square") => square::build(sized(cx, &mut g, square::MAX_SIZE, 2)?),
        Some("hexhex") => hexhex::build(sized(cx, &mut g, hexhex::MAX_SIZE, 2)?),
        Some("rhombus") => hexcells::rhombus(sized(cx, &mut g, hexcells::MAX_RHOMBUS, 2)?),
        Some("triangle") => hexcells::triangle(sized(cx, &mut g, hexcells::MAX_TRIANGLE, 2)?),
        Some("rectangle") => {
            let width = sized_as(cx, &mut g, square::MAX_SIZE, 1, "the width (columns)");
            let height = sized_as(cx, &mut g, square::MAX_SIZE, 1, "the height (rows)");
            let (width, height) = (width?, height?);
            if width * height < 2 {
                cx.report(
                    Diagnostic::error(codes::OUT_OF_RANGE, "a 1×1 rectangle has a single site")
                        .label(generator.span, "this board")
                        .help("a board needs at least 2 sites: `(rectangle 2 1)` or larger"),
                );
                return None;
            }
            square::rectangle(width, height)
        }
        Some("graph") => super::graph::build(cx, generator, &mut g)?,
        Some("grid-edges") => {
            // The grid of dots and midpoints is (2W + 1) × (2H + 1): its side must fit a board.
            let max = (square::MAX_SIZE - 1) / 2;
            let width = sized_as(cx, &mut g, max, 1, "the width (boxes)");
            let height = sized_as(cx, &mut g, max, 1, "the height (boxes)");
            crate::board::graph::grid_edges(width?, height?)
        }
        Some("grid-walls") => {
            // The grid of cells, grooves and crossings is (2W − 1) × (2H − 1).
            let max = crate::board::walls::MAX_CELLS;
            let width = sized_as(cx, &mut g, max, 1, "the width (cells)");
            let height = sized_as(cx, &mut g, max, 1, "the height (cells)");
            let (width, height) = (width?, height?);
            if width * height < 2 {
                cx.report(
                    Diagnostic::error(codes::OUT_OF_RANGE, "a grid of one cell has nowhere to go")
                        .label(generator.span, "this board")
                        .help("a board needs at least 2 cells: `(grid-walls 2 1)` or larger"),
                );
                return None;
            }
            crate::board::walls::build(width, height)
        }
        Some("links") => {
            let base = g.required(cx, "the board the links join, such as `(square 24)`")?;
            let steps = g.rest();
            return super::links::links(cx, generator, base, steps);
        }
        Some("tiling") => {
            let pattern = g.required(cx, "the tiling pattern, such as \"3.4.6.4\"")?;
            let name = match &pattern.kind {
                NodeKind::Str(s) | NodeKind::Symbol(s) => s.clone(),
                _ => {
                    cx.report(wrong_kind(pattern, "the tiling pattern", "a string such as \"3.4.6.4\""));
                    return None;
                }
            };
            if !tiling::PATTERNS.contains(&name.as_str()) {
                cx.report(
                    Diagnostic::error(codes::BAD_BOARD, format!("unknown tiling \"{name}\""))
                        .label(pattern.span, "not a supported tiling")
                        .help(format!("supported tilings: {}", tiling::PATTERNS.join(", "))),
                );
                return None;
            }
            let size = sized(cx, &mut g, tiling::MAX_SIZE, 1)?;
            match tiling::build(&name, size) {
                Ok(t) => t,
                Err(message) => {
                    cx.report(Diagnostic::error(codes::BAD_BOARD, message).label(generator.span, "this board"));
                    return None;
                }
            }
        }
        _ => {
            let known = [
                "square",
                "rectangle",
                "hexhex",
                "rhombus",
                "triangle",
                "tiling",
                "graph",
                "grid-edges",
                "grid-walls",
                "links",
            ];
            let mut d = Diagnostic::error(codes::UNKNOWN_LUDEME, format!("unknown board {}", generator.describe()))
                .label(generator.span, "not a board generator");
            d = match generator.head().and_then(|h| similar::did_you_mean(h, known)) {
                Some(h) => d.help(h),
                None => d.help(
                    "boards: `(square SIZE)`, `(rectangle WIDTH HEIGHT)`, `(hexhex SIDE)`, `(rhombus SIDE)`, \
                     `(triangle SIDE)`, `(tiling \"3.4.6.4\" SIZE)`, `(graph WIDTH HEIGHT (sites ...) (edges ...))`, `(grid-edges WIDTH HEIGHT)`, `(grid-walls WIDTH HEIGHT)`, `(links BOARD STEP...)`",
                ),
            };
            if generator.symbol() != Some(POISON) {
                cx.report(d);
            }
            return None;
        }
    };
    g.finish(cx);
    Some(board)
}

/// Declared names of counters or allowances; duplicates are reported.
fn names(cx: &mut Context, forms: &[Node], what: &str) -> Vec<String> {
    let mut out: Vec<(String, Span)> = Vec::new();
    for form in forms {
        let mut args = Args::new(form);
        let Some((name, span)) = args.symbol(cx, &format!("the {what}'s name")) else { continue };
        args.finish(cx);
        if let Some((_, first)) = out.iter().find(|(n, _)| *n == name) {
            cx.report(
                Diagnostic::error(codes::DUPLICATE, format!("{what} `{name}` is declared twice"))
                    .label(span, "declared again here")
                    .label(*first, "first declared here"),
            );
        } else {
            out.push((name, span));
        }
    }
    out.into_iter().map(|(n, _)| n).collect()
}

/// The board's built-in regions, then `(region NAME [(owner TEAM)] PART...)` of the file.
/// Also returns the names of regions whose declaration failed (already reported), so that their
/// uses are not reported again.
fn regions(
    cx: &mut Context,
    forms: &[Node],
    board: &Topology,
    teams: &[String],
    words: &std::collections::BTreeSet<String>,
) -> (Vec<RegionDef>, Vec<String>) {
    let mut broken = Vec::new();
    let colours = square::colours(&board.shape);
    let mut regions: Vec<RegionDef> = board
        .regions
        .iter()
        .chain(compass::named_sides(board, words))
        .chain(colours.iter().filter(|r| words.contains(&r.name)))
        .map(|r| RegionDef {
            name: r.name.clone(),
            owner: None,
            parts: r.parts.iter().map(|p| p.sites.clone()).collect(),
            labels: r.parts.iter().map(|p| p.label.clone()).collect(),
            builtin: true,
        })
        .collect();
    let mut spans: Vec<Option<Span>> = vec![None; regions.len()];
    // The regions below the one being built, nearest last: popped as each is reached.
    cx.regions_below = forms
        .iter()
        .rev()
        .map(|f| f.args().first().and_then(|n| Some((n.symbol().filter(|s| *s != POISON)?.to_string(), n.span))))
        .collect();
    for form in forms {
        cx.regions_below.pop();
        let mut args = Args::new(form);
        let Some((name, name_span)) = args.symbol(cx, "the region's name") else { continue };
        let errors_before = cx.error_count();
        let parts = args.rest();
        let mut owner = None;
        // The owner first: a part naming another region refers to this owner's one.
        for part in parts.iter().filter(|p| p.head() == Some("owner")) {
            let mut o = Args::new(part);
            if let Some((team, span)) = o.string(cx, "the owning team") {
                match teams.iter().position(|t| *t == team) {
                    Some(i) => owner = Some(i),
                    None => {
                        let known: Vec<String> = teams.iter().map(|t| format!("\"{t}\"")).collect();
                        cx.report(
                            Diagnostic::error(codes::UNKNOWN_PLAYER, format!("unknown team \"{team}\""))
                                .label(span, "no team has this name")
                                .help(format!("the teams are {}", known.join(", "))),
                        );
                    }
                }
            }
            o.finish(cx);
        }
        let mut def =
            RegionDef { name: name.clone(), owner: None, parts: Vec::new(), labels: Vec::new(), builtin: false };
        for part in parts {
            if part.head() == Some("owner") || cx.budget_refused() && part.head() != Some("faces") {
                continue;
            }
            // A part reported as wrong makes the region broken below.
            part_into(cx, part, board, &regions, owner, &mut def);
        }
        def.owner = owner;
        let sites = board.site_count();
        let tables = crate::game::footprint::region(sites, def.parts.iter().map(Vec::len).sum());
        cx.charge(tables, name_span, || format!("region `{name}`"));
        if cx.error_count() > errors_before || cx.budget_refused() {
            broken.push(name);
            continue;
        }
        // A computed part may stand for no site (`(if big (sites a2))` when `big` is off); a
        // region written without any part is a mistake.
        if !parts.iter().any(|p| p.head() != Some("owner")) {
            cx.report(args.missing("at least one part: `(sites ...)`, `(faces ...)`, `(within ...)` or a region name"));
            continue;
        }
        if let Some(i) = regions.iter().position(|r| r.name == name && (r.owner == owner || r.builtin)) {
            let d = Diagnostic::error(codes::DUPLICATE, format!("region `{name}` is defined twice"))
                .label(name_span, "defined again here");
            cx.report(match spans[i] {
                Some(first) => d.label(first, "first defined here"),
                None => d.help(format!("`{name}` is a built-in region of this board; choose another name")),
            });
            continue;
        }
        regions.push(def);
        spans.push(Some(name_span));
    }
    cx.regions_below.clear();
    (regions, broken)
}

/// A region named in a part that is not among `regions`, those known so far: one declared
/// further down the file, which must be moved above, or else an unknown name (or a side the
/// board does not have).
pub(super) fn unknown_region_part(
    cx: &Context,
    node: &Node,
    name: &str,
    board: &Topology,
    regions: &[RegionDef],
) -> Diagnostic {
    if let Some((_, below)) = cx.regions_below.iter().rev().flatten().find(|(n, _)| n == name) {
        return Diagnostic::error(codes::UNKNOWN_REGION, format!("region `{name}` is used before it is declared"))
            .label(node.span, "not declared yet")
            .label(*below, "declared further down")
            .help(format!(
                "a region's parts may name only regions declared above it: move `(region {name} ...)` up, before this one"
            ));
    }
    compass::unknown_side(node, name, board).unwrap_or_else(|| {
        unknown(node, name, "region", codes::UNKNOWN_REGION, regions.iter().map(|r| r.name.as_str()))
    })
}

/// Adds the parts that PART stands for to `def`: `(sites ...)` and `(within ...)` are one
/// part, `(faces ...)` one per face, a region's name its parts, and the computed parts of
/// [`super::parts`] theirs. False when it was reported as wrong.
pub(super) fn part_into(
    cx: &mut Context,
    part: &Node,
    board: &Topology,
    regions: &[RegionDef],
    owner: Option<usize>,
    def: &mut RegionDef,
) -> bool {
    let errors_before = cx.error_count();
    match part.head() {
        Some("faces") => faces(cx, part, board, def),
        Some("within") => {
            if let Some(sites) = super::within::part(cx, part, board, regions, owner) {
                def.parts.push(sites);
                def.labels.push(None);
            }
        }
        Some("sites") => {
            let mut sites = Vec::new();
            for label in part.args() {
                let Some(text) = label_text(label) else {
                    cx.report(wrong_kind(label, "a site", "a site label such as \"c3\""));
                    continue;
                };
                match board.site(&text) {
                    Some(s) => sites.push(s),
                    None => cx.report(unknown_site(label, &text, board)),
                }
            }
            sites.sort_unstable();
            sites.dedup();
            def.parts.push(sites);
            def.labels.push(None);
        }
        Some(head) if super::parts::COMPUTED.contains(&head) => {
            for sites in super::parts::computed(cx, part, board, regions, owner).unwrap_or_default() {
                def.parts.push(sites);
                def.labels.push(None);
            }
        }
        None if part.symbol().is_some_and(|s| s != POISON) => {
            let other = part.symbol().unwrap_or_default();
            match regions.iter().find(|r| r.name == other && (r.owner.is_none() || r.owner == owner)) {
                // Charged before it is copied: a region of regions of regions doubles.
                Some(r) if !cx.charge(region_bytes(r), part.span, || format!("the parts of `{other}`")) => {}
                Some(r) => {
                    // A region used as a part of another is used.
                    cx.used.regions.insert(other.to_string());
                    def.parts.extend(r.parts.iter().cloned());
                    def.labels.extend(r.labels.iter().cloned());
                }
                None => cx.report(unknown_region_part(cx, part, other, board, regions)),
            }
        }
        _ if part.symbol() == Some(POISON) => return false,
        _ => cx.report(
            wrong_kind(
                part,
                "a part of a region",
                "`(sites LABEL...)`, `(faces KIND LABEL...)`, `(within STEPS REGION RELATION)`, a computed part such as `(difference A B)`, or a region name",
            )
            .help("usage: (region NAME [(owner TEAM)] PART...)"),
        ),
    }
    cx.error_count() == errors_before
}

/// `(faces KIND [LABEL...])`: all faces of a kind, or those with the given labels.
fn faces(cx: &mut Context, form: &Node, board: &Topology, def: &mut RegionDef) {
    let mut args = Args::new(form);
    let Some((kind, kind_span)) = args.symbol(cx, "the kind of face, such as `hexagons`") else { return };
    let face_regions: Vec<&str> =
        board.regions.iter().filter(|r| r.parts.iter().all(|p| p.label.is_some())).map(|r| r.name.as_str()).collect();
    let Some(region) = board.regions.iter().find(|r| r.name == kind && face_regions.contains(&r.name.as_str())) else {
        let node = Node { kind: NodeKind::Symbol(kind.clone()), span: kind_span };
        let mut d = unknown(&node, &kind, "kind of face", codes::UNKNOWN_REGION, face_regions.iter().copied());
        if face_regions.is_empty() {
            d = d.help("this board has no faces; faces come with `(tiling ...)` boards");
        }
        cx.report(d);
        return;
    };
    let labels = args.rest();
    if labels.is_empty() {
        def.parts.extend(region.parts.iter().map(|p| p.sites.clone()));
        def.labels.extend(region.parts.iter().map(|p| p.label.clone()));
        return;
    }
    for label in labels {
        let text = match &label.kind {
            NodeKind::Symbol(s) | NodeKind::Str(s) => s.clone(),
            _ => {
                cx.report(wrong_kind(label, "a face", "a face label such as `h3`"));
                continue;
            }
        };
        match region.parts.iter().find(|p| p.label.as_deref() == Some(text.as_str())) {
            Some(p) => {
                def.parts.push(p.sites.clone());
                def.labels.push(p.label.clone());
            }
            None => {
                let labels: Vec<&str> = region.parts.iter().filter_map(|p| p.label.as_deref()).collect();
                let range = match (labels.first(), labels.last()) {
                    (Some(a), Some(b)) => format!("`{kind}` are labelled {a} to {b}"),
                    _ => format!("`{kind}` have no labels"),
                };
                let help = format!("{range}; `tabula info FILE --sites` lists them with their vertices");
                cx.report(
                    Diagnostic::error(codes::UNKNOWN_SITE, format!("there is no face `{text}` among the `{kind}`"))
                        .label(label.span, "no face has this label")
                        .help(help),
                );
            }
        }
    }
}

/// The text of a site label, which may be written as a word (`c3`), a string (`"c3"`) or, on
/// tilings, a number (`31`).
pub(super) fn label_text(node: &Node) -> Option<String> {
    match &node.kind {
        NodeKind::Str(s) | NodeKind::Symbol(s) => Some(s.clone()),
        NodeKind::Int(i) => Some(i.to_string()),
        _ => None,
    }
}

pub fn unknown_site(node: &Node, label: &str, board: &Topology) -> Diagnostic {
    let d = Diagnostic::error(codes::UNKNOWN_SITE, format!("no site is labelled `{label}`"))
        .label(node.span, "not a site of this board");
    let range = match (board.sites.first(), board.sites.last()) {
        (Some(a), Some(b)) => format!("labels run from `{}` to `{}`", a.label, b.label),
        _ => "the board has no sites".to_string(),
    };
    d.help(format!("{range}; `tabula info FILE --sites` lists them all"))
}
