//! Uniform random playouts and their statistics.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use super::{Action, Engine, Outcome, State};

/// The random generator for game number `index` of a run seeded with `seed`: each game has its
/// own stream, so results do not depend on how games are spread over threads.
pub fn rng_for(seed: u64, index: u64) -> Xoshiro256PlusPlus {
    let mixed = super::repetition::splitmix(seed ^ super::repetition::splitmix(index.wrapping_add(0x5eed)));
    Xoshiro256PlusPlus::seed_from_u64(mixed)
}

/// Plays uniformly random actions from `state` to the end of the game.
pub fn play_out<R: Rng>(engine: &Engine, state: &mut State, rng: &mut R) {
    while state.outcome.is_none() {
        let i = rng.random_range(0..engine.legal_count(state));
        let action = engine.legal_nth(state, i);
        engine.apply_unchecked(state, action);
    }
}

/// A random game still going after this many actions is stopped: the rules may never end a
/// game (no turn limit, no repetition rule), and a run of playouts must finish anyway.
pub const ACTION_CAP: u32 = 100_000;

/// Plays uniformly random actions until the game ends or `cap` actions have been made in all;
/// returns whether the game ended.
#[inline]
pub fn play_out_capped<R: Rng>(engine: &Engine, state: &mut State, rng: &mut R, cap: u32) -> bool {
    play_out_noted(engine, state, rng, cap, |_, _, _, _| {})
}

/// Who draws the random choices of a playout: one generator for the whole game, or one per
/// player (the random agents of `tabula analyze`, each with its own stream, as it chooses one
/// action at a time).
pub trait Draw {
    /// A uniformly random index below `n`, for a choice of `player`.
    fn draw(&mut self, player: usize, n: usize) -> usize;
}

impl<R: Rng> Draw for R {
    #[inline(always)]
    fn draw(&mut self, _: usize, n: usize) -> usize {
        self.random_range(0..n)
    }
}

/// As [`play_out_capped`], telling `note` of each action before it is made: the state it is
/// made in, its player, the action and how many actions there were to choose from. The same
/// random choices, actions and positions, through the same runs of plain stages, kept steps
/// and masked placements (a search that learns from the actions of its playouts, as GRAVE does, loses none of their
/// speed, nor does `tabula analyze`). Inside a run the state's legal set is not written: what
/// `note` may read of it is the board, the stones, the counters and the turn, not the actions.
#[inline(always)]
pub fn play_out_noted<D: Draw>(
    engine: &Engine,
    state: &mut State,
    draw: &mut D,
    cap: u32,
    mut note: impl FnMut(&State, usize, Action, usize),
) -> bool {
    while state.outcome.is_none() {
        if state.actions() >= cap {
            return false;
        }
        // A plain stage's placements are played in one run, with the same random choices;
        // so are a stage's steps kept as counts, and its placements narrowed by bitsets. A
        // run that draws `end` notes it and hands it back to be made as any action.
        let run = if state.legal.plain {
            Some(engine.play_plain_stage(state, draw, cap, &mut note))
        } else if state.legal.kept_steps {
            Some(engine.play_steps_stage(state, draw, cap, &mut note))
        } else if state.legal.masked {
            Some(engine.play_masked_stage(state, draw, cap, &mut note))
        } else {
            None
        };
        let action = match run {
            Some(Some(end)) => end,
            Some(None) => continue,
            None => {
                let player = state.mover as usize;
                let choices = engine.legal_count(state);
                let action = engine.legal_nth(state, draw.draw(player, choices));
                note(state, player, action, choices);
                action
            }
        };
        engine.apply_unchecked(state, action);
    }
    true
}

/// As [`play_out_capped`], telling `watch` each action and the state it is made in (to keep
/// a record) before it is made, one action at a time through [`Engine::apply_unchecked`].
/// The same random choices, actions and positions as without a watcher.
pub fn play_out_watched<R: Rng>(
    engine: &Engine,
    state: &mut State,
    rng: &mut R,
    cap: u32,
    mut watch: impl FnMut(&State, Action),
) -> bool {
    while state.outcome.is_none() {
        if state.actions() >= cap {
            return false;
        }
        let i = rng.random_range(0..engine.legal_count(state));
        let action = engine.legal_nth(state, i);
        watch(state, action);
        engine.apply_unchecked(state, action);
    }
    true
}

/// What one game contributes to the statistics.
#[derive(Debug, Clone, PartialEq)]
pub struct GameRecord {
    pub turns: u32,
    pub actions: u32,
    /// `None` when the game was stopped after [`ACTION_CAP`] actions.
    pub outcome: Option<Outcome>,
    /// A number computed by the rules overflowed during the game.
    pub overflowed: bool,
}

impl GameRecord {
    /// What a game, ended or stopped, contributes.
    pub fn of(state: &State) -> GameRecord {
        GameRecord {
            turns: state.turns(),
            actions: state.actions(),
            outcome: state.outcome.clone(),
            overflowed: state.overflowed(),
        }
    }
}

/// Plays game number `index` of a seeded run from the initial position.
pub fn random_game(engine: &Engine, initial: &State, state: &mut State, seed: u64, index: u64) -> GameRecord {
    state.clone_from(initial);
    let mut rng = rng_for(seed, index);
    play_out_capped(engine, state, &mut rng, ACTION_CAP);
    GameRecord::of(state)
}

/// Plays game number `index` of a seeded run, as [`random_game`] does, and also returns its
/// actions as text, one list per turn (the lines of a record).
pub fn random_game_turns(
    engine: &Engine,
    initial: &State,
    state: &mut State,
    seed: u64,
    index: u64,
) -> (GameRecord, Vec<Vec<String>>) {
    state.clone_from(initial);
    let mut rng = rng_for(seed, index);
    let mut turns: Vec<Vec<String>> = Vec::new();
    let mut turn_of_last = None;
    play_out_watched(engine, state, &mut rng, ACTION_CAP, |s, action| {
        if turn_of_last != Some(s.turns_completed()) {
            turns.push(Vec::new());
            turn_of_last = Some(s.turns_completed());
        }
        if let Some(turn) = turns.last_mut() {
            turn.push(engine.action_text(action));
        }
    });
    (GameRecord::of(state), turns)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a run leaves that a later action or observer could read.
    fn seen(engine: &Engine, s: &State) -> impl PartialEq + std::fmt::Debug {
        let sites = engine.game().board.site_count() as u16;
        let board: Vec<_> = (0..sites).map(|t| (engine.stone(s, t), engine.kind(s, t))).collect();
        (
            board,
            (s.actions(), s.turns(), s.stage(), s.mover_index(), s.last_action(), s.last_arrival(), s.arrival()),
            (s.hands.clone(), s.counters.clone(), s.allow_now.clone(), s.allow_next.clone(), s.phase.clone()),
            (s.outcome.clone(), engine.legal(s).to_vec(), s.legal.plain),
        )
    }

    /// Plain stages at the edges of a run's turn boundary: after-turn effects that end the game
    /// or feed a counter, end rules that fire as a turn begins, hands that run out in the
    /// middle of a turn and a phase of slides after them, bounds read from an allowance (so
    /// that a turn may offer `end` at once), an optional second stage, three players,
    /// repetition and a turn limit, and phases that change on the turn number.
    const PLAIN_EDGES: &[&str] = &[
        r#"(game "Plain after-turn" (players "X" "O") (board (square 4)) (counter score)
             (play (turn (actions 1 2 (place (to empty))))
                   (after-turn (add score mover (count friend (neighbors last orthogonal)))
                               (if (> (counter score) 3) (win mover))))
             (end (when (> (turn-number) 9) draw) (when (board-full) draw)))"#,
        r#"(game "Plain hands" (players "X" "O" (hand 3)) (board (square 3))
             (play (phase "drop" (until (hand-empty)) (turn (actions 2 (place (to empty)))))
                   (phase "move" (turn (slide (from friend) (along orthogonal) (to empty))) (blocked pass)))
             (end (turn-limit 12)))"#,
        r#"(game "Plain bonus" (players "X" "O") (board (square 4)) (allowance bonus)
             (play (turn (actions (allowance bonus) (+ 1 (allowance bonus)) (place (to empty))))
                   (after-turn (if (grew (largest-group orthogonal any)) (allow-next bonus 1))))
             (end (when (board-full) (compare (cascade (group-sizes orthogonal) larger)))))"#,
        r#"(game "Plain stages" (players "X" "O" "Z") (board (hexhex 3))
             (play (turn (place (to empty)) (actions 0 1 (place (to empty)))))
             (end (when (board-full) draw)))"#,
        r#"(game "Plain repetition" (players "X" "O") (board (square 3))
             (play (turn (place (to empty))))
             (end (repetition 2) (turn-limit 7)))"#,
        r#"(game "Plain when" (players "X" "O") (board (square 4))
             (play (turn (actions 2 (place (to empty)))))
             (end (when (> (turn-number) 3) draw) (when (board-full) draw)))"#,
        r#"(game "Plain phases" (players "X" "O") (board (square 4))
             (play (phase "one" (until (> (turn-number) 3)) (turn (place (to empty))))
                   (phase "two" (turn (actions 2 (place (to empty))))))
             (end (when (board-full) draw)))"#,
    ];

    /// Stages of kept steps at the edges of a run: two steps in a stage with `end` and an
    /// effect that wins, two stages of steps in one turn with three players, a stage of steps
    /// earned by the first (the run hands over to the general loop and comes back), end rules
    /// at a turn's start, a board so full that players are now and then blocked, and bounds
    /// read from an allowance that may be 0 at a turn's start.
    const STEPS_EDGES: &[&str] = &[
        r#"(game "Steps twice" (players "X" "O" (hand 4)) (board (square 4))
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (actions 1 2 (slide (from friend) (along orthogonal) (to empty)
                      (then (if (> (count friend (neighbors to orthogonal)) 2) (win mover))))))
                      (blocked pass)))
             (end (repetition 2) (turn-limit 40)))"#,
        r#"(game "Steps stages" (players "X" "O" "Z" (hand 2)) (board (hexhex 3))
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (slide (from friend) (along adjacent) (to empty))
                                       (actions 0 1 (slide (from friend) (along adjacent) (to empty))))
                      (blocked pass)))
             (end (turn-limit 30)))"#,
        r#"(game "Steps earned" (players "X" "O" (hand 3)) (board (square 4)) (allowance extra)
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (slide (from friend) (along orthogonal) (to empty)
                                         (then (allow extra (- 2 (count empty (neighbors to orthogonal))))))
                                       (actions 0 (allowance extra) (slide (from friend) (along orthogonal) (to empty))))
                      (blocked pass)))
             (end (repetition 3) (turn-limit 50)))"#,
        r#"(game "Steps when" (players "X" "O" (hand 2)) (board (square 3))
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (slide (from friend) (along all) (to empty))) (blocked pass)))
             (end (when (> (turn-number) 9) draw)))"#,
        r#"(game "Steps blocked" (players "X" "O" (hand 4)) (board (square 3))
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (slide (from friend) (along orthogonal) (to empty))) (blocked pass)))
             (end (turn-limit 30)))"#,
        r#"(game "Steps allowance" (players "X" "O" (hand 3)) (board (square 4)) (allowance moves)
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty))))
                   (phase "move" (turn (actions (allowance moves) (+ 1 (allowance moves))
                                         (slide (from friend) (along orthogonal) (to empty)
                                           (then (allow-next moves (count enemy (neighbors to orthogonal)))))))
                      (blocked pass)))
             (end (turn-limit 40)))"#,
    ];

    /// Stages of masked placements at the edges of a run: two placements in a stage with
    /// `end` and an effect that wins, two such stages in a turn with three players, hands that
    /// run out, a region for each team, a phase that hands over to slides and back, a masked
    /// stage followed by a placement the general listing makes (in the run's middle), a game
    /// that ends in the middle of a turn, and bounds read from an allowance that may be 0.
    const MASKED_EDGES: &[&str] = &[
        r#"(game "Masked twice" (players "X" "O") (board (rectangle 5 4))
             (play (turn (actions 1 2 (place (to empty) (where (= (count empty (neighbors to S)) 0))
                      (then (if (> (count friend (neighbors to orthogonal)) 2) (win mover)))))))
             (end (when (board-full) draw)))"#,
        r#"(game "Masked stages" (players "X" "O" "Z" (hand 6)) (board (rectangle 6 5))
             (play (turn (place (to empty) (where (= (count empty (neighbors to S)) 0)))
                         (actions 0 1 (place (to empty) (where (= (count empty (neighbors to S)) 0))))))
             (end (when (line 3 all last) (win mover)) (when (board-full) draw)))"#,
        r#"(game "Masked regions" (players "X" "O" (hand 5)) (board (square 5))
             (region mine (owner "X") (within 2 side-S orthogonal))
             (region mine (owner "O") (within 2 side-N orthogonal))
             (play (phase "drop" (until (hand-empty)) (turn (place (to empty) (where (in to mine)))))
                   (phase "move" (turn (slide (from friend) (along orthogonal) (to empty))) (blocked pass)))
             (end (turn-limit 30)))"#,
        r#"(game "Masked then listed" (players "X" "O") (board (rectangle 5 4))
             (play (turn (place (to empty) (where (= (count empty (neighbors to S)) 0)))
                         (actions 0 1 (place (to empty) (where (in to (neighbors last orthogonal)))))))
             (end (when (line 4 all last) (win mover)) (when (board-full) draw)))"#,
        r#"(game "Masked bonus" (players "X" "O") (board (rectangle 6 5)) (allowance bonus)
             (play (turn (actions (allowance bonus) (+ 1 (allowance bonus))
                       (place (to empty) (where (= (count empty (neighbors to S)) 0)))))
                   (after-turn (if (grew (largest-group orthogonal any)) (allow-next bonus 1))))
             (end (when (line 4 all last) (win mover)) (when (board-full) draw)))"#,
    ];

    /// The runs of a plain stage ([`Engine::play_plain_stage`]), of a stage of kept steps
    /// ([`Engine::play_steps_stage`]) and of a masked stage ([`Engine::play_masked_stage`]) make the random choices, actions and positions that the
    /// general loop makes one action at a time, for every bundled game and variant and the
    /// games of [`PLAIN_EDGES`], [`STEPS_EDGES`] and [`MASKED_EDGES`]: at the end of random games, and where a
    /// cap stops them in the middle of a stage or of a turn.
    #[test]
    fn a_run_plays_as_the_general_loop_does() {
        use crate::check::{Selection, check_str};
        let edges = PLAIN_EDGES.iter().chain(STEPS_EDGES).chain(MASKED_EDGES).map(|text| {
            let (_, checked) = check_str("edge.game", text, &Selection::default());
            let game = checked.expect("selection").game.expect("the edge game checks");
            (std::path::PathBuf::from(&game.name), None, game)
        });
        let (mut plain_runs, mut steps_runs, mut masked_runs) = (0, 0, 0);
        for (path, variant, game) in crate::engine::bundled::selections().into_iter().chain(edges) {
            let engine = Engine::new(game);
            if path.starts_with("Masked") {
                assert!(engine.program.phases[0][0].masked_places.is_some(), "{path:?} begins with a masked stage");
            }
            let initial = engine.initial();
            for index in 0..6u64 {
                for cap in [3, 4, 8, 21, 400] {
                    let (mut a, mut b, mut c) = (initial.clone(), initial.clone(), initial.clone());
                    let (mut ra, mut rb, mut rc) = (rng_for(5, index), rng_for(5, index), rng_for(5, index));
                    let ended = play_out_capped(&engine, &mut a, &mut ra, cap);
                    let mut actions = Vec::new();
                    let watched = play_out_watched(&engine, &mut b, &mut rb, cap, |s, action| {
                        plain_runs += usize::from(s.legal.plain);
                        steps_runs += usize::from(s.legal.kept_steps);
                        masked_runs += usize::from(s.legal.masked);
                        actions.push((engine.to_move(s).expect("a player is to move"), action));
                    });
                    let mut noted = Vec::new();
                    let ended_noted =
                        play_out_noted(&engine, &mut c, &mut rc, cap, |_, p, action, _| noted.push((p, action)));
                    assert_eq!(
                        (ended, seen(&engine, &a)),
                        (watched, seen(&engine, &b)),
                        "{path:?} {variant:?} game {index}, cap {cap}"
                    );
                    assert_eq!((ended_noted, seen(&engine, &c)), (ended, seen(&engine, &a)));
                    assert_eq!(noted, actions, "{path:?} {variant:?} game {index}, cap {cap}: the actions noted");
                    let next = [ra.random::<u64>(), rb.random::<u64>(), rc.random::<u64>()];
                    assert!(next[0] == next[1] && next[0] == next[2], "the same random numbers were drawn");
                }
            }
        }
        assert!(plain_runs > 1000, "{plain_runs} actions of plain stages compared");
        assert!(steps_runs > 1000, "{steps_runs} actions of stages of kept steps compared");
        assert!(masked_runs > 1000, "{masked_runs} actions of masked stages compared");
    }
}
