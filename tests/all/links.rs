//! The project stands alone: what it ships (the README, `docs/`, the game files) points only at
//! files inside the repository. A markdown link to a relative path, and a path to a `.md` file
//! named in a game file's comments, must resolve from the file that names it; nothing may point
//! beside the checkout (`../shared/`, which a user of the repository does not have).

use std::fs;
use std::path::{Path, PathBuf};

use crate::common::files_in;
use crate::common::models::root;

/// The README, every page of `docs/`, and every game file with its variants.
fn shipped() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    files.extend(files_in(&["docs", "games", "games/variants"], &["md", "game"]));
    files
}

/// The targets of `[text](target)` links that name a file of the repository (not a web
/// address, not an anchor of the same page), without their `#anchor`.
fn markdown_targets(text: &str) -> Vec<String> {
    text.match_indices("](")
        .filter_map(|(at, _)| {
            let rest = &text[at + 2..];
            let target = &rest[..rest.find(')')?];
            let path = target.split('#').next().unwrap_or("");
            let external = path.contains("://") || path.starts_with("mailto:");
            (!path.is_empty() && !external && !path.contains(' ')).then(|| path.to_string())
        })
        .collect()
}

/// Paths of markdown files named in a game file's comments (`../docs/CLASSICS.md`).
fn commented_paths(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|line| line.trim_start().strip_prefix(';'))
        .flat_map(|comment| comment.split(|c: char| c.is_whitespace() || ",;()\"".contains(c)))
        .filter(|word| word.contains('/') && word.ends_with(".md"))
        .map(String::from)
        .collect()
}

#[test]
fn nothing_shipped_points_outside_the_repository() {
    let mut broken = Vec::new();
    for file in shipped() {
        let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let name = file.strip_prefix(root()).unwrap_or(&file).display().to_string();
        if text.contains("../shared") {
            broken.push(format!("{name}: names ../shared, which is not part of the repository"));
        }
        let dir = file.parent().unwrap_or(Path::new("."));
        let targets = if name.ends_with(".md") { markdown_targets(&text) } else { commented_paths(&text) };
        for target in targets {
            let resolved = dir.join(&target);
            let inside = resolved.canonicalize().is_ok_and(|p| p.starts_with(root().canonicalize().unwrap()));
            if !inside {
                broken.push(format!("{name}: `{target}` does not resolve inside the repository"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_link_finders_find_links() {
    let page = "See [the rules](CLASSICS.md#chess), [a site](https://example.org) and [top](#top).";
    assert_eq!(markdown_targets(page), ["CLASSICS.md"]);
    let game = "; Rules: ../docs/CLASSICS.md, \"Chess\".\n(game \"x\" (meta (source \"a/b.md\")))";
    assert_eq!(commented_paths(game), ["../docs/CLASSICS.md"]);
}
