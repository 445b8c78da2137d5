//! Agent specs, the way every front end names a player: `random`, `mcts`, `mcts:1000`,
//! `mcts:sims=1000,c=0.7`, `grave:ms=500`, `alphabeta:depth=6`.
//!
//! A spec is a kind, then after a colon its parameters, separated by commas: `key=value`, or
//! one bare number first, which is the kind's budget (`mcts:1000` is `mcts:sims=1000`,
//! `alphabeta:6` is `alphabeta:depth=6`). A kind without a budget thinks for the command's
//! think time. Because parameters and players are both separated by commas, a list of players
//! is split with [`split_players`], which gives a `key=value` item to the agent before it.

use super::{Agent, AlphaBeta, Budget, Eval, Mcts, MctsConfig, RandomAgent, RootParallel};

/// Most threads one agent searches on.
pub const MAX_AGENT_THREADS: u64 = 256;

/// Longest an agent may think per action, in milliseconds (an hour): a search is meant to
/// answer while someone waits.
pub const MAX_THINK_MS: u64 = 3_600_000;

/// The agents, for messages.
pub const AGENTS: &str = "`random`, `mcts`, `grave` and `alphabeta`, each with its parameters after a colon \
     (`mcts:sims=1000,c=0.5`, `alphabeta:depth=6`; docs/AGENTS.md)";

/// Splits a comma-separated list of agents, keeping each agent's own `key=value` parameters
/// with it: `mcts:sims=500,c=1,random` is `mcts:sims=500,c=1` and `random`.
pub fn split_players(list: &str) -> Vec<String> {
    let mut players: Vec<String> = Vec::new();
    for item in list.split(',') {
        let item = item.trim();
        let continues = item.contains('=') && !item.contains(':');
        match players.last_mut() {
            Some(last) if continues && last.contains(':') => {
                last.push(',');
                last.push_str(item);
            }
            _ => players.push(item.to_string()),
        }
    }
    players
}

/// Builds an agent from its spec (see the module documentation). `think_ms` is the budget of
/// a search given none; `seed` seeds its random choices.
pub fn make_agent(spec: &str, seed: u64, think_ms: u64) -> Result<Box<dyn Agent>, String> {
    let spec = spec.trim();
    let (kind, params) = match spec.split_once(':') {
        Some((k, p)) => (k.trim().to_ascii_lowercase(), Some(p)),
        None => (spec.to_ascii_lowercase(), None),
    };
    let params = Params::parse(spec, params)?;
    match kind.as_str() {
        "random" => {
            params.only(&[])?;
            Ok(Box::new(RandomAgent::new(seed)))
        }
        "mcts" | "grave" => {
            const KEYS: &[&str] =
                &["sims", "ms", "threads", "c", "grave", "ref", "bias", "contempt", "reuse", "lookahead"];
            params.only(KEYS)?;
            let mut config = if kind == "grave" { MctsConfig::grave() } else { MctsConfig::default() };
            if kind == "grave" && params.get("grave").is_some() {
                return Err(format!("`{spec}`: `grave` always uses GRAVE; `mcts:grave=...` chooses"));
            }
            match params.choice("grave", &["auto", "yes", "no"])? {
                None | Some(0) => {}
                Some(1) => config.grave = MctsConfig::grave().grave,
                Some(_) => config.grave = None,
            }
            if let Some(grave) = &mut config.grave {
                if let Some(r) = params.whole("ref", 0, u32::MAX as u64)? {
                    grave.reference = r as u32;
                }
                if let Some(b) = params.number("bias", 0.0, 1.0)? {
                    grave.bias = b;
                }
            } else if params.get("ref").or(params.get("bias")).is_some() {
                return Err(format!("`{spec}`: ref and bias tune GRAVE, which grave=no turns off"));
            }
            if let Some(c) = params.number("c", 0.0, 100.0)? {
                config.exploration = c;
            }
            if let Some(x) = params.number("contempt", 0.0, 0.5)? {
                config.draw_contempt = x;
            }
            if let Some(reuse) = params.yes_no("reuse")? {
                config.reuse_tree = reuse;
            }
            if let Some(look) = params.yes_no("lookahead")? {
                config.look_ahead = look;
            }
            let budget = params.budget("sims", think_ms)?;
            let threads = params.whole("threads", 1, MAX_AGENT_THREADS)?.unwrap_or(1) as usize;
            if threads > 1 {
                return Ok(Box::new(RootParallel::new(seed, budget, config, threads).named(spec.to_string())));
            }
            let agent = Mcts::with_config(seed, budget, config);
            Ok(Box::new(if params.given.is_empty() { agent } else { agent.named(spec.to_string()) }))
        }
        "alphabeta" => {
            params.only(&["depth", "ms", "eval"])?;
            let eval = match params.choice("eval", &["rules", "material", "stones"])? {
                None | Some(0) => Eval::Rules,
                Some(1) => Eval::Material,
                Some(_) => Eval::Stones,
            };
            let agent = match params.budget("depth", think_ms)? {
                Budget::Iterations(depth) if depth > 64 => {
                    return Err(format!(
                        "`{spec}`: the depth must be a whole number from 1 to 64 (`alphabeta:depth=6`)"
                    ));
                }
                Budget::Iterations(depth) => AlphaBeta::to_depth(depth),
                Budget::Millis(ms) => AlphaBeta::timed(ms),
            };
            Ok(Box::new(agent.with_eval(eval).with_seed(seed)))
        }
        _ => Err(format!("unknown agent `{spec}`; agents are {AGENTS}")),
    }
}

/// The iterations a search spec asks for a decision (`mcts:1000`, `grave:sims=500`), where it
/// asks for a number of them: what a caller that bounds the work of one call checks. `None` for
/// other agents, budgets of time, and specs that [`make_agent`] refuses.
pub fn spec_iterations(spec: &str) -> Option<u32> {
    let (kind, params) = spec.trim().split_once(':')?;
    if !matches!(kind.trim().to_ascii_lowercase().as_str(), "mcts" | "grave") {
        return None;
    }
    match Params::parse(spec, Some(params)).ok()?.budget("sims", 1).ok()? {
        Budget::Iterations(n) => Some(n),
        Budget::Millis(_) => None,
    }
}

/// The parameters of one spec, checked against the kind's keys.
struct Params<'a> {
    spec: &'a str,
    /// `(key, value)`, the bare budget under the key `""`.
    given: Vec<(&'a str, &'a str)>,
}

impl<'a> Params<'a> {
    fn parse(spec: &'a str, params: Option<&'a str>) -> Result<Params<'a>, String> {
        let mut given: Vec<(&str, &str)> = Vec::new();
        let Some(params) = params else { return Ok(Params { spec, given }) };
        for (i, item) in params.split(',').map(str::trim).enumerate() {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), v.trim()),
                None if i == 0 => ("", item),
                None => {
                    return Err(format!(
                        "`{spec}`: `{item}` is not `key=value`; only the first parameter may be a bare number"
                    ));
                }
            };
            if value.is_empty() {
                return Err(format!("`{spec}`: `{item}` has no value"));
            }
            if given.iter().any(|(k, _)| *k == key) {
                return Err(format!("`{spec}`: `{key}` is given twice"));
            }
            given.push((key, value));
        }
        Ok(Params { spec, given })
    }

    /// Refuses keys outside `keys` (a bare budget is allowed where `keys` is not empty).
    fn only(&self, keys: &[&str]) -> Result<(), String> {
        let spec = self.spec;
        if keys.is_empty() && !self.given.is_empty() {
            return Err(format!("`{spec}`: this agent takes no parameter"));
        }
        for (key, _) in &self.given {
            if !key.is_empty() && !keys.contains(key) {
                let list: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
                return Err(format!("`{spec}`: unknown parameter `{key}`; this agent takes {}", list.join(", ")));
            }
        }
        Ok(())
    }

    fn get(&self, key: &str) -> Option<&'a str> {
        self.given.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    fn whole(&self, key: &str, low: u64, high: u64) -> Result<Option<u64>, String> {
        let Some(text) = self.get(key) else { return Ok(None) };
        match text.parse::<u64>() {
            Ok(n) if (low..=high).contains(&n) => Ok(Some(n)),
            _ => {
                let name = if key.is_empty() { "the budget" } else { key };
                Err(format!("`{}`: {name} must be a whole number from {low} to {high}, not `{text}`", self.spec))
            }
        }
    }

    fn number(&self, key: &str, low: f64, high: f64) -> Result<Option<f64>, String> {
        let Some(text) = self.get(key) else { return Ok(None) };
        match text.parse::<f64>() {
            Ok(x) if (low..=high).contains(&x) => Ok(Some(x)),
            _ => Err(format!("`{}`: {key} must be a number from {low} to {high}, not `{text}`", self.spec)),
        }
    }

    fn yes_no(&self, key: &str) -> Result<Option<bool>, String> {
        match self.get(key).map(str::to_ascii_lowercase).as_deref() {
            None => Ok(None),
            Some("yes" | "true" | "1") => Ok(Some(true)),
            Some("no" | "false" | "0") => Ok(Some(false)),
            Some(other) => Err(format!("`{}`: {key} is `yes` or `no`, not `{other}`", self.spec)),
        }
    }

    /// One of `words` for `key`, by its index, in any case: `grave=auto`, `eval=stones`.
    fn choice(&self, key: &str, words: &[&str]) -> Result<Option<usize>, String> {
        let Some(given) = self.get(key) else { return Ok(None) };
        words.iter().position(|w| w.eq_ignore_ascii_case(given)).map(Some).ok_or_else(|| {
            let quoted: Vec<String> = words.iter().map(|w| format!("`{w}`")).collect();
            let (last, first) = quoted.split_last().expect("a choice of at least one word");
            format!("`{}`: {key} is {} or {last}, not `{}`", self.spec, first.join(", "), given.to_ascii_lowercase())
        })
    }

    /// The budget: `count_key` (or the bare number) as a count, `ms` as a time, else
    /// `think_ms`; not both.
    fn budget(&self, count_key: &str, think_ms: u64) -> Result<Budget, String> {
        let bare = self.whole("", 1, u32::MAX as u64)?;
        let named = self.whole(count_key, 1, u32::MAX as u64)?;
        let ms = self.whole("ms", 1, MAX_THINK_MS)?;
        let count = match (bare, named) {
            (Some(_), Some(_)) => return Err(format!("`{}`: the bare number is {count_key}, given twice", self.spec)),
            (a, b) => a.or(b),
        };
        match (count, ms) {
            (Some(_), Some(_)) => Err(format!("`{}`: give {count_key} or ms, not both", self.spec)),
            (Some(n), None) => Ok(Budget::Iterations(n as u32)),
            (None, Some(ms)) => Ok(Budget::Millis(ms)),
            (None, None) => Ok(Budget::Millis(think_ms.max(1))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_players_list_keeps_parameters_with_their_agent() {
        assert_eq!(split_players("mcts:sims=500,c=1,random"), ["mcts:sims=500,c=1", "random"]);
        assert_eq!(split_players("human, mcts:1000"), ["human", "mcts:1000"]);
        assert_eq!(split_players("grave:ref=50,alphabeta:depth=3,ms=9"), ["grave:ref=50", "alphabeta:depth=3,ms=9"]);
        // A parameter with no agent before it stays an item of its own, refused by `make_agent`.
        assert_eq!(split_players("c=1,random"), ["c=1", "random"]);
    }

    #[test]
    fn the_iterations_of_a_spec_are_read() {
        assert_eq!(spec_iterations("mcts:1000"), Some(1000));
        assert_eq!(spec_iterations("grave:c=0,sims=500"), Some(500));
        assert_eq!(spec_iterations("mcts:ms=50"), None);
        assert_eq!(spec_iterations("mcts"), None);
        assert_eq!(spec_iterations("alphabeta:6"), None);
        assert_eq!(spec_iterations("mcts:4000000000"), Some(4_000_000_000));
    }

    #[test]
    fn specs_are_checked() {
        let err = |spec: &str| make_agent(spec, 1, 100).err().expect(spec);
        assert!(make_agent("mcts:sims=10,c=0.7,contempt=0,reuse=no", 1, 100).is_ok());
        assert!(make_agent("grave:10,ref=20,bias=0.001", 1, 100).is_ok());
        assert!(make_agent("mcts:grave=no,c=1", 1, 100).is_ok());
        assert_eq!(make_agent("mcts:sims=100,threads=2", 1, 100).unwrap().name(), "mcts:sims=100,threads=2");
        assert_eq!(err("mcts:threads=0"), "`mcts:threads=0`: threads must be a whole number from 1 to 256, not `0`");
        assert!(make_agent("alphabeta:depth=3", 1, 100).is_ok());
        assert!(make_agent("alphabeta:ms=30", 1, 100).is_ok());
        assert_eq!(err("mcts:sims=10,ms=5"), "`mcts:sims=10,ms=5`: give sims or ms, not both");
        assert_eq!(err("mcts:10,sims=5"), "`mcts:10,sims=5`: the bare number is sims, given twice");
        assert_eq!(err("mcts:c=-1"), "`mcts:c=-1`: c must be a number from 0 to 100, not `-1`");
        assert_eq!(
            err("mcts:depth=5"),
            "`mcts:depth=5`: unknown parameter `depth`; this agent takes `sims`, `ms`, `threads`, `c`, `grave`, `ref`, `bias`, `contempt`, `reuse`, `lookahead`"
        );
        assert_eq!(
            err("mcts:grave=no,ref=9"),
            "`mcts:grave=no,ref=9`: ref and bias tune GRAVE, which grave=no turns off"
        );
        assert_eq!(err("grave:grave=no"), "`grave:grave=no`: `grave` always uses GRAVE; `mcts:grave=...` chooses");
        assert_eq!(err("mcts:grave=perhaps"), "`mcts:grave=perhaps`: grave is `auto`, `yes` or `no`, not `perhaps`");
        assert_eq!(err("mcts:c=1,c=2"), "`mcts:c=1,c=2`: `c` is given twice");
        assert_eq!(
            err("mcts:c=1,5"),
            "`mcts:c=1,5`: `5` is not `key=value`; only the first parameter may be a bare number"
        );
        assert_eq!(err("mcts:0"), "`mcts:0`: the budget must be a whole number from 1 to 4294967295, not `0`");
        assert_eq!(
            err("alphabeta:65"),
            "`alphabeta:65`: the depth must be a whole number from 1 to 64 (`alphabeta:depth=6`)"
        );
        assert_eq!(
            err("alphabeta:depth=2,eval=mobility"),
            "`alphabeta:depth=2,eval=mobility`: eval is `rules`, `material` or `stones`, not `mobility`"
        );
        assert!(make_agent("alphabeta:depth=2,eval=stones", 1, 100).is_ok());
        assert_eq!(err("random:3"), "`random:3`: this agent takes no parameter");
        assert_eq!(err("mcts:reuse=maybe"), "`mcts:reuse=maybe`: reuse is `yes` or `no`, not `maybe`");
        assert!(err("minimax").starts_with("unknown agent `minimax`; agents are `random`"));
    }
}
