//! What one game costs in memory, estimated from counts.
//!
//! A small file can ask for a large game: 5 KB declaring 240 relations on a 255×255 board
//! needed 1.7 GB, and a server holding a few such games died. So the cost is estimated
//! *before* each large table is built — the checker adds up the board, each declared relation
//! and each region as it reads them, and refuses the file with `tabula::check::too_costly`
//! once the total passes [`GAME_BYTES`] — and *after*, from a built game
//! ([`Game::estimated_bytes`]), so that `tabula serve` can keep its games within a memory
//! budget.
//!
//! The model counts the tables that grow with the board: per site, per neighbour pair of each
//! relation, per site of each region part, the hash keys and one state. Small fixed parts (the
//! compiled rules) are one constant. `tests/all/footprint.rs` holds the estimate within a
//! factor of two of the bytes actually allocated, on every bundled game and on the largest
//! boards, so that the model cannot drift far from the code.

use super::Game;
use crate::board::Topology;

/// The most memory one game may need, by the estimate: 256 MiB. The largest board the shapes
/// allow with every built-in relation (`(square 255)`, 65 025 sites) needs about 25 MiB.
pub const GAME_BYTES: u64 = 256 << 20;

/// The most memory that checking every variant of a file (`tabula check`, the editor, the
/// server's checker) builds in all, by the estimate: 4 GiB, a few seconds of work. Variants
/// past it are left unchecked, with a warning.
pub const CHECK_BYTES: u64 = 4 << 30;

/// What is paid once, whatever the board: the compiled rules, the caches of a state.
const FIXED: u64 = 24 << 10;

/// A site: its label, its place in the plane, its byte on the board and the counts a state
/// keeps of it.
pub fn sites(sites: usize) -> u64 {
    sites as u64 * 72
}

/// A relation of `pairs` ordered neighbour pairs holding `directions` of the board's
/// directions: its graph (a node per site, an edge per two pairs), its adjacency lists, and
/// the engine's step table of its directions.
pub fn relation(sites: usize, pairs: usize, directions: usize) -> u64 {
    let sites = sites as u64;
    sites * (8 + 4 + 2 * directions as u64) + pairs as u64 * (8 + 2)
}

/// A direction of the board: a step from each site.
pub fn direction(sites: usize) -> u64 {
    sites as u64 * 4
}

/// A region part of `len` sites.
pub fn part(len: usize) -> u64 {
    24 + len as u64 * 2
}

/// A region's tables in the engine: for each site, whether it is in the region and which of
/// its parts hold it.
pub fn region(sites: usize, part_sites: usize) -> u64 {
    sites as u64 * 4 + sites as u64 / 8 + part_sites as u64 * 4
}

/// A region whose parts hold `lens` sites each: the parts, and the engine's tables of it.
pub fn region_of_parts(sites: usize, lens: impl Iterator<Item = usize> + Clone) -> u64 {
    lens.clone().map(part).sum::<u64>() + region(sites, lens.sum())
}

/// A board's sites, every relation it has (built in and declared) and its directions.
pub fn board(board: &Topology) -> u64 {
    let n = board.site_count();
    let relations: u64 = (0..board.relations.len())
        .map(|r| relation(n, board.relations[r].targets.len(), board.directions_within(r).len()))
        .sum();
    sites(n) + relations + board.directions.len() as u64 * direction(n)
}

/// The hash keys of every (site, team) and (site, kind).
pub fn keys(sites: usize, teams: usize, kinds: usize) -> u64 {
    sites as u64 * (teams as u64 + 1 + kinds.max(1) as u64) * 8
}

/// "1.6 GiB", "256.6 MiB", "12 KiB": a size for a message, to one decimal.
pub fn human(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["bytes", "KiB", "MiB", "GiB"];
    let mut value = bytes as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        return format!("{bytes} bytes");
    }
    let text = format!("{value:.1}");
    format!("{} {}", text.strip_suffix(".0").unwrap_or(&text), UNITS[unit])
}

/// The largest board whose rays the engine keeps as bits, for counts along rays: a table of
/// `sites²` bits per relation (128 KiB for 1 024 sites).
pub const RAY_MASK_SITES: usize = 1024;

/// The engine's rays as bits: per relation counted along, per site, a set of the sites.
pub fn ray_masks(sites: usize, relations: usize) -> u64 {
    if sites > RAY_MASK_SITES {
        return 0;
    }
    let per_site = 16 + sites.div_ceil(64) as u64 * 8;
    relations as u64 * (24 + sites as u64 * per_site)
}

/// The largest board whose attacks the engine keeps per pair of sites (a table of 128 KiB per
/// phase and team).
pub const PAIRED_SITES: usize = 128;

/// The engine's tables for `(attacked ...)`: per phase and team, a word per pair of sites (the
/// lines and leaps from one to the other), on a board of at most [`PAIRED_SITES`] sites.
pub fn attack_pairs(sites: usize, phases: usize, teams: usize) -> u64 {
    if sites > PAIRED_SITES {
        return 0;
    }
    (phases * teams * sites * sites * 8) as u64
}

/// The largest board the engine keeps the direction between each two sites for (64 KiB).
pub const BETWEEN_SITES: usize = 256;

/// The engine's sets of the parts of a region that `(filled ...)` asks about: per part, a
/// word per 64 sites and its handle.
pub fn part_sets(sites: usize, parts: usize) -> u64 {
    (parts * (16 + sites.div_ceil(64) * 8)) as u64
}

impl Game {
    /// The memory this game needs to be played — its board, the engine's tables and one
    /// state — by the model above.
    pub fn estimated_bytes(&self) -> u64 {
        let n = self.board.site_count();
        let regions: u64 = self.regions.iter().map(|r| region_of_parts(n, r.parts.iter().map(Vec::len))).sum();
        let rays = ray_masks(n, self.ray_count_relations().len());
        let attacks = if self.asks_attacked() { attack_pairs(n, self.phases.len(), self.teams.len()) } else { 0 };
        let between = if self.keeps_line_between() { (n * n) as u64 } else { 0 };
        let filled: u64 = self
            .asks_filled()
            .iter()
            .zip(&self.regions)
            .filter(|(asked, _)| **asked)
            .map(|(_, r)| part_sets(n, r.parts.len()))
            .sum();
        FIXED
            + board(&self.board)
            + regions
            + keys(n, self.teams.len(), self.pieces.len())
            + rays
            + attacks
            + between
            + filled
    }
}

#[cfg(test)]
mod tests {
    use super::human;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(12 << 10), "12 KiB");
        assert_eq!(human(1536 << 10), "1.5 MiB");
        assert_eq!(human(256 << 20), "256 MiB");
        assert_eq!(human((256 << 20) + (600 << 10)), "256.6 MiB");
        assert_eq!(human(1717986918), "1.6 GiB");
    }
}
