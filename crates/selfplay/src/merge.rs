//! Datasets of one run played in parts, joined back into one.

use crate::dataset::Dataset;
use crate::error::Error;

/// The games of `parts`, in order, as one dataset. Every part must come from the same run
/// settings (equal metadata: generator, seed, nodes, player, ply cap); then parts holding
/// consecutive game numbers of a run (see `SelfplayConfig::first_game`) join into exactly the
/// dataset of the whole run.
pub fn merge(parts: Vec<Dataset>) -> Result<Dataset, Error> {
    let mut parts = parts.into_iter();
    let Some(mut merged) = parts.next() else {
        return Err(Error::NothingToMerge);
    };
    for (i, part) in parts.enumerate() {
        if part.meta != merged.meta {
            return Err(Error::MergeMismatch {
                part: i + 2,
                found: Box::new(part.meta),
                first: Box::new(merged.meta.clone()),
            });
        }
        merged.games.extend(part.games);
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::DatasetMeta;
    use crate::{selfplay, SelfplayConfig};
    use minishogi_engine::Weights;

    #[test]
    fn parts_of_a_run_merge_into_the_run() {
        let config = SelfplayConfig { games: 6, nodes: 60, seed: 9, ..SelfplayConfig::default() };
        let whole = selfplay(&config, &Weights::initial(), "initial", &|| {});
        let halves: Vec<Dataset> = [0..3, 3..6]
            .into_iter()
            .map(|r| Dataset { meta: whole.meta.clone(), games: whole.games[r].to_vec() })
            .collect();
        assert_eq!(merge(halves).unwrap(), whole);
    }

    #[test]
    fn different_runs_do_not_merge() {
        let a = selfplay(
            &SelfplayConfig { games: 1, nodes: 40, seed: 1, ..SelfplayConfig::default() },
            &Weights::initial(),
            "initial",
            &|| {},
        );
        let b = Dataset { meta: DatasetMeta { seed: 2, ..a.meta.clone() }, games: a.games.clone() };
        let e = merge(vec![a, b]).unwrap_err().to_string();
        assert!(e.contains("dataset 2 of the merge"), "{e}");
        assert!(merge(Vec::new()).is_err());
    }
}
