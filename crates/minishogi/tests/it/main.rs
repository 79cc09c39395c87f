//! The integration tests of `minishogi`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

// Helpers shared by the test modules.
mod common;

mod handicap;
mod notation;
mod properties;
mod reference;
mod special_rules;
mod tactical;
