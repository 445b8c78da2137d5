//! A grid of terminal columns to draw text boards on.
//!
//! Boards are laid out by column, and a column is what a terminal shows, not a `char`: a CJK
//! initial such as `黒` takes two. The canvas places every character by its display width
//! (from `unicode-width`), so a wide stone keeps the cells after it where the layout put them.

use unicode_width::UnicodeWidthChar;

/// One terminal column.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Slot {
    Blank,
    Char(char),
    /// The right half of the wide character in the slot before.
    Covered,
}

/// Lines of terminal columns, growing as text is put on them.
#[derive(Debug, Default)]
pub struct Canvas {
    lines: Vec<Vec<Slot>>,
}

/// The columns a text takes in a terminal; characters with no width of their own (controls,
/// combining marks) count as none.
pub fn width(text: &str) -> usize {
    text.chars().map(|c| c.width().unwrap_or(0)).sum()
}

impl Canvas {
    /// Writes `text` from column `col` of line `line`, each character over as many columns as it
    /// is wide. Characters of no width are left out: they have no column of their own.
    pub fn put(&mut self, line: usize, col: usize, text: &str) {
        if self.lines.len() <= line {
            self.lines.resize(line + 1, Vec::new());
        }
        let row = &mut self.lines[line];
        let mut at = col;
        for c in text.chars() {
            let w = c.width().unwrap_or(0);
            if w == 0 {
                continue;
            }
            if row.len() < at + w {
                row.resize(at + w, Slot::Blank);
            }
            // Writing over half of a wide character blanks its other half.
            for k in at..at + w {
                match row[k] {
                    Slot::Covered if k == at && k > 0 => row[k - 1] = Slot::Blank,
                    Slot::Char(old) if old.width() == Some(2) && k + 1 == at + w && k + 1 < row.len() => {
                        row[k + 1] = Slot::Blank;
                    }
                    _ => {}
                }
            }
            row[at] = Slot::Char(c);
            if w == 2 {
                row[at + 1] = Slot::Covered;
            }
            at += w;
        }
    }

    /// The lines, trailing blanks removed, each ending with a newline.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for row in &self.lines {
            let mut line = String::new();
            for slot in row {
                match slot {
                    Slot::Blank => line.push(' '),
                    Slot::Char(c) => line.push(*c),
                    Slot::Covered => {}
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_characters_take_two_columns() {
        let mut c = Canvas::default();
        c.put(0, 0, "黒 .");
        c.put(1, 0, ". . .");
        c.put(1, 2, "白");
        // `白` takes columns 2 and 3: the dot after it stays at column 4.
        assert_eq!(c.text(), "黒 .\n. 白.\n");
    }

    #[test]
    fn overwriting_half_a_wide_character_blanks_the_other_half() {
        let mut c = Canvas::default();
        c.put(0, 0, "黒白");
        c.put(0, 1, "x");
        assert_eq!(c.text(), " x白\n");
        c.put(0, 3, "y");
        assert_eq!(c.text(), " x y\n");
    }

    #[test]
    fn characters_without_width_are_left_out() {
        let mut c = Canvas::default();
        c.put(2, 1, "a\u{301}\u{7}b");
        assert_eq!(c.text(), "\n\n ab\n");
        assert_eq!(width("a\u{301}黒"), 3);
    }
}
