//! The live games, each under an unguessable id.
//!
//! An id is 128 bits from `rand`'s thread generator (a CSPRNG seeded from the operating
//! system), written as 32 hex digits: knowing one game's id tells nothing about another's, so
//! the id in a page's address is all the access control a local playground needs.
//!
//! The store is bounded by memory — the games' estimated sizes
//! ([`crate::engine::Engine::estimated_bytes`]) add up to at most its budget — and by count.
//! When a new game does not fit, the games left untouched longest make room for it (a game
//! whose computer player is thinking is not chosen; if every game is thinking, the store
//! grows past its bound for a moment rather than refuse). A game larger than the whole budget
//! is refused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::session::Session;

/// The default memory budget of the games kept: 2 GiB.
pub const MEMORY: usize = 2 << 30;

struct Entry {
    session: Arc<Mutex<Session>>,
    bytes: usize,
}

#[derive(Default)]
struct Games {
    by_id: HashMap<String, Entry>,
    bytes: usize,
}

pub struct Store {
    games: Mutex<Games>,
    capacity: usize,
    memory: usize,
}

/// Locks a mutex, recovering the data if a thread panicked while holding it: one failed
/// request must not make a game (or the whole store) unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    pub fn new(capacity: usize, memory: usize) -> Store {
        Store { games: Mutex::new(Games::default()), capacity: capacity.max(1), memory }
    }

    /// The memory budget, in bytes.
    pub fn memory(&self) -> usize {
        self.memory
    }

    /// Stores a new game of `bytes` (its estimate); returns its id, or `None` when the game
    /// alone is larger than the budget.
    pub fn insert(&self, session: Session, bytes: usize) -> Option<String> {
        if bytes > self.memory {
            return None;
        }
        let id = format!("{:032x}", rand::random::<u128>());
        let mut games = lock(&self.games);
        while games.by_id.len() >= self.capacity || games.bytes + bytes > self.memory {
            let oldest = games
                .by_id
                .iter()
                .filter_map(|(id, e)| {
                    e.session.try_lock().ok().filter(|s| !s.is_thinking()).map(|s| (s.touched, id.clone()))
                })
                .min()
                .map(|(_, id)| id);
            match oldest {
                Some(id) => {
                    if let Some(e) = games.by_id.remove(&id) {
                        games.bytes -= e.bytes;
                    }
                }
                None => break,
            }
        }
        games.bytes += bytes;
        games.by_id.insert(id.clone(), Entry { session: Arc::new(Mutex::new(session)), bytes });
        Some(id)
    }

    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Session>>> {
        lock(&self.games).by_id.get(id).map(|e| Arc::clone(&e.session))
    }

    pub fn remove(&self, id: &str) -> bool {
        let mut games = lock(&self.games);
        match games.by_id.remove(id) {
            Some(e) => {
                games.bytes -= e.bytes;
                true
            }
            None => false,
        }
    }

    pub fn len(&self) -> usize {
        lock(&self.games).by_id.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The estimated bytes of the games kept.
    pub fn bytes(&self) -> usize {
        lock(&self.games).bytes
    }
}
