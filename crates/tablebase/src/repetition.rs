//! Values of the mate-only draws under the standard repetition rule: computing them
//! ([`repetition_values`]), the values themselves ([`RepetitionValues`], [`DrawValue`]), and
//! writing and verifying tables that hold them.

pub use crate::draw_value::{Case, CycleOutcome, DrawValue};
pub use crate::error::{RepetitionAnalysisError, RepetitionError};
pub use crate::generate::repetition_values;
pub use crate::repetition_analysis::RepetitionValues;
pub use crate::verify_repetition::{verify_repetition, RepetitionReport};
pub use crate::write::write_table_with_repetition;
