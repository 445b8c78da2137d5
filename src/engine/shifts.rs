//! One-step moves and short hops of one's own pieces listed as shifts of a word: on a board of
//! at most 64 sites whose directions are translations of the sites' numbers, the pieces that
//! can move one way are a mask, and where they land is that mask shifted (twice for a hop, the
//! first time onto enemy pieces), ANDed with where the move may land (the empty sites, the
//! enemy's pieces, or both). A decision keeps those few words ([`ShiftBlock`]): its number of
//! actions is a sum of population counts, and the `n`-th action is found in the words when a
//! random playout picks it, so that the dozens of actions of a Breakthrough or draughts
//! position are never listed one by one. The order is the listing's: move by move (those after
//! a `priority` only where it has none), each one's pieces in order of site, each piece's
//! actions in the order its relation's directions are tried.

use crate::board::Topology;
use crate::game::{Bool, Filter, Game, Move, MoveKind, Side, SiteVar, Sites, Stage};

use super::Action;
use super::lower::{Generator, MoveProgram, StageProgram};

/// Where a step may land.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lands {
    /// An empty site (`slide` to `empty`; every `hop`).
    Empty,
    /// A site holding an enemy's piece (`slide` to `enemy` with `capture`).
    Enemy,
    /// Either (`slide` to `any` with `capture`).
    EnemyOrEmpty,
}

/// A direction as a translation: a step from every site of `from` is `site + delta`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Shift {
    pub delta: i8,
    pub from: u64,
}

impl Shift {
    /// The sites reached by a step from each site of `sites` that can step this way.
    #[inline(always)]
    fn ahead(self, sites: u64) -> u64 {
        let sites = sites & self.from;
        if self.delta >= 0 { sites << self.delta } else { sites >> -self.delta }
    }
}

/// One move of a stage lowered to shifts, for one team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShiftMove {
    /// The kind of one's pieces it moves (`(from (friend man))`, or `(is (friend man) from)`
    /// among its conditions); `None`: any.
    pub kind: Option<u8>,
    /// It moves only the piece on `last` (`(from last)`), one's own by its conditions.
    pub last: bool,
    /// Its conditions that read no site (`(= (allowance crowned) 0)`), by index: asked once a
    /// decision, and when one fails the move has no action.
    pub gates: Vec<u16>,
    /// A hop over an enemy's piece to the empty site beyond, rather than a step.
    pub hop: bool,
    pub lands: Lands,
    /// Its relation's directions, in the order the piece moves' routine tries them.
    pub shifts: Vec<Shift>,
}

/// A stage every move of which is a one-step move or a short hop of one's own pieces made as
/// shifts ([`StageProgram::shift_steps`]): per team, its moves in the stage's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ShiftSteps {
    pub by_team: Vec<Vec<ShiftMove>>,
    /// The first `preferred` moves are the stage's `(priority ...)`: when they have actions,
    /// the others are not listed (0: none).
    pub preferred: usize,
    /// Some move takes one kind of piece only.
    pub by_kind: bool,
    /// Some move has conditions asked once a decision ([`ShiftMove::gates`]).
    pub gated: bool,
}

/// The stage's moves as shifts, where the board has at most 64 sites, no piece belongs to
/// nobody (every stone not one's own is an enemy's) and every move is one of these, with no
/// promotion by choice or test of the position after it, and no other move making the same
/// actions:
/// - a one-step `slide` of one's own pieces (or one kind of them) to `empty`, or with
///   `(capture)` to `enemy` or `any`;
/// - a one-step `hop` of one's own pieces (or one kind of them) over an enemy's piece;
///
/// from one's own pieces or from `last`, with conditions only on the kind of the piece that
/// moves (`(is (friend man) from)`) or on no site at all; and each relation's directions are
/// translations of the sites' numbers, which a step tries in one order at every site.
pub(crate) fn lower(game: &Game, stage: &Stage, program: &StageProgram) -> Option<ShiftSteps> {
    let board = &game.board;
    // A decision keeps its moves' failed gates as the bits of a word, and the ends of their
    // directions as bytes.
    if board.site_count() > 64 || game.has_neutral() || program.moves.is_empty() || program.moves.len() > MOVES {
        return None;
    }
    let by_team = (0..game.teams.len())
        .map(|team| stage.moves.iter().zip(&program.moves).map(|(m, p)| shift_move(game, team, m, p)).collect())
        .collect::<Option<Vec<Vec<_>>>>()?;
    let by_kind = by_team.iter().flatten().any(|m| m.kind.is_some());
    let gated = by_team.iter().flatten().any(|m| !m.gates.is_empty());
    Some(ShiftSteps { by_team, preferred: stage.preferred, by_kind, gated })
}

/// Move `m` as shifts for `team`, if it is one of [`lower`]'s.
fn shift_move(game: &Game, team: usize, m: &Move, p: &MoveProgram) -> Option<ShiftMove> {
    let plain = p.invariant.is_empty()
        && !p.after_effects
        && m.require.is_empty()
        && m.after.is_empty()
        && m.no_repeat.is_none()
        && m.promote.is_none()
        && m.range == Some(1)
        && match p.generator {
            Generator::SlideOwnToEmpty { .. } | Generator::StepOwnCapturing { .. } => true,
            Generator::Piece { shared } => !shared,
            _ => false,
        };
    if !plain || game.pieces.len() > KINDS {
        return None;
    }
    let (mut kind, mut own, last) = match m.from {
        Sites::Filter(Filter::Friend) => (None, true, false),
        Sites::Filter(Filter::Piece(Side::Friend, kind)) => (Some(kind), true, false),
        Sites::At(SiteVar::Last) => (None, false, true),
        _ => return None,
    };
    // Conditions on the origin's piece narrow the origins; those that read no site are gates.
    let mut gates = Vec::new();
    for (i, c) in m.conditions.iter().enumerate() {
        match *c {
            Bool::Is(Filter::Friend, SiteVar::From) => own = true,
            Bool::Is(Filter::Piece(Side::Friend, k), SiteVar::From) if kind.is_none_or(|kind| kind == k) => {
                (kind, own) = (Some(k), true);
            }
            ref c if SITE_VARS.iter().all(|&v| !c.uses(v)) => gates.push(i as u16),
            _ => return None,
        }
    }
    // The piece on `last` may be anybody's: only a condition makes it one's own.
    if !own {
        return None;
    }
    let captures = m.capture.is_some();
    let (rel, hop, lands) = match (&m.kind, &m.to) {
        (MoveKind::Slide { along }, Sites::Filter(Filter::Empty)) => (*along, false, Lands::Empty),
        (MoveKind::Slide { along }, Sites::Filter(Filter::Any)) if !captures => (*along, false, Lands::Empty),
        (MoveKind::Slide { along }, Sites::Filter(Filter::Any)) => (*along, false, Lands::EnemyOrEmpty),
        (MoveKind::Slide { along }, Sites::Filter(Filter::Enemy)) if captures => (*along, false, Lands::Enemy),
        (MoveKind::Hop { over, jumped: Filter::Enemy }, Sites::Filter(Filter::Empty | Filter::Any)) => {
            (*over, true, Lands::Empty)
        }
        _ => return None,
    };
    let rel = usize::from(game.relation_for(rel, team));
    // A step tries the relation's neighbours in their order; a hop, its directions in theirs.
    let shifts = if hop { translations(&game.board, rel)? } else { in_neighbor_order(&game.board, rel)? };
    // A decision reads a move's directions from a fixed array ([`nth_of_move`]).
    if shifts.len() > DIRECTIONS {
        return None;
    }
    Some(ShiftMove { kind, last, gates, hop, lands, shifts })
}

/// The directions of relation `rel` that have steps, as translations, in the order of the
/// relation's directions; `None` where one is no translation.
fn translations(board: &Topology, rel: usize) -> Option<Vec<Shift>> {
    let mut shifts = board
        .directions_within(rel)
        .into_iter()
        .map(|d| {
            let mut shift = Shift { delta: 0, from: 0 };
            for (site, step) in board.directions[d].step.iter().enumerate() {
                let Some(to) = *step else { continue };
                let delta = i8::try_from(i32::from(to) - site as i32).ok()?;
                if shift.from != 0 && shift.delta != delta {
                    return None;
                }
                shift = Shift { delta, from: shift.from | 1 << site };
            }
            Some(shift)
        })
        .collect::<Option<Vec<_>>>()?;
    shifts.retain(|s| s.from != 0);
    Some(shifts)
}

/// [`translations`] in the order every site's neighbour list has its steps; `None` where no
/// one order fits every site.
fn in_neighbor_order(board: &Topology, rel: usize) -> Option<Vec<Shift>> {
    let mut shifts = translations(board, rel)?;
    let relation = &board.relations[rel];
    let fits = |shifts: &[Shift]| {
        (0..board.site_count() as u16).all(|site| {
            let steps = shifts
                .iter()
                .filter(|s| s.from >> site & 1 == 1)
                .map(|s| (i32::from(site) + i32::from(s.delta)) as u16);
            steps.eq(relation.neighbors(site).iter().copied())
        })
    };
    if fits(&shifts) {
        return Some(shifts);
    }
    // Neighbour lists in order of site: the steps in order of their translation.
    shifts.sort_by_key(|s| s.delta);
    fits(&shifts).then_some(shifts)
}

/// One direction of a move in a decision: where its actions that way land, and how far back
/// their origins are (one step, or two for a hop).
#[derive(Debug, Clone, Copy)]
struct Targets {
    sites: u64,
    back: i8,
}

impl Targets {
    /// The origins of the actions, each at its target's place.
    #[inline(always)]
    fn origins(self) -> u64 {
        if self.back >= 0 { self.sites >> self.back } else { self.sites << -self.back }
    }

    /// Whether this direction holds the action from `from` to `to` (any two numbers: an
    /// action typed or read from a record may name sites the board does not have).
    fn holds(self, from: u16, to: u16) -> bool {
        to < 64 && self.sites >> to & 1 == 1 && i32::from(to) - i32::from(self.back) == i32::from(from)
    }
}

/// The actions of a decision as the words they are read from: per move, the sites its pieces
/// reach each way ([`ShiftSteps`]).
#[derive(Debug, Clone, Default)]
pub(crate) struct ShiftBlock {
    targets: Vec<Targets>,
    /// Per move that has actions: the end of its directions in `targets` (exclusive), its
    /// number of actions and its index in the stage.
    moves: Vec<(u8, u32, u16)>,
}

/// What a decision's actions are read from: the mover's pieces (all, and of each kind), the
/// site `last` (none: 0), the empty sites, every site, and the moves whose gates failed (bit
/// `i` for move `i`).
pub(crate) struct Pieces {
    pub own: u64,
    pub of_kind: [u64; KINDS],
    pub last: u64,
    pub empty: u64,
    pub board: u64,
    pub shut: u64,
}

/// Every site a condition may read: one that reads none is a gate.
const SITE_VARS: [SiteVar; 6] =
    [SiteVar::To, SiteVar::From, SiteVar::Site, SiteVar::Last, SiteVar::PreviousFrom, SiteVar::PreviousTo];

/// The most moves a stage made as shifts may have.
const MOVES: usize = 31;

/// The most directions a move made as shifts may have.
const DIRECTIONS: usize = 8;

/// A stage is made as shifts only in a game of at most this many kinds, so that a decision
/// finds each kind's pieces in one pass over the mover's.
pub(crate) const KINDS: usize = 8;

impl ShiftBlock {
    /// Sets the actions of `steps`' `moves` in the position `pieces` describes; returns their
    /// number.
    pub(crate) fn set(&mut self, steps: (&[ShiftMove], usize), pieces: Pieces) -> u32 {
        let (moves, preferred) = steps;
        self.targets.clear();
        self.moves.clear();
        let Pieces { own, of_kind, last, empty, board, shut } = pieces;
        let enemy = board & !empty & !own;
        let mut total = 0;
        for (i, m) in moves.iter().enumerate() {
            // `(priority ...)`: its moves' actions, if any, are all there is.
            if i == preferred && i > 0 && total > 0 {
                break;
            }
            let mut origins = m.kind.map_or(own, |kind| of_kind[usize::from(kind)]);
            if m.last {
                origins &= last;
            }
            if origins == 0 || shut >> i & 1 == 1 {
                continue;
            }
            let lands = match m.lands {
                Lands::Empty => empty,
                Lands::Enemy => enemy,
                Lands::EnemyOrEmpty => enemy | empty,
            };
            let mut count = 0;
            for &shift in &m.shifts {
                let (sites, back) = match m.hop {
                    false => (shift.ahead(origins) & lands, shift.delta),
                    true => (shift.ahead(shift.ahead(origins) & enemy) & lands, 2 * shift.delta),
                };
                // A direction with no action takes no place in the order.
                if sites != 0 {
                    count += sites.count_ones();
                    self.targets.push(Targets { sites, back });
                }
            }
            if count > 0 {
                self.moves.push((self.targets.len() as u8, count, i as u16));
            }
            total += count;
        }
        total
    }

    /// The `i`-th action (`i` is below the number [`ShiftBlock::set`] gave).
    #[inline]
    pub(crate) fn nth(&self, mut i: u32) -> Action {
        let mut start = 0;
        for &(end, count, _) in &self.moves {
            let end = usize::from(end);
            if i < count {
                return nth_of_move(&self.targets[start..end], i);
            }
            i -= count;
            start = end;
        }
        unreachable!("i is below the number of actions")
    }

    /// The move of the stage that makes `action`, if the block holds it.
    pub(crate) fn owner(&self, action: Action) -> Option<usize> {
        if action.kind != super::ActionKind::Slide || action.piece != 0 {
            return None;
        }
        let mut start = 0;
        for &(end, _, index) in &self.moves {
            let end = usize::from(end);
            if self.targets[start..end].iter().any(|t| t.holds(action.from, action.to)) {
                return Some(usize::from(index));
            }
            start = end;
        }
        None
    }
}

/// The `i`-th action of one move: in order of origin, each origin's in the order of
/// `targets`. Origin by origin, each one's number of actions is added up without a branch, so
/// that the only branch mispredicted is the one at the origin sought.
#[inline]
fn nth_of_move(targets: &[Targets], mut i: u32) -> Action {
    if let [one] = targets {
        let to = super::bits::select(one.sites, i);
        return Action::slide((i32::from(to) - i32::from(one.back)) as u16, to);
    }
    let mut origins = [0u64; DIRECTIONS];
    for (o, t) in origins.iter_mut().zip(targets) {
        *o = t.origins();
    }
    let origins = &origins[..targets.len()];
    let mut stones = origins.iter().fold(0, |all, o| all | o);
    while stones != 0 {
        let from = stones.trailing_zeros();
        stones &= stones - 1;
        let count = origins.iter().map(|o| (o >> from & 1) as u32).sum::<u32>();
        if i < count {
            let (t, _) = targets
                .iter()
                .zip(origins)
                .filter(|(_, o)| *o >> from & 1 == 1)
                .nth(i as usize)
                .expect("i is below the origin's count");
            return Action::slide(from as u16, (from as i32 + i32::from(t.back)) as u16);
        }
        i -= count;
    }
    unreachable!("i is below the move's number of actions")
}

#[cfg(test)]
mod tests {
    use crate::check::{Selection, check_str};
    use crate::engine::{Action, Engine, Setup};
    use crate::game::{Filter, Sites};
    use rand::{Rng, SeedableRng};

    /// Pawns that step ahead onto an empty square and ahead diagonally onto anything but their
    /// own (capturing): Breakthrough's moves, ahead being north for A and south for B.
    const PAWNS: &str = r#"(game "T" (players "A" "B") (board (square 6)) (pieces pawn)
        (relation ahead (owner "A") N) (relation ahead (owner "B") S)
        (relation ahead-diagonal (owner "A") NE NW) (relation ahead-diagonal (owner "B") SE SW)
        (play (turn (actions 1
          (slide (from (friend pawn)) (along ahead) (to empty))
          (slide (from (friend pawn)) (along ahead-diagonal) (to any) (capture)))))
        (end (turn-limit 10)))"#;

    fn engine(text: &str) -> Engine {
        let (_, checked) = check_str("t.game", text, &Selection::default());
        Engine::new(checked.expect("selection").game.expect("the game checks"))
    }

    fn slide(engine: &Engine, from: &str, to: &str) -> Action {
        Action::slide(engine.site(from).expect("a site"), engine.site(to).expect("a site"))
    }

    fn sorted(mut actions: Vec<Action>) -> Vec<Action> {
        actions.sort_by_key(|a| (a.from, a.to));
        actions
    }

    /// A position worked out by hand: A (north) on b2 and e5; B (south) on b3, c3, a4 and e6;
    /// A to move. Neither A pawn can step straight (b3 and e6 are taken); b2 steps to a3 and
    /// takes on c3, e5 steps to d6 and f6. After b2xc3, B's b3 and a4 step straight to b2 and
    /// a3 (e6 cannot: e5 is A's), and diagonally b3 to c2 and a2 and e6 to f5 and d5 (a4's
    /// only diagonal, b3, is B's own).
    #[test]
    fn a_position_worked_out_by_hand() {
        let engine = engine(PAWNS);
        assert!(engine.program.phases[0][0].shift_steps.is_some(), "the stage is made as shifts");
        let at = |label: &str| engine.site(label).expect("a site");
        let setup = Setup {
            stones: vec![(at("b2"), 0), (at("e5"), 0), (at("b3"), 1), (at("c3"), 1), (at("a4"), 1), (at("e6"), 1)],
            replace_start: true,
            ..Setup::default()
        };
        let mut s = engine.position(&setup).expect("position");
        let steps = |list: &[(&str, &str)]| sorted(list.iter().map(|&(f, t)| slide(&engine, f, t)).collect());
        assert_eq!(sorted(engine.legal(&s).to_vec()), steps(&[("b2", "a3"), ("b2", "c3"), ("e5", "d6"), ("e5", "f6")]));
        engine.apply(&mut s, slide(&engine, "b2", "c3")).expect("b2xc3 is legal");
        assert_eq!(engine.stone(&s, at("c3")), Some(0), "the pawn from b2 stands on c3");
        let listed = engine.legal(&s).to_vec();
        // The straight steps come first (the first move's), b3's before a4's.
        assert_eq!(listed[..2], [slide(&engine, "b3", "b2"), slide(&engine, "a4", "a3")]);
        let expected = [("b3", "b2"), ("a4", "a3"), ("b3", "c2"), ("b3", "a2"), ("e6", "f5"), ("e6", "d5")];
        assert_eq!(sorted(listed), steps(&expected));
        for (from, to) in [("b3", "b4"), ("e6", "e5"), ("a4", "b3"), ("c3", "c4")] {
            assert!(engine.apply(&mut s.clone(), slide(&engine, from, to)).is_err(), "{from}-{to} is not B's");
        }
        // Sites the board does not have: a record or a caller may name them.
        for (from, to) in [(66, 74), (74, 66), (1000, 1008)] {
            assert!(engine.apply(&mut s.clone(), Action::slide(from, to)).is_err(), "{from}-{to} is no action");
        }
        engine.apply(&mut s, slide(&engine, "e6", "d5")).expect("e6-d5 is legal");
    }

    /// Draughts' first action: men hop forward over an enemy's piece and kings any way, and
    /// only if no hop is possible do men step forward and kings any way.
    const DRAUGHTS: &str = r#"(game "T" (players "A" "B") (board (square 8)) (pieces man king)
        (relation ahead (owner "A") NE NW) (relation ahead (owner "B") SE SW)
        (play (turn (actions 1
          (priority
            (hop (from (friend man)) (over ahead enemy) (to empty) (capture))
            (hop (from (friend king)) (over diagonal enemy) (to empty) (capture)))
          (slide (from (friend man)) (along ahead) (to empty))
          (slide (from (friend king)) (along diagonal) (to empty)))))
        (end (turn-limit 10)))"#;

    /// Draughts' further hops: from the piece that hopped, a man forward and a king any way,
    /// while nothing was crowned.
    const CHAINS: &str = r#"(game "T" (players "A" "B") (board (square 8)) (pieces man king) (allowance crowned)
        (relation ahead (owner "A") NE NW) (relation ahead (owner "B") SE SW)
        (play (turn (actions 1
          (hop (from (friend man)) (over ahead enemy) (to empty) (capture))
          (hop (from (friend king)) (over diagonal enemy) (to empty) (capture)))
          (actions 0 12
            (hop (from last) (over ahead enemy) (to empty) (capture) (where (is (friend man) from) (= (allowance crowned) 0)))
            (hop (from last) (over diagonal enemy) (to empty) (capture) (where (is (friend king) from) (= (allowance crowned) 0))))))
        (end (turn-limit 10)))"#;

    /// The further hops of [`CHAINS`] are made as shifts: from `last` alone, the piece's kind
    /// read from the conditions, the allowance asked once.
    #[test]
    fn hops_from_the_last_piece_are_shifts() {
        let engine = engine(CHAINS);
        assert!(engine.program.phases[0][1].shift_steps.is_some(), "the further hops are made as shifts");
        // Worked out by hand: A's man on c3, B's men on d4, d6 and f6. c3xe5 is A's one hop;
        // from e5 the man may hop on over d6 to c7 or over f6 to g7 (or end the turn), and from
        // g7 no further.
        let at = |label: &str| engine.site(label).expect("a site");
        let setup = Setup {
            stones: vec![(at("c3"), 0), (at("d4"), 1), (at("d6"), 1), (at("f6"), 1)],
            replace_start: true,
            ..Setup::default()
        };
        let mut s = engine.position(&setup).expect("position");
        assert_eq!(engine.legal(&s), [slide(&engine, "c3", "e5")]);
        engine.apply(&mut s, slide(&engine, "c3", "e5")).expect("c3xe5 is legal");
        assert_eq!(engine.stone(&s, at("d4")), None, "d4 was taken");
        let further =
            sorted(engine.legal(&s).iter().copied().filter(|a| a.kind != crate::engine::ActionKind::End).collect());
        assert_eq!(further, sorted(vec![slide(&engine, "e5", "c7"), slide(&engine, "e5", "g7")]));
        assert!(engine.apply(&mut s.clone(), slide(&engine, "d6", "c5")).is_err(), "B does not move yet");
        engine.apply(&mut s, slide(&engine, "e5", "g7")).expect("e5xg7 is legal");
        // With no hop left from g7 the turn is over; B's man on d6 has no hop (this game has
        // no steps): B cannot move, and the game is over.
        assert!(engine.outcome(&s).is_some(), "the turn passed to B, who is blocked");
    }

    /// On random positions, for either side to move, the actions read from the shifts are
    /// those the piece moves' routine lists, move by move (the moves after a `priority` only
    /// where it has none), origin by origin, in the same order; the move each belongs to is
    /// the one that lists it.
    #[test]
    fn shifts_list_what_the_piece_moves_routine_lists() {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        for (text, kinds) in [(PAWNS, 1), (DRAUGHTS, 2)] {
            let engine = engine(text);
            assert!(engine.program.phases[0][0].shift_steps.is_some(), "the stage is made as shifts");
            let sites = engine.game().board.site_count() as u16;
            let stage = &engine.game().phases[0].stages[0];
            let (mut compared, mut preferred) = (0, 0);
            for _ in 0..600 {
                let mut setup = Setup { mover: rng.random_range(0..2), replace_start: true, ..Setup::default() };
                // Crowded and sparse boards both: a crowded one leaves men and kings blocked.
                let crowded = rng.random_range(1..5);
                for site in 0..sites {
                    if rng.random_range(0..5) < crowded {
                        setup.stones.push((site, rng.random_range(0..2)));
                        setup.kinds.push((site, rng.random_range(0..kinds)));
                    }
                }
                let mut s = engine.position(&setup).expect("position");
                let fast = engine.legal(&s).to_vec();
                let env = engine.mover_env(&s);
                let walked = engine.with_work(&mut s, |s, w| {
                    let mut out = Vec::new();
                    for (i, m) in stage.moves.iter().enumerate() {
                        if i == stage.preferred && i > 0 && !out.is_empty() {
                            preferred += 1;
                            break;
                        }
                        let start = out.len();
                        for f in s.stones[env.subject].ones() {
                            let Sites::Filter(Filter::Piece(_, kind)) = m.from else { panic!("a kind") };
                            if kinds == 1 || s.kinds[f as usize] == kind {
                                engine.piece_moves_from(s, w, m, f, &env, &mut out);
                            }
                        }
                        for &a in &out[start..] {
                            assert_eq!(s.legal.owner(a), Some(i), "the move of {}", engine.action_text(a));
                        }
                    }
                    out
                });
                assert_eq!(fast, walked, "mover {}", setup.mover);
                compared += fast.len();
            }
            assert!(compared > 1500, "{compared} actions compared");
            assert!(kinds == 1 || preferred > 50, "{preferred} positions with a hop");
        }
    }
}
