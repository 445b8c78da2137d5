//! `docs/TUTORIAL.md` builds a game step by step, `docs/TUTORIAL-CLASSICS.md` states classic games;
//! this test keeps each document, its files and
//! the checker in agreement.
//!
//! - Every `docs/tutorial/step-NN.game` checks with no error and no warning, in every variant
//!   (as `tabula check --deny-warnings` would have it). Steps are numbered 01, 02, … without gaps.
//! - Every step file is shown in full in the tutorial, exactly once, in a block fenced with
//!   ```` ```tabula step-NN ````; the block's text is the file's text, byte for byte.
//! - Every `docs/tutorial/mistake-NN.game` has at least one error; every
//!   `docs/tutorial/warning-NN.game` has no error and at least one warning.
//! - Every mistake and warning file is shown with its `tabula check` output in a block whose
//!   info string names it (```` ```console mistake-NN ````); the codes in that block
//!   (`tabula::check::…`, `tabula::warn::…`) are exactly the codes the checker reports for the
//!   file. Wording is not compared: messages may improve, codes never change meaning.
//!   A block fenced ```` ```tabula mistake-NN ```` (the whole file) must equal the file.
//! - Every `step-NN.game`, `mistake-NN.game` or `warning-NN.game` the tutorial names exists.
//! - A ```` ```diff A B ```` block shows what changed from file A to file B (`step-04 step-05`,
//!   `step-02 mistake-03`): its `+` lines are lines of B, its `-` lines lines of A, its context
//!   lines (starting with a space) lines of both; a line `…` skips part of the file.
//! - The games play: 20 uniformly random games of every step and every variant end, except in
//!   step 5, whose endless captures are the lesson of step 6.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use rand::Rng;
use tabula::check::{Checked, Selection, check, check_all_variants, read};
use tabula::diagnostic::Sources;
use tabula::engine::Engine;
use tabula::engine::playout::rng_for;

/// A tutorial: its page and the directory of its files.
struct Tutorial {
    doc: &'static str,
    dir: &'static str,
    /// Steps whose random games may go on for ever (the tutorial says so and fixes it next step).
    endless: &'static [&'static str],
    /// The fewest steps the page is expected to take.
    min_steps: usize,
}

/// Every tutorial of `docs/`: the first builds a game of its own, the second states a classic,
/// the third a mancala.
const TUTORIALS: &[Tutorial] = &[
    Tutorial { doc: "docs/TUTORIAL.md", dir: "docs/tutorial", endless: &["step-05"], min_steps: 8 },
    Tutorial { doc: "docs/TUTORIAL-CLASSICS.md", dir: "docs/tutorial-classics", endless: &[], min_steps: 4 },
    Tutorial { doc: "docs/TUTORIAL-MANCALA.md", dir: "docs/tutorial-mancala", endless: &[], min_steps: 4 },
];
/// Random games played per game and variant.
const GAMES: u64 = 20;
/// No game of the tutorial comes near this many actions unless it never ends.
const MAX_ACTIONS: u32 = 20_000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn tutorial(t: &Tutorial) -> String {
    let path = root().join(t.doc);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The files of `docs/tutorial/` named `PREFIX-NN.game`, sorted, as (stem, path).
fn files(t: &Tutorial, prefix: &str) -> Vec<(String, PathBuf)> {
    let dir = root().join(t.dir);
    let mut found: Vec<(String, PathBuf)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter_map(|p| {
            let name = p.file_name()?.to_str()?.to_string();
            let stem = name.strip_suffix(".game")?;
            let number = stem.strip_prefix(prefix)?.strip_prefix('-')?;
            (number.len() == 2 && number.chars().all(|c| c.is_ascii_digit())).then(|| (stem.to_string(), p.clone()))
        })
        .collect();
    found.sort();
    found
}

/// Checks a file as `tabula check` does: every variant.
fn check_file(path: &Path) -> (Sources, Checked) {
    let mut sources = Sources::new();
    let id = read(&mut sources, path).unwrap_or_else(|d| panic!("{}: {}", path.display(), d.message));
    let checked = check_all_variants(&mut sources, id);
    (sources, checked)
}

fn rendered(sources: &Sources, checked: &Checked) -> String {
    checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect::<Vec<_>>().join("\n")
}

/// One fenced block of the tutorial.
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    /// The words of the info string.
    info: Vec<String>,
    /// The lines between the fences, each ending with a line break.
    text: String,
}

fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in doc.lines().enumerate() {
        match open.take() {
            None => {
                if let Some(info) = line.strip_prefix("```") {
                    let info = info.split_whitespace().map(String::from).collect();
                    open = Some(Block { line: i + 1, info, text: String::new() });
                }
            }
            Some(block) if line.trim_end() == "```" => out.push(block),
            Some(mut block) => {
                block.text.push_str(line);
                block.text.push('\n');
                open = Some(block);
            }
        }
    }
    assert!(open.is_none(), "a fenced block is never closed");
    out
}

/// Blocks whose info string is `KIND NAME` (`tabula step-03`).
fn blocks_for<'b>(blocks: &'b [Block], kind: &str, name: &str) -> Vec<&'b Block> {
    blocks.iter().filter(|b| b.info.len() >= 2 && b.info[0] == kind && b.info[1..].iter().any(|w| w == name)).collect()
}

/// The diagnostic codes written in a text: words starting with `tabula::`.
fn codes_in(text: &str) -> BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == ':' || c == '_'))
        .filter(|w| w.starts_with("tabula::") && w.matches("::").count() >= 2)
        .map(|w| w.trim_end_matches(':').to_string())
        .collect()
}

#[test]
fn steps_check_without_errors_or_warnings() {
    TUTORIALS.iter().for_each(steps_check_without_errors_or_warnings_in);
}

fn steps_check_without_errors_or_warnings_in(t: &Tutorial) {
    let page = t.doc;
    let steps = files(t, "step");
    assert!(steps.len() >= t.min_steps, "{page} has {} step files", steps.len());
    for (i, (stem, path)) in steps.iter().enumerate() {
        assert_eq!(stem, &format!("step-{:02}", i + 1), "step files are numbered 01, 02, … without gaps");
        let (sources, checked) = check_file(path);
        assert!(checked.diagnostics.is_empty(), "{stem}.game must check cleanly:\n{}", rendered(&sources, &checked));
    }
}

#[test]
fn mistakes_have_errors_and_warnings_only_warnings() {
    TUTORIALS.iter().for_each(mistakes_have_errors_and_warnings_only_warnings_in);
}

fn mistakes_have_errors_and_warnings_only_warnings_in(t: &Tutorial) {
    let page = t.doc;
    let mistakes = files(t, "mistake");
    assert!(!mistakes.is_empty(), "{page} shows mistakes");
    for (stem, path) in &mistakes {
        let (_, checked) = check_file(path);
        assert!(checked.has_errors(), "{stem}.game should have at least one error");
    }
    for (stem, path) in files(t, "warning") {
        let (sources, checked) = check_file(&path);
        assert!(!checked.has_errors(), "{stem}.game should have no error:\n{}", rendered(&sources, &checked));
        assert!(!checked.diagnostics.is_empty(), "{stem}.game should have a warning");
    }
}

#[test]
fn every_step_is_shown_in_full() {
    TUTORIALS.iter().for_each(every_step_is_shown_in_full_in);
}

fn every_step_is_shown_in_full_in(t: &Tutorial) {
    let page = t.doc;
    let doc = tutorial(t);
    let blocks = blocks(&doc);
    for (stem, path) in files(t, "step") {
        let shown = blocks_for(&blocks, "tabula", &stem);
        assert_eq!(shown.len(), 1, "{page} must show {stem}.game in full exactly once, in a ```tabula {stem} block");
        let file = std::fs::read_to_string(&path).expect("step file");
        if shown[0].text != file {
            let differ = shown[0].text.lines().zip(file.lines()).position(|(a, b)| a != b);
            panic!(
                "the ```tabula {stem} block ({page} line {}) differs from {}/{stem}.game (first at line {} of the file)",
                shown[0].line,
                t.dir,
                differ.map(|l| l + 1).unwrap_or_else(|| shown[0].text.lines().count().min(file.lines().count()) + 1),
            );
        }
    }
    // A `tabula` block that names no file would be unchecked text dressed as a step.
    for b in blocks.iter().filter(|b| b.info.first().map(String::as_str) == Some("tabula")) {
        let name = b.info.get(1).unwrap_or_else(|| panic!("{page} line {}: a ```tabula block names no file", b.line));
        let path = root().join(t.dir).join(format!("{name}.game"));
        assert!(path.exists(), "{page} line {}: ```tabula {name}: no file {}", b.line, path.display());
        if name.starts_with("mistake-") || name.starts_with("warning-") {
            assert_eq!(
                b.text,
                std::fs::read_to_string(&path).expect("file"),
                "{page} line {}: differs from {name}.game",
                b.line
            );
        }
    }
}

#[test]
fn every_mistake_is_shown_with_its_codes() {
    TUTORIALS.iter().for_each(every_mistake_is_shown_with_its_codes_in);
}

fn every_mistake_is_shown_with_its_codes_in(t: &Tutorial) {
    let page = t.doc;
    let doc = tutorial(t);
    let blocks = blocks(&doc);
    for (stem, path) in files(t, "mistake").into_iter().chain(files(t, "warning")) {
        let shown = blocks_for(&blocks, "console", &stem);
        assert!(
            !shown.is_empty(),
            "{page} must show the `tabula check` output of {stem}.game in a ```console {stem} block"
        );
        let (_, checked) = check_file(&path);
        let reported: BTreeSet<String> = checked.diagnostics.iter().map(|d| d.code.to_string()).collect();
        let written: BTreeSet<String> = shown.iter().flat_map(|b| codes_in(&b.text)).collect();
        assert_eq!(
            written, reported,
            "codes shown for {stem}.game ({page} line {}) against the codes reported",
            shown[0].line
        );
    }
}

#[test]
fn every_file_the_tutorial_names_exists() {
    TUTORIALS.iter().for_each(every_file_the_tutorial_names_exists_in);
}

fn every_file_the_tutorial_names_exists_in(t: &Tutorial) {
    let page = t.doc;
    let doc = tutorial(t);
    let mut named = BTreeSet::new();
    for prefix in ["step-", "mistake-", "warning-"] {
        for (at, _) in doc.match_indices(prefix) {
            let rest = &doc[at + prefix.len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            if digits.len() == 2 && rest[2..].starts_with(".game") {
                named.insert(format!("{prefix}{digits}.game"));
            }
        }
    }
    assert!(named.iter().any(|n| n.starts_with("step-")), "the tutorial names its step files");
    for name in &named {
        let path = root().join(t.dir).join(name);
        assert!(path.exists(), "{page} names {name}, but {} does not exist", path.display());
    }
    for (stem, _) in files(t, "step").into_iter().chain(files(t, "mistake")).chain(files(t, "warning")) {
        assert!(named.contains(&format!("{stem}.game")), "{page} never names {stem}.game");
    }
}

#[test]
fn diffs_match_the_files() {
    TUTORIALS.iter().for_each(diffs_match_the_files_in);
}

fn diffs_match_the_files_in(t: &Tutorial) {
    let page = t.doc;
    let doc = tutorial(t);
    let blocks = blocks(&doc);
    let lines_of = |name: &str| -> BTreeSet<String> {
        let path = root().join(t.dir).join(format!("{name}.game"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text.lines().map(|l| l.trim_end().to_string()).collect()
    };
    let diffs: Vec<&Block> = blocks.iter().filter(|b| b.info.first().map(String::as_str) == Some("diff")).collect();
    assert!(!diffs.is_empty(), "the tutorial shows its changes as ```diff blocks");
    for b in diffs {
        let [_, from, to] = &b.info[..] else {
            panic!("{page} line {}: a ```diff block names the file before and the file after", b.line)
        };
        let (old, new) = (lines_of(from), lines_of(to));
        for (i, line) in b.text.lines().enumerate() {
            let at = b.line + 1 + i;
            let mut chars = line.chars();
            let mark = chars.next();
            let rest = chars.as_str().trim_end().to_string();
            match mark {
                Some('+') => assert!(new.contains(&rest), "{page} line {at}: `{rest}` is not a line of {to}.game"),
                Some('-') => {
                    assert!(old.contains(&rest), "{page} line {at}: `{rest}` is not a line of {from}.game")
                }
                Some(' ') | None => assert!(
                    rest.is_empty() || (new.contains(&rest) && old.contains(&rest)),
                    "{page} line {at}: `{rest}` is not a line of both {from}.game and {to}.game"
                ),
                Some('…') if rest.is_empty() => {}
                _ => panic!("{page} line {at}: a diff line starts with `+`, `-`, a space or is `…`"),
            }
        }
    }
}

/// Plays `GAMES` uniformly random games; panics if one does not end within `MAX_ACTIONS`.
fn play_random_games(stem: &str, engine: &Engine, label: &str) {
    for index in 0..GAMES {
        let mut rng = rng_for(2026, index);
        let mut state = engine.initial();
        let mut actions = 0;
        while engine.outcome(&state).is_none() {
            let legal = engine.legal(&state);
            assert!(!legal.is_empty(), "{stem} ({label}), game {index}: no legal action and no outcome");
            let action = legal[rng.random_range(0..legal.len())];
            engine.apply_unchecked(&mut state, action);
            actions += 1;
            assert!(actions < MAX_ACTIONS, "{stem} ({label}), game {index}: no end after {MAX_ACTIONS} actions");
        }
    }
}

#[test]
fn the_games_play_to_the_end() {
    TUTORIALS.iter().for_each(the_games_play_to_the_end_in);
}

fn the_games_play_to_the_end_in(t: &Tutorial) {
    let page = t.doc;
    let steps = files(t, "step");
    assert!(!steps.is_empty(), "{page} has step files");
    for (stem, path) in &steps {
        if t.endless.contains(&stem.as_str()) {
            continue;
        }
        let mut sources = Sources::new();
        let id = read(&mut sources, path).unwrap_or_else(|d| panic!("{stem}: {}", d.message));
        let default = check(&mut sources, id, &Selection::default()).expect("default selection");
        let game = default.game.unwrap_or_else(|| panic!("{stem}.game has errors"));
        let variants: Vec<Option<String>> = if game.variants.is_empty() {
            vec![None]
        } else {
            game.variants.iter().map(|v| Some(v.name.clone())).collect()
        };
        for variant in variants {
            let selection = Selection { variant: variant.clone(), sets: Vec::new() };
            let checked = check(&mut sources, id, &selection).expect("selection");
            let engine = Engine::new(checked.game.unwrap_or_else(|| panic!("{stem}.game ({variant:?}) has errors")));
            play_random_games(stem, &engine, variant.as_deref().unwrap_or("default"));
        }
    }
}
