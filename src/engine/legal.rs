//! The legal actions of the decision at hand, kept compact.
//!
//! Placements are by far the most common actions and are rebuilt after almost every action, so
//! they are kept as a bitset of destinations. Relocations from any of some stones to any of some
//! sites are kept as the two lists whose product they are ([`Pairs`]): a decision to move an
//! enemy stone anywhere empty has hundreds of actions and is made once. Every other action
//! (slides, `end`, `pass`) is in a short list. Random playouts pick the `n`-th action without
//! ever building the full list; the list is built only when somebody asks for it as a slice.

use std::sync::OnceLock;

use super::Action;
use super::bits::Bits;

#[derive(Debug, Default)]
pub struct Legal {
    /// Destinations of the legal placements.
    pub(crate) places: Bits,
    pub(crate) place_count: u32,
    /// How many relocations `pairs` holds.
    pair_count: u32,
    /// Relocations, kept as a product; their block stands among `rest`. Boxed, and made only
    /// by the first game that has some, so that moving a `Legal` stays cheap.
    pairs: Option<Box<Pairs>>,
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
            pair_count: self.pair_count,
            pairs: self.pairs.clone(),
            rest: self.rest.clone(),
            list: OnceLock::new(),
        }
    }

    fn clone_from(&mut self, other: &Legal) {
        self.places.clone_from(&other.places);
        self.place_count = other.place_count;
        self.pair_count = other.pair_count;
        // Keeps the buffers of a box it already has.
        self.pairs.clone_from(&other.pairs);
        self.rest.clone_from(&other.rest);
        self.list = OnceLock::new();
    }
}

impl Legal {
    pub(crate) fn new(sites: usize) -> Legal {
        Legal {
            places: Bits::new(sites),
            place_count: 0,
            pair_count: 0,
            pairs: None,
            rest: Vec::new(),
            list: OnceLock::new(),
        }
    }

    /// No action at all.
    pub(crate) fn clear(&mut self) {
        self.places.clear();
        self.place_count = 0;
        self.pair_count = 0;
        self.rest.clear();
        self.list = OnceLock::new();
    }

    /// Sets the placements (swapping buffers with `places`).
    pub(crate) fn set_places(&mut self, places: &mut Bits) {
        std::mem::swap(&mut self.places, places);
        self.place_count = self.places.count();
        self.list = OnceLock::new();
    }

    /// Sets the placements to a copy of `places` (of `count` sites) and no other action.
    pub(crate) fn set_only_places(&mut self, places: &Bits, count: u32) {
        debug_assert_eq!(places.count(), count);
        self.places.copy_from(places);
        self.place_count = count;
        self.pair_count = 0;
        self.rest.clear();
        self.list = OnceLock::new();
    }

    /// Removes one placement and every other action (the stage's list after a plain placement).
    pub(crate) fn take_place(&mut self, site: u16) {
        if self.places.contains(site) {
            self.places.remove(site);
            self.place_count -= 1;
        }
        self.pair_count = 0;
        self.rest.clear();
        self.list = OnceLock::new();
    }

    pub(crate) fn push(&mut self, action: Action) {
        self.rest.push(action);
        self.list = OnceLock::new();
    }

    /// Sets the relocations from each origin to each target that `fill` pushes into the two
    /// lists it is given, listed origin by origin before `rest[at]`.
    pub(crate) fn set_pairs(&mut self, at: usize, fill: impl FnOnce(&mut Vec<u16>, &mut Vec<u16>)) {
        let pairs = self.pairs.get_or_insert_default();
        pairs.origins.clear();
        pairs.targets.clear();
        fill(&mut pairs.origins, &mut pairs.targets);
        pairs.at = at as u32;
        // At most 65 535² actions: a `u32` holds them.
        self.pair_count = (pairs.origins.len() * pairs.targets.len()) as u32;
        self.list = OnceLock::new();
    }

    /// Whether this holds no heap memory (a default `Legal`, moved out of and not used).
    pub(crate) fn owns_nothing(&self) -> bool {
        self.places.words().is_empty() && self.pairs.is_none() && self.rest.capacity() == 0 && self.list.get().is_none()
    }

    pub fn len(&self) -> usize {
        self.place_count as usize + self.pair_count as usize + self.rest.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th legal action, in the order of [`Legal::as_slice`].
    #[inline]
    pub fn nth(&self, i: usize) -> Action {
        if i < self.place_count as usize {
            Action::place(self.places.nth(i as u32).expect("i is below the number of placements"))
        } else if self.pair_count == 0 {
            self.rest[i - self.place_count as usize]
        } else {
            self.nth_beyond_places(i - self.place_count as usize)
        }
    }

    /// [`Legal::nth`] after the placements, when relocations are kept as a product.
    fn nth_beyond_places(&self, i: usize) -> Action {
        let Some(pairs) = self.pairs.as_deref() else { return self.rest[i] };
        let (at, count) = (pairs.at as usize, self.pair_count as usize);
        if i < at {
            self.rest[i]
        } else if i - at < count {
            pairs.nth(i - at)
        } else {
            self.rest[i - count]
        }
    }

    pub fn contains(&self, action: Action) -> bool {
        match action.kind {
            super::ActionKind::Place => self.places.contains(action.to),
            super::ActionKind::Relocate
                if self.pair_count > 0 && self.pairs.as_ref().is_some_and(|p| p.contains(action)) =>
            {
                true
            }
            _ => self.rest.contains(&action),
        }
    }

    /// Every legal action: placements by site, then the others.
    pub fn as_slice(&self) -> &[Action] {
        self.list.get_or_init(|| {
            let mut list = Vec::with_capacity(self.len());
            list.extend(self.places.ones().map(Action::place));
            match self.pairs.as_deref().filter(|_| self.pair_count > 0) {
                Some(pairs) => {
                    let at = (pairs.at as usize).min(self.rest.len());
                    list.extend_from_slice(&self.rest[..at]);
                    list.extend((0..self.pair_count as usize).map(|i| pairs.nth(i)));
                    list.extend_from_slice(&self.rest[at..]);
                }
                None => list.extend_from_slice(&self.rest),
            }
            list
        })
    }
}

/// Relocations from each of `origins` to each of `targets`, origin by origin: the block of
/// actions that stands before `rest[at]` in a [`Legal`].
#[derive(Debug, Default, Clone)]
pub(crate) struct Pairs {
    origins: Vec<u16>,
    targets: Vec<u16>,
    at: u32,
}

impl Pairs {
    #[inline]
    fn nth(&self, i: usize) -> Action {
        let n = self.targets.len();
        Action::relocate(self.origins[i / n], self.targets[i % n])
    }

    fn contains(&self, action: Action) -> bool {
        self.origins.contains(&action.from) && self.targets.contains(&action.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relocations_kept_as_a_product_stand_where_they_were_listed() {
        let mut legal = Legal::new(8);
        legal.push(Action::slide(0, 1));
        legal.set_pairs(1, |origins, targets| {
            origins.extend([2, 5]);
            targets.extend([3, 4, 7]);
        });
        legal.push(Action::END);
        let listed = [
            Action::slide(0, 1),
            Action::relocate(2, 3),
            Action::relocate(2, 4),
            Action::relocate(2, 7),
            Action::relocate(5, 3),
            Action::relocate(5, 4),
            Action::relocate(5, 7),
            Action::END,
        ];
        assert_eq!(legal.as_slice(), listed);
        assert_eq!(legal.len(), listed.len());
        assert_eq!((0..legal.len()).map(|i| legal.nth(i)).collect::<Vec<_>>(), listed);
        assert!(legal.contains(Action::relocate(5, 4)));
        assert!(!legal.contains(Action::relocate(3, 5)));
        legal.take_place(6);
        assert!(legal.is_empty());
    }
}
