//! A book written as it is built: the openings file's header comment, then each kept opening as
//! soon as it is kept, so an interrupted build keeps its book so far.

use crate::book::{book_line, build_book, BookProgress, BookSettings};
use crate::{Error, TimeControl};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

/// What [`build_book_file`] wrote.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct WrittenBook {
    /// Openings written.
    pub openings: usize,
    /// Where the build ended (zero counts when it drew no candidate).
    pub progress: BookProgress,
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
        None => Ok(WrittenBook { openings: book.len(), progress: last }),
    }
}
