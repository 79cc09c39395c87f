//! The training loop: self-play with the current best weights → tune → match the candidate
//! against the best → keep the winner; repeated for several rounds, with a summary table.

use crate::loss_curve::write_loss_curve;
use crate::texel::{tune_weights, EpochStats, TuneConfig};
use crate::Error;
use minishogi_arena::elo::EloEstimate;
use minishogi_arena::{play_match, MatchConfig, MatchScore, PlayerSpec};
use minishogi_engine::Weights;
use minishogi_selfplay::dataset::summary;
use minishogi_selfplay::Dataset;
use minishogi_selfplay::{selfplay, SelfplayConfig};
use std::path::PathBuf;

/// Settings of the loop.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Rounds of self-play → tune → match.
    pub rounds: usize,
    /// Seed of the whole run: every round's self-play, tuning and match seeds derive from it
    /// (the `seed` fields of the settings below are not used).
    pub seed: u64,
    /// Self-play settings (games and nodes per round).
    pub selfplay: SelfplayConfig,
    /// Tuning settings.
    pub tune: TuneConfig,
    /// Match settings (pairs per round, SPRT).
    pub matches: MatchConfig,
    /// Nodes per move in the matches.
    pub match_nodes: u64,
    /// How many of the latest rounds' datasets to tune on.
    pub window: usize,
    /// Where datasets, candidates, loss curves and the summary go.
    pub dir: PathBuf,
}

/// One row of the summary.
#[derive(Clone, Debug)]
pub struct RoundSummary {
    /// 1-based round.
    pub round: usize,
    /// Games played in self-play this round.
    pub games: usize,
    /// Quiet positions tuned on (all datasets in the window).
    pub positions: usize,
    /// Sigmoid scale.
    pub k: f64,
    /// Validation loss before and after tuning.
    pub valid_loss: (f64, f64),
    /// The match of the candidate against the best so far.
    pub elo: Option<EloEstimate>,
    /// A's single-game record.
    pub record: String,
    /// Whether the candidate became the best.
    pub kept: bool,
}

/// What the loop reports as it goes.
pub enum TrainEvent<'a> {
    /// A round starts.
    RoundStart(usize),
    /// A self-play game finished (sent from the worker threads).
    Game,
    /// Self-play finished.
    SelfplayDone(&'a Dataset, f64),
    /// A tuning epoch finished.
    Epoch(&'a EpochStats),
    /// A pair of match games finished.
    Pair(&'a MatchScore),
    /// The round finished.
    RoundDone(&'a RoundSummary),
}

impl TrainEvent<'_> {
    /// The line printed for this event (`None` for the events a progress bar shows): the round's
    /// header, the self-play summary and rate, an epoch, the round's summary row.
    pub fn line(&self) -> Option<String> {
        Some(match self {
            TrainEvent::RoundStart(round) => format!("== round {round}"),
            TrainEvent::SelfplayDone(data, secs) => format!(
                "self-play: {} in {secs:.0} s ({:.1} games/min)",
                summary(data),
                data.games.len() as f64 * 60.0 / secs.max(1e-9)
            ),
            TrainEvent::Epoch(e) => format!("  {e}"),
            TrainEvent::RoundDone(row) => row.to_string(),
            TrainEvent::Game | TrainEvent::Pair(_) => return None,
        })
    }
}

/// The seeds of round `round` derived from the run's seed: self-play, tuning, match.
fn round_seeds(seed: u64, round: usize) -> (u64, u64, u64) {
    let round = round as u64;
    (seed.wrapping_add(round * 1_000_003), seed, (seed ^ 0xA5A5).wrapping_add(round * 7_919))
}

/// Runs the loop from `initial`; returns the best weights and the table rows. Every round's
/// dataset, candidate weights and loss curve are written to `config.dir`.
pub fn train(
    config: &TrainConfig,
    initial: Weights,
    report: &(dyn Fn(TrainEvent<'_>) + Sync),
) -> Result<(Weights, Vec<RoundSummary>), Error> {
    std::fs::create_dir_all(&config.dir).map_err(|e| Error::io(&config.dir, e))?;
    let mut best = initial;
    let mut best_name = "initial".to_string();
    let mut datasets: Vec<Dataset> = Vec::new();
    let mut rows = Vec::new();
    for round in 1..=config.rounds {
        report(TrainEvent::RoundStart(round));
        let (selfplay_seed, tune_seed, match_seed) = round_seeds(config.seed, round);
        let sp = SelfplayConfig { seed: selfplay_seed, ..config.selfplay.clone() };
        let tune = TuneConfig { seed: tune_seed, ..config.tune.clone() };
        let clock = std::time::Instant::now();
        let data = selfplay(&sp, &best, &best_name, &|| report(TrainEvent::Game));
        report(TrainEvent::SelfplayDone(&data, clock.elapsed().as_secs_f64()));
        let data_path = config.dir.join(format!("round{round}.data"));
        data.save(&data_path)?;
        datasets.push(data);
        let first = datasets.len().saturating_sub(config.window.max(1));
        let (candidate, tuned, stats) =
            tune_weights(&datasets[first..], &best, &tune, |e| report(TrainEvent::Epoch(e)))?;
        let cand_path = config.dir.join(format!("round{round}.weights"));
        candidate.save(&cand_path).map_err(|e| Error::weights_file(&cand_path, e))?;
        write_loss_curve(&tuned, &config.dir.join(format!("round{round}.loss")))?;
        // Tuning that found nothing better returns the same weights: no match needed.
        let state = if candidate == best {
            MatchScore::default()
        } else {
            let a = PlayerSpec::weights(format!("round{round}"), candidate.clone(), config.match_nodes);
            let b = PlayerSpec::weights(best_name.clone(), best.clone(), config.match_nodes);
            let mc = MatchConfig { seed: match_seed, ..config.matches.clone() };
            play_match(&mc, &a, &b, &|s| report(TrainEvent::Pair(s)))?
        };
        let elo = state.elo();
        let kept = state.tally.score() > 0.5;
        let row = RoundSummary {
            round,
            games: sp.games,
            positions: stats.quiet,
            k: tuned.k,
            valid_loss: (tuned.first_valid_loss(), tuned.best_valid_loss()),
            elo,
            record: state.tally.to_string(),
            kept,
        };
        report(TrainEvent::RoundDone(&row));
        if kept {
            best = candidate;
            best_name = format!("round{round}");
        }
        rows.push(row);
        let summary_path = config.dir.join("summary.md");
        std::fs::write(&summary_path, rounds_table(&rows)).map_err(|e| Error::io(&summary_path, e))?;
    }
    let best_path = config.dir.join("best.weights");
    best.save(&best_path).map_err(|e| Error::weights_file(&best_path, e))?;
    Ok((best, rows))
}

/// One row of the [`rounds_table`]: `| 1 | 2000 | 61234 | 150 | 0.08120 → 0.08050 | +120 =60 -100 (53.6%) | +24 [-9, +58] | yes |`.
impl std::fmt::Display for RoundSummary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let elo = self.elo.map_or("–".to_string(), |e| {
            format!("{:+.0} [{:+.0}, {:+.0}]", e.elo, e.low.max(-9999.0), e.high.min(9999.0))
        });
        write!(
            f,
            "| {} | {} | {} | {:.0} | {:.5} → {:.5} | {} | {} | {} |",
            self.round,
            self.games,
            self.positions,
            self.k,
            self.valid_loss.0,
            self.valid_loss.1,
            self.record,
            elo,
            if self.kept { "yes" } else { "no" }
        )
    }
}

/// The rounds as a Markdown table.
pub fn rounds_table(rows: &[RoundSummary]) -> String {
    let mut out = String::from(
        "| round | games | quiet positions | K | validation loss before → after | candidate vs best | Elo (95%) | kept |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        out.push_str(&format!("{r}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi_selfplay::dataset::DatasetMeta;

    #[test]
    fn the_report_names_the_round_the_selfplay_rate_and_the_epochs() {
        assert_eq!(TrainEvent::RoundStart(2).line().unwrap(), "== round 2");
        let meta = DatasetMeta {
            generator: "test".into(),
            seed: 1,
            nodes: 100,
            weights: "initial".into(),
            ply_cap: 300,
        };
        let data = Dataset { meta, games: Vec::new() };
        let line = TrainEvent::SelfplayDone(&data, 30.0).line().unwrap();
        assert_eq!(line, format!("self-play: {} in 30 s (0.0 games/min)", summary(&data)));
        let epoch = EpochStats { epoch: 3, train_loss: 0.1, valid_loss: 0.2, positions_per_second: 5.0 };
        assert_eq!(TrainEvent::Epoch(&epoch).line().unwrap(), format!("  {epoch}"));
        assert!(TrainEvent::Game.line().is_none());
    }
}
