//! `minjiku tb gen|probe|verify|info`: Minjiku endgame tables from the shell. Each command parses,
//! calls `minjiku_tablebase` and prints.

use super::progress::PhaseBar;
use super::shared_args::ThreadsArg;
use super::CliResult;
use clap::{Args, Subcommand};
use minishogi_tablebase::Progress;
use minjiku::Position;
use minjiku_tablebase::{
    build, default_sets, info, verify, BuildEvent, BuildOptions, Material, MinjikuTablebase,
};
use std::path::PathBuf;
use std::sync::Mutex;

/// Arguments of `minjiku tb`.
#[derive(Args)]
pub struct MinjikuTbArgs {
    #[command(subcommand)]
    command: MinjikuTbCommand,
}

#[derive(Subcommand)]
enum MinjikuTbCommand {
    /// Generate tables and every table they need (files already present are read, not rebuilt).
    Gen(GenArgs),
    /// Value and line of play of a position.
    Probe(ProbeArgs),
    /// Check table files: checksums, then every value against the rules' forward moves.
    Verify(FilesArgs),
    /// Counts by value, longest mate, size of table files.
    Info(FilesArgs),
}

/// The table directory.
#[derive(Args)]
struct DirArg {
    /// Table directory.
    #[arg(long, default_value = "minjiku-tables")]
    dir: PathBuf,
}

/// Arguments of `minjiku tb gen`.
#[derive(Args)]
struct GenArgs {
    /// Sets such as `KQvK`, `KJvKA`, `K+DvK`. Default: every `K+X vs K`.
    materials: Vec<String>,
    /// With no set named, also the default two-piece sets (`KJvKA`, `KFvKJ`, `K+DvK+Y`, `K+S+SvK`;
    /// 10^8 slots each).
    #[arg(long)]
    pairs: bool,
    #[command(flatten)]
    dir: DirArg,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Regenerate the named tables even if they exist.
    #[arg(long)]
    force: bool,
}

/// Arguments of `minjiku tb probe`.
#[derive(Args)]
struct ProbeArgs {
    /// The position in Minjiku notation (docs/minjiku.md).
    #[arg(long)]
    fen: String,
    #[command(flatten)]
    dir: DirArg,
}

/// Table files to check or describe.
#[derive(Args)]
struct FilesArgs {
    /// Table files (`*.mjtb`).
    #[arg(required = true)]
    files: Vec<PathBuf>,
    #[command(flatten)]
    threads: ThreadsArg,
}

/// Runs one `minjiku tb` subcommand.
pub fn minjiku_tb(args: MinjikuTbArgs) -> CliResult {
    match args.command {
        MinjikuTbCommand::Gen(a) => a.threads.install(|| gen(&a))?,
        MinjikuTbCommand::Probe(a) => probe(&a),
        MinjikuTbCommand::Verify(a) => a.threads.install(|| verify_files(&a.files))?,
        MinjikuTbCommand::Info(a) => a.files.iter().try_for_each(|path| {
            println!("{}", info(path).map_err(|e| e.to_string())?);
            Ok(())
        }),
    }
}

fn gen(args: &GenArgs) -> CliResult {
    let parsed = args.materials.iter().map(|t| Material::parse(t)).collect::<Result<Vec<_>, _>>();
    let mut sets = parsed.map_err(|e| e.to_string())?;
    if sets.is_empty() {
        sets = default_sets(args.pairs);
    }
    let dir = &args.dir.dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let bar: Mutex<Option<PhaseBar>> = Mutex::new(None);
    let events = |e: BuildEvent<'_>| {
        let mut bar = bar.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            BuildEvent::Generating(m, _) => *bar = Some(PhaseBar::new(m.name(), None)),
            BuildEvent::Progress(p) => bar.iter().for_each(|b| b.update(p)),
            BuildEvent::Written(summary) => {
                bar.take().iter().for_each(|b| b.finish(None));
                println!("{summary}");
            }
            BuildEvent::Loaded(..) => {}
        }
    };
    let options = BuildOptions { threads: None, force: args.force, events: Some(&events) };
    build(dir, &sets, &options).map_err(|e| e.to_string())?;
    Ok(())
}

fn probe(args: &ProbeArgs) -> CliResult {
    let pos = Position::from_fen(&args.fen).map_err(|e| format!("bad position '{}': {e}", args.fen))?;
    let tb = MinjikuTablebase::open(&args.dir.dir).map_err(|e| e.to_string())?;
    match tb.line(&pos).map_err(|e| e.to_string())? {
        Some(line) => println!("{line}"),
        None => println!("not in the tables (a piece on an extra square)"),
    }
    Ok(())
}

fn verify_files(files: &[PathBuf]) -> CliResult {
    for path in files {
        let bar = PhaseBar::new("verify".into(), None);
        let show = |p: Progress<'_>| bar.update(p);
        let report = verify(path, None, Some(&show));
        bar.finish(None);
        println!("{}", report.map_err(|e| e.to_string())?);
    }
    Ok(())
}
