//! Names: the ludemes of the language (with their usage lines), the reserved words, and the
//! names a game defines (relations, regions, teams, counters, allowances).

use super::setup::Setup;
use super::similar;
use crate::codes;
use crate::diagnostic::Diagnostic;
use crate::game::{Int, RegionRef, RelId};
use crate::syntax::Node;

/// Stands for a form already reported as wrong, so that nothing downstream reports it again.
pub const POISON: &str = "\0";

/// Words with a fixed meaning; defines and options may not use them as names.
pub const KEYWORDS: &[&str] = &[
    "empty",
    "occupied",
    "friend",
    "enemy",
    "any",
    "to",
    "from",
    "site",
    "last",
    "previous-from",
    "previous-to",
    "mover",
    "next",
    "owner",
    "true",
    "false",
    "pass",
    "draw",
    "default",
    "boolean",
    "larger",
    "smaller",
    "exact",
    "superko",
    "ko",
    "neutral",
    "turn-end",
    "visited",
];

/// What kind of thing a ludeme is; used to say "a number is expected here, but `x` is a
/// condition".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Category {
    Section,
    Board,
    Number,
    Condition,
    Sites,
    Move,
    Stage,
    Clause,
    Constraint,
    Effect,
    EndRule,
    Outcome,
    Criterion,
    Sizes,
}

impl Category {
    pub fn noun(self) -> &'static str {
        match self {
            Category::Section => "a section",
            Category::Board => "a board",
            Category::Number => "a number",
            Category::Condition => "a condition",
            Category::Sites => "a set of sites",
            Category::Move => "a move",
            Category::Stage => "a stage of a turn",
            Category::Clause => "a clause",
            Category::Constraint => "a constraint",
            Category::Effect => "an effect",
            Category::EndRule => "an end rule",
            Category::Outcome => "an outcome",
            Category::Criterion => "a comparison criterion",
            Category::Sizes => "a list of group sizes",
        }
    }
}

use Category::*;

/// Every ludeme: name, category, usage. `docs/LANGUAGE.md` documents each one; a test keeps
/// the two in step.
pub const LUDEMES: &[(&str, Category, &str)] = &[
    ("game", Section, "(game NAME SECTION...)"),
    ("meta", Section, "(meta (KEY \"text\")...)"),
    ("extends", Section, "(extends \"base.game\")"),
    ("without", Section, "(without option|define|variant|region|counter|allowance NAME)"),
    ("option", Section, "(option NAME TYPE (default VALUE) [\"description\"])"),
    ("choice", Clause, "(choice VALUE...)"),
    ("range", Clause, "(range LOW HIGH)"),
    ("default", Clause, "(default VALUE)"),
    ("define", Section, "(define NAME VALUE)  or  (define (NAME PARAMETER...) VALUE)"),
    ("for-each", Clause, "(for-each NAME (VALUE...) FORM...)  or  (for-each (NAME...) ((VALUE...)...) FORM...)"),
    ("variant", Section, "(variant NAME [default] [\"description\"] OVERRIDE...)"),
    ("players", Section, "(players NAME... [(hand N)])  or  (players (player NAME [(team TEAM)] [(hand N)])...)"),
    ("player", Clause, "(player NAME [(team TEAM)] [(hand N)])"),
    ("team", Clause, "(team TEAM)"),
    ("hand", Clause, "(hand N|captures)"),
    ("board", Section, "(board GENERATOR)"),
    ("square", Board, "(square SIZE)"),
    ("rectangle", Board, "(rectangle WIDTH HEIGHT)"),
    ("hexhex", Board, "(hexhex SIDE)"),
    ("rhombus", Board, "(rhombus SIDE)"),
    ("triangle", Board, "(triangle SIDE)"),
    ("tiling", Board, "(tiling PATTERN SIZE)"),
    ("graph", Board, "(graph WIDTH HEIGHT (sites LABEL...) (edges (LABEL LABEL...)...))"),
    ("edges", Clause, "(edges (LABEL LABEL...)...)"),
    ("grid-edges", Board, "(grid-edges WIDTH HEIGHT)"),
    ("grid-walls", Board, "(grid-walls WIDTH HEIGHT)"),
    ("links", Board, "(links BOARD STEP...)"),
    ("region", Section, "(region NAME [(owner TEAM)] PART...)"),
    ("owner", Clause, "(owner TEAM)"),
    ("relation", Section, "(relation NAME [(owner TEAM)] PART...)"),
    ("faces", Clause, "(faces KIND [LABEL...])"),
    ("sites", Clause, "(sites LABEL...)"),
    ("within", Clause, "(within STEPS REGION RELATION)"),
    ("rotate", Effect, "(rotate REGION clockwise|counterclockwise)"),
    ("between", Sites, "(between SITE SITE)"),
    ("part", Sites, "(part REGION SITE [REGION])"),
    ("filled", Condition, "(filled REGION FILTER)"),
    ("describe", Condition, "(describe \"WORDS\" CONDITION)"),
    ("again", Effect, "(again)"),
    ("every", Condition, "(every SITES CONDITION)"),
    ("difference", Clause, "(difference PART PART...)"),
    ("intersection", Clause, "(intersection PART PART...)"),
    ("if", Clause, "(if CONDITION PART [PART])"),
    ("each", Clause, "(each PART)"),
    ("lines", Clause, "(lines LENGTH RELATION)"),
    ("inside", Clause, "(inside PART PART)"),
    ("counter", Section, "(counter NAME)"),
    ("allowance", Section, "(allowance NAME)"),
    ("play", Section, "(play TURN-ITEM...)  or  (play (phase NAME ...)...)"),
    (
        "phase",
        Clause,
        "(phase NAME [(until CONDITION)] (turn STAGE...) [(after-turn EFFECT...)] [(blocked pass)] [(maximize NUMBER)])",
    ),
    ("until", Clause, "(until CONDITION)"),
    ("turn", Clause, "(turn STAGE...)"),
    ("after-turn", Clause, "(after-turn EFFECT...)"),
    ("blocked", Clause, "(blocked pass)"),
    ("maximize", Clause, "(maximize NUMBER)"),
    ("actions", Stage, "(actions MIN [MAX] MOVE...)"),
    ("place", Move, "(place (to SITES) [(where CONDITION...)] [(require CONSTRAINT...)] [(then EFFECT...)])"),
    ("slide", Move, "(slide (from SITES) (along RELATION) (to SITES) [(where ...)] [(require ...)] [(then ...)])"),
    (
        "relocate",
        Move,
        "(relocate (from SITES) (to SITES) [distinct | (distinct CONDITION)] [(where ...)] [(then ...)])",
    ),
    ("take", Move, "(take (from SITES) [(where CONDITION...)] [(then EFFECT...)])"),
    ("sow", Move, "(sow (from SITES) (along TRACK) [(skip SITES)] [(where CONDITION...)] [(then EFFECT...)])"),
    ("skip", Clause, "(skip SITES)"),
    ("seeds", Number, "(seeds SITES)"),
    ("seeds", Clause, "(seeds COUNT SITES...)"),
    ("collect", Effect, "(collect SITES... (into SITES))"),
    ("into", Clause, "(into SITES)"),
    ("path", Clause, "(path SITE SITE...)"),
    ("run", Sites, "(run SITE TRACK CONDITION)"),
    (
        "leap",
        Move,
        "(leap (from SITES) (by PATH...) (to SITES) [(capture)] [(where ...)] [(require ...)] [(then ...)])",
    ),
    (
        "hop",
        Move,
        "(hop (from SITES) (over RELATION) (to SITES) [(range N|any)] [(capture)] [(where ...)] [(require ...)] [(then ...)])",
    ),
    ("capture", Clause, "(capture [(credit COUNTER mover|owner)] [(at turn-end)])"),
    ("at", Clause, "(at turn-end)"),
    ("range", Clause, "(range N)  or  (range any)"),
    ("distance", Clause, "(distance NUMBER)"),
    ("through", Clause, "(through FILTER)"),
    ("piece", Clause, "(piece KIND)"),
    ("by", Clause, "(by (DIRECTION...)...)"),
    ("over", Clause, "(over RELATION [FILTER])"),
    ("pieces", Section, "(pieces KIND...)  with KIND a name or (NAME [\"SYMBOL\"] [neutral])"),
    ("promote", Effect, "(promote SITE KIND)"),
    ("promote", Clause, "(promote REGION KIND...)"),
    ("to", Clause, "(to SITES)"),
    ("from", Clause, "(from SITES)"),
    ("along", Clause, "(along RELATION)"),
    ("where", Clause, "(where CONDITION...)"),
    ("require", Clause, "(require CONSTRAINT...)"),
    ("then", Clause, "(then EFFECT...)"),
    ("distinct", Clause, "(distinct [CONDITION])"),
    ("connected", Constraint, "(connected FILTER REGION RELATION)"),
    ("remove", Effect, "(remove SITES [(where CONDITION...)] [(credit COUNTER mover|owner)])"),
    ("credit", Clause, "(credit COUNTER mover|owner)"),
    ("win", Effect, "(win mover|next)"),
    ("draw", Effect, "(draw)"),
    ("allow", Effect, "(allow ALLOWANCE NUMBER)"),
    ("allow-next", Effect, "(allow-next ALLOWANCE NUMBER)"),
    ("add", Effect, "(add COUNTER mover|next NUMBER)"),
    ("flip", Effect, "(flip SITES)"),
    ("if", Effect, "(if CONDITION THEN [ELSE])"),
    ("if", Number, "(if CONDITION NUMBER NUMBER)"),
    ("win", Outcome, "(win mover|next)"),
    ("draw", Outcome, "draw  or  (draw)"),
    ("+", Number, "(+ NUMBER...)"),
    ("-", Number, "(- NUMBER NUMBER)"),
    ("*", Number, "(* NUMBER...)"),
    ("min", Number, "(min NUMBER...)"),
    ("max", Number, "(max NUMBER...)"),
    ("count", Number, "(count FILTER SITES)"),
    ("largest-group", Number, "(largest-group RELATION [friend|enemy|any])"),
    ("counter", Number, "(counter COUNTER)"),
    ("allowance", Number, "(allowance ALLOWANCE)"),
    ("completed", Number, "(completed REGION... [occupied])"),
    ("hand-size", Number, "(hand-size [KIND...])"),
    ("turn-number", Number, "(turn-number)"),
    ("player-count", Number, "(player-count)"),
    ("and", Condition, "(and CONDITION...)"),
    ("or", Condition, "(or CONDITION...)"),
    ("not", Condition, "(not CONDITION)"),
    ("<", Condition, "(< NUMBER NUMBER)"),
    ("<=", Condition, "(<= NUMBER NUMBER)"),
    (">", Condition, "(> NUMBER NUMBER)"),
    (">=", Condition, "(>= NUMBER NUMBER)"),
    ("=", Condition, "(= NUMBER NUMBER)"),
    ("!=", Condition, "(!= NUMBER NUMBER)"),
    ("is", Condition, "(is FILTER to|from|site)"),
    ("first-turn", Condition, "(first-turn)"),
    ("grew", Condition, "(grew NUMBER)"),
    ("was", Condition, "(was CONDITION)"),
    ("no-reply", Condition, "(no-reply)"),
    ("hand-empty", Condition, "(hand-empty)"),
    ("board-full", Condition, "(board-full)"),
    ("no-moves", Condition, "(no-moves)"),
    ("nobody-can-move", Condition, "(nobody-can-move)"),
    ("line", Condition, "(line LENGTH RELATION to|from|site|last [friend|enemy|occupied] [exact])"),
    ("in", Condition, "(in to|from|site|last SITES)"),
    ("neighbors", Sites, "(neighbors to|from|site RELATION)"),
    ("ray", Sites, "(ray to|from|site|last RELATION)"),
    ("flanks", Sites, "(flanks to|from|site|last RELATION)"),
    ("sight", Sites, "(sight to|from|site|last RELATION)"),
    ("setup", Section, "(setup (place TEAM SITES...)...)"),
    ("place", Clause, "(place TEAM SITES...)"),
    (
        "connects",
        Condition,
        "(connects to|from|site|last RELATION REGION REGION...)  or  (connects SITE RELATION N REGION)",
    ),
    ("encloses", Condition, "(encloses to|from|site|last RELATION)"),
    ("reachable", Condition, "(reachable PIECES REGION RELATION [(avoiding FILTER)])"),
    ("all-passed", Condition, "(all-passed)"),
    ("repeated", Condition, "(repeated)"),
    ("priority", Clause, "(priority MOVE...)  inside (actions ...), beside the moves it takes precedence over"),
    ("unmoved", Condition, "(unmoved SITES)"),
    ("attacked", Condition, "(attacked SITES)"),
    ("step", Sites, "(step to|from|site|last|previous-from|previous-to DIRECTION...)"),
    ("shift", Effect, "(shift SITES SITES)"),
    ("pass", Move, "(pass [NAME] [(where CONDITION...)] [(then EFFECT...)])"),
    ("transpose", Sites, "(transpose to|from|site|last)"),
    ("quarter-turn", Sites, "(quarter-turn to|from|site|last)"),
    ("select", Sites, "(select SITES CONDITION)"),
    ("put", Effect, "(put SITES [(piece KIND)])"),
    ("group-sizes", Sizes, "(group-sizes RELATION)"),
    ("liberties", Number, "(liberties to|from|site|last RELATION)"),
    ("area", Number, "(area RELATION)"),
    ("remove-groups", Effect, "(remove-groups SITES RELATION [(where CONDITION...)] [(credit COUNTER mover|owner)])"),
    ("after", Clause, "(after CONDITION...)"),
    ("no-repeat", Clause, "(no-repeat [superko|ko])"),
    ("end", Section, "(end END-RULE...)"),
    ("when", EndRule, "(when CONDITION OUTCOME)"),
    ("repetition", EndRule, "(repetition COUNT [OUTCOME] [(ignore ALLOWANCE...)])"),
    ("ignore", Clause, "(ignore ALLOWANCE|COUNTER...)"),
    ("turn-limit", EndRule, "(turn-limit TURNS [OUTCOME])"),
    ("compare", Outcome, "(compare CRITERION...)"),
    ("higher", Criterion, "(higher NUMBER)"),
    ("lower", Criterion, "(lower NUMBER)"),
    ("cascade", Criterion, "(cascade SIZES larger|smaller)"),
    ("unpaired", Criterion, "(unpaired SIZES larger|smaller)"),
    ("last-mover", Criterion, "(last-mover)"),
];

pub fn usage(head: &str) -> Option<&'static str> {
    LUDEMES.iter().find(|(n, _, _)| *n == head).map(|(_, _, u)| *u)
}

pub fn categories(head: &str) -> Vec<Category> {
    LUDEMES.iter().filter(|(n, _, _)| *n == head).map(|(_, c, _)| *c).collect()
}

/// Ludii spellings people will type, with what Tabula writes instead.
pub fn ludii_hint(node: &Node) -> Option<String> {
    let head = node.head()?;
    let first = node.args().first().and_then(Node::symbol).unwrap_or("");
    let hint = match (head, first) {
        ("sites", "Empty") => "Ludii's `(sites Empty)` is the filter `empty` in Tabula",
        ("sites", "Occupied") => "Ludii's `(sites Occupied ...)` is `occupied`, `friend` or `enemy` in Tabula",
        ("sites", "Around") => "Ludii's `(sites Around ...)` is `(neighbors to RELATION)` in Tabula",
        ("sites", "Outer") | ("sites", "Perimeter") => "Ludii's `(sites Outer)` is the region `perimeter` in Tabula",
        ("is", "Empty") => "Ludii's `(is Empty ...)` is `(is empty to)` in Tabula",
        ("move", "Add") => "Ludii's `(move Add ...)` is `(place (to SITES) ...)` in Tabula",
        ("move", "Step") | ("move", "Slide") => {
            "Ludii's `(move Step ...)` is `(slide (from friend) (along RELATION) (to empty))`"
        }
        ("is", "Connected") => {
            "Ludii's `(is Connected ...)` is `(connects SITE RELATION REGION REGION...)` in Tabula, for example `(connects last adjacent side-N side-S)`"
        }
        ("move", "Pass") => "Ludii's `(move Pass)` is the move `(pass)` in Tabula",
        ("all", "Passed") => {
            "Ludii's `(all Passed)` is `(all-passed)` in Tabula; when players pass only because they are blocked, `(nobody-can-move)` ends the game without the passes"
        }
        ("move", "Remove") => "Ludii's `(move Remove ...)` is the effect `(remove SITES ...)`",
        ("move", "Leap") => "Ludii's `(move Leap ...)` is `(leap (from friend) (by (N N E) ...) (to empty))` in Tabula",
        ("move", "Hop") => {
            "Ludii's `(move Hop ...)` is `(hop (from friend) (over RELATION) (to empty) (capture))` in Tabula"
        }
        ("move", "Promote") => {
            "Ludii's `(move Promote ...)` is the clause `(promote REGION KIND...)` of the piece's move in Tabula: the player chooses the kind as part of the move (`e7-e8=Q`)"
        }
        ("move", _) => "Ludii's `(move ...)` is written as `(place ...)`, `(slide ...)` or `(relocate ...)` in Tabula",
        ("count", "Sites") => "Ludii's `(count Sites in:...)` is `(count FILTER SITES)` in Tabula",
        ("equipment", _) => "Tabula has no `(equipment ...)`: write `(board ...)` and `(players ...)` in the game",
        ("no", "Moves") => "Ludii's `(no Moves Next)` is `(no-moves)` in Tabula",
        ("custodial", _) | ("sites", "Between") => {
            "Ludii's custodial capture is `(flanks to RELATION)` in Tabula: the enemy runs closed by a friend stone"
        }
        ("is", "Full") => "Ludii's `(is Full)` is `(board-full)` in Tabula",
        ("is", "Line") => {
            "Ludii's `(is Line N)` is `(line N all last)` in Tabula (any relation made of directions; `exact` at the end for `exact:True`)"
        }
        ("is", "In") => "Ludii's `(is In SITE REGION)` is `(in to REGION)` in Tabula",
        ("count", "Liberties") => "Ludii's `(count Liberties ...)` is `(liberties SITE RELATION)` in Tabula",
        ("no", "Repeat") => {
            "Ludii's `(no Repeat)` is the move clause `(no-repeat)` in Tabula (positional superko; `(no-repeat ko)` for simple ko)"
        }
        ("size", "Territory") => {
            "Ludii's `(size Territory ...)` is part of `(area RELATION)` in Tabula: stones plus the empty regions bordered by one team"
        }
        ("enclose", _) => {
            "Ludii's `(enclose ...)` capture is `(remove-groups (neighbors to R) R (where (is enemy site) (= (liberties site R) 0)))` in Tabula"
        }
        ("byScore", _) => "Ludii's `(byScore)` is `(compare (higher NUMBER) ...)` in Tabula",
        ("forEach", _) => {
            "Tabula has no loops: effects such as `(remove SITES (where ...))` apply to every site of a set"
        }
        ("sites", "LineOfSight") => {
            "Ludii's `(sites LineOfSight Empty at:SITE)` is `(sight SITE RELATION)` in Tabula: the empty sites seen along each direction"
        }
        _ => return None,
    };
    Some(hint.to_string())
}

/// The names of one game, for resolving words into indices.
pub struct Scope<'s> {
    pub setup: &'s Setup,
    snapshots: Vec<Int>,
    /// The names of named passes, in order of first use (see [`crate::game::Game::pass_names`]).
    pass_names: Vec<String>,
    /// The counters, allowances and regions the rules refer to.
    pub used: std::cell::RefCell<super::Usage>,
    /// Some rule reads `visited` (see [`crate::game::Game::reads_visited`]).
    pub reads_visited: bool,
}

impl<'s> Scope<'s> {
    pub fn new(setup: &'s Setup) -> Scope<'s> {
        Scope { setup, snapshots: Vec::new(), pass_names: Vec::new(), used: Default::default(), reads_visited: false }
    }

    /// Registers a value to record at the start of every turn; returns its slot.
    pub fn snapshot(&mut self, value: Int) -> usize {
        if let Some(i) = self.snapshots.iter().position(|v| *v == value) {
            return i;
        }
        self.snapshots.push(value);
        self.snapshots.len() - 1
    }

    pub fn take_snapshots(&mut self) -> Vec<Int> {
        std::mem::take(&mut self.snapshots)
    }

    /// The index of a named pass (from 1; 0 is the plain `pass`), registering a new name.
    pub fn pass_name(&mut self, name: &str) -> u16 {
        let i = match self.pass_names.iter().position(|n| n == name) {
            Some(i) => i,
            None => {
                self.pass_names.push(name.to_string());
                self.pass_names.len() - 1
            }
        };
        u16::try_from(i + 1).unwrap_or(u16::MAX)
    }

    pub fn take_pass_names(&mut self) -> Vec<String> {
        std::mem::take(&mut self.pass_names)
    }

    pub fn relation(&self, node: &Node) -> Result<RelId, Option<Diagnostic>> {
        let board = &self.setup.board;
        let mut known: Vec<&str> = Vec::new();
        for r in &board.relations {
            if !known.contains(&r.name.as_str()) {
                known.push(&r.name);
            }
        }
        let names = known.iter().copied();
        let name = name_of(node, "a relation", names.clone())?;
        if self.setup.broken_relations.iter().any(|b| b == name) {
            return Err(None);
        }
        if self.setup.relations.iter().any(|r| r.name == name) {
            return super::relations::versions(&self.setup.relations, name, self.setup.teams.len())
                .map(|by_team| by_team[0])
                .map_err(|team| {
                    Some(
                        Diagnostic::error(
                            codes::UNKNOWN_RELATION,
                            format!("relation `{name}` has no version for team \"{}\"", self.setup.teams[team]),
                        )
                        .label(node.span, "used here")
                        .help(format!(
                            "give every team its own `(relation {name} (owner TEAM) ...)`, or declare one without an owner"
                        )),
                    )
                });
        }
        if let Some(hint) = super::relations::ludii_relative(name) {
            return Err(Some(unknown(node, name, "relation", codes::UNKNOWN_RELATION, names).help(hint)));
        }
        board.relation(name).map(|i| i as RelId).ok_or_else(|| {
            if let Some(d) = super::compass::unknown_direction(node, name, board) {
                return Some(d);
            }
            let list: Vec<&str> = names.clone().collect();
            let directions: Vec<&str> = board.directions.iter().map(|d| d.name).collect();
            let directions = match directions.is_empty() {
                true => String::new(),
                false => format!("; its directions: {}", directions.join(" ")),
            };
            if matches!(name, "link" | "crossing") && board.links.is_none() {
                return Some(unknown(node, name, "relation", codes::UNKNOWN_RELATION, names).help(format!(
                    "`{name}` is a relation of a board with links, such as `(board (links (square 24) (N N E) (N N W) (E E N) (E E S)))`; this board has: {}",
                    list.join(", ")
                )));
            }
            Some(unknown(node, name, "relation", codes::UNKNOWN_RELATION, names).maybe_help(Some(format!(
                "{}this board has: {}{directions}",
                similar::did_you_mean(name, list.iter().copied()).map(|h| format!("{h} ")).unwrap_or_default(),
                list.join(", ")
            ))))
        })
    }

    /// The relation `rel` means for each team (an owned relation's versions; else `rel`).
    pub fn relation_teams(&self, rel: RelId) -> Vec<RelId> {
        let teams = self.setup.teams.len();
        let Some(def) = self.setup.relations.iter().find(|r| r.rel == rel) else { return vec![rel; teams] };
        super::relations::versions(&self.setup.relations, &def.name, teams).unwrap_or_else(|_| vec![rel; teams])
    }

    pub fn region(&self, node: &Node) -> Result<RegionRef, Option<Diagnostic>> {
        let regions = &self.setup.regions;
        let names = regions.iter().map(|r| r.name.as_str());
        let name = name_of(node, "a region", names.clone())?;
        let teams = self.setup.teams.len();
        let matching: Vec<usize> = (0..regions.len()).filter(|&i| regions[i].name == name).collect();
        if matching.is_empty() && self.setup.broken_regions.iter().any(|b| b == name) {
            return Err(None);
        }
        if matching.is_empty() {
            return Err(Some(
                super::compass::unknown_side(node, name, &self.setup.board)
                    .unwrap_or_else(|| unknown(node, name, "region", codes::UNKNOWN_REGION, names)),
            ));
        }
        self.used.borrow_mut().regions.insert(name.to_string());
        let mut by_team = Vec::with_capacity(teams);
        for team in 0..teams {
            let found = matching
                .iter()
                .find(|&&i| regions[i].owner == Some(team))
                .or_else(|| matching.iter().find(|&&i| regions[i].owner.is_none()));
            match found {
                Some(&i) => by_team.push(i as u16),
                None => {
                    return Err(Some(
                        Diagnostic::error(
                            codes::UNKNOWN_REGION,
                            format!("region `{name}` has no part for team \"{}\"", self.setup.teams[team]),
                        )
                        .label(node.span, "used here")
                        .help(format!(
                            "give every team its own `(region {name} (owner TEAM) ...)`, or declare one without an owner"
                        )),
                    ));
                }
            }
        }
        Ok(RegionRef { by_team })
    }

    pub fn counter(&self, node: &Node) -> Result<usize, Option<Diagnostic>> {
        let names = self.setup.counters.iter().map(String::as_str);
        let name = name_of(node, "a counter", names.clone())?;
        if self.setup.counters.iter().any(|c| c == name) {
            self.used.borrow_mut().counters.insert(name.to_string());
        }
        self.setup.counters.iter().position(|c| c == name).ok_or_else(|| {
            Some(with_declare_hint(unknown(node, name, "counter", codes::UNKNOWN_COUNTER, names), "counter", name))
        })
    }

    pub fn allowance(&self, node: &Node) -> Result<usize, Option<Diagnostic>> {
        let names = self.setup.allowances.iter().map(String::as_str);
        let name = name_of(node, "an allowance", names.clone())?;
        if self.setup.allowances.iter().any(|c| c == name) {
            self.used.borrow_mut().allowances.insert(name.to_string());
        }
        self.setup.allowances.iter().position(|c| c == name).ok_or_else(|| {
            Some(with_declare_hint(
                unknown(node, name, "allowance", codes::UNKNOWN_ALLOWANCE, names),
                "allowance",
                name,
            ))
        })
    }
}

/// Adds "declare it" when no similar name was found.
fn with_declare_hint(d: Diagnostic, what: &str, name: &str) -> Diagnostic {
    if d.help.as_deref().is_some_and(|h| h.starts_with("did you mean")) {
        return d;
    }
    d.help(format!("declare it with `({what} {name})` in the game"))
}

/// The word a node holds, or the reason it is not a plain name.
fn name_of<'n, 'a>(
    node: &'n Node,
    what: &str,
    known: impl Iterator<Item = &'a str>,
) -> Result<&'n str, Option<Diagnostic>> {
    match node.symbol() {
        Some(POISON) => Err(None),
        Some(name) => Ok(name),
        None => {
            let known: Vec<&str> = known.collect();
            let mut d = Diagnostic::error(codes::WRONG_TYPE, format!("expected {what}, found {}", node.describe()))
                .label(node.span, format!("expected the name of {what}"));
            if !known.is_empty() {
                d = d.help(format!("known: {}", known.join(", ")));
            }
            Err(Some(d))
        }
    }
}

/// "unknown X `name`" with a did-you-mean over the known names.
pub fn unknown<'a>(
    node: &Node,
    name: &str,
    what: &str,
    code: &'static str,
    known: impl Iterator<Item = &'a str> + Clone,
) -> Diagnostic {
    let mut d = Diagnostic::error(code, format!("unknown {what} `{name}`"))
        .label(node.span, format!("no {what} has this name"));
    let lower = name.to_lowercase();
    if lower != name && known.clone().any(|k| k == lower) {
        d = d.help(format!("names are lowercase in Tabula: `{lower}`"));
    } else if let Some(h) = similar::did_you_mean(name, known.clone()) {
        d = d.help(h);
    } else {
        // A region owned by several teams is one name.
        let mut list: Vec<&str> = Vec::new();
        for k in known {
            if !list.contains(&k) {
                list.push(k);
            }
        }
        if !list.is_empty() {
            d = d.help(format!("known: {}", list.join(", ")));
        }
    }
    d
}
