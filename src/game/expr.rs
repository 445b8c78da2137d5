//! Expressions of the rule language after checking: numbers, conditions, site sets.
//!
//! Expressions are evaluated relative to a *subject* team: the mover's team during play, and
//! each team in turn when results are compared. `friend` and `enemy` are relative to it.

use super::RelId;

/// Which stones (or empty sites) a set or count is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Filter {
    Empty,
    Occupied,
    /// Stones of the subject's team.
    Friend,
    /// Stones of any other team.
    Enemy,
    /// Every site, empty or not.
    Any,
    /// A piece of one kind (an index into [`super::Game::pieces`]) whose owner is on the
    /// given side: `(friend pawn)`, `(enemy king)`, `(occupied king)`.
    Piece(Side, u8),
}

/// Whose pieces a [`Filter::Piece`] asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Friend,
    Enemy,
    /// Any team's.
    Anyone,
}

/// A site bound by the surrounding rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteVar {
    /// Destination of the action being considered or just made.
    To,
    /// Origin of a slide or relocation.
    From,
    /// The site being examined by `remove`.
    Site,
    /// Where the last stone of the game arrived (placed, slid or relocated); none before the
    /// first. Bound everywhere, so that end rules can ask about the stone just played.
    Last,
    /// Where the last piece moved or placed in the previous turn came from (none for a
    /// placement, before the second turn, or after a turn without one). Bound everywhere: a
    /// rule may depend on what the opponent just did (a pawn that has just advanced two
    /// squares may be taken in passing).
    PreviousFrom,
    /// Where the last piece moved or placed in the previous turn arrived (none before the
    /// second turn or after a turn without one).
    PreviousTo,
}

/// A region as referenced from an expression: the region index for each team (regions of the
/// same name may be owned by different teams; an unowned region has the same index for all).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionRef {
    pub by_team: Vec<u16>,
}

/// A set of sites.
#[derive(Debug, Clone, PartialEq)]
pub enum Sites {
    /// Every site of the board that matches.
    Filter(Filter),
    /// The neighbours of a site under a relation.
    Neighbors(SiteVar, RelId),
    /// The union of a region's parts.
    Region(RegionRef),
    /// For each direction of the relation, the sites from the site outward to the edge of the
    /// board (not the site itself).
    Ray(SiteVar, RelId),
    /// For each direction of the relation, the run of enemy stones that starts next to the site
    /// and is closed by a stone of the subject's; nothing in a direction whose run is not
    /// closed.
    Flanks(SiteVar, RelId),
    /// The image of a site under one of the board's symmetries.
    Image(Symmetry, SiteVar),
    /// For each direction of the relation, the empty sites from the site outward up to the
    /// first occupied site or the edge (neither the site itself nor the occupied one): what a
    /// rider standing there could reach without capturing.
    Sight(SiteVar, RelId),
    /// The bound site alone (nothing when it is unbound, as `last` before the first stone): a
    /// move that must start where the previous one ended, such as a chain of hops, says
    /// `(from last)`.
    At(SiteVar),
    /// The site reached from the bound site by one step along each direction in turn (none
    /// when a step leaves the board): `(step to W W)`.
    Step(SiteVar, Vec<RelId>),
    /// The sites strictly between two bound sites on a line of the board (along one of its
    /// directions); none when they are on no common line, or next to each other.
    Between(SiteVar, SiteVar),
    /// From the bound site along a track (each site's one successor), the sites that pass the
    /// condition, `site` bound to each, up to the first that does not: Oware's houses of two
    /// or three seeds, taken backwards from the last one sown. The condition asks only about
    /// `site` (its seeds, its stone, the regions it is in).
    Run(SiteVar, RelId, Box<Bool>),
    /// The sites the turn in progress has moved pieces from or onto (`visited`): a chain of
    /// hops that may not come back where it has been.
    Visited,
    /// The part of a region that holds the bound site (the first such part in the region's
    /// order; nothing when none does). With a second region of as many parts, the part of
    /// the first with the number of the second's part that holds the site: Ultimate
    /// Tic-tac-toe's small board "at the place the last mark took in its own".
    Part(RegionRef, SiteVar, Option<RegionRef>),
    /// The sites of the set that pass the condition, `site` bound to each: TwixT's links that
    /// a new peg makes, those to its owner's pegs that no link crosses. The condition asks only
    /// about `site` and the position (as a run's).
    Select(Box<Sites>, Box<Bool>),
}

/// A symmetry of a board with as many columns as rows, which takes each site to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Symmetry {
    /// Column and row exchanged: the reflection across the diagonal from `a1` (`transpose`).
    Transpose,
    /// The board turned a quarter clockwise (`quarter-turn`).
    QuarterTurn,
}

/// Sizes of the groups (maximal connected sets of stones of one team) under a relation.
#[derive(Debug, Clone, PartialEq)]
pub struct Multiset {
    pub rel: RelId,
    pub filter: Filter,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Int {
    Const(i64),
    Add(Vec<Int>),
    Sub(Box<Int>, Box<Int>),
    Mul(Vec<Int>),
    Min(Vec<Int>),
    Max(Vec<Int>),
    If(Box<Bool>, Box<Int>, Box<Int>),
    /// Sites of the set that match the filter.
    Count(Filter, Sites),
    /// Size of the largest group of matching stones (`friend`: the subject's; `any`: any team's,
    /// each team's stones grouping separately).
    LargestGroup(RelId, Filter),
    /// The subject team's counter.
    Counter(usize),
    /// The current turn's allowance.
    Allowance(usize),
    /// Parts of the regions that contain the arrival site of this turn and are entirely the
    /// subject's stones (`by_anyone` false) or entirely occupied, whoever's the stones are.
    Completed(Vec<RegionRef>, bool),
    /// The seeds on the sites of the set, in all.
    Seeds(Sites),
    /// Stones in the mover's hand.
    Hand,
    /// The pieces of these kinds in the mover's hand, in a game whose hands keep captures.
    HandOf(Vec<u8>),
    /// Turns begun so far, this one included.
    TurnNumber,
    /// The liberties of the group of the stone on a site: the distinct empty sites next to
    /// one of its stones under the relation (0 for an empty site or no site).
    Liberties(SiteVar, RelId),
    /// Area score: the subject's stones, plus the empty sites of every empty region (connected
    /// under the relation) whose neighbouring stones are all the subject's.
    Area(RelId),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CmpOp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl CmpOp {
    pub fn apply(self, a: i64, b: i64) -> bool {
        match self {
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
        }
    }

    /// The same comparison with its operands swapped: `K < x` is `x > K`.
    pub fn flipped(self) -> CmpOp {
        match self {
            CmpOp::Lt => CmpOp::Gt,
            CmpOp::Le => CmpOp::Ge,
            CmpOp::Gt => CmpOp::Lt,
            CmpOp::Ge => CmpOp::Le,
            CmpOp::Eq | CmpOp::Ne => self,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Bool {
    Const(bool),
    And(Vec<Bool>),
    Or(Vec<Bool>),
    Not(Box<Bool>),
    Cmp(CmpOp, Int, Int),
    /// The site holds what the filter asks for.
    Is(Filter, SiteVar),
    /// This is the first turn of the game.
    FirstTurn,
    /// The value is larger now than at the start of this turn (snapshot slot).
    Grew(usize),
    /// The condition held when this turn began: its snapshot slot holds 1 or 0.
    Was(usize),
    /// After the action being judged (in a move's `after`), the next player could not begin
    /// his turn.
    NoReply,
    /// The mover's hand is empty (never, for an unlimited supply).
    HandEmpty,
    /// No site is empty.
    BoardFull,
    /// Some part of the region (the subject's version) has every site matching the filter:
    /// "five in a row anywhere", with `(region fives (lines 5 all))`.
    Filled(RegionRef, Filter),
    /// The player to move cannot begin his turn.
    NoMoves,
    /// The player to move cannot begin his turn, and no other player could begin his if it
    /// were his turn now.
    NobodyCanMove,
    /// The site holds a stone of the subject's team whose group (its stones connected along
    /// the relation) has a stone in every one of the regions (each the subject's version) or,
    /// with `least`, in at least that many parts of the one region (Havannah's bridge: two of
    /// the six corners).
    Connects {
        site: SiteVar,
        rel: RelId,
        regions: Vec<RegionRef>,
        least: Option<u32>,
    },
    /// The site holds a stone of the subject's team whose group (along the relation) surrounds
    /// some site, empty or not: every path from there along the relation to a site at the edge
    /// meets another stone of the group (Havannah's ring).
    Encloses {
        site: SiteVar,
        rel: RelId,
    },
    /// The last turns, one per player, each consisted of the single action `pass` (forced or
    /// chosen; named passes such as `swap` do not count).
    AllPassed,
    /// The last action changed the board and left it as it had been at an earlier moment of
    /// the game (the stones only, as `(no-repeat)` compares positions).
    Repeated,
    /// The subject has a line of stones through a site (see [`super::Line`]).
    Line(Box<super::Line>),
    /// The bound site belongs to the set (the subject's version of an owned region).
    In(SiteVar, Sites),
    /// `(is FILTER SITE)` with a site worked out from a bound one (`(step to N)`): there is
    /// such a site and it holds what the filter asks for.
    IsAt(Filter, Sites),
    /// `(in SITE SET)` with a site worked out from a bound one: there is such a site, in SET.
    InAt(Sites, Sites),
    /// Some site of the set holds a piece that has not moved since it came onto the board (set
    /// up or placed): rights that lapse once a piece has moved.
    Unmoved(Sites),
    /// Some site of the set could be captured on by another team's piece, by one of the piece
    /// moves with `(capture)` of that team's phase, were a piece of the subject's there (see
    /// [`crate::engine`]'s `attack` module).
    Attacked(Sites),
    /// Every site of the set passes the condition, `site` bound to each (true of no site).
    Every(Sites, Box<Bool>),
    /// Every piece the filter picks (for the subject) has a path along the relation to the
    /// region, both its owner's versions, through sites that `avoid` does not pick: no wall
    /// may cut a pawn off from its goal (Quoridor).
    Reachable {
        pieces: Filter,
        region: RegionRef,
        rel: RelId,
        avoid: Option<Filter>,
    },
}

impl Sites {
    /// The bound sites the set is taken from: none, one, or two for `between`.
    pub fn vars(&self) -> impl Iterator<Item = SiteVar> {
        let (first, second) = match self {
            Sites::Select(from, _) => {
                let mut vars = from.vars();
                (vars.next(), vars.next())
            }
            Sites::Filter(_) | Sites::Region(_) | Sites::Visited => (None, None),
            Sites::Between(a, b) => (Some(*a), Some(*b)),
            Sites::Neighbors(v, _)
            | Sites::Ray(v, _)
            | Sites::Flanks(v, _)
            | Sites::Image(_, v)
            | Sites::Sight(v, _)
            | Sites::At(v)
            | Sites::Step(v, _)
            | Sites::Run(v, _, _)
            | Sites::Part(_, v, _) => (Some(*v), None),
        };
        first.into_iter().chain(second)
    }
}

impl Bool {
    /// Calls `f` with every bound site this node itself names (not the conditions nested in
    /// it; the numbers it compares, yes), and with `None` for `(unmoved ...)`, which reads
    /// the game's history.
    pub fn vars_here(&self, f: &mut impl FnMut(Option<SiteVar>)) {
        let sites = |s: &Sites, f: &mut dyn FnMut(Option<SiteVar>)| {
            for v in s.vars() {
                f(Some(v));
            }
        };
        match self {
            Bool::Unmoved(s) => {
                f(None);
                sites(s, f);
            }
            Bool::Is(_, v) | Bool::Connects { site: v, .. } | Bool::Encloses { site: v, .. } => f(Some(*v)),
            Bool::Line(line) => f(Some(line.site)),
            Bool::In(v, s) => {
                f(Some(*v));
                sites(s, f);
            }
            Bool::IsAt(_, s) => sites(s, f),
            Bool::InAt(at, s) => {
                sites(at, f);
                sites(s, f);
            }
            Bool::Attacked(s) | Bool::Every(s, _) => sites(s, f),
            Bool::Cmp(_, a, b) => {
                for side in [a, b] {
                    side.walk(&mut |i| match i {
                        Int::Count(_, s) | Int::Seeds(s) => sites(s, f),
                        Int::Liberties(v, _) => f(Some(*v)),
                        _ => {}
                    });
                }
            }
            _ => {}
        }
    }

    /// Whether this node itself reads the game's history: `(unmoved ...)`, `previous-from` or
    /// `previous-to` (see [`Bool::vars_here`]).
    pub fn reads_history_here(&self) -> bool {
        let mut found = false;
        self.vars_here(&mut |v| found |= matches!(v, None | Some(SiteVar::PreviousFrom | SiteVar::PreviousTo)));
        found
    }

    /// Whether the condition, or one nested in it, names bound site `var`.
    pub fn uses(&self, var: SiteVar) -> bool {
        let mut found = false;
        self.walk(&mut |b| b.vars_here(&mut |v| found |= v == Some(var)));
        found
    }
}

impl Int {
    /// The value if it does not depend on the position.
    pub fn constant(&self) -> Option<i64> {
        match self {
            Int::Const(v) => Some(*v),
            _ => None,
        }
    }
}

impl Int {
    /// Calls `f` on this number and every number inside it.
    pub fn walk(&self, f: &mut impl FnMut(&Int)) {
        f(self);
        match self {
            Int::Add(items) | Int::Mul(items) | Int::Min(items) | Int::Max(items) => {
                items.iter().for_each(|i| i.walk(f))
            }
            Int::Sub(a, b) => {
                a.walk(f);
                b.walk(f);
            }
            Int::If(c, a, b) => {
                c.walk_ints(&mut |i| i.walk(f));
                a.walk(f);
                b.walk(f);
            }
            _ => {}
        }
    }
}

impl Bool {
    /// Calls `f` on every number directly inside the condition (and inside nested conditions).
    pub fn walk_ints(&self, f: &mut impl FnMut(&Int)) {
        match self {
            Bool::And(items) | Bool::Or(items) => items.iter().for_each(|b| b.walk_ints(f)),
            Bool::Not(b) | Bool::Every(_, b) => b.walk_ints(f),
            Bool::Cmp(_, a, b) => {
                f(a);
                f(b);
            }
            Bool::Line(line) => f(&line.len),
            _ => {}
        }
    }
}

impl Bool {
    /// Calls `f` on this condition and on every condition inside it, including those inside its
    /// numbers (`(if C A B)`): analyses that look for one kind of condition (where the rules
    /// ask about connections, say) must find it wherever it stands.
    pub fn walk(&self, f: &mut dyn FnMut(&Bool)) {
        f(self);
        match self {
            Bool::And(items) | Bool::Or(items) => items.iter().for_each(|b| b.walk(f)),
            Bool::Not(b) | Bool::Every(_, b) => b.walk(f),
            Bool::Cmp(_, a, b) => {
                a.walk_bools(f);
                b.walk_bools(f);
            }
            _ => {}
        }
    }
}

impl Int {
    /// Calls `f` on every condition inside the number (each `(if C A B)`'s C, walked).
    pub fn walk_bools(&self, f: &mut dyn FnMut(&Bool)) {
        self.walk(&mut |i: &Int| {
            if let Int::If(c, _, _) = i {
                c.walk(f);
            }
        });
    }
}
