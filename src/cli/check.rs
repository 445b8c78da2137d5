//! `tabula check FILE...`

use std::path::PathBuf;

use clap::Args;

use super::Failure;
use super::output::{print_diagnostics, print_json};
use crate::check::{check_all_variants, read};
use crate::diagnostic::{Severity, Sources};

#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Game files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Print the diagnostics as one JSON object on stdout.
    #[arg(long)]
    json: bool,
    /// Treat warnings as errors.
    #[arg(long)]
    deny_warnings: bool,
}

pub fn run(args: &CheckArgs) -> Result<(), Failure> {
    let mut unreadable = Vec::new();
    let mut failed = 0;
    let mut reports = Vec::new();
    for path in &args.files {
        let mut sources = Sources::new();
        let (diagnostics, summary) = match read(&mut sources, path) {
            Ok(id) => {
                let checked = check_all_variants(&mut sources, id);
                let game = checked.game.as_ref().map(|g| g.name.clone());
                (checked.diagnostics, game)
            }
            Err(d) => {
                if d.code == crate::codes::IO {
                    unreadable.push(d.message.clone());
                    if args.json {
                        reports.push(serde_json::json!({
                            "file": path.display().to_string(), "valid": false,
                            "diagnostics": [{"severity": "error", "code": d.code, "message": d.message}],
                        }));
                    }
                    continue;
                }
                (vec![d], None)
            }
        };
        let errors = diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
        let warnings = diagnostics.len() - errors;
        let valid = errors == 0 && !(args.deny_warnings && warnings > 0);
        if !valid {
            failed += 1;
        }
        if args.json {
            let list: Vec<serde_json::Value> = diagnostics
                .iter()
                .map(|d| {
                    if d.labels.is_empty() {
                        serde_json::json!({"severity": d.severity, "code": d.code, "message": d.message, "help": d.help})
                    } else {
                        sources.to_json(d)
                    }
                })
                .collect();
            reports.push(serde_json::json!({
                "file": path.display().to_string(), "valid": valid, "game": summary, "diagnostics": list,
            }));
            continue;
        }
        print_diagnostics_or_plain(&sources, &diagnostics);
        let counts = plural(errors, "error")
            + &if warnings > 0 { format!(", {}", plural(warnings, "warning")) } else { String::new() };
        if valid && warnings == 0 {
            println!("{}: ok ({})", path.display(), summary.unwrap_or_default());
        } else if valid {
            println!("{}: ok ({}), {}", path.display(), summary.unwrap_or_default(), plural(warnings, "warning"));
        } else {
            eprintln!("{}: {counts}", path.display());
        }
    }
    if args.json {
        print_json(&serde_json::json!({ "files": reports }));
    } else {
        for m in &unreadable {
            eprintln!("error: {m}");
        }
    }
    if !unreadable.is_empty() {
        return Err(Failure::Usage(format!("{} file(s) could not be read", unreadable.len())));
    }
    if failed > 0 {
        return Err(Failure::Problems(None));
    }
    Ok(())
}

fn print_diagnostics_or_plain(sources: &Sources, diagnostics: &[crate::diagnostic::Diagnostic]) {
    let shown = super::output::SHOWN;
    if diagnostics.len() > shown {
        print_diagnostics(sources, diagnostics);
        return;
    }
    for d in diagnostics {
        if d.labels.is_empty() {
            eprintln!("{}[{}]: {}", if d.is_error() { "error" } else { "warning" }, d.code, d.message);
            if let Some(h) = &d.help {
                eprintln!("  help: {h}");
            }
        } else {
            print_diagnostics(sources, std::slice::from_ref(d));
        }
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}
