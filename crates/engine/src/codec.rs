//! The one place that knows the binary encoding (bincode 2, serde): plain payloads and versioned
//! files (magic, format version, length, checksum, payload).
//!
//! Weights files and self-play datasets both go through here, so the encoding can change in one
//! module.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Why bytes or a file could not be decoded or written.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    /// The payload is not a valid encoding of the expected type.
    #[error("malformed data: {0}")]
    Malformed(#[source] bincode::error::DecodeError),
    /// Bytes left over after the payload's value, or after the length the header gives it.
    #[error("malformed data: {count} trailing bytes")]
    TrailingBytes {
        /// How many.
        count: u64,
    },
    /// The file does not start with the expected magic bytes.
    #[error("not a {} file (wrong magic bytes)", String::from_utf8_lossy(expected))]
    WrongMagic {
        /// The magic bytes the file should start with.
        expected: [u8; 4],
    },
    /// The file has a format version this build cannot read.
    #[error("unsupported format version {found} (this build reads version {expected})")]
    WrongVersion {
        /// The version in the file.
        found: u32,
        /// The version this build reads.
        expected: u32,
    },
    /// The file ends before its header says it should.
    #[error("truncated file: expected {expected} bytes, found {found}")]
    Truncated {
        /// Bytes the header announces.
        expected: u64,
        /// Bytes present.
        found: u64,
    },
    /// The payload checksum does not match.
    #[error("corrupted file: checksum mismatch")]
    Checksum,
    /// Reading or writing the file failed.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
}

fn config() -> bincode::config::Configuration {
    bincode::config::standard()
}

/// Encodes a value as bytes (bincode, no header): the payload of a versioned file.
pub fn encode_payload<T: Serialize>(value: &T) -> Vec<u8> {
    // Encoding into a Vec can only fail for types serde cannot represent (e.g. maps with
    // non-string keys are fine in bincode); our types are plain data.
    bincode::serde::encode_to_vec(value, config()).expect("plain data always encodes")
}

/// Decodes a value from bytes produced by [`encode_payload`]; trailing bytes are an error.
pub fn decode_payload<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    let (value, used) = bincode::serde::decode_from_slice(bytes, config()).map_err(CodecError::Malformed)?;
    if used != bytes.len() {
        return Err(CodecError::TrailingBytes { count: (bytes.len() - used) as u64 });
    }
    Ok(value)
}

/// Header size of a versioned file: magic (4), version (4), payload length (8), checksum (8).
const HEADER: usize = 24;

/// FNV-1a over the payload: enough to catch truncation and bit rot, not an adversary.
pub(crate) fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Wraps an encoded payload with a header: `magic`, `version`, length and checksum.
pub(crate) fn encode_versioned<T: Serialize>(magic: [u8; 4], version: u32, value: &T) -> Vec<u8> {
    let payload = encode_payload(value);
    let mut out = Vec::with_capacity(HEADER + payload.len());
    out.extend_from_slice(&magic);
    out.extend_from_slice(&version.to_le_bytes());
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
    out
}

/// Checks the header written by [`encode_versioned`] and decodes the payload.
pub(crate) fn decode_versioned<T: DeserializeOwned>(
    magic: [u8; 4],
    version: u32,
    bytes: &[u8],
) -> Result<T, CodecError> {
    if bytes.len() < 4 || bytes[..4] != magic {
        return Err(CodecError::WrongMagic { expected: magic });
    }
    if bytes.len() < HEADER {
        return Err(CodecError::Truncated { expected: HEADER as u64, found: bytes.len() as u64 });
    }
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let found_version = u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes"));
    if found_version != version {
        return Err(CodecError::WrongVersion { found: found_version, expected: version });
    }
    let len = word(8);
    let sum = word(16);
    let payload = &bytes[HEADER..];
    if (payload.len() as u64) < len {
        return Err(CodecError::Truncated { expected: HEADER as u64 + len, found: bytes.len() as u64 });
    }
    if payload.len() as u64 > len {
        return Err(CodecError::TrailingBytes { count: payload.len() as u64 - len });
    }
    if checksum(payload) != sum {
        return Err(CodecError::Checksum);
    }
    decode_payload(payload)
}

/// Writes a versioned file atomically (to a temporary name, then renamed).
pub fn save_versioned<T: Serialize>(
    path: &Path,
    magic: [u8; 4],
    version: u32,
    value: &T,
) -> Result<(), CodecError> {
    let io = |source| CodecError::Io { path: path.to_path_buf(), source };
    let bytes = encode_versioned(magic, version, value);
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, &bytes).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Reads a versioned file written by [`save_versioned`].
pub fn load_versioned<T: DeserializeOwned>(
    path: &Path,
    magic: [u8; 4],
    version: u32,
) -> Result<T, CodecError> {
    let bytes = std::fs::read(path).map_err(|source| CodecError::Io { path: path.to_path_buf(), source })?;
    decode_versioned(magic, version, &bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAGIC: [u8; 4] = *b"TEST";

    #[test]
    fn round_trip() {
        let value = (vec![1i32, -7, 300], String::from("x"));
        let bytes = encode_versioned(MAGIC, 3, &value);
        let back: (Vec<i32>, String) = decode_versioned(MAGIC, 3, &bytes).unwrap();
        assert_eq!(back, value);
    }

    #[test]
    fn rejects_bad_files() {
        let bytes = encode_versioned(MAGIC, 3, &vec![5u64; 40]);
        let r = decode_versioned::<Vec<u64>>(*b"NOPE", 3, &bytes);
        assert!(matches!(r, Err(CodecError::WrongMagic { .. })));
        let r = decode_versioned::<Vec<u64>>(MAGIC, 4, &bytes);
        assert!(matches!(r, Err(CodecError::WrongVersion { found: 3, expected: 4 })));
        for cut in [2, 10, 30, bytes.len() - 1] {
            let r = decode_versioned::<Vec<u64>>(MAGIC, 3, &bytes[..cut]);
            assert!(r.is_err(), "cut at {cut}");
        }
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        assert!(matches!(decode_versioned::<Vec<u64>>(MAGIC, 3, &flipped), Err(CodecError::Checksum)));
    }
}
