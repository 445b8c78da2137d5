//! Checks run off the message loop, one at a time, on the latest text.
//!
//! A check of a large game takes long enough that running one per keystroke on the thread that
//! reads the editor's messages left hovers waiting behind a queue of checks. So, as
//! rust-analyzer does, the loop only records that a document changed ([`Pending`]); a check
//! starts on the checker's thread ([`Worker`]) once the document has been quiet for
//! [`DEBOUNCE`] (or has waited [`MAX_DELAY`] while the editor kept changing it), and takes the
//! text as it is then. A newer change supersedes a check that has not started. A check that
//! has started runs to its end (the checker has no point at which to stop it), and its result
//! is dropped if the document changed meanwhile: only the diagnostics of the latest text are
//! published. Requests are answered by the loop at once, from the text as it is.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, Sender, unbounded};
use lsp_types::Uri;

use super::diagnostics::{self, Outcome};
use super::position::Encoding;

/// How long a document must be left unchanged before it is checked: a burst of changes (typing,
/// a macro, a paste in parts) is checked once, at its end.
pub const DEBOUNCE: Duration = Duration::from_millis(100);

/// The longest a changed document waits for a check while the changes go on, so that an editor
/// that never pauses still sees diagnostics.
pub const MAX_DELAY: Duration = Duration::from_secs(1);

/// The checker's stack: the same as a main thread's, on which checks ran before.
const STACK_BYTES: usize = 8 << 20;

/// A document changed and not yet sent to be checked: when it first and last changed.
#[derive(Debug, Clone, Copy)]
pub struct Pending {
    first: Instant,
    last: Instant,
}

impl Pending {
    pub fn new(now: Instant) -> Pending {
        Pending { first: now, last: now }
    }

    /// Changed again at `now`.
    pub fn again(self, now: Instant) -> Pending {
        Pending { first: self.first, last: now }
    }

    /// When its check is due.
    pub fn due(&self) -> Instant {
        (self.last + DEBOUNCE).min(self.first + MAX_DELAY)
    }
}

/// What a check reads: a document as it was when the check was started.
pub struct Job {
    pub uri: Uri,
    pub generation: u64,
    /// The name the checker knows the document by.
    pub name: String,
    pub text: Arc<str>,
    /// The other open documents, name and text: a base open in the editor is read from there.
    pub open: Vec<(String, Arc<str>)>,
    pub encoding: Encoding,
}

/// A finished check: its outcome, or `None` when the checker failed (a bug).
pub struct Done {
    pub uri: Uri,
    pub generation: u64,
    pub outcome: Option<Outcome>,
}

/// How many checks were started, and what became of those that finished; the answer to the
/// `tabula/status` request, so that tests and users can see the coalescing at work.
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct Counts {
    /// Checks started.
    pub started: u64,
    /// Finished checks whose diagnostics were published.
    pub published: u64,
    /// Finished checks dropped because the document had changed (or closed) meanwhile.
    pub superseded: u64,
}

/// The checker's thread. It holds at most one job at a time: the loop sends the next only when
/// the result of the last has come back.
pub struct Worker {
    jobs: Sender<Job>,
    pub results: Receiver<Done>,
    /// A job has been sent and its result has not come back.
    pub busy: bool,
}

impl Worker {
    pub fn start() -> std::io::Result<Worker> {
        let (jobs, incoming) = unbounded::<Job>();
        let (done, results) = unbounded();
        std::thread::Builder::new().name("tabula-lsp-check".to_string()).stack_size(STACK_BYTES).spawn(move || {
            for job in incoming {
                // A bug in the checker fails this check, not the server.
                let outcome = catch_unwind(AssertUnwindSafe(|| diagnostics::check(&job))).ok();
                let finished = Done { uri: job.uri, generation: job.generation, outcome };
                if done.send(finished).is_err() {
                    break;
                }
            }
        })?;
        Ok(Worker { jobs, results, busy: false })
    }

    pub fn send(&mut self, job: Job) {
        // The thread stops only when this sender is dropped, so the send cannot fail.
        let _ = self.jobs.send(job);
        self.busy = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_check_is_due_after_a_quiet_spell_or_a_long_wait() {
        let t0 = Instant::now();
        let p = Pending::new(t0);
        assert_eq!(p.due(), t0 + DEBOUNCE);
        let p = p.again(t0 + Duration::from_millis(50));
        assert_eq!(p.due(), t0 + Duration::from_millis(50) + DEBOUNCE);
        // Changes every 50 ms for ever: due one MAX_DELAY after the first.
        let p = p.again(t0 + MAX_DELAY - Duration::from_millis(10));
        assert_eq!(p.due(), t0 + MAX_DELAY);
    }
}
