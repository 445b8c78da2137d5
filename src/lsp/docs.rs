//! What each ludeme means, taken from `docs/LANGUAGE.md` itself, so that hover text and the
//! language reference are one text and cannot drift apart.
//!
//! The reference gives every ludeme a heading that names it in backticks (`### \`place\``,
//! `#### \`if\` (number)`); the entry is that heading and everything up to the next heading.
//! A unit test below holds every ludeme of the checker's table to having an entry.

/// The language reference, compiled in.
pub const LANGUAGE: &str = include_str!("../../docs/LANGUAGE.md");

/// The entries of the reference whose heading names `ludeme` in backticks, in the order they
/// appear (a name with several uses, such as `if` or `counter`, has one entry per use).
pub fn entries(ludeme: &str) -> Vec<&'static str> {
    let tick = format!("`{ludeme}`");
    let mut found = Vec::new();
    let mut fenced = false;
    // Byte offset of the open entry, if its heading names the ludeme.
    let mut open: Option<usize> = None;
    let mut offset = 0;
    for line in LANGUAGE.split_inclusive('\n') {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        if !fenced && line.starts_with('#') {
            if let Some(start) = open.take() {
                found.push(LANGUAGE[start..offset].trim_end());
            }
            if line.contains(&tick) {
                open = Some(offset);
            }
        }
        offset += line.len();
    }
    if let Some(start) = open {
        found.push(LANGUAGE[start..].trim_end());
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::LUDEMES;

    #[test]
    fn every_ludeme_the_checker_knows_has_an_entry_per_use() {
        let mut missing = Vec::new();
        for (name, _, _) in LUDEMES {
            let uses = LUDEMES.iter().filter(|(n, _, _)| n == name).count();
            if entries(name).len() < uses {
                missing.push(*name);
            }
        }
        assert!(missing.is_empty(), "ludemes without an entry in docs/LANGUAGE.md: {missing:?}");
    }

    #[test]
    fn an_entry_is_its_heading_and_text_up_to_the_next_heading() {
        let place = entries("place");
        assert_eq!(place.len(), 2, "the move, and the clause of `setup`");
        assert!(place[0].starts_with("### `place`\n"), "{}", place[0]);
        assert!(place[1].starts_with("#### `place` (setup)\n"), "{}", place[1]);
        assert!(place[0].contains("(place (to SITES)"));
        assert!(!place[0].contains("### `slide`"));
        // Two uses, two entries.
        let ifs = entries("if");
        assert_eq!(ifs.len(), 3);
        assert!(ifs.iter().any(|e| e.starts_with("#### `if` (number)")));
        assert!(ifs.iter().any(|e| e.starts_with("#### `if` (part)")));
        assert!(entries("no-such-ludeme").is_empty());
    }
}
