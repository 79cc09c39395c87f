//! `minishogi match`: with `--engine1` and `--engine2`, a match between two USI engines run as
//! child processes (the arena crate); without them, the in-process match of weight sets.

use super::flag_values;
use super::progress::bar;
use super::selfplay::{flag_error, match_cmd as in_process_match, MatchArgs as InProcessArgs};
use super::CliResult;
use clap::Args;
use minishogi::RuleSet;
use minishogi_arena::{
    match_openings, run_recorded_match, EngineSpec, GameSettings, MatchSettings, RecordWriter, TimeControl,
};
use minishogi_selfplay::openings::OpeningConfig;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Arguments of `minishogi match`.
#[derive(Args)]
pub struct MatchArgs {
    /// Engine 1's command line, e.g. "minishogi usi" (with --engine2: a match between two USI engines).
    #[arg(long, requires = "engine2", conflicts_with_all = ["a", "b", "engine", "go", "engine_options", "nodes", "threads"])]
    engine1: Option<String>,
    /// Engine 2's command line, e.g. "/path/to/fairy-stockfish".
    #[arg(long, requires = "engine1")]
    engine2: Option<String>,
    /// `NAME=VALUE` option for engine 1, sent with setoption (repeatable).
    #[arg(long = "option1", requires = "engine1")]
    option1: Vec<String>,
    /// `NAME=VALUE` option for engine 2 (repeatable).
    #[arg(long = "option2", requires = "engine1")]
    option2: Vec<String>,
    /// Engine 1's name in reports and records (default: its `id name`).
    #[arg(long, requires = "engine1")]
    name1: Option<String>,
    /// Engine 2's name in reports and records.
    #[arg(long, requires = "engine1")]
    name2: Option<String>,
    /// Time control of both engines: byoyomi=200ms, main=60s,byoyomi=1s, 40+0.4, 60, nodes=N, depth=D.
    #[arg(long, default_value = "byoyomi=200ms", requires = "engine1", value_parser = flag_values::time_control)]
    tc: TimeControl,
    /// Engine 1's time control, if not --tc (time odds).
    #[arg(long, requires = "engine1", value_parser = flag_values::time_control)]
    tc1: Option<TimeControl>,
    /// Engine 2's time control, if not --tc.
    #[arg(long, requires = "engine1", value_parser = flag_values::time_control)]
    tc2: Option<TimeControl>,
    /// How far past its clock a move may come before it loses on time.
    #[arg(long, default_value = "100ms", requires = "engine1", value_parser = flag_values::duration)]
    move_overhead: Duration,
    /// Longest wait for a move under fixed nodes or depth.
    #[arg(long, default_value = "60s", requires = "engine1", value_parser = flag_values::duration)]
    move_timeout: Duration,
    /// Games played at once (each with its own two engine processes).
    #[arg(long, default_value_t = 1, requires = "engine1")]
    concurrency: usize,
    /// Openings file (one per line: `startpos moves …` or SFEN + moves); default: random balanced openings.
    #[arg(long, requires = "engine1")]
    openings: Option<PathBuf>,
    /// Write one line per game (tab-separated) to this file.
    #[arg(long, requires = "engine1")]
    records: Option<PathBuf>,
    /// Write each game as a KIF file into this directory.
    #[arg(long, requires = "engine1")]
    kif: Option<PathBuf>,
    /// Write each game as a CSA file (version 2.2, 5×5 board) into this directory.
    #[arg(long, requires = "engine1")]
    csa: Option<PathBuf>,
    /// Rule set: standard (fourfold repetition: the first player loses) or draw300.
    #[arg(long, default_value = "standard", requires = "engine1")]
    rules: RuleSet,
    #[command(flatten)]
    shared: InProcessArgs,
}

/// Runs `minishogi match`.
pub fn match_cmd(args: MatchArgs) -> CliResult {
    let (Some(command1), Some(command2)) = (&args.engine1, &args.engine2) else {
        return in_process_match(args.shared);
    };
    let spec = |command: &str, options: &[String], name: &Option<String>| {
        EngineSpec::new(command, options).map(|s| s.named(name.clone())).map_err(|e| e.to_string())
    };
    let engines = [spec(command1, &args.option1, &args.name1)?, spec(command2, &args.option2, &args.name2)?];
    let time_controls = [args.tc1.unwrap_or(args.tc), args.tc2.unwrap_or(args.tc)];
    let shared = &args.shared;
    // Random openings only: an openings file's match does not read the opening flags.
    let opening = if args.openings.is_some() { OpeningConfig::default() } else { shared.opening.config()? };
    let (openings, pairs) =
        match_openings(args.openings.as_deref(), shared.games, shared.seed, &opening, args.rules).map_err(
            |e| match e {
                minishogi_arena::Error::NoGameCount => "--games is required without --openings".into(),
                e => e.to_string(),
            },
        )?;
    let sprt = shared.sprt().map_err(flag_error)?;
    let settings = MatchSettings {
        engines,
        time_controls,
        openings,
        pairs,
        concurrency: args.concurrency,
        game: GameSettings {
            rules: args.rules,
            ply_cap: shared.opening.ply_cap,
            move_overhead: args.move_overhead,
            fixed_timeout: args.move_timeout,
            ..GameSettings::default()
        },
        sprt,
    };
    let mut writer = RecordWriter::create(args.records.as_deref(), args.kif.as_deref())
        .and_then(|w| w.with_csa(args.csa.as_deref()))
        .map_err(|e| e.to_string())?;
    let total = 2 * pairs;
    println!(
        "{} games ({pairs} pairs, each opening with both colours), tc {} / {}, concurrency {}",
        total, time_controls[0], time_controls[1], args.concurrency
    );
    let bar = bar(total as u64, "{elapsed_precise} [{bar:30}] {msg}");
    let clock = Instant::now();
    // Without a terminal (a log file) the bar is hidden: print the running score now and then.
    let every = (total / 20).max(1) as u64;
    let score = run_recorded_match(&settings, &mut writer, |score| {
        bar.set_position(score.tally.games());
        bar.set_message(score.status_line(total));
        if bar.is_hidden() && score.tally.games() % every == 0 {
            println!("{}", score.status_line(total));
        }
    });
    bar.finish_and_clear();
    let score = score.map_err(|e| e.to_string())?;
    println!("{score}");
    println!("{:.0} s", clock.elapsed().as_secs_f64());
    Ok(())
}
