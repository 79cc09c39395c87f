//! One file per group of subcommands: its clap arguments and, per subcommand, the library calls
//! and the printing.

pub mod analyse;
pub mod bench;
pub mod label;
pub mod r#match;
pub mod mate;
pub mod minjiku;
pub mod minjiku_analyse;
pub mod minjiku_engine;
pub mod minjiku_harness;
pub mod minjiku_reach;
pub mod nnue;
pub mod rules;
pub mod selfplay;
pub mod serve;
pub mod solve;
pub mod tb;
pub mod tune;
pub mod usi;
