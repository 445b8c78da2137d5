//! Where the rules read the game's history — `(unmoved ...)`, `previous-from`, `previous-to` —
//! which decides what a position compared for `(repetition ...)` holds (LANGUAGE.md,
//! "Positions and rights"): the rights of piece moves when only their `where` (and their own
//! effects) read it, which pieces are unmoved when anything else does.

use super::{Bool, Constraint, Effect, EndRule, Game, Int, MoveKind, SiteVar, Sites};

fn is_history(v: SiteVar) -> bool {
    matches!(v, SiteVar::PreviousFrom | SiteVar::PreviousTo)
}

impl Sites {
    /// Whether the set is taken from the previous move's origin or destination.
    pub fn reads_history(&self) -> bool {
        self.vars().any(is_history)
    }
}

impl Bool {
    /// Whether the condition, or one nested in it, reads the history.
    pub fn reads_history(&self) -> bool {
        let mut found = false;
        self.walk(&mut |b| found |= b.reads_history_here());
        found
    }
}

impl Int {
    /// Whether the number, or a condition or number nested in it, reads the history.
    pub fn reads_history(&self) -> bool {
        let mut found = false;
        self.walk(&mut |i| {
            found |= match i {
                Int::Count(_, s) => s.reads_history(),
                Int::Liberties(v, _) => is_history(*v),
                Int::If(c, _, _) => c.reads_history(),
                _ => false,
            }
        });
        found
    }
}

impl Effect {
    /// Whether the effect, or one nested in it, reads the history.
    pub fn reads_history(&self) -> bool {
        match self {
            Effect::Remove { sites, conditions, .. } | Effect::RemoveGroups { sites, conditions, .. } => {
                sites.reads_history() || conditions.iter().any(Bool::reads_history)
            }
            Effect::If { condition, then, otherwise } => {
                condition.reads_history() || then.iter().chain(otherwise).any(Effect::reads_history)
            }
            Effect::Allow { value, .. } | Effect::Add { value, .. } => value.reads_history(),
            Effect::Flip(sites) | Effect::Put { sites, .. } => sites.reads_history(),
            Effect::Collect { from, into } => from.iter().chain([into]).any(Sites::reads_history),
            Effect::Shift { from, to } => from.reads_history() || to.reads_history(),
            Effect::Promote { site, .. } => is_history(*site),
            Effect::Win(_) | Effect::Draw | Effect::Again | Effect::Rotate { .. } => false,
        }
    }
}

impl Game {
    /// Whether some rule reads the history other than in the `where` of a piece move (a slide,
    /// leap or hop) or in the effects of a piece move whose `where` reads it: in a placement's
    /// `where`, a move's origins, destinations or distance, a `require`, an `after`, another
    /// effect, a stage's bounds, a phase's `until`, a snapshot or an end rule.
    pub fn reads_history_outside_piece_wheres(&self) -> bool {
        let effects = |list: &[Effect]| list.iter().any(Effect::reads_history);
        let phases = self.phases.iter().any(|phase| {
            phase.until.as_ref().is_some_and(Bool::reads_history)
                || effects(&phase.after_turn)
                || phase.stages.iter().any(|stage| {
                    stage.min.reads_history()
                        || stage.max.reads_history()
                        || stage.moves.iter().any(|m| {
                            // A piece move's effects run only when the move is made, which the
                            // position's rights say it may be when its `where` reads the history.
                            let in_where = m.conditions.iter().any(Bool::reads_history);
                            let outside = if m.kind.moves_a_piece() {
                                !in_where && effects(&m.then)
                            } else {
                                in_where || effects(&m.then)
                            };
                            let distance =
                                matches!(&m.kind, MoveKind::Ride { distance: Some(d), .. } if d.reads_history());
                            outside
                                || distance
                                || m.from.reads_history()
                                || m.to.reads_history()
                                || m.require.iter().any(|r| matches!(r, Constraint::Condition(c) if c.reads_history()))
                                || m.after.iter().any(Bool::reads_history)
                        })
                })
        });
        let ends = self.end.iter().any(|rule| {
            matches!(rule, EndRule::When { condition, .. } if condition.reads_history()) || {
                let mut found = false;
                rule.outcome().walk_ints(&mut |i| found |= i.reads_history());
                found
            }
        });
        phases || ends || self.snapshots.iter().any(Int::reads_history)
    }
}
