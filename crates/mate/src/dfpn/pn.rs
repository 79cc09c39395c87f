//! Proof and disproof numbers: saturating arithmetic and the 1+ε child threshold.

/// A proof or disproof number.
pub type Pn = u32;

/// The number of a node that is settled the other way (a disproved node's proof number).
pub const INFINITE: Pn = u32::MAX / 2;

/// The largest finite number: sums saturate here so that they never read as settled.
pub const MAX_FINITE: Pn = INFINITE - 1;

/// `a + b`, infinite if either is, else saturating below [`INFINITE`].
#[inline]
pub fn add(a: Pn, b: Pn) -> Pn {
    if a >= INFINITE || b >= INFINITE {
        INFINITE
    } else {
        (a + b).min(MAX_FINITE)
    }
}

/// The threshold handed to the best child on its minimised number, given the second best
/// child's number: `second · (1 + ε)` with ε = 1/4 (Pawlewicz and Lew's 1+ε trick), so that
/// the search stays in a subtree until it is clearly worse than its sibling instead of
/// switching back and forth each time the two numbers cross. Never beyond `parent_threshold`.
#[inline]
pub fn epsilon_threshold(second: Pn, parent_threshold: Pn) -> Pn {
    let widened = if second >= INFINITE { INFINITE } else { second.saturating_add((second / 4).max(1)) };
    widened.min(parent_threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_below_infinite() {
        assert_eq!(add(MAX_FINITE, 5), MAX_FINITE);
        assert_eq!(add(INFINITE, 0), INFINITE);
        assert_eq!(add(2, 3), 5);
    }

    #[test]
    fn the_best_child_may_pass_its_sibling() {
        assert_eq!(epsilon_threshold(1, INFINITE), 2);
        assert_eq!(epsilon_threshold(40, INFINITE), 50);
        assert_eq!(epsilon_threshold(40, 45), 45);
        assert_eq!(epsilon_threshold(INFINITE, 7), 7);
    }
}
