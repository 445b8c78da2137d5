//! A relation's neighbour lists padded to one length, for the loops that run at every action.
//!
//! Kensington's vertices have three or four neighbours, as good as at random: a loop over a
//! vertex's list ends at a place the branch predictor guesses about half the time, and a
//! random playout runs three such loops an action (the counts of empty neighbours around the
//! site left and the site filled, and the choice of a step's destination). Padded to the
//! longest list, every loop runs the same number of rounds. The lists are kept twice, with two
//! kinds of pad: where counts are kept, a pad is the count past the last site, which means
//! nothing ([`super::Engine::neighbors_change_empty`]); where a step's destination is chosen, a
//! pad is the site itself, which holds the stone that steps and so is never empty.

use crate::board::Relation;

/// Lists longer than this are walked as they are: padding would cost more rounds than the
/// mispredicted end of the loop.
const WIDEST: usize = 8;

#[derive(Debug, Clone)]
pub(crate) struct Padded {
    width: usize,
    /// Per site, `width` entries: its neighbours in the relation's order, then the number of
    /// sites (the count past the last).
    counted: Vec<u16>,
    /// Per site, `width` entries: its neighbours in the relation's order, then itself.
    picked: Vec<u16>,
}

impl Padded {
    /// The padded lists of `rel` over `sites` sites, unless a site has more than [`WIDEST`]
    /// neighbours.
    pub(crate) fn new(rel: &Relation, sites: usize) -> Option<Padded> {
        let width = rel.max_degree();
        if width > WIDEST {
            return None;
        }
        let (mut counted, mut picked) = (Vec::with_capacity(sites * width), Vec::with_capacity(sites * width));
        for site in 0..sites as u16 {
            let list = rel.neighbors(site);
            counted.extend_from_slice(list);
            counted.resize(counted.len() + width - list.len(), sites as u16);
            picked.extend_from_slice(list);
            picked.resize(picked.len() + width - list.len(), site);
        }
        Some(Padded { width, counted, picked })
    }

    /// The neighbours of `site`, then the count past the last site as often as it takes.
    #[inline(always)]
    pub(crate) fn counted(&self, site: u16) -> &[u16] {
        &self.counted[site as usize * self.width..][..self.width]
    }

    /// The neighbours of `site`, then `site` itself as often as it takes.
    #[inline(always)]
    pub(crate) fn picked(&self, site: u16) -> &[u16] {
        &self.picked[site as usize * self.width..][..self.width]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A path 0-1-2 and a branch 1-3: site 1 has three neighbours, the others one; each list
    /// is its neighbours, then its pad.
    #[test]
    fn every_list_is_as_long_as_the_longest() {
        let rel = Relation::from_edges("links", 4, &[(0, 1), (1, 2), (1, 3)]);
        let padded = Padded::new(&rel, 4).expect("narrow");
        assert_eq!(padded.picked(0), [1, 0, 0]);
        assert_eq!(padded.picked(1), [0, 2, 3]);
        assert_eq!(padded.picked(3), [1, 3, 3]);
        assert_eq!(padded.counted(0), [1, 4, 4]);
        assert_eq!(padded.counted(1), [0, 2, 3]);
    }
}
