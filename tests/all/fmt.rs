//! `tabula fmt`: the canonical layout is idempotent, keeps the tree (spans aside) and every
//! comment, and does not depend on how the input was spaced.
//!
//! Every `*.game` file under `games/` and `tests/` that parses is formatted; the bundled games
//! are mutated (whitespace changed, comments inserted at token boundaries); random trees of
//! forms are printed with random spacing and comments. `PROPTEST_CASES=N` runs longer searches.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use proptest::prelude::*;
use tabula::format::{WIDTH, format};
use tabula::syntax::{Node, parse, quote};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `*.game` file under `dir`, recursively, sorted.
fn game_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            game_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "game") {
            out.push(path);
        }
    }
}

/// The bundled games (`games/**/*.game`), as (path, text).
fn bundled() -> &'static [(String, String)] {
    static GAMES: OnceLock<Vec<(String, String)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut files = Vec::new();
        game_files(&root().join("games"), &mut files);
        files.iter().map(|p| (p.display().to_string(), std::fs::read_to_string(p).expect("readable"))).collect()
    })
}

/// `;` comments outside strings, counted without the formatter's lexer.
fn count_comments(text: &str) -> usize {
    let mut n = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                while let Some(c) = chars.next() {
                    match c {
                        '\\' => {
                            chars.next();
                        }
                        '"' => break,
                        _ => {}
                    }
                }
            }
            ';' => {
                n += 1;
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    n
}

fn same_forms(a: &[Node], b: &[Node]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_shape(y))
}

/// Formats `text` (which parses) and checks every property; returns the formatted text.
fn check_formatting(name: &str, text: &str) -> String {
    let before = parse(0, text).expect("the input parses");
    let formatted = format(text).unwrap_or_else(|d| panic!("{name}: fmt failed: {}", d.message));
    let after =
        parse(0, &formatted).unwrap_or_else(|d| panic!("{name}: output does not parse: {}\n{formatted}", d.message));
    assert!(same_forms(&before, &after), "{name}: the tree changed:\n{formatted}");
    assert_eq!(count_comments(text), count_comments(&formatted), "{name}: comments lost:\n{formatted}");
    let again = format(&formatted).expect("formatted text formats");
    assert_eq!(formatted, again, "{name}: not idempotent");
    assert!(formatted.is_empty() || formatted.ends_with('\n') && !formatted.ends_with("\n\n"), "{name}: file end");
    let mut previous = "";
    for line in formatted.lines() {
        assert_eq!(line, line.trim_end(), "{name}: trailing whitespace");
        if line.trim_start().starts_with([')', '}']) {
            assert!(previous.contains(';'), "{name}: a closing bracket on its own line:\n{formatted}");
        }
        previous = line;
    }
    assert!(!formatted.contains("\n\n\n"), "{name}: more than one blank line");
    formatted
}

#[test]
fn every_game_file_formats_idempotently_and_keeps_its_tree_and_comments() {
    let mut files = Vec::new();
    game_files(&root().join("games"), &mut files);
    let bundled = files.len();
    game_files(&root().join("tests"), &mut files);
    assert!(bundled >= 6 && files.len() > bundled + 50, "the corpus was found");
    let mut formatted = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable");
        if parse(0, &text).is_err() {
            assert!(path.starts_with(root().join("tests")), "{} does not parse", path.display());
            continue;
        }
        check_formatting(&path.display().to_string(), &text);
        formatted += 1;
    }
    assert!(formatted > 60);
}

#[test]
fn layout_examples() {
    let cases: &[(&str, &str)] = &[
        // Short lists stay on one line; spacing is normalised; strings are re-quoted.
        ("( game   \"A\"\n (players \"X\"\t\"Y\") )", "(game \"A\" (players \"X\" \"Y\"))\n"),
        ("(a \"tab\there\" \"q\\\"\")", "(a \"tab\\there\" \"q\\\"\")\n"),
        // Comments break lists; trailing comments follow the closing brackets of their line.
        ("(a b ; one\n)", "(a b) ; one\n"),
        ("(a (b c ; one\n) d)", "(a\n  (b c) ; one\n  d)\n"),
        ("(a\n  ; own line\n  (b))", "(a\n  ; own line\n  (b))\n"),
        ("(a (b) ; x\n ; y\n)", "(a\n  (b) ; x\n  ; y\n)\n"),
        ("(a (b ; x\n) ; y\n c)", "(a\n  (b) ; x\n  ; y\n  c)\n"),
        ("( ; after open\n a b)", "( ; after open\n  a\n  b)\n"),
        ("(a ; after head\n b c)", "(a ; after head\n  b\n  c)\n"),
        // Blank lines are kept (one at most), never added; dropped at the edges.
        ("\n\n(a)\n\n\n\n(b)\n\n", "(a)\n\n(b)\n"),
        ("(game \"G\"\n\n\n  (x)\n  (y)\n\n  (z))", "(game \"G\"\n\n  (x)\n  (y)\n\n  (z))\n"),
        ("(a\n\n)", "(a)\n"),
        // Comments at the top level.
        ("; head\n\n; more\n(a) ; tail\n; end\n", "; head\n\n; more\n(a) ; tail\n; end\n"),
        ("; only a comment   \r\n", "; only a comment\n"),
        ("", ""),
        ("  \n ", ""),
        // Ludii forms round-trip.
        ("(a  by:Mover if:(x  y) {1  2})", "(a by:Mover if:(x y) {1 2})\n"),
    ];
    for (input, expected) in cases {
        let got = check_formatting(input, input);
        assert_eq!(&got, expected, "input: {input:?}");
    }
}

#[test]
fn long_lists_break_after_the_head_and_leading_atoms() {
    let long = "x".repeat(80);
    let input = format!("(variant \"Plateau\" default \"{long}\" (define a b) (define c d))");
    let expected = format!("(variant \"Plateau\" default\n  \"{long}\"\n  (define a b)\n  (define c d))\n");
    assert_eq!(check_formatting("variant", &input), expected);
    // The first argument stays on the head's line however long it is.
    let input = format!("(description \"{long}{long}\")");
    assert_eq!(check_formatting("description", &input), format!("{input}\n"));
    // A list argument goes on its own line, even the first one.
    let input = format!("(when (no-moves) (compare (higher \"{long}\")))");
    let expected = format!("(when (no-moves)\n  (compare\n    (higher \"{long}\")))\n");
    assert_eq!(check_formatting("when", &input), expected);
    // The closing brackets that follow a list count towards its width.
    let ys = "y".repeat(WIDTH - 8);
    assert_eq!(format(&format!("(a (b c {ys}))")).unwrap(), format!("(a\n  (b c\n    {ys}))\n"));
    let ys = "y".repeat(WIDTH - 9);
    assert_eq!(format(&format!("(a (b c {ys}))")).unwrap(), format!("(a\n  (b c {ys}))\n"));
    let inner = format!("(b {})", "y".repeat(WIDTH - 7));
    assert_eq!(format(&format!("(a {inner})")).unwrap(), format!("(a\n  {inner})\n"));
    // Atoms left over after the head's line fill the lines that follow: a board's 33 points.
    let points = "c1 d1 e1 c2 d2 e2 a3 b3 c3 d3 e3 f3 g3 a4 b4 c4 d4 e4 f4 g4 a5 b5 c5 d5 e5 f5 g5 c6 d6 e6 c7 d7 e7";
    let (first, rest) = points.split_at(points.find(" c7").expect("c7"));
    let expected = format!("(board\n  (sites {first}\n   {rest}))\n");
    assert_eq!(format(&format!("(board (sites {points}))")).unwrap(), expected);
}

#[test]
fn parse_errors_are_reported_not_formatted() {
    for text in ["(a", "(a))", "(a \"b)", "(a [b])", "(a \"\\q\")", "(a b: c)"] {
        assert!(format(text).is_err(), "{text:?} should not format");
    }
}

#[test]
fn the_command_line() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("fmt-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let messy = dir.join("messy.game");
    let tidy = dir.join("tidy.game");
    let broken = dir.join("broken.game");
    std::fs::write(&messy, "(game  \"A\"   ; c\n (x))").unwrap();
    std::fs::write(&tidy, "(game \"A\" (x))\n").unwrap();
    std::fs::write(&broken, "(game \"A\"\n").unwrap();
    let tabula = |args: &[&Path]| {
        let out = Command::new(env!("CARGO_BIN_EXE_tabula")).arg("fmt").args(args).output().expect("runs");
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let flag = |s: &'static str| Path::new(s);

    let (code, out, _) = tabula(&[flag("--check"), &tidy]);
    assert_eq!((code, out.as_str()), (Some(0), ""));
    let (code, out, _) = tabula(&[flag("--check"), &tidy, &messy]);
    assert_eq!((code, out), (Some(1), format!("{} would be reformatted\n", messy.display())));
    let (code, out, _) = tabula(&[flag("--stdout"), &messy]);
    assert_eq!((code, out.as_str()), (Some(0), "(game \"A\" ; c\n  (x))\n"));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), "(game  \"A\"   ; c\n (x))", "--stdout writes nothing");

    let (code, out, _) = tabula(&[&messy, &tidy]);
    assert_eq!((code, out), (Some(0), format!("formatted {}\n", messy.display())));
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), "(game \"A\" ; c\n  (x))\n");
    let (code, out, _) = tabula(&[&messy]);
    assert_eq!((code, out.as_str()), (Some(0), ""));

    let (code, _, err) = tabula(&[&broken]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unclosed"), "{err}");
    assert_eq!(std::fs::read_to_string(&broken).unwrap(), "(game \"A\"\n");

    let (code, _, err) = tabula(&[&dir.join("missing.game")]);
    assert_eq!(code, Some(2), "{err}");
    let (code, _, _) = tabula(&[flag("--check"), flag("--stdout"), &tidy]);
    assert_eq!(code, Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Mutations of the bundled games

#[derive(Debug, Clone, Copy, PartialEq)]
enum Tok {
    Comment,
    /// A word ending in `:`: its value follows without a space.
    NamedPrefix,
    Other,
}

/// The tokens of a text and the whitespace before each (`gaps[i]` precedes `tokens[i]`; the
/// last gap ends the file).
fn split(text: &str) -> (Vec<(Tok, &str)>, Vec<&str>) {
    let bytes = text.as_bytes();
    let (mut tokens, mut gaps) = (Vec::new(), Vec::new());
    let mut i = 0;
    loop {
        let start = i;
        while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\r' | b'\n') {
            i += 1;
        }
        gaps.push(&text[start..i]);
        if i == bytes.len() {
            return (tokens, gaps);
        }
        let start = i;
        let kind = match bytes[i] {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                Tok::Comment
            }
            b'"' => {
                i += 1;
                while bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                Tok::Other
            }
            b'(' | b')' | b'{' | b'}' => {
                i += 1;
                Tok::Other
            }
            _ => {
                while i < bytes.len() && !b" \t\r\n;\"(){}".contains(&bytes[i]) {
                    i += 1;
                    if bytes[i - 1] == b':' {
                        break;
                    }
                }
                if bytes[i - 1] == b':' { Tok::NamedPrefix } else { Tok::Other }
            }
        };
        tokens.push((kind, &text[start..i]));
    }
}

/// New whitespace for gap `i` that formats the same: blank lines stay blank lines, a comment
/// keeps being on its own line or after a token, and tokens stay apart.
fn respace(gap: &str, prev: Option<Tok>, next: Option<Tok>, seed: u32) -> String {
    let newlines = gap.matches('\n').count();
    let pick = |options: &[&str], k: u32| options[(seed >> k) as usize % options.len()].to_string();
    let spaces = |k: u32, at_least_one: bool| {
        let s = pick(&["", " ", "  ", "\t", " \t  "], k);
        if s.is_empty() && at_least_one { " ".to_string() } else { s }
    };
    if prev == Some(Tok::NamedPrefix) {
        return gap.to_string();
    }
    let class = match (prev, next) {
        (None, _) | (_, None) => seed % 3,
        (_, Some(Tok::Comment)) | (Some(Tok::Comment), _) => newlines.min(2) as u32,
        _ if newlines >= 2 => 2,
        _ => seed % 2,
    };
    let separated = !gap.is_empty();
    match class {
        0 => spaces(4, separated && prev.is_some() && next.is_some()),
        1 => format!("{}{}\n{}", spaces(4, false), pick(&["", "\r"], 8), spaces(12, false)),
        _ => format!(
            "{}\n{}\n{}{}",
            spaces(4, false),
            spaces(8, false),
            pick(&["", "\n", "\r\n\n"], 12),
            spaces(16, false)
        ),
    }
}

fn rebuild(tokens: &[(Tok, &str)], gaps: &[String]) -> String {
    let mut text = String::new();
    for (i, (_, token)) in tokens.iter().enumerate() {
        text.push_str(&gaps[i]);
        text.push_str(token);
    }
    text.push_str(&gaps[tokens.len()]);
    text
}

fn formatted_bundled(game: usize) -> &'static str {
    static FORMATTED: OnceLock<Vec<String>> = OnceLock::new();
    &FORMATTED.get_or_init(|| bundled().iter().map(|(name, text)| check_formatting(name, text)).collect())[game]
}

// ---------------------------------------------------------------------------------------------
// Random trees of forms

#[derive(Debug, Clone)]
enum Form {
    Symbol(String),
    Int(i64),
    Str(String),
    List(Vec<Form>),
    Braces(Vec<Form>),
    Named(String, Box<Form>),
}

fn form() -> impl Strategy<Value = Form> {
    let leaf = prop_oneof![
        4 => "[a-z+*<>=!?][a-z0-9_+*/<>=!?.#&|'-]{0,12}".prop_map(Form::Symbol),
        1 => any::<i64>().prop_map(Form::Int),
        1 => (-20i64..200).prop_map(Form::Int),
        2 => "[ a-zé—;()\"\\\\\n\t]{0,40}".prop_map(Form::Str),
    ];
    leaf.prop_recursive(5, 80, 9, |inner| {
        prop_oneof![
            8 => proptest::collection::vec(inner.clone(), 0..9).prop_map(Form::List),
            1 => proptest::collection::vec(inner.clone(), 0..3).prop_map(Form::Braces),
            1 => ("[a-z]{1,4}", inner).prop_map(|(name, value)| Form::Named(name, Box::new(value))),
        ]
    })
}

/// Prints forms, taking each separator from `seps` in turn (comments end with a newline).
struct Printer<'a> {
    seps: &'a [u8],
    next: usize,
    plain: bool,
    out: String,
}

impl Printer<'_> {
    fn sep(&mut self, required: bool) {
        const PLAIN: &[&str] = &[" ", "\n", "\t", "  \n    ", "\r\n", " "];
        const ANY: &[&str] = &["", " ", "\n", "\n\n", "\t", " ; note\n", "\n  ; full line\n  ", "\n\n\n; c\n\n"];
        let options = if self.plain { PLAIN } else { ANY };
        let k = self.seps[self.next % self.seps.len()] as usize;
        self.next += 1;
        let mut s = options[k % options.len()];
        if s.is_empty() && required {
            s = " ";
        }
        self.out.push_str(s);
    }

    fn seq(&mut self, open: &str, items: &[Form], close: &str) {
        self.out.push_str(open);
        self.sep(false);
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.sep(true);
            }
            self.form(item);
        }
        self.sep(false);
        self.out.push_str(close);
    }

    fn form(&mut self, form: &Form) {
        match form {
            Form::Symbol(s) => self.out.push_str(s),
            Form::Int(i) => self.out.push_str(&i.to_string()),
            Form::Str(s) => self.out.push_str(&quote(s)),
            Form::List(items) => self.seq("(", items, ")"),
            Form::Braces(items) => self.seq("{", items, "}"),
            Form::Named(name, value) => {
                self.out.push_str(name);
                self.out.push(':');
                self.form(value);
            }
        }
    }
}

fn print(forms: &[Form], seps: &[u8], plain: bool) -> String {
    let mut p = Printer { seps, next: 0, plain, out: String::new() };
    p.sep(false);
    for (i, f) in forms.iter().enumerate() {
        if i > 0 {
            p.sep(true);
        }
        p.form(f);
    }
    p.sep(false);
    p.out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(150),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Changing only whitespace (keeping blank lines and the place of comments) changes nothing.
    #[test]
    fn respaced_games_format_the_same(
        game in 0..6usize,
        mutations in proptest::collection::vec((any::<usize>(), any::<u32>()), 1..40),
    ) {
        let game = game % bundled().len();
        let (name, text) = &bundled()[game];
        let (tokens, gaps) = split(text);
        let mut gaps: Vec<String> = gaps.iter().map(|g| g.to_string()).collect();
        for &(at, seed) in &mutations {
            let i = at % gaps.len();
            let prev = i.checked_sub(1).map(|p| tokens[p].0);
            let next = tokens.get(i).map(|t| t.0);
            gaps[i] = respace(&gaps[i], prev, next, seed);
        }
        let mutated = rebuild(&tokens, &gaps);
        prop_assert_eq!(format(&mutated).expect("formats"), formatted_bundled(game), "{} respaced:\n{}", name, mutated);
    }

    /// Comments inserted anywhere between tokens are kept, and the result is stable.
    #[test]
    fn comments_inserted_in_games_are_kept(
        game in 0..6usize,
        insertions in proptest::collection::vec((any::<usize>(), 0..4u8), 1..8),
    ) {
        let (name, text) = &bundled()[game % bundled().len()];
        let (tokens, gaps) = split(text);
        let original = gaps.clone();
        let mut gaps: Vec<String> = gaps.iter().map(|g| g.to_string()).collect();
        let mut inserted = 0;
        for &(at, kind) in &insertions {
            let i = at % gaps.len();
            if i > 0 && tokens[i - 1].0 == Tok::NamedPrefix {
                continue;
            }
            let mut comment = ["; trailing\n", "\n; own line\n", "\n\n; after a blank line\n\n", " ;x\n"][kind as usize].to_string();
            if i > 0 && tokens[i - 1].0 == Tok::Comment && !gaps[i].contains('\n') {
                comment.insert(0, '\n');
            }
            gaps[i] = format!("{}{comment}{}", gaps[i], original[i]);
            inserted += 1;
        }
        let mutated = rebuild(&tokens, &gaps);
        let formatted = check_formatting(name, &mutated);
        prop_assert_eq!(count_comments(&formatted), count_comments(text) + inserted);
        let stripped = |t: &str| t.lines().map(str::trim).filter(|l| !l.is_empty()).count();
        prop_assert!(stripped(&formatted) >= stripped(formatted_bundled(game % bundled().len())));
    }

    /// Random trees printed with random spacing and comments round-trip.
    #[test]
    fn random_forms_round_trip(
        forms in proptest::collection::vec(form(), 1..4),
        seps in proptest::collection::vec(any::<u8>(), 1..64),
    ) {
        let text = print(&forms, &seps, false);
        prop_assert!(parse(0, &text).is_ok(), "the generator printed text that does not parse:\n{}", text);
        check_formatting("random", &text);
    }

    /// Without comments and blank lines, the layout does not depend on the spacing.
    #[test]
    fn random_forms_format_the_same_however_spaced(
        forms in proptest::collection::vec(form(), 1..4),
        seps_a in proptest::collection::vec(any::<u8>(), 1..32),
        seps_b in proptest::collection::vec(any::<u8>(), 1..32),
    ) {
        let a = print(&forms, &seps_a, true);
        let b = print(&forms, &seps_b, true);
        let formatted = check_formatting("random", &a);
        prop_assert_eq!(&formatted, &format(&b).expect("formats"));
        let widest = formatted.lines().map(|l| l.chars().count()).max().unwrap_or(0);
        if widest > WIDTH {
            // Only a line that cannot be broken may be too long: an atom or a head line.
            for line in formatted.lines().filter(|l| l.chars().count() > WIDTH) {
                let body = line.trim_start().trim_end_matches([')', '}']);
                let first = body.split(' ').next().unwrap_or("");
                prop_assert!(
                    !body.contains(' ') || first.contains(['(', '{']) || body.contains('"'),
                    "a breakable line is too long:\n{}", formatted
                );
            }
        }
    }
}
