//! Soundness against the tablebases, which know the exact distance to mate of every position of
//! a material set: on random positions of small sets,
//! - whenever tsume proves a mate, the table says the side to move wins, and the mate is no
//!   shorter than the table's distance (tsume restricts the attacker to checks);
//! - whenever a mate in exactly the table's distance exists that checks with every attacker
//!   move (decided below by a search of its own, pruned by the table), tsume finds a mate of
//!   exactly that length — in particular it never answers "no mate" there;
//! - any-move mode with the bound at the table's distance finds exactly that distance, and with
//!   the bound two plies shorter answers "no mate"; a position the table does not win has no
//!   mate within any bound.

use minishogi::{MoveList, Position};
use minishogi_mate::line::verify_line;
use minishogi_mate::{Limits, MateResult, Mode, Solver};
use minishogi_retro::{GenerateOptions, Value};
use minishogi_tablebase::{generate, Indexer, Material};

/// A material set's values, in memory.
struct Table {
    indexer: Indexer,
    values: Vec<u8>,
}

impl Table {
    fn generate(name: &str) -> Table {
        let material = Material::parse(name).expect("material");
        let values = generate(&material, &GenerateOptions::default()).expect("generated");
        Table { indexer: Indexer::new(&material), values }
    }

    fn value(&self, pos: &Position) -> Value {
        let i = self.indexer.index(pos).expect("a position of the set");
        Value::from_byte(self.values[i as usize])
    }
}

/// True when the side to move mates within `plies` plies checking with every move: the
/// definition of a tsume, searched exhaustively except where the table proves the branch
/// cannot mate in time (no mate within `plies` at all).
fn checking_mate_within(table: &Table, pos: &mut Position, plies: u16) -> bool {
    if plies == 0 || !table.value(pos).dtm().is_some_and(|d| d % 2 == 1 && d <= plies) {
        return false;
    }
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().any(|&m| {
        let undo = pos.play(m);
        let mates = pos.in_check() && every_reply_mated_within(table, pos, plies - 1);
        pos.undo(m, undo);
        mates
    })
}

fn every_reply_mated_within(table: &Table, pos: &mut Position, plies: u16) -> bool {
    let mut replies = MoveList::new();
    pos.legal_moves(&mut replies);
    replies.iter().all(|&r| {
        let undo = pos.play(r);
        let mated = checking_mate_within(table, pos, plies.saturating_sub(1));
        pos.undo(r, undo);
        mated
    })
}

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// What the checks met, so that a test can insist it saw enough of each case.
#[derive(Debug, Default)]
struct Seen {
    wins: u32,
    checking_lines: u32,
    tsume_mates: u32,
    tsume_longer_than_dtm: u32,
    unknown: u32,
}

/// The longest table distance sampled: random positions mostly have long mates, which prove
/// little more than short ones and cost much more.
const MAX_DTM: u16 = 9;

/// Checks random positions of the set: `quota` with a checking mate in the table's distance
/// (at most [`MAX_DTM`]), `quota` other wins within it, and `quota` not won.
fn check_set(name: &str, quota: u32, solver: &mut Solver) -> Seen {
    let table = Table::generate(name);
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15 ^ name.len() as u64);
    let limits = Limits { nodes: Some(50_000), ..Limits::default() };
    let mut seen = Seen::default();
    let mut taken = [0u32; 3];
    let mut draws = 0;
    while taken.iter().any(|&t| t < quota) {
        draws += 1;
        assert!(draws < 2_000_000, "{name}: cases found {taken:?}");
        let i = rng.below(table.indexer.size());
        let Some(mut pos) = table.indexer.position(i) else { continue };
        let value = Value::from_byte(table.values[i as usize]);
        let short_win = value.dtm().filter(|&d| value.is_win() && d <= MAX_DTM);
        let case = match short_win {
            Some(d) if checking_mate_within(&table, &mut pos, d) => 0,
            Some(_) => 1,
            None if value.is_win() => continue,
            None => 2,
        };
        if taken[case] >= quota {
            continue;
        }
        taken[case] += 1;
        let (dtm, checking) = (short_win, case == 0);
        let sfen = pos.to_sfen();

        let tsume = solver.solve(&pos, Mode::Tsume, &limits).result;
        match &tsume {
            MateResult::Mate { plies, line, .. } => {
                let d =
                    dtm.unwrap_or_else(|| panic!("{name} {sfen}: tsume mate where the table says {value}"));
                assert!(*plies >= u32::from(d), "{name} {sfen}: tsume mate in {plies} below the table's {d}");
                assert_eq!(verify_line(&pos, line, Mode::Tsume), Ok(()), "{name} {sfen}");
                seen.tsume_mates += 1;
                seen.tsume_longer_than_dtm += u32::from(*plies > u32::from(d));
            }
            MateResult::NoMate => {
                assert!(!checking, "{name} {sfen}: no mate, but a checking mate in {dtm:?}")
            }
            MateResult::Unknown => seen.unknown += 1,
        }
        if checking {
            seen.checking_lines += 1;
            let d = u32::from(dtm.expect("a win"));
            assert!(
                matches!(tsume, MateResult::Mate { plies, shortest: true, ref line } if plies == d && line.len() == d as usize),
                "{name} {sfen}: a checking mate in {d}, tsume gave {tsume:?}"
            );
        }

        match dtm {
            Some(d) => {
                seen.wins += 1;
                let any = solver.solve(&pos, Mode::AnyMove { max_plies: u32::from(d) }, &limits).result;
                match any {
                    MateResult::Mate { plies, ref line, .. } => {
                        assert_eq!(plies, u32::from(d), "{name} {sfen}: any-move mate, table {d}");
                        let mode = Mode::AnyMove { max_plies: u32::from(d) };
                        assert_eq!(verify_line(&pos, line, mode), Ok(()), "{name} {sfen}");
                    }
                    MateResult::NoMate => panic!("{name} {sfen}: any-move found no mate, table wins in {d}"),
                    MateResult::Unknown => seen.unknown += 1,
                }
                if d >= 3 {
                    let shorter = Mode::AnyMove { max_plies: u32::from(d) - 2 };
                    let result = solver.solve(&pos, shorter, &limits).result;
                    assert!(
                        matches!(result, MateResult::NoMate | MateResult::Unknown),
                        "{name} {sfen}: mate within {} plies, table {d}: {result:?}",
                        d - 2
                    );
                }
            }
            None => {
                let result = solver.solve(&pos, Mode::AnyMove { max_plies: 7 }, &limits).result;
                assert!(
                    matches!(result, MateResult::NoMate | MateResult::Unknown),
                    "{name} {sfen}: mate where the table says {value}: {result:?}"
                );
            }
        }
    }
    seen
}

#[test]
fn two_piece_sets_agree_with_the_tables() {
    let mut solver = Solver::new(4);
    let mut checking = 0;
    for name in ["GP", "SG", "RB"] {
        let started = std::time::Instant::now();
        let seen = check_set(name, 12, &mut solver);
        assert!(seen.unknown * 20 <= seen.wins, "{name}: too many unknown: {seen:?}");
        eprintln!("{name}: {seen:?} in {:?}", started.elapsed());
        checking += seen.checking_lines;
    }
    assert_eq!(checking, 36);
}

#[test]
#[ignore = "generates two three-piece tables: about six minutes on two shared cores"]
fn three_piece_sets_agree_with_the_tables() {
    let mut solver = Solver::new(16);
    for name in ["GSP", "RBP"] {
        let seen = check_set(name, 100, &mut solver);
        eprintln!("{name}: {seen:?}");
    }
}
