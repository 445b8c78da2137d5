//! The legal actions of the decision at hand, kept compact.
//!
//! Placements are by far the most common actions and are rebuilt after almost every action, so
//! they are kept as a bitset of destinations. Two kinds of move with many actions are kept as
//! the few numbers they are made from (a [`Block`]): relocations from any of some stones to any
//! of some sites, as the two lists whose product they are (a decision to move an enemy stone
//! anywhere empty has hundreds of actions and is made once); and steps of one's own stones to
//! empty neighbours, as their number, the sum of the counts of empty neighbours the engine keeps
//! per site (a movement decision has dozens of steps and makes one, found on the board). Every other
//! action (`end`, `pass`, other moves) is in a short list. Random playouts pick the `n`-th
//! action without ever building the full list; the list is built only when somebody asks for
//! it as a slice.

use std::sync::OnceLock;

use super::Action;
use super::bits::Bits;
use super::padded::Padded;
use super::shifts::{Pieces, ShiftBlock, ShiftMove};
use crate::board::Relation;

#[derive(Debug, Default)]
pub struct Legal {
    /// Destinations of the legal placements.
    pub(crate) places: Bits,
    pub(crate) place_count: u32,
    /// The set is a plain stage's (see `StageProgram::plain`): its placements are the empty
    /// sites, and a placement is made without asking which move makes it.
    pub(crate) plain: bool,
    /// The set is a steps-only stage's (see `StageProgram::steps_only`): its block of steps
    /// alone, and `end` where the rest of the stage is optional.
    pub(crate) kept_steps: bool,
    /// The set is a masked stage's (see `StageProgram::masked_places`): its placements alone,
    /// and `end` where the rest of the stage is optional.
    pub(crate) masked: bool,
    /// How many actions `block` holds.
    block_count: u32,
    /// Relocations or steps, kept as a block that stands among `rest`. Boxed, and made only by
    /// the first game that has one, so that moving a `Legal` stays cheap.
    block: Option<Box<Block>>,
    /// The other legal actions, in order, after the placements.
    pub(crate) rest: Vec<Action>,
    /// Which move of the stage listed the actions of `rest`, where the listing says: runs of
    /// it, each as the end of the run (exclusive) and the move's index. Making an action
    /// needs its move, and a stage of several piece moves would otherwise list the actions
    /// from the origin again to find it ([`super::Engine::move_of_legal`]).
    pub(crate) owners: Vec<(u32, u16)>,
    /// The whole list, built on demand.
    list: OnceLock<Vec<Action>>,
}

/// What a block of steps is read against: the position the legal set belongs to. The block
/// keeps only the total; the steps are found on the board when asked for.
#[derive(Clone, Copy)]
pub(crate) struct Board<'a> {
    pub relations: &'a [Relation],
    /// Per site: 0 empty, else what stands there.
    pub contents: &'a [u8],
    /// Per team: its stones.
    pub stones: &'a [Bits],
    /// Per slot of kept counts: per site, its number of empty neighbours.
    pub empty_neighbors: &'a [Vec<u8>],
    /// Per slot of kept counts: its relation's neighbour lists padded to one length, if kept.
    pub padded: &'a [Option<Padded>],
}

impl Clone for Legal {
    fn clone(&self) -> Legal {
        Legal {
            places: self.places.clone(),
            place_count: self.place_count,
            plain: self.plain,
            kept_steps: self.kept_steps,
            masked: self.masked,
            block_count: self.block_count,
            block: self.block.clone(),
            rest: self.rest.clone(),
            owners: self.owners.clone(),
            list: OnceLock::new(),
        }
    }

    fn clone_from(&mut self, other: &Legal) {
        self.places.clone_from(&other.places);
        self.place_count = other.place_count;
        self.plain = other.plain;
        self.kept_steps = other.kept_steps;
        self.masked = other.masked;
        self.block_count = other.block_count;
        // Keeps the buffers of a box it already has.
        self.block.clone_from(&other.block);
        self.rest.clone_from(&other.rest);
        self.owners.clone_from(&other.owners);
        self.list = OnceLock::new();
    }
}

impl Legal {
    pub(crate) fn new(sites: usize) -> Legal {
        Legal {
            places: Bits::new(sites),
            place_count: 0,
            plain: false,
            kept_steps: false,
            masked: false,
            block_count: 0,
            block: None,
            rest: Vec::new(),
            owners: Vec::new(),
            list: OnceLock::new(),
        }
    }

    /// No action at all. The placements' bits are all clear whenever there are none (every
    /// setter keeps the count with the bits), so an empty set is not cleared again.
    #[inline]
    pub(crate) fn clear(&mut self) {
        if self.place_count > 0 {
            self.places.clear();
        }
        self.place_count = 0;
        self.plain = false;
        self.kept_steps = false;
        self.masked = false;
        self.block_count = 0;
        self.rest.clear();
        self.owners.clear();
        self.list = OnceLock::new();
    }

    /// Sets the placements (swapping buffers with `places`).
    pub(crate) fn set_places(&mut self, places: &mut Bits) {
        std::mem::swap(&mut self.places, places);
        self.place_count = self.places.count();
        self.list = OnceLock::new();
    }

    /// Sets the placements of a plain stage, a copy of the empty sites `places` (of `count`
    /// sites), and no other action.
    pub(crate) fn set_plain_places(&mut self, places: &Bits, count: u32) {
        debug_assert_eq!(places.count(), count);
        self.places.copy_from(places);
        self.place_count = count;
        self.plain = true;
        self.kept_steps = false;
        self.masked = false;
        self.block_count = 0;
        self.rest.clear();
        self.owners.clear();
        self.list = OnceLock::new();
    }

    /// Sets the placements to the empty sites `empty` that lie in every one of `masks`, and no
    /// other action.
    pub(crate) fn set_masked_places<'m>(&mut self, empty: &Bits, masks: impl Iterator<Item = &'m Bits>) {
        self.places.copy_from(empty);
        for mask in masks {
            self.places.and_with(mask);
        }
        self.place_count = self.places.count();
        self.plain = false;
        self.kept_steps = false;
        self.masked = true;
        self.block_count = 0;
        self.rest.clear();
        self.owners.clear();
        self.list = OnceLock::new();
    }

    /// Removes one placement and every other action (the stage's list after a plain placement).
    pub(crate) fn take_place(&mut self, site: u16) {
        if self.places.contains(site) {
            self.places.remove(site);
            self.place_count -= 1;
        }
        self.block_count = 0;
        self.rest.clear();
        self.owners.clear();
        self.list = OnceLock::new();
    }

    /// Sets the actions to those listed, in their order: placements kept as bits (they are
    /// listed first, by site), every other action in the list.
    pub(crate) fn set_listed(&mut self, actions: &[Action]) {
        self.clear();
        for &a in actions {
            if a.kind == super::ActionKind::Place && a.piece == 0 {
                self.places.insert(a.to);
                self.place_count += 1;
            } else {
                self.rest.push(a);
            }
        }
    }

    /// Adds `end` when the stage `offered` it and something else is possible: a decision is
    /// never `end` alone.
    #[inline]
    pub(crate) fn offer_end(&mut self, offered: bool) {
        if offered && !self.is_empty() {
            self.push(Action::END);
        }
    }

    /// Notes that the actions of `rest` listed since the last note, up to its end, are move
    /// `index`'s.
    #[inline]
    pub(crate) fn note_owner(&mut self, rest: &[Action], index: usize) {
        let end = rest.len() as u32;
        if self.owners.last().map_or(0, |&(e, _)| e) < end {
            self.owners.push((end, index as u16));
        }
    }

    /// The move that listed `action`, a legal action: read from a block of shifts, or from
    /// the runs of `rest` where the listing noted them.
    #[inline]
    pub(crate) fn owner(&self, action: Action) -> Option<usize> {
        if let Some(Block { kind: BlockKind::Shifts, shifts, .. }) = self.block() {
            return shifts.owner(action);
        }
        if self.owners.is_empty() {
            return None;
        }
        let at = self.rest.iter().position(|&a| a == action)? as u32;
        self.owners.iter().find(|&&(end, _)| at < end).map(|&(_, i)| usize::from(i))
    }

    pub(crate) fn push(&mut self, action: Action) {
        self.rest.push(action);
        self.list = OnceLock::new();
    }

    /// Whether a block is in use: a listing has room for one, and a second move that could
    /// be kept as one is listed instead.
    pub(crate) fn has_block(&self) -> bool {
        self.block_count > 0
    }

    /// The block in use, if any (a box left from an earlier decision is not).
    fn block(&self) -> Option<&Block> {
        self.block.as_deref().filter(|_| self.block_count > 0)
    }

    /// Sets the relocations from each origin to each target that `fill` pushes into the two
    /// lists it is given, listed origin by origin before `rest[at]`.
    pub(crate) fn set_pairs(&mut self, at: usize, fill: impl FnOnce(&mut Vec<u16>, &mut Vec<u16>)) {
        let block = self.block.get_or_insert_default();
        block.origins.clear();
        block.targets.clear();
        fill(&mut block.origins, &mut block.targets);
        block.kind = BlockKind::Pairs;
        block.at = at as u32;
        // At most 65 535² actions: a `u32` holds them.
        self.block_count = (block.origins.len() * block.targets.len()) as u32;
        self.list = OnceLock::new();
    }

    /// Sets the actions of a stage made as shifts ([`super::shifts`]) in the position `pieces`
    /// describes, and no other action.
    pub(crate) fn set_shifts(&mut self, steps: (&[ShiftMove], usize), pieces: Pieces) {
        self.clear();
        let block = self.block.get_or_insert_default();
        block.kind = BlockKind::Shifts;
        block.at = 0;
        self.block_count = block.shifts.set(steps, pieces);
    }

    /// Sets the `total` steps of `steps` before `rest[at]`: the team's stones in order of site,
    /// each to its empty neighbours in the relation's order.
    pub(crate) fn set_steps(&mut self, at: usize, steps: Steps, total: u32) {
        let block = self.block.get_or_insert_default();
        block.kind = BlockKind::Steps(steps);
        block.at = at as u32;
        self.block_count = total;
        self.list = OnceLock::new();
    }

    /// The number of steps of a steps-only stage's set ([`Legal::kept_steps`]).
    pub(crate) fn steps_count(&self) -> u32 {
        debug_assert!(self.kept_steps);
        self.block_count
    }

    /// Whether this holds no heap memory (a default `Legal`, moved out of and not used).
    pub(crate) fn owns_nothing(&self) -> bool {
        self.places.words().is_empty()
            && self.block.is_none()
            && self.rest.capacity() == 0
            && self.owners.capacity() == 0
            && self.list.get().is_none()
    }

    pub fn len(&self) -> usize {
        self.place_count as usize + self.block_count as usize + self.rest.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The `i`-th legal action, in the order of [`Legal::as_slice`]. The board is asked for
    /// only when a block is in use.
    #[inline]
    pub(crate) fn nth<'b>(&self, i: usize, board: impl FnOnce() -> Board<'b>) -> Action {
        if i < self.place_count as usize {
            Action::place(self.places.nth(i as u32).expect("i is below the number of placements"))
        } else if self.block_count == 0 {
            self.rest[i - self.place_count as usize]
        } else {
            self.nth_beyond_places(i - self.place_count as usize, board())
        }
    }

    /// [`Legal::nth`] after the placements, when a block is in use. Out of line, so that a
    /// placement is found with no more than its own work.
    #[inline(never)]
    fn nth_beyond_places(&self, i: usize, board: Board) -> Action {
        let Some(block) = self.block() else { return self.rest[i] };
        let (at, count) = (block.at as usize, self.block_count as usize);
        if i < at {
            self.rest[i]
        } else if i - at < count {
            block.nth(i - at, board)
        } else {
            self.rest[i - count]
        }
    }

    pub(crate) fn contains(&self, action: Action, board: Board) -> bool {
        // A placement from a hand of kinds names its kind (`P@e4`) and is listed.
        if action.kind == super::ActionKind::Place && action.piece == 0 {
            return self.places.contains(action.to);
        }
        self.block().is_some_and(|b| b.contains(action, board)) || self.rest.contains(&action)
    }

    /// Every legal action: placements by site, then the others.
    pub(crate) fn as_slice(&self, board: Board) -> &[Action] {
        self.list.get_or_init(|| {
            let mut list = Vec::with_capacity(self.len());
            list.extend(self.places.ones().map(Action::place));
            match self.block() {
                Some(block) => {
                    let at = (block.at as usize).min(self.rest.len());
                    list.extend_from_slice(&self.rest[..at]);
                    list.extend((0..self.block_count as usize).map(|i| block.nth(i, board)));
                    list.extend_from_slice(&self.rest[at..]);
                }
                None => list.extend_from_slice(&self.rest),
            }
            list
        })
    }
}

/// Actions kept as the few numbers they are made from: the block of a [`Legal`] that stands
/// before `rest[at]`. The relocations' buffers stay while steps are kept, so that a game that
/// keeps both in turn does not allocate at every change.
#[derive(Debug, Default, Clone)]
pub(crate) struct Block {
    kind: BlockKind,
    at: u32,
    /// Relocations: the stones that may be relocated, and where to.
    origins: Vec<u16>,
    targets: Vec<u16>,
    /// Steps made as shifts: the words they are read from.
    shifts: ShiftBlock,
}

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum BlockKind {
    /// From each origin to each target, origin by origin.
    #[default]
    Pairs,
    Steps(Steps),
    /// Steps made as shifts, read from [`Block::shifts`].
    Shifts,
}

/// Steps of a team's stones to their empty neighbours under a relation whose counts of empty
/// neighbours are kept: the counts say how many steps each stone has, so the block is their
/// sum, and the `n`-th step is found by walking the stones' counts and then one stone's
/// neighbours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Steps {
    pub rel: u8,
    pub team: u8,
    /// The slot of the relation's kept counts.
    pub slot: u8,
}

impl Block {
    #[inline]
    fn nth(&self, i: usize, board: Board) -> Action {
        match self.kind {
            BlockKind::Pairs => {
                let n = self.targets.len();
                Action::relocate(self.origins[i / n], self.targets[i % n])
            }
            BlockKind::Steps(steps) => steps.nth(i, board),
            BlockKind::Shifts => self.shifts.nth(i as u32),
        }
    }

    fn contains(&self, action: Action, board: Board) -> bool {
        match self.kind {
            BlockKind::Pairs => {
                action.kind == super::ActionKind::Relocate
                    && self.origins.contains(&action.from)
                    && self.targets.contains(&action.to)
            }
            BlockKind::Steps(Steps { rel, team, .. }) => {
                action.kind == super::ActionKind::Slide
                    && action.piece == 0
                    && board.stones[team as usize].contains(action.from)
                    && board.contents[action.to as usize] == 0
                    && board.relations[rel as usize].neighbors(action.from).contains(&action.to)
            }
            BlockKind::Shifts => self.shifts.owner(action).is_some(),
        }
    }
}

impl Steps {
    /// The `i`-th step, in the order of the block (`i` is below the sum of the counts).
    #[inline(always)]
    pub(crate) fn nth(self, mut i: usize, board: Board) -> Action {
        let counts = &board.empty_neighbors[self.slot as usize];
        // The stones word by word, each one's count taken off `i` until one has the step.
        for (k, &word) in board.stones[self.team as usize].words().iter().enumerate() {
            let mut stones = word;
            while stones != 0 {
                let from = (k * 64) as u16 + stones.trailing_zeros() as u16;
                stones &= stones - 1;
                let count = usize::from(counts[from as usize]);
                if i < count {
                    // The padded list ends with `from`, which holds the stone that steps.
                    let to = match &board.padded[self.slot as usize] {
                        Some(padded) => nth_empty(padded.picked(from), board, i),
                        None => nth_empty(board.relations[self.rel as usize].neighbors(from), board, i),
                    };
                    return Action::slide(from, to);
                }
                i -= count;
            }
        }
        unreachable!("i is below the sum of the kept counts")
    }
}

/// The `i`-th empty site of `sites` (there are more than `i`), found without a branch on
/// which sites are empty: those are as good as random, and a branch on each would often be
/// mispredicted. Past the one found, `left` wraps round and no other site matches.
#[inline]
fn nth_empty(sites: &[u16], board: Board, i: usize) -> u16 {
    let (mut found, mut left) = (0, i as u32);
    for &t in sites {
        let empty = board.contents[t as usize] == 0;
        found = if empty & (left == 0) { t } else { found };
        left = left.wrapping_sub(u32::from(empty));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board with nothing on it, for blocks that do not read one.
    fn bare() -> Board<'static> {
        Board { relations: &[], contents: &[], stones: &[], empty_neighbors: &[], padded: &[] }
    }

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
        assert_eq!(legal.as_slice(bare()), listed);
        assert_eq!(legal.len(), listed.len());
        assert_eq!((0..legal.len()).map(|i| legal.nth(i, bare)).collect::<Vec<_>>(), listed);
        assert!(legal.contains(Action::relocate(5, 4), bare()));
        assert!(!legal.contains(Action::relocate(3, 5), bare()));
        legal.take_place(6);
        assert!(legal.is_empty());
    }

    /// Sites 0-1-2-3-4-5 in a row, and 1-4. The first team's stones on 1 and 4, the other's on
    /// 2: the steps are 1-0, 4-3 and 4-5, in order of origin and then of neighbour.
    #[test]
    fn steps_are_found_on_the_board_from_the_kept_counts() {
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (1, 4)];
        let relations = [Relation::from_edges("links", 6, &edges)];
        let contents = [0, 1, 2, 0, 1, 0];
        let stones = [Bits::from_sites(6, [1, 4]), Bits::from_sites(6, [2])];
        // Each site's empty neighbours, counted by hand: 0 has none, 1 has 0, 2 has 3, 3 none,
        // 4 has 3 and 5, 5 none.
        let counts = [vec![0, 1, 1, 0, 2, 0]];
        let board = Board {
            relations: &relations,
            contents: &contents,
            stones: &stones,
            empty_neighbors: &counts,
            padded: &[None],
        };
        let mut legal = Legal::new(6);
        legal.set_steps(0, Steps { rel: 0, team: 0, slot: 0 }, 3);
        legal.push(Action::END);
        let listed = [Action::slide(1, 0), Action::slide(4, 3), Action::slide(4, 5), Action::END];
        assert_eq!(legal.as_slice(board), listed);
        assert_eq!((0..legal.len()).map(|i| legal.nth(i, || board)).collect::<Vec<_>>(), listed);
        assert!(legal.contains(Action::slide(4, 5), board));
        // Onto a stone, from the other team's stone, and between sites that do not neighbour.
        assert!(!legal.contains(Action::slide(1, 2), board));
        assert!(!legal.contains(Action::slide(2, 3), board));
        assert!(!legal.contains(Action::slide(1, 5), board));
    }
}
