//! The legal actions of the decision at hand, kept compact.
//!
//! Placements are by far the most common actions and are rebuilt after almost every action, so
//! they are kept as a bitset of destinations; every other action (slides, relocations, `end`,
//! `pass`) in a short list. Random playouts pick the `n`-th action without ever building the
//! full list; the list is built only when somebody asks for it as a slice.

use std::sync::OnceLock;

use super::Action;
use super::bits::Bits;

#[derive(Debug, Default)]
pub struct Legal {
    /// Destinations of the legal placements.
    pub(crate) places: Bits,
    pub(crate) place_count: u32,
    /// The other legal actions, in order, after the placements.
    pub(crate) rest: Vec<Action>,
    /// The whole list, built on demand.
    list: OnceLock<Vec<Action>>,
}

impl Clone for Legal {
    fn clone(&self) -> Legal {
        Legal {
            places: self.places.clone(),
            place_count: self.place_count,
            rest: self.rest.clone(),
            list: OnceLock::new(),
        }
    }

    fn clone_from(&mut self, other: &Legal) {
        self.places.clone_from(&other.places);
        self.place_count = other.place_count;
        self.rest.clone_from(&other.rest);
        self.list = OnceLock::new();
    }
}

impl Legal {
    pub(crate) fn new(sites: usize) -> Legal {
        Legal { places: Bits::new(sites), place_count: 0, rest: Vec::new(), list: OnceLock::new() }
    }

    /// No action at all.
    pub(crate) fn clear(&mut self) {
        self.places.clear();
        self.place_count = 0;
        self.rest.clear();
        self.list = OnceLock::new();
    }

    /// Sets the placements (swapping buffers with `places`).
    pub(crate) fn set_places(&mut self, places: &mut Bits) {
        std::mem::swap(&mut self.places, places);
        self.place_count = self.places.count();
        self.list = OnceLock::new();
    }

    /// Removes one placement and every other action (the stage's list after a plain placement).
    pub(crate) fn take_place(&mut self, site: u16) {
        if self.places.contains(site) {
            self.places.remove(site);
            self.place_count -= 1;
        }
        self.rest.clear();
        self.list = OnceLock::new();
    }

    pub(crate) fn push(&mut self, action: Action) {
        self.rest.push(action);
        self.list = OnceLock::new();
    }

    pub fn len(&self) -> usize {
        self.place_count as usize + self.rest.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th legal action, in the order of [`Legal::as_slice`].
    #[inline]
    pub fn nth(&self, i: usize) -> Action {
        if i < self.place_count as usize {
            Action::place(self.places.nth(i as u32).expect("i is below the number of placements"))
        } else {
            self.rest[i - self.place_count as usize]
        }
    }

    pub fn contains(&self, action: Action) -> bool {
        match action.kind {
            super::ActionKind::Place => self.places.contains(action.to),
            _ => self.rest.contains(&action),
        }
    }

    /// Every legal action: placements by site, then the others.
    pub fn as_slice(&self) -> &[Action] {
        self.list.get_or_init(|| {
            let mut list = Vec::with_capacity(self.len());
            list.extend(self.places.ones().map(Action::place));
            list.extend_from_slice(&self.rest);
            list
        })
    }
}
