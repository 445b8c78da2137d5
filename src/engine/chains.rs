//! Chains: groups of one team's stones under a relation, kept with their *pseudo-liberties* so
//! that capture by enclosure costs a few operations per placement instead of a flood fill.
//!
//! A pseudo-liberty is one (stone, empty neighbour) adjacency; a group's pseudo-liberties count
//! an empty site once per stone of the group next to it. They are easy to keep as stones
//! arrive and leave, and they answer the two questions capture asks exactly:
//! - the group has no liberty iff it has no pseudo-liberty;
//! - the group has exactly one liberty (it is *in atari*) iff all its pseudo-liberties are the
//!   same site: with n pseudo-liberties of sum Σ and sum of squares Q, that is Σ² = n·Q
//!   (equality in Cauchy–Schwarz).
//!
//! Each group also keeps the XOR of the position keys of its stones, so that the hash of the
//! position after a capture is known before the capture is made (for bans on repetition), and
//! a circular list of its stones, so that removing it visits only its stones.
//!
//! Every stone carries the id of its group (the site of one of its stones), so that the group
//! of a neighbour is one read: a stone that arrives joins its friendly neighbours' groups, the
//! smaller ones relabelled stone by stone into the largest (each stone is relabelled at most
//! log n times). Whole groups leave through [`Chains::remove_group`]; a single stone taken off
//! some other way may split a group, so the chains are then marked stale and rebuilt from the
//! board on the next question.

use crate::board::Relation;

/// The groups of stones under one relation, with pseudo-liberties, position keys and stone
/// lists per group.
#[derive(Debug, Clone, Default)]
pub struct Chains {
    pub rel: u8,
    /// Per stone: the id of its group (its *root*), whose entries below hold the group's.
    id: Vec<u16>,
    /// Per stone: the next stone of its group (a circular list).
    next: Vec<u16>,
    size: Vec<u16>,
    /// Per root: pseudo-liberties, their sum and sum of squares.
    libs: Vec<u32>,
    lib_sum: Vec<u64>,
    lib_squares: Vec<u64>,
    /// Per root: the XOR of the keys of the group's stones.
    hash: Vec<u64>,
    fresh: bool,
}

impl Chains {
    pub fn new(rel: u8, sites: usize) -> Chains {
        Chains {
            rel,
            id: (0..sites as u16).collect(),
            next: (0..sites as u16).collect(),
            size: vec![1; sites],
            libs: vec![0; sites],
            lib_sum: vec![0; sites],
            lib_squares: vec![0; sites],
            hash: vec![0; sites],
            fresh: true,
        }
    }

    /// The id of the group of the stone on `site`.
    #[inline]
    pub fn root(&self, site: u16) -> u16 {
        self.id[site as usize]
    }

    #[inline]
    fn add_liberty(&mut self, root: u16, lib: u16) {
        let (r, l) = (root as usize, u64::from(lib));
        self.libs[r] += 1;
        self.lib_sum[r] += l;
        self.lib_squares[r] += l * l;
    }

    #[inline]
    fn take_liberty(&mut self, root: u16, lib: u16) {
        let (r, l) = (root as usize, u64::from(lib));
        self.libs[r] -= 1;
        self.lib_sum[r] -= l;
        self.lib_squares[r] -= l * l;
    }

    /// Whether the group with this root has no liberty.
    #[inline]
    pub fn captured(&self, root: u16) -> bool {
        self.libs[root as usize] == 0
    }

    /// Whether the group with this root has exactly one liberty.
    #[inline]
    pub fn in_atari(&self, root: u16) -> bool {
        let r = root as usize;
        let n = u64::from(self.libs[r]);
        n > 0 && self.lib_sum[r] * self.lib_sum[r] == n * self.lib_squares[r]
    }

    /// The XOR of the position keys of the group's stones.
    #[inline]
    pub fn hash(&self, root: u16) -> u64 {
        self.hash[root as usize]
    }

    /// The stones of the group, starting with `site`.
    pub fn stones(&self, site: u16) -> impl Iterator<Item = u16> + '_ {
        let mut at = Some(site);
        std::iter::from_fn(move || {
            let s = at?;
            let n = self.next[s as usize];
            at = (n != site).then_some(n);
            Some(s)
        })
    }

    fn union(&mut self, a: u16, b: u16) -> u16 {
        let (ra, rb) = (self.root(a), self.root(b));
        if ra == rb {
            return ra;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] { (ra, rb) } else { (rb, ra) };
        let (g, s) = (big as usize, small as usize);
        let mut stone = small;
        loop {
            self.id[stone as usize] = big;
            stone = self.next[stone as usize];
            if stone == small {
                break;
            }
        }
        self.size[g] += self.size[s];
        self.libs[g] += self.libs[s];
        self.lib_sum[g] += self.lib_sum[s];
        self.lib_squares[g] += self.lib_squares[s];
        self.hash[g] ^= self.hash[s];
        // Splice the two circular lists into one.
        self.next.swap(g, s);
        big
    }

    /// A stone with position key `key` has arrived on `site` (`board` already shows it).
    #[inline]
    pub fn arrive(&mut self, rel: &Relation, board: &[u8], site: u16, key: u64) {
        if !self.fresh {
            return;
        }
        let i = site as usize;
        let team = board[i];
        self.single(site, key);
        for &n in rel.neighbors(site) {
            let content = board[n as usize];
            if content == 0 {
                self.add_liberty(site, n);
            } else {
                let r = self.root(n);
                self.take_liberty(r, site);
            }
        }
        for &n in rel.neighbors(site) {
            if board[n as usize] == team {
                self.union(site, n);
            }
        }
    }

    /// The group of the stone on `site` has been taken off (`board` already shows every
    /// stone of it gone): its neighbours regain those sites as liberties.
    pub fn remove_group(&mut self, rel: &Relation, board: &[u8], site: u16) {
        if !self.fresh {
            return;
        }
        let mut s = site;
        loop {
            for &n in rel.neighbors(s) {
                if board[n as usize] != 0 {
                    let r = self.root(n);
                    self.add_liberty(r, s);
                }
            }
            s = self.next[s as usize];
            if s == site {
                break;
            }
        }
    }

    /// A single stone has left the board some other way: groups may have split.
    pub fn leave(&mut self) {
        self.fresh = false;
    }

    /// Rebuilds the chains from the board if a stone left them stale.
    pub fn refresh(&mut self, rel: &Relation, board: &[u8], key: impl Fn(u16, u8) -> u64) {
        if self.fresh {
            return;
        }
        self.fresh = true;
        for site in 0..board.len() as u16 {
            if board[site as usize] != 0 {
                let k = key(site, board[site as usize]);
                self.arrive_on_board(rel, board, site, k);
            }
        }
    }

    /// Makes `site` a chain of its own: one stone, no liberty counted yet, its position key.
    #[inline]
    fn single(&mut self, site: u16, key: u64) {
        let i = site as usize;
        self.id[i] = site;
        self.next[i] = site;
        self.size[i] = 1;
        self.libs[i] = 0;
        self.lib_sum[i] = 0;
        self.lib_squares[i] = 0;
        self.hash[i] = key;
    }

    /// As [`Chains::arrive`], during a rebuild, when only the stones before `site` are known:
    /// the liberties are counted from the full board, the unions with earlier stones only.
    fn arrive_on_board(&mut self, rel: &Relation, board: &[u8], site: u16, key: u64) {
        let i = site as usize;
        let team = board[i];
        self.single(site, key);
        for &n in rel.neighbors(site) {
            if board[n as usize] == 0 {
                self.add_liberty(site, n);
            }
        }
        for &n in rel.neighbors(site) {
            if n < site && board[n as usize] == team {
                self.union(site, n);
            }
        }
    }
}
