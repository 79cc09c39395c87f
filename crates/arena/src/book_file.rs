//! A book written as it is built: the openings file's header comment, then each kept opening as
//! soon as it is kept, so an interrupted build keeps its book so far.

use crate::book::{book_line, build_book, BookProgress, BookSettings};
use crate::{Error, TimeControl};
use std::fmt;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What [`build_book_file`] wrote.
#[derive(Clone, Debug, PartialEq)]
pub struct WrittenBook {
    /// Openings written.
    pub openings: usize,
    /// Where the build ended (zero counts when it drew no candidate).
    pub progress: BookProgress,
    /// The openings file.
    pub path: PathBuf,
    /// Wall time of the build, in seconds.
    pub seconds: f64,
}

/// `1200 candidates, 300 scored deeply`.
impl fmt::Display for BookProgress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} candidates, {} scored deeply", self.candidates, self.scored)
    }
}

/// `80 openings written to book.txt in 95 s (1200 candidates, 300 scored deeply)`.
impl fmt::Display for WrittenBook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (openings, path, seconds) = (self.openings, self.path.display(), self.seconds);
        write!(f, "{openings} openings written to {path} in {seconds:.0} s ({})", self.progress)
    }
}

/// The last part of a program's path, for the book's comments.
fn file_name(program: &str) -> String {
    Path::new(program).file_name().map_or(program.to_string(), |n| n.to_string_lossy().into_owned())
}

/// Builds a book ([`build_book`]) into the openings file `path`: a header comment with the
/// settings, then one line per kept opening with each scorer's score ([`book_line`]).
/// `on_progress` hears after each candidate.
pub fn build_book_file(
    settings: &BookSettings,
    path: &Path,
    mut on_progress: impl FnMut(BookProgress),
) -> Result<WrittenBook, Error> {
    let clock = Instant::now();
    let names: Vec<(String, TimeControl)> = settings
        .scorers
        .iter()
        .map(|s| (s.spec.argv.first().map_or(String::new(), |p| file_name(p)), s.limit))
        .collect();
    let io = |e| Error::io(path, e);
    let mut out = BufWriter::new(File::create(path).map_err(io)?);
    writeln!(
        out,
        "# Balanced minishogi openings (minishogi book build): startpos + moves, one per line.\n\
         # plies {}, screen {} within {} cp, kept within {} cp by every scorer, seed {}",
        settings.plies, settings.screen, settings.screen_max, settings.max_score, settings.seed
    )
    .map_err(io)?;
    if !settings.exclude.is_empty() {
        writeln!(out, "# left out: the positions of other books' openings ({})", settings.exclude.len())
            .map_err(io)?;
    }
    let mut write_error = None;
    let mut last = BookProgress { candidates: 0, scored: 0, kept: 0 };
    let book = build_book(settings, &mut |p, kept| {
        last = p;
        on_progress(p);
        if let (Some(entry), None) = (kept, &write_error) {
            write_error = writeln!(out, "{}", book_line(entry, &names)).and_then(|()| out.flush()).err();
        }
    })?;
    match write_error {
        Some(e) => Err(io(e)),
        None => Ok(WrittenBook {
            openings: book.len(),
            progress: last,
            path: path.to_path_buf(),
            seconds: clock.elapsed().as_secs_f64(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_book_reads_as_one_line() {
        let book = WrittenBook {
            openings: 2,
            progress: BookProgress { candidates: 40, scored: 9, kept: 2 },
            path: PathBuf::from("book.txt"),
            seconds: 12.4,
        };
        assert_eq!(
            book.to_string(),
            "2 openings written to book.txt in 12 s (40 candidates, 9 scored deeply)"
        );
    }
}
