//! The pages: plain HTML, CSS and JavaScript in `src/serve/assets/`, compiled into the binary
//! so that there is no build step and nothing to install.

use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

const PLAY: &str = include_str!("assets/play.html");
const EDITOR: &str = include_str!("assets/editor.html");

/// `/assets/NAME`: (content type, text).
const FILES: &[(&str, &str, &str)] = &[
    ("style.css", "text/css; charset=utf-8", include_str!("assets/style.css")),
    ("common.js", "text/javascript; charset=utf-8", include_str!("assets/common.js")),
    ("play.js", "text/javascript; charset=utf-8", include_str!("assets/play.js")),
    ("editor.js", "text/javascript; charset=utf-8", include_str!("assets/editor.js")),
];

pub async fn play_page() -> Html<&'static str> {
    Html(PLAY)
}

pub async fn editor_page() -> Html<&'static str> {
    Html(EDITOR)
}

pub async fn asset(Path(name): Path<String>) -> Response {
    match FILES.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => (StatusCode::NOT_FOUND, axum::Json(serde_json::json!({"error": format!("no asset `{name}`")})))
            .into_response(),
    }
}
