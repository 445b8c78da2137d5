//! `tabula lsp`: the language server on standard input and output (see [`crate::lsp`]).

use clap::Args;

use super::Failure;

#[derive(Args, Debug)]
pub struct LspArgs {
    /// Talk over standard input and output (the only transport; accepted because editors'
    /// clients pass it).
    #[arg(long)]
    stdio: bool,
}

/// Exit status 0 after `shutdown` then `exit`; 1 otherwise (an `exit` without `shutdown`, as
/// the protocol asks, or a connection that broke).
pub fn run(_args: &LspArgs) -> Result<(), Failure> {
    crate::lsp::serve_stdio().map_err(|why| Failure::Problems(Some(format!("error: lsp: {why}"))))
}
