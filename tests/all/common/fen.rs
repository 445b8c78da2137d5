//! Chess positions in Forsyth–Edwards Notation (FEN) as Tabula position text (LANGUAGE.md,
//! Positions), for tests that start a chess game from the published perft positions. A test
//! utility, not part of Tabula: `src/` knows no game.
//!
//! The teams are "White" and "Black"; the kinds `king queen rook bishop knight pawn`. What FEN
//! says about history becomes the history a position holds: castling rights make the king and
//! the rook concerned unmoved, and so are pawns on their starting rank (their two-step); an en
//! passant square makes the double step just made the previous move (`previous-from`,
//! `previous-to`, `last`). The halfmove clock is left out: its counter is a choice of the chess
//! game file, not of FEN.

/// The position text of a FEN record (four to six fields), or why it is not one.
pub fn to_position(fen: &str) -> Result<String, String> {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if !(4..=6).contains(&fields.len()) {
        return Err(format!("a FEN record has 4 to 6 fields, found {}", fields.len()));
    }
    let (placement, side, castling, passant) = (fields[0], fields[1], fields[2], fields[3]);
    let fullmove: u32 = match fields.get(5) {
        Some(n) => n.parse().map_err(|_| format!("the move number `{n}` is not a number"))?,
        None => 1,
    };
    if fullmove == 0 {
        return Err("move numbers start at 1".into());
    }
    // Per team, per kind: the squares, in Tabula's site order (a1, b1, … h1, a2, …).
    let kinds = ["king", "queen", "rook", "bishop", "knight", "pawn"];
    let mut squares: Vec<Vec<Vec<String>>> = vec![vec![Vec::new(); kinds.len()]; 2];
    let mut board: Vec<Option<(usize, usize)>> = vec![None; 64];
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != 8 {
        return Err(format!("the placement has {} ranks, not 8", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let rank = 7 - i;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            }
            let kind = "kqrbnp".find(c.to_ascii_lowercase()).ok_or_else(|| format!("`{c}` is not a piece"))?;
            let team = usize::from(c.is_ascii_lowercase());
            if file >= 8 {
                return Err(format!("rank {} is longer than 8 squares", rank + 1));
            }
            board[rank * 8 + file] = Some((team, kind));
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} has {file} squares, not 8", rank + 1));
        }
    }
    let name = |sq: usize| format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1);
    for (sq, piece) in board.iter().enumerate() {
        if let Some((team, kind)) = piece {
            squares[*team][*kind].push(name(sq));
        }
    }
    let black_to_move = match side {
        "w" => false,
        "b" => true,
        _ => return Err(format!("the side to move is `w` or `b`, not `{side}`")),
    };
    let mut forms = Vec::new();
    for (team, team_name) in ["White", "Black"].iter().enumerate() {
        for (kind, kind_name) in kinds.iter().enumerate() {
            if !squares[team][kind].is_empty() {
                forms.push(format!("(place \"{team_name}\" {kind_name} {})", squares[team][kind].join(" ")));
            }
        }
    }
    forms.push(format!("(to-move \"{}\")", if black_to_move { "Black" } else { "White" }));
    forms.push(format!("(turn {})", 2 * (fullmove - 1) + 1 + u32::from(black_to_move)));
    if passant != "-" {
        let bytes = passant.as_bytes();
        let (file, rank) = match bytes {
            [f @ b'a'..=b'h', r @ (b'3' | b'6')] => ((f - b'a') as usize, (r - b'1') as usize),
            _ => return Err(format!("`{passant}` is not an en passant square")),
        };
        // The pawn passed over the square: from one rank behind it to one rank beyond.
        let (from, to) = if rank == 2 { (file + 8, file + 24) } else { (file + 48, file + 32) };
        forms.push(format!("(last {})", name(to)));
        forms.push(format!("(previous-from {})", name(from)));
        forms.push(format!("(previous-to {})", name(to)));
    }
    let mut unmoved: Vec<usize> = Vec::new();
    if castling != "-" {
        for c in castling.chars() {
            let (king, rook) = match c {
                'K' => (4, 7),
                'Q' => (4, 0),
                'k' => (60, 63),
                'q' => (60, 56),
                _ => return Err(format!("`{c}` is not a castling right")),
            };
            unmoved.extend([king, rook]);
        }
    }
    for (sq, piece) in board.iter().enumerate() {
        if matches!(piece, Some((0, 5))) && sq / 8 == 1 || matches!(piece, Some((1, 5))) && sq / 8 == 6 {
            unmoved.push(sq);
        }
    }
    unmoved.sort_unstable();
    unmoved.dedup();
    let unmoved: Vec<String> = unmoved.into_iter().map(|sq| format!(" {}", name(sq))).collect();
    forms.push(format!("(unmoved{})", unmoved.concat()));
    Ok(format!("(position {})", forms.join(" ")))
}
