//! An open document: its text as the editor has it, kept in step with incremental changes,
//! whether it waits to be checked, and what the last check learnt about its board.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use lsp_types::{TextDocumentContentChangeEvent, Uri};

use super::checking::Pending;
use super::index::Index;
use super::position::{Encoding, LineIndex};
use super::tree::{self, Token};
use crate::syntax::MAX_SOURCE_BYTES;

/// The board of the last check that built one: its relations and built-in regions, for
/// completion and hover while the file does not check.
#[derive(Debug, Clone, Default)]
pub struct BoardInfo {
    /// How the board was made (`(square 9)`), for hover text.
    pub shape: String,
    /// Name, number of links, most neighbours of a site.
    pub relations: Vec<(String, usize, usize)>,
    /// Name, number of parts, number of sites.
    pub regions: Vec<(String, usize, usize)>,
}

#[derive(Debug, Clone)]
pub struct Document {
    pub uri: Uri,
    /// The file on disk, for a `file:` URI.
    pub path: Option<PathBuf>,
    pub text: String,
    pub version: i32,
    /// The names of the files the last check read besides this one (its bases), to re-check
    /// it when one of them changes.
    pub depends_on: Vec<String>,
    pub board: Option<BoardInfo>,
    /// Which state of the document (its text, and the bases it reads) a check's result must
    /// be of to be published: a number from the server's counter, renewed by every change.
    pub generation: u64,
    /// Changed since it was last sent to be checked: it waits for its check.
    pub pending: Option<Pending>,
    /// The text shared with the checker's thread, made when first needed after a change.
    shared: Option<Arc<str>>,
}

impl Document {
    pub fn new(uri: Uri, text: String, version: i32, generation: u64) -> Document {
        let path = super::uri::to_path(&uri);
        let pending = Some(Pending::new(Instant::now()));
        Document { uri, path, text, version, depends_on: Vec::new(), board: None, generation, pending, shared: None }
    }

    /// The name the checker knows the document by: its path, or the URI for a buffer that is
    /// not a file.
    pub fn name(&self) -> String {
        match &self.path {
            Some(p) => p.display().to_string(),
            None => self.uri.as_str().to_string(),
        }
    }

    /// Applies the changes of one `didChange`, in order. A change with a range replaces that
    /// range (positions in `encoding`'s units of the text as it is after the previous change);
    /// one without replaces the whole text.
    pub fn apply(&mut self, changes: Vec<TextDocumentContentChangeEvent>, version: i32, encoding: Encoding) {
        for change in changes {
            match change.range {
                Some(range) => {
                    let index = LineIndex::new(&self.text, encoding);
                    let start = index.offset(range.start);
                    let end = index.offset(range.end).max(start);
                    self.text.replace_range(start..end, &change.text);
                }
                None => self.text = change.text,
            }
        }
        self.version = version;
        self.shared = None;
    }

    /// Marks the document as changed (itself, or a base it reads) at `now`: a check of an
    /// older generation is out of date, and a new one waits to be started.
    pub fn changed(&mut self, generation: u64, now: Instant) {
        self.generation = generation;
        self.pending = Some(match self.pending {
            Some(p) => p.again(now),
            None => Pending::new(now),
        });
    }

    /// The text, shared: copied once per change however many checks read it.
    pub fn shared_text(&mut self) -> Arc<str> {
        self.shared.get_or_insert_with(|| Arc::from(self.text.as_str())).clone()
    }

    /// Too large for the checker: every request on it gets an empty answer.
    pub fn too_large(&self) -> bool {
        self.text.len() > MAX_SOURCE_BYTES
    }
}

/// What a request needs to know about a document, computed once per request.
pub struct Analysis<'d> {
    pub text: &'d str,
    pub lines: LineIndex<'d>,
    pub tokens: Vec<Token>,
    pub index: Index,
    pub board: Option<&'d BoardInfo>,
}

impl<'d> Analysis<'d> {
    pub fn new(doc: &'d Document, encoding: Encoding, load: &dyn Fn(&Path) -> Option<Arc<str>>) -> Analysis<'d> {
        Analysis {
            text: &doc.text,
            lines: LineIndex::new(&doc.text, encoding),
            tokens: tree::tokens(&doc.text),
            index: Index::build(doc.path.as_deref(), Arc::from(doc.text.as_str()), load),
            board: doc.board.as_ref(),
        }
    }

    /// Whether the token at `i` is the head of a list.
    pub fn is_head(&self, i: usize) -> bool {
        i > 0 && self.tokens[i - 1].kind == tree::TokenKind::Open
    }

    /// The head of the list the token at `i` is an argument of, with its position among the
    /// arguments (0 = first argument after the head).
    pub fn parent_head(&self, i: usize) -> Option<(&'d str, usize)> {
        let open = tree::open_lists(self.text, &self.tokens, self.tokens[i].start);
        let list = open.last()?;
        Some((list.head?, list.items.checked_sub(1)?))
    }
}
