//! How long to think as the search goes: a factor on the time budget's target, from how the
//! best move and the score moved over the iterations (after Stockfish's time manager). A best
//! move that keeps changing or a falling score buys time; one that has stood for many
//! iterations gives time back.

/// Iterations before this depth say too little to adjust the time.
const FIRST_DEPTH: i32 = 4;
/// Each iteration keeps this share of the earlier changes of best move.
const CHANGE_DECAY: f64 = 0.5;
/// Each (decayed) change of best move adds this to the factor.
const CHANGE_WEIGHT: f64 = 1.0;
/// After this many iterations with the same best move the factor shrinks…
const STABLE_ITERATIONS: u32 = 4;
/// …to this share.
const STABLE_SHARE: f64 = 0.7;
/// A score drop of this many centipawns since the last iteration adds one to the factor
/// (a rise takes away, within the bounds below).
const DROP_SCALE: f64 = 200.0;
/// Bounds of the score part of the factor.
const DROP_BOUNDS: (f64, f64) = (0.8, 1.5);
/// Bounds of the whole factor.
const FACTOR_BOUNDS: (f64, f64) = (0.4, 3.0);

/// What the iterations so far said about the best move and the score.
#[derive(Clone, Debug, Default)]
pub(crate) struct Stability {
    best: Option<minishogi::Move>,
    score: Option<i32>,
    changes: f64,
    same_for: u32,
}

impl Stability {
    /// Notes a completed iteration of `depth` with its `best` move and `score`, and returns the
    /// factor to apply to the target time.
    pub fn update(&mut self, depth: i32, best: Option<minishogi::Move>, score: i32) -> f64 {
        self.changes *= CHANGE_DECAY;
        if self.best.is_some() && best != self.best {
            self.changes += 1.0;
            self.same_for = 0;
        } else {
            self.same_for += 1;
        }
        let drop = self.score.map_or(0, |s| s - score);
        self.best = best;
        self.score = Some(score);
        if depth < FIRST_DEPTH {
            1.0
        } else {
            let changing = 1.0 + CHANGE_WEIGHT * self.changes;
            let stable = if self.same_for >= STABLE_ITERATIONS { STABLE_SHARE } else { 1.0 };
            let falling = (1.0 + drop as f64 / DROP_SCALE).clamp(DROP_BOUNDS.0, DROP_BOUNDS.1);
            (changing * stable * falling).clamp(FACTOR_BOUNDS.0, FACTOR_BOUNDS.1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi::Position;

    #[test]
    fn a_stable_move_gives_time_back_and_a_changing_one_or_a_falling_score_takes_more() {
        let moves = Position::startpos().legal_move_list();
        let (a, b) = (Some(moves[0]), Some(moves[1]));
        let mut s = Stability::default();
        for depth in 1..FIRST_DEPTH {
            assert_eq!(s.update(depth, a, 0), 1.0);
        }
        let mut last = 1.0;
        for depth in FIRST_DEPTH..FIRST_DEPTH + 6 {
            last = s.update(depth, a, 0);
        }
        assert!(last < 1.0, "{last}");
        let changed = s.update(20, b, 0);
        assert!(changed > 1.0, "{changed}");
        let mut t = Stability::default();
        t.update(FIRST_DEPTH, a, 0);
        let falling = t.update(FIRST_DEPTH + 1, a, -150);
        assert!(falling > 1.0 && falling <= DROP_BOUNDS.1, "{falling}");
        let rising = t.update(FIRST_DEPTH + 2, a, 500);
        assert!(rising < 1.0 && rising >= DROP_BOUNDS.0, "{rising}");
    }
}
