//! Long work run without the GIL, in batches between which Python handles its signals: Ctrl-C
//! (a `KeyboardInterrupt`, or whatever a handler raises) stops a run of a billion games at the
//! next batch instead of only when the process is killed.
//!
//! The work is a range of units (games, chunks of games) whose results are merged in index
//! order, so how the range is cut changes nothing in the result. Batches grow from one unit,
//! doubling while a batch takes less than a quarter of [`SIGNAL_EVERY`], and a run goes back to
//! Python once [`SIGNAL_EVERY`] has passed: a unit that takes minutes (a game of `mcts` players
//! thinking a second an action) is the longest wait for Ctrl-C.

use std::ops::Range;
use std::time::Instant;

use pyo3::prelude::*;

use crate::limits::SIGNAL_EVERY;

/// Most units of one batch, so that the doubling stops well before it could overflow.
const MAX_BATCH: u64 = 1 << 20;

/// Runs `work` over `units` in batches and merges the parts in order into `total`; an error
/// of `work` ends the run. `work` runs without the GIL, on this thread.
pub fn run<T, E>(
    py: Python<'_>,
    units: Range<u64>,
    mut total: T,
    work: &(dyn Fn(Range<u64>) -> Result<T, E> + Sync),
    merge: fn(&mut T, T),
) -> PyResult<Result<T, E>>
where
    T: Send,
    E: Send,
{
    let mut next = units.start;
    let mut batch = 1u64;
    while next < units.end {
        let end = units.end;
        let outcome = py.detach(move || {
            let started = Instant::now();
            loop {
                let range = next..end.min(next.saturating_add(batch));
                let took = Instant::now();
                match work(range.clone()) {
                    Ok(part) => merge(&mut total, part),
                    Err(e) => return Err(e),
                }
                next = range.end;
                if took.elapsed() < SIGNAL_EVERY / 4 && batch < MAX_BATCH {
                    batch *= 2;
                }
                if next >= end || started.elapsed() >= SIGNAL_EVERY {
                    return Ok((total, next, batch));
                }
            }
        });
        match outcome {
            Ok(state) => (total, next, batch) = state,
            Err(e) => return Ok(Err(e)),
        }
        py.check_signals()?;
    }
    Ok(Ok(total))
}
