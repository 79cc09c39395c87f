//! One partition of a Minishogi table, for a driver that holds the partitions in other processes
//! (the Ray driver of the Python package): the steps of `minishogi_retro::partitioned::Partition` over
//! Minishogi's rules, with messages and states as plain bytes, on a thread pool of its own.

use minishogi_retro::partitioned::{Applied, Message, Partition, PartitionError, Partitioning};
use minishogi_retro::{with_threads, GenerateError};

use crate::index::Indexer;
use crate::material::Material;
use crate::retro_rules::MinishogiRetro;

/// The partitioning of `material`'s index whose bounds are these king pairs:
/// `0 = pairs[0] < pairs[1] < … < pairs[P] = 234`. Partition `p` holds king pairs
/// `pairs[p]..pairs[p + 1]`.
pub fn king_pair_bounds(material: &Material, pairs: &[u64]) -> Result<Partitioning, PartitionError> {
    let indexer = Indexer::new(material);
    let unit = indexer.slots_per_king_pair();
    if pairs.last() != Some(&indexer.king_pairs()) {
        return Err(PartitionError::Partitioning(format!(
            "king-pair bounds must end at {}, got {pairs:?}",
            indexer.king_pairs()
        )));
    }
    Partitioning::from_bounds(pairs.iter().map(|&k| k * unit).collect())
}

/// The messages of one expansion as bytes.
#[derive(Clone, Debug, Default)]
pub struct ExpandedBytes {
    /// Slots of the partition at the round's distance.
    pub expanded: u64,
    /// `(destination partition, slots listed, framed message)`, at most one per destination.
    pub messages: Vec<(u32, u64, Vec<u8>)>,
}

/// One partition of `material`'s table (see the module documentation). After an error the
/// partition refuses further steps; after [`TablePartition::finish`] it holds nothing.
#[derive(Debug)]
pub struct TablePartition {
    material: Material,
    rules: MinishogiRetro,
    partition: Option<Partition>,
    /// The partition's number (kept for errors once it is finished).
    index: u32,
    threads: Option<usize>,
}

impl TablePartition {
    /// Partition `index` of `partitioning` (which must cover `material`'s index) after the initial
    /// pass; every step runs on `threads` threads (`None`: the current pool).
    pub fn new(
        material: &Material,
        partitioning: &Partitioning,
        index: usize,
        threads: Option<usize>,
    ) -> Result<TablePartition, PartitionError> {
        let rules = MinishogiRetro::new(Indexer::new(material));
        let name = material.name();
        let partition = in_pool(threads, || Partition::new(&rules, &name, partitioning, index, None))?;
        Ok(TablePartition {
            material: *material,
            rules,
            partition: Some(partition),
            index: index as u32,
            threads,
        })
    }

    /// A partition of `material` restored from [`TablePartition::to_bytes`]; a state of another
    /// set or index size is refused.
    pub fn from_bytes(
        material: &Material,
        state: &[u8],
        threads: Option<usize>,
    ) -> Result<TablePartition, PartitionError> {
        let partition = Partition::from_bytes(state)?;
        let rules = MinishogiRetro::new(Indexer::new(material));
        let size = partition.bounds().last().copied().unwrap_or(0);
        if partition.name() != material.name() || size != rules.indexer().size() {
            return Err(PartitionError::Partitioning(format!(
                "the state is of set {} ({size} slots), not {material}",
                partition.name()
            )));
        }
        let index = partition.index() as u32;
        Ok(TablePartition { material: *material, rules, partition: Some(partition), index, threads })
    }

    /// The set.
    pub fn material(&self) -> &Material {
        &self.material
    }

    /// The partition, while it is not finished.
    pub fn partition(&self) -> Option<&Partition> {
        self.partition.as_ref()
    }

    /// The round at `level`, first step: the messages to every destination, framed.
    pub fn expand(&mut self, level: u32) -> Result<ExpandedBytes, PartitionError> {
        let (material, index) = (self.material, self.index);
        let partition = self.partition.as_mut().ok_or_else(|| finished(&material, index, "expand"))?;
        let rules = &self.rules;
        let expansion = in_pool(self.threads, || partition.expand(rules, level))?;
        let messages = expansion.messages.iter().map(|m| (m.to, m.count, m.to_bytes())).collect();
        Ok(ExpandedBytes { expanded: expansion.expanded, messages })
    }

    /// The round at `level`, second step: applies the framed messages addressed to this partition
    /// (any order); damaged or misaddressed ones are an error.
    pub fn apply(&mut self, level: u32, messages: &[&[u8]]) -> Result<Applied, PartitionError> {
        let threads = self.threads;
        let partition = self.live("apply")?;
        in_pool(threads, || {
            let parsed = messages.iter().map(|b| Message::from_bytes(b)).collect::<Result<Vec<_>, _>>()?;
            partition.apply(level, &parsed)
        })
    }

    /// The state between rounds, for [`TablePartition::from_bytes`].
    pub fn to_bytes(&self) -> Result<Vec<u8>, PartitionError> {
        self.partition.as_ref().ok_or_else(|| finished(&self.material, self.index, "to_bytes"))?.to_bytes()
    }

    /// The [`Value`](minishogi_retro::Value) bytes of the partition's slots once the rounds are over.
    pub fn finish(&mut self) -> Result<Vec<u8>, PartitionError> {
        let partition =
            self.partition.take().ok_or_else(|| finished(&self.material, self.index, "finish"))?;
        in_pool(self.threads, || partition.finish())
    }

    fn live(&mut self, step: &str) -> Result<&mut Partition, PartitionError> {
        let (material, index) = (self.material, self.index);
        self.partition.as_mut().ok_or_else(|| finished(&material, index, step))
    }
}

fn finished(material: &Material, index: u32, step: &str) -> PartitionError {
    PartitionError::OutOfOrder {
        partition: index,
        expected: format!("nothing: the partition of {material} is finished"),
        got: step.to_string(),
    }
}

fn in_pool<T: Send>(
    threads: Option<usize>,
    f: impl FnOnce() -> Result<T, PartitionError> + Send,
) -> Result<T, PartitionError> {
    with_threads(threads, f).map_err(|e| PartitionError::Generate(GenerateError::from(e)))?
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::generate;

    /// Three partitions of GS driven round by round through bytes, one restored from its state
    /// midway, give the values of `generate`.
    #[test]
    fn rounds_through_bytes_give_the_values_of_generate() {
        let gs = Material::parse("GS").expect("a set");
        let partitioning = king_pair_bounds(&gs, &[0, 50, 120, 234]).expect("bounds");
        let mut parts: Vec<TablePartition> = (0..3)
            .map(|p| TablePartition::new(&gs, &partitioning, p, Some(1)).expect("a partition"))
            .collect();
        let mut level = 0;
        loop {
            let mut inbox: Vec<Vec<Vec<u8>>> = vec![Vec::new(); 3];
            let mut expanded = 0;
            for p in &mut parts {
                let e = p.expand(level).expect("expands");
                expanded += e.expanded;
                e.messages.into_iter().for_each(|(to, _, bytes)| inbox[to as usize].push(bytes));
            }
            for (p, msgs) in parts.iter_mut().zip(&inbox) {
                let refs: Vec<&[u8]> = msgs.iter().map(Vec::as_slice).collect();
                p.apply(level, &refs).expect("applies");
            }
            if level == 10 {
                let state = parts[1].to_bytes().expect("a state");
                parts[1] = TablePartition::from_bytes(&gs, &state, None).expect("restores");
                let other = Material::parse("RG").expect("a set");
                assert!(TablePartition::from_bytes(&other, &state, None).is_err());
            }
            if expanded == 0 {
                break;
            }
            level += 1;
        }
        let values: Vec<u8> = parts.iter_mut().flat_map(|p| p.finish().expect("finishes")).collect();
        assert!(values == generate(&gs, &Default::default()).expect("generates"));
        assert!(parts[0].finish().is_err() && parts[0].expand(level + 1).is_err());
    }

    #[test]
    fn bad_bounds_and_messages_are_refused() {
        let gs = Material::parse("GS").expect("a set");
        assert!(king_pair_bounds(&gs, &[0, 100]).is_err());
        assert!(king_pair_bounds(&gs, &[0, 100, 100, 234]).is_err());
        assert!(king_pair_bounds(&gs, &[1, 234]).is_err());
        let partitioning = king_pair_bounds(&gs, &[0, 234]).expect("bounds");
        assert!(TablePartition::new(&gs, &partitioning, 1, None).is_err());
        let mut p = TablePartition::new(&gs, &partitioning, 0, Some(1)).expect("a partition");
        p.expand(0).expect("expands");
        assert!(p.apply(0, &[b"not a message".as_slice()]).is_err());
    }
}
