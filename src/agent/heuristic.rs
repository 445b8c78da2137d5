//! What a position is worth to a team where a search stops before the end of the game, read
//! from the rules rather than told: a game file names no heuristic, so the terms come from
//! what its end rules and its pieces say.
//!
//! - **Material**: each piece weighed by what its kind can do ([`Engine::kind_mobility`]: the
//!   sites a lone piece of the kind reaches on an empty board, on average, at least one), in
//!   hundredths of a site; in a game of one kind, a stone is worth [`STONE`]. Pieces in hand
//!   count where hands keep captures: a drop brings them back.
//! - **Lines**, for each `(line N ...)` that wins for the mover: every window of N sites in a
//!   row along the line's axes that holds none of another team's stones is worth more the
//!   more of the team's stones it holds ([`window_worth`]). The centre of a tic-tac-toe board
//!   lies in four such windows, a corner in three and an edge in two.
//! - **Connections**, for each `(connects ...)` that wins for the mover: how many empty sites
//!   a team still has to fill to make its group (own stones cost nothing, another team's
//!   cannot be passed), [`STEP`] for each one the team needs fewer than the others — the
//!   shortest-path count that Hex programs start from. With three regions (Y) it is the
//!   cheapest site joined to all three: the sum of its distances to each.
//! - **Standing**, where the game ends by comparing the teams: how far the team leads on the
//!   comparison's first criterion were the game to end now (the score, the territory, the
//!   largest group), [`STONE`] a unit.
//! - **Mobility**: [`MOVE`] for each legal action more than the other team had when it was
//!   last to move on the way to the position, which the search knows without listing anyone's
//!   actions again.
//!
//! `eval=material` keeps the first term alone, `eval=stones` counts every piece one.

use std::collections::VecDeque;

use crate::engine::{Engine, State};
use crate::game::{Bool, EndRule, Filter, Game, Int, Outcome, Who};

/// A stone, in a game where every kind weighs the same.
pub(crate) const STONE: i64 = 100;

/// One empty site less between a team and the connection that wins.
pub(crate) const STEP: i64 = 100;

/// One legal action more than the other team's.
pub(crate) const MOVE: i64 = 10;

/// What a window of a winning line's length is worth to a team with `k` stones in it and no
/// other team's: nothing empty, then four times as much for each stone more (10, 40, 160, ...),
/// so that one window nearer completion outweighs several further from it.
pub(crate) fn window_worth(k: usize) -> i64 {
    match k {
        0 => 0,
        k => 10 << (2 * (k - 1)).min(40),
    }
}

/// The windows of one length: `sites` holds them one after another, `len` sites each.
#[derive(Debug, Clone)]
struct Windows {
    len: usize,
    sites: Vec<u16>,
}

/// A connection that wins: for each team, the relation its group follows and the sites of
/// each region it must touch.
#[derive(Debug, Clone)]
struct Connection {
    by_team: Vec<(usize, Vec<Vec<u16>>)>,
}

/// The terms read from one game's rules, and the scratch space of the distance search.
#[derive(Debug, Clone)]
pub struct Heuristic {
    /// The engine's address and the game's kinds: an agent told to play another game reads
    /// the rules again.
    key: (usize, usize),
    /// Per kind, in hundredths of a site reached; empty where every kind weighs the same.
    of_kind: Vec<i64>,
    lines: Vec<Windows>,
    connections: Vec<Connection>,
    /// Per region of a connection, each site's distance from it.
    distances: Vec<Vec<u32>>,
    /// Each team's standing on the rules' comparison ([`Engine::standings`]).
    standings: Vec<i64>,
    queue: VecDeque<u16>,
}

/// A site a team cannot pass on its way to a connection.
const BLOCKED: u32 = u32::MAX;

impl Heuristic {
    pub fn new(engine: &Engine) -> Heuristic {
        let game = engine.game();
        let mut of_kind: Vec<i64> =
            engine.kind_mobility().iter().map(|r| (r.max(1.0) * 100.0).round() as i64).collect();
        if of_kind.windows(2).all(|w| w[0] == w[1]) {
            of_kind.clear();
        }
        let (lines, connections) = goals(game);
        Heuristic {
            key: key(engine),
            of_kind,
            lines,
            connections,
            distances: Vec::new(),
            standings: Vec::new(),
            queue: VecDeque::new(),
        }
    }

    /// Whether these terms were read from `engine`'s game.
    pub(crate) fn is_for(&self, engine: &Engine) -> bool {
        self.key == key(engine)
    }

    /// A kind's weight; a kind the weights do not know weighs one site.
    fn of(&self, kind: u8) -> i64 {
        self.of_kind.get(kind as usize).copied().unwrap_or(STONE)
    }

    /// Team `team`'s material less the others': the pieces on the board and, where hands keep
    /// captures, those in hand.
    pub fn material(&self, engine: &Engine, state: &State, team: usize) -> i64 {
        if self.of_kind.is_empty() {
            return Self::stones(engine, state, team);
        }
        let game = engine.game();
        let sign = |t: usize| if t == team { 1 } else { -1 };
        let on_board: i64 = (0..game.board.site_count() as u16)
            .filter_map(|site| {
                let owner = engine.stone(state, site)?;
                Some(self.of(engine.kind(state, site).unwrap_or(0)) * sign(owner))
            })
            .sum();
        let in_hand: i64 = match game.keeps_captures {
            false => 0,
            true => (0..game.players.len())
                .flat_map(|p| (0..game.pieces.len() as u8).map(move |k| (p, k)))
                .map(|(p, k)| i64::from(state.held(p, k)) * self.of(k) * sign(game.players[p].team))
                .sum(),
        };
        on_board + in_hand
    }

    /// Every stone counts [`STONE`], whatever its kind: team `team`'s less the others'.
    pub fn stones(engine: &Engine, state: &State, team: usize) -> i64 {
        (0..engine.game().teams.len())
            .map(|t| i64::from(state.stone_count(t)) * STONE * if t == team { 1 } else { -1 })
            .sum()
    }

    /// Where the rules end the game by comparing the teams, how far `team` leads the best of
    /// the others on the comparison's first criterion were it to end now, in [`STONE`]s a unit:
    /// the score, the territory, the largest group.
    pub fn standing(&mut self, engine: &Engine, state: &mut State, team: usize) -> i64 {
        if !engine.standings(state, &mut self.standings) {
            return 0;
        }
        let mine = self.standings[team];
        let best_other = self.standings.iter().enumerate().filter(|&(t, _)| t != team).map(|(_, &v)| v).max();
        best_other.map_or(0, |other| mine.saturating_sub(other).saturating_mul(STONE))
    }

    /// The line windows' worth to `team`, less the other teams'.
    pub fn lines(&self, engine: &Engine, state: &State, team: usize) -> i64 {
        let mut total: i64 = 0;
        for w in &self.lines {
            for window in w.sites.chunks_exact(w.len) {
                // The one team with stones in the window, and how many: another team's stone
                // or a piece of nobody's closes it.
                let (mut owner, mut count) = (None, 0);
                let open = window.iter().all(|&site| match engine.stone(state, site) {
                    Some(t) if owner.is_none_or(|o| o == t) => {
                        owner = Some(t);
                        count += 1;
                        true
                    }
                    Some(_) => false,
                    None => engine.kind(state, site).is_none(),
                });
                if let (true, Some(t)) = (open, owner) {
                    let worth = window_worth(count);
                    total = if t == team { total.saturating_add(worth) } else { total.saturating_sub(worth) };
                }
            }
        }
        total
    }

    /// For each connection that wins, how many empty sites each team still needs to make it
    /// ([`Heuristic::distance`]); the others' counts less `team`'s, in [`STEP`]s.
    pub fn connections(&mut self, engine: &Engine, state: &State, team: usize) -> i64 {
        let teams = engine.game().teams.len();
        let mut total = 0;
        for c in 0..self.connections.len() {
            for t in 0..teams {
                let d = i64::from(self.distance(engine, state, c, t));
                total += if t == team { -d * STEP } else { d * STEP };
            }
        }
        total
    }

    /// The fewest empty sites team `team` must fill for a group of its stones to touch every
    /// region of connection `c`, through empty sites and its own stones: for each region a
    /// 0-1 breadth-first search of the cost to reach each site from it (an empty site costs
    /// one, an own stone nothing), then the cheapest site by the sum of its costs from every
    /// region (its own cost counted once). A team that can no longer connect needs one more
    /// site than the board has.
    pub fn distance(&mut self, engine: &Engine, state: &State, c: usize, team: usize) -> u32 {
        let game = engine.game();
        let sites = game.board.site_count();
        let cost = |site: u16| match engine.stone(state, site) {
            Some(t) if t == team => 0,
            Some(_) => BLOCKED,
            None if engine.kind(state, site).is_some() => BLOCKED,
            None => 1,
        };
        let (rel, regions) = &self.connections[c].by_team[team];
        let relation = &game.board.relations[*rel];
        self.distances.resize_with(regions.len(), Vec::new);
        for (region, dist) in regions.iter().zip(self.distances.iter_mut()) {
            dist.clear();
            dist.resize(sites, BLOCKED);
            self.queue.clear();
            for &site in region {
                let c = cost(site);
                if c != BLOCKED && c < dist[site as usize] {
                    dist[site as usize] = c;
                    if c == 0 { self.queue.push_front(site) } else { self.queue.push_back(site) }
                }
            }
            while let Some(v) = self.queue.pop_front() {
                let here = dist[v as usize];
                for &u in relation.neighbors(v) {
                    let c = cost(u);
                    if c == BLOCKED || here + c >= dist[u as usize] {
                        continue;
                    }
                    dist[u as usize] = here + c;
                    if c == 0 { self.queue.push_front(u) } else { self.queue.push_back(u) }
                }
            }
        }
        let parts = regions.len() as u32;
        (0..sites as u16)
            .filter_map(|site| {
                let mut sum = 0u32;
                for dist in &self.distances[..regions.len()] {
                    match dist[site as usize] {
                        BLOCKED => return None,
                        d => sum += d,
                    }
                }
                Some(sum - parts.saturating_sub(1) * cost(site))
            })
            .min()
            .unwrap_or(sites as u32 + 1)
    }
}

/// Who an engine is, for [`Heuristic::is_for`].
fn key(engine: &Engine) -> (usize, usize) {
    (engine as *const Engine as usize, engine.game().pieces.len())
}

/// The lines and connections that win for the mover, read from the end rules: a `(line N
/// ...)` of the mover's stones, of a constant length and not `exact`, along the same axes for
/// every team; a `(connects ...)` of every region named (not of some of a region's parts).
fn goals(game: &Game) -> (Vec<Windows>, Vec<Connection>) {
    let mut lines: Vec<Windows> = Vec::new();
    let mut connections: Vec<Connection> = Vec::new();
    for rule in &game.end {
        let EndRule::When { condition, outcome: Outcome::Win(Who::Mover), .. } = rule else { continue };
        positive(condition, &mut |b: &Bool| match b {
            Bool::Line(line) if !line.exact && line.owned.is_empty() && matches!(line.of, Filter::Friend) => {
                let Int::Const(len) = line.len else { return };
                let Ok(len) = usize::try_from(len) else { return };
                if len < 2 {
                    return;
                }
                let sites = windows(game, len, &line.axes);
                if !lines.iter().any(|w| w.len == len && w.sites == sites) {
                    lines.push(Windows { len, sites });
                }
            }
            Bool::Connects { rel, regions, least: None, .. } => {
                let by_team = (0..game.teams.len())
                    .map(|t| {
                        let rel = game.relation_for(*rel, t) as usize;
                        let parts = regions.iter().map(|r| game.regions[r.by_team[t] as usize].sites()).collect();
                        (rel, parts)
                    })
                    .collect();
                connections.push(Connection { by_team });
            }
            _ => {}
        });
    }
    (lines, connections)
}

/// Calls `f` on the conditions that make `c` true where they hold: through `and` and `or`, not
/// under a `not` (`(and (line 5 ...) (not (line 6 ...)))` rewards windows of five, not six).
fn positive(c: &Bool, f: &mut dyn FnMut(&Bool)) {
    match c {
        Bool::And(items) | Bool::Or(items) => items.iter().for_each(|b| positive(b, f)),
        Bool::Not(_) => {}
        other => f(other),
    }
}

/// Every run of `len` sites along each axis's first direction, one after another.
fn windows(game: &Game, len: usize, axes: &[crate::board::axes::Axis]) -> Vec<u16> {
    let board = &game.board;
    let mut out = Vec::new();
    for &(forward, _) in axes {
        let step = &board.directions[forward as usize].step;
        for start in 0..board.site_count() as u16 {
            let mut run = vec![start];
            while run.len() < len {
                match step[*run.last().expect("a run starts with a site") as usize] {
                    Some(next) => run.push(next),
                    None => break,
                }
            }
            if run.len() == len {
                out.extend_from_slice(&run);
            }
        }
    }
    out
}
