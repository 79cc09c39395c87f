//! Probing a directory of Minjiku tables: the value of a position and a line to mate.

use crate::error::MinjikuTbError;
use crate::file::{open, EXTENSION};
use crate::moves::backed_up;
use crate::tables::{Tables, Values};
use minishogi_retro::Value;
use minjiku::{Move, Position};
use std::path::Path;

/// The tables of a directory, memory-mapped.
pub struct MinjikuTablebase {
    tables: Tables,
}

/// A line of play from a position: the moves (in coordinates) and the position it ends in.
#[derive(Clone, Debug)]
pub struct ProbeLine {
    /// The value at the start (side to move).
    pub value: Value,
    /// The moves: for a win the quickest mate, for a loss the longest defence.
    pub moves: Vec<String>,
    /// The position after the moves (mate, or the start of a draw).
    pub end: Position,
}

impl MinjikuTablebase {
    /// Opens every `*.mjtb` file of `dir` (each checked on open).
    pub fn open(dir: &Path) -> Result<MinjikuTablebase, MinjikuTbError> {
        let entries = std::fs::read_dir(dir).map_err(|e| minishogi_retro::TableError::io(dir, e))?;
        let mut paths: Vec<_> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == EXTENSION))
            .collect();
        paths.sort();
        let mut tables = Tables::new();
        for path in paths {
            let (material, table) = open(&path)?;
            tables.insert(material, Values::File(Box::new(table)));
        }
        Ok(MinjikuTablebase { tables })
    }

    /// The tables held.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The value of `pos` from its side to move; `None` when a piece stands on an extra square
    /// (no table covers those); an error when the directory has no table for its set.
    pub fn value(&self, pos: &Position) -> Result<Option<Value>, MinjikuTbError> {
        self.tables.value(pos)
    }

    /// The value of each legal move of `pos`, to the mover, in the rules crate's move order.
    pub fn move_values(&self, pos: &Position) -> Result<Vec<(Move, Value)>, MinjikuTbError> {
        let mut out = Vec::new();
        for &m in pos.legal_move_list().iter() {
            let child = self.tables.value(&pos.after(m))?;
            out.push((m, child.map_or(Value::DRAW, backed_up)));
        }
        Ok(out)
    }

    /// The line from `pos` that keeps to the table's values: while the side to move wins in `d`
    /// it plays a move to a loss in `d − 1`, while it loses in `d` a move to a win in `d − 1`
    /// (the first such move in move order), until mate or a draw. `None` outside the tables.
    pub fn line(&self, pos: &Position) -> Result<Option<ProbeLine>, MinjikuTbError> {
        let Some(value) = self.value(pos)? else { return Ok(None) };
        let mut moves = Vec::new();
        let mut at = pos.clone();
        let mut current = value;
        while let Some(d) = current.dtm().filter(|&d| d > 0) {
            let wanted = Value::mate(d);
            let next = self.move_values(&at)?.into_iter().find(|&(_, v)| Some(v) == wanted);
            let Some((m, _)) = next else { break };
            moves.push(at.move_to_coord(m));
            at = at.after(m);
            current = Value::mate(d - 1).unwrap_or(Value::DRAW);
        }
        Ok(Some(ProbeLine { value, moves, end: at }))
    }
}
