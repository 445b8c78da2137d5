//! Seeded playout statistics do not depend on the number of threads.

use std::process::Command;

fn playout(threads: &str) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["playout", "games/watershed.game", "--set", "size=7", "--games", "300", "--seed", "9", "--json"])
        .args(["--threads", threads])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    for timing in ["seconds", "playouts_per_sec", "actions_per_sec", "threads"] {
        v.as_object_mut().expect("object").remove(timing);
    }
    v
}

#[test]
fn the_same_seed_gives_the_same_statistics_on_any_number_of_threads() {
    let one = playout("1");
    assert_eq!(one["games"], 300);
    assert_eq!(one, playout("2"));
    assert_eq!(one, playout("3"));
}
