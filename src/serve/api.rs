//! The JSON API and the routes of the pages.
//!
//! Every failure is a 4xx (or, for a failed search thread, 500) response with a JSON body
//! `{"error": "…"}` (plus `diagnostics` when a game file has errors): malformed JSON, unknown
//! fields' types, missing games and illegal actions all take this path, never a panic.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Router;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

use super::App;
use super::catalog::Unreadable;
use super::session::{Refusal, Seat, Session};
use super::store::lock;
use crate::check::{Checked, Selection, SelectionError, check, check_all_variants};
use crate::diagnostic::{Diagnostic, Sources};
use crate::engine::Engine;
use crate::record::Record;
use crate::syntax::{MAX_SOURCE_BYTES, SourceId};

/// Largest record accepted (a record is one short line per turn).
const MAX_RECORD_BYTES: usize = 1 << 20;

pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/", get(super::assets::play_page))
        .route("/editor", get(super::assets::editor_page))
        .route("/assets/{file}", get(super::assets::asset))
        .route("/api/catalog", get(catalog))
        .route("/api/source", get(source))
        .route("/api/check", axum::routing::post(check_source))
        .route("/api/games", axum::routing::post(new_game))
        .route("/api/games/{id}", get(game_state).delete(delete_game))
        .route("/api/games/{id}/legal", get(legal))
        .route("/api/games/{id}/apply", axum::routing::post(apply))
        .route("/api/games/{id}/step", axum::routing::post(step))
        .route("/api/games/{id}/undo", axum::routing::post(undo))
        .route("/api/games/{id}/record", get(record))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page or API route") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this route does not take that method (see the README's API table)",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_SOURCE_BYTES + MAX_RECORD_BYTES + (64 << 10)))
        .with_state(app)
}

/// An error response: `{"error": message}`, and the diagnostics of a game file with errors.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
    diagnostics: Option<Value>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), diagnostics: None }
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> ApiError {
        ApiError::new(StatusCode::from_u16(r.status).unwrap_or(StatusCode::BAD_REQUEST), r.message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.message});
        if let Some(d) = self.diagnostics {
            body["diagnostics"] = d;
        }
        (self.status, axum::Json(body)).into_response()
    }
}

type Reply = Result<Response, ApiError>;

fn ok(value: Value) -> Reply {
    Ok(axum::Json(value).into_response())
}

/// A JSON request body whose rejections (bad JSON, wrong content type, too large) are answered
/// in the API's error format.
struct Body<T>(T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequest<S> for Body<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(Body(v)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

fn json_rejection(r: JsonRejection) -> ApiError {
    ApiError::new(r.status(), r.body_text())
}

/// The game id of the path, its rejections (say, bad percent-encoding) in the API's format.
struct Id(String);

impl<S: Send + Sync> FromRequestParts<S> for Id {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(Id(id)),
            Err(r) => Err(ApiError::new(r.status(), r.body_text())),
        }
    }
}

fn query_rejection(r: QueryRejection) -> ApiError {
    ApiError::new(r.status(), r.body_text())
}

/// Runs blocking work (drawing a position, listing actions, applying one) off the async
/// executor, so that a slow request never delays a static asset or another game.
async fn blocking<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|_| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the server failed to finish this request"))
}

/// Runs work that checks or builds a game on the blocking pool, holding one of the
/// [`super::App::builds`] permits while it runs. If the client goes away the work still runs to
/// its end (the checker has no point to stop at), but with its permit: abandoned requests can
/// occupy at most as many threads as there are permits.
async fn building<T: Send + 'static>(
    builds: &Arc<tokio::sync::Semaphore>,
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let permit = Arc::clone(builds)
        .acquire_owned()
        .await
        .map_err(|_| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the server is shutting down"))?;
    blocking(move || {
        let _permit = permit;
        f()
    })
    .await
}

/// A game file to load: a served file by name, or text sent along (`name` then only labels it
/// and anchors its `extends`).
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct GameSpec {
    game: Option<String>,
    source: Option<String>,
    name: Option<String>,
    variant: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
}

impl GameSpec {
    /// The virtual name and the text.
    fn text(&self, app: &App) -> Result<(String, String), ApiError> {
        match (&self.game, &self.source) {
            (_, Some(text)) => {
                if text.len() > MAX_SOURCE_BYTES {
                    return Err(ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        format!(
                            "the game file is {} bytes; game files are limited to {MAX_SOURCE_BYTES} bytes",
                            text.len()
                        ),
                    ));
                }
                let name = self.name.as_deref().or(self.game.as_deref()).unwrap_or("untitled.game");
                let name = super::normalise(&format!("editor/{name}"))
                    .and_then(|n| n.strip_prefix("editor/").map(str::to_string))
                    .filter(|n| n.ends_with(".game"))
                    .ok_or_else(|| {
                        ApiError::new(StatusCode::BAD_REQUEST, "`name` must be a relative path ending in `.game`")
                    })?;
                Ok((name, text.clone()))
            }
            (Some(name), None) => match app.catalog.read(name) {
                Ok(text) => Ok((super::normalise(name).unwrap_or_else(|| name.clone()), text)),
                Err(Unreadable::Missing(m)) => Err(ApiError::new(StatusCode::NOT_FOUND, m)),
                Err(Unreadable::Bad(m)) => Err(ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, m)),
            },
            (None, None) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "say which game: `game` (a name from /api/catalog) or `source` (the text of a game file)",
            )),
        }
    }

    fn selection(&self) -> Result<Selection, ApiError> {
        let sets: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok(format!("{k}={s}")),
                Value::Number(n) => Ok(format!("{k}={n}")),
                Value::Bool(b) => Ok(format!("{k}={b}")),
                _ => Err(ApiError::new(
                    StatusCode::BAD_REQUEST,
                    format!("option `{k}`: give a number, true/false or a string"),
                )),
            })
            .collect::<Result<_, _>>()?;
        Selection::new(self.variant.clone(), &sets).map_err(|m| ApiError::new(StatusCode::BAD_REQUEST, m))
    }
}

/// Diagnostics as `tabula check --json` writes them, plus `start` and `end`: the primary span
/// in the checked text as UTF-16 offsets (what a browser's string indices count), when the span
/// is in that text.
fn diagnostics_json(sources: &Sources, main: SourceId, diagnostics: &[Diagnostic]) -> Value {
    let text = &sources.get(main).text;
    let utf16 = |offset: u32| {
        let mut o = (offset as usize).min(text.len());
        while !text.is_char_boundary(o) {
            o -= 1;
        }
        text[..o].encode_utf16().count()
    };
    diagnostics
        .iter()
        .map(|d| {
            let mut v = if d.labels.is_empty() {
                json!({"severity": d.severity, "code": d.code, "message": d.message, "help": d.help, "labels": []})
            } else {
                sources.to_json(d)
            };
            if let Some(span) = d.primary().filter(|s| s.source == main) {
                v["start"] = json!(utf16(span.start));
                v["end"] = json!(utf16(span.end));
            }
            v
        })
        .collect()
}

/// Loads a game for play: the catalog's bases, the checker with the selection.
fn load_game(app: &App, spec: &GameSpec, selection: &Selection) -> Result<Engine, ApiError> {
    let (name, text) = spec.text(app)?;
    let (mut sources, id, missing_base) = app.catalog.sources(&name, text);
    if let Some(d) = missing_base {
        return Err(invalid(&sources, id, vec![d]));
    }
    match check(&mut sources, id, selection) {
        Err(SelectionError(m)) => Err(ApiError::new(StatusCode::BAD_REQUEST, m)),
        Ok(Checked { game: Some(game), diagnostics, .. }) if !diagnostics.iter().any(Diagnostic::is_error) => {
            Ok(Engine::new(game))
        }
        Ok(checked) => Err(invalid(&sources, id, checked.diagnostics)),
    }
}

fn invalid(sources: &Sources, id: SourceId, diagnostics: Vec<Diagnostic>) -> ApiError {
    let errors = diagnostics.iter().filter(|d| d.is_error()).count();
    ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: format!("the game file has {errors} error{}", if errors == 1 { "" } else { "s" }),
        diagnostics: Some(diagnostics_json(sources, id, &diagnostics)),
    }
}

/// `GET /api/catalog`: every served game file, with its players, variants and options.
async fn catalog(State(app): State<Arc<App>>) -> Reply {
    let builds = Arc::clone(&app.builds);
    let list = building(&builds, move || {
        app.catalog
            .names()
            .into_iter()
            .map(|name| {
                let spec = GameSpec { game: Some(name.clone()), ..GameSpec::default() };
                let mut entry = match load_game(&app, &spec, &Selection::default()) {
                    Ok(engine) => {
                        let g = engine.game();
                        json!({
                            "name": name,
                            "title": g.name,
                            "players": g.players.iter().map(|p| p.name.clone()).collect::<Vec<_>>(),
                            "variants": g.variants.iter().map(|v| json!({"name": v.name, "description": v.description, "default": v.is_default})).collect::<Vec<_>>(),
                            "options": g.options.iter().map(|o| json!({
                                "name": o.name, "default": o.show(o.default), "allowed": o.allowed(), "description": o.description,
                                "values": match &o.kind {
                                    crate::game::OptionKind::Choice(vs) => vs.iter().map(|&v| o.show(v)).collect::<Vec<_>>(),
                                    crate::game::OptionKind::Boolean => vec!["false".into(), "true".into()],
                                    crate::game::OptionKind::Range(..) => Vec::new(),
                                },
                            })).collect::<Vec<_>>(),
                        })
                    }
                    Err(e) => json!({"name": name, "error": e.message}),
                };
                if let Some(dir) = app.catalog.dir_label(&name) {
                    entry["dir"] = json!(dir);
                }
                entry
            })
            .collect::<Vec<Value>>()
    })
    .await?;
    ok(json!({"games": list}))
}

#[derive(Deserialize)]
struct SourceQuery {
    name: String,
}

/// `GET /api/source?name=games/NAME.game`: the text of a served game file.
async fn source(State(app): State<Arc<App>>, query: Result<Query<SourceQuery>, QueryRejection>) -> Reply {
    let Query(q) = query.map_err(query_rejection)?;
    let spec = GameSpec { game: Some(q.name.clone()), ..GameSpec::default() };
    let (name, text) = spec.text(&app)?;
    ok(json!({"name": name, "text": text}))
}

/// `POST /api/check {"source": "…", "name"?}`: the diagnostics `tabula check` gives for the
/// text (every variant checked), and the board of the default variant when it is valid.
async fn check_source(State(app): State<Arc<App>>, Body(spec): Body<GameSpec>) -> Reply {
    if spec.source.is_none() {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "`source` (the text of a game file) is required"));
    }
    let builds = Arc::clone(&app.builds);
    let reply = building(&builds, move || -> Result<Value, ApiError> {
        let (name, text) = spec.text(&app)?;
        let (mut sources, id, missing_base) = app.catalog.sources(&name, text);
        let checked = match missing_base {
            Some(d) => Checked { game: None, diagnostics: vec![d], usage: Default::default(), declared: Vec::new() },
            None => check_all_variants(&mut sources, id),
        };
        let valid = !checked.has_errors();
        let board = checked.game.as_ref().filter(|_| valid).map(|g| {
            let engine = Engine::new(g.clone());
            super::session::picture(&engine, &engine.initial())
        });
        Ok(json!({
            "name": name,
            "valid": valid,
            "game": checked.game.as_ref().map(|g| g.name.clone()),
            "title": checked.game.as_ref().map(crate::summary::title),
            "diagnostics": diagnostics_json(&sources, id, &checked.diagnostics),
            "svg": board,
        }))
    })
    .await??;
    ok(reply)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    game: Option<String>,
    source: Option<String>,
    name: Option<String>,
    variant: Option<String>,
    #[serde(default)]
    options: BTreeMap<String, Value>,
    /// `human`, `random`, `mcts`, `grave` or `alphabeta` per seat (default: a person, then random players).
    players: Option<Vec<String>>,
    think_ms: Option<u64>,
    /// The text of a `.rec` record to start from.
    record: Option<String>,
}

/// `POST /api/games`: starts a game (from a record, if one is given); answers its state.
async fn new_game(State(app): State<Arc<App>>, Body(request): Body<NewGame>) -> Reply {
    let NewGame { game, source, name, variant, options, players, think_ms, record } = request;
    let mut spec = GameSpec { game, source, name, variant, options };
    let record = match record {
        Some(text) if text.len() > MAX_RECORD_BYTES => {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("records are limited to {MAX_RECORD_BYTES} bytes"),
            ));
        }
        Some(text) => {
            let r = Record::parse(&text)
                .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, format!("the record: {e}")))?;
            // The record says how the game was set up, unless the request does.
            if spec.variant.is_none() {
                spec.variant = r.variant.clone();
            }
            if spec.options.is_empty() {
                spec.options = r.sets.iter().map(|(k, v)| (k.clone(), Value::from(v.clone()))).collect();
            }
            Some(r)
        }
        None => None,
    };
    let selection = spec.selection()?;
    let think_ms = think_ms.unwrap_or(1000);
    let loader = Arc::clone(&app);
    // The session and its first picture, drawn on the same blocking thread.
    let (session, mut body) = building(&app.builds, move || -> Result<(Session, Value), ApiError> {
        let engine = load_game(&loader, &spec, &selection)?;
        let seats = match players {
            Some(list) => list
                .iter()
                .map(|s| Seat::parse(s))
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| ApiError::new(StatusCode::BAD_REQUEST, m))?,
            None => (0..engine.game().players.len()).map(|i| if i == 0 { Seat::Human } else { Seat::Random }).collect(),
        };
        let session = match &record {
            Some(r) => Session::from_record(engine, seats, think_ms, r)?,
            None => Session::new(engine, seats, think_ms)?,
        };
        let body = session.to_json("", None);
        Ok((session, body))
    })
    .await??;
    let bytes = session.engine().estimated_bytes();
    let Some(id) = app.store.insert(session, bytes) else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "this game needs about {} of memory, more than this server keeps for all its games ({}; \
                 `tabula serve --max-memory MIB`)",
                crate::game::footprint::human(bytes as u64),
                crate::game::footprint::human(app.store.memory() as u64)
            ),
        ));
    };
    body["id"] = json!(id);
    Ok((StatusCode::CREATED, axum::Json(body)).into_response())
}

/// Locks a game that a request uses, marking it as touched now (the store drops the games left
/// alone longest).
fn touch(game: &std::sync::Mutex<Session>) -> std::sync::MutexGuard<'_, Session> {
    let mut s = lock(game);
    s.touched = std::time::Instant::now();
    s
}

/// The game with this id, or 404.
fn find(app: &App, id: &str) -> Result<Arc<std::sync::Mutex<Session>>, ApiError> {
    app.store
        .get(id)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no game `{id}` (it may have ended long ago)")))
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<usize>,
}

/// `GET /api/games/{id}[?ply=N]`: the state, or the position after N actions.
async fn game_state(State(app): State<Arc<App>>, Id(id): Id, query: Result<Query<PlyQuery>, QueryRejection>) -> Reply {
    let Query(q) = query.map_err(query_rejection)?;
    let game = find(&app, &id)?;
    ok(blocking(move || touch(&game).to_json(&id, q.ply)).await?)
}

async fn delete_game(State(app): State<Arc<App>>, Id(id): Id) -> Reply {
    if app.store.remove(&id) {
        ok(json!({"deleted": id}))
    } else {
        Err(ApiError::new(StatusCode::NOT_FOUND, format!("no game `{id}`")))
    }
}

/// `GET /api/games/{id}/legal`: the legal actions of the decision at hand.
async fn legal(State(app): State<Arc<App>>, Id(id): Id) -> Reply {
    let game = find(&app, &id)?;
    ok(blocking(move || lock(&game).legal_json()).await?)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ApplyRequest {
    action: String,
}

/// `POST /api/games/{id}/apply {"action": "c3"}`: a person's action.
async fn apply(State(app): State<Arc<App>>, Id(id): Id, Body(req): Body<ApplyRequest>) -> Reply {
    let game = find(&app, &id)?;
    let reply = blocking(move || -> Result<Value, ApiError> {
        let mut s = touch(&game);
        s.apply(&req.action)?;
        Ok(s.to_json(&id, None))
    })
    .await??;
    ok(reply)
}

/// `POST /api/games/{id}/step`: the computer player to move makes one action. Its search runs
/// on the blocking pool, with the game unlocked (other requests see `"thinking": true`).
async fn step(State(app): State<Arc<App>>, Id(id): Id) -> Reply {
    let game = find(&app, &id)?;
    let thinking = {
        let mut s = touch(&game);
        s.begin_thinking()?
    };
    match tokio::task::spawn_blocking(move || thinking.run()).await {
        Ok(thought) => {
            let reply = blocking(move || {
                let mut s = touch(&game);
                s.finish_thinking(thought);
                s.to_json(&id, None)
            })
            .await?;
            ok(reply)
        }
        Err(_) => {
            lock(&game).abandon_thinking();
            Err(ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the computer player failed to choose an action"))
        }
    }
}

/// `POST /api/games/{id}/undo`: takes back actions until a person is to move.
async fn undo(State(app): State<Arc<App>>, Id(id): Id) -> Reply {
    let game = find(&app, &id)?;
    let reply = blocking(move || -> Result<Value, ApiError> {
        let mut s = touch(&game);
        s.undo()?;
        Ok(s.to_json(&id, None))
    })
    .await??;
    ok(reply)
}

/// `GET /api/games/{id}/record`: the game as a `.rec` file.
async fn record(State(app): State<Arc<App>>, Id(id): Id) -> Reply {
    let game = find(&app, &id)?;
    let s = lock(&game);
    let text = s.record().to_text();
    let file =
        format!("{}.rec", s.engine().game().name.to_lowercase().replace(|c: char| !c.is_ascii_alphanumeric(), "-"));
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        ],
        text,
    )
        .into_response())
}
