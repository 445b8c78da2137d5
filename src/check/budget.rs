//! The memory budget of one game: the checker adds up what the board, each declared relation
//! and each region will cost ([`crate::game::footprint`]) *before* building them, and refuses
//! the file once the total passes [`GAME_BYTES`] — a few kilobytes of text must not be able to
//! ask for gigabytes.

use super::Context;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::footprint::{GAME_BYTES, human};
use crate::syntax::Span;

/// What the game checked so far will cost.
#[derive(Debug, Default)]
pub(crate) struct Budget {
    /// Estimated bytes of everything charged.
    pub spent: u64,
    /// The budget was passed and reported: nothing more is built or reported.
    refused: bool,
}

impl Context {
    /// The game is over budget (and that is reported): build nothing more.
    pub fn budget_refused(&self) -> bool {
        self.budget.refused
    }

    /// Charges `bytes` for the product of the form at `span` (described by `what`, for the
    /// message). Returns whether it may be built: false once the game is over budget, which is
    /// reported once, at the form that passed it.
    pub fn charge(&mut self, bytes: u64, span: Span, what: impl FnOnce() -> String) -> bool {
        if self.budget.refused {
            return false;
        }
        self.budget.spent = self.budget.spent.saturating_add(bytes);
        if self.budget.spent <= GAME_BYTES {
            return true;
        }
        self.budget.refused = true;
        let total = human(self.budget.spent);
        self.report(
            Diagnostic::error(
                codes::TOO_COSTLY,
                format!("this game would need more memory than one game may have ({})", human(GAME_BYTES)),
            )
            .label(span, format!("{}: the estimate reaches {total}", what()))
            .help(
                "every relation and region keeps a table of the whole board: declare fewer of them, \
                 or use a smaller board (the limits are in docs/LIMITS.md)",
            ),
        );
        false
    }
}
