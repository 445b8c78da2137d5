//! The protocol's framing on standard input and output, read with bounds.
//!
//! Each message is a header — lines `Name: value`, each ended by `\r\n`, then an empty line —
//! and a body of exactly `Content-Length` bytes of JSON. The client is trusted with none of
//! it: the header is read at most [`MAX_HEADER_BYTES`] at a time, an announced length is
//! compared with [`MAX_MESSAGE_BYTES`] before a byte of the body is read, and the body grows
//! only as its bytes arrive, so a lying `Content-Length` costs nothing. A framing error leaves
//! no way to find the next message, so the server stops, and says why
//! ([`Transport::finish`]). A body that is framed well but is not a JSON-RPC message is
//! reported on standard error and skipped: the next message is still found.
//!
//! Messages go to and from the rest of the server as [`lsp_server::Message`]s over the
//! channels of an [`lsp_server::Connection`], one thread reading and one writing.

use std::io::{self, BufRead, Read, Write};
use std::time::Duration;

use crossbeam_channel::{Receiver, Sender, bounded, unbounded};
use lsp_server::{Connection, Message};

/// The largest message body accepted: far above any game file (limited to 4 MiB, which JSON
/// escaping can at most make six times larger) and far below what would strain the machine.
pub const MAX_MESSAGE_BYTES: usize = 64 << 20;

/// The largest message header accepted. Headers hold one or two short fields; nginx's limit
/// on an HTTP request line is the same.
pub const MAX_HEADER_BYTES: usize = 8 << 10;

/// How long the server waits, when it stops, for its last messages to be written.
const FLUSH_WAIT: Duration = Duration::from_secs(5);

/// Why the client's input could not be read as messages.
#[derive(Debug, thiserror::Error)]
pub enum FramingError {
    #[error("a message header is longer than {MAX_HEADER_BYTES} bytes")]
    HeaderTooLong,
    #[error("the message header line {0:?} is not `Name: value`")]
    MalformedHeader(String),
    #[error("a message header has no `Content-Length`")]
    MissingLength,
    #[error("the message header `Content-Length: {0}` is not a number of bytes")]
    BadLength(String),
    #[error("a message header has two different `Content-Length`s, {0} and {1}")]
    ConflictingLengths(u64, u64),
    #[error(
        "a message of {0} bytes is announced; messages are limited to {MAX_MESSAGE_BYTES} bytes (64 MiB, docs/LIMITS.md)"
    )]
    TooLarge(u64),
    #[error("the input ended in the middle of a message header")]
    EndInHeader,
    #[error("the input ended after {read} of the {announced} bytes of a message")]
    EndInBody { read: u64, announced: u64 },
    #[error("reading standard input: {0}")]
    Io(#[from] io::Error),
}

/// Reads the body of the next message; `None` when the input ends between messages.
pub fn read_message(input: &mut impl BufRead) -> Result<Option<Vec<u8>>, FramingError> {
    let mut length: Option<u64> = None;
    let mut header_bytes = 0usize;
    let mut line = Vec::new();
    loop {
        line.clear();
        let allowed = (MAX_HEADER_BYTES - header_bytes) as u64;
        let n = input.by_ref().take(allowed).read_until(b'\n', &mut line)?;
        header_bytes += n;
        if n == 0 && header_bytes == 0 {
            return Ok(None);
        }
        if line.last() != Some(&b'\n') {
            return Err(if header_bytes >= MAX_HEADER_BYTES {
                FramingError::HeaderTooLong
            } else {
                FramingError::EndInHeader
            });
        }
        // The protocol ends lines with `\r\n`; a bare `\n` is taken too, as HTTP servers do.
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        if line.is_empty() {
            break;
        }
        let text = String::from_utf8_lossy(&line);
        let Some((name, value)) = text.split_once(':') else {
            return Err(FramingError::MalformedHeader(text.into_owned()));
        };
        // Other fields (`Content-Type`) say nothing the server needs.
        if name.trim().eq_ignore_ascii_case("Content-Length") {
            let value = value.trim();
            let n = parse_length(value)?;
            if let Some(previous) = length.filter(|&p| p != n) {
                return Err(FramingError::ConflictingLengths(previous, n));
            }
            length = Some(n);
        }
    }
    let announced = length.ok_or(FramingError::MissingLength)?;
    if announced > MAX_MESSAGE_BYTES as u64 {
        return Err(FramingError::TooLarge(announced));
    }
    let mut body = Vec::new();
    let read = input.take(announced).read_to_end(&mut body)? as u64;
    if read < announced {
        return Err(FramingError::EndInBody { read, announced });
    }
    Ok(Some(body))
}

/// A length: decimal digits only. One too large for 64 bits is still a length, too large.
fn parse_length(value: &str) -> Result<u64, FramingError> {
    if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
        return Err(FramingError::BadLength(value.chars().take(40).collect()));
    }
    Ok(value.parse::<u64>().unwrap_or(u64::MAX))
}

/// A body as a message, or why it is not one.
fn decode(body: &[u8]) -> Result<Message, String> {
    serde_json::from_slice(body).map_err(|e| format!("a message that is not JSON-RPC ({e})"))
}

/// Reads messages until the input ends, `exit` has been read, or the framing breaks; a
/// message the server cannot use is reported and skipped.
fn read_messages(mut input: impl BufRead, to_server: &Sender<Message>) -> Result<(), FramingError> {
    while let Some(body) = read_message(&mut input)? {
        let message = match decode(&body) {
            Ok(message) => message,
            Err(why) => {
                eprintln!("tabula lsp: ignored {why}");
                continue;
            }
        };
        let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
        if to_server.send(message).is_err() || exit {
            break;
        }
    }
    Ok(())
}

/// The threads that read standard input and write standard output.
pub struct Transport {
    /// The reader's framing error, sent before the reader lets go of the server's channel.
    failed: Receiver<FramingError>,
    /// Closed when the writer has written everything and stopped.
    written: Receiver<()>,
}

/// A connection on standard input and output.
pub fn stdio() -> io::Result<(Connection, Transport)> {
    let (to_server, receiver) = unbounded();
    let (sender, from_server) = unbounded::<Message>();
    let (fail, failed) = bounded(1);
    let (done_writing, written) = bounded::<()>(0);
    std::thread::Builder::new().name("tabula-lsp-read".to_string()).spawn(move || {
        let stdin = io::stdin();
        // The channel to the server closes when this thread ends, after the framing error is
        // sent: a server that finds its input gone then finds the reason too.
        if let Err(e) = read_messages(stdin.lock(), &to_server) {
            let _ = fail.send(e);
        }
        drop(to_server);
    })?;
    std::thread::Builder::new().name("tabula-lsp-write".to_string()).spawn(move || {
        let _done = done_writing;
        let stdout = io::stdout();
        let mut out = stdout.lock();
        let mut broken = false;
        // Everything sent is taken, even once the output is broken, so that no sender blocks
        // or fails; the loop ends when the server lets go of its sender.
        for message in from_server {
            if !broken {
                broken = message.write(&mut out).and_then(|()| out.flush()).is_err();
            }
        }
    })?;
    Ok((Connection { sender, receiver }, Transport { failed, written }))
}

impl Transport {
    /// After the server has stopped (and dropped its connection): waits a while for the last
    /// messages to be written, and gives the real reason for a stop that `result` may
    /// misname — the client "closed the connection" when its input could not be read.
    pub fn finish(self, result: Result<(), String>) -> Result<(), String> {
        let _ = self.written.recv_timeout(FLUSH_WAIT);
        match (result, self.failed.try_recv()) {
            (Err(_), Ok(framing)) => Err(format!("unreadable input from the client: {framing}")),
            (result, _) => result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8]) -> Result<Option<Vec<u8>>, FramingError> {
        read_message(&mut io::BufReader::new(input))
    }

    fn error(input: &[u8]) -> String {
        read(input).expect_err("a framing error").to_string()
    }

    #[test]
    fn well_framed_messages() {
        let mut input = io::BufReader::new(
            &b"Content-Length: 2\r\n\r\n{}content-length:3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]"[..],
        );
        assert_eq!(read_message(&mut input).unwrap(), Some(b"{}".to_vec()));
        assert_eq!(read_message(&mut input).unwrap(), Some(b"[1]".to_vec()));
        assert_eq!(read_message(&mut input).unwrap(), None);
        assert_eq!(read(b"Content-Length: 1\n\nx").unwrap(), Some(b"x".to_vec()), "bare newlines");
    }

    #[test]
    fn malformed_headers_are_named() {
        assert_eq!(
            error(b"Content-Length: abc\r\n\r\n{}"),
            "the message header `Content-Length: abc` is not a number of bytes"
        );
        assert_eq!(
            error(b"Content-Length: -1\r\n\r\n"),
            "the message header `Content-Length: -1` is not a number of bytes"
        );
        assert_eq!(
            error(b"Content-Length: \r\n\r\n"),
            "the message header `Content-Length: ` is not a number of bytes"
        );
        assert_eq!(error(b"Content-Type: x\r\n\r\n{}"), "a message header has no `Content-Length`");
        assert_eq!(error(b"hello\r\n\r\n{}"), "the message header line \"hello\" is not `Name: value`");
        assert_eq!(error(b"{\"jsonrpc\": \"2.0\"}\r\n\r\n"), "a message header has no `Content-Length`");
        assert_eq!(
            error(b"Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}"),
            "a message header has two different `Content-Length`s, 2 and 3"
        );
        assert_eq!(error(b"Content-Length: 2\r\n"), "the input ended in the middle of a message header");
        assert_eq!(error(b"Content-Length: 10\r\n\r\n{}"), "the input ended after 2 of the 10 bytes of a message");
    }

    #[test]
    fn sizes_are_bounded_before_reading() {
        // 1.5 GB announced, nothing sent: refused at once, nothing allocated.
        assert_eq!(
            error(b"Content-Length: 1500000000\r\n\r\n"),
            "a message of 1500000000 bytes is announced; messages are limited to 67108864 bytes (64 MiB, docs/LIMITS.md)"
        );
        assert!(
            error(b"Content-Length: 99999999999999999999999\r\n\r\n")
                .starts_with("a message of 18446744073709551615 bytes")
        );
        let endless = vec![b'x'; MAX_HEADER_BYTES * 3];
        assert_eq!(error(&endless), format!("a message header is longer than {MAX_HEADER_BYTES} bytes"));
        let many = "X-Padding: 0123456789\r\n".repeat(MAX_HEADER_BYTES / 10);
        assert_eq!(error(many.as_bytes()), format!("a message header is longer than {MAX_HEADER_BYTES} bytes"));
        let exactly = format!("Content-Length: {MAX_MESSAGE_BYTES}\r\n\r\n");
        assert!(error(exactly.as_bytes()).starts_with("the input ended after 0 of the 67108864 bytes"));
    }
}
