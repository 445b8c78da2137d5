//! `(line N RELATION SITE [exact])` after checking: the relation is already resolved into its
//! axes, so the engine walks step tables and never looks at names.

use super::{Int, SiteVar};
use crate::board::axes::Axis;

/// A run of stones of one team through a site along one axis: at least `len` stones, or, when
/// `exact`, a maximal run of exactly `len` on some axis (an overline on one axis does not
/// count, but another axis may still have exactly `len`). The site's stone must match `of`
/// (the subject's, unless the rule says `enemy` or `occupied`), and the run is of its team.
#[derive(Debug, Clone, PartialEq)]
pub struct Line {
    pub len: Int,
    /// Pairs of opposite directions, indices into the board's directions.
    pub axes: Vec<Axis>,
    /// For a line along an owned relation whose versions differ: the axes for each team
    /// (`axes` is then the first team's). Empty otherwise.
    pub owned: Vec<Vec<Axis>>,
    pub site: SiteVar,
    pub exact: bool,
    /// Whose stone the site holds: `Friend`, `Enemy` or `Occupied` (any team's).
    pub of: super::Filter,
}
