//! The bundled games' files, for the engine's tests that run every one of them: a test that
//! names the games it runs would miss the next game that needs it.

use std::path::PathBuf;

/// The `.game` files of `games/`, and of `games/variants/` too when `variants`, sorted.
pub(crate) fn files(variants: bool) -> Vec<PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("games");
    let mut dirs = vec![dir.clone()];
    if variants {
        dirs.push(dir.join("variants"));
    }
    let mut files: Vec<PathBuf> = dirs
        .iter()
        .flat_map(|d| std::fs::read_dir(d).expect("a directory of bundled games"))
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "game"))
        .collect();
    files.sort();
    assert!(files.len() >= 10, "the bundled games are found");
    files
}
