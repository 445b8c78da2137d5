//! The main loop: one thread reads the client's messages, keeps the open documents and answers
//! requests; checks run on another thread ([`super::checking`]) and their diagnostics are
//! published when they come back.
//!
//! Changes are applied as they come, and only mark the document for a check; requests are
//! answered at once from the text as it is then, never behind a check. Nothing the client
//! sends can stop the server except `exit`: a malformed message gets an error response or is
//! ignored.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use crossbeam_channel::{at, never, select};
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

use super::checking::{Counts, Done, Job, Worker};
use super::document::{Analysis, Document};
use super::position::{Encoding, LineIndex};

/// The request that answers how many checks were started, published and superseded
/// ([`Counts`]), as rust-analyzer's `rust-analyzer/analyzerStatus` reports on its work.
pub const STATUS_METHOD: &str = "tabula/status";

/// Why the server stopped other than by `shutdown` then `exit`.
#[derive(Debug)]
pub struct Stopped(pub String);

/// Serves one client over a connection until it says `exit`. `Ok` after `shutdown` then
/// `exit`; `Err` when the client exits without `shutdown` or the connection breaks.
pub fn serve(connection: Connection) -> Result<(), Stopped> {
    let (id, params) = connection.initialize_start().map_err(|e| Stopped(format!("initialize: {e}")))?;
    let encoding = Encoding::negotiate(&params);
    let capabilities = ServerCapabilities {
        position_encoding: Some(encoding.kind()),
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
    connection.initialize_finish(id, init).map_err(|e| Stopped(format!("initialize: {e}")))?;
    let worker = Worker::start().map_err(|e| Stopped(format!("starting the checker's thread: {e}")))?;
    let mut server =
        Server { connection, encoding, documents: HashMap::new(), worker, generations: 0, counts: Counts::default() };
    server.run()
}

struct Server {
    connection: Connection,
    encoding: Encoding,
    /// Open documents by URI.
    documents: HashMap<Uri, Document>,
    worker: Worker,
    /// The last generation given to a document ([`Document::generation`]).
    generations: u64,
    counts: Counts,
}

/// What woke the loop.
enum Event {
    Message(Option<Message>),
    Checked(Done),
    Due,
}

impl Server {
    fn run(&mut self) -> Result<(), Stopped> {
        loop {
            self.start_due_check();
            // The next check to start, when the checker is free.
            let due = if self.worker.busy {
                None
            } else {
                self.documents.values().filter_map(|d| d.pending).map(|p| p.due()).min()
            };
            let timer = due.map(at).unwrap_or_else(never);
            let event = select! {
                recv(self.connection.receiver) -> m => Event::Message(m.ok()),
                recv(self.worker.results) -> done => match done {
                    Ok(done) => Event::Checked(done),
                    Err(_) => return Err(Stopped("the checker's thread stopped".to_string())),
                },
                recv(timer) -> _ => Event::Due,
            };
            match event {
                Event::Message(None) => {
                    return Err(Stopped("the client closed the connection without `exit`".to_string()));
                }
                Event::Message(Some(message)) => {
                    if let Some(stop) = self.message(message) {
                        return stop;
                    }
                }
                Event::Checked(done) => self.checked(done),
                Event::Due => {}
            }
        }
    }

    /// Handles one message; `Some` when the server must stop.
    fn message(&mut self, message: Message) -> Option<Result<(), Stopped>> {
        match message {
            Message::Request(request) => {
                match self.connection.handle_shutdown(&request) {
                    Ok(true) => return Some(Ok(())),
                    Ok(false) => {}
                    Err(e) => return Some(Err(Stopped(format!("shutdown: {e}")))),
                }
                let id = request.id.clone();
                // A bug in a handler answers that request with an error; the server stays.
                let response = catch_unwind(AssertUnwindSafe(|| self.request(request))).unwrap_or_else(|_| {
                    Response::new_err(id, ErrorCode::InternalError as i32, "internal error".to_string())
                });
                self.send(response.into());
            }
            Message::Notification(n) if n.method == "exit" => {
                return Some(Err(Stopped("`exit` before `shutdown`".to_string())));
            }
            Message::Notification(n) => {
                let _ = catch_unwind(AssertUnwindSafe(|| self.notification(n)));
            }
            Message::Response(_) => {}
        }
        None
    }

    fn send(&self, message: Message) {
        // The writer takes every message until the server stops, so this cannot fail.
        let _ = self.connection.sender.send(message);
    }

    fn next_generation(&mut self) -> u64 {
        self.generations += 1;
        self.generations
    }

    fn notification(&mut self, n: Notification) {
        let now = Instant::now();
        match n.method.as_str() {
            DidOpenTextDocument::METHOD => {
                let Some(p) = params::<DidOpenTextDocumentParams>(n.params) else { return };
                let generation = self.next_generation();
                let doc = Document::new(
                    p.text_document.uri.clone(),
                    p.text_document.text,
                    p.text_document.version,
                    generation,
                );
                self.documents.insert(p.text_document.uri.clone(), doc);
                self.dependents_changed(&p.text_document.uri, now);
            }
            DidChangeTextDocument::METHOD => {
                let Some(p) = params::<DidChangeTextDocumentParams>(n.params) else { return };
                let uri = p.text_document.uri;
                let generation = self.next_generation();
                let encoding = self.encoding;
                let Some(doc) = self.documents.get_mut(&uri) else { return };
                doc.apply(p.content_changes, p.text_document.version, encoding);
                doc.changed(generation, now);
                self.dependents_changed(&uri, now);
            }
            DidCloseTextDocument::METHOD => {
                let Some(p) = params::<DidCloseTextDocumentParams>(n.params) else { return };
                if self.documents.remove(&p.text_document.uri).is_some() {
                    self.publish(p.text_document.uri.clone(), Vec::new(), None);
                    // Files extending it now read it from disk.
                    self.dependents_changed(&p.text_document.uri, now);
                }
            }
            _ => {}
        }
    }

    /// Marks for checking every open document that extends the one at `uri`.
    fn dependents_changed(&mut self, uri: &Uri, now: Instant) {
        let Some(name) = super::uri::to_path(uri).map(|p| p.display().to_string()) else { return };
        let dependents: Vec<Uri> =
            self.documents.values().filter(|d| d.depends_on.contains(&name)).map(|d| d.uri.clone()).collect();
        for dependent in dependents {
            let generation = self.next_generation();
            if let Some(doc) = self.documents.get_mut(&dependent) {
                doc.changed(generation, now);
            }
        }
    }

    /// Sends the document whose check is most overdue to the checker, if it is free.
    fn start_due_check(&mut self) {
        if self.worker.busy {
            return;
        }
        let now = Instant::now();
        let Some(uri) = self
            .documents
            .values()
            .filter_map(|d| Some((d.pending?.due(), &d.uri)))
            .filter(|(due, _)| *due <= now)
            .min_by_key(|(due, _)| *due)
            .map(|(_, uri)| uri.clone())
        else {
            return;
        };
        // Every open document goes with it: a base open in the editor is read from there.
        let open: Vec<(String, Arc<str>)> = self
            .documents
            .values_mut()
            .filter(|d| d.uri != uri && !d.too_large())
            .map(|d| (d.name(), d.shared_text()))
            .collect();
        let Some(doc) = self.documents.get_mut(&uri) else { return };
        doc.pending = None;
        let job = Job {
            uri,
            generation: doc.generation,
            name: doc.name(),
            text: doc.shared_text(),
            open,
            encoding: self.encoding,
        };
        self.counts.started += 1;
        self.worker.send(job);
    }

    /// A check has finished: its diagnostics are published if the document is as it was checked.
    fn checked(&mut self, done: Done) {
        self.worker.busy = false;
        let Some(doc) = self.documents.get_mut(&done.uri).filter(|d| d.generation == done.generation) else {
            self.counts.superseded += 1;
            return;
        };
        let version = Some(doc.version);
        let diagnostics = match done.outcome {
            Some(outcome) => {
                doc.depends_on = outcome.depends_on;
                if outcome.board.is_some() {
                    doc.board = outcome.board;
                }
                outcome.diagnostics
            }
            // A bug, not the user's: say so once and wait for the next change.
            None => vec![lsp_types::Diagnostic {
                message: "internal error: tabula lsp failed on this text; please report it".to_string(),
                source: Some("tabula".to_string()),
                ..lsp_types::Diagnostic::default()
            }],
        };
        self.counts.published += 1;
        self.publish(done.uri, diagnostics, version);
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
            STATUS_METHOD => Ok(Response::new_ok(id.clone(), serde_json::json!({ "checks": self.counts }))),
            Formatting::METHOD => self.answer::<DocumentFormattingParams, _>(r, |s, p| {
                let doc = s.document(&p.text_document.uri)?;
                // A text that does not parse is left as it is; its diagnostics say why.
                let formatted = crate::format::format(&doc.text).ok()?;
                let edits = if formatted == doc.text {
                    Vec::new()
                } else {
                    vec![TextEdit { range: LineIndex::new(&doc.text, s.encoding).whole(), new_text: formatted }]
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
        Analysis::new(doc, self.encoding, &|path: &Path| self.base_text(path))
    }

    /// The text of a base file: from the editor when it is open there, else from disk — only a
    /// regular file, bounded, as the checker reads it ([`crate::check::read_base`]).
    fn base_text(&self, path: &Path) -> Option<Arc<str>> {
        if let Some(doc) = self.documents.values().find(|d| d.path.as_deref() == Some(path)) {
            return (!doc.too_large()).then(|| Arc::from(doc.text.as_str()));
        }
        crate::check::read_base(path).ok().map(Arc::from)
    }
}

fn params<P: DeserializeOwned>(value: serde_json::Value) -> Option<P> {
    serde_json::from_value(value).ok()
}
