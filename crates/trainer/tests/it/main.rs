//! The integration tests of `minishogi-trainer`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

mod tuning;
mod variant_tuning;
