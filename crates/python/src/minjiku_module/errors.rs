//! The exceptions of `minishogi.minjiku` and the library errors they carry: a bad FEN and an
//! illegal move are `ValueError`s of their own type, a table file that cannot be read an
//! `OSError` of its own type, a missing table or directory a `FileNotFoundError`, as the
//! Minishogi bindings raise them.

use minishogi_retro::TableError as FileError;
use minjiku::error::{MoveError, PositionError, PositionMovesError};
use minjiku_tablebase::MinjikuTbError;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::io::ErrorKind;
use std::path::Path;

pyo3::create_exception!(
    minishogi.minjiku,
    FenError,
    PyValueError,
    "A position that cannot be read or is not legal (a `ValueError`)."
);
pyo3::create_exception!(
    minishogi.minjiku,
    IllegalMoveError,
    PyValueError,
    "A move that is malformed, not legal in the position, or played after the game ended (a `ValueError`)."
);
pyo3::create_exception!(
    minishogi.minjiku,
    TableError,
    PyOSError,
    "A table file that cannot be used: truncated, corrupted, another game's, or not the set its name says (an `OSError`)."
);

/// A FEN (with the moves that may follow it) that cannot be read: what is wrong and where.
pub fn line_error(text: &str, e: PositionMovesError) -> PyErr {
    match e {
        PositionMovesError::Fen(e) => FenError::new_err(format!("bad FEN '{text}': {e}")),
        e @ PositionMovesError::Move { .. } => IllegalMoveError::new_err(e.to_string()),
    }
}

/// A board that is not a legal position.
pub fn position_error(e: PositionError) -> PyErr {
    FenError::new_err(e.to_string())
}

/// A move that cannot be played, with the position it was tried in.
pub fn move_error(e: MoveError, fen: &str) -> PyErr {
    IllegalMoveError::new_err(format!("{e} ({fen})"))
}

/// A table error as a Python exception; a missing table names the command that builds it.
pub fn table_error(e: MinjikuTbError, dir: &Path) -> PyErr {
    match &e {
        MinjikuTbError::Missing(set) => PyFileNotFoundError::new_err(format!(
            "{e} in {}: run 'minishogi minjiku tb gen {set} --dir {}'",
            dir.display(),
            dir.display()
        )),
        MinjikuTbError::File(FileError::Io { source, .. }) if source.kind() == ErrorKind::NotFound => {
            PyFileNotFoundError::new_err(e.to_string())
        }
        MinjikuTbError::File(FileError::Io { .. }) => PyOSError::new_err(e.to_string()),
        _ => TableError::new_err(e.to_string()),
    }
}
