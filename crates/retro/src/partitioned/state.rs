//! A partition's state as bytes, to checkpoint it between rounds or move it to another process:
//! `Partition::to_bytes` / `Partition::from_bytes`.
//!
//! Layout (little-endian): magic `RTP1`; the set's name (u32 length + UTF-8); the partition's
//! number (u32); the bounds (u64 count + u64 each); the level of the next expansion (u32); the
//! counter floor (u8) and byte cap (u32); the side table (u8 0/1, then u64 count, the u16
//! offsets, the u8 counters, u64 count + the u64 chunk starts); the chunk flags to scan (u64
//! count + one byte each); the seeds (u64 levels, each u64 count + u64 offsets); the work bytes
//! (u64 length + bytes); XXH3-64 of everything before.

use xxhash_rust::xxh3::xxh3_64;

use super::chunk::ChunkFlags;
use super::error::PartitionError;
use super::partition::{Partition, Step};
use super::partitioning::Partitioning;
use super::side_counters::SideCounters;

const MAGIC: &[u8; 4] = b"RTP1";

impl Partition {
    /// The state as bytes (see the module `state`); only between rounds (waiting for an
    /// expansion), else an [`PartitionError::OutOfOrder`] error.
    pub fn to_bytes(&self) -> Result<Vec<u8>, PartitionError> {
        let Step::Expand(level) = self.step else {
            return Err(PartitionError::OutOfOrder {
                partition: self.index,
                expected: format!("{:?}", self.step).to_lowercase(),
                got: "to_bytes".into(),
            });
        };
        let mut out = Vec::with_capacity(self.work.len() + 1024);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(self.name.len() as u32).to_le_bytes());
        out.extend_from_slice(self.name.as_bytes());
        out.extend_from_slice(&self.index.to_le_bytes());
        put_u64s(&mut out, &self.bounds);
        out.extend_from_slice(&level.to_le_bytes());
        out.push(self.floor);
        out.extend_from_slice(&self.byte_cap.to_le_bytes());
        match &self.side {
            None => out.push(0),
            Some(side) => {
                out.push(1);
                out.extend_from_slice(&(side.offsets.len() as u64).to_le_bytes());
                side.offsets.iter().for_each(|o| out.extend_from_slice(&o.to_le_bytes()));
                out.extend_from_slice(&side.counters);
                put_u64s(&mut out, &side.chunk_starts);
            }
        }
        put_bytes(&mut out, &self.scan.0.iter().map(|&f| u8::from(f)).collect::<Vec<_>>());
        out.extend_from_slice(&(self.seeds.len() as u64).to_le_bytes());
        self.seeds.iter().for_each(|s| put_u64s(&mut out, s));
        put_bytes(&mut out, &self.work);
        out.extend_from_slice(&xxh3_64(&out).to_le_bytes());
        Ok(out)
    }

    /// The partition saved by [`Partition::to_bytes`], checked (checksum, bounds, lengths).
    pub fn from_bytes(bytes: &[u8]) -> Result<Partition, PartitionError> {
        let bad = |detail: &str| PartitionError::Message {
            partition: u32::MAX,
            detail: format!("state: {detail}"),
        };
        let (body, sum) =
            bytes.split_at_checked(bytes.len().wrapping_sub(8)).ok_or_else(|| bad("too short"))?;
        if body.get(..4) != Some(MAGIC) || xxh3_64(body).to_le_bytes() != sum {
            return Err(bad("wrong magic or checksum"));
        }
        let mut r = Reader { bytes: body, at: 4 };
        let name_len = r.u32()? as usize;
        let name = String::from_utf8(r.take(name_len)?.to_vec()).map_err(|_| bad("name not UTF-8"))?;
        let index = r.u32()?;
        let partitioning = Partitioning::from_bounds(r.u64s()?)?;
        let range = partitioning.range(index as usize).ok_or_else(|| bad("no such partition"))?;
        let level = r.u32()?;
        let floor = r.take(1)?[0];
        let byte_cap = r.u32()?;
        let side = match r.take(1)?[0] {
            0 => None,
            1 => {
                let n = r.len()?;
                let offsets = r.take(n.checked_mul(2).ok_or_else(|| bad("length"))?)?;
                let offsets = offsets.chunks(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
                let counters = r.take(n)?.to_vec();
                Some(SideCounters { offsets, counters, chunk_starts: r.u64s()? })
            }
            _ => return Err(bad("side table flag")),
        };
        let scan_len = r.len()?;
        let scan = ChunkFlags(r.take(scan_len)?.iter().map(|&f| f != 0).collect());
        let seeds = (0..r.len()?).map(|_| r.u64s()).collect::<Result<Vec<_>, _>>()?;
        let work_len = r.len()?;
        let work = r.take(work_len)?.to_vec();
        let len = work.len();
        let side_ok = side.as_ref().is_none_or(|s| s.is_consistent(len));
        if r.at != body.len() || len as u64 != range.end - range.start || !side_ok {
            return Err(bad("lengths do not match the partition"));
        }
        if scan.0.len() != ChunkFlags::new(len).0.len() || seeds.iter().flatten().any(|&o| o >= len as u64) {
            return Err(bad("chunk flags or seeds do not match the partition"));
        }
        Ok(Partition {
            name,
            index,
            bounds: partitioning.bounds().to_vec(),
            work,
            floor,
            side,
            byte_cap,
            scan,
            next: ChunkFlags::new(len),
            seeds,
            step: Step::Expand(level),
        })
    }
}

fn put_u64s(out: &mut Vec<u8>, values: &[u64]) {
    out.extend_from_slice(&(values.len() as u64).to_le_bytes());
    values.iter().for_each(|v| out.extend_from_slice(&v.to_le_bytes()));
}

fn put_bytes(out: &mut Vec<u8>, bytes: &[u8]) {
    out.extend_from_slice(&(bytes.len() as u64).to_le_bytes());
    out.extend_from_slice(bytes);
}

/// Reads the fields of a saved state, any shortfall an error.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], PartitionError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(|| {
            PartitionError::Message { partition: u32::MAX, detail: "state: truncated".into() }
        })?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, PartitionError> {
        let b = self.take(4)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self) -> Result<u64, PartitionError> {
        let mut v = [0u8; 8];
        v.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(v))
    }

    /// A count, which must fit in what is left.
    fn len(&mut self) -> Result<usize, PartitionError> {
        let n = self.u64()?;
        usize::try_from(n).ok().filter(|&n| n <= self.bytes.len() - self.at).ok_or_else(|| {
            PartitionError::Message { partition: u32::MAX, detail: "state: count beyond the bytes".into() }
        })
    }

    fn u64s(&mut self) -> Result<Vec<u64>, PartitionError> {
        let n = self.len()?;
        Ok(self
            .take(n.saturating_mul(8))?
            .chunks(8)
            .map(|c| {
                let mut v = [0u8; 8];
                v.copy_from_slice(c);
                u64::from_le_bytes(v)
            })
            .collect())
    }
}
