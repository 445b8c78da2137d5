//! Position text to an engine [`Setup`], with a diagnostic pointing into the text for every
//! problem found (all of them, in one pass, as the checker does for game files).

use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::engine::{Engine, Setup};
use crate::similar::did_you_mean;
use crate::syntax::{Node, NodeKind, SourceId, Span};

/// Most stones a hand may hold in a position, as in `(players ... (hand N))`.
const MAX_HAND: i64 = 100_000;
/// Highest turn number a position may be at: a game's turn count is 32 bits.
const MAX_TURN: i64 = 1 << 31;

/// Reads position text (one `(position ...)` form) for the game of `engine`. The board is the
/// position's alone: the game's own `(setup ...)` is not added to it.
pub fn read(engine: &Engine, source: SourceId, text: &str) -> Result<Setup, Vec<Diagnostic>> {
    let forms = crate::syntax::parse(source, text).map_err(|d| vec![d])?;
    let form = match forms.as_slice() {
        [form] if form.head() == Some("position") => form,
        [] => {
            let end = Span::new(source, 0, 0);
            return Err(vec![
                Diagnostic::error(codes::EMPTY_FILE, "the position is empty")
                    .label(end, "nothing here")
                    .help("a position is one form: `(position (place \"White\" d4) (to-move \"Black\"))`"),
            ]);
        }
        [form] => return Err(vec![not_a_position(form)]),
        [_, extra, ..] => {
            return Err(vec![
                Diagnostic::error(codes::EXTRA_ARGUMENT, "more than one form in the position")
                    .label(extra.span, "this form is after the position")
                    .help("a position is one `(position ...)` form; put every detail inside it"),
            ]);
        }
    };
    let mut reader = Reader {
        engine,
        setup: Setup { replace_start: true, ..Setup::default() },
        errors: Vec::new(),
        placed: Vec::new(),
        once: Vec::new(),
        hands: Vec::new(),
        counters: Vec::new(),
        allowances: Vec::new(),
        passes: None,
        unmoved: Vec::new(),
    };
    for item in form.args() {
        reader.item(item);
    }
    reader.finish()
}

/// The sites of a `place` as written, each after a space, for a corrected form in a help line
/// (` SITE...` when there are none).
fn listed(sites: &[Node]) -> String {
    if sites.is_empty() {
        return " SITE...".to_string();
    }
    sites.iter().map(|n| format!(" {n}")).collect()
}

fn not_a_position(form: &Node) -> Diagnostic {
    Diagnostic::error(codes::NOT_A_GAME, format!("expected a position, found {}", form.describe()))
        .label(form.span, "not `(position ...)`")
        .help("a position is one form: `(position (place \"White\" d4) (to-move \"Black\"))`")
}

/// Whose the pieces of a `place` are.
#[derive(Clone, Copy)]
enum Owner {
    /// A team's, of a kind.
    Team(usize, u8),
    /// Nobody's, of a neutral kind.
    Nobody(u8),
    /// Not known: the `place` is wrong, and only its sites are checked.
    Unknown,
}

struct Reader<'e> {
    engine: &'e Engine,
    setup: Setup,
    errors: Vec<Diagnostic>,
    /// Where each site got its stone.
    placed: Vec<(u16, Span)>,
    /// The forms that may appear once, by head, where they were first given.
    once: Vec<(&'static str, Span)>,
    /// Hands given, (player, span).
    hands: Vec<(usize, Span)>,
    /// Counters given, (counter, team, span).
    counters: Vec<(usize, usize, Span)>,
    /// Allowances given, (allowance, span).
    allowances: Vec<(usize, Span)>,
    /// `(passes N)` and the span of N, to blame more passes than turns played once the turn
    /// is known (it may come later in the text).
    passes: Option<(u32, Span)>,
    /// The sites said to hold unmoved pieces, to blame one that holds none.
    unmoved: Vec<(u16, Span)>,
}

impl<'e> Reader<'e> {
    fn engine(&self) -> &'e Engine {
        self.engine
    }

    fn item(&mut self, item: &Node) {
        let Some(head) = item.head() else {
            self.errors.push(
                Diagnostic::error(
                    codes::WRONG_TYPE,
                    format!("expected a detail of the position, found {}", item.describe()),
                )
                .label(item.span, "not a form of a position")
                .help(format!("a position holds {}", super::FORMS)),
            );
            return;
        };
        let args = item.args();
        match head {
            "place" => self.place(item, args),
            "to-move" => {
                if let (true, Some(node)) =
                    (self.first("to-move", item), self.exactly(item, args, "the player to move"))
                {
                    if let Some(p) = self.player(node) {
                        self.setup.mover = p;
                    }
                }
            }
            "turn" => {
                if let (true, Some(node)) = (self.first("turn", item), self.exactly(item, args, "the turn number")) {
                    if let Some(n) = self.number(node, 1, MAX_TURN, "the turn number", "turns are numbered from 1") {
                        self.setup.turns_played = (n - 1) as u32;
                    }
                }
            }
            "passes" => {
                let what = "the number of turns in a row that were a pass";
                if let (true, Some(node)) = (self.first("passes", item), self.exactly(item, args, what)) {
                    if let Some(n) = self.number(node, 0, MAX_TURN, what, "a count of turns") {
                        self.setup.passes = n as u32;
                        self.passes = Some((n as u32, node.span));
                    }
                }
            }
            "last" => {
                if let (true, Some(node)) = (self.first("last", item), self.exactly(item, args, "the site")) {
                    self.setup.last = self.site(node);
                }
            }
            "previous-from" | "previous-to" => {
                // The same word with a static lifetime, to remember where it was given.
                let head = if head == "previous-from" { "previous-from" } else { "previous-to" };
                if let (true, Some(node)) = (self.first(head, item), self.exactly(item, args, "the site")) {
                    let site = self.site(node);
                    self.setup.previous[usize::from(head == "previous-to")] = site;
                }
            }
            "unmoved" => {
                if self.first("unmoved", item) {
                    let sites: Vec<(u16, Span)> =
                        args.iter().filter_map(|node| self.site(node).map(|s| (s, node.span))).collect();
                    self.setup.unmoved = Some(sites.iter().map(|&(s, _)| s).collect());
                    self.unmoved = sites;
                }
            }
            "hand" if self.engine().game().keeps_captures => self.held(item, args),
            "hand" => self.hand(item, args),
            "promoted" => self.promoted(item, args),
            "counter" => self.counter(item, args),
            "allowance" => self.allowance(item, args),
            "seeds" => self.seeds(item, args),
            _ => {
                let known = [
                    "place",
                    "to-move",
                    "turn",
                    "hand",
                    "promoted",
                    "counter",
                    "allowance",
                    "last",
                    "previous-from",
                    "previous-to",
                    "unmoved",
                    "passes",
                    "seeds",
                ];
                let node = &item.list().expect("a form with a head is a list")[0];
                self.errors.push(
                    Diagnostic::error(codes::UNKNOWN_LUDEME, format!("unknown detail `{head}` in a position"))
                        .label(node.span, "not a form of a position")
                        .help(
                            did_you_mean(head, known).unwrap_or_else(|| format!("a position holds {}", super::FORMS)),
                        ),
                );
            }
        }
    }

    /// `(place TEAM [KIND] SITE...)`, or `(place KIND SITE...)` for pieces of a kind that
    /// belongs to nobody (declared `neutral`), as `setup` states them.
    fn place(&mut self, item: &Node, args: &[Node]) {
        let Some((first, rest)) = args.split_first() else {
            return self.missing(item, "the team whose stones these are", "(place TEAM [KIND] SITE...)");
        };
        let game = self.engine().game();
        // A word first is a kind of nobody's (a team is named in quotes).
        if let Some(word) = first.symbol() {
            if let Some(k) = game.pieces.iter().position(|k| k.name == word && k.neutral) {
                if rest.is_empty() {
                    return self.missing(item, "the sites to put pieces on", &format!("(place {word} SITE...)"));
                }
                return self.sites(rest, Owner::Nobody(k as u8));
            }
            if let Some(d) = self.not_nobodys(args, word) {
                self.errors.push(d);
                // The sites are still read, for their own mistakes and for stones placed twice.
                let sites = if self.engine().site(word).is_some() { args } else { rest };
                return self.sites(sites, Owner::Unknown);
            }
        }
        let team = self.team(first);
        // The kind, whether the text names one, and the sites.
        let (kind, named, sites) = match rest.split_first() {
            Some((node, sites)) => {
                match node.symbol().and_then(|w| game.pieces.iter().position(|k| k.name == w)) {
                    Some(k) if game.pieces[k].neutral => {
                        let name = &game.pieces[k].name;
                        self.errors.push(
                            Diagnostic::error(
                                codes::NEUTRAL_PIECE,
                                format!("pieces of the kind `{name}` belong to no team"),
                            )
                            .label(node.span, format!("`{name}` is declared `neutral`"))
                            .help(format!("place them without a team: `(place {name}{})`", listed(sites))),
                        );
                        return self.sites(sites, Owner::Unknown);
                    }
                    Some(k) => (k as u8, true, sites),
                    None => match node.symbol().filter(|w| self.engine().site(w).is_none()).and_then(|w| {
                        did_you_mean(w, game.pieces.iter().map(|k| k.name.as_str())).map(|help| (w, help))
                    }) {
                        // A word like a kind but no site: a misspelt kind.
                        Some((word, help)) => {
                            self.errors.push(
                                Diagnostic::error(codes::UNKNOWN_PIECE, format!("unknown kind of piece `{word}`"))
                                    .label(node.span, "no kind of piece has this name")
                                    .help(help),
                            );
                            (0, true, sites)
                        }
                        None => (0, false, rest),
                    },
                }
            }
            None => (0, false, rest),
        };
        if sites.is_empty() {
            return self.missing(item, "the sites to put stones on", "(place TEAM [KIND] SITE...)");
        }
        // Without a kind, the first; a team's piece cannot be of a kind of nobody's.
        if let Some(first_kind) = game.pieces.first().filter(|k| !named && k.neutral) {
            let name = &first_kind.name;
            let help = match game.pieces.iter().find(|k| !k.neutral).map(|k| &k.name) {
                Some(other) => format!("name the kind after the team: `(place {first} {other}{})`", listed(sites)),
                None => "every kind of piece of this game belongs to nobody".to_string(),
            };
            self.errors.push(
                Diagnostic::error(
                    codes::NEUTRAL_PIECE,
                    format!(
                        "a team's stones without a kind would be of the first kind, `{name}`, which belongs to no team"
                    ),
                )
                .label(first.span, "no kind is named after this team")
                .help(help),
            );
            return self.sites(sites, Owner::Unknown);
        }
        let owner = match team {
            Some(team) => Owner::Team(team, kind),
            None => Owner::Unknown,
        };
        self.sites(sites, owner)
    }

    /// What is wrong with a word at the head of a `place` that is no kind of nobody's: a team's
    /// kind or a site with the team left out, a misspelt kind of nobody's, or a word that is
    /// none of these. `None` for a team's name (or one near it) written without quotes, which
    /// [`Reader::team`] reports. `args`: the `place`'s arguments, `word` the first.
    fn not_nobodys(&self, args: &[Node], word: &str) -> Option<Diagnostic> {
        let (node, rest) = (&args[0], &args[1..]);
        let game = self.engine().game();
        let teams = game.teams.iter().map(String::as_str);
        if teams.clone().any(|t| t == word) {
            return None;
        }
        let team = crate::syntax::quote(game.teams.first().map_or("TEAM", String::as_str));
        let nobodys: Vec<&str> = game.pieces.iter().filter(|k| k.neutral).map(|k| k.name.as_str()).collect();
        if game.pieces.iter().any(|k| k.name == word) {
            return Some(
                Diagnostic::error(codes::MISSING_ARGUMENT, format!("pieces of the kind `{word}` belong to a team"))
                    .label(node.span, format!("`{word}` is not declared `neutral`: no team is named"))
                    .help(format!("name the team first: `(place {team} {word}{})`", listed(rest))),
            );
        }
        if self.engine().site(word).is_some() {
            return Some(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`(place ...)` needs the team whose stones these are")
                    .label(node.span, "a site, where the team was expected")
                    .help(format!("name the team first: `(place {team}{})`", listed(args))),
            );
        }
        if did_you_mean(word, teams).is_some() {
            return None;
        }
        if let Some(help) = did_you_mean(word, nobodys.iter().copied()) {
            return Some(
                Diagnostic::error(codes::UNKNOWN_PIECE, format!("unknown kind of piece `{word}`"))
                    .label(node.span, "no kind of piece has this name")
                    .help(format!("{help} (a kind of nobody's is placed without a team)")),
            );
        }
        let known: Vec<String> = game.teams.iter().map(|t| crate::syntax::quote(t)).collect();
        let help = match nobodys.as_slice() {
            [] => format!(
                "the teams are {}, in quotes; this game has no kind of piece of nobody's, placed without a team",
                known.join(", ")
            ),
            kinds => format!(
                "the teams are {}, in quotes; only a kind of nobody's is placed without a team: `{}`",
                known.join(", "),
                kinds.join("`, `")
            ),
        };
        Some(
            Diagnostic::error(codes::WRONG_TYPE, format!("expected a team's name in quotes, found `{word}`"))
                .label(node.span, "neither a team nor a kind of nobody's")
                .help(help),
        )
    }

    /// The sites of a `place`, each checked and put in the setup for its owner.
    fn sites(&mut self, sites: &[Node], owner: Owner) {
        for node in sites {
            let Some(site) = self.site(node) else { continue };
            if let Some(&(_, first)) = self.placed.iter().find(|(s, _)| *s == site) {
                let label = self.engine().label(site).to_string();
                self.errors.push(
                    Diagnostic::error(codes::DUPLICATE, format!("two stones on `{label}`"))
                        .label(node.span, "placed again here")
                        .label(first, "first placed here")
                        .help("a site holds one stone: list each site once"),
                );
                continue;
            }
            self.placed.push((site, node.span));
            match owner {
                Owner::Team(team, kind) => {
                    self.setup.stones.push((site, team));
                    if kind != 0 {
                        self.setup.kinds.push((site, kind));
                    }
                }
                // The engine's setup names a team for every stone and makes one of a neutral
                // kind nobody's: the first team stands in.
                Owner::Nobody(kind) => {
                    self.setup.stones.push((site, 0));
                    self.setup.kinds.push((site, kind));
                }
                Owner::Unknown => {}
            }
        }
    }

    /// `(hand PLAYER N)`.
    fn hand(&mut self, item: &Node, args: &[Node]) {
        let [player_node, count] = args else {
            return self.arity(item, args, 2, "(hand PLAYER N)");
        };
        let Some(player) = self.player(player_node) else { return };
        let game = self.engine().game();
        if game.players[player].hand.is_none() {
            let any = game.players.iter().any(|p| p.hand.is_some());
            let d = Diagnostic::error(
                codes::WRONG_PLACE,
                format!("\"{}\" has no hand in this game", game.players[player].name),
            )
            .label(item.span, "a hand given here")
            .help(if any {
                "this player's supply of stones is unlimited: leave the hand out".to_string()
            } else {
                "this game has no hands (the supply of stones is unlimited): leave the hand out".to_string()
            });
            return self.errors.push(d);
        }
        if let Some(&(_, first)) = self.hands.iter().find(|(p, _)| *p == player) {
            return self.twice(item.span, first, &format!("the hand of \"{}\"", game.players[player].name));
        }
        self.hands.push((player, item.span));
        if let Some(n) = self.number(count, 0, MAX_HAND, "the stones in hand", "a hand holds 0 to 100000 stones") {
            let hands = self.setup.hands.get_or_insert_with(|| {
                game.players.iter().map(|p| p.hand.unwrap_or(crate::engine::UNLIMITED)).collect()
            });
            hands[player] = n as u32;
        }
    }

    /// `(hand PLAYER KIND N...)`, in a game whose hands keep captures: the pieces held, by kind.
    fn held(&mut self, item: &Node, args: &[Node]) {
        let usage = "(hand PLAYER KIND N...)";
        let Some((player_node, pairs)) = args.split_first() else {
            return self.arity(item, args, 1, usage);
        };
        let Some(player) = self.player(player_node) else { return };
        let name = self.engine().game().players[player].name.clone();
        if let Some(&(_, first)) = self.hands.iter().find(|(p, _)| *p == player) {
            return self.twice(item.span, first, &format!("the hand of \"{name}\""));
        }
        self.hands.push((player, item.span));
        let mut given: Vec<(u8, Span)> = Vec::new();
        for pair in pairs.chunks(2) {
            let [kind_node, count] = pair else {
                self.errors.push(
                    Diagnostic::error(codes::MISSING_ARGUMENT, "a kind in hand without its number")
                        .label(pair[0].span, "how many?")
                        .help(format!(
                            "write each kind with the number held: `{usage}`, as `(hand \"{name}\" pawn 2)`"
                        )),
                );
                return;
            };
            let Some(kind) = self.kind(kind_node) else { continue };
            if let Some(&(_, first)) = given.iter().find(|(k, _)| *k == kind) {
                let kind_name = self.engine().game().pieces[kind as usize].name.clone();
                self.twice(kind_node.span, first, &format!("`{kind_name}` in the hand of \"{name}\""));
                continue;
            }
            given.push((kind, kind_node.span));
            if let Some(n) = self.number(count, 0, MAX_HAND, "the pieces in hand", "a hand holds 0 to 100000 of a kind")
            {
                self.setup.held.push((player, kind, n as u32));
            }
        }
    }

    /// `(promoted KIND SITE...)`, in a game whose hands keep captures: the pieces on the sites
    /// were of KIND before they were promoted, and are so again when captured.
    fn promoted(&mut self, item: &Node, args: &[Node]) {
        let Some((kind_node, sites)) = args.split_first().filter(|(_, sites)| !sites.is_empty()) else {
            return self.arity(item, args, 2, "(promoted KIND SITE...)");
        };
        if !self.engine().game().keeps_captures {
            self.errors.push(
                Diagnostic::error(codes::WRONG_PLACE, "this game does not remember promotions")
                    .label(item.span, "a promoted piece in a game whose hands keep no captures")
                    .help("only where a captured piece joins a hand does it matter what it was: leave this out"),
            );
            return;
        }
        let Some(kind) = self.kind(kind_node) else { return };
        for node in sites {
            if let Some(site) = self.site(node) {
                self.setup.bases.push((site, kind));
            }
        }
    }

    /// A team's kind of piece by its name.
    fn kind(&mut self, node: &Node) -> Option<u8> {
        let pieces = &self.engine().game().pieces;
        let found = node.symbol().and_then(|w| pieces.iter().position(|k| k.name == w && !k.neutral));
        if found.is_none() {
            let names = pieces.iter().filter(|k| !k.neutral).map(|k| k.name.as_str());
            let help = node
                .symbol()
                .and_then(|w| did_you_mean(w, names.clone()))
                .unwrap_or_else(|| format!("the kinds are {}", names.collect::<Vec<_>>().join(", ")));
            self.errors.push(
                Diagnostic::error(codes::UNKNOWN_PIECE, format!("expected a kind of piece, found {}", node.describe()))
                    .label(node.span, "not a team's kind of piece")
                    .help(help),
            );
        }
        found.map(|k| k as u8)
    }

    /// `(seeds N SITE...)`, in a game with seeds.
    fn seeds(&mut self, item: &Node, args: &[Node]) {
        let Some((count, sites)) = args.split_first().filter(|(_, sites)| !sites.is_empty()) else {
            return self.arity(item, args, 2, "(seeds N SITE...)");
        };
        if !self.engine().game().uses_seeds() {
            self.errors.push(
                Diagnostic::error(codes::WRONG_PLACE, "this game has no seeds")
                    .label(item.span, "seeds in a position of a game that does not sow"),
            );
            return;
        }
        let Some(n) = self.number(count, 0, i64::from(u32::MAX), "the number of seeds", "") else { return };
        for node in sites {
            if let Some(site) = self.site(node) {
                if self.setup.seeds.iter().any(|&(s, _)| s == site) {
                    self.errors.push(
                        Diagnostic::error(codes::DUPLICATE, "a site's seeds are given twice")
                            .label(node.span, "given again here"),
                    );
                    continue;
                }
                self.setup.seeds.push((site, n as u32));
            }
        }
    }

    /// `(counter NAME TEAM N)`.
    fn counter(&mut self, item: &Node, args: &[Node]) {
        let [name, team_node, value] = args else {
            return self.arity(item, args, 3, "(counter NAME TEAM N)");
        };
        let game = self.engine().game();
        let counter = self.named(name, &game.counters, "counter", codes::UNKNOWN_COUNTER);
        let team = self.team(team_node);
        let value = self.number(value, i64::MIN, i64::MAX, "the counter's value", "");
        let (Some(counter), Some(team), Some(value)) = (counter, team, value) else { return };
        if let Some(&(.., first)) = self.counters.iter().find(|(c, t, _)| *c == counter && *t == team) {
            return self.twice(
                item.span,
                first,
                &format!("counter `{}` of \"{}\"", game.counters[counter], game.teams[team]),
            );
        }
        self.counters.push((counter, team, item.span));
        self.setup.counters.push((counter, team, value));
    }

    /// `(allowance NAME N)`.
    fn allowance(&mut self, item: &Node, args: &[Node]) {
        let [name, value] = args else {
            return self.arity(item, args, 2, "(allowance NAME N)");
        };
        let game = self.engine().game();
        let allowance = self.named(name, &game.allowances, "allowance", codes::UNKNOWN_ALLOWANCE);
        let value = self.number(value, i64::MIN, i64::MAX, "the allowance's value", "");
        let (Some(allowance), Some(value)) = (allowance, value) else { return };
        if let Some(&(_, first)) = self.allowances.iter().find(|(a, _)| *a == allowance) {
            return self.twice(item.span, first, &format!("allowance `{}`", game.allowances[allowance]));
        }
        self.allowances.push((allowance, item.span));
        self.setup.allowances.push((allowance, value));
    }

    /// Whether this is the first form with this head; a second is reported.
    fn first(&mut self, head: &'static str, item: &Node) -> bool {
        if let Some(&(_, first)) = self.once.iter().find(|(h, _)| *h == head) {
            self.twice(item.span, first, &format!("`({head} ...)`"));
            return false;
        }
        self.once.push((head, item.span));
        true
    }

    fn twice(&mut self, again: Span, first: Span, what: &str) {
        self.errors.push(
            Diagnostic::error(codes::DUPLICATE, format!("{what} is given twice"))
                .label(again, "given again here")
                .label(first, "first given here"),
        );
    }

    /// The single argument of a form, or a report of what is missing or extra.
    fn exactly<'n>(&mut self, item: &Node, args: &'n [Node], what: &str) -> Option<&'n Node> {
        match args {
            [node] => Some(node),
            [] => {
                self.missing(item, what, &format!("({} {})", item.head().unwrap_or(""), what));
                None
            }
            [_, extra, ..] => {
                self.errors.push(
                    Diagnostic::error(
                        codes::EXTRA_ARGUMENT,
                        format!("`{}` takes one argument", item.head().unwrap_or("")),
                    )
                    .label(extra.span, "one too many"),
                );
                None
            }
        }
    }

    fn arity(&mut self, item: &Node, args: &[Node], wanted: usize, usage: &str) {
        if args.len() < wanted {
            let last = args.last().map_or(item.span, |n| n.span);
            self.errors.push(
                Diagnostic::error(codes::MISSING_ARGUMENT, format!("`{usage}` is missing an argument"))
                    .label(last, "something is missing after this")
                    .help(format!("usage: {usage}")),
            );
        } else {
            self.errors.push(
                Diagnostic::error(codes::EXTRA_ARGUMENT, format!("too many arguments for `{usage}`"))
                    .label(args[wanted].span, "one too many")
                    .help(format!("usage: {usage}")),
            );
        }
    }

    fn missing(&mut self, item: &Node, what: &str, usage: &str) {
        self.errors.push(
            Diagnostic::error(codes::MISSING_ARGUMENT, format!("{} needs {what}", item.describe()))
                .label(item.span, "incomplete")
                .help(format!("usage: {usage}")),
        );
    }

    /// A whole number in `min..=max`.
    fn number(&mut self, node: &Node, min: i64, max: i64, what: &str, range: &str) -> Option<i64> {
        let NodeKind::Int(n) = node.kind else {
            self.errors.push(
                Diagnostic::error(codes::WRONG_TYPE, format!("{what} must be a number, found {}", node.describe()))
                    .label(node.span, "not a number"),
            );
            return None;
        };
        if n < min || n > max {
            self.errors.push(
                Diagnostic::error(codes::OUT_OF_RANGE, format!("{what} {n} is out of range"))
                    .label(node.span, format!("expected {min} to {max}"))
                    .help(range.to_string()),
            );
            return None;
        }
        Some(n)
    }

    /// A site by its label, with a did-you-mean over the board's labels.
    fn site(&mut self, node: &Node) -> Option<u16> {
        let board = &self.engine().game().board;
        let text = match &node.kind {
            NodeKind::Symbol(s) | NodeKind::Str(s) => s.clone(),
            NodeKind::Int(i) => i.to_string(),
            _ => {
                self.errors.push(
                    Diagnostic::error(codes::WRONG_TYPE, format!("expected a site, found {}", node.describe()))
                        .label(node.span, "not a site label"),
                );
                return None;
            }
        };
        if let Some(site) = self.engine().site(&text) {
            return Some(site);
        }
        let range = match (board.sites.first(), board.sites.last()) {
            (Some(a), Some(b)) => {
                format!("labels run from `{}` to `{}`; `tabula info FILE --sites` lists them all", a.label, b.label)
            }
            _ => "the board has no sites".to_string(),
        };
        let help = did_you_mean(&text, board.sites.iter().map(|s| s.label.as_str())).unwrap_or(range);
        self.errors.push(
            Diagnostic::error(codes::UNKNOWN_SITE, format!("no site is labelled `{text}`"))
                .label(node.span, "not a site of this board")
                .help(help),
        );
        None
    }

    /// A team by its name in quotes.
    fn team(&mut self, node: &Node) -> Option<usize> {
        let teams = &self.engine().game().teams;
        self.quoted(node, teams.iter().map(String::as_str), "team")
    }

    /// A player by his name in quotes.
    fn player(&mut self, node: &Node) -> Option<usize> {
        let players = &self.engine().game().players;
        self.quoted(node, players.iter().map(|p| p.name.as_str()), "player")
    }

    fn quoted<'a>(&mut self, node: &Node, names: impl Iterator<Item = &'a str> + Clone, what: &str) -> Option<usize> {
        let name = match &node.kind {
            NodeKind::Str(s) => s,
            NodeKind::Symbol(s) => {
                self.errors.push(
                    Diagnostic::error(codes::WRONG_TYPE, format!("expected a {what}'s name in quotes, found `{s}`"))
                        .label(node.span, format!("a word, not a {what}"))
                        .help(format!("write names as strings: \"{s}\"")),
                );
                return None;
            }
            _ => {
                self.errors.push(
                    Diagnostic::error(
                        codes::WRONG_TYPE,
                        format!("expected a {what}'s name, found {}", node.describe()),
                    )
                    .label(node.span, format!("not a {what}")),
                );
                return None;
            }
        };
        if let Some(i) = names.clone().position(|n| n == name) {
            return Some(i);
        }
        let known: Vec<String> = names.clone().map(|n| format!("\"{n}\"")).collect();
        let help = did_you_mean(name, names).unwrap_or_else(|| format!("the {what}s are {}", known.join(", ")));
        self.errors.push(
            Diagnostic::error(codes::UNKNOWN_PLAYER, format!("unknown {what} \"{name}\""))
                .label(node.span, format!("no {what} has this name"))
                .help(help),
        );
        None
    }

    /// A counter or allowance by its name.
    fn named(&mut self, node: &Node, names: &[String], what: &str, code: &'static str) -> Option<usize> {
        let Some(word) = node.symbol() else {
            self.errors.push(
                Diagnostic::error(codes::WRONG_TYPE, format!("expected the {what}'s name, found {}", node.describe()))
                    .label(node.span, format!("not a {what}")),
            );
            return None;
        };
        if let Some(i) = names.iter().position(|n| n == word) {
            return Some(i);
        }
        let help = if names.is_empty() {
            format!("this game declares no {what}")
        } else {
            did_you_mean(word, names.iter().map(String::as_str))
                .unwrap_or_else(|| format!("the game's {what}s are {}", names.join(", ")))
        };
        self.errors.push(
            Diagnostic::error(code, format!("unknown {what} `{word}`"))
                .label(node.span, format!("no {what} has this name"))
                .help(help),
        );
        None
    }

    fn finish(mut self) -> Result<Setup, Vec<Diagnostic>> {
        if let Some((passes, span)) = self.passes {
            if passes > self.setup.turns_played {
                self.errors.push(
                    Diagnostic::error(
                        codes::OUT_OF_RANGE,
                        format!("{passes} passes in a row, but only {} turns were played", self.setup.turns_played),
                    )
                    .label(span, "more passes than turns")
                    .help("`(turn N)` is the turn about to begin: N - 1 turns were played before it"),
                );
            }
        }
        for &(site, span) in &self.unmoved {
            if !self.placed.iter().any(|&(s, _)| s == site) {
                let label = self.engine.label(site).to_string();
                self.errors.push(
                    Diagnostic::error(codes::WRONG_PLACE, format!("no piece on `{label}` to be unmoved"))
                        .label(span, "no `place` puts a piece here")
                        .help("`(unmoved SITE...)` lists pieces of the position that have not moved yet"),
                );
            }
        }
        if let (Some((_, span)), false) =
            (self.once.iter().find(|(h, _)| *h == "previous-from"), self.once.iter().any(|(h, _)| *h == "previous-to"))
        {
            self.errors.push(
                Diagnostic::error(codes::MISSING_ARGUMENT, "`previous-from` without `previous-to`")
                    .label(*span, "where the previous move started")
                    .help("a move ends somewhere: add `(previous-to SITE)`"),
            );
        }
        if self.errors.is_empty() { Ok(self.setup) } else { Err(self.errors) }
    }
}
