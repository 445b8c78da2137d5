//! The bounds the package puts on what one call may allocate or how long it may run, and the
//! checks that refuse a call past them with a Python exception naming the bound (docs/LIMITS.md,
//! "The Python package").
//!
//! A Rust allocation that fails aborts the whole interpreter, with no exception to catch and no
//! chance to save anything, so every buffer whose size the game file decides (a mask over the
//! action codes, the observation planes, the list of legal actions) is measured before it is
//! made. Work that Python cannot stop (a search run without the GIL) is either bounded or cut
//! into batches between which Ctrl-C is heard (`Python::check_signals`).

use pyo3::PyResult;
use pyo3::exceptions::PyValueError;

use crate::GameError;

/// Most entries of a legal-action mask (64 MiB of int8). A mask is dense: a game whose stones
/// may move between any two of 65 025 sites has more than 4 * 10^9 action codes.
pub const MAX_MASK: u64 = 1 << 26;

/// Most values of one observation (64 MiB of float32): planes × sites, and a game may declare
/// thousands of counters, each a plane per team.
pub const MAX_OBSERVATION: u64 = 1 << 24;

/// Most legal actions one call lists (as Python integers, about 40 bytes each: 160 MiB). The
/// engine keeps large sets of moves compact (a relocation from any of 32 000 stones to any of
/// 32 000 empty sites is two lists), and listing a billion of them would abort the interpreter.
pub const MAX_LISTED: u64 = 1 << 22;

/// Most iterations of one `mcts_action` (Ctrl-C stops it sooner).
pub const MAX_SIMULATIONS: u64 = 100_000_000;

/// Iterations of a search run without looking at the time, and the time after which a search
/// or a run of games looks at Ctrl-C: the batches change nothing in what is found (a search
/// goes on from the tree it kept; analyses and statistics are sums), so they may follow the
/// clock.
pub const SEARCH_BATCH: u32 = 256;
pub const SIGNAL_EVERY: std::time::Duration = std::time::Duration::from_millis(100);

/// Longest a computer player may think per action, in milliseconds (an hour), as
/// `tabula --think` allows.
pub const MAX_THINK_MS: u64 = 3_600_000;

/// Most games of one `playouts` or `analyze` call, as `tabula --games` allows.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// Most threads of one `playouts` call, as `tabula --threads` allows.
pub const MAX_THREADS: usize = 256;

/// A game file must be a regular file, judged before it is opened: opening a FIFO waits for a
/// writer for ever, a device may never end, and a directory is not a game.
pub fn regular_file(path: &str) -> PyResult<()> {
    let meta = std::fs::metadata(path).map_err(|e| GameError::new_err(format!("cannot read `{path}`: {e}")))?;
    match tabula::files::special_kind(&meta) {
        None => Ok(()),
        Some(what) => Err(GameError::new_err(format!("cannot read `{path}`: it is {what}, not a game file"))),
    }
}

/// A mask of `size` action codes.
pub fn mask(size: u64) -> PyResult<()> {
    if size > MAX_MASK {
        return Err(PyValueError::new_err(format!(
            "this game has {size} distinct actions: a mask of them would take {size} bytes, more than the limit of \
             {MAX_MASK}; use legal_actions() (the codes of the legal actions) instead"
        )));
    }
    Ok(())
}

/// An observation of `planes` × `sites` values.
pub fn observation(planes: usize, sites: usize) -> PyResult<()> {
    let values = planes as u64 * sites as u64;
    if values > MAX_OBSERVATION {
        return Err(PyValueError::new_err(format!(
            "an observation of this game is {planes} planes of {sites} sites, {values} values: more than the \
             limit of {MAX_OBSERVATION}; observation_string() draws the position instead"
        )));
    }
    Ok(())
}

/// A list of `count` legal actions.
pub fn listed(count: usize) -> PyResult<()> {
    if count as u64 > MAX_LISTED {
        return Err(PyValueError::new_err(format!(
            "this position has {count} legal actions, more than the limit of {MAX_LISTED} that one call lists; \
             apply_action() takes the code of any of them (string_to_action() gives it)"
        )));
    }
    Ok(())
}

pub fn simulations(n: u64) -> PyResult<()> {
    if n == 0 || n > MAX_SIMULATIONS {
        return Err(PyValueError::new_err(format!("simulations must be from 1 to {MAX_SIMULATIONS}, not {n}")));
    }
    Ok(())
}

pub fn think_ms(ms: u64) -> PyResult<()> {
    if ms > MAX_THINK_MS {
        return Err(PyValueError::new_err(format!("think_ms must be at most {MAX_THINK_MS} (an hour), not {ms}")));
    }
    Ok(())
}

pub fn games(n: u64) -> PyResult<()> {
    if n > MAX_GAMES {
        return Err(PyValueError::new_err(format!("games must be at most {MAX_GAMES}, not {n}")));
    }
    Ok(())
}

pub fn threads(n: usize) -> PyResult<()> {
    if n == 0 || n > MAX_THREADS {
        return Err(PyValueError::new_err(format!("threads must be from 1 to {MAX_THREADS}, not {n}")));
    }
    Ok(())
}
