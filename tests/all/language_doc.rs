//! `docs/LANGUAGE.md` is the language reference; this test keeps it honest.
//!
//! 1. Every fenced block whose info string starts with `tabula` is checked:
//!    - ```` ```tabula game ```` — a complete game file: it must check without errors, in every
//!      variant (as `tabula check` does).
//!    - ```` ```tabula KIND [QUALIFIER...] ```` — a fragment of one category (`number`,
//!      `condition`, `sites`, `effect`, `move`, `stage`, `constraint`, `end`, `outcome`,
//!      `criterion`, `section`). It is put into a small *harness* game at a place where that
//!      category is valid, and the result must check without errors.
//!    - the word `invalid` anywhere in the info string turns the expectation round: the game (or
//!      the harness with the fragment in it) must be reported with at least one error; if its
//!      first line is a comment `; CODE: ...` (say `; unreachable_phase: ...`), one of the
//!      errors must have that code (`tabula::check::unreachable_phase`). Wording is never checked.
//!
//!    Blocks marked ```` ```text ```` (or anything else) are not checked, but for those of the
//!    *Positions* section, whose `$ tabula ...` commands are run and must print what the block
//!    shows below them.
//! 2. Every ludeme of the checker's table (`LUDEMES` in `src/check/scope.rs`) has an entry: a
//!    heading that names it in backticks.
//!
//! # The harness
//!
//! One game, written out by [`harness`] with a slot for each place a fragment can go:
//!
//! ```text
//! (game "Harness"
//!   (players "White" "Black" (hand 30))
//!   (board BOARD)                                  square 5 | hexhex 4 | tiling "3.4.6.4" 2
//!   (region goal (sites S1 S2))                    S1 S2: a1 b1 (square, hexhex) or 0 1 (tiling)
//!   (region home (owner "White") (sites S1))
//!   (region home (owner "Black") (sites S2))
//!   (counter score)
//!   (allowance extra)
//!   SECTION                                        <- `section` fragments
//!   (play
//!     (phase "opening" (until UNTIL)               <- `until`
//!       (turn (place (to empty) (require CONSTRAINT))))  <- `constraint`
//!     (phase "main"
//!       (turn (slide (from friend) (along REL) (to empty)
//!                    (where WHERE)                 <- `where` (default for expressions)
//!                    (then THEN))                  <- `arrival`, `site` (default for effects)
//!             (actions 0 (allowance extra) (relocate (from enemy) (to empty) (distinct))))
//!                                                  <- `move` and `stage` replace this turn
//!       (after-turn AFTER)                         <- `after-turn`
//!       (blocked pass)))
//!   (end END))                                     <- `end`, `compare`, `outcome`, `criterion`
//! ```
//!
//! Numbers, conditions and site sets are wrapped so that they fit the slot: a number `N` in a
//! condition slot becomes `(>= N 0)`, a set of sites `S` becomes `(count any S)`; in an effect
//! slot a number becomes `(add score mover N)` and a condition `(if C (draw))`. The slide's
//! `where` binds `to` and `from`; its `then` also allows `completed`; `site` is the `where` of a
//! `(remove (neighbors to REL) ...)` in that `then`. A `section` fragment is added to the game;
//! if it holds `players`, `board`, `play` or `end`, it replaces the harness's own (and a new
//! `players` drops the team-owned `home` regions, whose teams may no longer exist).
//!
//! Qualifiers: a board (`square` — the default —, `hexhex`, `tiling`, `mancala`: pits on a
//! course, with `pits`, `store`, `rival-store`, `course` and `across` declared) and a place (`where`,
//! `arrival`, `site`, `until`, `after-turn`, `end`, `compare`; see [`Place`]).

use std::path::PathBuf;

use tabula::check::{Selection, check_all_variants, check_str};
use tabula::diagnostic::{Diagnostic, Sources};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// One ```` ```tabula ... ```` block of the document.
struct Block {
    /// 1-based line of the opening fence.
    line: usize,
    info: String,
    text: String,
}

/// Every fenced block whose info string starts with the word `tabula`.
fn blocks(doc: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = doc.lines().enumerate();
    while let Some((i, line)) = lines.next() {
        let trimmed = line.trim_start();
        let Some(info) = trimmed.strip_prefix("```") else { continue };
        let fence_indent = line.len() - trimmed.len();
        let mut text = String::new();
        let mut closed = false;
        for (_, body) in lines.by_ref() {
            if body.trim_start().starts_with("```") {
                closed = true;
                break;
            }
            text.push_str(body.get(fence_indent..).unwrap_or(body.trim_start()));
            text.push('\n');
        }
        assert!(closed, "docs/LANGUAGE.md:{}: the code block is never closed", i + 1);
        let info = info.trim();
        if info == "tabula" || info.starts_with("tabula ") {
            out.push(Block { line: i + 1, info: info.to_string(), text });
        }
    }
    out
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Game,
    Number,
    Condition,
    Sites,
    Effect,
    Move,
    Stage,
    Constraint,
    End,
    Outcome,
    Criterion,
    Section,
}

/// Where in the harness an expression or effect goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// The slide's `(where ...)`: a move's condition, `to` and `from` bound.
    Where,
    /// The slide's `(then ...)`: an effect after the stone arrived (`completed` allowed).
    Arrival,
    /// `(where ...)` of a `(remove ...)` in the slide's `then`: `site` bound.
    Site,
    /// The opening phase's `(until ...)`.
    Until,
    /// The main phase's `(after-turn ...)`.
    AfterTurn,
    /// The condition of an end rule `(when ...)`.
    End,
    /// A `(higher ...)` criterion of a comparison.
    Compare,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Board {
    Square,
    HexHex,
    Tiling,
    /// Two rows of three pits and a store at each end, with the regions and relations a
    /// sowing names (`pits`, `store`, `rival-store`, `course`, `across`).
    Mancala,
}

impl Board {
    fn generator(self) -> &'static str {
        match self {
            Board::Square => "(square 5)",
            Board::HexHex => "(hexhex 4)",
            Board::Tiling => "(tiling \"3.4.6.4\" 2)",
            Board::Mancala => {
                "(graph 5 3 (sites a2 b1 c1 d1 e2 d3 c3 b3) (edges (b1 c1 d1 e2 d3 c3 b3 a2 b1) (b1 b3) (c1 c3) (d1 d3)))"
            }
        }
    }

    /// What the board's fragments may name besides the harness's own declarations.
    fn declarations(self) -> &'static str {
        match self {
            Board::Square | Board::HexHex | Board::Tiling => "",
            Board::Mancala => {
                "(region pits (owner \"White\") (sites b1 c1 d1))\n  (region pits (owner \"Black\") (sites d3 c3 b3))\n  \
                 (region store (owner \"White\") (sites e2))\n  (region store (owner \"Black\") (sites a2))\n  \
                 (region rival-store (owner \"White\") (sites a2))\n  (region rival-store (owner \"Black\") (sites e2))\n  \
                 (relation course (path b1 c1 d1 e2 d3 c3 b3 a2 b1))\n  (relation across (owner \"White\") N)\n  \
                 (relation across (owner \"Black\") S)\n"
            }
        }
    }

    fn relation(self) -> &'static str {
        match self {
            Board::Square => "orthogonal",
            Board::HexHex => "adjacent",
            Board::Tiling | Board::Mancala => "edges",
        }
    }

    fn two_sites(self) -> (&'static str, &'static str) {
        match self {
            Board::Square | Board::HexHex => ("a1", "b1"),
            Board::Mancala => ("b1", "c1"),
            Board::Tiling => ("0", "1"),
        }
    }
}

/// What the info string asks for.
struct Spec {
    kind: Kind,
    place: Option<Place>,
    board: Board,
    invalid: bool,
}

fn spec(info: &str) -> Result<Spec, String> {
    let mut words = info.split_whitespace();
    words.next(); // `tabula`
    let mut kind = None;
    let mut place = None;
    let mut board = None;
    let mut invalid = false;
    for word in words {
        let set_kind = |k: Kind, kind: &mut Option<Kind>| match kind.replace(k) {
            Some(_) => Err(format!("two kinds in `{info}`")),
            None => Ok(()),
        };
        match word {
            "invalid" => invalid = true,
            "game" => set_kind(Kind::Game, &mut kind)?,
            "number" => set_kind(Kind::Number, &mut kind)?,
            "condition" => set_kind(Kind::Condition, &mut kind)?,
            "sites" => set_kind(Kind::Sites, &mut kind)?,
            "effect" => set_kind(Kind::Effect, &mut kind)?,
            "move" => set_kind(Kind::Move, &mut kind)?,
            "stage" => set_kind(Kind::Stage, &mut kind)?,
            "constraint" => set_kind(Kind::Constraint, &mut kind)?,
            "end" if kind.is_some() => place = Some(Place::End),
            "end" => set_kind(Kind::End, &mut kind)?,
            "outcome" => set_kind(Kind::Outcome, &mut kind)?,
            "criterion" => set_kind(Kind::Criterion, &mut kind)?,
            "section" => set_kind(Kind::Section, &mut kind)?,
            "where" => place = Some(Place::Where),
            "arrival" => place = Some(Place::Arrival),
            "site" => place = Some(Place::Site),
            "until" => place = Some(Place::Until),
            "after-turn" => place = Some(Place::AfterTurn),
            "compare" => place = Some(Place::Compare),
            "square" => board = Some(Board::Square),
            "hexhex" => board = Some(Board::HexHex),
            "tiling" => board = Some(Board::Tiling),
            "mancala" => board = Some(Board::Mancala),
            other => return Err(format!("unknown word `{other}` in the info string `{info}`")),
        }
    }
    // `tabula invalid` alone is a whole game.
    let kind = kind.unwrap_or(Kind::Game);
    let places_allowed: &[Place] = match kind {
        Kind::Number | Kind::Condition | Kind::Sites => {
            &[Place::Where, Place::Arrival, Place::Site, Place::Until, Place::AfterTurn, Place::End, Place::Compare]
        }
        Kind::Effect => &[Place::Arrival, Place::AfterTurn],
        _ => &[],
    };
    if let Some(p) = place {
        if !places_allowed.contains(&p) {
            return Err(format!("a {kind:?} fragment cannot go in place {p:?} (`{info}`)"));
        }
    }
    if kind == Kind::Game && board.is_some() {
        return Err(format!("a whole game names its own board (`{info}`)"));
    }
    Ok(Spec { kind, place, board: board.unwrap_or(Board::Square), invalid })
}

/// The harness's slots, filled with defaults that check cleanly.
struct Slots {
    section: String,
    until: String,
    constraint: String,
    main_turn: Option<String>,
    slide_where: String,
    slide_then: String,
    after: String,
    end: String,
}

impl Slots {
    fn new() -> Slots {
        Slots {
            section: String::new(),
            until: "(hand-empty)".into(),
            constraint: String::new(),
            main_turn: None,
            slide_where: "true".into(),
            slide_then: String::new(),
            after: String::new(),
            end: "(when (board-full) (compare (higher (counter score))))".into(),
        }
    }
}

/// The heads of the top-level forms of a fragment (`(players ...) (board ...)` → players,
/// board), skipping strings and comments.
fn top_level_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            ';' => {
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
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
            '(' => {
                if depth == 0 {
                    let mut head = String::new();
                    while let Some(&c) = chars.peek() {
                        if c.is_whitespace() || c == '(' || c == ')' {
                            break;
                        }
                        head.push(c);
                        chars.next();
                    }
                    heads.push(head);
                }
                depth += 1;
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    heads
}

/// The harness game with a fragment in its place.
fn harness(spec: &Spec, fragment: &str) -> String {
    let board = spec.board;
    let rel = board.relation();
    let (s1, s2) = board.two_sites();
    let mut slots = Slots::new();
    // A fragment may end in a comment: whatever follows it goes on a new line.
    let fragment = format!("{}\n", fragment.trim_end());
    let f = fragment.as_str();
    let place = spec.place;
    // An expression wrapped for the slot it goes to.
    let as_condition = |f: &str| match spec.kind {
        Kind::Number => format!("(>= {f} 0)"),
        Kind::Sites => format!("(>= (count any {f}) 0)"),
        _ => f.to_string(),
    };
    let as_number = |f: &str| match spec.kind {
        Kind::Sites => format!("(count any {f})"),
        _ => f.to_string(),
    };
    let as_effect = |f: &str| match spec.kind {
        Kind::Number | Kind::Sites => format!("(add score mover {})", as_number(f)),
        Kind::Condition => format!("(if {f} (draw))"),
        _ => f.to_string(),
    };
    let mut players = Some("(players \"White\" \"Black\" (hand 30))".to_string());
    let mut board_form = Some(format!("(board {})", board.generator()));
    let mut owned_regions = true;
    let mut play_replaced = false;
    let mut end_replaced = false;
    match spec.kind {
        Kind::Game => unreachable!("whole games are checked as they are"),
        Kind::Number | Kind::Condition | Kind::Sites => match place.unwrap_or(Place::Where) {
            Place::Where => slots.slide_where = as_condition(f),
            Place::Arrival => slots.slide_then = as_effect(f),
            Place::Site => slots.slide_then = format!("(remove (neighbors to {rel}) (where {}))", as_condition(f)),
            Place::Until => slots.until = as_condition(f),
            Place::AfterTurn => slots.after = as_effect(f),
            Place::End => slots.end = format!("(when {} (draw))", as_condition(f)),
            Place::Compare => {
                let n = match spec.kind {
                    Kind::Condition => format!("(if {f} 1 0)"),
                    _ => as_number(f),
                };
                slots.end = format!("(when (board-full) (compare (higher {n})))");
            }
        },
        Kind::Effect => match place.unwrap_or(Place::Arrival) {
            Place::AfterTurn => slots.after = f.to_string(),
            _ => slots.slide_then = f.to_string(),
        },
        Kind::Move | Kind::Stage => slots.main_turn = Some(f.to_string()),
        Kind::Constraint => slots.constraint = format!("(require {f})"),
        Kind::End => slots.end = f.to_string(),
        Kind::Outcome => slots.end = format!("(when (board-full) {f})"),
        Kind::Criterion => slots.end = format!("(when (board-full) (compare {f}))"),
        Kind::Section => {
            for head in top_level_heads(f) {
                match head.as_str() {
                    "players" => {
                        players = None;
                        owned_regions = false;
                    }
                    "board" => board_form = None,
                    "play" => play_replaced = true,
                    "end" => end_replaced = true,
                    _ => {}
                }
            }
            slots.section = f.to_string();
        }
    }
    let main_turn = slots.main_turn.unwrap_or_else(|| {
        format!(
            "(slide (from friend) (along {rel}) (to empty) (where {}) (then {}))\n        \
             (actions 0 (allowance extra) (relocate (from enemy) (to empty) (distinct)))",
            slots.slide_where, slots.slide_then
        )
    });
    let mut g = String::from("(game \"Harness\"\n");
    if let Some(p) = players {
        g += &format!("  {p}\n");
    }
    if let Some(b) = board_form {
        g += &format!("  {b}\n");
    }
    g += &format!("  (region goal (sites {s1} {s2}))\n");
    if owned_regions {
        g += &format!("  (region home (owner \"White\") (sites {s1}))\n");
        g += &format!("  (region home (owner \"Black\") (sites {s2}))\n");
    }
    g += "  (counter score)\n  (allowance extra)\n";
    g += &format!("  {}", board.declarations());
    g += &format!("  {}\n", slots.section);
    if !play_replaced {
        g += &format!(
            "  (play\n    (phase \"opening\" (until {})\n      (turn (place (to empty) {})))\n    \
             (phase \"main\"\n      (turn {main_turn})\n      (after-turn {})\n      (blocked pass)))\n",
            slots.until, slots.constraint, slots.after
        );
    }
    if !end_replaced {
        g += &format!("  (end {}))\n", slots.end);
    } else {
        g += ")\n";
    }
    g
}

fn render(sources: &Sources, diagnostics: &[Diagnostic]) -> String {
    diagnostics.iter().map(|d| sources.render(d, false, 100)).collect()
}

/// The code an invalid example announces in its first line, `; CODE: explanation`, if any.
fn announced_code(text: &str) -> Option<&str> {
    let first = text.lines().next()?.strip_prefix(';')?.trim_start();
    let (code, _) = first.split_once(':')?;
    code.chars().all(|c| c.is_ascii_lowercase() || c == '_').then_some(code).filter(|c| !c.is_empty())
}

/// Checks a block; `Err` says what is wrong.
fn check_block(block: &Block) -> Result<(), String> {
    let spec = spec(&block.info)?;
    let (text, name) = match spec.kind {
        Kind::Game => (block.text.clone(), format!("LANGUAGE.md:{}", block.line)),
        _ => (harness(&spec, &block.text), format!("LANGUAGE.md:{} (in the harness)", block.line)),
    };
    let (sources, checked) = if spec.kind == Kind::Game {
        // As `tabula check` does: the default selection, then every other variant.
        let mut sources = Sources::new();
        let id = sources.add(name.clone(), text.clone());
        let checked = check_all_variants(&mut sources, id);
        (sources, Ok(checked))
    } else {
        check_str(&name, &text, &Selection::default())
    };
    let checked = match checked {
        Ok(c) => c,
        Err(e) => return Err(format!("the selection was refused: {e:?}\n{text}")),
    };
    let errors = checked.has_errors();
    // An invalid example may name the code it shows in its first line: `; unreachable_phase: ...`.
    if let (true, true, Some(code)) = (spec.invalid, errors, announced_code(&block.text)) {
        let suffix = format!("::{code}");
        if !checked.diagnostics.iter().any(|d| d.is_error() && d.code.ends_with(&suffix)) {
            return Err(format!(
                "the example announces `{code}`, but the checker reports:\n{}",
                render(&sources, &checked.diagnostics)
            ));
        }
    }
    match (spec.invalid, errors) {
        (false, false) | (true, true) => Ok(()),
        (false, true) => Err(format!(
            "expected no errors, got:\n{}\n--- checked text ---\n{text}",
            render(&sources, &checked.diagnostics)
        )),
        (true, false) => Err(format!("expected at least one error, got none\n--- checked text ---\n{text}")),
    }
}

#[test]
fn the_harness_itself_is_valid() {
    for board in [Board::Square, Board::HexHex, Board::Tiling] {
        let spec = Spec { kind: Kind::Condition, place: None, board, invalid: false };
        let text = harness(&spec, "true");
        let (sources, checked) = check_str("harness", &text, &Selection::default());
        let checked = checked.expect("no selection");
        assert!(!checked.has_errors(), "{text}\n{}", render(&sources, &checked.diagnostics));
    }
}

#[test]
fn every_example_checks_as_its_info_string_says() {
    let doc = read("docs/LANGUAGE.md");
    let blocks = blocks(&doc);
    assert!(blocks.len() >= 50, "expected many checked examples, found {}", blocks.len());
    let mut failures = Vec::new();
    for block in &blocks {
        if let Err(message) = check_block(block) {
            failures.push(format!("docs/LANGUAGE.md:{}: ```{}\n{message}", block.line, block.info));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} examples failed:\n\n{}",
        failures.len(),
        blocks.len(),
        failures.join("\n\n")
    );
}

/// The names in `LUDEMES`. The table lives in the private module `check::scope`, so it is read
/// from the source: every line of the table starts with `("NAME", `.
fn ludeme_names() -> Vec<String> {
    let source = read("src/check/scope.rs");
    let start = source.find("pub const LUDEMES").expect("LUDEMES in src/check/scope.rs");
    let table = &source[start..];
    let end = table.find("\n];").expect("the end of LUDEMES");
    let names: Vec<String> = table[..end]
        .lines()
        .filter_map(|l| l.trim().strip_prefix("(\""))
        .filter_map(|l| l.split_once('"').map(|(name, _)| name.to_string()))
        .collect();
    assert!(names.len() > 50, "read only {} ludemes from LUDEMES; has its layout changed?", names.len());
    names
}

#[test]
fn every_ludeme_has_an_entry() {
    let doc = read("docs/LANGUAGE.md");
    let headings: Vec<&str> = doc.lines().filter(|l| l.starts_with('#')).collect();
    let names = ludeme_names();
    let mut missing = Vec::new();
    for name in &names {
        // A name listed twice (a section and a number, say) needs an entry for each use.
        let uses = names.iter().filter(|n| *n == name).count();
        let tick = format!("`{name}`");
        let entries = headings.iter().filter(|h| h.contains(&tick)).count();
        if entries < uses && !missing.contains(name) {
            missing.push(name.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "ludemes without a heading naming them in backticks in docs/LANGUAGE.md \
         (a name with several uses needs one heading per use): {}",
        missing.join(" ")
    );
    // Each entry shows at least one checked example before the next heading.
    let lines: Vec<&str> = doc.lines().collect();
    let mut without_example = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with('#') || !names.iter().any(|n| line.contains(&format!("`{n}`"))) {
            continue;
        }
        let body = lines[i + 1..].iter().take_while(|l| !l.starts_with('#'));
        if !body.into_iter().any(|l| l.trim_start().starts_with("```tabula")) {
            without_example.push(format!("line {}: {line}", i + 1));
        }
    }
    assert!(
        without_example.is_empty(),
        "ludeme entries without a ```tabula example in docs/LANGUAGE.md:\n{}",
        without_example.join("\n")
    );
}

#[test]
fn every_diagnostic_code_is_documented() {
    let doc = read("docs/LANGUAGE.md");
    let codes = read("src/codes.rs");
    let mut count = 0;
    let mut missing = Vec::new();
    for line in codes.lines() {
        let Some(rest) = line.trim().strip_prefix("pub const ") else { continue };
        let Some((_, value)) = rest.split_once('"') else { continue };
        let Some((code, _)) = value.split_once('"') else { continue };
        count += 1;
        if !doc.contains(&format!("`{code}`")) {
            missing.push(code.to_string());
        }
    }
    assert!(count > 20, "read only {count} codes from src/codes.rs; has its layout changed?");
    assert!(missing.is_empty(), "diagnostic codes not documented in docs/LANGUAGE.md §11: {}", missing.join(" "));
}

/// The words of a shell command line as the examples write them: blanks separate words, and
/// single or double quotes hold blanks (and the other kind of quote) in one.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    assert!(quote.is_none(), "an unclosed quote in `{line}`");
    words.extend(word);
    words
}

/// The examples of the *Positions* section are run: every `$ tabula ...` line of its
/// ```` ```text ```` blocks prints exactly the lines below it (up to the next `$` or the
/// block's end), so that the position text the document shows is the one `tabula position`
/// writes — pieces of nobody's included.
#[test]
fn the_positions_examples_print_what_they_show() {
    let doc = read("docs/LANGUAGE.md");
    let start = doc.find("\n## Positions\n").expect("a Positions section");
    let section = &doc[start + 1..];
    let section = &section[..section.find("\n---\n").unwrap_or(section.len())];
    let mut commands: Vec<(String, String)> = Vec::new();
    let mut in_text = false;
    for line in section.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        match line.strip_prefix("$ ") {
            Some(command) => commands.push((command.to_string(), String::new())),
            None => {
                if let Some((_, output)) = commands.last_mut() {
                    output.push_str(line);
                    output.push('\n');
                }
            }
        }
    }
    assert!(commands.len() >= 2, "the Positions section's examples were found: {commands:?}");
    for (command, shown) in &commands {
        let words = shell_words(command);
        assert_eq!(words.first().map(String::as_str), Some("tabula"), "{command}");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&words[1..])
            .current_dir(root())
            .output()
            .expect("tabula runs");
        assert!(out.status.success(), "{command}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stdout), shown.as_str(), "docs/LANGUAGE.md, Positions: {command}");
    }
}
