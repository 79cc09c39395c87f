//! The training loop: self-play with the current best weights → tune → match the candidate
//! against the best → keep the winner; repeated for several rounds, with a summary table.

use crate::dataset::Dataset;
use crate::elo::EloEstimate;
use crate::games::{selfplay, SelfplayConfig};
use crate::matches::{play_match, MatchConfig, MatchState, PlayerSpec};
use crate::training::tune_weights;
use crate::tune::{EpochStats, TuneConfig};
use crate::Error;
use minishogi_engine::Weights;
use std::path::PathBuf;

/// Settings of the loop.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Rounds of self-play → tune → match.
    pub rounds: usize,
    /// Self-play settings (games and nodes per round; the seed is varied per round).
    pub selfplay: SelfplayConfig,
    /// Tuning settings.
    pub tune: TuneConfig,
    /// Fraction of games held out for validation.
    pub validation: f64,
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
    /// Self-play finished.
    SelfplayDone(&'a Dataset, f64),
    /// A tuning epoch finished.
    Epoch(&'a EpochStats),
    /// A pair of match games finished.
    Pair(&'a MatchState),
    /// The round finished.
    RoundDone(&'a RoundSummary),
}

/// Runs the loop from `initial`; returns the best weights and the table rows. Every round's
/// dataset, candidate weights and loss curve are written to `config.dir`.
pub fn train(
    config: &TrainConfig,
    initial: Weights,
    report: &(dyn Fn(TrainEvent<'_>) + Sync),
    progress: Option<&indicatif::ProgressBar>,
) -> Result<(Weights, Vec<RoundSummary>), Error> {
    std::fs::create_dir_all(&config.dir).map_err(|e| Error::io(&config.dir, e))?;
    let mut best = initial;
    let mut best_name = "initial".to_string();
    let mut datasets: Vec<Dataset> = Vec::new();
    let mut rows = Vec::new();
    for round in 1..=config.rounds {
        report(TrainEvent::RoundStart(round));
        let mut sp = config.selfplay.clone();
        sp.seed = config.selfplay.seed.wrapping_add(round as u64 * 1_000_003);
        let clock = std::time::Instant::now();
        if let Some(bar) = progress {
            bar.reset();
            bar.set_length(sp.games as u64);
        }
        let data = selfplay(&sp, &best, &best_name, progress);
        report(TrainEvent::SelfplayDone(&data, clock.elapsed().as_secs_f64()));
        let data_path = config.dir.join(format!("round{round}.data"));
        data.save(&data_path)?;
        datasets.push(data);
        let first = datasets.len().saturating_sub(config.window.max(1));
        let (candidate, tuned, stats) =
            tune_weights(&datasets[first..], &best, config.validation, &config.tune, |e| {
                report(TrainEvent::Epoch(e))
            })?;
        let cand_path = config.dir.join(format!("round{round}.weights"));
        candidate.save(&cand_path).map_err(|e| Error::Config(format!("{}: {e}", cand_path.display())))?;
        let write = |ext: &str, text: String| {
            let p = config.dir.join(format!("round{round}.loss.{ext}"));
            std::fs::write(&p, text).map_err(|e| Error::io(&p, e))
        };
        write("csv", crate::tune::loss_csv(&tuned))?;
        write("svg", crate::tune::loss_svg(&tuned))?;
        // Tuning that found nothing better returns the same weights: no match needed.
        let state = if candidate == best {
            MatchState::default()
        } else {
            let a = PlayerSpec::Engine {
                name: format!("round{round}"),
                weights: Box::new(candidate.clone()),
                nodes: config.match_nodes,
            };
            let b = PlayerSpec::Engine {
                name: best_name.clone(),
                weights: Box::new(best.clone()),
                nodes: config.match_nodes,
            };
            let mut mc = config.matches.clone();
            mc.seed = config.matches.seed.wrapping_add(round as u64 * 7_919);
            play_match(&mc, &a, &b, &|s| report(TrainEvent::Pair(s)))?
        };
        let elo = state.elo();
        let kept = state.tally.score() > 0.5;
        let valid = |e: &EpochStats| e.valid_loss;
        let best_epoch = tuned.epochs.iter().find(|e| e.epoch == tuned.best_epoch).map_or(f64::NAN, valid);
        let row = RoundSummary {
            round,
            games: sp.games,
            positions: stats.quiet,
            k: tuned.k,
            valid_loss: (tuned.epochs.first().map_or(f64::NAN, valid), best_epoch),
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
        std::fs::write(config.dir.join("summary.md"), summary_table(&rows))
            .map_err(|e| Error::io(&config.dir.join("summary.md"), e))?;
    }
    let best_path = config.dir.join("best.weights");
    best.save(&best_path).map_err(|e| Error::Config(format!("{}: {e}", best_path.display())))?;
    Ok((best, rows))
}

/// The rounds as a Markdown table.
pub fn summary_table(rows: &[RoundSummary]) -> String {
    let mut out = String::from(
        "| round | games | quiet positions | K | validation loss before → after | candidate vs best | Elo (95%) | kept |\n\
         |---|---|---|---|---|---|---|---|\n",
    );
    for r in rows {
        let elo = r.elo.map_or("–".to_string(), |e| {
            format!("{:+.0} [{:+.0}, {:+.0}]", e.elo, e.low.max(-9999.0), e.high.min(9999.0))
        });
        out.push_str(&format!(
            "| {} | {} | {} | {:.0} | {:.5} → {:.5} | {} | {} | {} |\n",
            r.round,
            r.games,
            r.positions,
            r.k,
            r.valid_loss.0,
            r.valid_loss.1,
            r.record,
            elo,
            if r.kept { "yes" } else { "no" }
        ));
    }
    out
}
