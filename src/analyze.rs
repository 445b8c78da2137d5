//! Game-design metrics over many games (`tabula analyze`): length, branching factor, balance,
//! how games end and how often each rule comes into play.
//!
//! Everything is measured from outside the engine, by comparing the state before and after each
//! action, so analysing costs the playouts nothing.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::agent::{Agent, RandomAgent, RandomSeats};
use crate::engine::playout::play_out_noted;
use crate::engine::stats::Summary;
use crate::engine::{Action, ActionKind, EndReason, Engine, State};
use crate::game::{Criterion, EndRule, Outcome as OutcomeRule};

/// What happened over a run of games.
#[derive(Debug, Clone, Default)]
pub struct Analysis {
    pub games: u64,
    pub turns: Summary,
    pub actions: Summary,
    /// Legal actions at each decision.
    pub branching: Summary,
    /// Games won by each team.
    pub team_wins: Vec<u64>,
    pub draws: u64,
    /// Games ended by each end rule (index into `game.end`), and by a player who could not
    /// move with no rule for it.
    pub ended_by: BTreeMap<usize, u64>,
    pub ended_blocked: u64,
    pub ended_by_effect: u64,
    /// Games stopped unfinished after the cap on actions.
    pub unfinished: u64,
    /// Compared results decided by each criterion (index in the `compare`).
    pub decided_by: BTreeMap<usize, u64>,
    /// Actions of each kind.
    pub action_kinds: BTreeMap<&'static str, u64>,
    /// Stones removed by effects: of the mover's team, of other teams.
    pub removed_own: u64,
    pub removed_enemy: u64,
    /// Stones that changed owner on the board (`flip`), which are not removals.
    pub turned: u64,
    /// Total added to each counter (over all teams).
    pub counter_gains: Vec<i64>,
    /// Turns in which each allowance was above zero.
    pub allowance_turns: Vec<u64>,
    /// How many games lasted each number of turns (a count per length, not a list per game,
    /// so that memory does not grow with the number of games).
    pub lengths: BTreeMap<u32, u64>,
}

/// What [`Analysis::play`] compares from one action to the next, read once per position: the
/// facts after an action are those before the next. Buffers reused from game to game.
#[derive(Debug, Clone)]
struct Facts {
    /// Whether effects may turn stones (`flip`): then each team's stones are read.
    flips: bool,
    stone_counts: Vec<u64>,
    /// Per counter, its total over the teams.
    counters: Vec<i64>,
    allowances: Vec<i64>,
    /// Each team's stones as words of a set, team after team, where effects may turn stones;
    /// empty otherwise.
    stones: Vec<u64>,
}

impl Facts {
    fn new(engine: &Engine) -> Facts {
        let flips = engine.game().has_flip_effect();
        Facts { flips, stone_counts: Vec::new(), counters: Vec::new(), allowances: Vec::new(), stones: Vec::new() }
    }

    /// Reads the facts of `state` over those of the last position read (of the same game).
    fn read(&mut self, engine: &Engine, state: &State) {
        let game = engine.game();
        let teams = game.teams.len();
        self.stone_counts.resize(teams, 0);
        for (t, n) in self.stone_counts.iter_mut().enumerate() {
            *n = u64::from(state.stone_count(t));
        }
        self.counters.resize(game.counters.len(), 0);
        for (c, total) in self.counters.iter_mut().enumerate() {
            *total = (0..teams).map(|t| state.counter(c, t)).sum();
        }
        self.allowances.resize(game.allowances.len(), 0);
        for (a, value) in self.allowances.iter_mut().enumerate() {
            *value = state.allowance(a);
        }
        if self.flips {
            self.stones.clear();
            (0..teams).for_each(|t| self.stones.extend_from_slice(state.stones_of(t).words()));
        }
    }
}

/// What one game's actions are judged by as they are made: the facts before and after each,
/// the allowances seen in the turn at hand, the actions by kind. Made once for a run of games.
struct Tally {
    /// The facts of the last two positions: `facts[now]` the latest, the other the one before.
    facts: [Facts; 2],
    now: usize,
    allowance_seen: Vec<bool>,
    turn: u32,
    turned_from: Vec<u64>,
    turned_to: Vec<u64>,
    kinds: [u64; ActionKind::ALL.len()],
}

impl Tally {
    fn new(engine: &Engine) -> Tally {
        let game = engine.game();
        let teams = game.teams.len();
        // The facts an action is judged by, before and after it: not a copy of the state, whose
        // tables (a long game's positions, the scratch space) cost more than the action.
        Tally {
            facts: [Facts::new(engine), Facts::new(engine)],
            now: 0,
            allowance_seen: vec![false; game.allowances.len()],
            turn: 0,
            turned_from: vec![0; teams],
            turned_to: vec![0; teams],
            kinds: [0; ActionKind::ALL.len()],
        }
    }

    /// Ready for a game from `state`.
    fn begin(&mut self, engine: &Engine, state: &State) {
        self.facts[self.now].read(engine, state);
        self.allowance_seen.fill(false);
        self.turn = state.turns_completed();
        self.kinds = [0; ActionKind::ALL.len()];
    }

    /// Adds up `action` of `player`, made: `state` is the position it left.
    fn made(&mut self, a: &mut Analysis, engine: &Engine, state: &State, player: usize, action: Action) {
        let game = engine.game();
        // The position before is the latest read; the one after replaces the one before it.
        self.now = 1 - self.now;
        let [a0, a1] = &mut self.facts;
        let (before, after) = if self.now == 1 { (&*a0, a1) } else { (&*a1, a0) };
        after.read(engine, state);
        self.kinds[action.kind as usize] += 1;
        // Stones that left the board other than by moving: removed by an effect. A stone
        // that changed owner where it stands left one team's count for another's.
        let mover_team = game.players[player].team;
        let placed = u64::from(action.kind == ActionKind::Place);
        let teams = game.teams.len();
        let words = before.stones.len() / teams.max(1);
        if words > 0 {
            self.turned_from.fill(0);
            self.turned_to.fill(0);
        }
        for from in (0..teams).filter(|_| words > 0) {
            let was = &before.stones[from * words..(from + 1) * words];
            for to in (0..teams).filter(|&to| to != from) {
                let is = &after.stones[to * words..(to + 1) * words];
                let n: u64 = was.iter().zip(is).map(|(w, i)| u64::from((w & i).count_ones())).sum();
                self.turned_from[from] += n;
                self.turned_to[to] += n;
                a.turned += n;
            }
        }
        for t in 0..teams {
            let (b, n) = (before.stone_counts[t] + self.turned_to[t], after.stone_counts[t] + self.turned_from[t]);
            let expected = b + if t == mover_team { placed } else { 0 };
            let gone = expected.saturating_sub(n);
            if t == mover_team {
                a.removed_own += gone;
            } else {
                a.removed_enemy += gone;
            }
        }
        for ((gain, n), b) in a.counter_gains.iter_mut().zip(&after.counters).zip(&before.counters) {
            *gain += n - b;
        }
        // Allowances in force during the turn just played (granted before it or during it).
        for (i, seen) in self.allowance_seen.iter_mut().enumerate() {
            *seen |= before.allowances[i] > 0 || after.allowances[i] > 0;
        }
        if state.turns_completed() != self.turn || engine.outcome(state).is_some() {
            self.turn = state.turns_completed();
            for (i, seen) in self.allowance_seen.iter_mut().enumerate() {
                a.allowance_turns[i] += u64::from(*seen);
                *seen = false;
            }
        }
    }

    /// Adds up the game, ended or stopped in `state`.
    fn finish(&self, a: &mut Analysis, engine: &Engine, state: &State) {
        for (kind, &n) in ActionKind::ALL.iter().zip(&self.kinds).filter(|(_, n)| **n > 0) {
            *a.action_kinds.entry(kind.name()).or_default() += n;
        }
        a.games += 1;
        *a.lengths.entry(state.turns()).or_default() += 1;
        a.turns.add(u64::from(state.turns()));
        a.actions.add(u64::from(state.actions()));
        let Some(outcome) = engine.outcome(state) else {
            a.unfinished += 1;
            return;
        };
        match outcome.winner {
            Some(t) => a.team_wins[t] += 1,
            None => a.draws += 1,
        }
        match outcome.reason {
            EndReason::Rule(i) => *a.ended_by.entry(i).or_default() += 1,
            EndReason::Blocked => a.ended_blocked += 1,
            EndReason::Effect => a.ended_by_effect += 1,
        }
        if let Some(c) = outcome.decided_by {
            *a.decided_by.entry(c).or_default() += 1;
        }
    }
}

impl Analysis {
    pub fn new(engine: &Engine) -> Analysis {
        let game = engine.game();
        Analysis {
            team_wins: vec![0; game.teams.len()],
            counter_gains: vec![0; game.counters.len()],
            allowance_turns: vec![0; game.allowances.len()],
            ..Analysis::default()
        }
    }

    /// Plays one game with the given agents (one per player) and adds it up; a game still
    /// going after `cap` actions is stopped and counted as unfinished.
    pub fn play(&mut self, engine: &Engine, agents: &mut [Box<dyn Agent>], cap: u32) {
        self.play_from(engine, agents, cap, &mut engine.initial());
    }

    /// [`Analysis::play`] from `state`, an initial position: a run of games copies one start
    /// into one state, as playouts do, where making a fresh state each game would cost more
    /// than a short game.
    pub fn play_from(&mut self, engine: &Engine, agents: &mut [Box<dyn Agent>], cap: u32, state: &mut State) {
        let mut tally = Tally::new(engine);
        tally.begin(engine, state);
        while let Some(player) = engine.to_move(state) {
            if state.actions() >= cap {
                break;
            }
            self.branching.add(engine.legal_count(state) as u64);
            let action = agents[player].choose(engine, state);
            for a in agents.iter_mut() {
                a.observe(engine, state, action);
            }
            engine.apply_unchecked(state, action);
            tally.made(self, engine, state, player, action);
        }
        tally.finish(self, engine, state);
    }

    /// [`Analysis::play_from`] with a random agent in every seat: the same games, played as
    /// random playouts are, through the engine's runs of plain stages and kept steps, where
    /// choosing one action at a time through the agents rewrote the legal set after each.
    /// Each action is judged when the next is drawn (its position is the one that action
    /// left) and the last at the end.
    pub fn play_random(&mut self, engine: &Engine, seats: &mut RandomSeats, cap: u32, state: &mut State) {
        self.play_random_with(engine, seats, cap, state, &mut Tally::new(engine));
    }

    /// [`Analysis::play_random`] with `tally`'s buffers, which serve game after game.
    fn play_random_with(
        &mut self,
        engine: &Engine,
        seats: &mut RandomSeats,
        cap: u32,
        state: &mut State,
        tally: &mut Tally,
    ) {
        tally.begin(engine, state);
        let mut last = None;
        play_out_noted(engine, state, seats, cap, |state, player, action, choices| {
            if let Some((player, action)) = last.take() {
                tally.made(self, engine, state, player, action);
            }
            self.branching.add(choices as u64);
            last = Some((player, action));
        });
        if let Some((player, action)) = last {
            tally.made(self, engine, state, player, action);
        }
        tally.finish(self, engine, state);
    }

    pub fn merge(&mut self, other: &Analysis) {
        self.games += other.games;
        for (k, v) in &other.lengths {
            *self.lengths.entry(*k).or_default() += v;
        }
        self.turns.merge(&other.turns);
        self.actions.merge(&other.actions);
        self.branching.merge(&other.branching);
        for (a, b) in self.team_wins.iter_mut().zip(&other.team_wins) {
            *a += b;
        }
        self.draws += other.draws;
        for (k, v) in &other.ended_by {
            *self.ended_by.entry(*k).or_default() += v;
        }
        self.ended_blocked += other.ended_blocked;
        self.ended_by_effect += other.ended_by_effect;
        self.unfinished += other.unfinished;
        for (k, v) in &other.decided_by {
            *self.decided_by.entry(*k).or_default() += v;
        }
        for (k, v) in &other.action_kinds {
            *self.action_kinds.entry(k).or_default() += v;
        }
        self.removed_own += other.removed_own;
        self.removed_enemy += other.removed_enemy;
        self.turned += other.turned;
        for (a, b) in self.counter_gains.iter_mut().zip(&other.counter_gains) {
            *a += b;
        }
        for (a, b) in self.allowance_turns.iter_mut().zip(&other.allowance_turns) {
            *a += b;
        }
    }
}

/// Plays games `range` of a run seeded with `seed`, every seat the agent `players` (see
/// [`crate::agent::make_agent`]), each stopped after `cap` actions, and adds them up in index
/// order. Each game's agents are seeded from the run's seed and the game's index alone, so any
/// split of `0..n` into ranges (threads, processes, machines) merged in order gives the same
/// analysis as one run.
pub fn play_range(
    engine: &Engine,
    players: &str,
    think_ms: u64,
    seed: u64,
    cap: u32,
    range: std::ops::Range<u64>,
) -> Result<Analysis, String> {
    let seats = engine.game().players.len();
    let mut analysis = Analysis::new(engine);
    let initial = engine.initial();
    let mut state = initial.clone();
    let agent_seed =
        |index: u64, p: usize| seed.wrapping_mul(0x9E37_79B9).wrapping_add(index * seats as u64 + p as u64);
    // Random players play through the playouts' runs, with the same choices.
    let random = players.trim().eq_ignore_ascii_case("random");
    let (mut tally, mut random_seats) = (Tally::new(engine), RandomSeats(Vec::with_capacity(seats)));
    for index in range {
        state.clone_from(&initial);
        if random {
            random_seats.0.clear();
            random_seats.0.extend((0..seats).map(|p| RandomAgent::new(agent_seed(index, p))));
            analysis.play_random_with(engine, &mut random_seats, cap, &mut state, &mut tally);
            continue;
        }
        let mut agents = (0..seats)
            .map(|p| crate::agent::make_agent(players, agent_seed(index, p), think_ms))
            .collect::<Result<Vec<_>, _>>()?;
        analysis.play_from(engine, &mut agents, cap, &mut state);
    }
    Ok(analysis)
}

/// The Wilson score interval at 95 % for `wins` out of `n` (a draw may count half a win).
pub fn wilson(wins: f64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let (n, p, z) = (n as f64, wins / n as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The criteria of the first `compare` outcome of the end rules, by index.
fn criteria(engine: &Engine) -> Vec<&'static str> {
    for rule in &engine.game().end {
        if let OutcomeRule::Compare(list) = rule.outcome() {
            return list
                .iter()
                .map(|c| match c {
                    Criterion::Value(_, crate::game::Prefer::Larger) => "higher",
                    Criterion::Value(..) => "lower",
                    Criterion::Cascade(..) => "cascade",
                    Criterion::Unpaired(..) => "unpaired",
                    Criterion::LastMover => "last-mover",
                })
                .collect();
        }
    }
    Vec::new()
}

/// Rules that never came into play in the run, each in one line.
pub fn never_fired(engine: &Engine, a: &Analysis) -> Vec<String> {
    let game = engine.game();
    let mut out = Vec::new();
    let mut kinds = Vec::new();
    for phase in &game.phases {
        for stage in &phase.stages {
            for m in &stage.moves {
                let k = match m.kind {
                    crate::game::MoveKind::Place => "place",
                    // A leap or a hop is written `FROM-TO` like a slide, and counted with them.
                    crate::game::MoveKind::Slide { .. }
                    | crate::game::MoveKind::Ride { .. }
                    | crate::game::MoveKind::Leap { .. }
                    | crate::game::MoveKind::Hop { .. } => "slide",
                    crate::game::MoveKind::Relocate { .. } => "relocate",
                    crate::game::MoveKind::Take => "take",
                    // A sowing is written by its site, as a placement is.
                    crate::game::MoveKind::Sow { .. } => "place",
                    crate::game::MoveKind::Pass { .. } => "pass",
                };
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
        }
    }
    for k in kinds {
        if a.action_kinds.get(k).copied().unwrap_or(0) == 0 {
            out.push(format!("no `{k}` action was ever made"));
        }
    }
    if game.phases.iter().any(|p| p.blocked == crate::game::Blocked::Pass) && !a.action_kinds.contains_key("pass") {
        out.push("no player was ever blocked (`(blocked pass)` never applied)".into());
    }
    if game.has_remove_effect() && a.removed_own + a.removed_enemy == 0 {
        out.push("`remove` never removed a stone".into());
    }
    for (c, name) in game.counters.iter().enumerate() {
        if a.counter_gains[c] == 0 {
            out.push(format!("counter `{name}` never changed"));
        }
    }
    for (i, name) in game.allowances.iter().enumerate() {
        if a.allowance_turns[i] == 0 {
            out.push(format!("allowance `{name}` was never granted"));
        }
    }
    for (i, text) in game.end_text.iter().enumerate() {
        let disabled =
            matches!(game.end[i], EndRule::Repetition { count: 0, .. } | EndRule::TurnLimit { turns: 0, .. });
        if !disabled && !a.ended_by.contains_key(&i) {
            out.push(format!("end rule {} never ended a game: {}", i + 1, shorten(text)));
        }
    }
    for (i, name) in criteria(engine).iter().enumerate() {
        if !a.decided_by.contains_key(&i) {
            out.push(format!("criterion {} (`{name}`) never decided a game", i + 1));
        }
    }
    out
}

fn shorten(text: &str) -> String {
    if text.chars().count() > 60 {
        format!("{}…", text.chars().take(60).collect::<String>())
    } else {
        text.to_string()
    }
}

pub fn to_json(engine: &Engine, a: &Analysis) -> Value {
    let game = engine.game();
    let first_team = game.players[0].team;
    let (lo, hi) = wilson(a.team_wins[first_team] as f64, a.games);
    let criteria = criteria(engine);
    json!({
        "game": game.name,
        "variant": game.variant,
        "games": a.games,
        "turns": a.turns.json(),
        "actions": a.actions.json(),
        "branching": a.branching.json(),
        "options": crate::describe::options_in_force(game),
        "wins": a.team_wins.iter().enumerate().map(|(t, w)| (game.teams[t].clone(), json!(w))).collect::<serde_json::Map<_, _>>(),
        // The name every `--json` output that reports results uses; `wins` is already per team.
        "team_wins": a.team_wins.iter().enumerate().map(|(t, w)| (game.teams[t].clone(), json!(w))).collect::<serde_json::Map<_, _>>(),
        "draws": a.draws,
        "draw_rate": ratio(a.draws, a.games),
        "first_player_win_rate": ratio(a.team_wins[first_team], a.games),
        "first_player_win_rate_ci95": [lo, hi],
        "ended_by": a.ended_by.iter().map(|(i, n)| json!({"rule": game.end_text[*i], "games": n})).collect::<Vec<_>>(),
        "ended_blocked": a.ended_blocked,
        "ended_by_effect": a.ended_by_effect,
        "unfinished": a.unfinished,
        "decided_by": a.decided_by.iter().map(|(i, n)| json!({"criterion": criteria.get(*i), "games": n})).collect::<Vec<_>>(),
        "actions_by_kind": a.action_kinds,
        "stones_removed": {"own": a.removed_own, "enemy": a.removed_enemy},
        "stones_turned": a.turned,
        "counters": game.counters.iter().zip(&a.counter_gains).map(|(n, g)| (n.clone(), json!(g))).collect::<serde_json::Map<_, _>>(),
        "allowance_turns": game.allowances.iter().zip(&a.allowance_turns).map(|(n, g)| (n.clone(), json!(g))).collect::<serde_json::Map<_, _>>(),
        "never_fired": never_fired(engine, a),
    })
}

fn ratio(n: u64, d: u64) -> f64 {
    if d == 0 { 0.0 } else { ((n as f64 / d as f64) * 10_000.0).round() / 10_000.0 }
}

pub fn to_text(engine: &Engine, a: &Analysis) -> String {
    use std::fmt::Write;
    let game = engine.game();
    let mut out = String::new();
    let pct = |n: u64| 100.0 * n as f64 / a.games.max(1) as f64;
    let s = |x: &Summary| format!("mean {:.1}, sd {:.1}, min {}, max {}", x.mean(), x.sd(), x.min, x.max);
    let _ = writeln!(out, "length        turns: {}", s(&a.turns));
    let _ = writeln!(out, "              actions: {}", s(&a.actions));
    let _ = writeln!(
        out,
        "branching     {:.1} legal actions per decision on average (max {})",
        a.branching.mean(),
        a.branching.max
    );
    let first = game.players[0].team;
    let (lo, hi) = wilson(a.team_wins[first] as f64, a.games);
    let _ = writeln!(
        out,
        "first player  {} wins {:.1}% (95% CI {:.1}–{:.1}%)",
        game.teams[first],
        pct(a.team_wins[first]),
        lo * 100.0,
        hi * 100.0
    );
    let wins: Vec<String> =
        game.teams.iter().zip(&a.team_wins).map(|(t, w)| format!("{t} {w} ({:.1}%)", pct(*w))).collect();
    let _ = writeln!(out, "results       {}, draws {} ({:.1}%)", wins.join(", "), a.draws, pct(a.draws));
    for (i, n) in &a.ended_by {
        let _ = writeln!(out, "ended by      {} ({:.1}%): {}", n, pct(*n), shorten(&game.end_text[*i]));
    }
    if a.ended_by_effect > 0 {
        let _ = writeln!(
            out,
            "ended by      {} ({:.1}%): a `win` or `draw` effect",
            a.ended_by_effect,
            pct(a.ended_by_effect)
        );
    }
    if a.unfinished > 0 {
        let _ =
            writeln!(out, "unfinished    {} ({:.1}%): stopped by the cap on actions", a.unfinished, pct(a.unfinished));
    }
    if a.ended_blocked > 0 {
        let _ =
            writeln!(out, "ended by      {} ({:.1}%): a player could not move", a.ended_blocked, pct(a.ended_blocked));
    }
    let criteria = criteria(engine);
    for (i, n) in &a.decided_by {
        let name = criteria.get(*i).copied().unwrap_or("?");
        let _ = writeln!(out, "decided by    {n} ({:.1}%): criterion {} `{name}`", pct(*n), i + 1);
    }
    let kinds: Vec<String> = a.action_kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let _ = writeln!(out, "actions       {}", kinds.join(", "));
    if a.removed_own + a.removed_enemy > 0 {
        let _ = writeln!(
            out,
            "removed       {} stones ({:.2} a game): {} of the mover's side, {} of the opponents'",
            a.removed_own + a.removed_enemy,
            (a.removed_own + a.removed_enemy) as f64 / a.games.max(1) as f64,
            a.removed_own,
            a.removed_enemy
        );
    }
    if a.turned > 0 {
        let _ = writeln!(
            out,
            "turned        {} stones ({:.2} a game) changed owner",
            a.turned,
            a.turned as f64 / a.games.max(1) as f64
        );
    }
    for (name, gain) in game.counters.iter().zip(&a.counter_gains) {
        let _ = writeln!(out, "counter       {name}: +{gain} ({:.2} a game)", *gain as f64 / a.games.max(1) as f64);
    }
    for (name, turns) in game.allowances.iter().zip(&a.allowance_turns) {
        let _ = writeln!(
            out,
            "allowance     {name}: granted in {turns} turns ({:.2} a game)",
            *turns as f64 / a.games.max(1) as f64
        );
    }
    for w in never_fired(engine, a) {
        let _ = writeln!(out, "warning       {w}");
    }
    out
}

/// A histogram of game lengths in turns, as SVG.
pub fn histogram_svg(title: &str, lengths: &BTreeMap<u32, u64>) -> String {
    use std::fmt::Write;
    let (lo, hi) = (lengths.keys().next().copied().unwrap_or(0), lengths.keys().last().copied().unwrap_or(0));
    let bins = ((hi - lo + 1) as usize).clamp(1, 40);
    let width = f64::from(hi - lo + 1) / bins as f64;
    let mut counts = vec![0u64; bins];
    for (&l, &n) in lengths {
        let b = ((f64::from(l - lo)) / width) as usize;
        counts[b.min(bins - 1)] += n;
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let (w, h, m) = (640.0, 320.0, 40.0);
    let bar = (w - 2.0 * m) / bins as f64;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    let _ = writeln!(svg, r#"<text x="{m}" y="24" font-size="14">{}</text>"#, escape(title));
    for (i, &c) in counts.iter().enumerate() {
        let bh = (h - 2.0 * m - 20.0) * c as f64 / top as f64;
        let x = m + i as f64 * bar;
        let _ = writeln!(
            svg,
            r##"<rect x="{x:.1}" y="{:.1}" width="{:.1}" height="{bh:.1}" fill="#4a7ab5"><title>{} turns: {c} games</title></rect>"##,
            h - m - bh,
            (bar - 1.0).max(0.5),
            lo + (i as f64 * width) as u32
        );
    }
    let _ = writeln!(svg, r#"<text x="{m}" y="{}">{lo} turns</text>"#, h - m + 16.0);
    let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="end">{hi} turns</text>"#, w - m, h - m + 16.0);
    let _ = writeln!(svg, r#"<text x="{}" y="{}" text-anchor="end">{top} games</text>"#, w - m, m + 8.0);
    svg.push_str("</svg>\n");
    svg
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::make_agent;
    use crate::check::{Selection, check_str};

    /// Memory of a run does not grow with its number of games: game lengths are kept as a count
    /// per length, and merging adds counts up.
    #[test]
    fn lengths_are_counted_per_length_not_listed_per_game() {
        // Games of varying length: two friendly neighbours win at once, else the board fills.
        let text = r#"(game "T" (players "X" "O") (board (square 3))
            (play (turn (place (to empty) (then (if (>= (count friend (neighbors to all)) 2) (win mover))))))
            (end (when (board-full) draw)))"#;
        let (_, checked) = check_str("t.game", text, &Selection::default());
        let engine = Engine::new(checked.expect("selection").game.expect("the game checks"));
        let players = engine.game().players.len();
        let mut total = Analysis::new(&engine);
        for part in 0..30u64 {
            let mut analysis = Analysis::new(&engine);
            for index in 0..20 {
                let mut agents: Vec<Box<dyn Agent>> = (0..players)
                    .map(|p| make_agent("random", part * 1000 + index * 10 + p as u64, 0).expect("random agent"))
                    .collect();
                analysis.play(&engine, &mut agents, crate::engine::playout::ACTION_CAP);
            }
            total.merge(&analysis);
        }
        assert_eq!(total.games, 600);
        assert_eq!(total.lengths.values().sum::<u64>(), 600);
        assert_eq!(total.turns.n, 600);
        let (lo, hi) = (*total.lengths.keys().next().unwrap(), *total.lengths.keys().last().unwrap());
        assert_eq!((u64::from(lo), u64::from(hi)), (total.turns.min, total.turns.max));
        assert!(total.lengths.len() <= (hi - lo + 1) as usize);
        let weighted: u64 = total.lengths.iter().map(|(&l, &n)| u64::from(l) * n).sum();
        assert_eq!(weighted, total.turns.sum, "the counts describe the same games as the sums");
    }
}
