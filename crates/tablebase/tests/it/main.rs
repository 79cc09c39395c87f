//! The integration tests of `minishogi-tablebase`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

// Helpers shared by the test modules.
mod common;

mod generate_verify;
mod hand_checked;
mod hand_checked_repetition;
mod mate_search;
mod partitioned;
mod probe;
mod repetition;
mod repetition_reference;
mod table_file;
