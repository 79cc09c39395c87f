//! Game records: the records file of a match, one line per game ([`RecordWriter`] writes it as
//! games end, [`record_line`] is one line, [`read_records`] reads it back as [`RecordedGame`]s),
//! and KIF and CSA files of any game ([`GameRecord`], [`record_kif`], [`record_csa`]; [`to_kif`]
//! and [`to_csa`] for a match's finished game).

pub use crate::csa::{csa_kind, record_csa, to_csa};
pub use crate::game_record::GameRecord;
pub use crate::kif::{record_kif, to_kif};
pub use crate::records_file::{record_line, RecordWriter, RECORDS_HEADER};
pub use crate::records_reader::{read_records, RecordedGame};
