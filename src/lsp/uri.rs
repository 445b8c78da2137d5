//! `file:` URIs ↔ paths. The protocol names documents by URI; the checker and `extends` work
//! with paths.

use std::path::PathBuf;

use lsp_types::Uri;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};

/// The path of a `file:` URI (`file:///home/a/b%20c.game` → `/home/a/b c.game`); `None` for
/// other schemes.
pub fn to_path(uri: &Uri) -> Option<PathBuf> {
    let rest = uri.as_str().strip_prefix("file://")?;
    // `file://localhost/x` and `file:///x` both name `/x`.
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    let decoded = percent_decode_str(path).decode_utf8().ok()?;
    Some(PathBuf::from(decoded.into_owned()))
}

/// Characters written as they are in a path component of a URI.
const KEEP: &AsciiSet = &NON_ALPHANUMERIC.remove(b'/').remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// The `file:` URI of an absolute path.
pub fn from_path(path: &std::path::Path) -> Option<Uri> {
    let path = path.to_str()?;
    if !path.starts_with('/') {
        return None;
    }
    format!("file://{}", utf8_percent_encode(path, KEEP)).parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let path = std::path::Path::new("/tmp/jeu é/a b.game");
        let uri = from_path(path).unwrap();
        assert_eq!(uri.as_str(), "file:///tmp/jeu%20%C3%A9/a%20b.game");
        assert_eq!(to_path(&uri).as_deref(), Some(path));
        assert_eq!(to_path(&"untitled:Untitled-1".parse().unwrap()), None);
    }
}
