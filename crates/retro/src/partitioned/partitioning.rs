//! How the slots of a table are split: contiguous ranges, one per partition.

use std::ops::Range;

use super::error::PartitionError;

/// Contiguous, non-empty ranges covering `0..size`: partition `p` holds `bounds[p]..bounds[p + 1]`.
///
/// A game whose most significant index digit is a natural unit (Minishogi's king pair) splits on
/// multiples of that digit's place value ([`Partitioning::in_units`]), so that a partition is
/// "these king pairs".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partitioning {
    bounds: Vec<u64>,
}

impl Partitioning {
    /// The partitioning with these bounds: `0 = bounds[0] < bounds[1] < … < bounds[P]`, `P ≥ 1`.
    pub fn from_bounds(bounds: Vec<u64>) -> Result<Partitioning, PartitionError> {
        if bounds.len() < 2 || bounds[0] != 0 {
            return Err(PartitionError::Partitioning(format!(
                "bounds must start at 0 and give at least one partition, got {bounds:?}"
            )));
        }
        if let Some(w) = bounds.windows(2).find(|w| w[0] >= w[1]) {
            return Err(PartitionError::Partitioning(format!(
                "bounds must increase strictly (empty partition {}..{})",
                w[0], w[1]
            )));
        }
        Ok(Partitioning { bounds })
    }

    /// `parts` partitions of `size` slots whose bounds are multiples of `unit` (which must divide
    /// `size`), each holding as equal a number of units as possible.
    pub fn in_units(size: u64, unit: u64, parts: usize) -> Result<Partitioning, PartitionError> {
        if unit == 0 || size == 0 || !size.is_multiple_of(unit) {
            return Err(PartitionError::Partitioning(format!("{size} slots are not whole units of {unit}")));
        }
        let units = size / unit;
        if parts == 0 || parts as u64 > units {
            return Err(PartitionError::Partitioning(format!("{parts} partitions of {units} units")));
        }
        let p = parts as u128;
        let bounds = (0..=p).map(|k| (u128::from(units) * k / p) as u64 * unit).collect();
        Partitioning::from_bounds(bounds)
    }

    /// `parts` partitions of `size` slots as equal as possible.
    pub fn even(size: u64, parts: usize) -> Result<Partitioning, PartitionError> {
        Partitioning::in_units(size, 1, parts)
    }

    /// Number of partitions.
    pub fn parts(&self) -> usize {
        self.bounds.len() - 1
    }

    /// Number of slots of the table.
    pub fn size(&self) -> u64 {
        self.bounds[self.bounds.len() - 1]
    }

    /// The bounds, `parts() + 1` of them.
    pub fn bounds(&self) -> &[u64] {
        &self.bounds
    }

    /// The slots of partition `p`.
    pub fn range(&self, p: usize) -> Option<Range<u64>> {
        (p < self.parts()).then(|| self.bounds[p]..self.bounds[p + 1])
    }

    /// The partition holding `slot`.
    pub fn part_of(&self, slot: u64) -> Option<usize> {
        (slot < self.size()).then(|| self.bounds.partition_point(|&b| b <= slot) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_split_evenly_and_cover_the_table() {
        let p = Partitioning::in_units(234 * 10, 10, 7).expect("valid");
        assert_eq!(p.parts(), 7);
        assert_eq!(p.bounds()[0], 0);
        assert_eq!(p.size(), 2340);
        assert!(p.bounds().iter().all(|b| b % 10 == 0));
        let sizes: Vec<u64> = (0..7).map(|k| p.range(k).expect("a part").count() as u64 / 10).collect();
        assert!(sizes.iter().all(|&s| s == 33 || s == 34), "{sizes:?}");
        assert_eq!(p.part_of(0), Some(0));
        assert_eq!(p.part_of(2339), Some(6));
        assert_eq!(p.part_of(2340), None);
        for slot in [329, 330, 331, 340, 1000] {
            let k = p.part_of(slot).expect("inside");
            assert!(p.range(k).expect("a part").contains(&slot));
        }
    }

    #[test]
    fn bad_bounds_are_refused() {
        assert!(Partitioning::from_bounds(vec![0]).is_err());
        assert!(Partitioning::from_bounds(vec![1, 5]).is_err());
        assert!(Partitioning::from_bounds(vec![0, 5, 5, 9]).is_err());
        assert!(Partitioning::in_units(100, 7, 2).is_err());
        assert!(Partitioning::in_units(100, 10, 11).is_err());
        assert!(Partitioning::in_units(100, 10, 0).is_err());
        assert!(Partitioning::even(0, 1).is_err());
    }
}
