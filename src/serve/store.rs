//! The live games, each under an unguessable id.
//!
//! An id is 128 bits from `rand`'s thread generator (a CSPRNG seeded from the operating
//! system), written as 32 hex digits: knowing one game's id tells nothing about another's, so
//! the id in a page's address is all the access control a local playground needs.
//!
//! The number of live games is bounded; when the store is full, a new game replaces the one
//! left untouched longest (a game whose computer player is thinking is not chosen; if every
//! game is thinking, the store grows past its bound for a moment rather than refuse).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use super::session::Session;

pub struct Store {
    games: Mutex<HashMap<String, Arc<Mutex<Session>>>>,
    capacity: usize,
}

/// Locks a mutex, recovering the data if a thread panicked while holding it: one failed
/// request must not make a game (or the whole store) unusable.
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Store {
    pub fn new(capacity: usize) -> Store {
        Store { games: Mutex::new(HashMap::new()), capacity: capacity.max(1) }
    }

    /// Stores a new game; returns its id.
    pub fn insert(&self, session: Session) -> String {
        let id = format!("{:032x}", rand::random::<u128>());
        let mut games = lock(&self.games);
        while games.len() >= self.capacity {
            let oldest = games
                .iter()
                .filter_map(|(id, g)| g.try_lock().ok().filter(|s| !s.is_thinking()).map(|s| (s.touched, id.clone())))
                .min()
                .map(|(_, id)| id);
            match oldest {
                Some(id) => games.remove(&id),
                None => break,
            };
        }
        games.insert(id.clone(), Arc::new(Mutex::new(session)));
        id
    }

    pub fn get(&self, id: &str) -> Option<Arc<Mutex<Session>>> {
        lock(&self.games).get(id).cloned()
    }

    pub fn remove(&self, id: &str) -> bool {
        lock(&self.games).remove(id).is_some()
    }

    pub fn len(&self) -> usize {
        lock(&self.games).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
