//! How a dataset stores a game's [`Termination`]: a self-play game ends by the rules or at the
//! ply cap, written as the index of one of six variants (the file format; their order must not
//! change).

use minishogi::game::EndReason;
use minishogi_arena::Termination;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The stored variants, in file order.
#[derive(Serialize, Deserialize)]
enum Stored {
    Checkmate,
    NoLegalMove,
    Repetition,
    PerpetualCheck,
    MoveLimit,
    PlyCap,
}

/// The stored form of `termination`, or `None` for one a dataset cannot hold (a resignation, a
/// loss on time, an illegal move, an engine's failure).
fn stored(termination: &Termination) -> Option<Stored> {
    Some(match termination {
        Termination::Rules(EndReason::Checkmate) => Stored::Checkmate,
        Termination::Rules(EndReason::NoLegalMove) => Stored::NoLegalMove,
        Termination::Rules(EndReason::Repetition) => Stored::Repetition,
        Termination::Rules(EndReason::PerpetualCheck) => Stored::PerpetualCheck,
        Termination::Rules(EndReason::MoveLimit) => Stored::MoveLimit,
        Termination::PlyCap => Stored::PlyCap,
        Termination::Resignation
        | Termination::TimeLoss { .. }
        | Termination::IllegalMove { .. }
        | Termination::EngineFailure(_) => return None,
    })
}

/// Whether a dataset can hold a game that ended by `termination`.
pub(crate) fn is_storable(termination: &Termination) -> bool {
    stored(termination).is_some()
}

/// Serde's `serialize_with` for a game's termination.
pub(crate) fn serialize<S: Serializer>(termination: &Termination, serializer: S) -> Result<S::Ok, S::Error> {
    let stored = stored(termination).ok_or_else(|| {
        serde::ser::Error::custom(format!("a dataset cannot hold a game ended by {termination}"))
    })?;
    stored.serialize(serializer)
}

/// Serde's `deserialize_with` for a game's termination.
pub(crate) fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Termination, D::Error> {
    Ok(match Stored::deserialize(deserializer)? {
        Stored::Checkmate => Termination::Rules(EndReason::Checkmate),
        Stored::NoLegalMove => Termination::Rules(EndReason::NoLegalMove),
        Stored::Repetition => Termination::Rules(EndReason::Repetition),
        Stored::PerpetualCheck => Termination::Rules(EndReason::PerpetualCheck),
        Stored::MoveLimit => Termination::Rules(EndReason::MoveLimit),
        Stored::PlyCap => Termination::PlyCap,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use minishogi_engine::codec::{decode_payload, encode_payload};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Stored1(#[serde(with = "super")] Termination);

    /// The variant indices are the file format of datasets written before the termination moved to
    /// the arena: checkmate 0, no legal move 1, repetition 2, perpetual check 3, move limit 4, ply
    /// cap 5 (bincode writes a small index as one byte).
    #[test]
    fn terminations_keep_their_stored_indices() {
        let order = [
            Termination::Rules(EndReason::Checkmate),
            Termination::Rules(EndReason::NoLegalMove),
            Termination::Rules(EndReason::Repetition),
            Termination::Rules(EndReason::PerpetualCheck),
            Termination::Rules(EndReason::MoveLimit),
            Termination::PlyCap,
        ];
        for (index, t) in order.into_iter().enumerate() {
            let bytes = encode_payload(&Stored1(t.clone()));
            assert_eq!(bytes, [index as u8], "{t}");
            assert_eq!(decode_payload::<Stored1>(&bytes).unwrap(), Stored1(t));
        }
        assert!(decode_payload::<Stored1>(&[6]).is_err());
        assert!(!is_storable(&Termination::Resignation));
    }
}
