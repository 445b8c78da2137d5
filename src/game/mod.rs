//! A checked game description: the rules of one variant with its options applied, every name
//! resolved to an index, over a built [`Topology`].
//!
//! This is what [`crate::check`] produces and what [`crate::engine`] runs. It holds no strings
//! that the engine looks up while playing: relations, regions, counters and allowances are
//! indices; site sets are small enums evaluated over bitsets.

mod expr;
pub mod footprint;
mod history;
mod line;

pub use expr::{Bool, CmpOp, Filter, Int, Multiset, RegionRef, Side, SiteVar, Sites, Symmetry};
pub use line::Line;

use crate::board::Topology;
use crate::span::Span;

/// Index of a relation in [`Topology::relations`].
pub type RelId = u8;

/// A checked, resolved game.
#[derive(Debug, Clone)]
pub struct Game {
    pub name: String,
    pub meta: Vec<(String, String)>,
    /// The selected variant, if the file has variants.
    pub variant: Option<String>,
    /// Every variant of the file, shared by the games built from it: checking each of a
    /// file's variants does not copy the list once per variant.
    pub variants: std::sync::Arc<[VariantInfo]>,
    /// Every option with the value in force.
    pub options: Vec<OptionInfo>,
    pub board: Topology,
    /// Players in turn order; the first moves first.
    pub players: Vec<Player>,
    /// Teams (colours); a stone on the board belongs to a team. In a game without explicit
    /// teams every player is his own team, with the player's name.
    pub teams: Vec<String>,
    /// Regions: the board's built-in ones first, then those of the file.
    pub regions: Vec<RegionDef>,
    pub counters: Vec<String>,
    pub allowances: Vec<String>,
    pub phases: Vec<Phase>,
    pub end: Vec<EndRule>,
    /// The source text of each end rule (same order as `end`), for reports.
    pub end_text: Vec<String>,
    /// The words of each end rule whose condition is a `(describe ...)`, for players.
    pub end_said: Vec<Option<String>>,
    /// Values recorded at the start of every turn, for `(grew ...)`.
    pub snapshots: Vec<Int>,
    /// The stones on the board before the first turn (`(setup ...)`): (site, team), in the
    /// order written.
    pub start: Vec<(u16, usize)>,
    /// The names of the named passes (`(pass swap ...)`), in order of first appearance: the
    /// action text of `MoveKind::Pass { name: k }` for k > 0.
    pub pass_names: Vec<String>,
    /// The kinds of piece the game declares (`(pieces pawn king)`), in order; empty when it
    /// declares none, and then every piece is of the one implicit kind 0, the stone. A site
    /// holds at most one piece: its owner (a team) and its kind (an index into this list).
    pub pieces: Vec<PieceKind>,
    /// The kind of each stone of `start`, in the same order (empty: all of kind 0).
    pub start_kinds: Vec<u8>,
    /// Seeds on sites at the start (`(setup (seeds N SITES))`), (site, count); empty in a
    /// game without seeds.
    pub start_seeds: Vec<(u16, u32)>,
    /// Some rule reads `visited`, the sites the turn in progress has moved pieces from or
    /// onto: only then does the engine keep them.
    pub reads_visited: bool,
    /// The players' hands hold, by kind, the pieces they capture (`(hand captures)`): a piece
    /// taken off the board during a player's turn that is another team's joins his hand as
    /// the kind it came onto the board as, and his placements ([`Move::drops`]) take from it.
    pub keeps_captures: bool,
    /// The relations the file declares (`(relation NAME [(owner TEAM)] PART...)`), in order;
    /// each is a relation of [`Game::board`].
    pub relations: Vec<RelationDef>,
    /// Per relation of the board: its version for each team, when it is one of a family of
    /// owned relations (empty for every other relation, which is the same for all teams). A
    /// rule names a family by any one of its versions; [`Game::relation_for`] resolves it.
    pub relation_teams: Vec<Vec<RelId>>,
}

/// A kind of piece: its name in the rules and how boards show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceKind {
    pub name: String,
    /// The text a terminal board shows for it, if the game chose one (`(pieces (king "K"))`);
    /// otherwise the name's first letter, upper case for the first team.
    pub symbol: Option<String>,
    /// A piece of this kind belongs to nobody (`(pieces (arrow neutral))`): no team's filter,
    /// capture, flip, group or count ever takes it; it only occupies its site.
    pub neutral: bool,
}

impl PieceKind {
    /// The letter that names the kind in an action's text (`e7-e8=Q`): its symbol, else its
    /// name's first letter, upper case (as a board shows the first team's).
    pub fn letter(&self) -> char {
        let c = self.symbol.as_deref().unwrap_or(&self.name).chars().next().unwrap_or('?');
        c.to_uppercase().next().unwrap_or(c)
    }
}

/// A relation declared by the file: a union of parts, optionally owned by a team.
#[derive(Debug, Clone, PartialEq)]
pub struct RelationDef {
    pub name: String,
    pub owner: Option<usize>,
    /// Its index among the board's relations.
    pub rel: RelId,
    /// The parts as written (directions and relation names), for `info`.
    pub parts: Vec<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct VariantInfo {
    pub name: String,
    pub description: Option<String>,
    pub is_default: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum OptionKind {
    /// One of the listed values.
    Choice(Vec<i64>),
    /// Any integer in the inclusive range.
    Range(i64, i64),
    Boolean,
}

#[derive(Debug, Clone, PartialEq)]
pub struct OptionInfo {
    pub name: String,
    pub kind: OptionKind,
    pub default: i64,
    pub value: i64,
    pub description: Option<String>,
}

impl OptionInfo {
    /// A value as the user writes it (`true`, `9`).
    pub fn show(&self, value: i64) -> String {
        match self.kind {
            OptionKind::Boolean => (value != 0).to_string(),
            _ => value.to_string(),
        }
    }

    /// The values allowed, as text (`one of 5, 7, 9`, `2 to 12`, `true or false`).
    pub fn allowed(&self) -> String {
        match &self.kind {
            OptionKind::Choice(values) => {
                let list: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                format!("one of {}", list.join(", "))
            }
            OptionKind::Range(lo, hi) => format!("{lo} to {hi}"),
            OptionKind::Boolean => "true or false".to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    pub name: String,
    pub team: usize,
    /// Stones in hand at the start; `None` is an unlimited supply.
    pub hand: Option<u32>,
}

/// A region as the rules see it: a family of site sets, optionally owned by a team.
#[derive(Debug, Clone, PartialEq)]
pub struct RegionDef {
    pub name: String,
    pub owner: Option<usize>,
    pub parts: Vec<Vec<u16>>,
    /// Labels of the parts (faces have them), for `info`.
    pub labels: Vec<Option<String>>,
    pub builtin: bool,
}

impl RegionDef {
    /// The union of the parts: every site once, ascending.
    pub fn sites(&self) -> Vec<u16> {
        let mut all: Vec<u16> = self.parts.iter().flatten().copied().collect();
        all.sort_unstable();
        all.dedup();
        all
    }
}

/// A phase of play. Each player is in one phase at a time; at the start of his turn he moves
/// to the next phase while `until` holds.
#[derive(Debug, Clone)]
pub struct Phase {
    pub name: String,
    pub until: Option<Bool>,
    pub stages: Vec<Stage>,
    pub after_turn: Vec<Effect>,
    /// What a player does when his turn cannot begin (no legal action in the first stage).
    pub blocked: Blocked,
    /// `(maximize NUMBER)`: only the whole turns that make NUMBER greatest are legal.
    pub maximize: Option<Int>,
    pub span: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocked {
    /// The game ends; `(end (when (no-moves) ...))` decides the result.
    EndGame,
    /// The player's turn is a single `pass` action.
    Pass,
}

/// A part of a turn: between `min` and `max` actions, each one of `moves`. Bounds are evaluated
/// when the stage begins. Once `min` actions are done and fewer than `max`, `end` is legal too.
#[derive(Debug, Clone)]
pub struct Stage {
    pub min: Int,
    pub max: Int,
    pub moves: Vec<Move>,
    /// The first `preferred` moves were written in `(priority ...)`: whenever one of them has
    /// a legal action, only their actions are legal ("if a capture is possible, only captures
    /// are"). 0 without `priority`.
    pub preferred: usize,
}

#[derive(Debug, Clone)]
pub enum MoveKind {
    /// A stone from the mover's hand (or unlimited supply) onto an empty site of `to`.
    Place,
    /// A stone of `from` to an empty neighbour under `along`, within `to`.
    Slide { along: RelId },
    /// A stone of `from` anywhere into `to` (a follow-up choice, e.g. an enemy stone moved
    /// away). With `distinct`, a stone already relocated this turn may not be chosen again.
    Relocate { distinct: bool },
    /// The stone on a site of `from` chosen by the mover leaves the board (a Morris mill's
    /// capture): an action of its own, written `xSITE`.
    Take,
    /// The seeds of the chosen site of `from` (bound as `from`) are sown one by one along the
    /// track `along` (each site's one successor, the mover's version), passing over the sites
    /// of `skip`; `to` is the site the last seed fell on. Written by the site, as a placement.
    Sow { along: RelId, skip: Option<Sites> },
    /// A voluntary pass: ends the turn without a stone. `name` 0 is the action `pass`; k > 0 is
    /// the named pass [`Game::pass_names`]`[k - 1]` (an action of its own, such as `swap`).
    Pass { name: u16 },
    /// A piece of `from` jumps along one of the paths (each a sequence of directions, walked
    /// one step at a time from the origin) to the site where the path ends, passing over
    /// whatever stands between (a knight's leap).
    /// `owned`: some step is a declared relation (an owned direction), which each team
    /// resolves to its own; else every step is a board direction, walked as it is.
    Leap { paths: Vec<Vec<RelId>>, owned: bool },
    /// A slide that passes over pieces or goes an exact number of steps: along each direction
    /// of `along`, the piece passes over sites holding pieces that match `through` (none unless
    /// the file says so) and stops before any other piece, or on it when it captures; with
    /// `distance` it may end only that many steps away (counted with `from` bound: Lines of
    /// Action's "as many squares as there are pieces on the line"), else anywhere within the
    /// move's `range`.
    Ride { along: RelId, distance: Option<Int>, through: Option<Filter> },
    /// A piece of `from` jumps over an occupied neighbour along a direction of `over` to the
    /// empty site just beyond, in the same direction; with `capture` the jumped piece is
    /// removed when it is an enemy's. `jumped` is what the jumped site must hold (`occupied`
    /// unless the file says otherwise: draughts jumps enemy pieces only).
    Hop { over: RelId, jumped: Filter },
}

/// What a move that may capture does with what it captures: by replacement (a slide or leap
/// onto an enemy piece) or by jumping (a hop over one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capture {
    /// Each captured piece credits 1 to this counter of the mover's team, or of its owner's.
    pub credit: Option<(usize, Recipient)>,
    /// `(at turn-end)`: the jumped piece stays on its site until the turn ends, and may not be
    /// jumped again (draughts' pieces taken off after the whole capture). Only a hop's.
    pub at_turn_end: bool,
}

#[derive(Debug, Clone)]
pub struct Move {
    pub kind: MoveKind,
    /// Origins (slide, relocate); unused for place.
    pub from: Sites,
    /// Destinations; always intersected with the empty sites.
    pub to: Sites,
    /// Conditions on the position before the action (with `to`, `from` bound).
    pub conditions: Vec<Bool>,
    /// Constraints on the position after the stone arrives, before any effect.
    pub require: Vec<Constraint>,
    /// Effects, in order, after the stone arrives.
    pub then: Vec<Effect>,
    /// What an action breaking each condition is said to do, after the action or site
    /// ("fails the condition" and its source text, or the words of its `describe`); the
    /// source text of each constraint. To say which one an illegal action breaks.
    pub condition_text: Vec<String>,
    pub require_text: Vec<String>,
    pub span: Span,
    /// The move may capture (`(capture)`): a slide or leap may also end on a site of an
    /// enemy's piece, which is removed; a hop removes the enemy piece it jumps.
    pub capture: Option<Capture>,
    /// How far a slide goes along each direction: 1 (the default) is one step to a
    /// neighbour; more (or `None`, any distance) rides along each direction of the relation
    /// until blocked, as a rook or a queen does.
    pub range: Option<u32>,
    /// The kind of piece a placement puts (0 without `(piece KIND)`).
    pub piece: u8,
    /// In a game whose hands keep captures ([`Game::keeps_captures`]): the kinds a placement
    /// may take from the mover's hand, his choice among those he holds (`(piece KIND...)`, or
    /// every kind of a team's). Empty for every other move.
    pub drops: Vec<u8>,
    /// Conditions on the position after the action *and its effects* (`(after ...)`): "no
    /// suicide" is a liberty of the placed stone once the captures are done.
    pub after: Vec<Bool>,
    pub after_text: Vec<String>,
    /// Per `after` condition, its words where it is described (`(describe "WORDS" C)`): what
    /// a refused action is told instead of the rule's text.
    pub after_words: Vec<Option<String>>,
    /// A ban from the game's history on the position the action makes (`(no-repeat ...)`).
    pub no_repeat: Option<Repeat>,
    /// Promotion with the player's choice of kind (`(promote REGION KIND...)`): a piece move
    /// ending in the region gives one action per kind.
    pub promote: Option<Promotion>,
}

/// The kinds a piece may become when its move ends in a region, one action per kind: the
/// choice is the player's, so it is part of the action (`e7-e8=Q`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promotion {
    /// The region, in the mover's version when it is owned (each side's far row).
    pub region: RegionRef,
    /// Kinds (indices into [`Game::pieces`]), in the order written: the order of the actions.
    pub kinds: Vec<u8>,
}

/// Which earlier positions an action may not recreate (board contents only: who is to move
/// and the counters do not count).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Repeat {
    /// Positional superko: no position the game has had before.
    Any,
    /// Simple ko: not the position just before the last action (an immediate retake).
    Last,
}

/// A whole-position requirement checked after an action's stone arrives and before its effects.
#[derive(Debug, Clone)]
pub enum Constraint {
    /// Every site matching `filter` is connected, through sites matching `filter` along `rel`,
    /// to a matching site of `region`.
    Connected { filter: Filter, region: RegionRef, rel: RelId },
    /// A condition, evaluated on the position after the stone arrives (with `to` and `last`
    /// the arrival site).
    Condition(Bool),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recipient {
    Mover,
    /// The owner of the removed stone.
    Owner,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Who {
    Mover,
    /// The player after the mover in turn order.
    Next,
}

#[derive(Debug, Clone)]
pub enum Effect {
    /// Removes, all at once, every stone of `sites` for which every condition holds (with `site`
    /// bound); each removed stone of an opponent credits 1 to `credit`.
    Remove {
        sites: Sites,
        conditions: Vec<Bool>,
        credit: Option<(usize, Recipient)>,
    },
    Win(Who),
    Draw,
    /// The mover makes one more action of the current stage: its bounds both grow by one
    /// ("completing a box, play again").
    Again,
    /// Every seed on the sites of `from` goes onto the first site of `into` (a capture into a
    /// store).
    Collect {
        from: Vec<Sites>,
        into: Sites,
    },
    /// Sets an allowance for this turn, or (`next`) for the next turn.
    Allow {
        allowance: usize,
        value: Int,
        next: bool,
    },
    /// Adds to a counter of the mover's or the next player's team.
    Add {
        counter: usize,
        who: Who,
        value: Int,
    },
    If {
        condition: Bool,
        then: Vec<Effect>,
        otherwise: Vec<Effect>,
    },
    /// Every stone of the sites becomes the mover's team's (found first, then changed
    /// together); empty sites are ignored.
    Flip(Sites),
    /// The contents of a square block of sites turn a quarter about its centre: each
    /// (from, to) pair moves what stood on `from` to `to`, all at once (`(rotate REGION
    /// clockwise)`, worked out by the checker).
    Rotate {
        moves: Vec<(u16, u16)>,
    },
    /// Puts a piece on every empty site of the set (from no hand): of `piece`'s kind, or of
    /// the first kind; the mover's, unless the kind is nobody's.
    Put {
        sites: Sites,
        piece: Option<u8>,
    },
    /// The piece on the first occupied site of `from` moves, with its owner and kind, to the
    /// first empty site of `to` (a second piece moved by the same action, such as a castling
    /// rook); nothing when either is missing.
    Shift {
        from: Sites,
        to: Sites,
    },
    /// The piece on the bound site becomes of kind `kind` (its owner stays); nothing when the
    /// site is empty.
    Promote {
        site: SiteVar,
        kind: u8,
    },
    /// For every stone of `sites` for which every condition holds (with `site` bound), its
    /// whole group under `rel` is removed; the groups are all found first, then removed
    /// together. Credits as [`Effect::Remove`] does, one per opponent stone removed.
    RemoveGroups {
        sites: Sites,
        rel: RelId,
        conditions: Vec<Bool>,
        credit: Option<(usize, Recipient)>,
    },
}

#[derive(Debug, Clone)]
pub enum EndRule {
    /// Checked after every action and at the start of every turn.
    When { condition: Bool, outcome: Outcome, span: Span },
    /// The same position at a turn boundary for the `count`-th time (0: never). The allowances
    /// and counters of `ignore` are left out of the position: counts such as chess's
    /// fifty-move clock or a run of checks, which say when or how the game ends but not how it
    /// is played.
    Repetition { count: u32, outcome: Outcome, ignore: Vec<Ignored> },
    /// `turns` turns have been completed (0: never).
    TurnLimit { turns: u32, outcome: Outcome },
}

/// A count left out of the position by a `repetition` rule's `(ignore ...)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ignored {
    /// An index into `Game::allowances`.
    Allowance(usize),
    /// An index into `Game::counters`: the counter of every team.
    Counter(usize),
}

impl EndRule {
    /// What the game's result is when the rule ends it.
    pub fn outcome(&self) -> &Outcome {
        match self {
            EndRule::When { outcome, .. }
            | EndRule::Repetition { outcome, .. }
            | EndRule::TurnLimit { outcome, .. } => outcome,
        }
    }
}

#[derive(Debug, Clone)]
pub enum Outcome {
    Win(Who),
    Draw,
    /// Teams are compared by each criterion in turn; the first that separates them decides.
    /// If none does, the game is a draw.
    Compare(Vec<Criterion>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Prefer {
    Larger,
    Smaller,
}

#[derive(Debug, Clone)]
pub enum Criterion {
    /// The team whose value is larger (or smaller) wins.
    Value(Int, Prefer),
    /// Sorted group sizes compared position by position, shorter list padded with zeros.
    Cascade(Multiset, Prefer),
    /// The largest size left after pairing equal sizes of the two teams (multiset difference).
    Unpaired(Multiset, Prefer),
    /// The team of the player who made the last action wins.
    LastMover,
}

impl Game {
    pub fn option(&self, name: &str) -> Option<&OptionInfo> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The relation that `rel` means for `team`: its team's version when it is an owned
    /// relation, else itself.
    pub fn relation_for(&self, rel: RelId, team: usize) -> RelId {
        self.relation_teams.get(rel as usize).and_then(|v| v.get(team)).copied().unwrap_or(rel)
    }

    /// Whether `rel` is an owned relation: a version of it for each team.
    pub fn is_owned(&self, rel: RelId) -> bool {
        self.relation_teams.get(rel as usize).is_some_and(|v| !v.is_empty())
    }

    /// Every relation `rel` may mean: all versions of an owned relation, else itself alone.
    pub fn relation_versions(&self, rel: RelId) -> Vec<RelId> {
        let mut out: Vec<RelId> = match self.relation_teams.get(rel as usize) {
            Some(v) if !v.is_empty() => v.clone(),
            _ => vec![rel],
        };
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The team index of a player.
    pub fn team_of(&self, player: usize) -> usize {
        self.players[player].team
    }
}

impl Game {
    /// Relations of the groups the rules ask about: `(largest-group ...)` and `(group-sizes ...)`.
    pub fn group_relations(&self) -> Vec<RelId> {
        let mut out = Vec::new();
        self.visit_ints(|e: &Int| {
            e.walk(&mut |i: &Int| {
                if let Int::LargestGroup(rel, _) = i {
                    if !out.contains(rel) {
                        out.push(*rel);
                    }
                }
            })
        });
        for rule in &self.end {
            if let Outcome::Compare(criteria) = rule.outcome() {
                for c in criteria {
                    if let Criterion::Cascade(m, _) | Criterion::Unpaired(m, _) = c {
                        if !out.contains(&m.rel) {
                            out.push(m.rel);
                        }
                    }
                }
            }
        }
        self.with_versions(out)
    }

    /// The relations listed and every version of the owned ones among them, once each, in the
    /// order first met.
    fn with_versions(&self, list: Vec<RelId>) -> Vec<RelId> {
        let mut out = Vec::new();
        for r in list.into_iter().flat_map(|r| self.relation_versions(r)) {
            if !out.contains(&r) {
                out.push(r);
            }
        }
        out
    }

    /// Every `(connects ...)` in the rules: its relation, its regions and whether it counts
    /// their parts (`(connects SITE R N REGION)`), once each.
    pub fn connections(&self) -> Vec<(RelId, Vec<RegionRef>, bool)> {
        let mut out: Vec<(RelId, Vec<RegionRef>, bool)> = Vec::new();
        self.visit_bools(&mut |b: &Bool| {
            if let Bool::Connects { rel, regions, least, .. } = b {
                let parts = least.is_some();
                // Every version of an owned relation: each team's groups follow its own.
                for rel in self.relation_versions(*rel) {
                    if !out.iter().any(|(r, g, p)| *r == rel && g == regions && *p == parts) {
                        out.push((rel, regions.clone(), parts));
                    }
                }
            }
        });
        out
    }

    /// Calls `visit` on every condition of the rules, nested ones included.
    pub fn visit_bools(&self, visit: &mut dyn FnMut(&Bool)) {
        fn effects(list: &[Effect], visit: &mut dyn FnMut(&Bool)) {
            for e in list {
                match e {
                    Effect::Remove { conditions, .. } | Effect::RemoveGroups { conditions, .. } => {
                        conditions.iter().for_each(|c| c.walk(visit))
                    }
                    Effect::If { condition, then, otherwise } => {
                        condition.walk(visit);
                        effects(then, visit);
                        effects(otherwise, visit);
                    }
                    Effect::Win(_)
                    | Effect::Draw
                    | Effect::Again
                    | Effect::Collect { .. }
                    | Effect::Allow { .. }
                    | Effect::Add { .. }
                    | Effect::Put { .. }
                    | Effect::Shift { .. }
                    | Effect::Promote { .. }
                    | Effect::Flip(_)
                    | Effect::Rotate { .. } => {}
                }
            }
        }
        for phase in &self.phases {
            if let Some(u) = &phase.until {
                u.walk(visit);
            }
            for m in phase.stages.iter().flat_map(|s| &s.moves) {
                m.conditions.iter().for_each(|c| c.walk(visit));
                for r in &m.require {
                    if let Constraint::Condition(c) = r {
                        c.walk(visit);
                    }
                }
                m.after.iter().for_each(|c| c.walk(visit));
                effects(&m.then, visit);
            }
            effects(&phase.after_turn, visit);
        }
        for rule in &self.end {
            if let EndRule::When { condition, .. } = rule {
                condition.walk(visit);
            }
        }
        self.visit_ints(|i: &Int| i.walk_bools(visit));
    }

    /// The action text of a pass move's name (see [`MoveKind::Pass`]).
    pub fn pass_name(&self, name: u16) -> &str {
        match name {
            0 => "pass",
            k => self.pass_names.get(k as usize - 1).map_or("pass", String::as_str),
        }
    }

    /// The relations along whose rays the rules count (`(count occupied (ray from file))`),
    /// every version of an owned one, ascending.
    pub fn ray_count_relations(&self) -> Vec<RelId> {
        let mut out = Vec::new();
        self.visit_ints(|e: &Int| {
            e.walk(&mut |i: &Int| {
                if let Int::Count(_, Sites::Ray(_, rel)) = i {
                    out.extend(self.relation_versions(*rel));
                }
            })
        });
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Per region: whether the rules ask `(filled REGION friend)` or `(filled REGION empty)` of
    /// it (the engine then keeps each of its parts as a set of sites).
    pub fn asks_filled(&self) -> Vec<bool> {
        let mut asked = vec![false; self.regions.len()];
        self.visit_bools(&mut |b| {
            if let Bool::Filled(region, Filter::Friend | Filter::Empty) = b {
                for &r in &region.by_team {
                    asked[r as usize] = true;
                }
            }
        });
        asked
    }

    /// Whether the rules ask `(attacked ...)`: the engine then compiles the ways back from a
    /// target to its attackers.
    pub fn asks_attacked(&self) -> bool {
        let mut asked = false;
        self.visit_bools(&mut |b| asked |= matches!(b, Bool::Attacked(_)));
        asked
    }

    /// Whether the engine keeps, per pair of sites, the direction from one to the other: where
    /// the rules count the sites between two sites (`(count F (between A B))`, a cannon's
    /// screen) or capture with rides that `(attacked ...)` tries forward, on a board of at most
    /// [`footprint::BETWEEN_SITES`] sites.
    pub fn keeps_line_between(&self) -> bool {
        let mut counts_between = false;
        self.visit_ints(|e: &Int| {
            e.walk(&mut |i: &Int| counts_between |= matches!(i, Int::Count(_, Sites::Between(..))))
        });
        let moves = self.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves);
        let riding_captures = moves.filter(|m| m.capture.is_some()).any(|m| matches!(m.kind, MoveKind::Ride { .. }));
        self.board.site_count() <= footprint::BETWEEN_SITES
            && self.board.directions.len() < usize::from(u8::MAX)
            && (counts_between || riding_captures)
    }

    /// Relations under which the rules count empty neighbours.
    pub fn empty_neighbor_relations(&self) -> Vec<RelId> {
        let mut out = Vec::new();
        self.visit_ints(|e: &Int| {
            e.walk(&mut |i: &Int| {
                if let Int::Count(Filter::Empty, Sites::Neighbors(_, rel)) = i {
                    // Counts are kept for the board's relations and directions; an owned or a
                    // declared one-way relation is counted when asked.
                    let r = &self.board.relations[*rel as usize];
                    let declared = self.relations.iter().any(|d| d.rel == *rel);
                    if self.is_owned(*rel) || (declared && r.one_way) {
                        return;
                    }
                    if !out.contains(rel) {
                        out.push(*rel);
                    }
                }
            })
        });
        out
    }

    /// Calls `visit` on every number expression of the rules (not recursing into it).
    pub fn visit_ints(&self, mut visit: impl FnMut(&Int)) {
        for s in &self.snapshots {
            visit(s);
        }
        for phase in &self.phases {
            if let Some(u) = &phase.until {
                u.walk_ints(&mut visit);
            }
            for stage in &phase.stages {
                visit(&stage.min);
                visit(&stage.max);
                for m in &stage.moves {
                    if let MoveKind::Ride { distance: Some(d), .. } = &m.kind {
                        visit(d);
                    }
                    m.conditions.iter().for_each(|c| c.walk_ints(&mut visit));
                    for r in &m.require {
                        if let Constraint::Condition(c) = r {
                            c.walk_ints(&mut visit);
                        }
                    }
                    m.then.iter().for_each(|e| e.walk_ints(&mut visit));
                    m.after.iter().for_each(|c| c.walk_ints(&mut visit));
                }
            }
            phase.after_turn.iter().for_each(|e| e.walk_ints(&mut visit));
        }
        for rule in &self.end {
            if let EndRule::When { condition, .. } = rule {
                condition.walk_ints(&mut visit);
            }
            rule.outcome().walk_ints(&mut visit);
        }
    }
}

impl Phase {
    /// Whether some effect of this phase (in a move's `then` or in `after-turn`) can end the
    /// game.
    pub fn ends_game_by_effect(&self) -> bool {
        let moves = self.stages.iter().flat_map(|s| &s.moves).flat_map(|m| &m.then);
        moves.chain(&self.after_turn).any(Effect::can_end_game)
    }
}

impl Effect {
    /// Whether the effect is, or may lead to, `win` or `draw`.
    pub fn can_end_game(&self) -> bool {
        match self {
            Effect::Win(_) | Effect::Draw => true,
            Effect::If { then, otherwise, .. } => then.iter().chain(otherwise).any(Effect::can_end_game),
            Effect::Remove { .. }
            | Effect::Again
            | Effect::Collect { .. }
            | Effect::Allow { .. }
            | Effect::Add { .. }
            | Effect::Flip(_)
            | Effect::Rotate { .. }
            | Effect::Promote { .. }
            | Effect::Put { .. }
            | Effect::Shift { .. }
            | Effect::RemoveGroups { .. } => false,
        }
    }

    /// Calls `f` on every number in the effect.
    pub fn walk_ints(&self, f: &mut impl FnMut(&Int)) {
        match self {
            Effect::Remove { conditions, .. } | Effect::RemoveGroups { conditions, .. } => {
                conditions.iter().for_each(|c| c.walk_ints(f))
            }
            Effect::Allow { value, .. } | Effect::Add { value, .. } => f(value),
            Effect::If { condition, then, otherwise } => {
                condition.walk_ints(f);
                then.iter().chain(otherwise).for_each(|e| e.walk_ints(f));
            }
            Effect::Win(_)
            | Effect::Draw
            | Effect::Again
            | Effect::Collect { .. }
            | Effect::Flip(_)
            | Effect::Rotate { .. }
            | Effect::Put { .. }
            | Effect::Shift { .. }
            | Effect::Promote { .. } => {}
        }
    }
}

impl Outcome {
    pub fn walk_ints(&self, f: &mut impl FnMut(&Int)) {
        if let Outcome::Compare(criteria) = self {
            for c in criteria {
                if let Criterion::Value(v, _) = c {
                    f(v);
                }
            }
        }
    }
}

impl Game {
    /// Every relation the rules refer to, ascending (for drawing the board and for warnings).
    pub fn relations_used(&self) -> Vec<RelId> {
        let mut used = Vec::new();
        let mut add = |r: RelId| {
            if !used.contains(&r) {
                used.push(r);
            }
        };
        let sites = |s: &Sites, add: &mut dyn FnMut(RelId)| {
            if let Sites::Neighbors(_, r) | Sites::Ray(_, r) | Sites::Flanks(_, r) = s {
                add(*r);
            }
        };
        self.visit_ints(|e: &Int| {
            e.walk(&mut |i: &Int| match i {
                Int::LargestGroup(r, _) | Int::Liberties(_, r) | Int::Area(r) => add(*r),
                Int::Count(_, s) => sites(s, &mut add),
                _ => {}
            })
        });
        for r in self.group_relations() {
            add(r);
        }
        for (r, ..) in self.connections() {
            add(r);
        }
        self.visit_bools(&mut |b: &Bool| {
            if let Bool::Encloses { rel, .. } = b {
                add(*rel);
            }
        });
        for phase in &self.phases {
            for stage in &phase.stages {
                for m in &stage.moves {
                    match &m.kind {
                        MoveKind::Slide { along } | MoveKind::Ride { along, .. } => add(*along),
                        MoveKind::Hop { over, .. } => add(*over),
                        MoveKind::Leap { paths, .. } => paths.iter().flatten().for_each(|&r| add(r)),
                        MoveKind::Sow { along, .. } => add(*along),
                        MoveKind::Place | MoveKind::Relocate { .. } | MoveKind::Take | MoveKind::Pass { .. } => {}
                    }

                    sites(&m.from, &mut add);
                    sites(&m.to, &mut add);
                    for r in &m.require {
                        if let Constraint::Connected { rel, .. } = r {
                            add(*rel);
                        }
                    }
                    let mut effects: Vec<&Effect> = m.then.iter().collect();
                    while let Some(e) = effects.pop() {
                        match e {
                            Effect::Remove { sites: s, .. } | Effect::Flip(s) => sites(s, &mut add),
                            Effect::RemoveGroups { sites: s, rel, .. } => {
                                sites(s, &mut add);
                                add(*rel);
                            }
                            Effect::If { then, otherwise, .. } => effects.extend(then.iter().chain(otherwise)),
                            _ => {}
                        }
                    }
                }
            }
        }
        let mut used = self.with_versions(used);
        used.sort_unstable();
        used
    }
}

impl Game {
    /// Whether some rule changes the owner of stones (`flip`).
    pub fn has_flip_effect(&self) -> bool {
        fn any(effects: &[Effect]) -> bool {
            effects.iter().any(|e| match e {
                Effect::Flip(_) => true,
                Effect::If { then, otherwise, .. } => any(then) || any(otherwise),
                _ => false,
            })
        }
        self.phases.iter().any(|p| any(&p.after_turn) || p.stages.iter().flat_map(|s| &s.moves).any(|m| any(&m.then)))
    }
}

impl Game {
    /// Whether some rule removes stones.
    pub fn has_remove_effect(&self) -> bool {
        fn any(effects: &[Effect]) -> bool {
            effects.iter().any(|e| match e {
                Effect::Remove { .. } | Effect::RemoveGroups { .. } => true,
                Effect::If { then, otherwise, .. } => any(then) || any(otherwise),
                _ => false,
            })
        }
        self.phases.iter().any(|p| any(&p.after_turn) || p.stages.iter().flat_map(|s| &s.moves).any(|m| any(&m.then)))
    }
}

impl Game {
    /// Whether the game declares kinds of piece (then the engine keeps a kind per site).
    pub fn has_kinds(&self) -> bool {
        !self.pieces.is_empty()
    }

    /// In a game of pieces whose placements all put one kind, that kind: what a hand holds
    /// (Quoridor's walls), named so when hands and prompts speak of it.
    pub fn placed_kind(&self) -> Option<u8> {
        let mut placed = self
            .phases
            .iter()
            .flat_map(|p| &p.stages)
            .flat_map(|s| &s.moves)
            .filter(|m| matches!(m.kind, MoveKind::Place));
        let first = placed.next()?.piece;
        (self.has_kinds() && placed.all(|m| m.piece == first)).then_some(first)
    }

    /// Whether the game has seeds: some at the start, or a move that sows. The state then
    /// keeps a count per site.
    pub fn uses_seeds(&self) -> bool {
        !self.start_seeds.is_empty()
            || self
                .phases
                .iter()
                .flat_map(|p| &p.stages)
                .flat_map(|s| &s.moves)
                .any(|m| matches!(m.kind, MoveKind::Sow { .. }))
    }

    /// Whether some kind of piece belongs to nobody (see [`PieceKind::neutral`]).
    pub fn has_neutral(&self) -> bool {
        self.pieces.iter().any(|k| k.neutral)
    }

    /// Whether some move of the rules moves a piece onto an enemy's or jumps one.
    pub fn has_captures(&self) -> bool {
        self.phases.iter().flat_map(|p| &p.stages).flat_map(|s| &s.moves).any(|m| m.capture.is_some())
    }
}

impl MoveKind {
    /// Whether the move takes a piece from one site to another, written `FROM-TO` (a slide,
    /// a leap or a hop): a stage may hold several, told apart by which one can make the action.
    pub fn moves_a_piece(&self) -> bool {
        matches!(self, MoveKind::Slide { .. } | MoveKind::Ride { .. } | MoveKind::Leap { .. } | MoveKind::Hop { .. })
    }
}
