//! Ranges of the numbers given on the command line, as clap value parsers so that a number out
//! of range is refused before anything runs, with one clear line and exit status 2.
//!
//! The bounds are generous for real use and keep hostile ones from panicking (a
//! `Duration` of 1e20 seconds), allocating per game, or starting thousands of threads.

/// Most games one command plays: a billion random playouts already take hours.
pub const MAX_GAMES: u64 = 1_000_000_000;

/// Most threads a command starts; more than the machine's cores only adds overhead.
pub const MAX_THREADS: usize = 256;

/// Longest timed run of `bench`, in seconds (a day).
pub const MAX_SECONDS: f64 = 86_400.0;

pub use crate::agent::MAX_THINK_MS;

/// Most timed runs of `bench`.
pub const MAX_RUNS: usize = 1000;

fn integer<T>(text: &str, min: T, max: T) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let value: T = text.trim().parse().map_err(|_| format!("`{text}` is not a whole number from {min} to {max}"))?;
    if value < min || value > max {
        return Err(format!("{value} is out of range: give a number from {min} to {max}"));
    }
    Ok(value)
}

/// `--games`: 1 to [`MAX_GAMES`].
pub fn games(text: &str) -> Result<u64, String> {
    integer(text, 1, MAX_GAMES)
}

/// `--threads`: 1 to [`MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    integer(text, 1, MAX_THREADS)
}

/// `--think`: 1 to [`MAX_THINK_MS`] milliseconds.
pub fn think(text: &str) -> Result<u64, String> {
    integer(text, 1, MAX_THINK_MS)
}

/// `--runs`: 1 to [`MAX_RUNS`].
pub fn runs(text: &str) -> Result<usize, String> {
    integer(text, 1, MAX_RUNS)
}

/// `--seconds`: above 0 and at most [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<f64, String> {
    let value: f64 = text.trim().parse().map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(value > 0.0 && value <= MAX_SECONDS) {
        return Err(format!("{text} is out of range: give a number of seconds above 0 and at most {MAX_SECONDS}"));
    }
    Ok(value)
}

/// Threads worth starting for `chunks` pieces of work: never more than there are pieces.
pub fn useful_threads(threads: usize, chunks: u64) -> usize {
    threads.min(usize::try_from(chunks).unwrap_or(usize::MAX)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges() {
        assert_eq!(games("1000"), Ok(1000));
        assert!(games("0").unwrap_err().contains("from 1 to 1000000000"));
        assert!(games("18446744073709551615").is_err());
        assert!(games("18446744073709551616").is_err());
        assert!(games("10^12").unwrap_err().contains("not a whole number"));
        assert_eq!(threads("4"), Ok(4));
        assert!(threads("10000").is_err());
        assert!(seconds("1e20").is_err());
        assert!(seconds("NaN").is_err());
        assert!(seconds("-1").is_err());
        assert_eq!(seconds("0.5"), Ok(0.5));
        assert_eq!(think("3600000"), Ok(3_600_000));
        assert!(think("18446744073709551615").unwrap_err().contains("from 1 to 3600000"));
        assert!(think("0").is_err());
        assert_eq!(useful_threads(10_000, 3), 3);
        assert_eq!(useful_threads(2, 0), 1);
    }
}
