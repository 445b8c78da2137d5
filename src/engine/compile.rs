//! Numbers, conditions and effects compiled into closures, once, by the lowering pass.
//!
//! The turn flow asks the same few expressions at every turn: a stage's bounds, the values
//! `grew` compares, the after-turn effects and their conditions, a `when` rule's condition.
//! Walking their trees meant a `match` over every ludeme at every node, in a function large
//! enough to save every register it might use. Here each node becomes a small closure that
//! knows its own shape: constants are folded into their parents, a comparison with a constant
//! is one comparison, `(if (first-turn) A B)` with constant branches is one test, and the
//! relation, slot or counter a leaf reads is an index captured when it was compiled. A stage's
//! bounds and the after-turn effects are compiled for the first turn and for the later ones
//! where `(first-turn)` is part of them, so that it folds away in each ([`Turn`]).
//!
//! Every ludeme compiles: the ones with no closure of their own here (sets, groups' liberties,
//! lines, attacks, the effects that move stones) call the interpreter on the node as written,
//! so that there is one meaning of each ludeme and the compiled form only chooses how fast it
//! is reached. Evaluation order, and so every overflow the checked arithmetic reports, is the
//! interpreter's: nothing is reordered, and only constants are folded.

use std::cell::Cell;
use std::sync::Arc;

use super::Engine;
use super::eval::{Env, matches};
use super::lower::{Bound, bound_value};
use super::state::{State, Work};
use crate::game::{Bool, CmpOp, Effect, Filter, Game, Int, Side, Sites, Who};

type IntFn = dyn Fn(&Engine, &State, &mut Work, &Env) -> i64 + Send + Sync;
type BoolFn = dyn Fn(&Engine, &State, &mut Work, &Env) -> bool + Send + Sync;
type EffectFn = dyn Fn(&Engine, &mut State, &mut Work, &Env) + Send + Sync;

/// A compiled number: a leaf is read where it is evaluated, anything else is called.
#[derive(Clone)]
pub(crate) enum IntCode {
    Leaf(Leaf),
    Code(Arc<IntFn>),
}

/// A number that is read rather than computed: kept as data, so that the code that needs it
/// reads it inline (one `match`, the same arm every time) instead of calling a closure for it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Leaf {
    Allowance(usize),
    /// The mover's team's value of a counter.
    Counter(usize),
    TurnNumber,
    Hand,
    /// `(largest-group REL FILTER)` read from the union-find the engine keeps in `slot` for
    /// relation `kept`, which every team follows; the general path's answer while that cache
    /// is stale. `any` is the maximum over the teams.
    LargestGroup {
        slot: usize,
        kept: u8,
        rel: u8,
        filter: Filter,
    },
}

impl Leaf {
    #[inline(always)]
    fn eval(self, engine: &Engine, s: &State, w: &mut Work, env: &Env) -> i64 {
        match self {
            Leaf::Allowance(a) => s.allowance(a),
            Leaf::Counter(c) => s.counter(c, env.subject),
            Leaf::TurnNumber => s.turn_number(),
            Leaf::Hand => s.hand_size(env.mover),
            Leaf::LargestGroup { slot, kept, rel, filter } => match super::groups::fresh_largest(&w.groups, slot, kept)
            {
                // `any`: the maximum, without `largest_named`'s test of each team (1.5% of a
                // Ketchup playout).
                Some(largest) if filter == Filter::Any => i64::from(largest.iter().copied().max().unwrap_or(0)),
                Some(largest) => super::eval::largest_named(largest, filter, env.subject),
                None => engine.largest_group(s, w, rel, filter, env),
            },
        }
    }
}

/// A compiled condition.
#[derive(Clone)]
pub(crate) struct BoolCode(Arc<BoolFn>);

/// A compiled list of effects, applied in order until one ends the game; an empty list is
/// no call at all. It runs on a game that goes on: after an action, at the end of a turn, or
/// as a branch of an effect.
#[derive(Clone, Default)]
pub(crate) struct Effects(Option<Arc<EffectFn>>);

impl IntCode {
    #[inline]
    pub(crate) fn eval(&self, engine: &Engine, s: &State, w: &mut Work, env: &Env) -> i64 {
        match self {
            IntCode::Leaf(leaf) => leaf.eval(engine, s, w, env),
            IntCode::Code(f) => f(engine, s, w, env),
        }
    }
}

impl BoolCode {
    #[inline]
    pub(crate) fn eval(&self, engine: &Engine, s: &State, w: &mut Work, env: &Env) -> bool {
        (self.0)(engine, s, w, env)
    }
}

impl Effects {
    #[inline]
    pub(crate) fn run(&self, engine: &Engine, s: &mut State, w: &mut Work, env: &Env) {
        debug_assert!(s.outcome.is_none(), "effects run while the game goes on");
        if let Some(f) = &self.0 {
            f(engine, s, w, env);
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.0.is_none()
    }
}

macro_rules! opaque_debug {
    ($($t:ty),*) => {$(
        impl std::fmt::Debug for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(stringify!($t))
            }
        }
    )*};
}
opaque_debug!(IntCode, BoolCode, Effects);

/// Two compiled forms are the same when they are one closure.
impl PartialEq for BoolCode {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

/// A number while it is compiled: a constant stays one, so that its parent can fold it, and
/// a leaf stays one, so that its parent can read it inline ([`with_num`]).
enum Num {
    Const(i64),
    Leaf(Leaf),
    Code(Arc<IntFn>),
}

/// A condition while it is compiled.
enum Cond {
    Const(bool),
    Code(Arc<BoolFn>),
}

impl Num {
    fn code(self) -> Arc<IntFn> {
        match self {
            Num::Const(v) => int_fn(move |_, _, _, _| v),
            Num::Leaf(leaf) => int_fn(move |engine, s, w, env| leaf.eval(engine, s, w, env)),
            Num::Code(f) => f,
        }
    }

    /// The compiled form of a number that is not a constant.
    fn into_int_code(self) -> IntCode {
        match self {
            Num::Leaf(leaf) => IntCode::Leaf(leaf),
            other => IntCode::Code(other.code()),
        }
    }
}

/// `$body` with `$read` bound to a reader of the number `$num` (not a constant): the leaf's
/// read inline for a leaf, a call of the code otherwise. Each case compiles `$body` apart, so
/// that a closure built there over a leaf has no call in it.
macro_rules! with_num {
    ($num:expr, |$read:ident| $body:expr) => {
        match $num {
            Num::Leaf(leaf) => {
                let $read = move |e: &Engine, s: &State, w: &mut Work, env: &Env| leaf.eval(e, s, w, env);
                $body
            }
            other => {
                let f = other.code();
                let $read = move |e: &Engine, s: &State, w: &mut Work, env: &Env| f(e, s, w, env);
                $body
            }
        }
    };
}

impl Cond {
    fn code(self) -> Arc<BoolFn> {
        match self {
            Cond::Const(b) => bool_fn(move |_, _, _, _| b),
            Cond::Code(f) => f,
        }
    }
}

/// Closures are built through these, which give them their signature (a closure passed to
/// `Arc::new` would have none to infer its arguments' types from).
fn int_fn(f: impl Fn(&Engine, &State, &mut Work, &Env) -> i64 + Send + Sync + 'static) -> Arc<IntFn> {
    Arc::new(f)
}

fn bool_fn(f: impl Fn(&Engine, &State, &mut Work, &Env) -> bool + Send + Sync + 'static) -> Arc<BoolFn> {
    Arc::new(f)
}

fn effect_fn(f: impl Fn(&Engine, &mut State, &mut Work, &Env) + Send + Sync + 'static) -> Arc<EffectFn> {
    Arc::new(f)
}

/// What compiling knows of the turn its code will run in. The turn flow's code (a stage's
/// bounds, the after-turn effects) is compiled for the game's first turn and for the later
/// ones when `(first-turn)` is part of it, so that in each it is a constant and folds away
/// with whatever it decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Turn {
    /// Any turn: `(first-turn)` is read from the position.
    Any,
    /// The game's first turn: `(first-turn)` is true.
    First,
    /// Any turn after the first: `(first-turn)` is false.
    Later,
}

/// The context of one compilation: the game, the turn the code runs in, and whether the
/// compilation has asked which turn that is (if it has not, the code is the same in every
/// turn).
#[derive(Clone, Copy)]
struct Cx<'a> {
    game: &'a Game,
    turn: Turn,
    asked: &'a Cell<bool>,
    /// The tables of the `(completed ...)` compiled so far, by their regions: a rule repeated
    /// by `for-each` (Ultimate Tic-tac-toe asks it once per small board) shares one.
    completions: &'a Completions,
}

/// See [`Cx::completions`].
type Completions = std::cell::RefCell<Vec<(Vec<crate::game::RegionRef>, Arc<super::completed::Completion>)>>;

impl Cx<'_> {
    /// Whether the code runs in the game's first turn, when the compilation knows; notes that
    /// the code depends on the answer.
    fn ask_first_turn(&self) -> Option<bool> {
        self.asked.set(true);
        match self.turn {
            Turn::Any => None,
            turn => Some(turn == Turn::First),
        }
    }
}

/// Code compiled for every turn, or for the first turn and the later ones apart.
#[derive(Debug, Clone)]
pub(crate) enum ByTurn<T> {
    Every(T),
    Split { first: T, later: T },
}

impl<T> ByTurn<T> {
    pub(crate) fn is_split(&self) -> bool {
        matches!(self, ByTurn::Split { .. })
    }

    /// The first turn's.
    pub(crate) fn first(&self) -> &T {
        match self {
            ByTurn::Every(t) | ByTurn::Split { first: t, .. } => t,
        }
    }

    /// The code of the game's first turn when `first`, else the later turns'.
    #[inline(always)]
    pub(crate) fn of_turn(&self, first: bool) -> &T {
        match self {
            ByTurn::Every(t) => t,
            ByTurn::Split { first: f, later } => {
                if first {
                    f
                } else {
                    later
                }
            }
        }
    }

    /// The later turns'.
    pub(crate) fn into_later(self) -> T {
        match self {
            ByTurn::Every(t) | ByTurn::Split { later: t, .. } => t,
        }
    }
}

/// Compiles with `compile` for every turn, or, when the code asks which turn it runs in, for
/// the first turn and for the later ones.
fn by_turn<T>(game: &Game, compile: impl Fn(Cx<'_>) -> T) -> ByTurn<T> {
    let (asked, completions) = (Cell::new(false), Completions::default());
    let first = compile(Cx { game, turn: Turn::First, asked: &asked, completions: &completions });
    if !asked.get() {
        return ByTurn::Every(first);
    }
    ByTurn::Split { first, later: compile(Cx { game, turn: Turn::Later, asked: &asked, completions: &completions }) }
}

/// Compiles with `compile` for any turn, reading the turn from the position.
fn any_turn<T>(game: &Game, compile: impl FnOnce(Cx<'_>) -> T) -> T {
    compile(Cx { game, turn: Turn::Any, asked: &Cell::new(false), completions: &Completions::default() })
}

pub(crate) fn int(game: &Game, e: &Int) -> IntCode {
    any_turn(game, |cx| num(cx, e)).into_int_code()
}

pub(crate) fn bool(game: &Game, e: &Bool) -> BoolCode {
    BoolCode(any_turn(game, |cx| cond(cx, e)).code())
}

/// Compiles a list of effects.
pub(crate) fn effects(game: &Game, list: &[Effect]) -> Effects {
    any_turn(game, |cx| effect_list(cx, list))
}

/// Compiles the after-turn effects: where `(first-turn)` decides part of them, the first
/// turn's and the later turns' apart, the turn flow choosing between them with one test
/// ([`ByTurn::of_turn`]); an empty one is no call.
pub(crate) fn after_turn(game: &Game, list: &[Effect]) -> ByTurn<Effects> {
    by_turn(game, |cx| effect_list(cx, list))
}

/// A stage bound, for every turn or for the first turn and the later ones apart when
/// `(first-turn)` decides part of it.
pub(crate) fn bound(game: &Game, e: &Int) -> ByTurn<Bound> {
    by_turn(game, |cx| bound_in(cx, e))
}

/// A bound in the simplest shape it takes: the branch of an `if` that the turn decides, a
/// constant, or an allowance plus a constant, which are read without a call; anything else
/// is code. (A bound of none of these shapes is compiled again whole: this runs once per
/// bound, when the engine is made.)
fn bound_in(cx: Cx<'_>, e: &Int) -> Bound {
    match e {
        Int::If(c, a, b) => match cond(cx, c) {
            Cond::Const(true) => return bound_in(cx, a),
            Cond::Const(false) => return bound_in(cx, b),
            Cond::Code(_) => {}
        },
        Int::Allowance(a) => return Bound::Allowance { allowance: *a, plus: 0 },
        Int::Add(items) => {
            if let [x, y] = &items[..] {
                for (k, a) in [(x, y), (y, x)] {
                    if let Int::Allowance(allowance) = a {
                        if let Num::Const(plus) = num(cx, k) {
                            return Bound::Allowance { allowance: *allowance, plus };
                        }
                    }
                }
            }
        }
        _ => {}
    }
    match num(cx, e) {
        Num::Const(v) => Bound::Fixed(bound_value(v)),
        other => Bound::Computed(other.into_int_code()),
    }
}

/// The interpreter on the node as written: the ludemes whose work is all in the engine's own
/// algorithms.
fn interpreted_int(e: &Int) -> Num {
    let e = e.clone();
    Num::Code(int_fn(move |engine, s, w, env| engine.int(s, w, &e, env)))
}

fn interpreted_bool(e: &Bool) -> Cond {
    let e = e.clone();
    Cond::Code(bool_fn(move |engine, s, w, env| engine.bool(s, w, &e, env)))
}

fn num(cx: Cx<'_>, e: &Int) -> Num {
    match e {
        Int::Const(v) => Num::Const(*v),
        Int::Seeds(set) => {
            let set = set.clone();
            Num::Code(int_fn(move |engine, s, _, env| engine.seeds_in(s, &set, env)))
        }
        Int::Add(items) => arithmetic::<Add>(cx, items),
        Int::Mul(items) => arithmetic::<Mul>(cx, items),
        Int::Sub(a, b) => {
            let (a, b) = (num(cx, a), num(cx, b));
            match (a, b) {
                (a @ (Num::Code(_) | Num::Leaf(_)), Num::Const(k)) => {
                    with_num!(a, |a| Num::Code(int_fn(move |engine, s, w, env| {
                        let v = a(engine, s, w, env);
                        w.checked(v.checked_sub(k), v.saturating_sub(k))
                    })))
                }
                (a, b) => {
                    let (a, b) = (a.code(), b.code());
                    Num::Code(int_fn(move |engine, s, w, env| {
                        let (x, y) = (a(engine, s, w, env), b(engine, s, w, env));
                        w.checked(x.checked_sub(y), x.saturating_sub(y))
                    }))
                }
            }
        }
        Int::Min(items) => extreme::<Least>(cx, items),
        Int::Max(items) => extreme::<Most>(cx, items),
        Int::If(c, a, b) => {
            let (c, a, b) = (cond(cx, c), num(cx, a), num(cx, b));
            match (c, a, b) {
                (Cond::Const(true), a, _) => a,
                (Cond::Const(false), _, b) => b,
                (Cond::Code(c), Num::Const(x), Num::Const(y)) => {
                    Num::Code(int_fn(move |engine, s, w, env| if c(engine, s, w, env) { x } else { y }))
                }
                (Cond::Code(c), a, b) => {
                    let (a, b) = (a.code(), b.code());
                    Num::Code(int_fn(
                        move |engine, s, w, env| {
                            if c(engine, s, w, env) { a(engine, s, w, env) } else { b(engine, s, w, env) }
                        },
                    ))
                }
            }
        }
        Int::Count(Filter::Empty, Sites::Neighbors(var, rel)) => {
            let (var, rel) = (*var, *rel);
            Num::Code(int_fn(move |engine, s, w, env| engine.empty_neighbors(s, w, var, rel, env)))
        }
        Int::Count(filter, sites) => match kind_on_board(e) {
            // A kind's pieces of anyone's on the whole board (chess's dead positions, after
            // every action): the vector count, without the general count's dispatch.
            Some(kind) => {
                Num::Code(int_fn(move |_, s, _, _| i64::from(super::bytes::count_kind(&s.kinds, kind, &s.board, 0))))
            }
            None => {
                let (filter, sites) = (*filter, sites.clone());
                Num::Code(int_fn(move |engine, s, _, env| i64::from(engine.count(s, filter, &sites, env))))
            }
        },
        Int::LargestGroup(rel, filter) => {
            let (rel, filter) = (*rel, *filter);
            // The union-find the engine keeps for the relation from the start (the order of
            // `Game::group_relations`), when every team follows the same one; the slot is
            // checked when read, and anything else is the general path's.
            let groups = cx.game.group_relations();
            let slot = |team| groups.iter().position(|&g| g == cx.game.relation_for(rel, team));
            match slot(0).filter(|&i| (1..cx.game.teams.len()).all(|t| slot(t) == Some(i))) {
                Some(slot) => Num::Leaf(Leaf::LargestGroup { slot, kept: groups[slot], rel, filter }),
                None => Num::Code(int_fn(move |engine, s, w, env| engine.largest_group(s, w, rel, filter, env))),
            }
        }
        Int::Counter(c) => Num::Leaf(Leaf::Counter(*c)),
        Int::Allowance(a) => Num::Leaf(Leaf::Allowance(*a)),
        Int::Completed(regions, false) => {
            let mut known = cx.completions.borrow_mut();
            let parts = match known.iter().find(|(r, _)| r == regions) {
                Some((_, parts)) => parts.clone(),
                None => {
                    let parts = Arc::new(super::completed::Completion::new(cx.game, regions));
                    known.push((regions.clone(), parts.clone()));
                    parts
                }
            };
            completed(parts)
        }
        Int::Completed(regions, true) => {
            let regions = regions.clone();
            Num::Code(int_fn(move |engine, s, _, env| engine.completed(s, &regions, true, env) as i64))
        }
        Int::Hand => Num::Leaf(Leaf::Hand),
        Int::HandOf(kinds) => {
            let kinds = kinds.clone();
            Num::Code(int_fn(move |_, s, _, env| s.held_of(env.mover, &kinds)))
        }
        Int::TurnNumber => Num::Leaf(Leaf::TurnNumber),
        Int::Liberties(..) | Int::Area(_) => interpreted_int(e),
    }
}

/// The kind of `(count (occupied KIND) any)`: anyone's pieces of one kind on the whole board.
fn kind_on_board(e: &Int) -> Option<u8> {
    match e {
        Int::Count(Filter::Piece(Side::Anyone, kind), Sites::Filter(Filter::Any))
        | Int::Count(Filter::Any, Sites::Filter(Filter::Piece(Side::Anyone, kind))) => Some(*kind),
        _ => None,
    }
}

/// `(completed ...)`: the count unrolled for the board's width and the parts through a site,
/// for the shapes of most boards; the general loop for the others.
fn completed(parts: Arc<super::completed::Completion>) -> Num {
    fn fixed<const N: usize, const S: usize>(parts: Arc<super::completed::Completion>) -> Num {
        Num::Code(int_fn(move |_, s, _, env| {
            i64::from(parts.count_fixed::<N, S>(s.arrival, &s.stones[env.subject], env.subject))
        }))
    }
    match parts.shape() {
        (1, 1) => fixed::<1, 1>(parts),
        (1, 2) => fixed::<1, 2>(parts),
        (1, 3) => fixed::<1, 3>(parts),
        (1, 4) => fixed::<1, 4>(parts),
        (2, 1) => fixed::<2, 1>(parts),
        (2, 2) => fixed::<2, 2>(parts),
        (2, 3) => fixed::<2, 3>(parts),
        (2, 4) => fixed::<2, 4>(parts),
        _ => Num::Code(int_fn(move |_, s, _, env| {
            i64::from(parts.count(s.arrival, &s.stones[env.subject], env.subject))
        })),
    }
}

/// `(+ ...)` (from 0) or `(* ...)` (from 1), left to right with the checked operation, as
/// the interpreter does; two operands of which one is constant make one operation (both
/// operations commute, so the order cannot change the value or an overflow).
fn arithmetic<Op: Arithmetic>(cx: Cx<'_>, items: &[Int]) -> Num {
    let items: Vec<Num> = items.iter().map(|i| num(cx, i)).collect();
    let constants: Option<Vec<i64>> =
        items.iter().map(|i| if let Num::Const(v) = i { Some(*v) } else { None }).collect();
    // An overflow is left to happen in play, where it is reported.
    if let Some(v) = constants.and_then(|c| c.iter().try_fold(Op::IDENTITY, |acc, &v| Op::checked(acc, v))) {
        return Num::Const(v);
    }
    match <[Num; 2]>::try_from(items) {
        Ok([f @ (Num::Code(_) | Num::Leaf(_)), Num::Const(k)])
        | Ok([Num::Const(k), f @ (Num::Code(_) | Num::Leaf(_))]) => {
            with_num!(f, |f| Num::Code(int_fn(move |engine, s, w, env| {
                let v = f(engine, s, w, env);
                Op::apply(w, v, k)
            })))
        }
        // Two of code: the first is the fold's first value (the identity changes nothing).
        Ok([a @ (Num::Code(_) | Num::Leaf(_)), b @ (Num::Code(_) | Num::Leaf(_))]) => {
            let (a, b) = (a.code(), b.code());
            Num::Code(int_fn(move |engine, s, w, env| {
                let x = a(engine, s, w, env);
                let y = b(engine, s, w, env);
                Op::apply(w, x, y)
            }))
        }
        Ok(pair) => fold_all::<Op>(pair.into()),
        Err(items) => fold_all::<Op>(items),
    }
}

/// An arithmetic operation: checked, and saturated where it overflows. A type rather than a
/// function pointer, so that each closure is compiled with its operation inlined.
trait Arithmetic: 'static {
    const IDENTITY: i64;
    fn checked(a: i64, b: i64) -> Option<i64>;
    fn saturating(a: i64, b: i64) -> i64;

    /// The operation, its overflow noted in `w`.
    #[inline(always)]
    fn apply(w: &mut Work, a: i64, b: i64) -> i64 {
        w.checked(Self::checked(a, b), Self::saturating(a, b))
    }
}

struct Add;
struct Mul;

impl Arithmetic for Add {
    const IDENTITY: i64 = 0;
    fn checked(a: i64, b: i64) -> Option<i64> {
        a.checked_add(b)
    }
    fn saturating(a: i64, b: i64) -> i64 {
        a.saturating_add(b)
    }
}

impl Arithmetic for Mul {
    const IDENTITY: i64 = 1;
    fn checked(a: i64, b: i64) -> Option<i64> {
        a.checked_mul(b)
    }
    fn saturating(a: i64, b: i64) -> i64 {
        a.saturating_mul(b)
    }
}

fn fold_all<Op: Arithmetic>(items: Vec<Num>) -> Num {
    let items: Vec<Arc<IntFn>> = items.into_iter().map(Num::code).collect();
    Num::Code(int_fn(move |engine, s, w, env| {
        let mut acc = Op::IDENTITY;
        for f in &items {
            let v = f(engine, s, w, env);
            acc = Op::apply(w, acc, v);
        }
        acc
    }))
}

/// `(min ...)` or `(max ...)`; 0 for no operand, as the interpreter says.
fn extreme<Pick: Extreme>(cx: Cx<'_>, items: &[Int]) -> Num {
    let items: Vec<Num> = items.iter().map(|i| num(cx, i)).collect();
    match <[Num; 2]>::try_from(items) {
        Ok([Num::Const(k), f @ (Num::Code(_) | Num::Leaf(_))])
        | Ok([f @ (Num::Code(_) | Num::Leaf(_)), Num::Const(k)]) => {
            with_num!(f, |f| Num::Code(int_fn(move |engine, s, w, env| Pick::pick(f(engine, s, w, env), k))))
        }
        Ok(pair) => list_extreme::<Pick>(pair.into()),
        Err(items) => list_extreme::<Pick>(items),
    }
}

fn list_extreme<Pick: Extreme>(items: Vec<Num>) -> Num {
    if items.is_empty() {
        return Num::Const(0);
    }
    let items: Vec<Arc<IntFn>> = items.into_iter().map(Num::code).collect();
    Num::Code(int_fn(move |engine, s, w, env| {
        let first = items[0](engine, s, w, env);
        items[1..].iter().fold(first, |acc, f| Pick::pick(acc, f(engine, s, w, env)))
    }))
}

/// The least or the most of two numbers: a type, as [`Arithmetic`] is, so that each closure
/// is compiled with its comparison inlined.
trait Extreme: 'static {
    fn pick(a: i64, b: i64) -> i64;
}

struct Least;
struct Most;

impl Extreme for Least {
    fn pick(a: i64, b: i64) -> i64 {
        a.min(b)
    }
}

impl Extreme for Most {
    fn pick(a: i64, b: i64) -> i64 {
        a.max(b)
    }
}

fn cond(cx: Cx<'_>, e: &Bool) -> Cond {
    match e {
        Bool::Const(b) => Cond::Const(*b),
        Bool::And(items) => junction(cx, items, true),
        Bool::Or(items) => junction(cx, items, false),
        // The negation of a one-comparison leaf is one closure, with the leaf's own test.
        Bool::Not(b) if **b == Bool::FirstTurn => match cx.ask_first_turn() {
            None => Cond::Code(bool_fn(|_, s, _, _| !s.is_first_turn())),
            Some(first) => Cond::Const(!first),
        },
        Bool::Not(b) if **b == Bool::BoardFull => Cond::Code(bool_fn(|_, s, _, _| !board_full(s))),
        Bool::Not(b) => match cond(cx, b) {
            Cond::Const(b) => Cond::Const(!b),
            Cond::Code(f) => Cond::Code(bool_fn(move |engine, s, w, env| !f(engine, s, w, env))),
        },
        Bool::Cmp(op, a, b) => match (op, kind_on_board(a), b) {
            // Whether a kind is on the board at all (a count of anyone's pieces against 0): the
            // vector test stops at the first sixteen sites that hold one.
            (CmpOp::Eq | CmpOp::Ne | CmpOp::Gt, Some(kind), Int::Const(0)) => {
                let absent = *op == CmpOp::Eq;
                Cond::Code(bool_fn(move |_, s, _, _| super::bytes::any_kind(&s.kinds, kind, &s.board) != absent))
            }
            _ => compare(*op, num(cx, a), num(cx, b)),
        },
        Bool::Is(filter, var) => {
            let (filter, var) = (*filter, *var);
            Cond::Code(bool_fn(move |_, s, _, env| {
                env.var(var).is_some_and(|v| matches(s.board[v as usize], s.kinds[v as usize], filter, env.subject))
            }))
        }
        Bool::FirstTurn => match cx.ask_first_turn() {
            None => Cond::Code(bool_fn(|_, s, _, _| s.is_first_turn())),
            Some(first) => Cond::Const(first),
        },
        Bool::Grew(slot) => {
            let slot = *slot;
            with_num!(num(cx, &cx.game.snapshots[slot]), |now| Cond::Code(bool_fn(move |engine, s, w, env| {
                now(engine, s, w, env) > s.snapshots[slot]
            })))
        }
        Bool::Was(slot) => {
            let slot = *slot;
            Cond::Code(bool_fn(move |_, s, _, _| s.snapshots[slot] != 0))
        }
        Bool::NoReply => Cond::Code(bool_fn(|engine, s, w, env| engine.no_reply(s, w, env.mover))),
        Bool::HandEmpty => Cond::Code(bool_fn(|_, s, _, env| s.hands[env.mover] == 0)),
        Bool::BoardFull => Cond::Code(bool_fn(|_, s, _, _| board_full(s))),
        Bool::NoMoves => Cond::Code(bool_fn(|_, _, _, env| env.no_moves)),
        Bool::AllPassed => {
            let players = cx.game.players.len();
            Cond::Code(bool_fn(move |_, s, _, _| s.pass_streak as usize >= players))
        }
        Bool::Repeated => Cond::Code(bool_fn(|_, s, _, _| s.recreated())),
        // The engine's own algorithm, called without the interpreter's dispatch.
        Bool::Connects { site, rel, regions, least: None } => {
            let (site, rel, regions) = (*site, *rel, regions.clone());
            Cond::Code(bool_fn(move |engine, s, w, env| engine.connects(s, w, site, rel, &regions, env)))
        }
        Bool::Connects { site, rel, regions, least: Some(least) } => {
            let (site, rel, region, least) = (*site, *rel, regions[0].clone(), *least);
            Cond::Code(bool_fn(move |engine, s, w, env| engine.connects_counted(s, w, site, rel, &region, least, env)))
        }
        Bool::Encloses { site, rel } => {
            let (site, rel) = (*site, *rel);
            Cond::Code(bool_fn(move |engine, s, w, env| engine.encloses(s, w, site, rel, env)))
        }
        Bool::Reachable { pieces, region, rel, avoid } => {
            let (pieces, region, rel, avoid) = (*pieces, region.clone(), *rel, *avoid);
            Cond::Code(bool_fn(move |engine, s, w, env| {
                engine.reachable(s, w, super::reach::Ask { pieces, region: &region, rel, avoid }, env)
            }))
        }
        // A site of a region, and what stands a few steps from a site: the tests of where a
        // piece may go, asked for every candidate.
        Bool::In(var, Sites::Region(r)) => {
            let (var, r) = (*var, r.clone());
            Cond::Code(bool_fn(move |engine, _, _, env| {
                env.var(var).is_some_and(|v| engine.region_bits[r.by_team[env.subject] as usize].contains(v))
            }))
        }
        Bool::IsAt(filter, Sites::Step(var, path)) => {
            let (filter, var, path) = (*filter, *var, path.clone());
            Cond::Code(bool_fn(move |engine, s, _, env| {
                engine
                    .step(env.var(var), &path, env.subject)
                    .is_some_and(|t| matches(s.board[t as usize], s.kinds[t as usize], filter, env.subject))
            }))
        }
        Bool::NobodyCanMove
        | Bool::Line(_)
        | Bool::In(..)
        | Bool::Unmoved(_)
        | Bool::Attacked(_)
        | Bool::Filled(..)
        | Bool::Every(..)
        | Bool::IsAt(..)
        | Bool::InAt(..) => interpreted_bool(e),
    }
}

#[inline(always)]
fn board_full(s: &State) -> bool {
    s.empty_count == 0
}

/// `(and ...)` (`all`) or `(or ...)`: in order, stopping at the first that decides. A constant
/// that cannot decide is dropped; one that decides ends the list (what follows it is never
/// evaluated, by the interpreter either).
fn junction(cx: Cx<'_>, items: &[Bool], all: bool) -> Cond {
    let mut codes: Vec<Arc<BoolFn>> = Vec::new();
    for item in items {
        match cond(cx, item) {
            Cond::Const(b) if b == all => {}
            Cond::Const(_) if codes.is_empty() => return Cond::Const(!all),
            Cond::Const(b) => {
                codes.push(Cond::Const(b).code());
                break;
            }
            Cond::Code(f) => codes.push(f),
        }
    }
    match <[Arc<BoolFn>; 2]>::try_from(codes) {
        Ok([a, b]) if all => Cond::Code(bool_fn(move |e, s, w, env| a(e, s, w, env) && b(e, s, w, env))),
        Ok([a, b]) => Cond::Code(bool_fn(move |e, s, w, env| a(e, s, w, env) || b(e, s, w, env))),
        Err(codes) if codes.is_empty() => Cond::Const(all),
        Err(mut codes) if codes.len() == 1 => Cond::Code(codes.pop().expect("one")),
        Err(codes) if all => Cond::Code(bool_fn(move |e, s, w, env| codes.iter().all(|f| f(e, s, w, env)))),
        Err(codes) => Cond::Code(bool_fn(move |e, s, w, env| codes.iter().any(|f| f(e, s, w, env)))),
    }
}

/// A comparison; with a constant operand, one comparison whose operator was chosen here.
fn compare(op: CmpOp, a: Num, b: Num) -> Cond {
    match (a, b) {
        (Num::Const(x), Num::Const(y)) => Cond::Const(op.apply(x, y)),
        (f, Num::Const(k)) => with_num!(f, |f| compare_with(op, f, k)),
        (Num::Const(k), f) => with_num!(f, |f| compare_with(op.flipped(), f, k)),
        (a, b) => {
            let (a, b) = (a.code(), b.code());
            Cond::Code(bool_fn(move |e, s, w, env| op.apply(a(e, s, w, env), b(e, s, w, env))))
        }
    }
}

fn compare_with(
    op: CmpOp,
    f: impl Fn(&Engine, &State, &mut Work, &Env) -> i64 + Send + Sync + 'static,
    k: i64,
) -> Cond {
    Cond::Code(match op {
        CmpOp::Lt => bool_fn(move |e, s, w, env| f(e, s, w, env) < k),
        CmpOp::Le => bool_fn(move |e, s, w, env| f(e, s, w, env) <= k),
        CmpOp::Gt => bool_fn(move |e, s, w, env| f(e, s, w, env) > k),
        CmpOp::Ge => bool_fn(move |e, s, w, env| f(e, s, w, env) >= k),
        CmpOp::Eq => bool_fn(move |e, s, w, env| f(e, s, w, env) == k),
        CmpOp::Ne => bool_fn(move |e, s, w, env| f(e, s, w, env) != k),
    })
}

fn effect_list(cx: Cx<'_>, list: &[Effect]) -> Effects {
    let mut codes: Vec<Arc<EffectFn>> = list.iter().filter_map(|e| effect(cx, e).0).collect();
    // A list runs while the game goes on ([`Effects::run`]): only the effects after the first
    // ask whether one before them ended it.
    Effects(match codes.len() {
        0 => None,
        1 => codes.pop(),
        // Two, the most common list of more than one, without the loop.
        2 => {
            let (second, first) = (codes.pop().expect("two"), codes.pop().expect("two"));
            Some(effect_fn(move |engine, s, w, env| {
                first(engine, s, w, env);
                if s.outcome.is_none() {
                    second(engine, s, w, env);
                }
            }))
        }
        _ => Some(effect_fn(move |engine, s, w, env| {
            let (first, rest) = codes.split_first().expect("two or more");
            first(engine, s, w, env);
            for f in rest {
                if s.outcome.is_some() {
                    return;
                }
                f(engine, s, w, env);
            }
        })),
    })
}

/// One effect; an `if` that the turn decides is its branch, and nothing when that is empty.
fn effect(cx: Cx<'_>, e: &Effect) -> Effects {
    if let Effect::If { condition, then, otherwise } = e {
        let (condition, then, otherwise) = (cond(cx, condition), effect_list(cx, then), effect_list(cx, otherwise));
        return match condition {
            Cond::Const(true) => then,
            Cond::Const(false) => otherwise,
            Cond::Code(c) => branch(move |engine, s, w, env| c(engine, s, w, env), then, otherwise),
        };
    }
    Effects(Some(action_effect(cx, e)))
}

/// The effects of `then` where `test` holds and of `otherwise` where it does not; the test is
/// always made (it may note an overflow), and an empty branch is no call.
fn branch(
    test: impl Fn(&Engine, &State, &mut Work, &Env) -> bool + Send + Sync + 'static,
    then: Effects,
    otherwise: Effects,
) -> Effects {
    Effects(Some(if otherwise.is_empty() {
        effect_fn(move |engine, s, w, env| {
            if test(engine, s, w, env) {
                then.run(engine, s, w, env);
            }
        })
    } else {
        effect_fn(move |engine, s, w, env| {
            let branch = if test(engine, s, w, env) { &then } else { &otherwise };
            branch.run(engine, s, w, env);
        })
    }))
}

/// An effect that does something (every effect but `if`).
fn action_effect(cx: Cx<'_>, e: &Effect) -> Arc<EffectFn> {
    match e {
        Effect::Collect { from, into } => {
            let (from, into) = (from.clone(), into.clone());
            effect_fn(move |engine, s, w, env| engine.collect(s, w, &from, &into, env))
        }
        Effect::Allow { allowance, value, next } => {
            let a = *allowance;
            let next = *next;
            match num(cx, value) {
                Num::Const(v) if next => effect_fn(move |_, s, _, _| s.allow_next[a] = v),
                Num::Const(v) => effect_fn(move |_, s, _, _| s.allow_now[a] = v),
                // Which of the two it sets is chosen here, not at every run.
                value => with_num!(value, |value| if next {
                    effect_fn(move |engine, s, w, env| s.allow_next[a] = value(engine, s, w, env))
                } else {
                    effect_fn(move |engine, s, w, env| s.allow_now[a] = value(engine, s, w, env))
                }),
            }
        }
        Effect::Add { counter, who: Who::Mover, value } => {
            let (counter, value) = (*counter, num(cx, value).code());
            effect_fn(move |engine, s, w, env| {
                let v = value(engine, s, w, env);
                let c = &mut s.counters[counter * s.stones.len() + env.subject];
                *c = w.checked(c.checked_add(v), c.saturating_add(v));
            })
        }
        Effect::Remove { sites, conditions, credit } => {
            let (sites, credit) = (sites.clone(), *credit);
            let conditions = junction(cx, conditions, true).code();
            effect_fn(move |engine, s, w, env| engine.remove(s, w, &sites, credit, env, &*conditions))
        }
        // Never an `if`, which `effect` compiles; listed so that the match stays exhaustive.
        Effect::Add { .. }
        | Effect::If { .. }
        | Effect::Win(_)
        | Effect::Draw
        | Effect::Again
        | Effect::Flip(_)
        | Effect::Rotate { .. }
        | Effect::Put { .. }
        | Effect::Shift { .. }
        | Effect::Promote { .. }
        | Effect::RemoveGroups { .. } => {
            let e = e.clone();
            effect_fn(move |engine, s, w, env| engine.effect(s, w, &e, env))
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::check::{Selection, check_str, load};
    use crate::game::{Bool, Int};

    fn engine(text: &str) -> Engine {
        let (_, checked) = check_str("t.game", text, &Selection::default());
        Engine::new(checked.expect("selection").game.expect("the game checks"))
    }

    /// A compiled number, evaluated at the start of a tiny game, and whether it overflowed:
    /// the same as the interpreter's.
    fn value(e: &Int) -> (i64, bool) {
        let engine = engine(
            r#"(game "T" (players "X" "O") (board (square 3)) (play (turn (place (to empty)))) (end (when (board-full) draw)))"#,
        );
        let mut s = engine.initial();
        let code = int(&engine.game, e);
        let mut t = s.clone();
        let compiled = engine.with_work(&mut s, |s, w| (code.eval(&engine, s, w, &engine.mover_env(s)), w.overflow));
        let interpreted = engine.with_work(&mut t, |t, w| (engine.int(t, w, e, &engine.mover_env(t)), w.overflow));
        assert_eq!(compiled, interpreted, "{e:?}");
        compiled
    }

    #[test]
    fn numbers_keep_the_interpreters_meaning() {
        use Int::*;
        let turn = || TurnNumber;
        // Empty lists: 0 for a sum, min and max, 1 for a product.
        assert_eq!(value(&Add(vec![])), (0, false));
        assert_eq!(value(&Mul(vec![])), (1, false));
        assert_eq!(value(&Min(vec![])), (0, false));
        // One constant operand: one operation; the first turn is turn 1.
        assert_eq!(value(&Add(vec![Const(2), turn()])), (3, false));
        assert_eq!(value(&Mul(vec![turn(), Const(-4)])), (-4, false));
        assert_eq!(value(&Sub(Box::new(turn()), Box::new(Const(3)))), (-2, false));
        assert_eq!(value(&Min(vec![Const(2), Add(vec![turn(), Const(5)])])), (2, false));
        assert_eq!(value(&Max(vec![turn(), Const(-1), Const(0)])), (1, false));
        // An overflow in play saturates and is noted, with constants or without.
        assert_eq!(value(&Add(vec![Const(i64::MAX), turn()])), (i64::MAX, true));
        assert_eq!(value(&Add(vec![Const(i64::MAX), Const(1)])), (i64::MAX, true));
        assert_eq!(value(&Mul(vec![turn(), Const(i64::MIN), Const(-1)])), (i64::MAX, true));
        // Left to right: MAX + 1 overflows before - 1 could bring it back.
        assert_eq!(value(&Add(vec![Const(i64::MAX), turn(), Const(-1)])), (i64::MAX - 1, true));
        // Branches: a constant condition chooses at compile time, `first-turn` at run time.
        assert_eq!(value(&If(Box::new(Bool::FirstTurn), Box::new(Const(1)), Box::new(Const(2)))), (1, false));
        assert_eq!(value(&If(Box::new(Bool::Const(false)), Box::new(Const(1)), Box::new(turn()))), (1, false));
        let and = Bool::And(vec![Bool::Const(true), Bool::Not(Box::new(Bool::FirstTurn))]);
        assert_eq!(value(&If(Box::new(and), Box::new(Const(7)), Box::new(Const(8)))), (8, false));
        let or = Bool::Or(vec![Bool::Cmp(CmpOp::Lt, Const(3), turn()), Bool::Const(false), Bool::FirstTurn]);
        assert_eq!(value(&If(Box::new(or), Box::new(Const(7)), Box::new(Const(8)))), (7, false));
        // `(and ... false ...)` still evaluates what comes before the `false`.
        let noted =
            Bool::And(vec![Bool::Cmp(CmpOp::Gt, Add(vec![Const(i64::MAX), turn()]), Const(0)), Bool::Const(false)]);
        assert_eq!(value(&If(Box::new(noted), Box::new(Const(7)), Box::new(Const(8)))), (8, true));
    }

    /// Every compiled number and condition of the bundled games gives the interpreter's value
    /// at every decision of random games, and compiled effects leave the position the
    /// interpreter's effects leave.
    #[test]
    fn the_bundled_games_compile_to_the_interpreters_values() {
        let mut compared = 0;
        for path in crate::engine::bundled::files(false) {
            let (_, game) = load(&path, &Selection::default()).expect("a bundled game loads");
            let engine = Engine::new(game);
            let g = &engine.game;
            let ints: Vec<(&Int, IntCode)> = g
                .snapshots
                .iter()
                .chain(g.phases.iter().flat_map(|p| p.stages.iter().flat_map(|s| [&s.min, &s.max])))
                .map(|e| (e, int(g, e)))
                .collect();
            // Every stage's bounds as the engine reads them, against the interpreter's values.
            let stages: Vec<(&Int, &Int, &crate::engine::lower::StageProgram)> = g
                .phases
                .iter()
                .zip(&engine.program.phases)
                .flat_map(|(p, programs)| p.stages.iter().zip(programs).map(|(s, program)| (&s.min, &s.max, program)))
                .collect();
            let conditions = g.end.iter().filter_map(|r| match r {
                crate::game::EndRule::When { condition, .. } => Some(condition),
                _ => None,
            });
            let bools: Vec<(&Bool, BoolCode)> =
                conditions.chain(g.phases.iter().filter_map(|p| p.until.as_ref())).map(|e| (e, bool(g, e))).collect();
            let lists: Vec<(&[Effect], Effects)> = g
                .phases
                .iter()
                .flat_map(|p| {
                    std::iter::once(&p.after_turn[..])
                        .chain(p.stages.iter().flat_map(|s| s.moves.iter().map(|m| &m.then[..])))
                })
                .map(|l| (l, effects(g, l)))
                .collect();
            let after_turns: Vec<(&[Effect], ByTurn<Effects>)> =
                g.phases.iter().map(|p| (&p.after_turn[..], after_turn(g, &p.after_turn))).collect();
            let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(7);
            for _ in 0..2 {
                let mut s = engine.initial();
                let mut actions = 0;
                while s.outcome.is_none() && actions < 300 {
                    let last = s.last_arrival.unwrap_or(0);
                    let env = Env { to: last, from: last, site: last, ..engine.mover_env(&s) };
                    engine.with_work(&mut s, |s, w| {
                        for (e, code) in &ints {
                            assert_eq!(code.eval(&engine, s, w, &env), engine.int(s, w, e, &env), "{path:?}: {e:?}");
                        }
                        for &(min, max, program) in &stages {
                            let max_value = bound_value(engine.int(s, w, max, &env));
                            let min_value = bound_value(engine.int(s, w, min, &env));
                            let engine_bounds = engine.bounds_of(s, w, program);
                            assert_eq!(engine_bounds, (min_value, max_value), "{path:?}: {min:?} {max:?}");
                        }
                        for (e, code) in &bools {
                            assert_eq!(code.eval(&engine, s, w, &env), engine.bool(s, w, e, &env), "{path:?}: {e:?}");
                        }
                    });
                    let of_turn = after_turns.iter().map(|(list, code)| (*list, code.of_turn(s.is_first_turn())));
                    for (list, code) in lists.iter().map(|(list, code)| (*list, code)).chain(of_turn) {
                        let (mut a, mut b) = (s.clone(), s.clone());
                        engine.with_work(&mut a, |a, w| code.run(&engine, a, w, &env));
                        engine.with_work(&mut b, |b, w| engine.effects(b, w, list, &env));
                        let seen = |t: &State| {
                            (
                                t.board.clone(),
                                t.counters.clone(),
                                t.allow_now.clone(),
                                t.allow_next.clone(),
                                t.outcome.clone(),
                            )
                        };
                        assert_eq!(seen(&a), seen(&b), "{path:?}: {list:?}");
                    }
                    compared += 1;
                    let i = rng.random_range(0..engine.legal_count(&s));
                    let action = engine.legal_nth(&s, i);
                    engine.apply_unchecked(&mut s, action);
                    actions += 1;
                }
            }
        }
        assert!(compared > 1000, "{compared} positions compared");
    }
}
