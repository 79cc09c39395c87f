//! The records file: one line per game, tab-separated, in the order games finish —
//! number, sente, gote, result (`1-0` sente won, `0-1`, `1/2-1/2`), how it ended, the opening
//! (as in an openings file), the engines' moves, and their times in milliseconds.
//! Optionally each game as a KIF file ([`crate::kif`]) and a CSA file ([`crate::csa`]) as well.

use crate::csa::to_csa;
use crate::kif::to_kif;
use crate::runner::FinishedGame;
use crate::Error;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

/// The first line of a records file.
pub const RECORDS_HEADER: &str = "# game\tsente\tgote\tresult\tending\topening\tmoves\ttimes_ms";

/// A game's line in the records file (without the newline).
pub fn record_line(finished: &FinishedGame) -> String {
    let game = &finished.game;
    let words = |items: Vec<String>| items.join(" ");
    format!(
        "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
        finished.number,
        finished.players[0],
        finished.players[1],
        game.result.score_text(),
        game.result.termination,
        game.opening.to_line(),
        words(game.moves.iter().map(|m| m.to_string()).collect()),
        words(game.times.iter().map(|t| t.as_millis().to_string()).collect()),
    )
}

/// Writes each game to the records file and, if asked, a KIF file per game.
pub struct RecordWriter {
    records: Option<(PathBuf, BufWriter<File>)>,
    kif_dir: Option<PathBuf>,
    csa_dir: Option<PathBuf>,
}

impl RecordWriter {
    /// A writer to `records` (created, with its header) and into `kif_dir` (created if missing).
    pub fn create(records: Option<&Path>, kif_dir: Option<&Path>) -> Result<RecordWriter, Error> {
        let records = match records {
            Some(path) => {
                let file = File::create(path).map_err(|e| Error::io(path, e))?;
                let mut out = BufWriter::new(file);
                writeln!(out, "{RECORDS_HEADER}").map_err(|e| Error::io(path, e))?;
                Some((path.to_path_buf(), out))
            }
            None => None,
        };
        if let Some(dir) = kif_dir {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        Ok(RecordWriter { records, kif_dir: kif_dir.map(Path::to_path_buf), csa_dir: None })
    }

    /// The same writer, also writing each game as `csa_dir/game-0001.csa` (the directory is
    /// created if missing).
    pub fn with_csa(mut self, csa_dir: Option<&Path>) -> Result<RecordWriter, Error> {
        if let Some(dir) = csa_dir {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        self.csa_dir = csa_dir.map(Path::to_path_buf);
        Ok(self)
    }

    /// Records one game (flushed at once, so an interrupted match keeps its games).
    pub fn write(&mut self, finished: &FinishedGame) -> Result<(), Error> {
        if let Some((path, out)) = &mut self.records {
            writeln!(out, "{}", record_line(finished))
                .and_then(|()| out.flush())
                .map_err(|e| Error::io(path, e))?;
        }
        if let Some(dir) = &self.kif_dir {
            let path = dir.join(format!("game-{:04}.kif", finished.number));
            std::fs::write(&path, to_kif(finished)).map_err(|e| Error::io(&path, e))?;
        }
        if let Some(dir) = &self.csa_dir {
            let path = dir.join(format!("game-{:04}.csa", finished.number));
            std::fs::write(&path, to_csa(finished)).map_err(|e| Error::io(&path, e))?;
        }
        Ok(())
    }
}
