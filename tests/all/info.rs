//! What `tabula info` reports about the bundled boards (the figures of the foundation issue).

use std::process::Command;

use serde_json::Value;

fn info(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).arg("info").args(args).arg("--json").output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).expect("JSON")
}

fn relation(v: &Value, name: &str) -> (u64, u64) {
    let r = v["board"]["relations"].as_array().unwrap().iter().find(|r| r["name"] == name).expect("relation");
    (r["edges"].as_u64().unwrap(), r["max_degree"].as_u64().unwrap())
}

fn region(v: &Value, name: &str, owner: Option<&str>) -> (u64, u64) {
    let r = v["board"]["regions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["name"] == name && r["owner"].as_str() == owner)
        .expect("region");
    (r["parts"].as_u64().unwrap(), r["sites"].as_u64().unwrap())
}

#[test]
fn watershed_boards() {
    let v = info(&["games/watershed.game"]);
    assert_eq!(v["board"]["sites"], 81);
    assert_eq!(region(&v, "perimeter", None), (1, 32));
    assert_eq!(relation(&v, "orthogonal").0, 144);
    assert_eq!(relation(&v, "diagonal").0, 128);
    assert_eq!(info(&["games/watershed.game", "--set", "size=13"])["board"]["sites"], 169);
}

#[test]
fn ketchup_board() {
    let v = info(&["games/ketchup.game"]);
    assert_eq!(v["board"]["sites"], 61);
    assert_eq!(relation(&v, "adjacent"), (156, 6));
}

#[test]
fn kensington_board() {
    let v = info(&["games/kensington.game"]);
    assert_eq!(v["board"]["sites"], 72);
    assert_eq!(relation(&v, "edges"), (132, 4));
    assert_eq!(region(&v, "triangles", None).0, 24);
    assert_eq!(region(&v, "squares", None).0, 30);
    assert_eq!(region(&v, "hexagons", None).0, 7);
    assert_eq!(region(&v, "white", None).0, 3);
    assert_eq!(region(&v, "home", Some("Red")).0, 2);
    assert_eq!(region(&v, "home", Some("Blue")).0, 2);
}
