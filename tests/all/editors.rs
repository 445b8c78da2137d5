//! The editor files under `editors/` are well-formed and name the language as the checker
//! knows it: every ludeme is highlighted by the TextMate grammar, and the VS Code extension's
//! manifest points at files that exist.

use std::path::{Path, PathBuf};

use serde_json::Value;
use tabula::check::{KEYWORDS, LUDEMES};

fn editors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("editors")
}

fn json(relative: &str) -> Value {
    let path = editors().join(relative);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The words of a `(?:a|b\-c|...)` alternation, unescaped.
fn alternation(pattern: &str) -> Vec<String> {
    let start = pattern.find("(?:").expect("an alternation") + 3;
    let end = start + pattern[start..].find(")(?!").expect("the end of the alternation");
    let mut words = vec![String::new()];
    let mut chars = pattern[start..end].chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => words.last_mut().unwrap().extend(chars.next()),
            '|' => words.push(String::new()),
            c => words.last_mut().unwrap().push(c),
        }
    }
    words
}

#[test]
fn the_grammar_highlights_every_ludeme_and_keyword() {
    let grammar = json("vscode/tabula.tmLanguage.json");
    assert_eq!(grammar["scopeName"], "source.tabula");
    let ludemes = alternation(grammar["repository"]["ludeme"]["match"].as_str().unwrap());
    let mut known: Vec<String> = LUDEMES.iter().map(|(n, _, _)| n.to_string()).collect();
    known.dedup();
    let mut sorted_known = known.clone();
    sorted_known.sort();
    sorted_known.dedup();
    let mut sorted = ludemes.clone();
    sorted.sort();
    assert_eq!(sorted, sorted_known, "the grammar's ludemes differ from the checker's");
    // Longer names first, so that `<=` is not highlighted as `<`.
    for (i, a) in ludemes.iter().enumerate() {
        for b in &ludemes[i + 1..] {
            assert!(!b.starts_with(a.as_str()), "`{a}` comes before `{b}`");
        }
    }
    let mut keywords = alternation(grammar["repository"]["keyword"]["match"].as_str().unwrap());
    keywords.sort();
    let mut expected: Vec<String> = KEYWORDS.iter().map(|k| k.to_string()).collect();
    expected.sort();
    assert_eq!(keywords, expected);
}

#[test]
fn the_vscode_manifest_points_at_its_files() {
    let manifest = json("vscode/package.json");
    let dir = editors().join("vscode");
    assert!(dir.join(manifest["main"].as_str().unwrap()).is_file());
    let language = &manifest["contributes"]["languages"][0];
    assert_eq!(language["id"], "tabula");
    assert_eq!(language["extensions"][0], ".game");
    json(&format!("vscode/{}", language["configuration"].as_str().unwrap().trim_start_matches("./")));
    let grammar = &manifest["contributes"]["grammars"][0];
    assert!(dir.join(grammar["path"].as_str().unwrap()).is_file());
    let extension = std::fs::read_to_string(dir.join("extension.js")).unwrap();
    assert!(extension.contains(r#"args: ["lsp"]"#), "extension.js starts `tabula lsp`");
}
