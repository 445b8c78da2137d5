//! Progress of the long runs (`playout`, `match`, `analyze`) on stderr.
//!
//! The rule: at a terminal, a bar redrawn in place, as always. Anywhere else (a pipe, a log
//! file, CI) a redrawn bar would be noise, so nothing is shown unless `--progress` asks; then
//! plain lines, each complete and never redrawn, which read well in a log:
//!
//! ```text
//! progress: 128/1000 games (12%) after 0.4 s, about 2.9 s left
//! ```
//!
//! A line is printed each time another tenth of the games is done, and also when games finish
//! a minute or more after the last line (a tenth of a long run can take hours), so a long run
//! is not silent for long while its games finish.
//! Games are counted as they finish, in the order they finish when threads play them.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// With `--progress` and no terminal, a game that finishes this long after the last line gets
/// a line of its own.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// Shows how far a run of `total` games has come.
pub struct Progress {
    total: u64,
    start: Instant,
    bar: Option<indicatif::ProgressBar>,
    lines: Option<Mutex<Lines>>,
}

/// What the plain lines have said so far.
struct Lines {
    done: u64,
    /// The tenths of the run reported so far (0 to 10).
    tenths: u64,
    last_line: Instant,
}

impl Progress {
    /// A bar at a terminal; plain lines elsewhere if `asked` (`--progress`); else nothing.
    pub fn new(total: u64, asked: bool) -> Progress {
        let terminal = std::io::stderr().is_terminal();
        Progress::with(total, terminal, asked)
    }

    fn with(total: u64, terminal: bool, asked: bool) -> Progress {
        let start = Instant::now();
        let mut progress = Progress { total, start, bar: None, lines: None };
        if terminal {
            if total >= 2 {
                let bar = indicatif::ProgressBar::new(total);
                if let Ok(style) =
                    indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} (eta {eta})")
                {
                    bar.set_style(style);
                }
                progress.bar = Some(bar);
            }
        } else if asked {
            progress.lines = Some(Mutex::new(Lines { done: 0, tenths: 0, last_line: start }));
        }
        progress
    }

    /// Counts `games` more finished games.
    pub fn add(&self, games: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(games);
        }
        let Some(lines) = &self.lines else { return };
        let Ok(mut lines) = lines.lock() else { return };
        lines.done = (lines.done + games).min(self.total);
        let tenths = (lines.done.saturating_mul(10)) / self.total.max(1);
        let now = Instant::now();
        if tenths > lines.tenths || now.duration_since(lines.last_line) >= HEARTBEAT {
            lines.tenths = tenths;
            lines.last_line = now;
            let line = self.line(lines.done, now.duration_since(self.start));
            // Written under the lock, so lines come in the order of their counts.
            let _ = writeln!(std::io::stderr().lock(), "{line}");
        }
    }

    /// `progress: 128/1000 games (12%) after 0.4 s, about 2.9 s left`.
    fn line(&self, done: u64, elapsed: Duration) -> String {
        let total = self.total.max(1);
        let secs = elapsed.as_secs_f64();
        let mut line = format!("progress: {done}/{} games ({}%) after {}", self.total, done * 100 / total, span(secs));
        if done > 0 && done < self.total {
            let left = secs * (self.total - done) as f64 / done as f64;
            line.push_str(&format!(", about {} left", span(left)));
        }
        line
    }

    /// Clears the bar; the lines stay, as a log keeps them.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A duration for people: `0.4 s`, `12 s`, `3 min 05 s`, `2 h 07 min`.
fn span(secs: f64) -> String {
    let s = secs.max(0.0);
    if s < 10.0 {
        format!("{s:.1} s")
    } else if s < 60.0 {
        format!("{s:.0} s")
    } else if s < 3600.0 {
        let whole = s.round() as u64;
        format!("{} min {:02} s", whole / 60, whole % 60)
    } else {
        let minutes = (s / 60.0).round() as u64;
        format!("{} h {:02} min", minutes / 60, minutes % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_say_the_count_the_share_and_the_time_left() {
        let p = Progress::with(1000, false, true);
        assert_eq!(
            p.line(128, Duration::from_millis(400)),
            "progress: 128/1000 games (12%) after 0.4 s, about 2.7 s left"
        );
        assert_eq!(p.line(1000, Duration::from_secs(75)), "progress: 1000/1000 games (100%) after 1 min 15 s");
        assert_eq!(p.line(0, Duration::ZERO), "progress: 0/1000 games (0%) after 0.0 s");
    }

    #[test]
    fn spans_read_as_people_say_them() {
        assert_eq!(span(0.44), "0.4 s");
        assert_eq!(span(12.4), "12 s");
        assert_eq!(span(185.0), "3 min 05 s");
        assert_eq!(span(7620.0), "2 h 07 min");
        assert_eq!(span(-1.0), "0.0 s");
    }

    #[test]
    fn nothing_without_a_terminal_unless_asked() {
        let p = Progress::with(10, false, false);
        assert!(p.bar.is_none() && p.lines.is_none());
        let p = Progress::with(10, false, true);
        assert!(p.bar.is_none() && p.lines.is_some());
        p.add(3);
        p.add(100);
        let lines = p.lines.as_ref().expect("lines").lock().expect("lock");
        assert_eq!((lines.done, lines.tenths), (10, 10), "a count never passes the total");
    }
}
