//! The game files the server offers, under *virtual names* that never reveal or reach the
//! server's file system beyond what it was told to serve.
//!
//! * `games/…` — the bundled games, compiled into the binary from the repository's `games/`
//!   directory (so `tabula serve` works from any directory, with nothing to install).
//! * `dir1/…`, `dir2/…` — the files under each `--games DIR`, in the order given.
//!
//! A name is normalised lexically (`.` and `..` resolved, no leading `/`) and a file under a
//! directory is opened only if its canonical path (symlinks followed) is still inside that
//! directory's canonical path: `..`, absolute paths and symlinks pointing out are all refused
//! the same way, as "no such game".
//!
//! `(extends "…")` is resolved the same way. The checker would otherwise read a base game
//! from disk relative to the (virtual) file name, so before checking, every base of the chain
//! is looked up here and put into the [`Sources`] under exactly the name the checker will look
//! for; a base that is not in the catalog becomes a diagnostic instead of a file read.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};

use crate::codes;
use crate::diagnostic::{Diagnostic, Sources};
use crate::syntax::{self, SourceId};

static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/games");

/// Prefix of the bundled games' names.
const BUNDLED_ROOT: &str = "games";

/// How deep the listing looks into a `--games` directory, and how many files it lists: a huge
/// tree given by mistake must not make every listing slow.
const LIST_DEPTH: usize = 6;
const LIST_MAX: usize = 2000;

/// Longest chain of `extends` followed (the checker's own bound is the same order).
const MAX_CHAIN: usize = 16;

#[derive(Debug, Clone)]
pub struct Catalog {
    /// Canonical paths of the `--games` directories.
    dirs: Vec<PathBuf>,
}

/// Why a name could not be read.
#[derive(Debug, Clone, PartialEq)]
pub enum Unreadable {
    /// No such game (also: a name outside every root).
    Missing(String),
    /// The file exists but is too large or not text.
    Bad(String),
}

impl Catalog {
    /// `dirs` must exist; they are canonicalised here.
    pub fn new(dirs: &[PathBuf]) -> Result<Catalog, String> {
        let mut canonical = Vec::new();
        for d in dirs {
            let c = std::fs::canonicalize(d).map_err(|e| format!("--games {}: {e}", d.display()))?;
            if !c.is_dir() {
                return Err(format!("--games {}: not a directory", d.display()));
            }
            canonical.push(c);
        }
        Ok(Catalog { dirs: canonical })
    }

    /// Every game file's virtual name, bundled games first, sorted within each root.
    pub fn names(&self) -> Vec<String> {
        let mut names = Vec::new();
        bundled_names(&BUNDLED, &mut names);
        names.sort();
        for (i, dir) in self.dirs.iter().enumerate() {
            let mut found = Vec::new();
            walk(dir, dir, 0, &mut found);
            found.sort();
            names.extend(found.into_iter().map(|rel| format!("dir{}/{rel}", i + 1)));
        }
        names.truncate(LIST_MAX * (1 + self.dirs.len()));
        names
    }

    /// The directory behind `dirN`, for the listing: its own name only, never the path that
    /// leads to it on the server's disk.
    pub fn dir_label(&self, name: &str) -> Option<String> {
        let root = name.split('/').next()?;
        let n: usize = root.strip_prefix("dir")?.parse().ok()?;
        let dir = self.dirs.get(n.checked_sub(1)?)?;
        Some(dir.file_name().map_or_else(|| "/".to_string(), |f| f.to_string_lossy().into_owned()))
    }

    /// The text of a game file by virtual name.
    pub fn read(&self, name: &str) -> Result<String, Unreadable> {
        let missing = || Unreadable::Missing(format!("no game file `{name}` is served here"));
        let normal = normalise(name).ok_or_else(missing)?;
        // Game files only: a `--games` directory may hold other files, which are not served.
        if !normal.ends_with(".game") {
            return Err(missing());
        }
        let (root, rest) = normal.split_once('/').ok_or_else(missing)?;
        if root == BUNDLED_ROOT {
            let file = BUNDLED.get_file(rest).ok_or_else(missing)?;
            return file
                .contents_utf8()
                .map(str::to_string)
                .ok_or_else(|| Unreadable::Bad(format!("`{name}` is not text")));
        }
        let n: usize = root.strip_prefix("dir").and_then(|n| n.parse().ok()).ok_or_else(missing)?;
        let base = self.dirs.get(n.wrapping_sub(1)).ok_or_else(missing)?;
        let path = std::fs::canonicalize(base.join(rest)).map_err(|_| missing())?;
        if !path.starts_with(base) || !path.is_file() {
            return Err(missing());
        }
        let too_large =
            || Unreadable::Bad(format!("`{name}` is larger than the limit of {} bytes", syntax::MAX_SOURCE_BYTES));
        let size = std::fs::metadata(&path).map_err(|_| missing())?.len();
        if size > syntax::MAX_SOURCE_BYTES as u64 {
            return Err(too_large());
        }
        let bytes = std::fs::read(&path).map_err(|_| missing())?;
        if bytes.len() > syntax::MAX_SOURCE_BYTES {
            return Err(too_large());
        }
        String::from_utf8(bytes).map_err(|_| Unreadable::Bad(format!("`{name}` is not UTF-8 text")))
    }

    /// `text` as a source named `name`, with the bases it extends loaded from the catalog
    /// (see the module documentation). A base that cannot be had is returned as an error
    /// diagnostic, in the checker's own code for `extends` problems.
    pub fn sources(&self, name: &str, text: String) -> (Sources, SourceId, Option<Diagnostic>) {
        let mut sources = Sources::new();
        let id = sources.add(name, text);
        let mut current = id;
        for _ in 0..MAX_CHAIN {
            let text = sources.get(current).text.clone();
            // A file that does not parse is reported by the checker; it extends nothing.
            let Ok(forms) = syntax::parse(current, &text) else { break };
            let Some((path, span)) = crate::check::extends_clause(&forms) else { break };
            let from = sources.get(current).name.clone();
            // The same resolution as the checker's: relative to the extending file's name.
            let resolved = Path::new(&from).parent().unwrap_or(Path::new("")).join(&path).display().to_string();
            if sources.find(&resolved).is_some() {
                break; // a cycle: the checker reports it without reading anything
            }
            match self.read(&resolved) {
                Ok(text) => current = sources.add(resolved, text),
                Err(Unreadable::Missing(_) | Unreadable::Bad(_)) => {
                    let d = Diagnostic::error(codes::EXTENDS, format!("cannot read the base game `{path}`"))
                        .label(span, "not a game file this server serves")
                        .help("a game here can extend the bundled games (`games/…`) and the files of the served directories");
                    return (sources, id, Some(d));
                }
            }
        }
        (sources, id, None)
    }
}

/// `a/./b/../c` → `a/c`; `None` for an empty or absolute name, or one that climbs above its
/// root.
pub fn normalise(name: &str) -> Option<String> {
    if name.starts_with('/') || name.contains('\0') || name.contains('\\') {
        return None;
    }
    let mut parts: Vec<&str> = Vec::new();
    for part in name.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    if parts.len() < 2 { None } else { Some(parts.join("/")) }
}

fn bundled_names(dir: &Dir<'static>, out: &mut Vec<String>) {
    for file in dir.files() {
        if file.path().extension().is_some_and(|e| e == "game") {
            out.push(format!("{BUNDLED_ROOT}/{}", file.path().display()));
        }
    }
    for sub in dir.dirs() {
        bundled_names(sub, out);
    }
}

/// `*.game` files under `dir` (relative to `base`), not following symlinks out of `base`.
fn walk(base: &Path, dir: &Path, depth: usize, out: &mut Vec<String>) {
    if depth > LIST_DEPTH || out.len() >= LIST_MAX {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let Ok(path) = std::fs::canonicalize(entry.path()) else { continue };
        if !path.starts_with(base) {
            continue;
        }
        if path.is_dir() {
            walk(base, &path, depth + 1, out);
        } else if path.extension().is_some_and(|e| e == "game") {
            if let Ok(rel) = entry.path().strip_prefix(base) {
                out.push(rel.display().to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_normalised_and_kept_inside_their_root() {
        assert_eq!(normalise("games/./variants/../a.game").as_deref(), Some("games/a.game"));
        assert_eq!(normalise("games/../../etc/passwd"), None);
        assert_eq!(normalise("/etc/passwd"), None);
        assert_eq!(normalise("games"), None);
        assert_eq!(normalise("dir1/a\\..\\b"), None);
    }

    #[test]
    fn bundled_games_are_listed_and_readable() {
        let catalog = Catalog::new(&[]).unwrap();
        let names = catalog.names();
        assert!(!names.is_empty());
        for name in &names {
            assert!(name.starts_with("games/") && name.ends_with(".game"), "{name}");
            assert!(catalog.read(name).is_ok(), "{name}");
        }
        assert!(matches!(catalog.read("games/../Cargo.toml"), Err(Unreadable::Missing(_))));
        assert!(matches!(catalog.read("dir1/x.game"), Err(Unreadable::Missing(_))));
    }
}
