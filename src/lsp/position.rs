//! Byte offsets ↔ protocol positions.
//!
//! Spans in Tabula are byte offsets into UTF-8 text; the protocol counts a position's
//! `character` in the code units of the position encoding negotiated at `initialize`: UTF-16
//! unless client and server agree on another ([`Encoding::negotiate`]). A character outside
//! the Basic Multilingual Plane (an emoji) is one `char`, four bytes, but two UTF-16 units, so
//! neither bytes nor chars can be sent as they are.
//!
//! A position lies *between* characters; the character "at" a position (the one a cursor in
//! an editor's normal mode is on, or the mouse is over) is the one that starts there.

use lsp_types::{Position, PositionEncodingKind, Range};

/// What a position's `character` counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    /// Bytes of UTF-8.
    Utf8,
    /// UTF-16 code units: the protocol's default, which every client supports.
    #[default]
    Utf16,
    /// Unicode code points.
    Utf32,
}

impl Encoding {
    /// The encoding for a client, from the parameters of its `initialize`: the first of the
    /// encodings it lists (`capabilities.general.positionEncodings`, most preferred first) that
    /// the server knows, else UTF-16, as the protocol requires.
    pub fn negotiate(initialize_params: &serde_json::Value) -> Encoding {
        let offered = initialize_params.pointer("/capabilities/general/positionEncodings");
        offered
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
            .find_map(|kind| match kind.as_str()? {
                "utf-8" => Some(Encoding::Utf8),
                "utf-16" => Some(Encoding::Utf16),
                "utf-32" => Some(Encoding::Utf32),
                _ => None,
            })
            .unwrap_or_default()
    }

    /// How the server announces it (`capabilities.positionEncoding`).
    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    fn units(self, c: char) -> usize {
        match self {
            Encoding::Utf8 => c.len_utf8(),
            Encoding::Utf16 => c.len_utf16(),
            Encoding::Utf32 => 1,
        }
    }
}

/// The start of every line of a text, to convert both ways in O(log lines + line length).
pub struct LineIndex<'a> {
    text: &'a str,
    encoding: Encoding,
    /// Byte offset where each line starts; lines end at `\n` (a `\r` before it stays part of
    /// the line and counts as one unit, which is what clients expect for `\r\n`).
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str, encoding: Encoding) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, encoding, starts }
    }

    pub fn encoding(&self) -> Encoding {
        self.encoding
    }

    /// The position of a byte offset (clamped to the text, and down to a char boundary, so
    /// that a span from an older version of the text cannot make it fail).
    pub fn position(&self, offset: usize) -> Position {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let character: usize = self.text[start..offset].chars().map(|c| self.encoding.units(c)).sum();
        Position { line: line as u32, character: character as u32 }
    }

    pub fn range(&self, start: usize, end: usize) -> Range {
        Range { start: self.position(start), end: self.position(end.max(start)) }
    }

    /// The byte offset of a position: where the character at that position starts. A line
    /// past the end gives the end of the text; a character past the end of its line gives the
    /// end of the line; a position inside a character (a UTF-16 surrogate pair, a UTF-8
    /// sequence) gives the start of that character.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return self.text.len() };
        let end = self.starts.get(position.line as usize + 1).map(|&e| e - 1).unwrap_or(self.text.len());
        let mut units = 0usize;
        for (i, c) in self.text[start..end].char_indices() {
            units += self.encoding.units(c);
            if units > position.character as usize {
                return start + i;
            }
        }
        end
    }

    /// The range of the whole text.
    pub fn whole(&self) -> Range {
        Range { start: Position { line: 0, character: 0 }, end: self.position(self.text.len()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: u32, character: u32) -> Position {
        Position { line, character }
    }

    #[test]
    fn ascii_positions_agree_with_check_json_line_and_column() {
        let text = "(game \"x\"\n  (players a b)\n\n  (board (square 3)))\n";
        let mut sources = crate::diagnostic::Sources::new();
        let id = sources.add("t.game", text);
        let index = LineIndex::new(text, Encoding::Utf16);
        for offset in 0..=text.len() {
            let (line, column) = sources.line_col(id, offset as u32);
            assert_eq!(index.position(offset), pos(line as u32 - 1, column as u32 - 1), "offset {offset}");
            assert_eq!(index.offset(index.position(offset)), offset);
        }
    }

    #[test]
    fn multibyte_characters_count_in_utf16_units() {
        // é: 2 bytes, 1 unit; 🎲: 4 bytes, 2 units.
        let text = "; é🎲\n(é🎲 x)";
        let index = LineIndex::new(text, Encoding::Utf16);
        let x = text.rfind('x').unwrap();
        assert_eq!(index.position(x), pos(1, 5));
        assert_eq!(index.offset(pos(1, 5)), x);
        assert_eq!(index.position(text.find('🎲').unwrap()), pos(0, 3));
        // Inside the surrogate pair: the start of the emoji.
        assert_eq!(index.offset(pos(0, 4)), text.find('🎲').unwrap());
        // Past the end of a line, or of the text.
        assert_eq!(index.offset(pos(0, 99)), text.find('\n').unwrap());
        assert_eq!(index.offset(pos(7, 0)), text.len());
        // An offset inside a character is taken back to its start.
        assert_eq!(index.position(text.find('é').unwrap() + 1), pos(0, 2));
    }

    #[test]
    fn utf8_and_utf32_count_bytes_and_code_points() {
        let text = "; é🎲\n(é🎲 x)";
        let x = text.rfind('x').unwrap();
        let utf8 = LineIndex::new(text, Encoding::Utf8);
        assert_eq!(utf8.position(x), pos(1, 8));
        assert_eq!(utf8.offset(pos(1, 8)), x);
        // Inside the emoji's four bytes: the start of the emoji.
        assert_eq!(utf8.offset(pos(0, 6)), text.find('🎲').unwrap());
        let utf32 = LineIndex::new(text, Encoding::Utf32);
        assert_eq!(utf32.position(x), pos(1, 4));
        assert_eq!(utf32.offset(pos(1, 4)), x);
    }

    #[test]
    fn the_first_encoding_the_client_lists_that_the_server_knows() {
        let params =
            |list: serde_json::Value| serde_json::json!({"capabilities": {"general": {"positionEncodings": list}}});
        assert_eq!(Encoding::negotiate(&params(serde_json::json!(["utf-32", "utf-16"]))), Encoding::Utf32);
        assert_eq!(Encoding::negotiate(&params(serde_json::json!(["latin-1", "utf-8"]))), Encoding::Utf8);
        assert_eq!(Encoding::negotiate(&params(serde_json::json!(["latin-1"]))), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(&params(serde_json::json!("utf-8"))), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(&serde_json::json!({"capabilities": {}})), Encoding::Utf16);
        assert_eq!(Encoding::negotiate(&serde_json::Value::Null), Encoding::Utf16);
    }
}
