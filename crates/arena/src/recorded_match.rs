//! A match whose games go to the records, KIF and CSA files as they end.

use crate::records_file::RecordWriter;
use crate::runner::run_match;
use crate::{Error, MatchScore, MatchSettings};

/// Plays the match ([`run_match`]) and writes each game with `records` as it ends; `on_game` hears
/// the score after each game. A failed write stops the writing, not the match, and is the error
/// returned once the match is over.
pub fn run_recorded_match(
    settings: &MatchSettings,
    records: &mut RecordWriter,
    mut on_game: impl FnMut(&MatchScore),
) -> Result<MatchScore, Error> {
    let mut write_error = None;
    let score = run_match(settings, &mut |game, score| {
        on_game(score);
        if write_error.is_none() {
            write_error = records.write(game).err();
        }
    })?;
    write_error.map_or(Ok(score), Err)
}
