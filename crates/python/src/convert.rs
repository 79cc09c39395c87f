//! Conversions shared by the bindings: argument parsing, library errors as Python exceptions,
//! and Python-style printing.

use minishogi::error::PositionMovesError;
use minishogi::{Color, Position, PositionWithMoves, RuleSet};
use minishogi_tablebase::TablebaseError;
use pyo3::exceptions::{PyFileNotFoundError, PyOSError, PyValueError};
use pyo3::prelude::*;
use std::fmt::Display;

/// `x` as Python prints it: the value, or `None`.
pub fn py_opt(x: &Option<impl std::fmt::Debug>) -> String {
    x.as_ref().map_or("None".to_string(), |v| format!("{v:?}").replace('"', "'"))
}

/// A list of strings as Python prints it.
pub fn py_list(xs: &[String]) -> String {
    format!("[{}]", xs.iter().map(|x| format!("'{x}'")).collect::<Vec<_>>().join(", "))
}

pub fn value_error(e: impl Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

pub fn parse_color(name: &str) -> PyResult<Color> {
    name.parse::<Color>().map_err(value_error)
}

pub fn parse_rules(name: &str) -> PyResult<RuleSet> {
    name.parse::<RuleSet>().map_err(value_error)
}

/// A table error as a Python exception, with the command that fixes a missing table (the text
/// the CLI prints).
pub fn table_error(e: &TablebaseError) -> PyErr {
    match e {
        TablebaseError::MissingTable { material, dir } => PyFileNotFoundError::new_err(format!(
            "{e}: run 'minishogi tb gen {material} --dir {}'",
            dir.display()
        )),
        TablebaseError::File(_) => PyOSError::new_err(e.to_string()),
        _ => value_error(e),
    }
}

/// The position of an SFEN, after the moves that may follow it (`SFEN moves 5d5c 1b1c`); a bad
/// one is a `ValueError` naming the SFEN and what is wrong, or the bad move and its index.
pub fn parse_sfen(sfen: &str) -> PyResult<Position> {
    parse_line(sfen).map(|line| line.position)
}

/// An SFEN and the moves played from it (see [`parse_sfen`]).
pub fn parse_line(sfen: &str) -> PyResult<PositionWithMoves> {
    PositionWithMoves::parse(sfen).map_err(|e| match e {
        PositionMovesError::Sfen(e) => value_error(format!("bad SFEN '{sfen}': {e}")),
        e => value_error(e),
    })
}
