//! `minjiku moves|perft|show` and `minjiku tb gen|probe|verify|info`: Minjiku Shogi. The table
//! commands report through a [`Reporter`], as the Minishogi ones do.

use super::minjiku_reach::plan_from_games;
use super::rules::PerftPrint;
use crate::flags::{FlagError, TableFiles, Threads};
use crate::output::{print_lines, CliResult};
use crate::progress::{Report, Reporter};
use crate::report::{describe_minjiku, Text};
use clap::Args;
use minjiku::error::PositionMovesError;
use minjiku::perft::PerftDivide;
use minjiku::{Position, PositionWithMoves};
use minjiku_tablebase::build::{planned, PlannedSet};
use minjiku_tablebase::{
    build, default_sets, info, verify, BuildEvent, BuildOptions, Material, MinjikuTablebase,
};
use std::path::PathBuf;

/// The value parser of `--fen`: a position in Minjiku notation (or `startpos`), optionally with
/// the moves played from it (`startpos moves h2a9+`); the position after them counts.
fn fen_flag(text: &str) -> Result<Position, FlagError> {
    match PositionWithMoves::parse(text) {
        Ok(line) => Ok(line.position),
        Err(PositionMovesError::Fen(e)) => Err(FlagError::Message(format!("bad position '{text}': {e}"))),
        Err(e) => Err(FlagError::Message(e.to_string())),
    }
}

/// The value parser of a Minjiku material set such as `KQvK`.
fn material_flag(text: &str) -> Result<Material, FlagError> {
    Material::parse(text).map_err(|e| FlagError::Message(e.to_string()))
}

/// A position given on the command line.
#[derive(Args, Clone, Debug)]
pub struct FenArg {
    /// The position in Minjiku notation (see docs/minjiku.md), or `startpos`, optionally with
    /// `moves M...` in coordinate notation.
    #[arg(long, value_parser = fen_flag)]
    pub fen: Position,
}

/// `minjiku moves`: the legal moves in coordinates.
pub fn moves(a: &FenArg) -> CliResult {
    print_lines(a.fen.sorted_coord_moves())
}

/// `minjiku show`: the diagram.
pub fn show(a: &FenArg) -> CliResult {
    print_lines([a.fen.diagram()])
}

/// Arguments of `minjiku perft`.
#[derive(Args, Clone, Debug)]
pub struct PerftArgs {
    /// The position.
    #[command(flatten)]
    pub fen: FenArg,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// What is printed besides the count.
    #[command(flatten)]
    pub print: PerftPrint,
}

/// `minjiku perft`: counts the leaves on all cores.
pub fn perft(a: &PerftArgs) -> CliResult {
    let pos = &a.fen.fen;
    a.print.run(
        a.depth,
        |depth| {
            let divide = PerftDivide::new(pos, depth);
            (divide.to_string(), divide.nodes)
        },
        |depth| minjiku::perft::perft_parallel(pos, depth),
        |nodes, secs| format!("time {secs:.3} s, {:.0} nodes/s", nodes as f64 / secs),
    )
}

/// The table directory.
#[derive(Args, Clone, Debug)]
pub struct DirArg {
    /// Table directory.
    #[arg(long, default_value = "minjiku-tables")]
    pub dir: PathBuf,
}

/// Arguments of `minjiku tb gen`.
#[derive(Args, Clone, Debug)]
pub struct GenArgs {
    /// Sets such as `KQvK`, `KJvKA`, `K+DvK`. Default: every `K+X vs K`.
    #[arg(value_parser = material_flag, conflicts_with = "from_games")]
    pub materials: Vec<Material>,
    /// With no set named, also the default two-piece sets (`KJvKA`, `KFvKJ`, `K+DvK+Y`, `K+S+SvK`;
    /// 10^8 slots each).
    #[arg(long, conflicts_with = "from_games")]
    pub pairs: bool,
    /// Build the sets (at most two pieces besides the kings) that the games of FILE reach, most
    /// frequent first: one game a line, `startpos moves ...` or `FEN moves ...`.
    #[arg(long, value_name = "FILE")]
    pub from_games: Option<PathBuf>,
    /// With --from-games, only the N most frequent sets (and the sets they need).
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// The table directory.
    #[command(flatten)]
    pub dir: DirArg,
    /// The worker threads.
    #[command(flatten)]
    pub threads: Threads,
    /// Regenerate the named tables even if they exist.
    #[arg(long)]
    pub force: bool,
    /// Print the sets the build would make, in order, and which are present; build nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// `minjiku tb gen`: generates the tables asked for and every table they need (files present are
/// read).
pub fn generate(a: &GenArgs, report: Reporter<'_>) -> CliResult {
    if a.limit.is_some() && a.from_games.is_none() {
        return Err("--limit needs --from-games".into());
    }
    a.threads.install(|| {
        let sets = match &a.from_games {
            Some(file) => plan_from_games(file, a.limit, report)?,
            None if a.materials.is_empty() => default_sets(a.pairs),
            None => a.materials.clone(),
        };
        let dir = &a.dir.dir;
        if a.dry_run {
            return print_plan(dir, &sets, a.force);
        }
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let events = |e: BuildEvent<'_>| match e {
            BuildEvent::Generating(m, _) => report(Report::Start(m.name())),
            BuildEvent::Progress(p) => report(Report::Progress(p)),
            BuildEvent::Written(summary) => {
                report(Report::Done);
                report(Report::Out(Text(summary).to_string()));
            }
            BuildEvent::Loaded(m, _) if a.from_games.is_some() && sets.contains(m) => {
                report(Report::Out(format!("{m}: present (read and checked), skipped")));
            }
            BuildEvent::Loaded(..) => {}
        };
        let options = BuildOptions { threads: None, force: a.force, events: Some(&events) };
        // The plan builds each target after the sets it needs, in the order given, and releases a
        // table once no later set needs it; written files are read back by a resumed run.
        build(dir, &sets, &options).map(|_| ()).map_err(describe_minjiku)
    })?
}

/// `tb gen --dry-run`: the build order of `targets`, a line a set (`present` or `to build`), then
/// the totals.
fn print_plan(dir: &std::path::Path, targets: &[Material], force: bool) -> CliResult {
    let plan = planned(dir, targets, force);
    let absent: Vec<&PlannedSet> = plan.iter().filter(|p| !p.present).collect();
    let slots: u64 = absent.iter().map(|p| p.slots).sum();
    let lines =
        plan.iter().map(|p| format!("{}\t{}", p.material, if p.present { "present" } else { "to build" }));
    let total = format!(
        "{} sets: {} present, {} to build ({slots} slots)",
        plan.len(),
        plan.len() - absent.len(),
        absent.len()
    );
    print_lines(lines.chain([total]))
}

/// Arguments of `minjiku tb probe`.
#[derive(Args, Clone, Debug)]
pub struct ProbeArgs {
    /// The position in Minjiku notation (docs/minjiku.md), optionally with `moves M...`.
    #[arg(long, value_parser = fen_flag)]
    pub fen: Position,
    /// The table directory.
    #[command(flatten)]
    pub dir: DirArg,
}

/// `minjiku tb probe`: the value and line of play of the position.
pub fn probe(a: &ProbeArgs) -> CliResult {
    let tb = MinjikuTablebase::open(&a.dir.dir).map_err(describe_minjiku)?;
    let line = match tb.line(&a.fen).map_err(describe_minjiku)? {
        Some(line) => Text(&line).to_string(),
        None => "not in the tables (a piece on an extra square)".into(),
    };
    print_lines([line])
}

/// Arguments of `minjiku tb dump`.
#[derive(Args, Clone, Debug)]
pub struct DumpArgs {
    /// The set, such as `KQvK` (`KvKQ`: the same table, its positions turned by 180° with the
    /// colours swapped).
    #[arg(value_parser = material_flag)]
    pub material: Material,
    /// The table directory.
    #[command(flatten)]
    pub dir: DirArg,
}

/// `minjiku tb dump`: every legal position of a table as `FEN<TAB>win|loss|draw<TAB>plies` (`-`
/// for a draw), in slot order, for checks from outside (`tools/jocly_tables.cjs`).
pub fn dump(a: &DumpArgs) -> CliResult {
    let entries = minjiku_tablebase::dump::entries(&a.dir.dir, &a.material).map_err(describe_minjiku)?;
    print_lines(entries.map(|(pos, value)| {
        let plies = value.dtm().map_or_else(|| "-".to_string(), |d| d.to_string());
        format!("{}\t{}\t{plies}", pos.to_fen(), value.result_name())
    }))
}

/// `minjiku tb verify`: checks each file (checksums, then every value against the rules' forward
/// moves); the first failure ends the run.
pub fn verify_files(files: &TableFiles, report: Reporter<'_>) -> CliResult {
    files.threads.install(|| {
        files.files.iter().try_for_each(|path| {
            report(Report::Start("verify".into()));
            let verified = verify(path, None, Some(&|p| report(Report::Progress(p))));
            report(Report::Done);
            report(Report::Out(Text(&verified.map_err(|e| e.to_string())?).to_string()));
            Ok(())
        })
    })?
}

/// `minjiku tb info`: counts by value, longest mate and size of each file (on the calling thread).
pub fn info_files(files: &TableFiles, report: Reporter<'_>) -> CliResult {
    files.files.iter().try_for_each(|path| {
        report(Report::Out(Text(&info(path).map_err(describe_minjiku)?).to_string()));
        Ok(())
    })
}
