//! The main loop: one thread reads messages, keeps the open documents, answers requests and
//! publishes diagnostics.
//!
//! Changes are applied as they come; checking waits until no message is waiting to be read,
//! so that a burst of keystrokes is mostly checked once, at its end. Requests are answered from the text as it is at that
//! moment (they never wait for a check). Nothing the client sends can stop the server except
//! `exit`: a malformed message gets an error response or is ignored.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;

use crossbeam_channel::TryRecvError;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, RequestId, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _, PublishDiagnostics,
};
use lsp_types::request::{Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, Request as _};
use lsp_types::{
    CompletionOptions, CompletionParams, DidChangeTextDocumentParams, DidCloseTextDocumentParams,
    DidOpenTextDocumentParams, DocumentFormattingParams, DocumentSymbolParams, DocumentSymbolResponse,
    GotoDefinitionParams, GotoDefinitionResponse, HoverParams, HoverProviderCapability, OneOf,
    PublishDiagnosticsParams, ServerCapabilities, ServerInfo, TextDocumentSyncCapability, TextDocumentSyncKind,
    TextEdit, Uri,
};
use serde::de::DeserializeOwned;

use super::document::{Analysis, Document};
use super::position::LineIndex;

/// Why the server stopped other than by `shutdown` then `exit`.
#[derive(Debug)]
pub struct Stopped(pub String);

/// Serves one client over a connection until it says `exit`. `Ok` after `shutdown` then
/// `exit`; `Err` when the client exits without `shutdown` or the connection breaks.
pub fn serve(connection: Connection) -> Result<(), Stopped> {
    let capabilities = ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::INCREMENTAL)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["(".to_string()]),
            ..CompletionOptions::default()
        }),
        definition_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        document_symbol_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    };
    let info = ServerInfo { name: "tabula".to_string(), version: Some(env!("CARGO_PKG_VERSION").to_string()) };
    let init = serde_json::json!({ "capabilities": capabilities, "serverInfo": info });
    let (id, _params) = connection.initialize_start().map_err(|e| Stopped(format!("initialize: {e}")))?;
    connection.initialize_finish(id, init).map_err(|e| Stopped(format!("initialize: {e}")))?;
    let mut server = Server { connection, documents: HashMap::new() };
    server.run()
}

struct Server {
    connection: Connection,
    /// Open documents by URI.
    documents: HashMap<Uri, Document>,
}

impl Server {
    fn run(&mut self) -> Result<(), Stopped> {
        loop {
            // With documents to check, check them unless a message is already waiting.
            let message = if self.documents.values().any(|d| d.dirty) {
                match self.connection.receiver.try_recv() {
                    Ok(message) => Ok(message),
                    Err(TryRecvError::Empty) => {
                        self.publish_changed();
                        continue;
                    }
                    Err(TryRecvError::Disconnected) => Err(()),
                }
            } else {
                self.connection.receiver.recv().map_err(|_| ())
            };
            let Ok(message) = message else {
                return Err(Stopped("the client closed the connection without `exit`".to_string()));
            };
            match message {
                Message::Request(request) => {
                    match self.connection.handle_shutdown(&request) {
                        Ok(true) => return Ok(()),
                        Ok(false) => {}
                        Err(e) => return Err(Stopped(format!("shutdown: {e}"))),
                    }
                    let id = request.id.clone();
                    // A bug in a handler answers that request with an error; the server stays.
                    let response = catch_unwind(AssertUnwindSafe(|| self.request(request))).unwrap_or_else(|_| {
                        Response::new_err(id, ErrorCode::InternalError as i32, "internal error".to_string())
                    });
                    self.send(response.into());
                }
                Message::Notification(n) if n.method == "exit" => {
                    return Err(Stopped("`exit` before `shutdown`".to_string()));
                }
                Message::Notification(n) => {
                    let _ = catch_unwind(AssertUnwindSafe(|| self.notification(n)));
                }
                Message::Response(_) => {}
            }
        }
    }

    fn send(&self, message: Message) {
        // The only failure is a closed connection, which the next `recv` reports.
        let _ = self.connection.sender.send(message);
    }

    fn notification(&mut self, n: Notification) {
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Some(p) = params::<DidOpenTextDocumentParams>(n.params) else { return };
                let doc = Document::new(p.text_document.uri.clone(), p.text_document.text, p.text_document.version);
                self.documents.insert(p.text_document.uri.clone(), doc);
                self.dependents_changed(&p.text_document.uri);
            }
            DidChangeTextDocument::METHOD => {
                let Some(p) = params::<DidChangeTextDocumentParams>(n.params) else { return };
                let uri = p.text_document.uri;
                let Some(doc) = self.documents.get_mut(&uri) else { return };
                doc.apply(p.content_changes, p.text_document.version);
                self.dependents_changed(&uri);
            }
            DidCloseTextDocument::METHOD => {
                let Some(p) = params::<DidCloseTextDocumentParams>(n.params) else { return };
                if self.documents.remove(&p.text_document.uri).is_some() {
                    self.publish(p.text_document.uri.clone(), Vec::new(), None);
                    // Files extending it now read it from disk.
                    self.dependents_changed(&p.text_document.uri);
                }
            }
            _ => {}
        }
    }

    /// Marks for checking every open document that extends the one at `uri`.
    fn dependents_changed(&mut self, uri: &Uri) {
        let Some(name) = super::uri::to_path(uri).map(|p| p.display().to_string()) else { return };
        for doc in self.documents.values_mut() {
            if doc.depends_on.contains(&name) {
                doc.dirty = true;
            }
        }
    }

    /// Checks every document changed since its diagnostics were published, and publishes them.
    fn publish_changed(&mut self) {
        let dirty: Vec<Uri> = self.documents.values().filter(|d| d.dirty).map(|d| d.uri.clone()).collect();
        for uri in dirty {
            let outcome = {
                let Some(doc) = self.documents.get(&uri) else { continue };
                let open: Vec<&Document> = self.documents.values().collect();
                catch_unwind(AssertUnwindSafe(|| super::diagnostics::check(doc, &open)))
            };
            let Some(doc) = self.documents.get_mut(&uri) else { continue };
            let Ok(outcome) = outcome else {
                // A bug, not the user's: say so once and wait for the next change.
                doc.dirty = false;
                let d = lsp_types::Diagnostic {
                    message: "internal error: tabula lsp failed on this text; please report it".to_string(),
                    source: Some("tabula".to_string()),
                    ..lsp_types::Diagnostic::default()
                };
                let version = Some(doc.version);
                self.publish(uri, vec![d], version);
                continue;
            };
            doc.dirty = false;
            doc.depends_on = outcome.depends_on;
            if outcome.board.is_some() {
                doc.board = outcome.board;
            }
            let version = Some(doc.version);
            self.publish(uri, outcome.diagnostics, version);
        }
    }

    fn publish(&self, uri: Uri, diagnostics: Vec<lsp_types::Diagnostic>, version: Option<i32>) {
        let params = PublishDiagnosticsParams { uri, diagnostics, version };
        self.send(Notification::new(PublishDiagnostics::METHOD.to_string(), params).into());
    }

    fn request(&self, r: Request) -> Response {
        let id = r.id.clone();
        let answer = match r.method.as_str() {
            HoverRequest::METHOD => self.answer::<HoverParams, _>(r, |s, p| {
                let doc = s.document(&p.text_document_position_params.text_document.uri)?;
                let a = s.analysis(doc);
                let offset = a.lines.offset(p.text_document_position_params.position);
                super::hover::hover(&a, offset)
            }),
            Completion::METHOD => self.answer::<CompletionParams, _>(r, |s, p| {
                let doc = s.document(&p.text_document_position.text_document.uri)?;
                let a = s.analysis(doc);
                let offset = a.lines.offset(p.text_document_position.position);
                Some(super::completion::completion(&a, offset))
            }),
            GotoDefinition::METHOD => self.answer::<GotoDefinitionParams, _>(r, |s, p| {
                let uri = &p.text_document_position_params.text_document.uri;
                let doc = s.document(uri)?;
                let a = s.analysis(doc);
                let offset = a.lines.offset(p.text_document_position_params.position);
                Some(GotoDefinitionResponse::Array(super::definition::definition(&a, uri, offset)))
            }),
            DocumentSymbolRequest::METHOD => self.answer::<DocumentSymbolParams, _>(r, |s, p| {
                let doc = s.document(&p.text_document.uri)?;
                Some(DocumentSymbolResponse::Nested(super::symbols::symbols(&s.analysis(doc))))
            }),
            Formatting::METHOD => self.answer::<DocumentFormattingParams, _>(r, |s, p| {
                let doc = s.document(&p.text_document.uri)?;
                // A text that does not parse is left as it is; its diagnostics say why.
                let formatted = crate::format::format(&doc.text).ok()?;
                let edits = if formatted == doc.text {
                    Vec::new()
                } else {
                    vec![TextEdit { range: LineIndex::new(&doc.text).whole(), new_text: formatted }]
                };
                Some(edits)
            }),
            _ => Err(Response::new_err(
                id.clone(),
                ErrorCode::MethodNotFound as i32,
                format!("unknown method {}", r.method),
            )),
        };
        answer.unwrap_or_else(|error| error)
    }

    /// Decodes the parameters and answers with `f`'s result (`null` when it has none).
    fn answer<P: DeserializeOwned, R: serde::Serialize>(
        &self,
        r: Request,
        f: impl FnOnce(&Server, P) -> Option<R>,
    ) -> Result<Response, Response> {
        let id: RequestId = r.id.clone();
        let p: P = serde_json::from_value(r.params)
            .map_err(|e| Response::new_err(id.clone(), ErrorCode::InvalidParams as i32, e.to_string()))?;
        let result = f(self, p);
        Ok(Response::new_ok(id, result))
    }

    /// An open document small enough to work on.
    fn document(&self, uri: &Uri) -> Option<&Document> {
        self.documents.get(uri).filter(|d| !d.too_large())
    }

    fn analysis<'d>(&'d self, doc: &'d Document) -> Analysis<'d> {
        Analysis::new(doc, &|path: &Path| self.base_text(path))
    }

    /// The text of a base file: from the editor when it is open there, else from disk.
    fn base_text(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(doc) = self.documents.values().find(|d| d.path.as_deref() == Some(path)) {
            return (!doc.too_large()).then(|| Arc::from(doc.text.as_str()));
        }
        let meta = std::fs::metadata(path).ok()?;
        if meta.len() > crate::syntax::MAX_SOURCE_BYTES as u64 {
            return None;
        }
        std::fs::read_to_string(path).ok().map(Arc::from)
    }
}

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Option<P> {
    serde_json::from_value(value).ok()
}
