//! The lowering pass: where every fast path of the engine is chosen, once, when a checked
//! [`Game`] becomes an [`super::Engine`].
//!
//! The checked game says *what* the rules are; the program here says *how* the engine runs each
//! part of them. Every choice is a `match` over the rule's shape that the compiler checks for
//! exhaustiveness, with the general interpreter as the fallback, so that the hot loop never
//! re-discovers a rule's shape and a reader finds, for any ludeme, the algorithm that runs it:
//!
//! | ludeme | lowered to | algorithm |
//! |---|---|---|
//! | a stage's `(actions MIN MAX ...)` | [`Bound`] | fixed numbers folded, an allowance (plus a constant) read; otherwise compiled, evaluated when the stage begins; where `(first-turn)` decides part of them, the first turn's pair apart ([`StageProgram::first_turn`]) |
//! | a number or condition of the turn flow: bounds, `until`, `grew`'s values, a `when`'s condition, effects | [`super::compile`] | closures built once, constants folded into their parents; reads (an allowance, a counter, the turn number, the hand, a kept largest group) are leaves evaluated inline by the code that needs them ([`super::compile::Leaf`]); the ludemes without a closure of their own call the interpreter |
//! | a stage whose most is `(allowance A)` and least a number | [`StageProgram::earned`] | passed over without being entered while A is not positive |
//! | `(first-turn)` in a stage's bounds or in after-turn effects | [`super::compile`] (`Turn`) | the code compiled for the first turn and for the later ones, a constant in each, and the `if`s it decides folded away |
//! | a stage that is one plain `place` on `empty` | [`StageProgram::plain`] | the legal set is a copy of the empty sites when the stage begins, and after a placement the one before less that site; a random playout plays the stage's placements in one run from the empty sites, without the legal set, and across the turn's end into the next turn's plain stage ([`super::runs`]) |
//! | `place` | [`Generator::Place`] | candidates as a bitset, filtered condition by condition |
//! | a stage whose one move is a `place` on `empty`, `any` or a region with no `require`, `after` or `no-repeat`, every `where` a bitset (`in` a region, a kept range: Connect Four's gravity) | [`StageProgram::masked_places`] | the empty sites ANDed with the team's bitsets, word by word, without the general listing; a random playout plays it in one run, picking each placement from those sites and crossing the turn's end without the legal set ([`super::runs`]) |
//! | `slide` of one's own stones to any empty neighbour, under a relation the same both ways and for every team | [`Generator::StepsKept`] | the relation's empty-neighbour counts kept per site; a decision sums the mover's stones' counts, the legal set keeps that number, and the `n`-th step is found on the board when picked ([`super::legal::Block`]); a stage with no other move is listed without the general loop ([`StageProgram::steps_only`]), and a random playout plays it in one run, picking each step from the counts and crossing the turn's end without the legal set ([`super::runs`]) |
//! | the same under a direction, a one-way or an owned relation | [`Generator::SlideOwnToEmpty`] | a tight loop over the stones' neighbour lists |
//! | a one-step `slide` of one's own stones to `any` or `enemy` with `(capture)`, no condition or promotion, in a stage where no other piece move makes the same actions (Breakthrough's diagonal, Clobber) | [`Generator::StepOwnCapturing`] | the same tight loop, landing on an enemy's piece (or an empty site) |
//! | a stage whose every move is a one-step `slide` (to `empty`, or capturing to `enemy` or `any`) or a one-step `hop` over an enemy, of one's own pieces, one kind of them or the piece on `last`, with no condition but on the moving piece's kind or on no site, no promotion by choice or test of the position after it, no two making one action, on a board of at most 64 sites with no piece of nobody's, each relation's directions translations of the sites' numbers (Breakthrough, Clobber, draughts' hops and steps) | [`StageProgram::shift_steps`] | per move and direction, the pieces that move that way shifted (twice for a hop) and ANDed with where they may land: the decision's number of actions is a sum of population counts, `(priority ...)` a test of it, a condition on no site asked once, and the `n`-th action is read from those words when picked ([`super::shifts`]) |
//! | any other one-step `slide` that does not capture | [`Generator::Slide`] | every origin and neighbour through the interpreter |
//! | a `slide` that captures or rides (`range`), `leap`, `hop` | [`Generator::Piece`] | origin by origin, the directions' step tables ([`super::pieces`]); a rider that neither captures nor tests where it lands, the empty sites in sight ([`super::rays::Rays::sight`]) |
//! | `(promote REGION KIND...)` of a `slide`, `leap`, `hop` | [`Generator::Piece`] | once the move's actions are listed, each one ending in the region's bitset becomes one per kind, in place, out of line (`Engine::promotions`) |
//! | several piece moves in one stage | [`Generator::Piece`] with `shared`, [`StageProgram::piece_moves`] | an action already listed by an earlier move is skipped; an action's move is the first that makes it |
//! | `relocate` to `empty` (or `any`) with no `where` | [`Generator::RelocateAnywhereEmpty`] | the origins and the empty sites listed once: the actions are their product ([`super::legal::Block`]), the `n`-th found by a division |
//! | any other `relocate` | [`Generator::Relocate`] | every origin and destination through the interpreter |
//! | `(op (count empty (neighbors to R)) K)` in `where` | [`Condition::EmptyNeighbors`] | one read of the empty-neighbour counts kept per site |
//! | `(op (count empty (neighbors to R)) K)` in `where` of a `place` (gravity: `(= ... 0)`, nothing empty below; Watershed's `(>= ... 2)`) | [`Condition::KeptRange`] | one bitset intersection with the sites whose count lies in the range, kept as the counts change ([`Program::kept_ranges`]; one range per relation, the first a placement asks) |
//! | `(in to REGION)` in `where` of a `place` | [`Condition::InRegion`] | one bitset intersection for all candidates |
//! | `and`, `or`, `not` of `(in to SITES)` (SITES a set that does not read `to`) and of conditions without `to`, in `where` of a `place` | [`Condition::Mask`] | a mask of the regions' bits and the sets' sites, each condition without `to` evaluated once |
//! | any other condition | [`Condition::General`] | the interpreter ([`super::eval`]) |
//! | `(require (connected empty REGION R))` in `place` | [`Require::EmptyStaysConnected`] | one articulation-point search for all candidates ([`super::connect::placement_mask`]) |
//! | any other `connected` | [`Require::AfterAction`] | a flood fill on the position after each candidate action |
//! | a condition in `require` | [`Require::Condition`] | the stone put on the board, the interpreter, the stone taken back |
//! | `(> (count any (flanks to R)) 0)` in `where`, in a game without kinds of nobody's | [`Condition::FlanksAny`] | on a board of at most 64 sites whose directions are translations of the sites' numbers, every candidate at once: from the friend stones backwards over enemy stones by shifts, a few a direction ([`super::rays::Rays::flanking_sites`]); else the step tables of R's directions walked from each candidate until one run is closed ([`super::rays`]) |
//! | `(line N R SITE [exact])` anywhere | the interpreter ([`super::lines`]) | the runs along R's axes through SITE only, by step tables |
//! | `(ray V R)`, `(flanks V R)` anywhere | [`super::rays::Rays`] | per-direction step tables compiled once |
//! | `(sight V R)` anywhere | [`super::rays::Rays::sight`] | the same step tables, each walk stopped by the first occupied site |
//! | `(when (board-full) ...)` | [`EndTest::BoardFull`] | a counter compared with 0 |
//! | `(when (line ...) ...)` | [`EndTest::Line`] | on a board of at most 64 sites with a constant length of at least 2 and no axis that passes a site twice, the windows of the line through each site as one-word masks ([`super::lines::Windows`]); else the walk along the axes ([`super::lines`]), called directly |
//! | `(when (nobody-can-move) ...)` | [`EndTest::NobodyCanMove`] | false at once unless the mover is blocked; then each other player's first stage on a copy |
//! | any other `when` | [`EndTest::General`] | its condition compiled ([`super::compile`]) |
//! | `(count empty (neighbors V R))` anywhere | [`Program::empty_neighbor_slot`] | the kept counts of R, by index |
//! | the counts of empty neighbours kept for R (no kept range), and a kept step's destination, where no site has more than 8 neighbours | [`Program::padded`] | R's lists padded to the longest ([`super::padded`]): the loops over a site's neighbours run as many rounds at every site, so their ends are never mispredicted |
//! | `(pass ...)` | [`Generator::Pass`] | its conditions, once per decision |
//! | `(all-passed)` anywhere | [`Program::counts_passes`] | the run of passes is counted only in games that ask |
//! | `(connects V R A B ...)` | [`Connection::Kept`] | R's union-find keeps per group a bitmask of the regions it touches ([`Program::connect_bits`]): one look-up at the root |
//! | the same, with more than 64 regions connected | [`Connection::Fill`] | a flood fill of the one group |
//! | a relation a game declares per team (`(relation forward (owner T) N)`) | [`Program::relation_for`] | a table of the version for each (relation, team), read where the relation is followed |
//! | `place` on `empty` whose only effect is `(remove-groups (neighbors to R) R (where (is enemy site) (= (liberties site R) 0)))`, with `(after (> (liberties to R) 0))` or no `after`, any `no-repeat` | [`Generator::Enclose`] | chains with pseudo-liberties kept per group ([`super::chains`]): legality, captures and the hash of the position after the action in a few operations per site ([`super::enclose`]) |
//! | a piece move whose one `after` is `(not (attacked (friend K)))` and whose effects leave the board alone | [`MoveProgram::guarded`] | one attack test on the position; only candidates that lift a piece from a line or leap an attack on K could use are made on a copy ([`super::attack`]) |
//! | a placement whose `after` conditions are all `(reachable (occupied K) ...)` avoiding pieces, whose effects only `put` pieces a step from `to` under conditions on `to`, with no capture or ban (Quoridor's wall) | [`MoveProgram::fills`] | a table of the sites each candidate fills; a candidate that leaves open a way kept from an earlier answer passes; where the pieces laid close what they fill, any other is judged by seeking the ways with those sites closed, else made on a copy ([`super::fills`]) |
//! | any other `(after ...)` or `(no-repeat ...)` | [`MoveProgram::after_effects`] | the action made on a copy of the position, its effects applied, then the conditions and the history checked ([`super::after`]) |
//! | `(liberties V R)`, `(area R)`, any other `remove-groups` | the interpreter ([`super::liberties`]) | a flood fill of the group or of the empty regions |

use super::bits::Bits;
use super::compile::{BoolCode, Effects, IntCode};
use super::connect::NeighborMasks;
use super::padded::Padded;
use crate::game::{
    Bool, CmpOp, Constraint, EndRule, Filter, Game, Int, MoveKind, RegionRef, Side, SiteVar, Sites, Stage,
};

/// How the engine runs a game's rules (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct Program {
    /// Per phase, per stage.
    pub phases: Vec<Vec<StageProgram>>,
    /// The `(when ...)` end rules, in order, each with how its condition is tested.
    pub when_rules: Vec<WhenRule>,
    /// The `(turn-limit N ...)` rules that can end a game (N > 0), in order: (N, the rule's
    /// index in the game's end rules).
    pub turn_limits: Vec<(u32, usize)>,
    /// Relations under which the rules count empty neighbours; the engine keeps those counts
    /// per site, in this order.
    pub empty_neighbor_relations: Vec<u8>,
    /// Per relation: its slot in `empty_neighbor_relations`, if the counts are kept.
    pub empty_neighbor_slot: Vec<Option<u8>>,
    /// Per slot of `empty_neighbor_relations`: the relation whose neighbours of a site that
    /// fills or empties are the sites whose counts change — the relation itself when it is
    /// symmetric, the opposite direction for a direction (the `N` count of a site changes when
    /// its `N` neighbour fills, that is, for the site `S` of the one that fills).
    pub empty_neighbor_updates: Vec<u8>,
    /// How `(connects ...)` is answered.
    pub connection: Connection,
    /// Per region: its bit in the groups' touched-region masks, if some `(connects ...)` names
    /// it (with [`Connection::Kept`]).
    pub connect_bits: Vec<Option<u8>>,
    /// Per region: the bits of its parts in the touched-region masks, one per part, if some
    /// `(connects SITE R N REGION)` counts them (with [`Connection::Kept`]).
    pub part_bits: Vec<u64>,
    /// Per relation: how many directions it is made of. A site with fewer neighbours is at
    /// the edge of the board for `(encloses ...)`.
    pub direction_counts: Vec<u8>,
    /// Relations under which the rules ask for connections.
    pub connect_relations: Vec<u8>,
    /// Some rule asks `(all-passed)`: the run of passes is counted (and only then).
    pub counts_passes: bool,
    /// Per relation: its neighbour bitsets when a [`Require::EmptyStaysConnected`] searches it
    /// (for some team) and the board is narrow enough for the bitset search; otherwise the search walks the
    /// relation's adjacency lists.
    pub cut_masks: Vec<Option<NeighborMasks>>,
    /// Per slot of `empty_neighbor_relations`: whether the engine also keeps the set of sites
    /// whose count lies in this range (for [`Condition::KeptRange`]), kept as the counts change.
    pub kept_ranges: Vec<Option<(u8, u8)>>,
    /// Per slot of `empty_neighbor_relations`: the neighbour lists of its relation of updates,
    /// padded to one length where none is long ([`super::padded`]). The counts are kept
    /// through them where the slot keeps no range, and a kept step's destination is chosen
    /// from them.
    pub padded: Vec<Option<Padded>>,
    /// Per relation and team (`rel × teams + team`): the relation it means for that team — its
    /// team's version for an owned relation, else itself. Read with [`Program::rel`]. Empty
    /// when the game declares no owned relation, so that other games pay one test.
    pub relation_for: Vec<u8>,
    pub teams: usize,
    /// The relation whose chains are kept (for [`Generator::Enclose`]), if any move uses it.
    pub chains: Option<u8>,
    /// Some move bans repeated positions, or a rule asks `(repeated)`: the board is hashed and
    /// its history recorded.
    pub keeps_history: bool,
    /// Some move's effects may say `(again)`: an action may leave its stage open beyond the
    /// bounds it began with, so no action is known to end the turn before it is made.
    pub moves_again: bool,
    /// Some rule asks whether a piece has moved (`(unmoved SITE)`), or a position compared for
    /// `(repetition ...)` holds which pieces are unmoved: the state keeps the set of pieces that
    /// have not.
    pub tracks_unmoved: bool,
    /// The moves whose `where` reads the history, when only they do: a position's rights for
    /// `(repetition ...)` ([`super::rights`]).
    pub rights: Option<super::rights::Rights>,
    /// How `(attacked ...)` traces attackers back, for a game whose rules ask it.
    pub attack: Option<super::attack::AttackProgram>,
    /// Per phase: its `until`, compiled.
    pub until: Vec<Option<BoolCode>>,
    /// Per phase: its after-turn effects, compiled for the first turn and the later ones
    /// (apart where `(first-turn)` decides part of them).
    pub after_turn: Vec<super::compile::ByTurn<Effects>>,
    /// Per snapshot slot (the values `grew` compares): the number, compiled.
    pub snapshots: Vec<IntCode>,
    /// Per phase: its `(maximize ...)` number, compiled ([`super::maximize`]).
    pub maximize: Vec<Option<IntCode>>,
    /// Some phase has one: every decision is narrowed once it is listed.
    pub maximizes: bool,
}

/// How `(connects SITE R A B ...)` is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Connection {
    /// The union-find of R's groups keeps, per group, the set of regions its stones touch.
    Kept,
    /// More regions are connected than a mask holds: a flood fill of the group at SITE.
    Fill,
}

#[derive(Debug, Clone)]
pub(crate) struct StageProgram {
    pub min: Bound,
    pub max: Bound,
    /// The bounds of the game's first turn, where `(first-turn)` decides part of them; `min`
    /// and `max` are then the later turns'.
    pub first_turn: Option<Box<(Bound, Bound)>>,
    /// The stage's most is an allowance, its least a fixed number, on every turn (a stage of
    /// actions earned earlier in the turn, such as Kensington's relocations): while the
    /// allowance is not positive the stage offers nothing, which the turn flow sees without
    /// entering it.
    pub earned: Option<usize>,
    /// The stage is one unconditional placement on any empty site with no effects: after a
    /// placement, its legal actions are those before it, less the site just filled.
    pub plain: bool,
    /// One per move of the stage, in the same order.
    pub moves: Vec<MoveProgram>,
    /// How many of the stage's moves move a piece (`FROM-TO`): with two or more, an action's
    /// move is the first that can make it ([`super::Engine::move_of`]).
    pub piece_moves: u8,
    /// Some piece move starts from one kind of the mover's pieces (`(from (friend pawn))`):
    /// the mover's pieces are sorted by kind once, and each such move takes its origins from
    /// its kind's list instead of looking at every piece.
    pub by_kind: bool,
    /// No move of the stage shares anything with another while the actions are listed: no
    /// `(priority ...)`, no guarded `after`, no pieces sorted by kind. Its actions are listed
    /// by the shortest loop.
    pub plain_moves: bool,
    /// The stage's one move is steps kept as counts ([`Generator::StepsKept`]): its legal set
    /// is the block of steps alone (and `end`), made without the general listing.
    pub steps_only: Option<KeptSteps>,
    /// The stage's one move is a `place` whose destinations are the empty sites narrowed by
    /// bitsets alone (a region, kept ranges): its legal set is made by a few word operations,
    /// without the general listing.
    pub masked_places: Option<MaskedPlaces>,
    /// Every move of the stage is a one-step move of one's own stones that a word's shifts
    /// make ([`super::shifts`]): its legal set is a block of those words (and `end`), made
    /// without the general listing.
    pub shift_steps: Option<Box<super::shifts::ShiftSteps>>,
}

/// The bitsets that narrow the empty sites to a [`StageProgram::masked_places`] stage's
/// placements, per team (a region may be owned, so each team has its own).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct MaskedPlaces {
    pub by_team: Vec<Vec<PlaceMask>>,
}

/// One bitset a placement's destination must lie in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PlaceMask {
    /// The sites of a region (an index of the game's regions).
    Region(u16),
    /// The sites whose kept count of empty neighbours lies in the slot's range
    /// ([`Program::kept_ranges`]).
    KeptRange(usize),
}

/// The relation and kept-counts slot of a stage whose one move is [`Generator::StepsKept`]:
/// what the legal set's block of steps ([`super::legal::Steps`]) is made from, with the
/// mover's team.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct KeptSteps {
    pub along: u8,
    pub slot: u8,
}

/// A stage bound.
#[derive(Debug, Clone)]
pub(crate) enum Bound {
    /// Known before play (beyond `u32::MAX`: no bound at all).
    Fixed(u32),
    /// `(allowance A)`, or `(+ K (allowance A))`: the turn's value of an allowance, plus a
    /// constant, read when the stage begins (a stage of optional actions earned earlier in
    /// the turn, or a turn's length with a bonus granted by the previous one). The sum is
    /// checked as `(+ ...)` is.
    Allowance { allowance: usize, plus: i64 },
    /// Evaluated when the stage begins.
    Computed(IntCode),
    /// A least written as the same expression as the most (`(actions N ...)` with N
    /// computed): the most's value, evaluated once.
    AsMost,
}

/// A stage bound's value as a number of actions: none below 0, and a bound beyond what a
/// counter of actions can reach is as good as no bound.
#[inline]
pub(crate) fn bound_value(v: i64) -> u32 {
    u32::try_from(v.max(0)).unwrap_or(u32::MAX)
}

#[derive(Debug, Clone)]
pub(crate) struct MoveProgram {
    pub generator: Generator,
    /// One per `where` condition, in order.
    pub conditions: Vec<Condition>,
    /// The `where` conditions the move is listed with (`varying`'s, if it has one) compiled
    /// ([`super::compile`]), one per condition, when all are tests of sites ([`site_test`]):
    /// asked one candidate at a time where the interpreter would walk them (a piece move's, a
    /// placement's [`Condition::General`]). `None` otherwise: a condition the compiler hands
    /// back to the interpreter is only slower for the call around it.
    pub checks: Option<Vec<super::compile::BoolCode>>,
    /// One per `require` constraint, in order.
    pub require: Vec<Require>,
    /// Some `require` is a condition ([`Require::Condition`]): placements are narrowed by a
    /// second pass, which puts each stone down and takes it back.
    pub require_conditions: bool,
    /// The move has `(after ...)` or `(no-repeat ...)` that its generator does not answer
    /// itself: each candidate is made on a copy of the position (see [`super::after`]).
    pub after_effects: bool,
    /// The move only fills empty sites, and its `after` asks only whether pieces still have a
    /// way past pieces ([`fills_only`]): the sites each candidate fills, by which most
    /// candidates are judged without being made on a copy ([`super::fills`]).
    pub fills: Option<super::fills::Fills>,
    /// The move's one `after` is `(not (attacked (friend K)))` and nothing it does but the
    /// move itself changes the board: a candidate that lifts no piece from a site an attack on
    /// K's sites could pass through cannot change the answer, which is then the position's
    /// own (see [`super::attack::AttackProgram::guardable`]). Its value is the index of the
    /// stage's first move with the same `after`: moves with one key share one guard.
    pub guarded: Option<u16>,
    /// The move's effects (`then`), compiled.
    pub then: Effects,
    /// For a piece move with a test of the position after it (`require`, `after`,
    /// `no-repeat`): the later piece moves of the stage, by index, that could make one of its
    /// actions too ([`may_overlap`]). An action of both that the test rules out for this move
    /// is the first of those's ([`super::Engine::move_of_legal`]); empty for any other move.
    pub yields_to: Vec<u16>,
    /// The move's `where` conditions (by index) that read none of the sites being tried
    /// (`to`, `from`, `site`), for the moves whose actions are tried one by one (relocations,
    /// slides, takes, sowings): asked once before the move's actions are listed, and when one
    /// fails the move has none (a flight with three men left, asked once, not per pair).
    pub invariant: Vec<u16>,
    /// With `invariant` conditions or a `landing` mask: the move without the conditions they
    /// answer, which lists its actions (asked per action they would be asked again).
    pub varying: Option<Box<crate::game::Move>>,
    /// Per team, for a piece move (listed origin by origin) with conditions `(in to REGION)` or
    /// `(not (in to REGION))`: the sites they let it land on, tested as a bit instead of through
    /// the interpreter for every square tried. Empty when the move has none.
    pub landing: Vec<Bits>,
}

impl MoveProgram {
    /// The team's landing mask, if the move has one.
    #[inline]
    pub(crate) fn landing(&self, team: usize) -> Option<&Bits> {
        self.landing.get(team)
    }
}

/// The sites of a region (every part), as a set.
pub(crate) fn region_set(game: &Game, region: usize) -> Bits {
    Bits::from_sites(game.board.site_count(), game.regions[region].parts.iter().flatten().copied())
}

/// Whether placement `m` only fills empty sites and its `after` conditions only ask whether
/// pieces still have a way past pieces: every `after` is `(reachable PIECES ...)` avoiding
/// pieces only (an empty site is always open), of a kind the move never lays; no ban on
/// repetition, no capture, no choice of kind; and its effects only `put` pieces on sites a
/// step from `to`, under conditions on `to` alone (Quoridor's wall: `(if (in to h-grooves)
/// (put (step to E) ...) ...)`). Such a move can only close sites, so a way that avoids what it
/// fills and is open now is open after it.
fn fills_only(m: &crate::game::Move) -> bool {
    fn on_to_alone(c: &Bool) -> bool {
        match c {
            Bool::In(SiteVar::To, Sites::Region(_)) => true,
            Bool::Not(inner) => on_to_alone(inner),
            Bool::And(items) | Bool::Or(items) => items.iter().all(on_to_alone),
            _ => false,
        }
    }
    fn puts(effects: &[crate::game::Effect], kinds: &mut Vec<u8>) -> bool {
        effects.iter().all(|e| match e {
            crate::game::Effect::Put { sites: Sites::Step(SiteVar::To, _), piece } => {
                kinds.push(piece.unwrap_or(0));
                true
            }
            crate::game::Effect::If { condition, then, otherwise } => {
                on_to_alone(condition) && puts(then, kinds) && puts(otherwise, kinds)
            }
            _ => false,
        })
    }
    let mut laid = vec![m.piece];
    let plain = m.no_repeat.is_none() && m.capture.is_none() && m.drops.is_empty() && puts(&m.then, &mut laid);
    let picks_pieces_only =
        |f: &Option<Filter>| matches!(f, Some(Filter::Occupied | Filter::Friend | Filter::Enemy | Filter::Piece(..)));
    plain
        && !m.after.is_empty()
        && m.after.iter().all(|c| match c {
            Bool::Reachable { pieces: Filter::Piece(_, kind), avoid, .. } => {
                picks_pieces_only(avoid) && !laid.contains(kind)
            }
            _ => false,
        })
}

/// Whether a condition only asks what stands on sites a few steps from a bound site and which
/// regions they are in, joined by `and`, `or` and `not`: the conditions that compile into
/// closures of their own, with no interpreter under them (Quoridor's "no wall in the way").
fn site_test(c: &Bool) -> bool {
    match c {
        Bool::And(items) | Bool::Or(items) => items.iter().all(site_test),
        Bool::Not(inner) => site_test(inner),
        Bool::In(_, Sites::Region(_)) | Bool::IsAt(_, Sites::Step(..)) | Bool::Is(..) => true,
        _ => false,
    }
}

/// A `where` condition a landing mask can answer: `(in to REGION)`, or its negation, with the
/// region and whether the site must be in it.
fn landing_test(c: &Bool) -> Option<(&RegionRef, bool)> {
    match c {
        Bool::In(SiteVar::To, Sites::Region(r)) => Some((r, true)),
        Bool::Not(inner) => match &**inner {
            Bool::In(SiteVar::To, Sites::Region(r)) => Some((r, false)),
            _ => None,
        },
        _ => None,
    }
}

/// The landing masks of a move's `(in to REGION)` conditions, one per team, and the indices of
/// the conditions they answer.
fn landing_masks(game: &Game, m: &crate::game::Move) -> (Vec<Bits>, Vec<u16>) {
    let tests: Vec<(u16, (&RegionRef, bool))> =
        m.conditions.iter().enumerate().filter_map(|(i, c)| landing_test(c).map(|t| (i as u16, t))).collect();
    if tests.is_empty() {
        return (Vec::new(), Vec::new());
    }
    let sites = game.board.site_count();
    let masks = (0..game.teams.len())
        .map(|team| {
            let mut mask = Bits::from_sites(sites, 0..sites as u16);
            for (_, (region, inside)) in &tests {
                let region = region_set(game, region.by_team[team] as usize);
                match inside {
                    true => mask.and_with(&region),
                    false => mask.and_not_with(&region),
                }
            }
            mask
        })
        .collect();
    (masks, tests.iter().map(|(i, _)| *i).collect())
}

/// The algorithm that lists a move's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Generator {
    Place,
    /// A placement from a hand of kinds ([`crate::game::Move::drops`]): its sites found as a
    /// placement's, then one action per site and kind held, each naming its kind (`P@e4`).
    Drop,
    /// A slide of one's own stones to an empty neighbour: a tight loop over the stones'
    /// neighbour lists.
    SlideOwnToEmpty {
        along: u8,
    },
    /// The same, under a relation whose counts of empty neighbours are kept (in slot `slot`):
    /// the number of steps, the sum of the mover's stones' counts, kept as a block of the legal
    /// set ([`super::legal::Block`]); a step is found on the board only when it is picked.
    StepsKept {
        along: u8,
        slot: u8,
    },
    /// A step of one's own stones that captures (`(slide (from friend) (along R) (to any|enemy)
    /// (capture))`, no condition): a tight loop over the stones' neighbour lists, landing on an
    /// enemy's piece, or also on an empty site (`enemy_only` false).
    StepOwnCapturing {
        along: u8,
        enemy_only: bool,
    },
    Slide {
        along: u8,
    },
    /// A slide that captures or rides, a leap or a hop, or any piece move of a stage whose
    /// piece moves could make one action twice (`shared`: an earlier one could make this one's
    /// actions, so an action it listed is not listed again): origin by origin, through
    /// [`super::Engine::piece_moves_from`].
    Piece {
        shared: bool,
    },
    Relocate {
        distinct: bool,
    },
    /// A relocation with no condition to any empty site: its actions are the product of the
    /// stones it may move and the empty sites ([`super::legal::Block`]), never listed pair by
    /// pair.
    RelocateAnywhereEmpty {
        distinct: bool,
    },
    /// A stone of `from` taken off the board, site by site through the interpreter.
    Take,
    /// The sites of `from` holding seeds, to sow from.
    Sow,
    /// A voluntary pass (action `pass`, or a named pass with `from` = `name`).
    Pass {
        name: u16,
    },
    /// A placement that captures enemy groups left without liberties, kept by chains (see
    /// [`super::enclose`]).
    Enclose(super::enclose::Enclose),
}

/// How one `where` condition of a move is tested for a candidate destination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Condition {
    /// `(op (count empty (neighbors to R)) K)`, read from the kept counts of slot `slot`.
    EmptyNeighbors { slot: usize, op: CmpOp, k: i64 },
    /// `(> (count any (flanks to R)) 0)`: the placement flanks something; the runs are
    /// walked until the first closed one, none is listed.
    FlanksAny { rel: u8 },
    /// `(op (count empty (neighbors to R)) K)` on a placement whose counts make the range
    /// kept for R ([`Program::kept_ranges`]): the candidates intersected with the kept set of
    /// sites whose count lies in it.
    KeptRange { slot: usize },
    /// `(in to REGION)` on a placement: the candidates intersected with the region's bits.
    InRegion,
    /// On a placement, `and`, `or` and `not` of `(in to SITES)` (SITES not reading `to`) and
    /// of conditions that do not read `to`: answered for every destination at once, as a mask
    /// made of the regions' bits and the sets' sites, each condition without `to` evaluated
    /// once (see [`maskable`]).
    Mask,
    /// The interpreter, on the condition as written.
    General,
}

/// How one `require` constraint is tested.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Require {
    /// A placement must leave every empty site connected to the region through empty sites:
    /// the legal destinations are the empty sites that are not cut vertices, found for all
    /// candidates at once.
    EmptyStaysConnected { region: RegionRef, rel: u8 },
    /// The constraint on the position after each candidate action.
    AfterAction,
    /// A condition on the position after each candidate action: the stone is put on the
    /// board, the condition evaluated, the stone taken back.
    Condition,
}

/// A `(when CONDITION ...)` end rule: its index in the game's end rules, and its test.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WhenRule {
    pub rule: usize,
    pub test: EndTest,
}

/// How a `(when CONDITION ...)` end rule is tested.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum EndTest {
    BoardFull,
    /// `(when (nobody-can-move) ...)`: false at once unless the player to move is blocked.
    NobodyCanMove,
    /// A line: tested without going through the interpreter's dispatch.
    Line(Box<super::lines::LineTest>),
    /// The condition, compiled.
    General(BoolCode),
}

/// Lowers a checked game.
pub(crate) fn lower(game: &Game) -> Program {
    let mut empty_neighbor_relations = game.empty_neighbor_relations();
    let board = &game.board;
    let mut phases: Vec<Vec<StageProgram>> = game
        .phases
        .iter()
        .map(|phase| {
            phase.stages.iter().map(|stage| lower_stage(game, stage, &empty_neighbor_relations, board)).collect()
        })
        .collect();
    keep_steps(game, &mut phases, &mut empty_neighbor_relations);
    let mut empty_neighbor_slot = vec![None; game.board.relations.len()];
    for (slot, &rel) in empty_neighbor_relations.iter().enumerate() {
        empty_neighbor_slot[rel as usize] = Some(slot as u8);
    }
    let empty_neighbor_updates: Vec<u8> = empty_neighbor_relations
        .iter()
        .map(|&rel| {
            let r = &board.relations[rel as usize];
            if !r.direction {
                return rel;
            }
            // Engine::new adds the opposite direction of every direction counted here.
            crate::board::opposite(&r.name).and_then(|o| board.relation(o)).map_or(rel, |i| i as u8)
        })
        .collect();
    let kept_ranges = keep_ranges(game, &mut phases, empty_neighbor_relations.len());
    let sites = board.site_count();
    let padded = empty_neighbor_updates.iter().map(|&rel| Padded::new(&board.relations[rel as usize], sites)).collect();
    mask_places(game, &mut phases);
    let stages = game.phases.iter().flat_map(|p| &p.stages).zip(phases.iter_mut().flatten());
    for (stage, program) in stages {
        program.shift_steps = super::shifts::lower(game, stage, program).map(Box::new);
    }
    // A decision narrowed by `(maximize ...)` is a list: no stage of such a phase keeps its
    // actions as the empty sites or a block of steps, which the runs of playouts follow.
    for (phase, stages) in game.phases.iter().zip(&mut phases) {
        if phase.maximize.is_some() {
            for stage in stages {
                (stage.plain, stage.steps_only, stage.masked_places, stage.shift_steps) = (false, None, None, None);
            }
        }
    }
    let when_rules = game
        .end
        .iter()
        .enumerate()
        .filter_map(|(rule, r)| {
            let test = match r {
                EndRule::When { condition: Bool::BoardFull, .. } => EndTest::BoardFull,
                EndRule::When { condition: Bool::NobodyCanMove, .. } => EndTest::NobodyCanMove,
                EndRule::When { condition: Bool::Line(line), .. } => {
                    EndTest::Line(Box::new(super::lines::LineTest::new(game, line)))
                }
                EndRule::When { condition, .. } => EndTest::General(super::compile::bool(game, condition)),
                EndRule::Repetition { .. } | EndRule::TurnLimit { .. } => return None,
            };
            Some(WhenRule { rule, test })
        })
        .collect();
    let turn_limits = game
        .end
        .iter()
        .enumerate()
        .filter_map(|(rule, r)| match r {
            EndRule::TurnLimit { turns, .. } if *turns > 0 => Some((*turns, rule)),
            _ => None,
        })
        .collect();
    let Connections { connection, bits: connect_bits, part_bits, relations: connect_relations } =
        lower_connections(game);
    let direction_counts =
        (0..game.board.relations.len()).map(|r| game.board.directions_within(r).len() as u8).collect();
    let chains = phases.iter().flatten().flat_map(|stage| &stage.moves).find_map(|m| match m.generator {
        Generator::Enclose(e) => Some(e.rel),
        _ => None,
    });
    // Chains know teams' stones of one kind only (their hashes are the stones' keys): with
    // kinds, or pieces of nobody's, on the board, a capture takes the general path.
    let chains = chains.filter(|_| game.pieces.len() <= 1 && !game.has_neutral() && !game.keeps_captures);
    // Chains are kept under one relation: a capture under another takes the general path.
    for m in phases.iter_mut().flatten().flat_map(|stage| &mut stage.moves) {
        if let Generator::Enclose(e) = m.generator {
            if Some(e.rel) != chains {
                m.generator = Generator::Place;
                m.after_effects = true;
            }
        }
    }
    fn says_again(effects: &[crate::game::Effect]) -> bool {
        effects.iter().any(|e| match e {
            crate::game::Effect::Again => true,
            crate::game::Effect::If { then, otherwise, .. } => says_again(then) || says_again(otherwise),
            _ => false,
        })
    }
    let keeps_history =
        game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves).any(|m| m.no_repeat.is_some())
            || uses_bool(game, |b| matches!(b, Bool::Repeated));
    let mut cut_masks = vec![None; board.relations.len()];
    for m in phases.iter().flatten().flat_map(|stage| &stage.moves) {
        for r in &m.require {
            if let Require::EmptyStaysConnected { rel, .. } = *r {
                for team in 0..game.teams.len() {
                    let rel = game.relation_for(rel, team) as usize;
                    if cut_masks[rel].is_none() {
                        cut_masks[rel] = NeighborMasks::new(&board.relations[rel], board.site_count());
                    }
                }
            }
        }
    }
    let rights = super::rights::lower(game);
    let mut asks_unmoved = false;
    game.visit_bools(&mut |b: &Bool| asks_unmoved |= matches!(b, Bool::Unmoved(_)));
    // Where the history is read outside the `where` of piece moves, a position compared for
    // `(repetition ...)` includes which pieces are unmoved (LANGUAGE.md, "Positions and
    // rights"), even when no rule asks `(unmoved ...)` itself.
    let repeats = game.end.iter().any(|r| matches!(r, crate::game::EndRule::Repetition { count, .. } if *count > 0));
    let tracks_unmoved = asks_unmoved || (repeats && game.reads_history_outside_piece_wheres());
    Program {
        until: game.phases.iter().map(|p| p.until.as_ref().map(|u| super::compile::bool(game, u))).collect(),
        after_turn: game.phases.iter().map(|p| super::compile::after_turn(game, &p.after_turn)).collect(),
        snapshots: game.snapshots.iter().map(|v| super::compile::int(game, v)).collect(),
        maximize: game.phases.iter().map(|p| p.maximize.as_ref().map(|n| super::compile::int(game, n))).collect(),
        maximizes: game.phases.iter().any(|p| p.maximize.is_some()),
        chains,
        keeps_history,
        moves_again: game.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves).any(|m| says_again(&m.then)),
        tracks_unmoved,
        rights,
        attack: super::attack::lower(game),
        cut_masks,
        phases,
        when_rules,
        turn_limits,
        empty_neighbor_relations,
        empty_neighbor_slot,
        empty_neighbor_updates,
        kept_ranges,
        padded,
        relation_for: relation_table(game),
        teams: game.teams.len(),
        connection,
        connect_bits,
        part_bits,
        direction_counts,
        connect_relations,
        counts_passes: uses_all_passed(game),
    }
}

/// Steps of one's own stones to empty neighbours become [`Generator::StepsKept`] where the
/// relation's counts of empty neighbours can be kept (the relation is the same both ways and
/// for every team): the counts are kept, in a slot of their own if no rule reads them.
fn keep_steps(game: &Game, phases: &mut [Vec<StageProgram>], relations: &mut Vec<u8>) {
    for stage in phases.iter_mut().flatten() {
        for m in &mut stage.moves {
            let Generator::SlideOwnToEmpty { along } = m.generator else { continue };
            let r = &game.board.relations[along as usize];
            if r.direction || r.one_way || game.is_owned(along) {
                continue;
            }
            let slot = relations.iter().position(|&rel| rel == along).unwrap_or_else(|| {
                relations.push(along);
                relations.len() - 1
            });
            m.generator = Generator::StepsKept { along, slot: slot as u8 };
        }
        if let (true, [MoveProgram { generator: Generator::StepsKept { along, slot }, .. }]) =
            (stage.plain_moves, &stage.moves[..])
        {
            stage.steps_only = Some(KeptSteps { along: *along, slot: *slot });
        }
    }
}

/// Per slot of kept counts: the range of counts whose sites are kept as a set, the first that
/// a placement's `where` compares with a number; those conditions become
/// [`Condition::KeptRange`] (conditions on other moves, and other ranges, read the counts).
fn keep_ranges(game: &Game, phases: &mut [Vec<StageProgram>], slots: usize) -> Vec<Option<(u8, u8)>> {
    let mut ranges = vec![None; slots];
    let stages = game.phases.iter().flat_map(|p| &p.stages).zip(phases.iter_mut().flatten());
    for (stage, program) in stages {
        for (m, p) in stage.moves.iter().zip(&mut program.moves) {
            if !matches!(m.kind, MoveKind::Place) {
                continue;
            }
            for c in &mut p.conditions {
                if let Condition::EmptyNeighbors { slot, op, k } = *c {
                    if let Some(range) = count_range(op, k) {
                        if *ranges[slot].get_or_insert(range) == range {
                            *c = Condition::KeptRange { slot };
                        }
                    }
                }
            }
        }
    }
    ranges
}

/// A stage whose one move is a `place` with no `require`, `after` or `no-repeat`, to the empty
/// sites or a region's, whose every `where` is a bitset ([`Condition::InRegion`],
/// [`Condition::KeptRange`]): its placements are the empty sites and those bitsets, ANDed
/// ([`StageProgram::masked_places`]). Once the kept ranges are chosen, which make some
/// conditions bitsets.
fn mask_places(game: &Game, phases: &mut [Vec<StageProgram>]) {
    let stages = game.phases.iter().flat_map(|p| &p.stages).zip(phases.iter_mut().flatten());
    for (stage, program) in stages {
        let ([m], [p]) = (&stage.moves[..], &program.moves[..]) else { continue };
        if program.plain || !program.plain_moves || p.generator != Generator::Place {
            continue;
        }
        if !p.require.is_empty() || p.after_effects {
            continue;
        }
        let masks = |team: usize| -> Option<Vec<PlaceMask>> {
            let mut masks = Vec::new();
            match &m.to {
                Sites::Filter(Filter::Empty | Filter::Any) => {}
                Sites::Region(r) => masks.push(PlaceMask::Region(r.by_team[team])),
                _ => return None,
            }
            for (c, how) in m.conditions.iter().zip(&p.conditions) {
                masks.push(match (how, c) {
                    (Condition::InRegion, Bool::In(SiteVar::To, Sites::Region(r))) => {
                        PlaceMask::Region(r.by_team[team])
                    }
                    (Condition::KeptRange { slot }, _) => PlaceMask::KeptRange(*slot),
                    _ => return None,
                });
            }
            Some(masks)
        };
        program.masked_places =
            (0..game.teams.len()).map(masks).collect::<Option<_>>().map(|by_team| MaskedPlaces { by_team });
    }
}

/// The counts `c` (0–255) with `op(c, k)`, when they are one range, and not none or all.
fn count_range(op: CmpOp, k: i64) -> Option<(u8, u8)> {
    let (lo, hi) = match op {
        CmpOp::Lt => (0, k - 1),
        CmpOp::Le => (0, k),
        CmpOp::Gt => (k + 1, 255),
        CmpOp::Ge => (k, 255),
        CmpOp::Eq => (k, k),
        CmpOp::Ne => return None,
    };
    let (lo, hi) = (lo.max(0), hi.min(255));
    (lo <= hi && (lo, hi) != (0, 255)).then_some((lo as u8, hi as u8))
}

/// The version of every relation for every team, flattened (see [`Program::relation_for`]).
fn relation_table(game: &Game) -> Vec<u8> {
    if game.relation_teams.iter().all(Vec::is_empty) {
        return Vec::new();
    }
    let teams = game.teams.len();
    (0..game.board.relations.len())
        .flat_map(|rel| (0..teams).map(move |team| game.relation_for(rel as u8, team)))
        .collect()
}

fn uses_all_passed(game: &Game) -> bool {
    uses_bool(game, |b| matches!(b, Bool::AllPassed))
}

/// Whether some condition of the rules is one that `is` says.
fn uses_bool(game: &Game, is: impl Fn(&Bool) -> bool) -> bool {
    let mut found = false;
    game.visit_bools(&mut |b: &Bool| found |= is(b));
    found
}

/// How `(connects ...)` is lowered: the bits of the regions and parts it names.
struct Connections {
    connection: Connection,
    bits: Vec<Option<u8>>,
    part_bits: Vec<u64>,
    relations: Vec<u8>,
}

/// One bit per region that some `(connects ...)` names (for any team), and one per part of a
/// region whose parts it counts, if 64 are enough.
fn lower_connections(game: &Game) -> Connections {
    let connections = game.connections();
    let mut relations: Vec<u8> = Vec::new();
    let mut wholes: Vec<u16> = Vec::new();
    let mut counted: Vec<u16> = Vec::new();
    for (rel, refs, parts) in &connections {
        if !relations.contains(rel) {
            relations.push(*rel);
        }
        let list = if *parts { &mut counted } else { &mut wholes };
        for index in refs.iter().flat_map(|r| &r.by_team) {
            if !list.contains(index) {
                list.push(*index);
            }
        }
    }
    let mut bits = vec![None; game.regions.len()];
    let mut part_bits = vec![0u64; game.regions.len()];
    let needed = wholes.len() + counted.iter().map(|&r| game.regions[r as usize].parts.len()).sum::<usize>();
    let connection = if needed <= 64 {
        for (bit, &region) in wholes.iter().enumerate() {
            bits[region as usize] = Some(bit as u8);
        }
        // A counted region's parts take consecutive bits, after the whole regions'.
        let mut next = wholes.len();
        for &region in &counted {
            let parts = game.regions[region as usize].parts.len();
            part_bits[region as usize] = (((1u128 << parts) - 1) << next) as u64;
            next += parts;
        }
        Connection::Kept
    } else {
        Connection::Fill
    };
    Connections { connection, bits, part_bits, relations }
}

impl Program {
    /// The relation that `rel` means for `team` (an owned relation's version; see
    /// [`Program::relation_for`]).
    #[inline]
    pub(crate) fn rel(&self, rel: u8, team: usize) -> u8 {
        if self.relation_for.is_empty() {
            return rel;
        }
        self.relation_for.get(rel as usize * self.teams + team).copied().unwrap_or(rel)
    }

    /// The touched-region mask a group needs to connect these regions for `team`, when masks
    /// are kept.
    #[inline]
    pub(crate) fn connect_need(&self, regions: &[RegionRef], team: usize) -> Option<u64> {
        match self.connection {
            Connection::Kept => regions
                .iter()
                .try_fold(0u64, |need, r| self.connect_bits[r.by_team[team] as usize].map(|b| need | (1u64 << b))),
            Connection::Fill => None,
        }
    }

    /// The touched-region mask of the parts of `region` for `team`, when masks are kept.
    #[inline]
    pub(crate) fn part_mask(&self, region: &RegionRef, team: usize) -> Option<u64> {
        match self.connection {
            Connection::Kept => Some(self.part_bits[region.by_team[team] as usize]),
            Connection::Fill => None,
        }
    }
}

/// A move with no `where`, `require`, `after` or `no-repeat`: its actions are its shape's
/// alone, so a tight loop over the board lists them.
fn unconditioned(m: &crate::game::Move) -> bool {
    m.conditions.is_empty() && !tests_position_after(m)
}

/// Whether move `m` judges the position after each of its actions (`require`, `after`,
/// `no-repeat`), once the actions themselves are known.
fn tests_position_after(m: &crate::game::Move) -> bool {
    !m.require.is_empty() || !m.after.is_empty() || m.no_repeat.is_some()
}

/// Whether two piece moves could both make one `FROM-TO` action: not when each takes a
/// different kind of piece (by its origins or a condition on the piece that moves), nor when
/// the sites they can reach from each site (see [`Reach`]) never meet — a one-step slide and a
/// single hop along the same lines, as in Chinese checkers and Halma, land one and two steps
/// away.
fn may_overlap(game: &Game, a: &crate::game::Move, b: &crate::game::Move) -> bool {
    // A move's kind: its origins', or one its conditions require of the piece that moves.
    let kind = |m: &crate::game::Move| match m.from {
        Sites::Filter(Filter::Piece(Side::Friend, k)) => Some(k),
        _ => m.conditions.iter().find_map(|c| match *c {
            Bool::Is(Filter::Piece(Side::Friend, k), SiteVar::From) => Some(k),
            _ => None,
        }),
    };
    if let (Some(x), Some(y)) = (kind(a), kind(b))
        && x != y
    {
        return false;
    }
    (0..game.teams.len()).any(|team| {
        let (Some(x), Some(y)) = (Reach::of(game, a, team), Reach::of(game, b, team)) else { return true };
        (0..game.board.site_count() as u16).any(|from| x.landings(from).any(|t| y.landings(from).any(|u| u == t)))
    })
}

/// Where a piece move of one team can take a piece, whatever the position, when the board
/// alone fixes it.
enum Reach<'g> {
    /// A one-step slide: the neighbours under its relation.
    Step(&'g crate::board::Relation),
    /// A single hop: two steps along each direction of its relation (the directions' tables).
    Hop(Vec<&'g [Option<u16>]>),
}

impl<'g> Reach<'g> {
    /// `None` for any other move (a rider, a leap, a chain of hops): it may land anywhere.
    fn of(game: &'g Game, m: &crate::game::Move, team: usize) -> Option<Reach<'g>> {
        let board = &game.board;
        match m.kind {
            MoveKind::Slide { along } if m.range == Some(1) => {
                Some(Reach::Step(&board.relations[game.relation_for(along, team) as usize]))
            }
            MoveKind::Hop { over, .. } if m.range == Some(1) => {
                let directions = board.directions_within(game.relation_for(over, team) as usize);
                Some(Reach::Hop(directions.iter().map(|&d| &board.directions[d].step[..]).collect()))
            }
            _ => None,
        }
    }

    fn landings(&self, from: u16) -> impl Iterator<Item = u16> + '_ {
        let (steps, hops): (&[u16], &[&[Option<u16>]]) = match self {
            Reach::Step(relation) => (relation.neighbors(from), &[]),
            Reach::Hop(directions) => (&[], directions),
        };
        steps
            .iter()
            .copied()
            .chain(hops.iter().filter_map(move |step| step[from as usize].and_then(|mid| step[mid as usize])))
    }
}

fn lower_stage(game: &Game, stage: &Stage, kept: &[u8], board: &crate::board::Topology) -> StageProgram {
    // The first turn's bounds are kept apart where `(first-turn)` decides part of either.
    let bound = |value: &Int| super::compile::bound(game, value);
    let (min, max) = (bound(&stage.min), bound(&stage.max));
    let first_turn = (min.is_split() || max.is_split()).then(|| Box::new((min.first().clone(), max.first().clone())));
    let (min, max) = (min.into_later(), max.into_later());
    let min = match (min, &max) {
        (Bound::Computed(_), Bound::Computed(_)) if stage.min == stage.max => Bound::AsMost,
        (min, _) => min,
    };
    let earned = match (&min, &max, &first_turn) {
        (Bound::Fixed(_), &Bound::Allowance { allowance, plus: 0 }, None) => Some(allowance),
        _ => None,
    };
    let plain = match &stage.moves[..] {
        [m] => {
            matches!(m.kind, MoveKind::Place)
                && m.drops.is_empty()
                && m.to == Sites::Filter(Filter::Empty)
                && unconditioned(m)
                && m.then.is_empty()
        }
        _ => false,
    };
    let piece_moves = stage.moves.iter().filter(|m| m.kind.moves_a_piece()).count().min(255) as u8;
    let pieces: Vec<&crate::game::Move> = stage.moves.iter().filter(|m| m.kind.moves_a_piece()).collect();
    // Per piece move: whether an earlier one could make the same action (see `Generator::Piece`).
    let overlaps: Vec<bool> =
        pieces.iter().enumerate().map(|(i, m)| pieces[..i].iter().any(|e| may_overlap(game, e, m))).collect();
    let shared = overlaps.contains(&true);
    let mut piece_index = 0;
    let moves: Vec<MoveProgram> = stage
        .moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let overlaps = m.kind.moves_a_piece() && {
                piece_index += 1;
                overlaps[piece_index - 1]
            };
            let generator = match m.kind {
                // A placement from a hand of kinds lists one action per kind held.
                MoveKind::Place if !m.drops.is_empty() => Generator::Drop,
                MoveKind::Place => match super::enclose::lower(m, board) {
                    Some(e) => Generator::Enclose(e),
                    None => Generator::Place,
                },
                MoveKind::Slide { along }
                    if !shared
                        && m.capture.is_some()
                        && m.range == Some(1)
                        && m.promote.is_none()
                        && m.from == Sites::Filter(Filter::Friend)
                        && matches!(m.to, Sites::Filter(Filter::Any | Filter::Enemy))
                        && unconditioned(m) =>
                {
                    Generator::StepOwnCapturing { along, enemy_only: m.to == Sites::Filter(Filter::Enemy) }
                }
                // A promotion with a choice of kind is made by the piece moves' routine only,
                // and a kind's pieces are taken from the stage's lists of the mover's pieces by
                // kind there (`Generator::Slide` would look at every site).
                MoveKind::Slide { .. }
                    if shared
                        || m.capture.is_some()
                        || m.range != Some(1)
                        || m.promote.is_some()
                        || matches!(m.from, Sites::Filter(Filter::Piece(Side::Friend, _))) =>
                {
                    Generator::Piece { shared: overlaps }
                }
                MoveKind::Slide { along }
                    if m.from == Sites::Filter(Filter::Friend)
                        && matches!(m.to, Sites::Filter(Filter::Empty | Filter::Any))
                        && unconditioned(m) =>
                {
                    Generator::SlideOwnToEmpty { along }
                }
                MoveKind::Slide { along } => Generator::Slide { along },
                MoveKind::Ride { .. } | MoveKind::Leap { .. } | MoveKind::Hop { .. } => {
                    Generator::Piece { shared: overlaps }
                }
                // The destinations do not depend on the origin: `(to ...)` reads no `from`.
                MoveKind::Relocate { distinct }
                    if m.conditions.is_empty() && matches!(m.to, Sites::Filter(Filter::Empty | Filter::Any)) =>
                {
                    Generator::RelocateAnywhereEmpty { distinct }
                }
                MoveKind::Relocate { distinct } => Generator::Relocate { distinct },
                MoveKind::Take => Generator::Take,
                MoveKind::Sow { .. } => Generator::Sow,
                MoveKind::Pass { name } => Generator::Pass { name },
            };
            let conditions = m
                .conditions
                .iter()
                .map(|c| match (c, &m.kind) {
                    (Bool::In(SiteVar::To, Sites::Region(_)), MoveKind::Place) => Condition::InRegion,
                    (c, MoveKind::Place) if c.uses(SiteVar::To) && maskable(c) => Condition::Mask,
                    _ => lower_condition(c, kept, game.has_neutral()),
                })
                .collect();
            let require = m
                .require
                .iter()
                .map(|r| match (r, &m.kind) {
                    (Constraint::Connected { filter: Filter::Empty, region, rel }, MoveKind::Place) => {
                        Require::EmptyStaysConnected { region: region.clone(), rel: *rel }
                    }
                    (Constraint::Connected { .. }, _) => Require::AfterAction,
                    (Constraint::Condition(_), _) => Require::Condition,
                })
                .collect::<Vec<_>>();
            let require_conditions = require.contains(&Require::Condition);
            let after_effects = match generator {
                Generator::Enclose(_) => false,
                Generator::Place
                | Generator::Drop
                | Generator::SlideOwnToEmpty { .. }
                | Generator::StepOwnCapturing { .. }
                | Generator::StepsKept { .. }
                | Generator::Slide { .. }
                | Generator::Piece { .. }
                | Generator::Relocate { .. }
                | Generator::RelocateAnywhereEmpty { .. }
                | Generator::Take
                | Generator::Sow
                | Generator::Pass { .. } => !m.after.is_empty() || m.no_repeat.is_some(),
            };
            let fills = (after_effects && generator == Generator::Place && fills_only(m))
                .then(|| super::fills::Fills::new(game, m));
            let guarded = (after_effects && super::attack::guarded(m))
                .then(|| stage.moves.iter().position(|o| o.after == m.after).expect("m is a move of the stage") as u16);
            let then = super::compile::effects(game, &m.then);
            let yields_to = if m.kind.moves_a_piece() && tests_position_after(m) {
                let later = stage.moves.iter().enumerate().skip(i + 1);
                later
                    .filter(|(_, o)| o.kind.moves_a_piece() && may_overlap(game, m, o))
                    .map(|(j, _)| j as u16)
                    .collect()
            } else {
                Vec::new()
            };
            // Only where the actions are tried one by one through the interpreter, by pairs of
            // sites or along a relation, does asking first pay: a piece move's few origins
            // and a placement's compiled tests ask less than the question asked up front.
            let loops = matches!(
                generator,
                Generator::Relocate { .. } | Generator::Slide { .. } | Generator::Take | Generator::Sow
            );
            let invariant: Vec<u16> = (m.conditions.iter().enumerate())
                .filter(|_| loops)
                .filter(|(_, c)| [SiteVar::To, SiteVar::From, SiteVar::Site].iter().all(|&v| !c.uses(v)))
                .map(|(i, _)| i as u16)
                .collect();
            let (landing, answered) = match generator {
                Generator::Piece { .. } => landing_masks(game, m),
                _ => (Vec::new(), Vec::new()),
            };
            let varying = (!invariant.is_empty() || !answered.is_empty()).then(|| {
                let keep = |i: &usize| !invariant.contains(&(*i as u16)) && !answered.contains(&(*i as u16));
                let mut v = m.clone();
                v.conditions =
                    m.conditions.iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, c)| c.clone()).collect();
                v.condition_text =
                    m.condition_text.iter().enumerate().filter(|(i, _)| keep(i)).map(|(_, c)| c.clone()).collect();
                Box::new(v)
            });
            // Compiled from the conditions the move is listed with: those of `varying`, if any.
            let listed = varying.as_deref().unwrap_or(m);
            let checks = listed
                .conditions
                .iter()
                .all(site_test)
                .then(|| listed.conditions.iter().map(|c| super::compile::bool(game, c)).collect());
            MoveProgram {
                generator,
                conditions,
                checks,
                require,
                require_conditions,
                after_effects,
                fills,
                guarded,
                then,
                yields_to,
                invariant,
                varying,
                landing,
            }
        })
        .collect();
    let by_kind = pieces.iter().any(|m| matches!(m.from, Sites::Filter(Filter::Piece(Side::Friend, _))));
    let plain_moves = !by_kind && stage.preferred == 0 && moves.iter().all(|m| m.guarded.is_none());
    StageProgram {
        min,
        max,
        first_turn,
        earned,
        plain,
        moves,
        piece_moves,
        by_kind,
        plain_moves,
        steps_only: None,
        masked_places: None,
        shift_steps: None,
    }
}

/// Whether a placement's condition is `and`, `or` and `not` of `(in to SITES)`, with SITES a
/// set that does not depend on `to` (a region, the part of one that holds `last`), and of
/// conditions that do not read `to`, so that a mask answers it for every destination (Ultimate
/// Tic-tac-toe's "in the small board the last mark sends you to, unless it is closed").
fn maskable(c: &Bool) -> bool {
    match c {
        Bool::In(SiteVar::To, sites) => !sites.vars().any(|v| v == SiteVar::To),
        Bool::And(all) | Bool::Or(all) => all.iter().all(maskable),
        Bool::Not(inner) => maskable(inner),
        other => !other.uses(SiteVar::To),
    }
}

/// `(op (count empty (neighbors to R)) K)` (either way round) with R's counts kept, and
/// "flanks something": `(op (count F (flanks to R)) K)` meaning "at least one", where F is a
/// filter every flanked stone matches. With pieces of nobody's in the game (`neutral`), "flanks
/// something" takes the general path, whose runs stop at such a piece: the fast walk does not
/// look for one, so that games without them pay nothing.
fn lower_condition(c: &Bool, kept: &[u8], neutral: bool) -> Condition {
    if let Some(rel) = flanks_any(c).filter(|_| !neutral) {
        return Condition::FlanksAny { rel };
    }
    let count_of = |e: &Int| match e {
        Int::Count(Filter::Empty, Sites::Neighbors(SiteVar::To, rel)) => kept.iter().position(|r| r == rel),
        _ => None,
    };
    let (slot, op, k) = match c {
        Bool::Cmp(op, count, Int::Const(k)) => (count_of(count), *op, *k),
        Bool::Cmp(op, Int::Const(k), count) => (count_of(count), op.flipped(), *k),
        _ => (None, CmpOp::Eq, 0),
    };
    match slot {
        Some(slot) => Condition::EmptyNeighbors { slot, op, k },
        None => Condition::General,
    }
}

/// The relation of a condition that says "the destination flanks at least one stone".
fn flanks_any(c: &Bool) -> Option<u8> {
    let (op, count, k) = match c {
        Bool::Cmp(op, count, Int::Const(k)) => (*op, count, *k),
        Bool::Cmp(op, Int::Const(k), count) => (op.flipped(), count, *k),
        _ => return None,
    };
    let Int::Count(filter, Sites::Flanks(SiteVar::To, rel)) = count else { return None };
    // Flanked sites hold enemy stones: these filters count every one of them.
    let every = match filter {
        Filter::Any | Filter::Occupied | Filter::Enemy => true,
        Filter::Empty | Filter::Friend | Filter::Piece(..) => false,
    };
    let at_least_one = matches!((op, k), (CmpOp::Gt, 0) | (CmpOp::Ge, 1) | (CmpOp::Ne, 0));
    (every && at_least_one).then_some(*rel)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{Selection, check_str};

    fn program(text: &str) -> Program {
        let (_, checked) = check_str("t.game", text, &Selection::default());
        lower(&checked.expect("selection").game.expect("the game checks"))
    }

    #[test]
    fn neighbour_counts_and_empty_connectivity_take_their_fast_paths() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 5))
              (play (turn (place (to empty) (where (>= (count empty (neighbors to all)) 2))
                                  (require (connected empty perimeter orthogonal)))))
              (end (when (no-moves) draw)))"#,
        );
        let place = &p.phases[0][0].moves[0];
        assert_eq!(place.generator, Generator::Place);
        assert!(matches!(place.conditions[..], [Condition::KeptRange { slot: 0 }]));
        assert_eq!(p.kept_ranges, [Some((2, 255))]);
        assert!(matches!(place.require[..], [Require::EmptyStaysConnected { .. }]));
        assert!(matches!((&p.phases[0][0].min, &p.phases[0][0].max), (Bound::Fixed(1), Bound::Fixed(1))));
        assert!(!p.phases[0][0].plain, "a placement with conditions is not plain");
    }

    #[test]
    fn a_bound_that_is_an_allowance_is_read_as_one() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 3)) (allowance r)
              (play (turn (place (to empty) (then (allow r 2)))
                          (actions 0 (allowance r) (relocate (from enemy) (to empty)))
                          (actions (allowance r) (+ 1 (allowance r)) (place (to empty)))))
              (end (when (board-full) draw)))"#,
        );
        let bounds: Vec<(&Bound, &Bound)> = p.phases[0].iter().map(|s| (&s.min, &s.max)).collect();
        assert!(matches!(bounds[1], (Bound::Fixed(0), Bound::Allowance { allowance: 0, plus: 0 })));
        assert!(matches!(
            bounds[2],
            (Bound::Allowance { allowance: 0, plus: 0 }, Bound::Allowance { allowance: 0, plus: 1 })
        ));
        // Only the stage of earned actions (a fixed least, the allowance for most) is passed
        // over while the allowance is not positive; a most of the allowance plus one is not.
        let earned: Vec<Option<usize>> = p.phases[0].iter().map(|s| s.earned).collect();
        assert_eq!(earned, [None, Some(0), None]);
    }

    #[test]
    fn the_first_turn_is_a_constant_in_the_code_of_each_turn() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 3)) (allowance bonus)
              (play (turn (actions (if (first-turn) 1 2) (if (first-turn) 1 (+ 2 (allowance bonus)))
                                   (place (to empty))))
                    (after-turn (if (and (first-turn) (not (first-turn))) (allow-next bonus 1))))
              (end (when (board-full) draw)))"#,
        );
        let after_turn = &p.after_turn[0];
        assert!(
            after_turn.of_turn(true).is_empty() && after_turn.of_turn(false).is_empty(),
            "no turn makes the effect"
        );
        let stage = &p.phases[0][0];
        assert!(matches!(stage.first_turn.as_deref(), Some((Bound::Fixed(1), Bound::Fixed(1)))));
        assert!(matches!((&stage.min, &stage.max), (Bound::Fixed(2), Bound::Allowance { allowance: 0, plus: 2 })));
    }

    #[test]
    fn a_placement_that_only_fills_sites_answers_reachable_from_kept_ways() {
        // A wall two sites long: the placement and a put one step east, under a condition on
        // `to` alone, asking whether every pawn still has a way past walls.
        let game = |then: &str, avoid: &str| {
            format!(
                r#"(game "T" (players "X" "O") (board (square 5)) (pieces (pawn "P") (wall neutral))
                  (setup (place "X" pawn a1) (place "O" pawn e5))
                  (region goal (owner "X") side-N) (region goal (owner "O") side-S)
                  (play (turn (actions 1
                    (place (to empty) (piece wall)
                      (after (reachable (occupied pawn) goal orthogonal (avoiding {avoid})))
                      (then {then})))))
                  (end (when (board-full) draw)))"#
            )
        };
        let by_paths = |then: &str, avoid: &str| {
            let p = program(&game(then, avoid));
            let wall = &p.phases[0][0].moves[0];
            assert!(wall.after_effects);
            wall.fills.is_some()
        };
        let put = "(if (in to side-E) (put (step to W) (piece wall)) (put (step to E) (piece wall)))";
        assert!(by_paths(put, "(occupied wall)"));
        assert!(by_paths(put, "occupied"));
        // An empty site may close, a piece may leave, or the condition reads the board: the
        // placement is made on a copy.
        assert!(!by_paths(put, "empty"));
        assert!(!by_paths("(remove (neighbors to all))", "(occupied wall)"));
        assert!(!by_paths("(if (is empty (step to E)) (put (step to E) (piece wall)))", "(occupied wall)"));
        // The sites each candidate fills, worked out by hand on the 5 × 5 board (a1 = 0,
        // b1 = 1, …, e1 = 4, a2 = 5, …): east of `to`, or west of it on the east side.
        let p = program(&game(put, "(occupied wall)"));
        let fills = p.phases[0][0].moves[0].fills.as_ref().expect("a placement that only fills");
        assert_eq!(
            (fills.of(0, 0), fills.of(0, 4), fills.of(1, 12), fills.of(1, 24)),
            (&[0, 1][..], &[4, 3][..], &[12, 13][..], &[24, 23][..])
        );
        // Walls are what the ways avoid: the sites are closed once filled.
        assert!(fills.closes);
        let p = program(&game(put, "(occupied pawn)"));
        assert!(!p.phases[0][0].moves[0].fills.as_ref().expect("a placement that only fills").closes);
    }

    #[test]
    fn a_bare_placement_is_plain_and_a_full_board_is_a_counter_test() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 3))
              (play (turn (actions 2 (place (to empty)))))
              (end (when (board-full) draw)))"#,
        );
        assert!(p.phases[0][0].plain);
        assert_eq!(p.when_rules.iter().map(|r| &r.test).collect::<Vec<_>>(), [&EndTest::BoardFull]);
    }

    #[test]
    fn a_placement_that_must_flank_stops_at_the_first_closed_run() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 4))
              (play (turn (place (to empty) (where (> (count any (flanks to all)) 0)
                                                   (>= (count enemy (flanks to orthogonal)) 2))))
                    (blocked pass))
              (end (when (nobody-can-move) draw)))"#,
        );
        let place = &p.phases[0][0].moves[0];
        // "At least one" has the fast path; "at least two" needs the runs counted.
        assert!(matches!(place.conditions[..], [Condition::FlanksAny { .. }, Condition::General]));
        assert_eq!(p.when_rules.iter().map(|r| &r.test).collect::<Vec<_>>(), [&EndTest::NobodyCanMove]);
    }

    #[test]
    fn connections_keep_region_masks_and_passes_are_generated_as_such() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (square 4))
              (region goal (owner "X") side-N) (region goal (owner "O") side-E)
              (play (turn (actions 1 (place (to empty)) (pass) (pass swap))))
              (end (when (connects last orthogonal side-S goal) (win mover))))"#,
        );
        assert_eq!(p.connection, Connection::Kept);
        // side-S, and goal for each team (side-N, side-E): three regions, three bits.
        assert_eq!(p.connect_bits.iter().flatten().count(), 3);
        assert_eq!(p.connect_relations.len(), 1);
        let generators: Vec<Generator> = p.phases[0][0].moves.iter().map(|m| m.generator).collect();
        assert_eq!(generators[1..], [Generator::Pass { name: 0 }, Generator::Pass { name: 1 }]);
    }

    #[test]
    fn resting_on_something_and_membership_are_bitset_intersections() {
        let p = program(
            r#"(game "T" (players "X" "O") (board (rectangle 4 3)) (region centre (sites b2 c2))
              (play (turn (place (to empty) (where (= (count empty (neighbors to S)) 0) (in to centre))
                                  (require (not (line 3 all to))))))
              (end (when (line 3 all last) (win mover)) (when (board-full) (draw))))"#,
        );
        let place = &p.phases[0][0].moves[0];
        assert!(matches!(place.conditions[..], [Condition::KeptRange { slot: 0 }, Condition::InRegion]));
        assert_eq!(place.require, [Require::Condition]);
        assert_eq!(p.kept_ranges, [Some((0, 0))]);
        assert!(matches!(
            &p.when_rules[..],
            [WhenRule { test: EndTest::Line(_), .. }, WhenRule { test: EndTest::BoardFull, .. }]
        ));
        // One range is kept per relation, the first asked: a second range, `!=` (not one
        // range) and conditions of slides read the counts site by site.
        let p = program(
            r#"(game "T" (players "X" "O" (hand 2)) (board (square 4))
              (play (phase "a" (until (hand-empty))
                      (turn (place (to empty) (where (> (count empty (neighbors to S)) 0) (<= (count empty (neighbors to S)) 1)
                                                     (!= (count empty (neighbors to S)) 2)))))
                    (phase "b" (turn (slide (from friend) (along all) (to empty) (where (> (count empty (neighbors to S)) 0))))))
              (end (when (board-full) (draw))))"#,
        );
        assert!(matches!(
            p.phases[0][0].moves[0].conditions[..],
            [
                Condition::KeptRange { slot: 0 },
                Condition::EmptyNeighbors { op: CmpOp::Le, k: 1, .. },
                Condition::EmptyNeighbors { op: CmpOp::Ne, k: 2, .. }
            ]
        ));
        assert!(matches!(p.phases[1][0].moves[0].conditions[..], [Condition::EmptyNeighbors { op: CmpOp::Gt, .. }]));
        assert_eq!(p.kept_ranges, [Some((1, 255))]);
        assert_eq!(
            (count_range(CmpOp::Ge, 2), count_range(CmpOp::Lt, 0), count_range(CmpOp::Ge, 0)),
            (Some((2, 255)), None, None)
        );
    }

    #[test]
    fn placements_narrowed_by_bitsets_alone_are_masked_per_team() {
        let text = r#"(game "T" (players "X" "O") (board (square 4))
              (region home (owner "X") (sites a1 b1))
              (region home (owner "O") (sites a4 b4))
              (region middle (sites b2 c2 b3 c3))
              (play (turn (actions 0 1 (place (to empty) (where (= (count empty (neighbors to S)) 0))))
                          (actions 0 1 (place (to home)))
                          (actions 0 1 (place (to home) (where (in to middle) (= (count empty (neighbors to S)) 0))))
                          (actions 0 1 (place (to empty) (where (> (count friend (neighbors to orthogonal)) 0))))
                          (actions 0 1 (place (to empty) (require (connected empty middle orthogonal))))
                          (actions 0 1 (place (to empty)))
                          (actions 0 1 (place (to empty) (where (in to middle))) (pass))))
              (end (turn-limit 10)))"#;
        let (_, checked) = check_str("t.game", text, &Selection::default());
        let game = checked.expect("selection").game.expect("the game checks");
        let p = lower(&game);
        let region = |name: &str, owner: Option<usize>| {
            let i = game.regions.iter().position(|r| r.name == name && r.owner == owner).expect("region");
            PlaceMask::Region(i as u16)
        };
        let masked: Vec<Option<MaskedPlaces>> = p.phases[0].iter().map(|s| s.masked_places.clone()).collect();
        let (home_x, home_o, middle) = (region("home", Some(0)), region("home", Some(1)), region("middle", None));
        let gravity = PlaceMask::KeptRange(0);
        let both = |masks: Vec<PlaceMask>| Some(MaskedPlaces { by_team: vec![masks.clone(), masks] });
        assert_eq!(masked[0], both(vec![gravity]));
        // An owned region is each team's own.
        assert_eq!(masked[1], Some(MaskedPlaces { by_team: vec![vec![home_x], vec![home_o]] }));
        assert_eq!(
            masked[2],
            Some(MaskedPlaces { by_team: vec![vec![home_x, middle, gravity], vec![home_o, middle, gravity]] })
        );
        // A condition read site by site, a `require`, a plain stage and two moves are listed
        // as before.
        assert_eq!(masked[3..], [None, None, None, None]);
        assert!(p.phases[0][5].plain);
    }

    #[test]
    fn own_stone_slides_keep_counts_or_take_the_tight_loop_and_relocations_anywhere_empty_a_product() {
        let p = program(
            r#"(game "T" (players "X" "O" (hand 0)) (board (square 3))
              (play (turn (slide (from friend) (along orthogonal) (to empty))
                          (actions 0 1 (slide (from friend) (along N) (to empty)))
                          (actions 0 1 (slide (from friend) (along diagonal) (to empty)))
                          (actions 0 1 (relocate (from enemy) (to empty) (distinct)))
                          (actions 0 1 (relocate (from enemy) (to any)))
                          (actions 0 1 (relocate (from enemy) (to empty) (where (> (count empty (neighbors to orthogonal)) 1))))
                          (actions 0 1 (relocate (from enemy) (to (neighbors from orthogonal))))))
              (end (turn-limit 10)))"#,
        );
        let generators: Vec<Generator> =
            p.phases.iter().flatten().flat_map(|s| &s.moves).map(|m| m.generator).collect();
        assert!(matches!(
            generators[..],
            [
                // The counts `where` reads are kept already; the diagonal's get a slot.
                Generator::StepsKept { slot: 0, .. },
                Generator::SlideOwnToEmpty { .. },
                Generator::StepsKept { slot: 1, .. },
                Generator::RelocateAnywhereEmpty { distinct: true },
                Generator::RelocateAnywhereEmpty { distinct: false },
                Generator::Relocate { distinct: false },
                Generator::Relocate { distinct: false },
            ]
        ));
        // A stage whose one move keeps its steps as counts is listed as that block alone.
        let steps: Vec<Option<KeptSteps>> = p.phases[0].iter().map(|s| s.steps_only).collect();
        assert_eq!(steps[..3], [Some(KeptSteps { along: steps[0].expect("kept").along, slot: 0 }), None, steps[2]]);
        assert_eq!(steps[2].map(|s| s.slot), Some(1));
        assert!(steps[3..].iter().all(Option::is_none));
    }
}
