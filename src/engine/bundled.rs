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

/// Every selection of every bundled file, of `games/variants/` too: each variant and the
/// default, with the file, the variant's name and the game it makes.
#[cfg(test)]
pub(crate) fn selections() -> Vec<(PathBuf, Option<String>, crate::game::Game)> {
    use crate::check::{Selection, load};
    let mut all = Vec::new();
    for path in files(true) {
        let (_, game) = load(&path, &Selection::default()).expect("a bundled game loads");
        let variants = game.variants.iter().map(|v| Some(v.name.clone())).chain([None]);
        for variant in variants.collect::<Vec<_>>() {
            let (_, game) = load(&path, &Selection { variant: variant.clone(), sets: Vec::new() }).expect("loads");
            all.push((path.clone(), variant, game));
        }
    }
    all
}
