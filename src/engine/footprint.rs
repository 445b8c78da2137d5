//! The memory one game takes in the engine, for whoever keeps many (`tabula serve`).

use super::Engine;

impl Engine {
    /// The memory this engine and one state of it need, in bytes: the estimate of
    /// [`crate::game::footprint`], which the checker also uses to refuse a game that would
    /// need more than [`crate::game::footprint::GAME_BYTES`].
    pub fn estimated_bytes(&self) -> usize {
        usize::try_from(self.game().estimated_bytes()).unwrap_or(usize::MAX)
    }
}
