//! The searcher: owns the transposition table and the weights, runs iterative deepening on one or
//! more threads (lazy SMP: threads share the table), reports progress and returns the best move.

use crate::evaluator::Evaluator;
use crate::features::EvalWeights;
use crate::history::QuietStats;
use crate::limits::Limits;
use crate::nnue::Network;
use crate::oracle::EndgameOracle;
use crate::report::{Info, SearchResult};
use crate::root_mate::MateProbe;
use crate::shared::Shared;
use crate::table_root::table_root;
use crate::time_budget::{budget, DEFAULT_MOVE_OVERHEAD};
use crate::tt::Tt;
use crate::worker::Worker;
use crate::Weights;
use minishogi::{Game, Position};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A reusable searcher: weights (or a network), a transposition table, a thread count and an
/// optional oracle.
pub struct Searcher {
    weights: Weights,
    network: Option<Arc<Network>>,
    eval: Arc<Evaluator>,
    tt: Arc<Tt>,
    threads: usize,
    oracle: Option<Arc<dyn EndgameOracle>>,
    overhead: Duration,
    mate_probe: MateProbe,
    /// The main thread's move-ordering histories from the last search (none after `clear`).
    stats: Option<QuietStats>,
}

impl Searcher {
    /// A searcher with these weights and a table of `hash_mb` megabytes, one thread.
    pub fn new(weights: Weights, hash_mb: usize) -> Searcher {
        Searcher {
            eval: Arc::new(Evaluator::Linear(EvalWeights::new(&weights))),
            weights,
            network: None,
            tt: Arc::new(Tt::new(hash_mb)),
            threads: 1,
            oracle: None,
            overhead: DEFAULT_MOVE_OVERHEAD,
            mate_probe: MateProbe::default(),
            stats: None,
        }
    }

    /// The shipped engine: the embedded network over the embedded linear weights (which
    /// evaluate once the network is removed), a table of `hash_mb` megabytes, one thread.
    pub fn shipped(hash_mb: usize) -> Searcher {
        let mut searcher = Searcher::new(Weights::default_embedded(), hash_mb);
        searcher.set_network(Some(crate::nnue::shipped_network()));
        searcher
    }

    /// The weights in use.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// Replaces the weights (and clears the table, whose scores came from the old ones). A
    /// network, if set, still evaluates; the weights apply once it is removed.
    pub fn set_weights(&mut self, weights: Weights) {
        self.weights = weights;
        self.rebuild_evaluator();
    }

    /// Evaluates with `network`, or with the linear weights when `None` (and clears the table).
    pub fn set_network(&mut self, network: Option<Arc<Network>>) {
        self.network = network;
        self.rebuild_evaluator();
    }

    /// The network in use, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.network.as_ref()
    }

    fn rebuild_evaluator(&mut self) {
        self.eval = Arc::new(match &self.network {
            Some(net) => Evaluator::Network(Arc::clone(net)),
            None => Evaluator::Linear(EvalWeights::new(&self.weights)),
        });
        self.tt.clear();
    }

    /// Resizes the transposition table (emptying it); when the memory cannot be had, keeps the
    /// table it has and says why.
    pub fn set_hash_mb(&mut self, mb: usize) -> std::io::Result<()> {
        self.tt = Arc::new(Tt::try_new(mb)?);
        Ok(())
    }

    /// Sets the number of search threads (at least one).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The number of search threads.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Sets or removes the endgame oracle probed during search.
    pub fn set_oracle(&mut self, oracle: Option<Arc<dyn EndgameOracle>>) {
        self.oracle = oracle;
        self.tt.clear();
    }

    /// Time kept in reserve for communication when the clock limits the search.
    pub fn set_move_overhead(&mut self, overhead: Duration) {
        self.overhead = overhead;
    }

    /// Forgets everything learnt (a new game): the table, the move-ordering histories and the
    /// mate solver's table.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.stats = None;
        self.mate_probe.clear();
    }

    /// The static evaluation of `pos` from the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.eval.evaluate(pos)
    }

    /// Searches the current position of `game` (its history decides repetitions) within
    /// `limits` or until `stop` is set; `info` hears about each completed iteration.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        // A known repetition outcome is played from the table (not in a mate or endless search).
        if let Some(oracle) = self.oracle.as_deref().filter(|_| limits.mate.is_none() && !limits.infinite) {
            if let Some(result) = table_root(oracle, game, start, info) {
                return result;
            }
        }
        self.tt.new_search();
        let root = game.position();
        let budget = budget(limits, root.side_to_move(), self.overhead);
        let halt = AtomicBool::new(false);
        let shared = Shared {
            tt: &self.tt,
            eval: &self.eval,
            oracle: self.oracle.as_deref(),
            stop,
            halt: &halt,
            nodes: AtomicU64::new(0),
            start,
            budget,
            limits,
            rules: game.rules(),
            first_player: game.first_player(),
            game_plies: game.moves().len(),
            threads: self.threads,
        };
        let history = game_history(game);
        let stats = self.stats.take().unwrap_or_else(QuietStats::new);
        let (result, stats) = std::thread::scope(|scope| {
            let mut helpers = Vec::new();
            for id in 1..self.threads {
                let shared = &shared;
                let history = history.clone();
                let root = root.clone();
                helpers.push(scope.spawn(move || {
                    let mut w = Worker::new(shared, root, history, id);
                    w.iterate(&mut |_| {});
                    w.nodes
                }));
            }
            let mut main = Worker::new(&shared, root.clone(), history, 0)
                .with_stats(stats)
                .with_mate_probe(&mut self.mate_probe);
            let result = main.iterate(info);
            halt.store(true, Ordering::Relaxed);
            let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
            (SearchResult { nodes: main.nodes + helper_nodes, ..result }, main.into_stats())
        });
        self.stats = Some(stats);
        SearchResult { time: start.elapsed(), ..result }
    }
}

/// Hashes of the game's positions and whether the move leading to each gave check.
fn game_history(game: &Game) -> Vec<(u64, bool)> {
    let mut pos = game.start().clone();
    let mut out = vec![(pos.hash(), false)];
    for &m in game.moves() {
        pos.play(m);
        out.push((pos.hash(), pos.in_check()));
    }
    out
}
