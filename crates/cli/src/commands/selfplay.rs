//! `selfplay`, `tune`, `match` and `train`: self-play datasets, Texel tuning, paired matches with
//! Elo, and the training loop that ties them together.

use super::CliResult;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use minishogi_engine::Weights;
use minishogi_selfplay::dataset::{summary, Dataset};
use minishogi_selfplay::elo::{Sprt, SprtDecision};
use minishogi_selfplay::games::{selfplay as run_selfplay, SelfplayConfig};
use minishogi_selfplay::matches::{play_match, MatchConfig, MatchState, PlayerSpec};
use minishogi_selfplay::openings::OpeningConfig;
use minishogi_selfplay::train::{summary_table, train as run_train, TrainConfig, TrainEvent};
use minishogi_selfplay::training::tune_weights;
use minishogi_selfplay::tune::{loss_csv, loss_svg, TuneConfig};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Instant;

/// Loads weights: `initial` (the hand-set weights), `embedded` (the shipped default), or a file.
fn load_weights(spec: Option<&str>) -> Result<(Weights, String), String> {
    match spec {
        None | Some("embedded") => Ok((Weights::default_embedded(), "embedded".into())),
        Some("initial") => Ok((Weights::initial(), "initial".into())),
        Some(path) => {
            Weights::load(Path::new(path)).map(|w| (w, path.to_string())).map_err(|e| format!("{path}: {e}"))
        }
    }
}

fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        if t == 0 {
            return Err("--threads must be at least 1".into());
        }
        builder = builder.num_threads(t);
    }
    builder.build().map_err(|e| format!("cannot start threads: {e}"))
}

fn games_bar(n: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    let style =
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games  {per_sec}  eta {eta}")
            .map(|s| s.progress_chars("=> "));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

/// Opening options shared by self-play, matches and training.
#[derive(Args, Clone)]
pub struct OpeningArgs {
    /// Fewest random plies of an opening.
    #[arg(long, default_value_t = 2)]
    opening_min: usize,
    /// Most random plies of an opening.
    #[arg(long, default_value_t = 6)]
    opening_max: usize,
    /// Largest |score| (centipawns) a shallow search may find after the random plies.
    #[arg(long, default_value_t = 150)]
    opening_balance: i32,
    /// A game still running after this many plies is stopped and scored a draw.
    #[arg(long, default_value_t = 300)]
    ply_cap: usize,
}

impl OpeningArgs {
    fn config(&self) -> Result<OpeningConfig, String> {
        if self.opening_min > self.opening_max {
            return Err("--opening-min is larger than --opening-max".into());
        }
        Ok(OpeningConfig {
            min_plies: self.opening_min,
            max_plies: self.opening_max,
            max_score: self.opening_balance,
            ..OpeningConfig::default()
        })
    }
}

/// Arguments of `minishogi selfplay`.
#[derive(Args)]
pub struct SelfplayArgs {
    /// Number of games.
    #[arg(long)]
    games: usize,
    /// Nodes searched per move.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed; the same seed gives the same games whatever the thread count.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Weights that play: a file, `initial` or `embedded` (default).
    #[arg(long)]
    weights: Option<String>,
    /// The dataset to write.
    #[arg(long)]
    out: PathBuf,
    #[command(flatten)]
    opening: OpeningArgs,
}

/// Runs `minishogi selfplay`.
pub fn selfplay(args: SelfplayArgs) -> CliResult {
    let (weights, name) = load_weights(args.weights.as_deref())?;
    let config = SelfplayConfig {
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        ply_cap: args.opening.ply_cap,
        opening: args.opening.config()?,
        ..SelfplayConfig::default()
    };
    let bar = games_bar(args.games as u64);
    let clock = Instant::now();
    let data = pool(args.threads)?.install(|| run_selfplay(&config, &weights, &name, Some(&bar)));
    bar.finish();
    let secs = clock.elapsed().as_secs_f64();
    data.save(&args.out).map_err(|e| e.to_string())?;
    println!("{}", summary(&data));
    println!(
        "{:.1} s, {:.1} games/min; wrote {}",
        secs,
        args.games as f64 * 60.0 / secs.max(1e-9),
        args.out.display()
    );
    Ok(())
}

/// Tuning options shared by `tune` and `train`.
#[derive(Args, Clone)]
pub struct TuneArgs {
    /// Maximum passes over the training positions.
    #[arg(long, default_value_t = 60)]
    epochs: usize,
    /// Adam step size in centipawns.
    #[arg(long, default_value_t = 2.0)]
    lr: f64,
    /// Weight of the game result in the target (the rest is the search score): 1 = results only.
    #[arg(long, default_value_t = 0.2)]
    lambda: f64,
    /// Positions per step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    /// Fraction of games held out for validation.
    #[arg(long, default_value_t = 0.1)]
    validation: f64,
    /// Sigmoid scale in centipawns (default: fitted to the results first).
    #[arg(long)]
    k: Option<f64>,
    /// Stop after this many epochs without a better validation loss.
    #[arg(long, default_value_t = 8)]
    patience: usize,
}

impl TuneArgs {
    fn config(&self, seed: u64) -> Result<TuneConfig, String> {
        if !(0.0..=1.0).contains(&self.lambda) || !(0.0..1.0).contains(&self.validation) {
            return Err("--lambda must be in [0, 1] and --validation in [0, 1)".into());
        }
        Ok(TuneConfig {
            epochs: self.epochs,
            batch_size: self.batch.max(1),
            learning_rate: self.lr,
            lambda: self.lambda,
            k: self.k,
            seed,
            patience: self.patience,
            frozen: Vec::new(),
        })
    }
}

/// Arguments of `minishogi tune`.
#[derive(Args)]
pub struct TuneCmdArgs {
    /// Datasets written by `minishogi selfplay`.
    #[arg(long, num_args = 1.., required = true)]
    data: Vec<PathBuf>,
    /// Starting weights: a file, `initial` or `embedded` (default).
    #[arg(long)]
    init: Option<String>,
    /// The tuned weights file to write.
    #[arg(long)]
    out: PathBuf,
    /// Loss curve path without extension (default: --out with extension `loss`); `.csv` and `.svg`
    /// are appended.
    #[arg(long)]
    curve: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the batch order and the validation split.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    tune: TuneArgs,
}

/// Runs `minishogi tune`.
pub fn tune(args: TuneCmdArgs) -> CliResult {
    let (init, _) = load_weights(args.init.as_deref())?;
    let mut datasets = Vec::new();
    for path in &args.data {
        let d = Dataset::load(path).map_err(|e| e.to_string())?;
        println!("{}: {}", path.display(), summary(&d));
        datasets.push(d);
    }
    let config = args.tune.config(args.seed)?;
    let (weights, report, stats) = pool(args.threads)?
        .install(|| {
            tune_weights(&datasets, &init, args.tune.validation, &config, |e| {
                if e.epoch == 0 {
                    println!("epoch   train loss   valid loss   positions/s");
                }
                println!(
                    "{:5}   {:.6}     {:.6}     {:.0}",
                    e.epoch, e.train_loss, e.valid_loss, e.positions_per_second
                );
            })
        })
        .map_err(|e| e.to_string())?;
    let first = report.epochs.first().map_or(f64::NAN, |e| e.valid_loss);
    let best = report.epochs.iter().find(|e| e.epoch == report.best_epoch).map_or(f64::NAN, |e| e.valid_loss);
    println!(
        "{} positions, {} quiet; K = {:.1}; validation loss {:.6} -> {:.6} (best epoch {})",
        stats.positions, stats.quiet, report.k, first, best, report.best_epoch
    );
    print_changes(&init, &weights);
    weights.save(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let curve = args.curve.unwrap_or_else(|| args.out.with_extension("loss"));
    for (ext, text) in [("csv", loss_csv(&report)), ("svg", loss_svg(&report))] {
        let mut p = curve.clone().into_os_string();
        p.push(format!(".{ext}"));
        std::fs::write(&p, text).map_err(|e| format!("{}: {e}", Path::new(&p).display()))?;
    }
    println!("wrote {} and {}.csv/.svg", args.out.display(), curve.display());
    Ok(())
}

/// Prints the ten weights that moved most.
fn print_changes(before: &Weights, after: &Weights) {
    let names = Weights::names();
    let (b, a) = (before.to_ints(), after.to_ints());
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse((a[i] - b[i]).abs()));
    println!("largest changes:");
    for &i in order.iter().take(10) {
        println!("  {:32} {:6} -> {:6}", names[i], b[i], a[i]);
    }
}

/// Arguments of `minishogi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Number of games (rounded up to an even number: each opening is played with both colours).
    #[arg(long)]
    games: usize,
    /// Nodes per move for the bundled engine.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Weights of player A: a file, `initial` or `embedded` (default).
    #[arg(long)]
    a: Option<String>,
    /// Weights of player B: a file, `initial` or `embedded` (default).
    #[arg(long, conflicts_with = "engine")]
    b: Option<String>,
    /// Player B is this external USI engine (program and arguments separated by spaces).
    #[arg(long)]
    engine: Option<String>,
    /// What to send after `go` to the external engine (default: `nodes <--nodes>`).
    #[arg(long)]
    go: Option<String>,
    /// `NAME=VALUE` options for the external engine (repeatable).
    #[arg(long = "engine-option")]
    engine_options: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop early with a sequential probability ratio test (H0: Elo ≤ elo0, H1: Elo ≥ elo1).
    #[arg(long)]
    sprt: bool,
    /// SPRT Elo under H0.
    #[arg(long, default_value_t = 0.0)]
    elo0: f64,
    /// SPRT Elo under H1.
    #[arg(long, default_value_t = 10.0)]
    elo1: f64,
    /// SPRT error rates (both α and β).
    #[arg(long, default_value_t = 0.05)]
    error_rate: f64,
    #[command(flatten)]
    opening: OpeningArgs,
}

fn print_state(s: &MatchState, total: usize) {
    let games = s.tally.games();
    let elo =
        s.elo().map_or(String::new(), |e| format!("  Elo {:+.0} ± {:.0}", e.elo, (e.high - e.low) / 2.0));
    let llr = s.llr.map_or(String::new(), |l| format!("  LLR {l:.2}"));
    println!("{games:>6}/{total}  A {}{elo}{llr}", s.tally);
}

/// Runs `minishogi match`.
pub fn match_cmd(args: MatchArgs) -> CliResult {
    let (wa, na) = load_weights(args.a.as_deref())?;
    let a = PlayerSpec::Engine { name: format!("A ({na})"), weights: Box::new(wa), nodes: args.nodes };
    let b = match &args.engine {
        Some(command) => {
            let mut options = Vec::new();
            for o in &args.engine_options {
                let (n, v) =
                    o.split_once('=').ok_or_else(|| format!("--engine-option '{o}' is not NAME=VALUE"))?;
                options.push((n.to_string(), v.to_string()));
            }
            let go = args.go.clone().unwrap_or_else(|| format!("nodes {}", args.nodes));
            PlayerSpec::Usi { command: command.clone(), go, options }
        }
        None => {
            let (wb, nb) = load_weights(args.b.as_deref())?;
            PlayerSpec::Engine { name: format!("B ({nb})"), weights: Box::new(wb), nodes: args.nodes }
        }
    };
    if args.sprt && !(args.error_rate > 0.0 && args.error_rate < 0.5 && args.elo1 > args.elo0) {
        return Err("SPRT needs 0 < --error-rate < 0.5 and --elo1 > --elo0".into());
    }
    let pairs = args.games.div_ceil(2);
    let config = MatchConfig {
        pairs,
        seed: args.seed,
        opening: args.opening.config()?,
        ply_cap: args.opening.ply_cap,
        sprt: args.sprt.then_some(Sprt {
            elo0: args.elo0,
            elo1: args.elo1,
            alpha: args.error_rate,
            beta: args.error_rate,
        }),
        ..MatchConfig::default()
    };
    println!("A = {}, B = {}, {} games ({} openings × 2 colours)", a.name(), b.name(), 2 * pairs, pairs);
    let every = (pairs / 20).max(1) as u64;
    let clock = Instant::now();
    let state = pool(args.threads)?
        .install(|| {
            play_match(&config, &a, &b, &|s| {
                if s.pentanomial.pairs() % every == 0 {
                    print_state(s, 2 * pairs);
                }
            })
        })
        .map_err(|e| e.to_string())?;
    print_state(&state, 2 * pairs);
    println!("pentanomial (pairs by A's points 0, 0.5, 1, 1.5, 2): {:?}", state.pentanomial.counts);
    if state.capped > 0 {
        println!(
            "{} games reached the ply cap ({}) and were scored draws",
            state.capped, args.opening.ply_cap
        );
    }
    if let (Some(d), Some(l)) = (state.decision, state.llr) {
        let verdict = match d {
            SprtDecision::AcceptH1 => "H1 accepted (A is stronger)",
            SprtDecision::AcceptH0 => "H0 accepted (A is not stronger)",
            SprtDecision::Continue => "no decision",
        };
        println!("SPRT [{}, {}]: LLR {l:.2}, {verdict}", args.elo0, args.elo1);
    }
    println!("{:.0} s", clock.elapsed().as_secs_f64());
    match state.elo() {
        Some(e) => println!("{e}"),
        None => println!("no games played"),
    }
    Ok(())
}

/// Arguments of `minishogi train`.
#[derive(Args)]
pub struct TrainArgs {
    /// Rounds of self-play → tune → match.
    #[arg(long, default_value_t = 4)]
    rounds: usize,
    /// Self-play games per round.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Nodes per move in self-play.
    #[arg(long, default_value_t = 2000)]
    nodes: u64,
    /// Match games per round (candidate against the best so far).
    #[arg(long, default_value_t = 400)]
    match_games: usize,
    /// Nodes per move in the matches.
    #[arg(long, default_value_t = 2000)]
    match_nodes: u64,
    /// Tune on the datasets of this many latest rounds.
    #[arg(long, default_value_t = 3)]
    window: usize,
    /// Starting weights: a file, `initial` (default) or `embedded`.
    #[arg(long, default_value = "initial")]
    init: String,
    /// Directory for datasets, candidates, loss curves and summary.md.
    #[arg(long)]
    dir: PathBuf,
    /// Also write the final best weights here.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Seed of the whole run.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    tune: TuneArgs,
    #[command(flatten)]
    opening: OpeningArgs,
}

/// Runs `minishogi train`.
pub fn train(args: TrainArgs) -> CliResult {
    let (init, _) = load_weights(Some(&args.init))?;
    let opening = args.opening.config()?;
    let config = TrainConfig {
        rounds: args.rounds,
        selfplay: SelfplayConfig {
            games: args.games,
            nodes: args.nodes,
            seed: args.seed,
            ply_cap: args.opening.ply_cap,
            opening: opening.clone(),
            ..SelfplayConfig::default()
        },
        tune: args.tune.config(args.seed)?,
        validation: args.tune.validation,
        matches: MatchConfig {
            pairs: args.match_games.div_ceil(2),
            seed: args.seed ^ 0xA5A5,
            opening,
            ply_cap: args.opening.ply_cap,
            ..MatchConfig::default()
        },
        match_nodes: args.match_nodes,
        window: args.window,
        dir: args.dir.clone(),
    };
    let bar = games_bar(args.games as u64);
    let last_pairs = Mutex::new(0u64);
    let report = |event: TrainEvent<'_>| match event {
        TrainEvent::RoundStart(r) => println!("== round {r}"),
        TrainEvent::SelfplayDone(d, secs) => {
            bar.finish_and_clear();
            println!(
                "self-play: {} in {:.0} s ({:.1} games/min)",
                summary(d),
                secs,
                d.games.len() as f64 * 60.0 / secs.max(1e-9)
            );
        }
        TrainEvent::Epoch(e) => {
            println!(
                "  epoch {:3}  train {:.6}  valid {:.6}  {:.0} pos/s",
                e.epoch, e.train_loss, e.valid_loss, e.positions_per_second
            )
        }
        TrainEvent::Pair(s) => {
            if let Ok(mut last) = last_pairs.lock() {
                let n = s.pentanomial.pairs();
                if n >= *last + 25 || n < *last {
                    *last = n;
                    print_state(s, 2 * args.match_games.div_ceil(2));
                }
            }
        }
        TrainEvent::RoundDone(row) => {
            if let Ok(mut last) = last_pairs.lock() {
                *last = 0;
            }
            println!("{}", summary_table(std::slice::from_ref(row)).lines().last().unwrap_or(""));
        }
    };
    let (best, rows) = pool(args.threads)?
        .install(|| run_train(&config, init, &report, Some(&bar)))
        .map_err(|e| e.to_string())?;
    println!("{}", summary_table(&rows));
    if let Some(out) = &args.out {
        best.save(out).map_err(|e| format!("{}: {e}", out.display()))?;
        println!("best weights written to {}", out.display());
    }
    Ok(())
}
