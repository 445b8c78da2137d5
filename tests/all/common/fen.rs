//! FEN (Forsyth–Edwards Notation) to a Tabula position of `games/chess.game`: a test utility,
//! not part of the engine, which knows no chess. The mapping:
//! - each piece letter is the kind of that symbol (`P N B R Q K`), upper case White's;
//! - castling rights are unmoved pieces: `K` the king on e1 and the rook on h1, `Q` the king
//!   and the rook on a1, `k`/`q` the same on rank 8; a pawn on its starting rank has not
//!   moved either (pawns cannot return), and every other piece has;
//! - an en passant square is the previous turn's double step: `e3` is `e2-e4`, `e6` `e7-e5`;
//! - the full-move number gives the turns played (so that `(turn-number)` would be right).
//!
//! The half-move clock is not carried: `games/chess.game` keeps it in an allowance, which a
//! position does not set. Perft does not depend on it.

use tabula::engine::{Engine, Setup};

pub fn setup(engine: &Engine, fen: &str) -> Setup {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    assert!(fields.len() >= 2, "a FEN has at least a board and a side to move: {fen}");
    let site = |label: &str| engine.site(label).unwrap_or_else(|| panic!("no square {label}"));
    let kind = |symbol: char| {
        let game = engine.game();
        let k = game
            .pieces
            .iter()
            .position(|p| p.symbol.as_deref().is_some_and(|s| s.eq_ignore_ascii_case(&symbol.to_string())));
        k.unwrap_or_else(|| panic!("no kind {symbol}")) as u8
    };
    let mut out = Setup { replace_setup: true, unmoved: Some(Vec::new()), ..Setup::default() };
    for (row, rank) in fields[0].split('/').enumerate() {
        let rank_number = 8 - row;
        let mut file = 0u8;
        for c in rank.chars() {
            if let Some(skip) = c.to_digit(10) {
                file += skip as u8;
                continue;
            }
            let label = format!("{}{rank_number}", (b'a' + file) as char);
            let s = site(&label);
            let team = if c.is_ascii_uppercase() { 0 } else { 1 };
            out.stones.push((s, team));
            out.kinds.push((s, kind(c)));
            let home = if team == 0 { 2 } else { 7 };
            if c.eq_ignore_ascii_case(&'p') && rank_number == home {
                out.unmoved.as_mut().unwrap().push(s);
            }
            file += 1;
        }
    }
    out.mover = match fields[1] {
        "w" => 0,
        "b" => 1,
        other => panic!("no side to move `{other}`"),
    };
    let castling = fields.get(2).copied().unwrap_or("-");
    for (right, king, rook) in [('K', "e1", "h1"), ('Q', "e1", "a1"), ('k', "e8", "h8"), ('q', "e8", "a8")] {
        if castling.contains(right) {
            let unmoved = out.unmoved.as_mut().unwrap();
            for label in [king, rook] {
                if !unmoved.contains(&site(label)) {
                    unmoved.push(site(label));
                }
            }
        }
    }
    if let Some(ep) = fields.get(3).filter(|f| **f != "-") {
        let (file, rank) = ep.split_at(1);
        let (from, to) = match rank {
            "3" => ("2", "4"),
            "6" => ("7", "5"),
            _ => panic!("en passant square {ep} is not on rank 3 or 6"),
        };
        out.previous = [Some(site(&format!("{file}{from}"))), Some(site(&format!("{file}{to}")))];
    }
    let fullmove: u32 = fields.get(5).and_then(|n| n.parse().ok()).unwrap_or(1);
    out.turns_played = (fullmove - 1) * 2 + out.mover as u32;
    out
}
