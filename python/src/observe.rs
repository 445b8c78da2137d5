//! The observation tensor: planes × sites, float32.
//!
//! Boards are graphs (square grids, hexagons, tilings), so a plane is one value per site in
//! site order rather than a 2-D image; `Game.board["coordinates"]` places the sites. The planes:
//! one per team (1 where its stones are), one per player (all 1 for the player to move), then
//! the rule state that changes what is legal or how the game ends: stones in hand per player
//! (when hands are limited), the pieces held per player and kind (when hands keep captures),
//! each counter per team, each allowance, each player's phase (when
//! there are several), and the turn in progress (stage index, actions made in the stage, the
//! site this turn's stone arrived at, the stones relocated this turn). Scalars fill their plane.

use tabula::engine::{Engine, State};

pub struct Planes {
    pub names: Vec<String>,
    hands: bool,
    /// Hands keep captures: a plane per player and kind, the pieces of it he holds.
    held: bool,
    phases: bool,
    /// A game with seeds has a plane of them, each site's count, after the player to move.
    seeds: bool,
}

impl Planes {
    pub fn new(engine: &Engine) -> Planes {
        let game = engine.game();
        let mut names: Vec<String> = game.teams.iter().map(|t| format!("stones:{t}")).collect();
        names.extend(game.players.iter().map(|p| format!("to_move:{}", p.name)));
        let seeds = game.uses_seeds();
        if seeds {
            names.push("seeds".to_string());
        }
        let hands = game.players.iter().any(|p| p.hand.is_some());
        if hands {
            names.extend(game.players.iter().map(|p| format!("hand:{}", p.name)));
        }
        let held = game.keeps_captures;
        if held {
            for p in &game.players {
                names.extend(game.pieces.iter().map(|k| format!("held:{}:{}", p.name, k.name)));
            }
        }
        for c in &game.counters {
            names.extend(game.teams.iter().map(|t| format!("counter:{c}:{t}")));
        }
        names.extend(game.allowances.iter().map(|a| format!("allowance:{a}")));
        let phases = game.phases.len() > 1;
        if phases {
            names.extend(game.players.iter().map(|p| format!("phase:{}", p.name)));
        }
        names.extend(["stage", "stage_actions", "arrival", "relocated"].map(String::from));
        Planes { names, hands, held, phases, seeds }
    }

    pub fn fill(&self, engine: &Engine, s: &State) -> Vec<f32> {
        let game = engine.game();
        let n = game.board.site_count();
        let mut out = Vec::with_capacity(self.names.len() * n);
        let constant = |out: &mut Vec<f32>, v: f32| out.extend(std::iter::repeat_n(v, n));
        for t in 0..game.teams.len() {
            out.extend((0..n).map(|site| f32::from(u8::from(engine.stone(s, site as u16) == Some(t)))));
        }
        let mover = engine.to_move(s);
        for p in 0..game.players.len() {
            constant(&mut out, f32::from(u8::from(mover == Some(p))));
        }
        if self.seeds {
            out.extend((0..n).map(|site| s.seeds(site as u16) as f32));
        }
        if self.hands {
            for p in 0..game.players.len() {
                constant(&mut out, s.hand(p).map(|h| h as f32).unwrap_or(0.0));
            }
        }
        if self.held {
            for p in 0..game.players.len() {
                for k in 0..game.pieces.len() {
                    constant(&mut out, s.held(p, k as u8) as f32);
                }
            }
        }
        for c in 0..game.counters.len() {
            for t in 0..game.teams.len() {
                constant(&mut out, s.counter(c, t) as f32);
            }
        }
        for a in 0..game.allowances.len() {
            constant(&mut out, s.allowance(a) as f32);
        }
        if self.phases {
            for p in 0..game.players.len() {
                constant(&mut out, s.phase(p) as f32);
            }
        }
        let (stage, done, _, _) = s.stage();
        constant(&mut out, stage as f32);
        constant(&mut out, done as f32);
        let start = out.len();
        constant(&mut out, 0.0);
        if let Some(site) = s.arrival() {
            out[start + site as usize] = 1.0;
        }
        let start = out.len();
        constant(&mut out, 0.0);
        for &site in s.relocated() {
            out[start + site as usize] = 1.0;
        }
        out
    }
}
