//! `tabula fmt FILE... [--check | --stdout]`: the canonical layout of [`crate::format`].

use std::path::PathBuf;

use clap::Args;

use super::Failure;
use super::output::color_stderr;
use crate::check::read;
use crate::diagnostic::Sources;

#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Game files to format, rewritten in place.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Write nothing: list the files whose layout differs, and exit 1 if there are any.
    #[arg(long, conflicts_with = "stdout")]
    check: bool,
    /// Print the formatted text on stdout instead of rewriting the files.
    #[arg(long)]
    stdout: bool,
}

pub fn run(args: &FmtArgs) -> Result<(), Failure> {
    let mut unusable = Vec::new();
    let mut problems = 0;
    for path in &args.files {
        let mut sources = Sources::new();
        let id = match read(&mut sources, path) {
            Ok(id) => id,
            Err(d) if d.code == crate::codes::IO => {
                unusable.push(d.message);
                continue;
            }
            Err(d) => {
                eprintln!("error: {}", d.message);
                if let Some(h) = &d.help {
                    eprintln!("  help: {h}");
                }
                problems += 1;
                continue;
            }
        };
        let text = sources.get(id).text.clone();
        let formatted = match crate::format::format_source(id, &text) {
            Ok(formatted) => formatted,
            Err(d) => {
                eprint!("{}", sources.render(&d, color_stderr(), 100));
                problems += 1;
                continue;
            }
        };
        if args.stdout {
            print!("{formatted}");
        } else if formatted == *text {
            // Already in the canonical layout.
        } else if args.check {
            println!("{} would be reformatted", path.display());
            problems += 1;
        } else if let Err(e) = crate::files::rewrite(path, formatted.as_bytes()) {
            unusable.push(format!("cannot write `{}`: {e}", path.display()));
        } else {
            println!("formatted {}", path.display());
        }
    }
    for m in &unusable {
        eprintln!("error: {m}");
    }
    if !unusable.is_empty() {
        return Err(Failure::Usage(format!("{} file(s) could not be read or written", unusable.len())));
    }
    if problems > 0 {
        return Err(Failure::Problems(None));
    }
    Ok(())
}
