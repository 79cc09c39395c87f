//! The engine plays the mate in every position of the mate suites that the solver proves, as a
//! game refereed by the rules crate: under a time limit it reports `score mate` at every move,
//! and its moves, against the engine's own defence, end the game in checkmate. The engine may
//! switch between mates (a shorter one with quiet moves from alpha-beta, a checking one from
//! its root solver), so the game is allowed twice the proved length. The clock is three times
//! the longest the solver takes here (278,833 nodes, 0.5 s, on the 2-core machine): the root
//! solver gets half of it, and stops the search as soon as it proves the mate.

use minishogi::game::EndReason;
use minishogi::{Game, Position, RuleSet};
use minishogi_engine::{Limits, Score, Searcher};
use minishogi_mate::{solve, MateResult, Mode};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const SUITES: [&str; 2] = [
    include_str!("../../../../data/mate-suite.txt"),
    include_str!("../../../../data/mate-suite-selfplay.txt"),
];

/// As `minishogi mate` by default: a million nodes.
fn proved_mate(pos: &Position) -> Option<u32> {
    let limits = minishogi_mate::Limits { nodes: Some(1_000_000), ..Default::default() };
    match solve(pos, Mode::Tsume, &limits).result {
        MateResult::Mate { plies, .. } => Some(plies),
        _ => None,
    }
}

#[test]
fn the_engine_plays_every_proved_mate_of_the_suites_to_checkmate() {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::shipped(16);
    let mut proved = 0;
    for sfen in SUITES.iter().flat_map(|s| s.lines()).map(str::trim).filter(|l| !l.is_empty()) {
        let start = Position::from_sfen(sfen).expect("suite positions are legal");
        let Some(plies) = proved_mate(&start) else { continue };
        proved += 1;
        let attacker = start.side_to_move();
        let mut game = Game::new(start, RuleSet::Standard);
        searcher.clear();
        while game.outcome().is_none() && game.moves().len() < 2 * plies as usize {
            let ours = game.position().side_to_move() == attacker;
            // The attacker under a clock (which lets the root solver in); the defence quick.
            let limits = if ours { Limits::movetime(Duration::from_secs(3)) } else { Limits::nodes(3_000) };
            let result = searcher.search(&game, &limits, &stop, &mut |_| {});
            if ours {
                assert!(
                    matches!(result.score, Score::Mate(n) if n > 0),
                    "{sfen}: after {:?} the engine scores {:?} in a mate",
                    game.moves(),
                    result.score
                );
            }
            game.play(result.best.expect("a move")).expect("the engine plays legal moves");
        }
        let outcome = game.outcome();
        assert!(
            matches!(outcome, Some(o) if o.winner == Some(attacker) && o.reason == EndReason::Checkmate),
            "{sfen}: a mate in {plies} ended {outcome:?} after {:?}",
            game.moves()
        );
    }
    assert!(proved >= 10, "only {proved} proved mates in the suites");
}
