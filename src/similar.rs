//! "Did you mean …?": the known name closest to a misspelt one.
//!
//! A small shared utility below the layers: the checker suggests names of the rule language, the
//! engine suggests site labels for a mistyped action, the CLI suggests commands at the prompt.

/// The candidate closest to `name` by edit distance, if it is close enough to be a plausible
/// typo (distance at most a third of the name's length, at least 1; or a case-insensitive or
/// punctuation-insensitive match).
pub fn most_similar<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let folded = fold(name);
    let limit = (name.chars().count() / 3).max(1);
    let mut best: Option<(usize, &str)> = None;
    for candidate in candidates {
        if candidate == name {
            continue;
        }
        let folded_candidate = fold(candidate);
        let distance = if folded_candidate == folded {
            0
        } else if folded.len() >= 3 && folded_candidate.starts_with(&folded) {
            // A prefix, as in `Flood` for `Floodplain`.
            1
        } else {
            edit_distance(name, candidate)
        };
        if distance <= limit && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// The help line for a misspelt name, if a similar one exists.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    most_similar(name, candidates).map(|c| format!("did you mean `{c}`?"))
}

fn fold(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// Levenshtein distance over characters.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn close_names_are_suggested() {
        let known = ["orthogonal", "diagonal", "all"];
        assert_eq!(most_similar("orthogonl", known), Some("orthogonal"));
        assert_eq!(most_similar("Orthogonal", known), Some("orthogonal"));
        assert_eq!(most_similar("diag", known), Some("diagonal"));
        assert_eq!(most_similar("qq", known), None);
        assert_eq!(most_similar("xyz", known), None);
    }

    #[test]
    fn distance_counts_edits() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
    }
}
