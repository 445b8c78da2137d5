//! What the text board shows for a stone and for an empty site of a region, and the legend
//! that says what each symbol means.

use unicode_width::UnicodeWidthChar;

use crate::game::Game;

/// The symbol of an empty site that is in no region.
pub const EMPTY: char = '.';

/// Marks of the regions a team owns, in a game of pieces: one per team. Not letters, which
/// read as pieces there (lower case is the second team's), nor the empty site's `.`.
const OWNED_MARKS: [char; 8] = ['^', '~', ':', '\'', '"', ';', '=', '*'];

/// Symbols of stones used when the teams' initials cannot tell the teams apart.
const FALLBACK: [char; 16] = ['X', 'O', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'];

/// One character per team: the first letter of each team's name (upper case) when those are
/// all different, printable and not [`EMPTY`], else `X`, `O`, `A`, `B`, …. A CJK initial is kept:
/// the board is laid out by display width.
pub fn team_chars(game: &Game) -> Vec<char> {
    let firsts: Vec<char> =
        game.teams.iter().map(|t| t.chars().next().unwrap_or('?').to_uppercase().next().unwrap_or('?')).collect();
    let usable = |c: char| matches!(c.width(), Some(1 | 2)) && c != EMPTY && !c.is_whitespace();
    let distinct = firsts.iter().enumerate().all(|(i, c)| usable(*c) && !firsts[..i].contains(c));
    if distinct {
        return firsts;
    }
    (0..game.teams.len()).map(|i| FALLBACK[i % FALLBACK.len()]).collect()
}

/// The character of a piece in a game that declares kinds: the kind's symbol if the game gives
/// one, else the first letter of its name; upper case for the first team, lower case for the
/// others (a symbol without case is the same for every team).
pub fn piece_char(game: &Game, team: usize, kind: u8) -> char {
    let Some(k) = game.pieces.get(kind as usize) else { return '?' };
    let c = k.symbol.as_deref().unwrap_or(&k.name).chars().next().unwrap_or('?');
    let cased = if team == 0 { c.to_uppercase().next() } else { c.to_lowercase().next() };
    cased.unwrap_or(c)
}

/// The character of a piece that belongs to nobody: its symbol, or its name's first letter,
/// exactly as written — no team's case, since no team owns it.
pub fn neutral_char(game: &Game, kind: u8) -> char {
    let Some(k) = game.pieces.get(kind as usize) else { return '?' };
    k.symbol.as_deref().unwrap_or(&k.name).chars().next().unwrap_or('?')
}

/// Symbols of a game's stones and of the empty sites of its regions.
#[derive(Debug, Clone)]
pub struct Symbols {
    /// Per team.
    pub stones: Vec<char>,
    /// Per site: the mark shown while it is empty ([`EMPTY`] outside the game's regions).
    pub marks: Vec<char>,
    /// What each region mark stands for, in the order of the game's regions: `+ white`,
    /// `r home (Red)`.
    pub mark_legend: Vec<String>,
}

impl Symbols {
    /// The regions the game file declares are marked where they are empty, as `render` tints
    /// them: an owned region by its owner's initial in lower case (when that differs from every
    /// stone) or, in a game of pieces, by a mark of [`OWNED_MARKS`] for the region and owner
    /// (while they last); any other by `+`.
    /// A site in several regions shows the last one, as in pictures. A region of every site
    /// (shogi's files, say) tells no site from another and is not marked; nor is one that
    /// [`hides_the_board`].
    pub fn new(game: &Game) -> Symbols {
        let stones = team_chars(game);
        // A mark must not read as a piece: no kind's letter, in either case.
        let pieces: Vec<char> = game
            .pieces
            .iter()
            .flat_map(|k| k.letter().to_lowercase().chain(k.letter().to_uppercase()).collect::<Vec<_>>())
            .collect();
        let mut marks = vec![EMPTY; game.board.site_count()];
        let mut mark_legend = Vec::new();
        // In a game with seeds an empty site shows its count, not a region's mark.
        let marked = if game.uses_seeds() { &[][..] } else { &game.regions[..] };
        let sites = game.board.site_count();
        let everywhere = |r: &&crate::game::RegionDef| {
            let mut seen = vec![false; sites];
            r.parts.iter().flatten().for_each(|&s| seen[s as usize] = true);
            seen.iter().all(|&b| b) || hides_the_board(game, r)
        };
        // Each owned region's name takes the next teams' worth of marks: `home` and `goal` of
        // two teams read `^ ~` and `: '`, never one mark for two regions.
        let mut owned_names: Vec<&str> = Vec::new();
        // A region the board draws as lines between cells (grooves) shows no mark.
        let on_cells = |r: &&crate::game::RegionDef| r.parts.iter().flatten().any(|&s| game.board.is_cell(s as usize));
        for region in marked.iter().filter(|r| !r.builtin && !everywhere(r) && on_cells(r)) {
            let mark = match region.owner {
                Some(t) if game.has_kinds() => {
                    let name = owned_names.iter().position(|n| *n == region.name).unwrap_or_else(|| {
                        owned_names.push(&region.name);
                        owned_names.len() - 1
                    });
                    OWNED_MARKS.get(name * game.teams.len() + t).copied()
                }
                Some(t) => stones.get(t).and_then(|c| c.to_lowercase().next()),
                None => None,
            };
            let mark = mark
                .filter(|c| !stones.contains(c) && !pieces.contains(c) && *c != EMPTY && c.width() == Some(1))
                .unwrap_or('+');
            let meaning = match region.owner.and_then(|t| game.teams.get(t)) {
                Some(team) => format!("{mark} {} ({team})", region.name),
                None => format!("{mark} {}", region.name),
            };
            if !mark_legend.contains(&meaning) {
                mark_legend.push(meaning);
            }
            for &site in region.parts.iter().flatten().filter(|&&s| game.board.is_cell(s as usize)) {
                if let Some(m) = marks.get_mut(site as usize) {
                    *m = mark;
                }
            }
        }
        // A region whose every site a later one marks over shows nowhere: it is not listed.
        mark_legend.retain(|meaning| meaning.chars().next().is_some_and(|m| marks.contains(&m)));
        Symbols { stones, marks, mark_legend }
    }

    /// The widest symbol, in terminal columns.
    pub fn width(&self) -> usize {
        self.stones.iter().chain(&self.marks).map(|c| c.width().unwrap_or(1)).max().unwrap_or(1).max(1)
    }

    /// What the symbols mean: one line for the stones (`D Dark  L Light`; a team of several
    /// players lists them; a name that is its own symbol, `黒`, stands alone), and one for the region marks if there are any.
    pub fn legend(&self, game: &Game) -> String {
        let teams: Vec<String> = game
            .teams
            .iter()
            .enumerate()
            .map(|(t, team)| {
                let members: Vec<&str> = game.players.iter().filter(|p| p.team == t).map(|p| p.name.as_str()).collect();
                // A name that is its own symbol (`黒`) is not repeated.
                let symbol = self.stones[t].to_string();
                let name = if *team == symbol { team.clone() } else { format!("{symbol} {team}") };
                match members.as_slice() {
                    [] => name,
                    [one] if one == team => name,
                    _ => format!("{name} ({})", members.join(", ")),
                }
            })
            .collect();
        let mut out = format!("{}\n", teams.join("  "));
        if game.has_kinds() {
            // The pieces replace the stones' symbols: one line for the kinds, one for the case.
            let kinds: Vec<String> = game
                .pieces
                .iter()
                .enumerate()
                .map(|(k, p)| match p.neutral {
                    true => format!("{} {} (nobody's)", neutral_char(game, k as u8), p.name),
                    false => format!("{} {}", piece_char(game, 0, k as u8), p.name),
                })
                .collect();
            let cases: Vec<String> = game
                .teams
                .iter()
                .enumerate()
                .map(|(t, team)| format!("{team}: {}", if t == 0 { "upper case" } else { "lower case" }))
                .collect();
            out = format!("{}\n{}\n", kinds.join("  "), cases.join("  "));
        }
        if !self.mark_legend.is_empty() {
            out.push_str(&format!("{}\n", self.mark_legend.join("  ")));
        }
        out
    }
}

/// Whether a region covers most of the holes of a board with links (TwixT's holes a player may
/// use): marked or tinted, it would hide the board and the links, so neither the terminal nor
/// the picture shows it.
pub fn hides_the_board(game: &Game, region: &crate::game::RegionDef) -> bool {
    let board = &game.board;
    if board.links.is_none() {
        return false;
    }
    let mut seen = vec![false; board.site_count()];
    region.parts.iter().flatten().for_each(|&s| seen[s as usize] = true);
    let covered = (0..board.grid_sites()).filter(|&s| seen[s]).count();
    2 * covered > board.grid_sites()
}
