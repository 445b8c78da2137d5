//! Byte offsets ↔ protocol positions.
//!
//! Spans in Tabula are byte offsets into UTF-8 text; the protocol counts a position's
//! `character` in UTF-16 code units (the default encoding every client supports). A character
//! outside the Basic Multilingual Plane (an emoji) is one `char`, four bytes, but two UTF-16
//! units, so neither bytes nor chars can be sent as they are.

use lsp_types::{Position, Range};

/// The start of every line of a text, to convert both ways in O(log lines + line length).
pub struct LineIndex<'a> {
    text: &'a str,
    /// Byte offset where each line starts; lines end at `\n` (a `\r` before it stays part of
    /// the line and counts as one unit, which is what clients expect for `\r\n`).
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { text, starts }
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
        let character = self.text[start..offset].encode_utf16().count();
        Position { line: line as u32, character: character as u32 }
    }

    pub fn range(&self, start: usize, end: usize) -> Range {
        Range { start: self.position(start), end: self.position(end.max(start)) }
    }

    /// The byte offset of a position. A line past the end gives the end of the text; a
    /// character past the end of its line gives the end of the line; a position inside a
    /// surrogate pair gives the start of its character.
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else { return self.text.len() };
        let end = self.starts.get(position.line as usize + 1).map(|&e| e - 1).unwrap_or(self.text.len());
        let mut units = 0usize;
        for (i, c) in self.text[start..end].char_indices() {
            units += c.len_utf16();
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
        let index = LineIndex::new(text);
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
        let index = LineIndex::new(text);
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
}
