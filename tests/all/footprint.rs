//! What a game costs in memory (Hardening II): the estimate that the checker's budget and the
//! server's store rely on, held against the bytes actually allocated, and the products a small
//! file could multiply — variants, relations, regions — bounded.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

use tabula::check::{Selection, check_all_variants, load};
use tabula::diagnostic::Sources;
use tabula::engine::Engine;
use tabula::game::footprint::GAME_BYTES;

/// Counts the bytes each thread holds, so that a test can measure what building a game
/// allocates while other tests run on other threads.
struct Counting;

thread_local! {
    static LIVE: Cell<i64> = const { Cell::new(0) };
}

fn add(bytes: i64) {
    // `try_with`: an allocation while the thread is being torn down is not counted.
    let _ = LIVE.try_with(|live| live.set(live.get() + bytes));
}

// SAFETY: every call is passed on to the system allocator unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        add(layout.size() as i64);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        add(-(layout.size() as i64));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        add(new_size as i64 - layout.size() as i64);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn live() -> i64 {
    LIVE.with(Cell::get)
}

/// A game of one plain rule on `board`, with `extra` forms after the board.
fn game_on(board: &str, extra: &str) -> String {
    format!(
        "(game \"Probe\" (players \"A\" \"B\") (board {board})\n{extra}\n\
         (play (turn (place (to empty)))) (end (when (board-full) (draw))))\n"
    )
}

/// Bytes allocated and kept by checking a game, building its engine and its first state.
fn measured(file: &Path) -> (i64, u64) {
    let before = live();
    let (sources, game) = load(file, &Selection::default()).unwrap_or_else(|_| panic!("{} loads", file.display()));
    drop(sources);
    let engine = Engine::new(game);
    let state = engine.initial();
    let bytes = live() - before;
    let estimate = engine.estimated_bytes() as u64;
    drop(state);
    drop(engine);
    (bytes, estimate)
}

#[test]
fn the_estimate_is_within_a_factor_of_the_bytes_allocated() {
    let dir = tempfile::tempdir().expect("temporary directory");
    let mut files = crate::common::files_in(&["games", "games/variants"], &["game"]);
    let large = [
        ("square-255", game_on("(square 255)", "")),
        ("hexhex-148", game_on("(hexhex 148)", "")),
        ("triangle-361", game_on("(triangle 361)", "")),
        ("relations", game_on("(square 200)", "(relation a all) (relation b N E) (relation c orthogonal NE)")),
        ("regions", game_on("(square 120)", "(region a perimeter) (region b a a a) (region c b b)")),
    ];
    for (name, text) in &large {
        let path = dir.path().join(format!("{name}.game"));
        std::fs::write(&path, text).expect("write");
        files.push(path);
    }
    let mut report = Vec::new();
    for file in &files {
        let (bytes, estimate) = measured(file);
        let ratio = estimate as f64 / bytes as f64;
        // Above a mebibyte the board's tables dominate and the model counts them; below it,
        // the compiled rules, which the model takes as one constant, weigh as much.
        let (low, high) = if bytes > 1 << 20 { (0.5, 2.0) } else { (1.0 / 3.0, 3.0) };
        if !(low..=high).contains(&ratio) {
            report.push(format!("{}: allocated {bytes}, estimated {estimate} ({ratio:.2})", file.display()));
        }
    }
    assert!(report.is_empty(), "estimates out of bounds:\n{}", report.join("\n"));
}

fn check_text(text: &str) -> tabula::check::Checked {
    let mut sources = Sources::new();
    let id = sources.add("probe.game", text.to_string());
    check_all_variants(&mut sources, id)
}

#[test]
fn a_file_under_the_budget_checks_and_one_relation_more_is_refused() {
    // 34 relations of every neighbour on the largest square board fit; the 35th does not
    // (tests/check/invalid/too-costly-relations.game is the whole file).
    let relations = |n: usize| (0..n).map(|i| format!("(relation r{i} all)")).collect::<Vec<_>>().join(" ");
    let fits = check_text(&game_on("(square 255)", &relations(34)));
    assert!(!fits.has_errors(), "{:?}", fits.diagnostics.first().map(|d| &d.message));
    let over = check_text(&game_on("(square 255)", &relations(35)));
    let codes: Vec<&str> = over.diagnostics.iter().map(|d| d.code).collect();
    assert_eq!(codes, ["tabula::check::too_costly"]);
    assert!(over.diagnostics[0].message.contains("256 MiB"), "{}", over.diagnostics[0].message);
    assert_eq!(GAME_BYTES, 256 << 20);
}

#[test]
fn every_variant_is_checked_once_however_many_there_are() {
    let variants: String = (0..3000).map(|i| format!("(variant \"v{i}\")\n")).collect();
    let checked = check_text(&game_on("(square 3)", &variants));
    let unchanged = checked.diagnostics.iter().filter(|d| d.message.ends_with("changes nothing")).count();
    // Every variant but the default (the first) repeats the game, and is said so once.
    assert_eq!(unchanged, 2999);
    assert_eq!(checked.diagnostics.len(), 2999);
}

#[test]
fn checking_every_variant_stops_at_the_check_budget_with_a_warning() {
    // Each variant builds a board with 24 relations of every neighbour on 65 025 sites, about
    // 190 MiB by the estimate: 4 GiB are spent after 22 of them.
    let relations: String = (0..24).map(|i| format!("(relation r{i} all) ")).collect();
    let variants: String = (0..40).map(|i| format!("(variant \"v{i}\" (define k {i}))\n")).collect();
    let text = game_on("(square 255)", &format!("(define k 0) {relations}\n{variants}"));
    let checked = check_text(&text);
    let warning = checked
        .diagnostics
        .iter()
        .find(|d| d.code == "tabula::warn::unchecked_variants")
        .expect("a warning for the variants left unchecked");
    assert!(!checked.has_errors());
    assert!(warning.message.contains("of the file's 40 variants were not checked"), "{}", warning.message);
}
