//! Positions as text (LANGUAGE.md, Positions): hand-worked positions read by `--position`, the
//! round trip print → read → print, records that begin from a position, and broken positions.
//! The exact diagnostics are snapshots in `tests/cmd/position.trycmd`.

use std::process::{Command, Output};

use tabula::diagnostic::Diagnostic;
use tabula::engine::turn_perft::perft_turns;
use tabula::engine::{Engine, State};

use crate::common::{engine, legal};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).output().expect("tabula runs")
}

/// Stdout of a command that must succeed.
fn ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("utf-8")
}

fn read(e: &Engine, text: &str) -> Result<State, Vec<Diagnostic>> {
    let setup = tabula::position::read(e, 0, text)?;
    Ok(e.position(&setup).expect("a position that reads is one the engine takes"))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Every point of a 5×5 board but those given.
fn empty_points_but(taken: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for c in ["a", "b", "c", "d", "e"] {
        for r in 1..=5 {
            let p = format!("{c}{r}");
            if !taken.contains(&p.as_str()) {
                out.push(p);
            }
        }
    }
    out
}

/// A lone White stone in the corner, Black beside it: Black may play on every empty point (none
/// is suicide on an open board) or pass, and `a2` takes the stone; then `a1` is suicide for
/// White, so every empty point but it is legal.
#[test]
fn a_go_position_with_one_capture_lists_exactly_the_expected_moves() {
    let p = r#"(position (place "Black" b1) (place "White" a1) (to-move "Black") (turn 3))"#;
    let game = "games/go.game";
    let moves = ok(&["moves", game, "--set", "size=5", "--position", p]);
    let mut expected = empty_points_but(&["a1", "b1"]);
    expected.push("pass".into());
    assert_eq!(moves.lines().collect::<Vec<_>>(), sorted(expected));

    let after = ok(&["position", game, "--set", "size=5", "--position", p, "--after", "a2"]);
    assert_eq!(
        after,
        "(position\n  (place \"Black\" b1 a2)\n  (to-move \"White\")\n  (turn 4)\n  (last a2)\n  (previous-to a2))\n"
    );
    let moves = ok(&["moves", game, "--set", "size=5", "--position", p, "--after", "a2"]);
    let mut expected = empty_points_but(&["a1", "a2", "b1"]);
    expected.push("pass".into());
    assert_eq!(moves.lines().collect::<Vec<_>>(), sorted(expected));
}

/// Black's man on c3 must jump d4 to e5, and then jump again, over f6 to g7 or over d6 to c7
/// (the man on a1 may not step while a capture is there): one first action, two whole turns.
#[test]
fn a_forced_double_jump_in_draughts_counts_as_worked_by_hand() {
    let p = r#"(position (place "Black" man a1 c3) (place "White" man d4 d6 f6 a7) (to-move "Black"))"#;
    let game = "games/english-draughts.game";
    assert_eq!(ok(&["moves", game, "--position", p]), "c3-e5\n");
    assert_eq!(ok(&["perft", game, "1", "--position", p]).lines().last(), Some("1"));
    let turns = ok(&["perft", game, "1", "--turns", "--divide", "--position", p]);
    assert_eq!(turns, "c3-e5 e5-c7: 1\nc3-e5 e5-g7: 1\n2\n");
}

/// A position read from a file gives the same as the text given inline; a king keeps its kind.
#[test]
fn a_position_file_reads_like_the_text_and_kinds_are_kept() {
    let dir = std::env::temp_dir().join(format!("tabula-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kings.position");
    let text =
        "; two kings\n(position\n  (place \"Black\" king d4)\n  (place \"White\" man b8)\n  (to-move \"Black\"))\n";
    std::fs::write(&file, text).expect("write");
    let game = "games/english-draughts.game";
    let moves = ok(&["moves", game, "--position", file.to_str().expect("path")]);
    // A king steps any diagonal way; a man of Black only to the north.
    assert_eq!(moves, "d4-c3\nd4-c5\nd4-e3\nd4-e5\n");
    let printed = ok(&["position", game, "--position", file.to_str().expect("path")]);
    assert_eq!(
        printed,
        "(position\n  (place \"Black\" king d4)\n  (place \"White\" man b8)\n  (to-move \"Black\")\n  (turn 1))\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Plays a pseudo-random game and, at the start of every turn, writes the position, reads it
/// back and writes it again: the two texts are the same, and (where the rules read no history
/// of earlier positions) so are the legal actions.
fn round_trip(file: &str, sets: &[&str], same_moves: bool) -> usize {
    round_trip_engine(&engine(file, "", sets), same_moves)
}

fn round_trip_engine(e: &Engine, same_moves: bool) -> usize {
    round_trip_seeded(e, same_moves, 0x2545_f491_4f6c_dd1d)
}

fn round_trip_seeded(e: &Engine, same_moves: bool, mut seed: u64) -> usize {
    let mut state = e.initial();
    let mut checked = 0;
    while e.outcome(&state).is_none() && state.actions() < 400 {
        if !state.mid_turn() {
            let text = tabula::position::write(e, &state).expect("between turns");
            let again = read(e, &text).unwrap_or_else(|d| panic!("{text}: {:?}", d));
            assert_eq!(tabula::position::write(e, &again).expect("between turns"), text);
            if same_moves {
                assert_eq!(sorted(legal(e, &again)), sorted(legal(e, &state)), "{text}");
                // Every whole turn too: the later actions of a turn (an arrow's shot) see the
                // board as much as the first.
                assert_eq!(perft_turns(e, &again, 1), perft_turns(e, &state, 1), "{text}");
            }
            checked += 1;
        }
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let actions = e.legal(&state);
        let action = actions[(seed % actions.len() as u64) as usize];
        e.apply(&mut state, action).expect("legal");
    }
    checked
}

#[test]
fn go_positions_round_trip() {
    // Go's ban on repeating a position reads the game's history, which a position does not
    // hold: only the text is compared.
    assert!(round_trip("games/go.game", &["size=7"], false) > 20);
}

#[test]
fn draughts_positions_round_trip_with_the_same_moves() {
    assert!(round_trip("games/english-draughts.game", &[], true) > 20);
}

#[test]
fn reversi_positions_round_trip_with_the_same_moves() {
    assert!(round_trip("games/reversi.game", &[], true) > 20);
}

/// Counters, hands, allowances, passes and the last arrival are read as written.
#[test]
fn every_detail_of_a_position_is_read_back() {
    let e = engine("games/english-draughts.game", "", &[]);
    let text = "(position\n  (place \"Black\" man a1)\n  (place \"White\" king h8)\n  (to-move \"White\")\n  (turn 40)\n  (allowance quiet 7)\n  (last a1)\n  (passes 2))\n";
    let state = read(&e, text).expect("reads");
    assert_eq!(tabula::position::write(&e, &state).expect("between turns"), text);
    let go = engine("games/go.game", "", &["size=5"]);
    let text = "(position\n  (to-move \"Black\")\n  (turn 2)\n  (counter bonus \"White\" 15))\n";
    let state = read(&go, text).expect("reads");
    assert_eq!(state.counter(0, 1), 15);
    assert_eq!(tabula::position::write(&go, &state).expect("between turns"), text);
}

/// A game whose players hold stones in hand: hands are written, and read back.
#[test]
fn hands_are_written_and_read() {
    let e = engine("games/kensington.game", "", &[]);
    let mut state = e.initial();
    let first = legal(&e, &state)[0].clone();
    e.play(&mut state, &first).expect("legal");
    let text = tabula::position::write(&e, &state).expect("between turns");
    assert!(text.contains("(hand \"Red\" 14)\n  (hand \"Blue\" 15)"), "{text}");
    let again = read(&e, &text).expect("reads");
    assert_eq!(tabula::position::write(&e, &again).expect("between turns"), text);
}

/// In the middle of a turn there is no position to write: it says so, and exits 1.
#[test]
fn a_position_in_the_middle_of_a_turn_is_refused() {
    let out = tabula(&["position", "games/ketchup.game", "--set", "size=3", "--after", "c3 b2"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("in the middle of turn 2"), "{err}");
}

/// `playout --position --records` writes records that begin with the position, and they replay
/// to the results counted; `play --position --record` too.
#[test]
fn records_of_games_begun_from_a_position_say_so_and_replay() {
    let dir = std::env::temp_dir().join(format!("tabula-position-records-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let game = "games/reversi.game";
    let p = r#"(position (place "Black" d4 e5 c3) (place "White" d5 e4) (to-move "White") (turn 5))"#;
    let d = dir.to_str().expect("path");
    let stats: serde_json::Value = serde_json::from_str(&ok(&[
        "playout",
        game,
        "--position",
        p,
        "--games",
        "6",
        "--seed",
        "2",
        "--json",
        "--records",
        d,
    ]))
    .expect("json");
    let mut wins = vec![0u64; 2];
    let mut draws = 0;
    for index in 0..6 {
        let record = dir.join(format!("{index:06}.rec"));
        let text = std::fs::read_to_string(&record).expect("record");
        let header = text.lines().find(|l| l.starts_with("(position")).expect("a position line");
        assert_eq!(header, r#"(position (place "Black" c3 d4 e5) (place "White" e4 d5) (to-move "White") (turn 5))"#);
        let replayed: serde_json::Value =
            serde_json::from_str(&ok(&["replay", game, record.to_str().expect("path"), "--json"])).expect("json");
        match replayed["winner"].as_u64() {
            Some(w) => wins[w as usize - 1] += 1,
            None => draws += 1,
        }
    }
    assert_eq!(stats["wins"], serde_json::json!(wins));
    assert_eq!(stats["draws"], serde_json::json!(draws));

    let rec = dir.join("played.rec");
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", game, "--players", "random,random", "--seed", "1", "--position", p, "--record"])
        .arg(&rec)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("tabula runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = std::fs::read_to_string(&rec).expect("record");
    assert!(text.lines().any(|l| l.starts_with("(position (place \"Black\" c3 d4 e5)")), "{text}");
    let replayed: serde_json::Value =
        serde_json::from_str(&ok(&["replay", game, rec.to_str().expect("path"), "--json"])).expect("json");
    assert_eq!(replayed["finished"], true);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A record without a position line still replays from the game's start.
#[test]
fn old_records_still_begin_at_the_start() {
    let record = tabula::record::Record::parse("game Reversi\nd3\n").expect("parses");
    assert_eq!(record.position, None);
    let e = engine("games/reversi.game", "", &[]);
    let state = tabula::record::replay(&e, &record).expect("replays");
    assert_eq!(state.turns_completed(), 1);
}

/// A broken position line in a record is reported with its line; nothing panics.
#[test]
fn a_broken_position_in_a_record_is_reported_with_its_line() {
    let record = tabula::record::Record::parse("game Reversi\n(position (place \"Red\" d4))\nd3\n").expect("parses");
    let e = engine("games/reversi.game", "", &[]);
    let err = tabula::record::replay(&e, &record).expect_err("unknown team").to_string();
    assert!(err.starts_with("line 2: the position the game began from: unknown team \"Red\""), "{err}");
    let late = tabula::record::Record::parse("game Reversi\nd3\n(position)\n").expect_err("after a turn");
    assert_eq!(late.line, 3);
}

/// `moves --json` gives the position as text; started from it, `moves` lists the same actions.
#[test]
fn moves_json_gives_the_position_to_start_from_again() {
    let game = "games/reversi.game";
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["moves", game, "--after", "d3 c5 f6", "--json"])).expect("json");
    let position = v["position"].as_str().expect("between turns");
    assert!(position.starts_with("(position (place \"Black\" "), "{position}");
    let again: serde_json::Value =
        serde_json::from_str(&ok(&["moves", game, "--position", position, "--json"])).expect("json");
    assert_eq!(again["legal"], v["legal"]);
    assert_eq!(again["to_move"], v["to_move"]);
    assert_eq!(again["position"], v["position"]);
}

/// Pawns that go two steps while unmoved and take in passing a pawn that has just gone two.
fn passing() -> Engine {
    crate::common::engine("tests/boards/passing.game", "", &[])
}

/// North's a4 has just gone two steps to a2, past b2: b2 (unmoved) may go one or two steps or
/// take in passing on a3; d1 one or two. Without the previous move there is nothing to take in
/// passing; with b2 moved, it goes one step only.
#[test]
fn the_previous_move_and_unmoved_pieces_are_read_as_the_rules_need() {
    let e = passing();
    let at = |history: &str| {
        let text = format!(
            r#"(position (place "North" pawn a2 c4) (place "South" pawn b2 d1) (to-move "South") (turn 2) {history})"#
        );
        sorted(legal(&e, &read(&e, &text).unwrap_or_else(|d| panic!("{d:?}"))))
    };
    let list = |l: &str| sorted(l.split_whitespace().map(String::from).collect());
    let passed = "(last a2) (previous-from a4) (previous-to a2)";
    assert_eq!(at(&format!("{passed} (unmoved c4 b2 d1)")), list("b2-b3 b2-b4 b2-a3 d1-d2 d1-d3"));
    assert_eq!(at("(last a2) (unmoved c4 b2 d1)"), list("b2-b3 b2-b4 d1-d2 d1-d3"));
    assert_eq!(at(&format!("{passed} (unmoved c4 d1)")), list("b2-b3 b2-a3 d1-d2 d1-d3"));
    // Left out, every piece is unmoved.
    assert_eq!(at(passed), list("b2-b3 b2-b4 b2-a3 d1-d2 d1-d3"));
    // Played from the start, the same position is written with its history.
    let mut s = e.initial();
    crate::common::play(&e, &mut s, "a4-a2");
    assert_eq!(
        tabula::position::write(&e, &s).expect("between turns"),
        "(position\n  (place \"North\" pawn a2 c4)\n  (place \"South\" pawn d1 b2)\n  (to-move \"South\")\n  \
         (turn 2)\n  (last a2)\n  (previous-from a4)\n  (previous-to a2)\n  (unmoved d1 b2 c4))\n"
    );
}

#[test]
fn positions_with_history_round_trip_with_the_same_moves() {
    assert!(round_trip_engine(&passing(), true) >= 3);
}

/// The pieces of chess on an 8×8 board, moving nowhere: enough to read a position converted
/// from FEN (the converter is a test utility, `common/fen.rs`).
const CHESSMEN: &str = r#"(game "Chessmen"
  (players "White" "Black")
  (board (square 8))
  (pieces king queen rook bishop knight pawn)
  (play (turn (slide (from (friend king)) (along all) (to empty) (where (unmoved from)))))
  (end (when (no-moves) (win mover))))"#;

#[test]
fn fen_records_become_positions_that_read() {
    use crate::common::fen::to_position;
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let text = to_position(kiwipete).expect("a FEN record");
    assert_eq!(
        text,
        "(position (place \"White\" king e1) (place \"White\" queen f3) (place \"White\" rook a1 h1) \
         (place \"White\" bishop d2 e2) (place \"White\" knight c3 e5) \
         (place \"White\" pawn a2 b2 c2 f2 g2 h2 e4 d5) (place \"Black\" king e8) (place \"Black\" queen e7) \
         (place \"Black\" rook a8 h8) (place \"Black\" bishop a6 g7) (place \"Black\" knight b6 f6) \
         (place \"Black\" pawn h3 b4 e6 g6 a7 c7 d7 f7) (to-move \"White\") (turn 1) \
         (unmoved a1 e1 h1 a2 b2 c2 f2 g2 h2 a7 c7 d7 f7 a8 e8 h8))"
    );
    let e = crate::common::inline(CHESSMEN);
    let state = read(&e, &text).unwrap_or_else(|d| panic!("{d:?}"));
    // The converted position prints back as the reader understood it: the same forms.
    let printed = tabula::position::write_line(&e, &state).expect("between turns");
    assert_eq!(printed, text);
    // After 1. e4: Black to move in turn 2, White's double step the previous move.
    let text = to_position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").expect("a FEN record");
    assert!(text.contains("(to-move \"Black\") (turn 2) (last e4) (previous-from e2) (previous-to e4)"), "{text}");
    let state = read(&e, &text).unwrap_or_else(|d| panic!("{d:?}"));
    assert_eq!(state.previous(), [e.site("e2"), e.site("e4")]);
    // Not FEN.
    assert!(to_position("8/8/8 w - -").is_err());
    assert!(to_position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq -").is_err());
}

/// Amazons, worked by hand from the start (White's queens a4 d1 g1 j4, Black's a7 d10 g10 j7):
/// White's d1 goes north to d7 (d2 to d6 are empty) and shoots east to g7 (e7 and f7 are
/// empty); Black's j7 goes west to h7 (i7 is empty, g7 now holds the arrow) and shoots south
/// to h2 (h6 to h3 are empty). Turn 3 begins with White to move; the last stone to arrive was
/// the arrow on h2, placed, so the previous turn has a `previous-to` only.
const AMAZONS_AFTER: &str = "d1-d7 g7 j7-h7 h2";

/// The position after [`AMAZONS_AFTER`], each team's queens and then the arrows in the board's
/// order (row by row from a1).
const AMAZONS_POSITION: &str = "(position
  (place \"White\" queen g1 a4 j4 d7)
  (place \"Black\" queen a7 h7 d10 g10)
  (place arrow h2 g7)
  (to-move \"White\")
  (turn 3)
  (last h2)
  (previous-to h2))
";

#[test]
fn an_amazons_position_prints_its_arrows_as_worked_by_hand() {
    let printed = ok(&["position", "games/amazons.game", "--after", AMAZONS_AFTER]);
    assert_eq!(printed, AMAZONS_POSITION);
    // Read back and printed again: the same text, arrows and all.
    let again = ok(&["position", "games/amazons.game", "--position", &printed]);
    assert_eq!(again, printed);
    assert_eq!(
        ok(&["position", "games/amazons.game", "--position", &printed, "--line"]),
        AMAZONS_POSITION.split_whitespace().collect::<Vec<_>>().join(" ") + "\n"
    );
}

#[test]
fn an_amazons_position_read_back_has_the_moves_of_the_game_played_to_it() {
    let game = "games/amazons.game";
    let played = ok(&["moves", game, "--after", AMAZONS_AFTER]);
    let read = ok(&["moves", game, "--position", AMAZONS_POSITION]);
    assert_eq!(read, played);
    let listed: Vec<&str> = read.lines().collect();
    // The arrows block: g1 goes north as far as g6 (g7 holds an arrow) and not north-east at
    // all (h2), d7 east as far as f7; j7, which Black's queen left, is open to j4 again.
    for action in ["g1-g6", "d7-f7", "j4-j7", "g1-h1"] {
        assert!(listed.contains(&action), "{action} in {listed:?}");
    }
    for action in ["g1-g7", "g1-g8", "g1-h2", "g1-i3", "d7-g7", "d7-h7"] {
        assert!(!listed.contains(&action), "{action} in {listed:?}");
    }
    // And every whole turn, the shots included.
    let turns = |p: &[&str]| ok(&[&["perft", game, "1", "--turns"][..], p].concat());
    assert_eq!(turns(&["--position", AMAZONS_POSITION]), turns(&["--after", AMAZONS_AFTER]));
    // Without its arrows the position is another one, with more moves.
    let bare = AMAZONS_POSITION.replace("\n  (place arrow h2 g7)", "");
    let more = ok(&["moves", game, "--position", &bare]);
    assert!(more.lines().any(|a| a == "g1-g7") && more.lines().count() > listed.len(), "{more}");
}

/// The bundled games (and each of their variants) that declare a kind of nobody's.
fn bundled_with_neutral_kinds() -> Vec<(String, String, Engine)> {
    let mut out = Vec::new();
    for dir in ["games", "games/variants"] {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("games")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "game"))
            .collect();
        files.sort();
        for path in files {
            let file = path.to_str().expect("path").to_string();
            let first = engine(&file, "", &[]);
            let mut variants: Vec<String> = first.game().variants.iter().map(|v| v.name.clone()).collect();
            if variants.is_empty() {
                variants.push(String::new());
            }
            for variant in variants {
                let e = engine(&file, &variant, &[]);
                if e.game().pieces.iter().any(|k| k.neutral) {
                    out.push((file.clone(), variant, e));
                }
            }
        }
    }
    out
}

/// Random playouts of every bundled game with pieces of nobody's: at every turn's beginning the
/// position printed, read and printed again is the same text, with the same legal actions and
/// whole turns; and pieces of nobody's are on the board in some of them, so they are written.
#[test]
fn positions_with_pieces_of_nobodys_round_trip_in_every_bundled_game_that_has_them() {
    let games = bundled_with_neutral_kinds();
    assert!(games.iter().any(|(file, ..)| file == "games/amazons.game"), "Amazons is found");
    for (file, variant, e) in &games {
        for seed in [0x2545_f491_4f6c_dd1d_u64, 0x9e37_79b9_7f4a_7c15, 0xd1b5_4a32_d192_ed03] {
            let checked = round_trip_seeded(e, true, seed);
            assert!(checked > 10, "{file} {variant}: {checked} positions");
        }
        // The first turn of the start leaves a piece of nobody's somewhere, written by its kind.
        let mut state = e.initial();
        while e.outcome(&state).is_none() && (state.mid_turn() || state.turns_completed() < 1) {
            let first = e.legal(&state)[0];
            e.apply(&mut state, first).expect("legal");
        }
        let text = tabula::position::write(e, &state).expect("between turns");
        let written =
            e.game().pieces.iter().filter(|k| k.neutral).any(|k| text.contains(&format!("(place {} ", k.name)));
        assert!(written, "{file} {variant}: {text}");
    }
}

/// Blocks of nobody's, declared as the first kind (so what a plain `place` puts), moved by
/// either player (`tests/boards/sliding-blocks.game`): read and written by their kind, never a
/// team's.
#[test]
fn pieces_of_nobodys_of_the_first_kind_round_trip() {
    let e = engine("tests/boards/sliding-blocks.game", "", &[]);
    let text = "(position\n  (place \"White\" rook a1)\n  (place \"Black\" rook d4)\n  (place block b2 c3)\n  \
                (to-move \"White\")\n  (turn 1))\n";
    assert_eq!(tabula::position::write(&e, &e.initial()).expect("between turns"), text);
    let state = read(&e, text).unwrap_or_else(|d| panic!("{d:?}"));
    assert!(e.neutral_at(&state, e.site("b2").expect("b2")) && e.stone(&state, e.site("c3").expect("c3")).is_none());
    assert_eq!(sorted(legal(&e, &state)), sorted(legal(&e, &e.initial())));
    for seed in [1, 2, 3] {
        assert!(round_trip_seeded(&e, true, seed) > 5);
    }
    // A team's stones without a kind would be blocks: refused.
    let err = tabula::position::read(&e, 0, r#"(position (place "White" a1))"#).expect_err("a team's block");
    assert_eq!(err.len(), 1);
    assert_eq!(err[0].code, tabula::codes::NEUTRAL_PIECE);
}

/// Broken positions never panic: every text made by cutting a valid one short, or by dropping
/// or doubling one of its characters, is read to a position or to diagnostics, and a position
/// read is one the engine takes.
#[test]
fn mangled_positions_are_refused_without_a_panic() {
    let text = r#"(position (place "North" pawn a2 c4) (place "South" pawn b2 d1) (to-move "South") (turn 2) (last a2) (previous-from a4) (previous-to a2) (unmoved c4 b2) (passes 1))"#;
    mangled(&passing(), text);
}

/// The same with pieces of nobody's.
#[test]
fn mangled_positions_with_arrows_are_refused_without_a_panic() {
    let text = r#"(position (place "White" queen a4) (place arrow a5 b5) (place "Black" queen j7) (to-move "Black") (turn 2) (last b5) (previous-to b5))"#;
    mangled(&engine("games/amazons.game", "", &[]), text);
}

fn mangled(e: &Engine, text: &str) {
    let chars: Vec<char> = text.chars().collect();
    let mut variants: Vec<String> = Vec::new();
    for i in 0..chars.len() {
        variants.push(chars[..i].iter().collect());
        variants.push(chars.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, c)| c).collect());
        variants.push(chars.iter().enumerate().flat_map(|(j, &c)| if j == i { vec![c, c] } else { vec![c] }).collect());
    }
    let mut refused = 0;
    for v in &variants {
        match tabula::position::read(e, 0, v) {
            Ok(setup) => {
                e.position(&setup).unwrap_or_else(|m| panic!("{v}: {m}"));
            }
            Err(d) => {
                assert!(!d.is_empty(), "{v}");
                refused += 1;
            }
        }
    }
    // Both ways are taken: a blank dropped or doubled still reads; most other changes do not.
    assert!(refused > 0 && refused < variants.len(), "{refused} of {}", variants.len());
}

#[test]
fn a_game_that_ends_on_the_first_stone_of_a_turn_prints_as_ended() {
    // Two stones a turn; three in a row wins at once. Black's a3, the first stone of turn 3,
    // makes a1-a2-a3 and ends the game before the turn's second stone.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two-stones.game");
    std::fs::write(
        &file,
        "(game \"Two stones\" (players \"B\" \"W\") (board (square 7))\n\
         (play (turn (actions 2 2 (place (to empty)))))\n\
         (end (when (line 3 all last) (win mover)) (when (board-full) (draw))))\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let out = tabula(&["position", file, "--after", "a1 a2 g7 g6 a3"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "; the game is over: B wins after 3 turns, 5 actions\n\
         (position\n  (place \"B\" a1 a2 a3)\n  (place \"W\" g6 g7)\n  (to-move \"B\")\n  (turn 3)\n  (last a3)\n  (previous-to g6))\n"
    );
}

/// What `tabula position` writes is always readable back (Hardening II), for every bundled
/// game and variant, at every turn of a random game: the text reads to a state that writes the
/// same text, with the same legal actions where the rules read no history of positions.
#[test]
fn every_bundled_game_writes_positions_that_read_back() {
    let mut checked = 0;
    for file in crate::common::files_in(&["games", "games/variants"], &["game"]) {
        let text = std::fs::read_to_string(&file).unwrap();
        // A ban on repeating positions reads the game's history, which a position does not hold.
        let history = text.contains("(repeated)") || text.contains("superko") || text.contains("no-repeat");
        let file = file.to_str().unwrap();
        let default = engine(file, "", &[]);
        let variants: Vec<String> = default.game().variants.iter().map(|v| v.name.clone()).collect();
        for variant in std::iter::once(String::new()).chain(variants) {
            let e = engine(file, &variant, &[]);
            for seed in [1u64, 0x9e37_79b9_7f4a_7c15] {
                checked += round_trip_seeded(&e, !history, seed);
            }
        }
    }
    assert!(checked > 500, "{checked} positions");
}
