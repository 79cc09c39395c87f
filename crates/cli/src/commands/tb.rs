//! `tb gen`, `tb probe`, `tb verify`, `tb info`, `tb rewrite`: endgame tablebases from the shell.
//! Each command is a call into `minishogi_tablebase` plus printing and progress bars.

mod args;
mod hint;

pub use args::TbArgs;

use super::progress::{bar, PhaseBar};
use super::stdin_lines::parse_sfen;
use super::CliResult;
use args::{GenArgs, ProbeArgs, TbCommand};
use hint::describe;
use indicatif::MultiProgress;
use minishogi_tablebase::{
    build_tables, plan_build, requested_sets, BuildEvent, Material, MaterialTable, MemoryCheck, OnTheFly,
    ProbeAnswer, RewrittenTable, TableInfo, Tablebase, VerifiedTable, DEFAULT_BUILD_PIECES,
};
use std::collections::HashSet;
use std::path::PathBuf;

/// Sets of at most this many pieces are generated on the fly when a probe needs them.
const ON_THE_FLY_PIECES: u32 = 2;

/// Runs a `tb` subcommand.
pub fn tb(args: TbArgs) -> CliResult {
    match args.command {
        TbCommand::Gen(a) => a.threads.install(|| gen(&a))?,
        TbCommand::Probe(a) => probe(&a),
        TbCommand::Verify(a) => a.threads.install(|| verify_files(&a.files))?,
        TbCommand::Info(a) => a.threads.install(|| info(&a.files))?,
        TbCommand::Rewrite(a) => a.files.threads.install(|| rewrite(&a.files.files, a.level.level))?,
    }
}

fn gen(args: &GenArgs) -> CliResult {
    let dir = &args.dir.dir;
    if args.materials.is_empty() && args.max_pieces.is_none() {
        eprintln!("no material given: generating every set of at most {DEFAULT_BUILD_PIECES} pieces");
    }
    let sets = requested_sets(&args.materials, args.max_pieces);
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let plan = plan_build(dir, &sets, args.force);
    plan.present.iter().for_each(|p| println!("{p}"));
    for (m, e) in &plan.replaced {
        eprintln!("{}: regenerating: {}", m.name(), describe(e));
    }
    for m in &plan.mate_only {
        eprintln!("{}: mate-only table (it predates repetition values): regenerating", m.name());
    }
    let Some(memory) = MemoryCheck::of(&plan.todo) else { return Ok(()) };
    println!("{memory}");
    memory.ensure_enough().map_err(|e| describe(&e))?;
    let bars = MultiProgress::new();
    let overall = bar(plan.todo.len() as u64, "{prefix:>8} [{bar:30}] {pos}/{len} tables, elapsed {elapsed}");
    let overall = bars.add(overall.with_prefix("tables"));
    let bar = PhaseBar::new(Some(&bars));
    let events = |event: BuildEvent<'_>| match event {
        BuildEvent::Start(m) => bar.start(m.name()),
        BuildEvent::Progress(p) => bar.update(p),
        BuildEvent::Built(summary) => bars.suspend(|| println!("{summary}")),
        BuildEvent::Verified(verified) => bars.suspend(|| println!("{verified}")),
        BuildEvent::Done(_) => {
            bar.finish();
            overall.inc(1);
        }
    };
    let run =
        build_tables(&plan.todo, dir, args.level.level, args.verify, &events).map_err(|e| describe(&e))?;
    overall.finish_and_clear();
    println!("{run}");
    Ok(())
}

fn probe(args: &ProbeArgs) -> CliResult {
    let tb = Tablebase::open(&args.dir.dir).map_err(|e| describe(&e))?;
    let mut warned = HashSet::new();
    args.positions.answer("probed", |sfen| answer(&tb, sfen, args, &mut warned))
}

/// The answer to one SFEN; a missing small table is generated first. A table that predates
/// repetition values is warned about once (`warned` holds the sets).
fn answer(
    tb: &Tablebase,
    sfen: &str,
    args: &ProbeArgs,
    warned: &mut HashSet<Material>,
) -> Result<ProbeAnswer, String> {
    let position = parse_sfen(sfen)?;
    let bar = PhaseBar::new(None);
    let events = |event: OnTheFly<'_>| match event {
        OnTheFly::Generating(m) => {
            bar.start(m.name());
            eprintln!("no table for {} yet: generating it in {}", m.name(), tb.dir().display());
        }
        OnTheFly::Progress(p) => bar.update(p),
        OnTheFly::Generated(summary) => {
            bar.finish();
            eprintln!("{summary}");
        }
    };
    tb.probe_or_generate(&position, ON_THE_FLY_PIECES, &events).map_err(|e| describe(&e))?;
    let answer = tb.answer(&position, args.first_player, args.rules).map_err(|e| describe(&e))?;
    let answer = answer.ok_or_else(|| format!("no table for {}", Material::of(&position).name()))?;
    if let Some(warning) = answer.mate_only_warning() {
        if warned.insert(answer.probe.material) {
            eprintln!("{warning}");
        }
    }
    Ok(answer)
}

fn verify_files(files: &[PathBuf]) -> CliResult {
    let bars = MultiProgress::new();
    let bar = PhaseBar::new(Some(&bars));
    let mut failed = 0;
    for path in files {
        let verified = MaterialTable::open_any(path).and_then(|table| {
            bar.start(table.material().name());
            let verified = VerifiedTable::check(path, &table, &|p| bar.update(p));
            bar.finish();
            verified
        });
        match verified {
            Ok(verified) => println!("{verified}"),
            Err(e) => {
                failed += 1;
                println!("{}: FAILED: {}", path.display(), describe(&e));
            }
        }
    }
    match failed {
        0 => Ok(()),
        _ => Err(format!("{failed} of {} tables failed verification", files.len())),
    }
}

fn info(files: &[PathBuf]) -> CliResult {
    for path in files {
        let table = MaterialTable::open_any(path).map_err(|e| describe(&e))?;
        println!("{}", TableInfo::read(path, &table).map_err(|e| describe(&e))?);
    }
    Ok(())
}

fn rewrite(files: &[PathBuf], level: i32) -> CliResult {
    let bar = PhaseBar::new(None);
    for path in files {
        let table = MaterialTable::open_any(path).map_err(|e| describe(&e))?;
        bar.start(table.material().name());
        let rewritten =
            RewrittenTable::rewrite(path, table, level, &|p| bar.update(p)).map_err(|e| describe(&e))?;
        bar.finish();
        println!("{rewritten}");
    }
    Ok(())
}
