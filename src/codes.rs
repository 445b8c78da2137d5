//! The stable codes of every diagnostic. Tools and tests match on these strings; a code is
//! never reused for a different problem.

// Reading and parsing.
pub const IO: &str = "tabula::io";
pub const NOT_UTF8: &str = "tabula::syntax::not_utf8";
pub const TOO_LARGE: &str = "tabula::syntax::too_large";
pub const TOO_DEEP: &str = "tabula::syntax::too_deep";
pub const UNBALANCED: &str = "tabula::syntax::unbalanced";
pub const UNTERMINATED_STRING: &str = "tabula::syntax::unterminated_string";
pub const SYNTAX: &str = "tabula::syntax::unexpected";

// Structure of the file.
pub const EMPTY_FILE: &str = "tabula::check::empty_file";
pub const NOT_A_GAME: &str = "tabula::check::not_a_game";
pub const MISSING_SECTION: &str = "tabula::check::missing_section";
pub const DUPLICATE: &str = "tabula::check::duplicate";
pub const LUDII_SYNTAX: &str = "tabula::check::ludii_syntax";

// Ludemes and their arguments.
pub const UNKNOWN_LUDEME: &str = "tabula::check::unknown_ludeme";
pub const WRONG_PLACE: &str = "tabula::check::wrong_place";
pub const MISSING_ARGUMENT: &str = "tabula::check::missing_argument";
pub const EXTRA_ARGUMENT: &str = "tabula::check::extra_argument";
pub const WRONG_TYPE: &str = "tabula::check::wrong_type";
pub const NOT_CONSTANT: &str = "tabula::check::not_constant";
pub const OUT_OF_RANGE: &str = "tabula::check::out_of_range";
pub const OVERFLOW: &str = "tabula::check::overflow";
/// The game would need more memory than one game may have (docs/LIMITS.md).
pub const TOO_COSTLY: &str = "tabula::check::too_costly";
/// Checking every variant would build too much; the rest were left unchecked.
pub const UNCHECKED_VARIANTS: &str = "tabula::warn::unchecked_variants";

// Names.
pub const UNKNOWN_NAME: &str = "tabula::check::unknown_name";
pub const UNKNOWN_RELATION: &str = "tabula::check::unknown_relation";
pub const UNKNOWN_REGION: &str = "tabula::check::unknown_region";
pub const UNKNOWN_DIRECTION: &str = "tabula::check::unknown_direction";
pub const ONE_WAY_RELATION: &str = "tabula::check::one_way_relation";
/// A ray, flank or line along a relation that holds no direction of the board (a tiling's
/// `edges`).
pub const NO_DIRECTIONS: &str = "tabula::check::no_directions";
pub const UNKNOWN_PLAYER: &str = "tabula::check::unknown_player";
pub const UNKNOWN_VARIANT: &str = "tabula::check::unknown_variant";
pub const UNKNOWN_OPTION: &str = "tabula::check::unknown_option";
pub const UNKNOWN_SITE: &str = "tabula::check::unknown_site";
pub const UNKNOWN_COUNTER: &str = "tabula::check::unknown_counter";
pub const UNKNOWN_ALLOWANCE: &str = "tabula::check::unknown_allowance";
pub const SHADOWED: &str = "tabula::check::shadowed";
pub const DEFINE_CYCLE: &str = "tabula::check::define_cycle";
/// A define with parameters used as a word, with the wrong number of arguments, or one without
/// parameters given arguments.
pub const DEFINE_ARGUMENTS: &str = "tabula::check::define_arguments";

// Building on another file.
pub const EXTENDS: &str = "tabula::check::extends";

// Options and variants.
pub const BAD_OPTION_VALUE: &str = "tabula::check::bad_option_value";
pub const VARIANT_DEFAULT: &str = "tabula::check::variant_default";

// Rules that cannot work.
pub const UNREACHABLE_PHASE: &str = "tabula::check::unreachable_phase";
pub const AMBIGUOUS_MOVES: &str = "tabula::check::ambiguous_moves";
pub const BAD_BOARD: &str = "tabula::check::bad_board";
pub const BAD_PLAYERS: &str = "tabula::check::bad_players";
pub const NO_SYMMETRY: &str = "tabula::check::no_symmetry";
/// `(part REGION SITE BY)` with BY of another number of parts than REGION.
pub const UNEQUAL_PARTS: &str = "tabula::check::unequal_parts";

// Lines.
pub const LINE_LENGTH: &str = "tabula::check::line_length";

// Pieces and their moves.
/// A kind of piece the game does not declare.
pub const UNKNOWN_PIECE: &str = "tabula::check::unknown_piece";
/// A kind of piece declared wrongly (a reserved name, a symbol of more than one character).
pub const BAD_PIECE: &str = "tabula::check::bad_piece";
/// A leap or hop that cannot land anywhere on the board.
pub const OFF_BOARD: &str = "tabula::check::off_board";
/// A leap's path that comes back to the site it starts from.
pub const LEAP_TO_ORIGIN: &str = "tabula::check::leap_to_origin";
// Capture by enclosure.
/// A `(no-repeat ...)` kind other than `superko` or `ko`.
pub const UNKNOWN_REPEAT: &str = "tabula::check::unknown_repeat";

// Warnings.
pub const UNUSED: &str = "tabula::warn::unused";
pub const NO_END: &str = "tabula::warn::no_end";

// Pieces that belong to nobody.
/// A neutral kind used where only a team's piece can be: `(friend arrow)`, a team's setup, a
/// promotion into it.
pub const NEUTRAL_PIECE: &str = "tabula::check::neutral_piece";
