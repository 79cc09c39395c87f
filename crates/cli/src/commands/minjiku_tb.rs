//! `minjiku tb gen|probe|verify|info`: Minjiku endgame tables from the shell. Each command parses,
//! calls `minjiku_tablebase` and prints.

use super::flag_values;
use super::progress::PhaseBar;
use super::shared_args::{FilesArgs, ThreadsArg};
use super::CliResult;
use clap::{Args, Subcommand};
use minishogi_tablebase::Progress;
use minjiku::Position;
use minjiku_tablebase::{
    build, default_sets, info, verify, BuildEvent, BuildOptions, Material, MinjikuTablebase,
};
use std::path::PathBuf;

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
    Probe(Box<ProbeArgs>),
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
    #[arg(value_parser = flag_values::minjiku_material)]
    materials: Vec<Material>,
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
    #[arg(long, value_parser = flag_values::fen)]
    fen: Position,
    #[command(flatten)]
    dir: DirArg,
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
    let sets = if args.materials.is_empty() { default_sets(args.pairs) } else { args.materials.clone() };
    let dir = &args.dir.dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let bar = PhaseBar::new(None);
    let events = |e: BuildEvent<'_>| match e {
        BuildEvent::Generating(m, _) => bar.start(m.name()),
        BuildEvent::Progress(p) => bar.update(p),
        BuildEvent::Written(summary) => {
            bar.finish();
            println!("{summary}");
        }
        BuildEvent::Loaded(..) => {}
    };
    let options = BuildOptions { threads: None, force: args.force, events: Some(&events) };
    build(dir, &sets, &options).map_err(|e| e.to_string())?;
    Ok(())
}

fn probe(args: &ProbeArgs) -> CliResult {
    let tb = MinjikuTablebase::open(&args.dir.dir).map_err(|e| e.to_string())?;
    match tb.line(&args.fen).map_err(|e| e.to_string())? {
        Some(line) => println!("{line}"),
        None => println!("not in the tables (a piece on an extra square)"),
    }
    Ok(())
}

fn verify_files(files: &[PathBuf]) -> CliResult {
    let bar = PhaseBar::new(None);
    for path in files {
        bar.start("verify".into());
        let report = verify(path, None, Some(&|p: Progress<'_>| bar.update(p)));
        bar.finish();
        println!("{}", report.map_err(|e| e.to_string())?);
    }
    Ok(())
}
