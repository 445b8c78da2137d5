//! Lines of stones through one site, and conditions on the position after a candidate action.
//!
//! A line only walks the axes through its site, on the board's step table of each direction
//! ([`crate::board::Direction::step`]), so asking "five in a row through the stone just
//! placed" costs a few dozen reads however large the board is. An end rule's line on a board
//! of one word is lowered further, to the windows through each site ([`Windows`]): a few word
//! operations a window, with no walk.

use super::Engine;
use super::eval::Env;
use super::generate::Arrival;
use super::lists::Lists;
use super::state::{State, Work};
use crate::game::{Bool, Game, Int, Line, SiteVar};

/// A `(line ...)` end rule, lowered: the line, and its windows where the board allows them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct LineTest {
    pub line: Line,
    pub windows: Option<Windows>,
}

/// The line test of a board of at most 64 sites and a constant length, as one-word masks:
/// for each team and site, every window of `len` consecutive sites through the site along
/// one of the team's axes, and, for an exact line, the two sites just beyond the window's
/// ends. The subject has the line when one window holds only his stones and, for an exact
/// line, neither end does: a run of at least `len` covers a window, and a run of exactly
/// `len` is a window whose ends are not his. Two or three word operations a window, where
/// the walk reads a step table and the board at every step.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Windows {
    sites: usize,
    /// Per team and site (`team * sites + site`): the windows through the site, each as its
    /// sites and the sites beyond its ends (0 for a line that is not exact).
    windows: Lists<(u64, u64)>,
}

impl LineTest {
    pub(crate) fn new(game: &Game, line: &Line) -> LineTest {
        LineTest { line: line.clone(), windows: Windows::new(game, line) }
    }
}

impl Windows {
    /// The windows of `line`, or `None` where the walk must answer: a board of more than 64
    /// sites, a length that is not a constant of at least 2, or an axis that comes back to a
    /// site it has passed within a window's reach, where the walk counts a stone twice. No
    /// board the language builds today has such an axis (none wraps round): that test is a
    /// guard for one that will.
    fn new(game: &Game, line: &Line) -> Option<Windows> {
        let sites = game.board.site_count();
        let Int::Const(len) = line.len else { return None };
        // The windows hold the subject's own lines only.
        if sites > 64 || len < 2 || line.of != crate::game::Filter::Friend {
            return None;
        }
        // A length beyond the board's sites has no window, as the walk finds no such run;
        // clamped, so that the walks below stay short.
        let len = len.min(sites as i64 + 1) as usize;
        let directions = &game.board.directions;
        // Up to `len` sites from `site` one way: a window's reach, and one more for its end.
        let walk = |site: u16, direction: u8| {
            let step = &directions[direction as usize].step;
            std::iter::successors(step[site as usize], |&t| step[t as usize]).take(len)
        };
        fn mask<'a>(sites: impl IntoIterator<Item = &'a u16>) -> u64 {
            sites.into_iter().fold(0, |m, &s| m | 1 << s)
        }
        let mut windows = Lists::new();
        for team in 0..game.teams.len() {
            let axes = line.owned.get(team).unwrap_or(&line.axes);
            for site in 0..sites as u16 {
                let mut through = Vec::new();
                for &(forward, back) in axes {
                    let mut axis: Vec<u16> = walk(site, back).collect();
                    axis.reverse();
                    let at = axis.len();
                    axis.push(site);
                    axis.extend(walk(site, forward));
                    if mask(&axis).count_ones() as usize != axis.len() {
                        return None;
                    }
                    for start in at.saturating_sub(len - 1)..=at {
                        let Some(window) = axis.get(start..start + len) else { break };
                        // The sites just before and just after the window, where the axis has them.
                        let mut ends = 0;
                        if line.exact {
                            let before = start.checked_sub(1).and_then(|i| axis.get(i));
                            ends = mask(before.into_iter().chain(axis.get(start + len)));
                        }
                        through.push((mask(window), ends));
                    }
                }
                windows.push(through);
            }
        }
        Some(Windows { sites, windows })
    }

    /// Whether `own`, the stones of `team`, make the line through `site`.
    #[inline]
    fn holds(&self, site: u16, team: usize, own: u64) -> bool {
        // Every window holds the site: most questions (the start of the next player's turn)
        // end here.
        if own >> site & 1 == 0 {
            return false;
        }
        self.windows
            .get(team * self.sites + site as usize)
            .iter()
            .any(|&(window, ends)| window & !own == 0 && ends & own == 0)
    }
}

impl Engine {
    /// Whether the subject has the line of a lowered line test: by its windows where it has
    /// them, else by the walk.
    #[inline]
    pub(crate) fn line_test(&self, s: &State, w: &mut Work, test: &LineTest, env: &Env) -> bool {
        let Some(windows) = &test.windows else { return self.line(s, w, &test.line, env) };
        let Some(site) = env.var(test.line.site) else { return false };
        windows.holds(site, env.subject, s.stones[env.subject].words()[0])
    }

    /// [`Engine::line_test`] for the player to move, whose environment `env` makes only where
    /// it is read: a line through `last` read from its windows needs only the mover's team and
    /// that site (an end rule asks twice an action in a game such as Connect Four).
    #[inline(always)]
    pub(crate) fn mover_line_test(&self, s: &State, w: &mut Work, test: &LineTest, env: impl FnOnce() -> Env) -> bool {
        match &test.windows {
            Some(windows) if test.line.site == SiteVar::Last => {
                let team = self.game.players[s.mover as usize].team;
                s.last_arrival.is_some_and(|site| windows.holds(site, team, s.stones[team].words()[0]))
            }
            _ => self.line_test(s, w, test, &env()),
        }
    }

    /// Whether the subject has the line (see [`Line`]).
    #[inline]
    pub(crate) fn line(&self, s: &State, w: &mut Work, line: &Line, env: &Env) -> bool {
        let Some(site) = env.var(line.site) else { return false };
        let stone = s.board[site as usize];
        let friend = env.subject as u8 + 1;
        let matches = match line.of {
            crate::game::Filter::Friend => stone == friend,
            crate::game::Filter::Enemy => super::neutral::is_team_piece(stone) && stone != friend,
            _ => super::neutral::is_team_piece(stone),
        };
        if !matches {
            return false;
        }
        let len = match line.len {
            crate::game::Int::Const(v) => v,
            ref e => self.int(s, w, e, env),
        };
        if len < 1 || (len == 1 && !line.exact) {
            // One stone is a line of at least 1; no run is exactly 0 or fewer long.
            return !line.exact;
        }
        let directions = &self.game.board.directions;
        // A run is counted up to `len` stones, or one more to see an overline.
        let len = len.min(s.board.len() as i64 + 1) as usize;
        let cap = if line.exact { len + 1 } else { len };
        let board = &s.board[..];
        // An owned relation's axes are those of the team whose run it is.
        let axes = line.owned.get(stone as usize - 1).unwrap_or(&line.axes);
        for &(forward, back) in axes {
            let mut total = 1;
            for direction in [forward, back] {
                let step = &directions[direction as usize].step;
                let mut at = site;
                while total < cap {
                    match step[at as usize] {
                        Some(t) if board[t as usize] == stone => {
                            total += 1;
                            at = t;
                        }
                        _ => break,
                    }
                }
            }
            if total == len || (total > len && !line.exact) {
                return true;
            }
        }
        false
    }

    /// Whether `condition` holds in the position after the action: the piece of `arrival` on
    /// `to` (see [`Engine::holds_after`]). The piece is put on the board and taken back; the
    /// group caches are set aside meanwhile (they describe the real position, and a condition
    /// that asks about groups builds fresh ones).
    // Kept out of line: it is the general path, and inlined it would weigh on the placement
    // loops of games that never use it.
    #[inline(never)]
    pub(crate) fn holds_after_condition(
        &self,
        s: &mut State,
        w: &mut Work,
        condition: &Bool,
        env: &Env,
        arrival: Arrival,
        to: u16,
    ) -> bool {
        let groups = std::mem::take(&mut w.groups);
        let (from, content, kind) = self.arriving(s, arrival, env.subject);
        // A move that captures by replacement finds a piece on `to`: it leaves first.
        let victim = (s.board[to as usize], s.kinds[to as usize]);
        if victim.0 != 0 {
            self.lift(s, w, to);
        }
        let kind_before = from.map_or(0, |f| s.kinds[f as usize]);
        if let Some(f) = from {
            self.lift(s, w, f);
        }
        self.put_content(s, w, to, content, kind);
        let holds = self.bool(s, w, condition, &Env { to, last: Some(to), ..*env });
        self.lift(s, w, to);
        if let Some(f) = from {
            self.put_content(s, w, f, content, kind_before);
        }
        if victim.0 != 0 {
            self.put_content(s, w, to, victim.0, victim.1);
        }
        w.groups = groups;
        holds
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::check::{Selection, check_str};
    use crate::engine::lower::EndTest;

    /// Every selection of every bundled game, and rule files with other boards (64 sites,
    /// hexagonal, rectangular), lengths, exact lines, lines along relations whose version
    /// differs per team (two and three teams), and pieces of nobody's.
    fn engines() -> Vec<Engine> {
        let mut engines: Vec<Engine> =
            crate::engine::bundled::selections().into_iter().map(|(_, _, game)| Engine::new(game)).collect();
        let two = r#"(players "X" "O")"#;
        // Lines along a relation each team owns in its own version (X up, O right; Z, a
        // third team, along a diagonal), and blocks that belong to nobody.
        let owned = r##"(relation fwd (owner "X") N) (relation fwd (owner "O") E) (pieces stone (block "#" neutral))"##;
        let owned3 = r##"(relation fwd (owner "X") N) (relation fwd (owner "O") E) (relation fwd (owner "Z") NE)
                        (pieces stone (block "#" neutral))"##;
        for (players, board, extra, lines) in [
            (
                two,
                "(square 8)",
                "",
                "(when (line 3 orthogonal last exact) (win mover)) (when (line 4 all last) (win next))",
            ),
            (two, "(hexhex 3)", "", "(when (line 3 adjacent last exact) (win mover))"),
            (two, "(rectangle 7 6)", "", "(when (line 4 all last) (win mover)) (when (line 2 E last exact) (draw))"),
            (two, "(square 6)", owned, "(when (line 3 fwd last exact) (win mover)) (when (line 4 fwd last) (draw))"),
            (r#"(players "X" "O" "Z")"#, "(square 7)", owned3, "(when (line 3 fwd last) (win mover))"),
        ] {
            let text = format!(
                r#"(game "T" {players} (board {board}) {extra} (play (turn (place (to empty))))
                   (end {lines} (when (board-full) (draw))))"#
            );
            let (_, checked) = check_str("t.game", &text, &Selection::default());
            engines.push(Engine::new(checked.expect("selection").game.expect("the game checks")));
        }
        engines
    }

    /// The windows of a line answer as the walk does, for every site and team, at every
    /// position of random games of [`engines`] and in random positions of their boards where
    /// lines abound, with the line's site bound and unbound (`last` before the first stone).
    #[test]
    fn the_windows_of_a_line_answer_as_the_walk_does() {
        let (mut compared, mut held, mut games) = (0, 0, 0);
        for engine in engines() {
            let tests: Vec<&LineTest> = engine
                .program
                .when_rules
                .iter()
                .filter_map(|r| match &r.test {
                    EndTest::Line(test) if test.windows.is_some() => Some(&**test),
                    _ => None,
                })
                .collect();
            if tests.is_empty() {
                continue;
            }
            games += 1;
            let sites = engine.game().board.site_count() as u16;
            let teams = engine.game().teams.len();
            let mut compare = |s: &mut State| {
                engine.with_work(s, |s, w| {
                    for test in &tests {
                        for team in 0..teams {
                            for (site, at) in (0..sites).flat_map(|site| [(site, Some(site)), (site, None)]) {
                                let env = Env {
                                    subject: team,
                                    to: site,
                                    from: site,
                                    site,
                                    last: at,
                                    previous: [at; 2],
                                    ..Env::default()
                                };
                                let walked = engine.line(s, w, &test.line, &env);
                                assert_eq!(
                                    engine.line_test(s, w, test, &env),
                                    walked,
                                    "{:?} site {site} team {team}",
                                    test.line
                                );
                                compared += 1;
                                held += usize::from(walked);
                            }
                        }
                    }
                })
            };
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
            for _ in 0..6 {
                let mut s = engine.initial();
                loop {
                    compare(&mut s);
                    if s.outcome.is_some() || s.actions() >= 200 {
                        break;
                    }
                    let action = engine.legal_nth(&s, rng.random_range(0..engine.legal_count(&s)));
                    engine.apply_unchecked(&mut s, action);
                }
            }
            // A game with a piece of nobody's (the second kind here) has some of them too.
            let neutral = engine.game().pieces.len() > 1;
            for _ in 0..40 {
                let (mut stones, mut kinds) = (Vec::new(), Vec::new());
                for site in 0..sites {
                    match rng.random_range(0..teams + 2) {
                        t if t < teams => stones.push((site, t)),
                        t if t == teams && neutral => {
                            stones.push((site, 0));
                            kinds.push((site, 1));
                        }
                        _ => {}
                    }
                }
                let setup = crate::engine::Setup { stones, kinds, ..Default::default() };
                let mut s = engine.position(&setup).expect("a position");
                compare(&mut s);
            }
        }
        assert!(games >= 8, "{games} games with windows");
        assert!(compared > 100_000 && held > 1_000, "{compared} answers compared, {held} lines");
    }
}
