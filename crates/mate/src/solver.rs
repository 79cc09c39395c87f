//! The solver: one call from a position to a verified answer.

use crate::budget::{budget_for, hold_back_line_share, release_line_share};
use crate::dfpn::repetition::RepetitionTable;
use crate::dfpn::{Budget, Search, TranspositionTable, UNLIMITED};
use crate::limits::Limits;
use crate::line::verify_line;
use crate::moves::Mode;
use crate::policy::MatePolicy;
use crate::post_search::{line, shortest};
use minishogi::{Color, Kind, Move, Position};
use std::time::Duration;

/// The longest tsume searched: deeper nodes count as unsolved, so a tsume that is disproved only
/// within this bound is reported [`MateResult::Unknown`], never [`MateResult::NoMate`].
pub const MAX_PLIES: u32 = 511;

/// The default size of the transposition table, in MB.
pub const DEFAULT_TABLE_MB: usize = 16;

/// What the solver proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MateResult {
    /// The side to move mates within `plies` plies; `line` (replayed with the rules before it
    /// is returned) has the attacker keep to the mate and the defender resist longest.
    Mate {
        /// The length of the proved mate, in plies (odd).
        plies: u32,
        /// The moves from the position to the mate: `plies` of them when the post-search could
        /// show, at each defender move, a reply that resists longest; else perhaps fewer.
        line: Vec<Move>,
        /// True when no shorter mate exists (false when the budget ran out in the post-search:
        /// `plies` is then the shortest mate it had proved).
        shortest: bool,
    },
    /// Proved: no mate (in tsume, none by checks at all; in any-move mode, none within the bound).
    NoMate,
    /// The budget ran out first.
    Unknown,
}

/// A result with what it cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The answer.
    pub result: MateResult,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

/// A mate solver with its tables, reused from one position to the next.
pub struct Solver {
    tt: TranspositionTable<MatePolicy>,
    repetitions: RepetitionTable,
    /// The roots the transposition table's entries hold for, once it has any.
    scope: Option<Scope>,
    /// The root the repetition table's path keys start from.
    last_root: Option<u64>,
}

/// What a transposition table entry depends on besides its key: the pieces in play (the
/// defender's hand is what the board and the attacker's hand leave of them), the attacker and
/// the mode (a tsume disproof says nothing of quiet mates).
#[derive(Copy, Clone, PartialEq, Eq)]
struct Scope {
    pieces: [u8; 6],
    attacker: Color,
    mode: Mode,
}

impl Scope {
    fn of(pos: &Position, mode: Mode) -> Scope {
        let mut pieces = [0u8; 6];
        for kind in Kind::ALL {
            let on_board = pos.kind_pieces(kind).count() as u8;
            pieces[kind.unpromoted().index()] += on_board;
        }
        for color in Color::ALL {
            for kind in Kind::HAND {
                pieces[kind.index()] += pos.hand(color).count(kind);
            }
        }
        Scope { pieces, attacker: pos.side_to_move(), mode }
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(DEFAULT_TABLE_MB)
    }
}

impl Solver {
    /// A solver with a transposition table of about `table_mb` MB.
    pub fn new(table_mb: usize) -> Solver {
        Solver {
            tt: TranspositionTable::new(table_mb),
            repetitions: RepetitionTable::default(),
            scope: None,
            last_root: None,
        }
    }

    /// Bytes held by the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Looks for a mate by the side to move of `pos` in `mode` within `limits`.
    pub fn solve(&mut self, pos: &Position, mode: Mode, limits: &Limits) -> Report {
        self.forget();
        self.solve_continuing(pos, mode, limits)
    }

    /// As [`Solver::solve`], but keeps what the tables learnt in earlier calls whose roots had
    /// the same pieces (on the board and in the hands, promotions aside), the same side to move
    /// and the same mode: the same position given a larger budget, or a later position of the
    /// same game, goes on from the earlier work instead of starting again.
    pub fn solve_continuing(&mut self, pos: &Position, mode: Mode, limits: &Limits) -> Report {
        // Entries are keyed by the board and the attacker's hand alone, which tells positions
        // apart only among roots of one scope.
        let scope = Scope::of(pos, mode);
        if self.scope != Some(scope) {
            // No scope: the table is empty already.
            if self.scope.is_some() {
                self.tt.clear();
            }
            self.scope = Some(scope);
        }
        // Path keys start from the root's hash.
        if self.last_root != Some(pos.hash()) {
            self.repetitions.clear();
            self.last_root = Some(pos.hash());
        }
        let mut budget = budget_for(limits);
        let result = self.search(pos, mode, &mut budget);
        Report { result, nodes: budget.nodes(), elapsed: budget.elapsed() }
    }

    /// Empties the tables.
    pub fn forget(&mut self) {
        if self.scope.take().is_some() {
            self.tt.clear();
        }
        self.repetitions.clear();
        self.last_root = None;
    }

    fn search(&mut self, pos: &Position, mode: Mode, budget: &mut Budget) -> MateResult {
        let wanted = match mode {
            Mode::Tsume => u32::from(UNLIMITED),
            Mode::AnyMove { max_plies } => max_plies,
        };
        let bound = match mode {
            Mode::Tsume => MAX_PLIES,
            Mode::AnyMove { max_plies } => max_plies.min(MAX_PLIES),
        } as u16;
        let mut root = pos.clone();
        let root_key = root.hash();
        let policy = MatePolicy { mode };
        let mut search = Search::new(policy, &mut self.tt, &mut self.repetitions, budget, pos.side_to_move());
        let first = search.prove(&mut root, 0, bound, root_key);
        if first.is_disproof() {
            let plies = u32::from(first.numbers.plies);
            return if plies >= wanted { MateResult::NoMate } else { MateResult::Unknown };
        }
        if !first.is_proof() {
            return MateResult::Unknown;
        }
        // The post-search and the line share what the proof left: the post-search stops early
        // enough for the line to be written within the budget.
        hold_back_line_share(search.budget());
        let (plies, shortest) = shortest(&mut search, &mut root, root_key, first.numbers.plies);
        release_line_share(search.budget());
        let Some(moves) = line(&mut search, pos, root_key, plies) else { return MateResult::Unknown };
        if verify_line(pos, &moves, mode).is_err() {
            debug_assert!(false, "the solver wrote a line that is no mate: {moves:?} from {}", pos.to_sfen());
            return MateResult::Unknown;
        }
        MateResult::Mate { plies: u32::from(plies), line: moves, shortest }
    }
}

/// Solves `pos` with a fresh solver of the default table size.
pub fn solve(pos: &Position, mode: Mode, limits: &Limits) -> Report {
    Solver::default().solve(pos, mode, limits)
}
