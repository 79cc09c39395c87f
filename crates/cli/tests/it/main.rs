//! The integration tests of `minishogi-cli`, one module per topic, built as one test binary
//! (one link instead of one per file). Add a test to the module of its topic, or add a
//! file here and a `mod` line below; see docs/testing.md.

// Helpers shared by the test modules.
mod common;

mod analyse_cli;
mod label_cli;
mod match_cli;
mod mate_cli;
mod minjiku_cli;
mod minjiku_engine_cli;
mod minjiku_harness_cli;
mod minjiku_play_cli;
mod minjiku_tb_cli;
mod nnue_cli;
mod positional_cli;
mod rules_cli;
mod selfplay_cli;
mod solve_cli;
mod tb_cli;
mod usi;
