//! What a file and the files it `extends` declare: options, defines, variants, regions,
//! counters, allowances and phases, with where each is declared. Read with the forgiving
//! [`tree`](super::tree), so that it is there while the file is being typed.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::tree::{self, Form};

/// How many files a chain of `extends` may hold (as the checker allows).
const MAX_CHAIN: usize = 16;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Option,
    Define,
    Variant,
    Region,
    Counter,
    Allowance,
    Phase,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Option => "option",
            Kind::Define => "define",
            Kind::Variant => "variant",
            Kind::Region => "region",
            Kind::Counter => "counter",
            Kind::Allowance => "allowance",
            Kind::Phase => "phase",
        }
    }

    fn from_head(head: &str) -> Option<Kind> {
        Some(match head {
            "option" => Kind::Option,
            "define" => Kind::Define,
            "variant" => Kind::Variant,
            "region" => Kind::Region,
            "counter" => Kind::Counter,
            "allowance" => Kind::Allowance,
            "phase" => Kind::Phase,
            _ => return None,
        })
    }
}

/// One declaration.
#[derive(Debug, Clone)]
pub struct Declaration {
    pub kind: Kind,
    pub name: String,
    /// Byte span of the name, and of the whole declaring form.
    pub name_span: (usize, usize),
    pub form_span: (usize, usize),
    /// Index into [`Index::files`].
    pub file: usize,
    /// The variant it is declared in, for a declaration inside `(variant ...)`.
    pub variant: Option<String>,
}

/// A file of the chain.
#[derive(Debug, Clone)]
pub struct File {
    /// `None` for a document that is not a file on disk (an unsaved buffer).
    pub path: Option<PathBuf>,
    pub text: Arc<str>,
}

/// The declarations of a file and of the files it builds on; the file itself is `files[0]`,
/// its base `files[1]`, and so on.
#[derive(Debug, Clone, Default)]
pub struct Index {
    pub files: Vec<File>,
    pub declarations: Vec<Declaration>,
    /// The `(extends "...")` string of the file, and the base it names (resolved against the
    /// file's directory).
    pub extends: Option<((usize, usize), PathBuf)>,
}

impl Index {
    /// Reads the chain starting at `text` (the file at `path`); `load` gives the text of a base
    /// file (from the editor if it is open there, else from disk).
    pub fn build(path: Option<&Path>, text: Arc<str>, load: &dyn Fn(&Path) -> Option<Arc<str>>) -> Index {
        let mut index = Index::default();
        let mut current = Some((path.map(Path::to_path_buf), text));
        while let Some((path, text)) = current.take() {
            if index.files.len() >= MAX_CHAIN {
                break;
            }
            let file = index.files.len();
            let forms = tree::forms(&text);
            let game = forms.iter().find(|f| f.head(&text) == Some("game"));
            let mut base = None;
            if let Some(game) = game {
                for section in game.items().iter().skip(1) {
                    index.read_section(section, &text, file, None);
                    if section.head(&text) == Some("extends") {
                        if let (Some(target), Some(p)) = (section.items().get(1), &path) {
                            let relative = target.name(&text).unwrap_or_default();
                            let resolved = p.parent().unwrap_or(Path::new("")).join(relative);
                            if file == 0 {
                                index.extends = Some((target.span(), resolved.clone()));
                            }
                            base = Some(resolved);
                        }
                    }
                }
            }
            index.files.push(File { path: path.clone(), text });
            current = base.filter(|b| !index.files.iter().any(|f| f.path.as_ref() == Some(b))).and_then(|b| {
                let text = load(&b)?;
                Some((Some(b), text))
            });
        }
        index
    }

    fn read_section(&mut self, section: &Form, text: &str, file: usize, variant: Option<&str>) {
        let Some(head) = section.head(text) else { return };
        match head {
            "play" => {
                for phase in section.items().iter().skip(1) {
                    if phase.head(text) == Some("phase") {
                        self.declare(Kind::Phase, phase, text, file, variant);
                    }
                }
            }
            _ => {
                let Some(kind) = Kind::from_head(head) else { return };
                let name = self.declare(kind, section, text, file, variant);
                if kind == Kind::Variant && variant.is_none() {
                    if let Some(name) = name {
                        for inner in section.items().iter().skip(2) {
                            self.read_section(inner, text, file, Some(&name));
                        }
                    }
                }
            }
        }
    }

    fn declare(&mut self, kind: Kind, form: &Form, text: &str, file: usize, variant: Option<&str>) -> Option<String> {
        let mut name_form = form.items().get(1)?;
        // A define with parameters: `(define (NAME PARAMETER...) VALUE)`.
        if kind == Kind::Define && matches!(name_form, Form::List { .. }) {
            name_form = name_form.items().first()?;
        }
        let name = name_form.name(text)?.to_string();
        self.declarations.push(Declaration {
            kind,
            name: name.clone(),
            name_span: name_form.span(),
            form_span: form.span(),
            file,
            variant: variant.map(str::to_string),
        });
        Some(name)
    }

    /// The declarations of a name, from the nearest file of the chain that declares it (a game
    /// that extends another replaces the base's declaration of the same name).
    pub fn lookup(&self, name: &str, kinds: &[Kind]) -> Vec<&Declaration> {
        let matching = |d: &&Declaration| d.name == name && kinds.contains(&d.kind);
        let Some(nearest) = self.declarations.iter().filter(matching).map(|d| d.file).min() else { return Vec::new() };
        self.declarations.iter().filter(matching).filter(|d| d.file == nearest).collect()
    }

    /// Every name declared, nearest file first, each once.
    pub fn names(&self) -> Vec<&Declaration> {
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<&Declaration> = self.declarations.iter().collect();
        out.sort_by_key(|d| d.file);
        out.retain(|d| seen.insert((d.kind.word(), d.name.clone())));
        out
    }
}

/// Kinds of names that are written as words in rules.
pub const WORD_KINDS: &[Kind] = &[Kind::Option, Kind::Define, Kind::Region, Kind::Counter, Kind::Allowance];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declarations_of_a_file_and_its_base() {
        let base: Arc<str> = "(game \"B\" (define d 1) (region r (sites a1)) (counter c))".into();
        let text: Arc<str> = "(game \"E\" (extends \"base.game\") (define d 2)\n (variant \"V\" (define e 3))\n (play (phase \"p\" (turn x))))".into();
        let loaded = base.clone();
        let index = Index::build(Some(Path::new("/g/e.game")), text, &move |p| {
            (p == Path::new("/g/base.game")).then(|| loaded.clone())
        });
        assert_eq!(index.files.len(), 2);
        assert_eq!(index.extends.as_ref().map(|e| e.1.clone()), Some(PathBuf::from("/g/base.game")));
        let d = index.lookup("d", WORD_KINDS);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].file, 0, "the extending file's define replaces the base's");
        assert_eq!(index.lookup("r", WORD_KINDS)[0].file, 1);
        let e = index.lookup("e", WORD_KINDS);
        assert_eq!(e[0].variant.as_deref(), Some("V"));
        assert_eq!(index.lookup("p", &[Kind::Phase]).len(), 1);
        assert_eq!(index.lookup("V", &[Kind::Variant]).len(), 1);
    }

    #[test]
    fn a_define_with_parameters_is_declared_by_its_name() {
        let text: Arc<str> = "(game \"G\" (define (five-along R) (line 5 R last)))".into();
        let index = Index::build(None, text.clone(), &|_| None);
        let d = index.lookup("five-along", WORD_KINDS);
        assert_eq!(d.len(), 1);
        assert_eq!(&text[d[0].name_span.0..d[0].name_span.1], "five-along");
        assert!(index.lookup("R", WORD_KINDS).is_empty(), "a parameter is no declaration of the file");
    }

    #[test]
    fn a_file_that_extends_itself_stops() {
        let text: Arc<str> = "(game \"E\" (extends \"e.game\"))".into();
        let again = text.clone();
        let index = Index::build(Some(Path::new("/g/e.game")), text, &move |_| Some(again.clone()));
        assert_eq!(index.files.len(), 1);
    }
}
