//! Soundness against the tablebases, which know the exact distance to mate of every position of
//! a material set: on random positions, `solve` never claims a win or loss the table denies,
//! never a distance below the table's, exactly the table's distance where it says the distance is
//! the shortest, and "no win within N" (or "no win avoiding repetition") only where the table
//! has no win within N. A table's win is a forced mate, so it never repeats a position.

use minishogi_retro::{GenerateOptions, Value};
use minishogi_solve::{Limits, Report, Solver, Verdict};
use minishogi_tablebase::{generate, Indexer, Material};

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// What the comparison met.
#[derive(Debug, Default)]
struct Tally {
    positions: u32,
    unknown: u32,
    no_win_within_11: u32,
    shortest_equal: u32,
    upper_bounds: u32,
    nodes: u64,
    /// Nodes spent on the positions with a proved win or loss.
    proved_nodes: u64,
}

/// Checks `report` for a position whose table value is `value`; panics on any disagreement.
fn agree(sfen: &str, value: Value, report: &Report, tally: &mut Tally) {
    let dtm = value.dtm().map(u32::from);
    if std::env::var_os("SOLVE_SAMPLE_VERBOSE").is_some() {
        eprintln!(
            "{sfen}\ttable {value}\t{:?}\t{:?}\t{} nodes",
            report.verdict, report.established, report.nodes
        );
    }
    tally.positions += 1;
    tally.nodes += report.nodes;
    let (claimed, plies, shortest) = match report.verdict {
        Verdict::Win { plies, shortest } => (true, plies, shortest),
        Verdict::Loss { plies, shortest } => (false, plies, shortest),
        Verdict::Unknown => {
            let e = report.established;
            // Answered when it rules out a win within the sample's bound, as `mate` would.
            if !(e.no_win || e.no_win_within.is_some_and(|n| n >= 11)) {
                eprintln!("{sfen}: table {value}, unknown, {e:?}");
                tally.unknown += 1;
            } else {
                tally.no_win_within_11 += 1;
            }
            if value.is_win() {
                let d = dtm.unwrap_or(0);
                assert!(!e.no_win, "{sfen}: no win claimed, table wins in {d}");
                assert!(e.no_win_within.is_none_or(|n| n < d), "{sfen}: {e:?}, table wins in {d}");
            }
            if value.is_loss() {
                let d = dtm.unwrap_or(0);
                assert!(!e.no_loss, "{sfen}: no loss claimed, table loses in {d}");
                assert!(e.no_loss_within.is_none_or(|n| n < d), "{sfen}: {e:?}, table loses in {d}");
            }
            return;
        }
    };
    tally.proved_nodes += report.nodes;
    let table_says = if claimed { value.is_win() } else { value.is_loss() };
    assert!(table_says, "{sfen}: solve says {:?}, table {value}", report.verdict);
    let d = dtm.unwrap_or(0);
    assert!(plies >= d, "{sfen}: {:?} below the table's {d}", report.verdict);
    if shortest {
        assert_eq!(plies, d, "{sfen}: claimed shortest");
        tally.shortest_equal += 1;
    } else {
        tally.upper_bounds += 1;
    }
}

/// Solves `quota` random positions of `name` won within `max_win` plies and `quota` others, at
/// `nodes` each; the first `*skip` positions drawn are passed over (counted down).
fn check_set(name: &str, quota: u32, max_win: u16, nodes: u64, skip: &mut u64) -> Tally {
    let material = Material::parse(name).expect("material");
    let values = generate(&material, &GenerateOptions::default()).expect("generated");
    let indexer = Indexer::new(&material);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64 ^ u64::from(name.as_bytes()[0]));
    let limits = Limits { nodes: Some(nodes), ..Limits::default() };
    let mut taken = [0u32; 2];
    let mut tally = Tally::default();
    let mut draws = 0;
    while taken.iter().any(|&t| t < quota) {
        draws += 1;
        assert!(draws < 5_000_000, "{name}: cases found {taken:?}");
        let i = rng.below(indexer.size());
        let value = Value::from_byte(values[i as usize]);
        if !value.is_legal() {
            continue;
        }
        let Some(pos) = indexer.position(i) else { continue };
        let case = usize::from(!(value.is_win() && value.dtm().is_some_and(|d| d <= max_win)));
        if taken[case] >= quota {
            continue;
        }
        taken[case] += 1;
        if *skip > 0 {
            *skip -= 1;
            continue;
        }
        let mut solver = Solver::new(16);
        let report = solver.solve(&pos, &limits);
        agree(&pos.to_sfen(), value, &report, &mut tally);
        if report.verdict != Verdict::Unknown {
            let sfen = pos.to_sfen();
            let extracted = solver.certificate(&limits).unwrap_or_else(|e| panic!("{sfen}: {e}"));
            let certificate = extracted.expect("a proof");
            certificate.check().expect("the certificate checks");
        }
    }
    tally
}

#[test]
fn two_piece_sets_agree_with_the_tables() {
    for name in ["RB", "GG"] {
        let tally = check_set(name, 8, 11, 100_000, &mut 0);
        eprintln!("{name}: {tally:?}");
        assert!(tally.unknown * 4 <= tally.positions, "{name}: {tally:?}");
    }
}

/// The comparison: RB, RR and GG, `SOLVE_SAMPLE_QUOTA` positions won within 11 plies and
/// as many others of each (default 78: 468 positions), at `SOLVE_SAMPLE_NODES` nodes each
/// (default 2,000,000). `SOLVE_SAMPLE_SKIP=N` passes over the first N positions (the positions
/// are drawn the same way every run, so a stopped run resumes after the lines it printed).
#[test]
#[ignore = "generates three tables and solves hundreds of positions: many minutes"]
fn the_sample_agrees_with_the_tables() {
    let env =
        |name: &str, default: u64| std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default);
    let quota = env("SOLVE_SAMPLE_QUOTA", 78) as u32;
    let nodes = env("SOLVE_SAMPLE_NODES", 2_000_000);
    let mut skip = env("SOLVE_SAMPLE_SKIP", 0);
    let (mut unknown, mut positions) = (0, 0);
    for name in ["RB", "RR", "GG"] {
        let started = std::time::Instant::now();
        let tally = check_set(name, quota, 11, nodes, &mut skip);
        eprintln!("{name}: {tally:?} in {:?}", started.elapsed());
        unknown += tally.unknown;
        positions += tally.positions;
    }
    eprintln!("unknown: {unknown} of {positions} at {nodes} nodes");
}
