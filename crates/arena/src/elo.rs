//! Elo from match results: logistic Elo, a 95% interval from pentanomial statistics over paired
//! games, and the SPRT used to stop a match early.
//!
//! A *pair* is two games from the same opening with the colours swapped. Its outcome for player A
//! is one of 0, ½, 1, 1½ or 2 points; counting pairs by outcome gives the pentanomial. Pairs are
//! independent while the two games of a pair are not (the opening favours one colour), so the
//! variance is estimated over pairs — the method of fishtest and cutechess.

use crate::Error;

/// z for a two-sided 95% normal interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The expected score of a player `elo` points stronger: `1 / (1 + 10^(-elo/400))`.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The logistic Elo difference for an expected score `s`: `-400 log10(1/s - 1)`
/// (±infinity at 1 and 0).
pub fn elo_of_score(s: f64) -> f64 {
    if s <= 0.0 {
        f64::NEG_INFINITY
    } else if s >= 1.0 {
        f64::INFINITY
    } else {
        // `+ 0.0` turns the -0 of an even score into 0.
        -400.0 * (1.0 / s - 1.0).log10() + 0.0
    }
}

/// Counts of game pairs by player A's points in the pair: index `k` means `k/2` points.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial {
    /// `counts[k]`: pairs in which A scored `k/2` of 2 points.
    pub counts: [u64; 5],
}

/// An Elo estimate with its 95% interval.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct EloEstimate {
    /// A's mean score per game, in `[0, 1]`.
    pub score: f64,
    /// A's Elo advantage over B.
    pub elo: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
    /// Number of pairs the estimate rests on.
    pub pairs: u64,
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let half = (self.high - self.low) / 2.0;
        write!(
            f,
            "Elo {:+.1} ± {:.1} (95%: {:+.1} .. {:+.1}), score {:.2}% over {} pairs",
            self.elo,
            half,
            self.low,
            self.high,
            100.0 * self.score,
            self.pairs
        )
    }
}

impl Pentanomial {
    /// Records a pair from A's points in its two games (each 0, 0.5 or 1).
    pub fn add_pair(&mut self, first: f64, second: f64) {
        let k = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Adds the counts of another pentanomial.
    pub fn merge(&mut self, other: &Pentanomial) {
        for (c, o) in self.counts.iter_mut().zip(other.counts) {
            *c += o;
        }
    }

    /// Number of pairs.
    pub fn pairs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Mean and variance of A's per-game score over pairs (pair points / 2), or `None` without pairs.
    pub fn mean_variance(&self) -> Option<(f64, f64)> {
        let n = self.pairs();
        if n == 0 {
            return None;
        }
        let n = n as f64;
        let value = |k: usize| k as f64 / 4.0;
        let mean = self.counts.iter().enumerate().map(|(k, &c)| c as f64 * value(k)).sum::<f64>() / n;
        let var =
            self.counts.iter().enumerate().map(|(k, &c)| c as f64 * (value(k) - mean).powi(2)).sum::<f64>()
                / n;
        Some((mean, var))
    }

    /// The Elo difference with a 95% interval: the normal interval of the mean pair score
    /// (standard error `sqrt(var / pairs)`), mapped through the logistic Elo curve.
    pub fn elo(&self) -> Option<EloEstimate> {
        let (mean, var) = self.mean_variance()?;
        let pairs = self.pairs();
        let se = (var / pairs as f64).sqrt();
        let low = (mean - Z95 * se).clamp(0.0, 1.0);
        let high = (mean + Z95 * se).clamp(0.0, 1.0);
        Some(EloEstimate {
            score: mean,
            elo: elo_of_score(mean),
            low: elo_of_score(low),
            high: elo_of_score(high),
            pairs,
        })
    }
}

/// Win/draw/loss counts of single games, for display.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u64,
    /// Drawn games.
    pub draws: u64,
    /// Games A lost.
    pub losses: u64,
}

impl Tally {
    /// Records one game from A's points (1, 0.5 or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// Games recorded.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// A's mean score, or 0.5 with no games.
    pub fn score(&self) -> f64 {
        let g = self.games();
        if g == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / g as f64
        }
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "+{} ={} -{} ({:.1}%)", self.wins, self.draws, self.losses, 100.0 * self.score())
    }
}

/// What an SPRT says after some pairs.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// Neither bound reached: play on.
    Continue,
    /// The lower bound was crossed: A is not `elo1` stronger (H0: Elo ≤ elo0 accepted).
    AcceptH0,
    /// The upper bound was crossed: A is stronger (H1: Elo ≥ elo1 accepted).
    AcceptH1,
}

/// A sequential probability ratio test between logistic Elo `elo0` (H0) and `elo1` (H1),
/// with error rates `alpha` (false H1) and `beta` (false H0).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Sprt {
    /// Elo under the null hypothesis.
    pub elo0: f64,
    /// Elo under the alternative.
    pub elo1: f64,
    /// Probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Probability of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// A test between `elo0` and `elo1` with both error rates `error_rate`, checked:
    /// `0 < error_rate < 0.5` and `elo1 > elo0`.
    pub fn new(elo0: f64, elo1: f64, error_rate: f64) -> Result<Sprt, Error> {
        if !(error_rate > 0.0 && error_rate < 0.5 && elo1 > elo0) {
            return Err(Error::Sprt { elo0, elo1, error_rate });
        }
        Ok(Sprt { elo0, elo1, alpha: error_rate, beta: error_rate })
    }

    /// The Wald bounds `(ln(β/(1-α)), ln((1-β)/α))` on the log-likelihood ratio.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The generalised (pentanomial) log-likelihood ratio of Michel Van den Bergh as fishtest
    /// computes it: `N (s1 - s0)(2 mean - s0 - s1) / (2 var)` over `N` pairs, with the per-game
    /// scores `s0`, `s1` of `elo0`, `elo1`. Empty cells count as 0.001 pairs (fishtest's
    /// regularisation). Until two different pair outcomes have been seen the variance is unknown
    /// and the LLR is 0 (otherwise one won pair would "prove" anything).
    pub fn llr(&self, pent: &Pentanomial) -> f64 {
        if pent.counts.iter().filter(|&&c| c > 0).count() < 2 {
            return 0.0;
        }
        let counts: Vec<f64> = pent.counts.iter().map(|&c| (c as f64).max(1e-3)).collect();
        let n: f64 = counts.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean = counts.iter().enumerate().map(|(k, c)| c * value(k)).sum::<f64>() / n;
        let var = counts.iter().enumerate().map(|(k, c)| c * (value(k) - mean).powi(2)).sum::<f64>() / n;
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (score_of_elo(self.elo0), score_of_elo(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / var / 2.0
    }

    /// The decision after the pairs so far.
    pub fn decide(&self, pent: &Pentanomial) -> SprtDecision {
        let (lower, upper) = self.bounds();
        let llr = self.llr(pent);
        if llr >= upper {
            SprtDecision::AcceptH1
        } else if llr <= lower {
            SprtDecision::AcceptH0
        } else {
            SprtDecision::Continue
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn logistic_elo_known_points() {
        assert_eq!(elo_of_score(0.5), 0.0);
        // 400 log10(3) = 190.848...: a 75% score.
        assert!(close(elo_of_score(0.75), 190.848_501_887_865, 1e-9));
        assert!(close(elo_of_score(0.25), -190.848_501_887_865, 1e-9));
        // 10^(-1) odds: 1/(1+10^-1) = 0.909..., 400 Elo.
        assert!(close(score_of_elo(400.0), 1.0 / 1.1, 1e-12));
        assert!(close(elo_of_score(1.0 / 1.1), 400.0, 1e-9));
        assert_eq!(elo_of_score(1.0), f64::INFINITY);
    }

    #[test]
    fn interval_matches_hand_computation() {
        // 100 pairs: 10/20/40/20/10 over 0, ½, 1, 1½, 2 points. Per-game scores 0, .25, .5, .75, 1:
        // mean .5, variance .1·.25 + .2·.0625 + 0 + .2·.0625 + .1·.25 = .075, se = sqrt(.075/100)
        // = .0273861; half width 1.959964 · .0273861 = .0536758; upper score .5536758:
        // 400 log10(.5536758/.4463242) = 37.442 Elo.
        let pent = Pentanomial { counts: [10, 20, 40, 20, 10] };
        let e = pent.elo().unwrap();
        assert_eq!(e.elo, 0.0);
        assert!(close(e.high, 37.442, 1e-3), "{e:?}");
        assert!(close(e.low, -37.442, 1e-3), "{e:?}");
    }

    #[test]
    fn interval_asymmetric_case_by_hand() {
        // 50 pairs: 0/5/10/20/15. Mean = (5·.25 + 10·.5 + 20·.75 + 15·1)/50 = 36.25/50 = .725.
        // E[x²] = (5·.0625 + 10·.25 + 20·.5625 + 15·1)/50 = 29.0625/50 = .58125; var = .58125 - .525625
        // = .055625; se = sqrt(.055625/50) = .0333542; half = .0653729.
        // Elo: 400 log10(.725/.275) = 168.40; low score .6596271 → 114.94; high .7903729 → 230.55
        // (checked with Python's math.log10).
        let pent = Pentanomial { counts: [0, 5, 10, 20, 15] };
        let e = pent.elo().unwrap();
        assert!(close(e.score, 0.725, 1e-12));
        assert!(close(e.elo, 168.40, 0.01), "{e:?}");
        assert!(close(e.low, 114.94, 0.01), "{e:?}");
        assert!(close(e.high, 230.55, 0.01), "{e:?}");
    }

    #[test]
    fn pairs_are_counted_by_points() {
        let mut p = Pentanomial::default();
        p.add_pair(1.0, 1.0);
        p.add_pair(1.0, 0.0);
        p.add_pair(0.5, 0.0);
        p.add_pair(0.0, 0.0);
        assert_eq!(p.counts, [1, 1, 1, 0, 1]);
    }

    #[test]
    fn sprt_bounds_are_walds() {
        let s = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        let (lo, hi) = s.bounds();
        // ln(0.05/0.95) = -2.944439.
        assert!(close(lo, -2.944_438_979, 1e-8));
        assert!(close(hi, 2.944_438_979, 1e-8));
    }

    #[test]
    fn sprt_llr_by_hand() {
        // elo0 = 0, elo1 = 10: s0 = .5, s1 = 1/(1+10^-.025) = .5143872.
        // Counts 10/20/40/20/10 shifted up: 5/15/40/25/15 → mean (15·.25+40·.5+25·.75+15)/100
        // = 57.5/100 = .575; E[x²] = (15·.0625+40·.25+25·.5625+15)/100 = 40/100 = .4;
        // var = .4 - .330625 = .069375.
        // LLR = 100 · .0143872 · (1.15 - 1.0143872)/.069375/2 = 1.40619.
        let s = Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        let pent = Pentanomial { counts: [5, 15, 40, 25, 15] };
        let llr = s.llr(&pent);
        assert!(close(llr, 1.40619, 1e-4), "{llr}");
        assert_eq!(s.decide(&pent), SprtDecision::Continue);
        let strong = Pentanomial { counts: [0, 10, 20, 40, 30] };
        assert_eq!(s.decide(&strong), SprtDecision::AcceptH1);
        let weak = Pentanomial { counts: [30, 40, 20, 10, 0] };
        assert_eq!(s.decide(&weak), SprtDecision::AcceptH0);
        // Identical pairs only: no variance yet, no decision however many.
        let same = Pentanomial { counts: [0, 0, 0, 0, 3] };
        assert_eq!(s.llr(&same), 0.0);
        assert_eq!(s.decide(&same), SprtDecision::Continue);
    }
}
