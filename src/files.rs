//! Reading and writing the user's files without harming them.
//!
//! Writes go through [`write`]: a regular file is replaced atomically (a temporary file beside
//! it, flushed, renamed over it) so that a crash never leaves it half-written, but only when
//! that replacement is invisible to the user — the renamed file keeps the old one's mode and
//! owner, a symbolic link is followed so the link stays a link, and anything that is not a
//! plain file (`/dev/null`, a terminal, a FIFO) or is hard-linked elsewhere is written in place,
//! because renaming over it would destroy it. A directory is refused.
//!
//! An output never replaces a file this process has read as input (`render --out` given the
//! rule file it draws once replaced it), nor a write-protected file (no write permission bit:
//! refused even to root, as `rm` asks before removing one); [`rewrite`] is for the one command
//! meant to replace its input, `tabula fmt`.
//!
//! Reads go through [`read_limited`], which refuses input above a size limit *before* reading
//! it: from the file's size when it has one, and otherwise (FIFOs, devices, `/dev/zero`) by
//! reading at most one byte more than the limit.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// Symbolic links followed at most, as the kernel does (`ELOOP` beyond).
const MAX_LINKS: usize = 40;

/// Why [`read_limited`] gave up.
#[derive(Debug)]
pub enum ReadError {
    /// The file could not be opened or read.
    Io(io::Error),
    /// The input is larger than the limit; `size` is its size when known before reading.
    TooLarge { size: Option<u64>, limit: usize },
}

impl std::fmt::Display for ReadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReadError::Io(e) => write!(f, "{e}"),
            ReadError::TooLarge { size: Some(size), limit } => {
                write!(f, "it is {size} bytes, more than the limit of {limit} bytes")
            }
            ReadError::TooLarge { size: None, limit } => write!(f, "it holds more than the limit of {limit} bytes"),
        }
    }
}

/// The (device, inode) of every regular file read through [`read_limited`], which
/// [`write`] will not replace.
static INPUTS: std::sync::Mutex<Vec<(u64, u64)>> = std::sync::Mutex::new(Vec::new());

fn remember_input(meta: &std::fs::Metadata) {
    let mut inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    if !inputs.contains(&(meta.dev(), meta.ino())) {
        inputs.push((meta.dev(), meta.ino()));
    }
}

fn is_input(meta: &std::fs::Metadata) -> bool {
    INPUTS.lock().unwrap_or_else(|e| e.into_inner()).contains(&(meta.dev(), meta.ino()))
}

/// Lets this process write over `path` although it read it: `play --resume game.rec --record
/// game.rec` continues the record it resumed.
pub fn release_input(path: &Path) {
    if let Ok(meta) = std::fs::metadata(path) {
        INPUTS.lock().unwrap_or_else(|e| e.into_inner()).retain(|&k| k != (meta.dev(), meta.ino()));
    }
}

/// An advisory lock (`flock`) on `.NAME.lock` beside a file a command writes for as long as it
/// runs (a game's record, rewritten after every turn): a second command that would write the
/// same file is refused at its start, instead of both running and one game being lost. The
/// kernel releases the lock when the process ends, however it ends, so a crash leaves no lock
/// to remove by hand; the lock file is removed when the lock is dropped.
#[derive(Debug)]
pub struct Lock {
    /// Held open for its `flock`, which closing releases.
    _file: File,
    path: PathBuf,
}

impl Lock {
    /// Locks the file `path` will be written to; `Ok(None)` when it is not a plain file (a
    /// device, a FIFO), which has nothing to lose.
    pub fn beside(path: &Path) -> io::Result<Option<Lock>> {
        let target = resolve(path)?;
        if std::fs::metadata(&target).is_ok_and(|m| !m.is_file()) {
            return Ok(None);
        }
        let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
        let lock = dir.join(format!(".{name}.lock"));
        let file = OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&lock)?;
        use std::os::fd::AsRawFd;
        // SAFETY: flock on a descriptor this function owns.
        if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
            let e = io::Error::last_os_error();
            return Err(if e.kind() == io::ErrorKind::WouldBlock {
                io::Error::new(io::ErrorKind::WouldBlock, "another tabula command is writing it now")
            } else {
                e
            });
        }
        Ok(Some(Lock { _file: file, path: lock }))
    }
}

impl Drop for Lock {
    /// Removes the lock file; the lock goes with `_file`, closed after this.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Reads the whole of `path`, refusing it if it holds more than `limit` bytes. A regular file
/// is judged by its size before any byte is read; anything else (a FIFO, a device) is read up
/// to `limit + 1` bytes at most.
pub fn read_limited(path: &Path, limit: usize) -> Result<Vec<u8>, ReadError> {
    let file = File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Io(io::Error::new(io::ErrorKind::IsADirectory, "is a directory")));
    }
    if meta.is_file() && meta.len() > limit as u64 {
        return Err(ReadError::TooLarge { size: Some(meta.len()), limit });
    }
    if meta.is_file() {
        remember_input(&meta);
    }
    let mut bytes = Vec::new();
    file.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(ReadError::Io)?;
    if bytes.len() > limit {
        return Err(ReadError::TooLarge { size: None, limit });
    }
    Ok(bytes)
}

/// What a file that is not a regular file is ("a FIFO or pipe", "a directory"), for the
/// readers that open only regular files; `None` for a regular file.
pub fn special_kind(meta: &std::fs::Metadata) -> Option<&'static str> {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    Some(if t.is_file() {
        return None;
    } else if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO or pipe"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "a special file"
    })
}

/// Text as the parsers expect it: without a leading UTF-8 byte order mark, and with old Mac
/// line endings (a lone carriage return) turned into newlines. `\r\n` is left alone; the
/// parsers treat it as a line end already.
pub fn normalize_text(text: &str) -> std::borrow::Cow<'_, str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let lone_cr =
        text.as_bytes().iter().enumerate().any(|(i, &b)| b == b'\r' && text.as_bytes().get(i + 1) != Some(&b'\n'));
    if !lone_cr {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\r', "\n"))
}

/// Where a write to `path` lands: the end of its chain of symbolic links (the link itself is
/// kept). A dangling link resolves to the path it names, which is then created.
pub fn resolve(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&current)?;
                current = match current.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(io::Error::other(format!("more than {MAX_LINKS} symbolic links")))
}

/// Writes `bytes` to `path` as described in the module documentation.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_to(&resolve(path)?, bytes, false)
}

/// Writes `bytes` to `path` even if this process read it (`tabula fmt` rewriting a file in
/// its canonical layout); otherwise as [`write`].
pub fn rewrite(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_to(&resolve(path)?, bytes, true)
}

/// Writes to `target`, the end of the path's links; over one of this process's inputs only
/// when `over_input`.
fn write_to(target: &Path, bytes: &[u8], over_input: bool) -> io::Result<()> {
    match std::fs::metadata(target) {
        Ok(meta) if meta.is_file() && !over_input && is_input(&meta) => Err(io::Error::new(
            io::ErrorKind::AlreadyExists,
            "it is a file this command reads; choose another name for the output",
        )),
        Ok(meta) if meta.is_file() && meta.permissions().mode() & 0o222 == 0 => {
            Err(io::Error::new(io::ErrorKind::PermissionDenied, "the file is write-protected"))
        }
        Ok(meta) if meta.is_dir() => Err(io::Error::new(io::ErrorKind::IsADirectory, "is a directory")),
        // Devices, FIFOs and sockets are written to, never replaced; so is a file with other
        // names, which a rename would split from them.
        Ok(meta) if !meta.is_file() => write_in_place(target, bytes, false),
        Ok(meta) if meta.nlink() > 1 => write_in_place(target, bytes, true),
        Ok(meta) => replace(target, bytes, Some(&meta)),
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(target, bytes, None),
        Err(e) => Err(e),
    }
}

fn write_in_place(target: &Path, bytes: &[u8], truncate: bool) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).truncate(truncate).open(target)?;
    file.write_all(bytes)?;
    file.flush()
}

/// Writes a temporary file beside `target`, gives it the old file's mode and owner, flushes
/// it and renames it over `target`.
fn replace(target: &Path, bytes: &[u8], old: Option<&std::fs::Metadata>) -> io::Result<()> {
    let dir = target.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let name = target.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "file".into());
    // A fresh name (never an existing file or a planted link), tried a few times.
    let (mut file, temp) = (0..100)
        .find_map(|n| {
            let temp = dir.join(format!(".{name}.{}.{n}.tmp", std::process::id()));
            match OpenOptions::new().write(true).create_new(true).open(&temp) {
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => None,
                other => Some(other.map(|f| (f, temp))),
            }
        })
        .unwrap_or_else(|| Err(io::Error::other("cannot create a temporary file")))?;
    let result = (|| {
        if let Some(old) = old {
            file.set_permissions(std::fs::Permissions::from_mode(old.mode() & 0o7777))?;
            if old.uid() != file.metadata()?.uid() || old.gid() != file.metadata()?.gid() {
                // Only root may give a file away; otherwise the new file stays the writer's.
                let _ = std::os::unix::fs::fchown(&file, Some(old.uid()), Some(old.gid()));
                file.set_permissions(std::fs::Permissions::from_mode(old.mode() & 0o7777))?;
            }
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&temp, target)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_order_mark_and_lone_carriage_returns() {
        assert_eq!(normalize_text("\u{feff}a\rb\r\nc\n"), "a\nb\nc\n");
        assert_eq!(normalize_text("a\r\nb"), "a\r\nb");
        assert!(matches!(normalize_text("plain\n"), std::borrow::Cow::Borrowed(_)));
    }
}
