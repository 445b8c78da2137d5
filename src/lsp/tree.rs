//! A forgiving reading of a file being edited, for hover, completion, definitions and symbols.
//!
//! The real parser ([`crate::syntax::parse`]) rejects a file with one missing `)`, which is
//! what a file looks like most of the time while it is typed. This reader never fails: an
//! unclosed list ends at the end of the file, a stray `)` is skipped, an unterminated string
//! ends at the end of its line. It keeps every token's byte span and nothing else. Diagnostics
//! never come from here; they come from the checker.

use crate::syntax::MAX_DEPTH;

/// One token of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Open,
    Close,
    /// A string literal, quotes included in the span.
    Str,
    /// A word: a ludeme, keyword, name or number.
    Word,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub start: usize,
    pub end: usize,
}

/// The tokens of a text, comments and whitespace left out.
pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let start = i;
        let kind = match bytes[i] {
            b' ' | b'\t' | b'\r' | b'\n' => {
                i += 1;
                continue;
            }
            b';' => {
                i = text[i..].find('\n').map(|n| i + n).unwrap_or(bytes.len());
                continue;
            }
            b'(' | b'{' => {
                i += 1;
                TokenKind::Open
            }
            b')' | b'}' => {
                i += 1;
                TokenKind::Close
            }
            b'"' => {
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' && bytes[i] != b'\n' {
                    i += if bytes[i] == b'\\' && i + 1 < bytes.len() && bytes[i + 1] != b'\n' { 2 } else { 1 };
                }
                if i < bytes.len() && bytes[i] == b'"' {
                    i += 1;
                }
                TokenKind::Str
            }
            _ => {
                while i < bytes.len() && !is_delimiter(bytes[i]) {
                    i += 1;
                }
                TokenKind::Word
            }
        };
        out.push(Token { kind, start, end: i });
    }
    out
}

fn is_delimiter(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b';' | b'(' | b')' | b'{' | b'}' | b'"')
}

/// A form: a list with its items, or one token.
#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    List { start: usize, end: usize, items: Vec<Form> },
    Atom(Token),
}

impl Form {
    pub fn span(&self) -> (usize, usize) {
        match self {
            Form::List { start, end, .. } => (*start, *end),
            Form::Atom(t) => (t.start, t.end),
        }
    }

    pub fn items(&self) -> &[Form] {
        match self {
            Form::List { items, .. } => items,
            Form::Atom(_) => &[],
        }
    }

    /// The word this atom is, if it is a word.
    pub fn word<'t>(&self, text: &'t str) -> Option<&'t str> {
        match self {
            Form::Atom(t @ Token { kind: TokenKind::Word, .. }) => Some(&text[t.start..t.end]),
            _ => None,
        }
    }

    /// A word, or a string's contents (escapes left as written): the ways a name is written.
    pub fn name<'t>(&self, text: &'t str) -> Option<&'t str> {
        match self {
            Form::Atom(t @ Token { kind: TokenKind::Str, .. }) => {
                let s = &text[t.start..t.end];
                let s = s.strip_prefix('"').unwrap_or(s);
                Some(s.strip_suffix('"').unwrap_or(s))
            }
            _ => self.word(text),
        }
    }

    /// The head word of a list.
    pub fn head<'t>(&self, text: &'t str) -> Option<&'t str> {
        self.items().first().and_then(|f| f.word(text))
    }
}

/// The forms of a text. Lists nested deeper than [`MAX_DEPTH`] are flattened into the list at
/// that depth (the checker rejects such files anyway), so no walk over the tree, and no drop of
/// it, can exhaust the stack.
pub fn forms(text: &str) -> Vec<Form> {
    let mut stack: Vec<(usize, Vec<Form>)> = vec![(0, Vec::new())];
    // `(` past the depth limit not yet closed.
    let mut excess = 0usize;
    for token in tokens(text) {
        match token.kind {
            TokenKind::Open if stack.len() > MAX_DEPTH => excess += 1,
            TokenKind::Open => stack.push((token.start, Vec::new())),
            TokenKind::Close if excess > 0 => excess -= 1,
            TokenKind::Close if stack.len() > 1 => {
                let (start, items) = stack.pop().unwrap_or_default();
                let list = Form::List { start, end: token.end, items };
                if let Some((_, parent)) = stack.last_mut() {
                    parent.push(list);
                }
            }
            // A stray `)` at the top level.
            TokenKind::Close => {}
            _ => {
                if let Some((_, items)) = stack.last_mut() {
                    items.push(Form::Atom(token));
                }
            }
        }
    }
    while stack.len() > 1 {
        let (start, items) = stack.pop().unwrap_or_default();
        let list = Form::List { start, end: text.len(), items };
        if let Some((_, parent)) = stack.last_mut() {
            parent.push(list);
        }
    }
    stack.pop().map(|(_, items)| items).unwrap_or_default()
}

/// The word or string under the cursor: the one holding the character at `offset`.
///
/// A protocol position lies between two characters and names the one after it: the character
/// an editor's cursor is on in normal mode, or the mouse is over. So a word is found from its
/// first letter to its last, and not from the blank after it (which a hover must leave alone).
pub fn token_at(tokens: &[Token], offset: usize) -> Option<(usize, Token)> {
    let i = tokens.partition_point(|t| t.end <= offset);
    let t = *tokens.get(i)?;
    (t.start <= offset && matches!(t.kind, TokenKind::Word | TokenKind::Str)).then_some((i, t))
}

/// The lists open at an offset, outermost first: for each, its head word (if it has one
/// before the offset) and how many items it has before the offset. Only the text before the
/// offset is read, so what follows the cursor, however broken, does not matter.
pub fn open_lists<'t>(text: &'t str, tokens: &[Token], offset: usize) -> Vec<OpenList<'t>> {
    let mut stack: Vec<OpenList<'t>> = Vec::new();
    for t in tokens.iter().take_while(|t| t.end <= offset || t.start < offset && t.kind != TokenKind::Word) {
        match t.kind {
            TokenKind::Open => stack.push(OpenList { head: None, items: 0 }),
            TokenKind::Close => {
                stack.pop();
                if let Some(parent) = stack.last_mut() {
                    parent.items += 1;
                }
            }
            TokenKind::Word | TokenKind::Str => {
                // A word that reaches the offset is the one being typed: not an item yet.
                if t.end == offset && t.kind == TokenKind::Word {
                    break;
                }
                if let Some(list) = stack.last_mut() {
                    if list.items == 0 && t.kind == TokenKind::Word {
                        list.head = Some(&text[t.start..t.end]);
                    }
                    list.items += 1;
                }
            }
        }
    }
    stack
}

#[derive(Debug, Clone, PartialEq)]
pub struct OpenList<'t> {
    pub head: Option<&'t str>,
    pub items: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn broken_text_still_has_a_tree() {
        let text = "(game \"x\" (players a b) (board (square\n; (no\n\"open";
        let forms = forms(text);
        assert_eq!(forms.len(), 1);
        assert_eq!(forms[0].head(text), Some("game"));
        let items = forms[0].items();
        assert_eq!(items[1].name(text), Some("x"));
        assert_eq!(items[2].head(text), Some("players"));
        assert_eq!(items[3].items()[1].head(text), Some("square"));
        assert_eq!(forms[0].span(), (0, text.len()));
    }

    #[test]
    fn ten_thousand_brackets_are_flattened_not_recursed() {
        let text = "(".repeat(10_000) + &")".repeat(3);
        let forms = forms(&text);
        let mut depth = 0;
        let mut form = &forms[0];
        while let Some(inner) = form.items().first() {
            depth += 1;
            form = inner;
        }
        assert_eq!(depth, MAX_DEPTH - 1);
    }

    #[test]
    fn open_lists_before_the_cursor() {
        let text = "(play (turn (place (to empty) (then (re";
        let open = open_lists(text, &tokens(text), text.len());
        let heads: Vec<_> = open.iter().map(|l| (l.head, l.items)).collect();
        assert_eq!(heads, [(Some("play"), 1), (Some("turn"), 1), (Some("place"), 2), (Some("then"), 1), (None, 0)]);
    }

    #[test]
    fn the_token_at_a_position_is_the_one_holding_the_character_after_it() {
        let text = "(place \"x y\")";
        let tokens = tokens(text);
        let at = |offset| token_at(&tokens, offset).map(|(_, t)| &text[t.start..t.end]);
        assert_eq!(at(0), None, "the bracket");
        assert_eq!(at(1), Some("place"), "the first letter");
        assert_eq!(at(5), Some("place"), "the last letter");
        assert_eq!(at(6), None, "the blank after");
        assert_eq!(at(7), Some("\"x y\""), "the opening quote");
        assert_eq!(at(11), Some("\"x y\""), "the closing quote");
        assert_eq!(at(12), None, "the bracket after");
        assert_eq!(at(13), None, "the end of the text");
    }
}
