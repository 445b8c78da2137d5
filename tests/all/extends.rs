//! Games built on other games (`extends`, `without`): the merged rules, and diagnostics that
//! point into the file holding each problem.

use tabula::check::{Selection, check_all_variants, read};
use tabula::diagnostic::Sources;

fn check(file: &str) -> (Sources, tabula::check::Checked) {
    let mut sources = Sources::new();
    let id = read(&mut sources, std::path::Path::new(file)).expect("readable");
    let checked = check_all_variants(&mut sources, id);
    (sources, checked)
}

fn rendered(file: &str) -> String {
    let (sources, checked) = check(file);
    checked.diagnostics.iter().map(|d| sources.render(d, false, 100)).collect()
}

#[test]
fn a_derived_game_replaces_and_removes() {
    let (_, checked) = check("tests/extends/derived.game");
    assert!(!checked.has_errors(), "{:?}", checked.diagnostics);
    let game = checked.game.expect("game");
    assert_eq!(game.name, "Derived");
    let variants: Vec<&str> = game.variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(variants, ["Plain", "Hex"]);
    assert_eq!(game.board.site_count(), 19, "hexhex 3 replaces square 5");
    assert_eq!(game.counters, ["score"], "the base's counter is kept");
    let (_, hex) = tabula::check::load(
        std::path::Path::new("tests/extends/derived.game"),
        &Selection { variant: Some("Hex".into()), sets: vec![] },
    )
    .expect("Hex loads");
    assert_eq!(hex.variant.as_deref(), Some("Hex"));
}

#[test]
fn extends_problems_are_reported_where_they_are() {
    insta::with_settings!({snapshot_path => "../extends/snapshots", prepend_module_to_snapshot => false}, {
        for case in ["cycle-a", "missing-base", "bad-override", "bad-without"] {
            let text = rendered(&format!("tests/extends/{case}.game"));
            assert!(!text.is_empty(), "{case} has errors");
            insta::assert_snapshot!(case, text);
        }
    });
}
