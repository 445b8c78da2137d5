//! `tabula lsp`: a Language Server Protocol server, so that any editor shows the checker's
//! diagnostics as a game file is typed, explains ludemes on hover, completes names, jumps to
//! declarations and formats with `tabula fmt`.
//!
//! The server is a client of the real checker ([`crate::check`]) and formatter
//! ([`crate::format`]); what it adds is the protocol: the framing, read with bounds
//! ([`transport`]), positions in the negotiated encoding ([`position`]), the open documents
//! ([`document`]), checks run off the message loop on the latest text ([`checking`]), and a
//! forgiving reading of half-typed text ([`tree`], [`index`]) for the requests that must work
//! while the file does not parse.
//!
//! Modules, one per concern: [`diagnostics`], [`hover`] (with [`docs`], the entries of
//! `docs/LANGUAGE.md`), [`completion`], [`definition`], [`symbols`]; [`server`] is the loop.

pub mod checking;
pub mod completion;
pub mod definition;
pub mod diagnostics;
pub mod docs;
pub mod document;
pub mod hover;
pub mod index;
pub mod position;
pub mod server;
pub mod symbols;
pub mod transport;
pub mod tree;
pub mod uri;

/// Serves one client on standard input and output until it exits.
pub fn serve_stdio() -> Result<(), String> {
    let (connection, transport) = transport::stdio().map_err(|e| format!("starting: {e}"))?;
    let result = server::serve(connection).map_err(|server::Stopped(why)| why);
    transport.finish(result)
}
