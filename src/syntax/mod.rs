//! Syntax: from source text to a tree of [`Node`]s with spans.
//!
//! Parsing is two passes. A cheap scan ([`scan`]) checks what a generated parser reports badly —
//! unbalanced parentheses (labelling the `(` that is never closed), unterminated strings, and
//! nesting deep enough to exhaust the stack — and then the pest grammar `grammar/tabula.pest`
//! builds the tree. The pest `Rule` type stays private; the public API is [`parse`] and [`Node`].

mod ast;
mod parser;
mod scan;

pub use ast::{Node, NodeKind, SourceId, Span, quote};
pub use parser::{parse, unescape};

/// Deepest nesting of `(` the parser accepts. Real game files stay far below; the bound keeps
/// hostile input (ten thousand `(`) from exhausting the stack of the parser or the checker.
pub const MAX_DEPTH: usize = 200;

/// Largest source file accepted, in bytes.
pub const MAX_SOURCE_BYTES: usize = 4 << 20;
