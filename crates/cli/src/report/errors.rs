//! Table errors as one line for a user, with the command that fixes them.

use minishogi_retro::TableError;
use minishogi_tablebase::{TablebaseError, VerifyError};
use minjiku_tablebase::MinjikuTbError;

/// `e` as one line, with the `minishogi` command that fixes it where there is one (and the
/// position a verification failed on).
pub fn describe(e: &TablebaseError) -> String {
    match e {
        TablebaseError::MissingTable { material, dir } => {
            format!("{e}: run 'minishogi tb gen {material} --dir {}'", dir.display())
        }
        TablebaseError::File(TableError::UnsupportedVersion { .. }) => {
            format!("{e}: regenerate it with 'minishogi tb gen --force'")
        }
        TablebaseError::File(TableError::WrongIndexScheme { .. }) => {
            format!("{e}: regenerate it with 'minishogi tb gen'")
        }
        TablebaseError::Verify(VerifyError::Mismatch { sfen, .. }) => format!("{e}; position {sfen}"),
        _ => e.to_string(),
    }
}

/// A Minjiku table error as one line, with the command that builds a missing table.
pub fn describe_minjiku(e: MinjikuTbError) -> String {
    match &e {
        MinjikuTbError::Missing(set) => format!("{e} (build it first: minishogi minjiku tb gen {set})"),
        _ => e.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::describe;
    use minishogi_retro::TableError;
    use minishogi_tablebase::{Material, TablebaseError};
    use std::path::PathBuf;

    #[test]
    fn errors_name_the_command_that_fixes_them() {
        let path = PathBuf::from("t/R.mstb");
        let old = TablebaseError::File(TableError::UnsupportedVersion {
            path: path.clone(),
            found: 9,
            supported: 3,
        });
        assert!(
            describe(&old).ends_with(": regenerate it with 'minishogi tb gen --force'"),
            "{}",
            describe(&old)
        );
        let scheme = TablebaseError::File(TableError::WrongIndexScheme { path });
        assert!(
            describe(&scheme).ends_with(": regenerate it with 'minishogi tb gen'"),
            "{}",
            describe(&scheme)
        );
        let material = Material::parse("RBG").expect("a set");
        let missing = TablebaseError::MissingTable { material, dir: PathBuf::from("t") };
        assert_eq!(describe(&missing), "no table for RBG in t: run 'minishogi tb gen RBG --dir t'");
    }
}
