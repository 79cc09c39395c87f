//! Minishogi endgame tablebases: material sets, indexing, retrograde generation, the table file
//! format, probing and verification.

pub mod value;

pub use value::Value;
