//! Games played elsewhere — a match's records, against another engine or at another time control —
//! labelled as self-play labels its own: every position after the opening searched to a fixed
//! node count by the evaluation given, its score stored for the side to move, with the game's
//! result. So positions that another player steers into become training data.

use crate::dataset::{Dataset, DatasetMeta, SelfplayGame, NO_SCORE};
use crate::games::stored_score;
use minishogi_arena::records::RecordedGame;
use minishogi_arena::Evaluation;
use minishogi_arena::Termination;
use minishogi_engine::{Limits, Searcher};
use rayon::prelude::*;
use std::sync::atomic::AtomicBool;

/// Settings of a labelling run.
#[derive(Clone, Debug)]
pub struct LabelConfig {
    /// Nodes searched in each position.
    pub nodes: u64,
    /// Transposition table per worker, in megabytes.
    pub hash_mb: usize,
    /// The ply cap the dataset's metadata records (games beyond it are kept as they were played).
    pub ply_cap: u32,
}

impl Default for LabelConfig {
    fn default() -> LabelConfig {
        LabelConfig { nodes: 4000, hash_mb: 2, ply_cap: 300 }
    }
}

/// A labelled dataset and the games left out.
#[derive(Clone, Debug)]
pub struct Labelled {
    /// The labelled games, in the order given.
    pub dataset: Dataset,
    /// Games whose result the rules did not decide (a loss on time, an illegal move, a crash, a
    /// resignation): their result says nothing about the positions, so they are not labelled.
    pub skipped: usize,
}

/// The termination a dataset stores for a recorded game, or `None` when the rules did not end it
/// (a draw at the match's ply cap is kept as [`Termination::PlyCap`]).
fn termination(game: &RecordedGame) -> Option<Termination> {
    if game.ended_by_rules() {
        return game.game.outcome().map(|o| Termination::Rules(o.reason));
    }
    (game.winner.is_none() && game.ending == "ply-cap").then_some(Termination::PlyCap)
}

/// Labels one game: the opening's moves unscored, every later position searched.
fn label_game(
    recorded: &RecordedGame,
    termination: Termination,
    config: &LabelConfig,
    searcher: &mut Searcher,
) -> SelfplayGame {
    let rules = recorded.game.rules();
    let opening_plies = recorded.opening.moves.len();
    let mut game = recorded.opening.game(rules);
    let mut scores = vec![NO_SCORE; opening_plies];
    searcher.clear();
    let stop = AtomicBool::new(false);
    for &m in &recorded.game.moves()[opening_plies..] {
        let result = searcher.search(&game, &Limits::nodes(config.nodes), &stop, &mut |_| {});
        scores.push(stored_score(result.score));
        game.play_unchecked(m);
    }
    SelfplayGame {
        start: recorded.opening.start.to_sfen(),
        opening_plies: opening_plies as u16,
        moves: recorded.game.moves().iter().map(|m| m.to_u16()).collect(),
        scores,
        winner: recorded.winner.map(|c| c.index() as u8),
        termination,
        rules: rules.name().to_string(),
    }
}

/// Labels `games` on the current rayon pool, in parallel; the dataset keeps their order and does
/// not depend on the thread count. `name` goes into the metadata as the labeller; `on_game` is
/// called as each game is labelled.
pub fn label_games(
    games: &[RecordedGame],
    config: &LabelConfig,
    evaluation: &Evaluation,
    name: &str,
    on_game: &(dyn Fn() + Sync),
) -> Labelled {
    let kept: Vec<(&RecordedGame, Termination)> =
        games.iter().filter_map(|g| termination(g).map(|t| (g, t))).collect();
    let records = kept
        .par_iter()
        .map_init(
            || evaluation.searcher(config.hash_mb),
            |searcher, (game, termination)| {
                let record = label_game(game, termination.clone(), config, searcher);
                on_game();
                record
            },
        )
        .collect();
    let meta = DatasetMeta {
        generator: format!("minishogi label {}", env!("CARGO_PKG_VERSION")),
        seed: 0,
        nodes: config.nodes,
        weights: name.to_string(),
        ply_cap: config.ply_cap,
    };
    Labelled { dataset: Dataset { meta, games: records }, skipped: games.len() - kept.len() }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::RuleSet;
    use minishogi_engine::Weights;

    // Game 3 of data/matches/gen18-fs-1s-first100.tsv: sente mates after a four-ply book opening.
    const LINE: &str = "3\tminishogi\tfairy-stockfish\t1-0\tcheckmate\tstartpos moves 1e1d 2a2b 1d4d 1b1c\t4d2d 4a3b 2d2b 3a2b G*4b R*3a 3e2d 3b2a 4b5a 3a5a R*1e 5a4a 2d1c 2b1c 1e1c G*1b 1c5c S*4b 5c5b 2a4c 5b4b 4a4b 2e4c 4b4c P*4d B*2b S*3d 4c1c S*2d 1c1d 3d2e 1d1c 2d1c 1b1c 2e3d R*3a B*4b 3a4a R*5a 4a5a 4b5a+ R*3a 5a4b 3a2a 4b3b S*3a 3b4c 1c2d 3d3c 2d1e 4c3d 2b3c R*1b\t";

    fn label(lines: &[String]) -> Labelled {
        let games: Vec<RecordedGame> =
            lines.iter().map(|l| RecordedGame::parse(l, RuleSet::Standard).unwrap()).collect();
        let config = LabelConfig { nodes: 300, ..LabelConfig::default() };
        let evaluation = Evaluation::Linear(Box::new(Weights::initial()));
        label_games(&games, &config, &evaluation, "initial", &|| {})
    }

    #[test]
    fn a_recorded_game_becomes_the_positions_of_a_dataset() {
        let labelled = label(&[LINE.to_string()]);
        assert_eq!(labelled.skipped, 0);
        let data = labelled.dataset;
        let game = &data.games[0];
        assert_eq!((game.opening_plies, game.moves.len()), (4, 57));
        assert_eq!(game.termination, Termination::Rules(minishogi::game::EndReason::Checkmate));
        assert_eq!(data.labelled_count(), 53);
        let mut positions = Vec::new();
        data.for_each_position(|p| positions.push((p.result, p.score))).unwrap();
        // Sente moves first after the four opening plies and wins: results alternate 1, 0.
        assert_eq!(positions[0].0, 1.0);
        assert_eq!(positions[1].0, 0.0);
        // The mating side's last search sees the mate in one.
        let last = positions.last().unwrap().1;
        assert!(last > 20000, "{last}");
    }

    #[test]
    fn games_the_rules_did_not_end_are_left_out() {
        let lost_on_time = LINE.replacen("1-0\tcheckmate", "0-1\ttime-loss (1200 ms of 1100 ms)", 1);
        let capped = LINE.replacen("1-0\tcheckmate", "1/2-1/2\tply-cap", 1);
        let truncated = capped.replacen(" 2b3c R*1b", "", 1);
        let labelled = label(&[lost_on_time, truncated]);
        assert_eq!(labelled.skipped, 1);
        assert_eq!(labelled.dataset.games[0].termination, Termination::PlyCap);
        assert_eq!(labelled.dataset.games[0].winner, None);
    }
}
