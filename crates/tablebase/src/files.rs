//! What Minishogi table files are called and how they identify themselves.

use minishogi_retro::format::DrawFormat;
use minishogi_retro::GameId;

use crate::material::Material;

/// Rule set of tables whose values come from mate-only retrograde analysis, with the values of
/// the mate-only draws under the standard repetition rule in the draw section.
pub const RULE_SET: &str = "minishogi-dtm";

/// How Minishogi table files identify themselves: magic `MSHOGITB`, rule set [`RULE_SET`], and a
/// draw section of 4-byte entries (the two [`DrawValue`](crate::repetition::DrawValue)s of each mate-only draw) with
/// 56 bytes of description (the bases of the progress measures, the counts per case and outcome).
pub const GAME: GameId = GameId {
    name: "minishogi",
    magic: *b"MSHOGITB",
    rule_set: RULE_SET,
    draws: Some(DrawFormat { entry_bytes: 4, data_bytes: 56 }),
};

/// File name extension of table files.
pub const EXTENSION: &str = "mstb";

/// The file name of `material`'s table: `RG.mstb`, and `kings.mstb` for the empty set `-` (a name
/// starting with `-` would read as an option on a command line).
pub fn table_file_name(material: &Material) -> String {
    if material.piece_count() == 0 {
        format!("kings.{EXTENSION}")
    } else {
        format!("{}.{EXTENSION}", material.name())
    }
}
