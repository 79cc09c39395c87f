//! One line per generation of the network loop, and the Markdown table of them.

use minishogi_arena::elo::{Pentanomial, Tally};

/// What one generation did.
#[derive(Clone, Debug, PartialEq)]
pub struct GenerationSummary {
    /// 1-based generation.
    pub generation: usize,
    /// The evaluation that played the self-play games: the best so far, which the candidate met.
    pub player: String,
    /// Labelled positions of this generation's self-play.
    pub positions: usize,
    /// Training samples (quiet positions of the window's games).
    pub train_samples: usize,
    /// Validation samples.
    pub valid_samples: usize,
    /// Validation loss of the kept epoch.
    pub valid_loss: f64,
    /// The match, pairs by the candidate's points.
    pub pentanomial: Pentanomial,
    /// The candidate's single-game record.
    pub tally: Tally,
    /// Whether the candidate became the best.
    pub kept: bool,
}

impl std::fmt::Display for GenerationSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let elo = self.pentanomial.elo().map_or("–".to_string(), |e| {
            format!("{:+.0} [{:+.0}, {:+.0}]", e.elo, e.low.max(-9999.0), e.high.min(9999.0))
        });
        write!(
            f,
            "| {} | {} | {} | {} / {} | {:.5} | {} | {} | {} |",
            self.generation,
            self.player,
            self.positions,
            self.train_samples,
            self.valid_samples,
            self.valid_loss,
            self.tally,
            elo,
            if self.kept { "yes" } else { "no" }
        )
    }
}

/// The generations as a Markdown table.
pub fn generations_table(rows: &[GenerationSummary]) -> String {
    let mut out = String::from(
        "| gen | best (self-play, opponent) | positions | samples (train / valid) | valid loss | candidate's record | Elo (95%) | kept |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        out.push_str(&format!("{r}\n"));
    }
    out
}
