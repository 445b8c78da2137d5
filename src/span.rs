//! Byte ranges in loaded source files.
//!
//! Below every layer: the parser gives each form a span, the checker and the engine keep spans
//! to point back into the file, and diagnostics render them. Keeping the type here lets
//! [`crate::diagnostic`] use it without depending on the parser.

/// Which loaded file a span belongs to (an index into the caller's list of sources).
pub type SourceId = u16;

/// A byte range in one source file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub source: SourceId,
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(source: SourceId, start: usize, end: usize) -> Span {
        Span { source, start: start as u32, end: end as u32 }
    }

    pub fn len(&self) -> usize {
        (self.end - self.start) as usize
    }

    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The span of the first byte only (used to point at an opening parenthesis).
    pub fn first_char(&self) -> Span {
        Span { end: (self.start + 1).min(self.end.max(self.start + 1)), ..*self }
    }

    /// The span of the last byte only (used to point at a closing parenthesis).
    pub fn last_char(&self) -> Span {
        Span { start: self.end.saturating_sub(1).max(self.start), ..*self }
    }
}
