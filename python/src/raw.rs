//! An [`Analysis`] as exact integers in JSON, so that pieces computed in other processes (Ray
//! workers) can be merged with no loss: sums, sums of squares (as decimal strings: they may
//! pass 2^64), counts and the histogram of game lengths, never a float.

use std::collections::BTreeMap;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde_json::{Value, json};
use tabula::analyze::Analysis;
use tabula::engine::Engine;
use tabula::engine::stats::Summary;

fn summary(s: &Summary) -> Value {
    json!({"n": s.n, "sum": s.sum, "sum_sq": s.sum_sq.to_string(), "min": s.min, "max": s.max})
}

pub fn summary_stats<'py>(py: Python<'py>, s: &Summary) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("mean", s.mean())?;
    d.set_item("sd", s.sd())?;
    d.set_item("min", s.min)?;
    d.set_item("max", s.max)?;
    Ok(d)
}

fn counts<K: ToString>(m: &BTreeMap<K, u64>) -> Value {
    Value::Object(m.iter().map(|(k, v)| (k.to_string(), json!(v))).collect())
}

pub fn to_raw(a: &Analysis) -> Value {
    json!({
        "games": a.games,
        "turns": summary(&a.turns),
        "actions": summary(&a.actions),
        "branching": summary(&a.branching),
        "team_wins": a.team_wins,
        "draws": a.draws,
        "unfinished": a.unfinished,
        "ended_by": counts(&a.ended_by),
        "ended_blocked": a.ended_blocked,
        "ended_by_effect": a.ended_by_effect,
        "decided_by": counts(&a.decided_by),
        "action_kinds": counts(&a.action_kinds),
        "removed_own": a.removed_own,
        "turned": a.turned,
        "removed_enemy": a.removed_enemy,
        "counter_gains": a.counter_gains,
        "allowance_turns": a.allowance_turns,
        "lengths": counts(&a.lengths),
    })
}

fn u64_at(v: &Value, key: &str) -> Result<u64, String> {
    v.get(key).and_then(Value::as_u64).ok_or_else(|| format!("raw analysis: `{key}` is missing or not a whole number"))
}

fn summary_from(v: &Value, key: &str) -> Result<Summary, String> {
    let s = v.get(key).ok_or_else(|| format!("raw analysis: `{key}` is missing"))?;
    let sum_sq = s
        .get("sum_sq")
        .and_then(Value::as_str)
        .and_then(|t| t.parse::<u128>().ok())
        .ok_or_else(|| format!("raw analysis: `{key}.sum_sq` is missing or not a whole number"))?;
    Ok(Summary { n: u64_at(s, "n")?, sum: u64_at(s, "sum")?, sum_sq, min: u64_at(s, "min")?, max: u64_at(s, "max")? })
}

fn list<T>(v: &Value, key: &str, len: Option<usize>, f: impl Fn(&Value) -> Option<T>) -> Result<Vec<T>, String> {
    let bad = || format!("raw analysis: `{key}` is missing or malformed");
    let items = v.get(key).and_then(Value::as_array).ok_or_else(bad)?;
    if len.is_some_and(|n| n != items.len()) {
        return Err(format!("raw analysis: `{key}` does not match this game"));
    }
    items.iter().map(|x| f(x).ok_or_else(bad)).collect()
}

fn map<K: Ord>(v: &Value, key: &str, k: impl Fn(&str) -> Option<K>) -> Result<BTreeMap<K, u64>, String> {
    let bad = || format!("raw analysis: `{key}` is missing or malformed");
    let obj = v.get(key).and_then(Value::as_object).ok_or_else(bad)?;
    obj.iter().map(|(name, n)| k(name).zip(n.as_u64()).ok_or_else(bad)).collect()
}

fn kind(name: &str) -> Option<&'static str> {
    ["place", "slide", "relocate", "end", "pass"].into_iter().find(|k| *k == name)
}

pub fn from_raw(engine: &Engine, text: &str) -> Result<Analysis, String> {
    let v: Value = serde_json::from_str(text).map_err(|e| format!("raw analysis: {e}"))?;
    let game = engine.game();
    Ok(Analysis {
        games: u64_at(&v, "games")?,
        turns: summary_from(&v, "turns")?,
        actions: summary_from(&v, "actions")?,
        branching: summary_from(&v, "branching")?,
        team_wins: list(&v, "team_wins", Some(game.teams.len()), Value::as_u64)?,
        draws: u64_at(&v, "draws")?,
        unfinished: u64_at(&v, "unfinished")?,
        ended_by: map(&v, "ended_by", |k| k.parse().ok().filter(|&i: &usize| i < game.end.len()))?,
        ended_blocked: u64_at(&v, "ended_blocked")?,
        ended_by_effect: u64_at(&v, "ended_by_effect")?,
        decided_by: map(&v, "decided_by", |k| k.parse().ok())?,
        action_kinds: map(&v, "action_kinds", kind)?,
        removed_own: u64_at(&v, "removed_own")?,
        turned: u64_at(&v, "turned")?,
        removed_enemy: u64_at(&v, "removed_enemy")?,
        counter_gains: list(&v, "counter_gains", Some(game.counters.len()), Value::as_i64)?,
        allowance_turns: list(&v, "allowance_turns", Some(game.allowances.len()), Value::as_u64)?,
        lengths: map(&v, "lengths", |k| k.parse::<u32>().ok())?,
    })
}
