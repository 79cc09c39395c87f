//! The loop's self-play step played by an outside command, such as the Ray driver
//! `python -m minishogi.distributed selfplay --address auto`, so that a generation's games can
//! run on many machines.
//!
//! The command gets the step's settings as `minishogi selfplay` flags (`--games`, `--nodes`,
//! `--seed`, the opening flags, `--ply-cap`), the player (`--network FILE` or `--weights FILE`,
//! and `--name`), a directory for its partial work (`--out DIR`) and the dataset to write
//! (`--merge FILE`). It must write exactly the dataset the in-process step would: same games,
//! same metadata. It runs through `sh -c`, so the command may carry its own arguments.

use crate::Error;
use minishogi_arena::{Evaluation, OpeningConfig};
use minishogi_selfplay::{Dataset, SelfplayConfig};
use std::path::Path;
use std::process::Command;

/// Plays `sp` with `evaluation` (called `name` in the metadata) by running `command`; `work` is
/// the command's directory for shards and `out` the dataset it must write.
pub(super) fn selfplay_by_command(
    command: &str,
    sp: &SelfplayConfig,
    evaluation: &Evaluation,
    name: &str,
    work: &Path,
    out: &Path,
) -> Result<Dataset, Error> {
    let failed = |message: String| Error::SelfplayCommand { command: command.to_string(), message };
    let defaults = SelfplayConfig::default();
    let opening_defaults = OpeningConfig::default();
    if sp.hash_mb != defaults.hash_mb
        || sp.rules != defaults.rules
        || sp.opening.check_nodes != opening_defaults.check_nodes
        || sp.opening.attempts != opening_defaults.attempts
    {
        return Err(failed(
            "the command takes the flags of `minishogi selfplay` only: hash size, rules and the \
             opening check must be the defaults"
                .into(),
        ));
    }
    std::fs::create_dir_all(work).map_err(|e| Error::io(work, e))?;
    let (player_flag, player) = match evaluation {
        Evaluation::Network(net) => {
            let path = work.join("player.nnue");
            net.save(&path)?;
            ("--network", path)
        }
        Evaluation::Linear(weights) => {
            let path = work.join("player.weights");
            weights.save(&path).map_err(|e| Error::weights_file(&path, e))?;
            ("--weights", path)
        }
    };
    let mut args: Vec<String> = vec![
        "--games".into(),
        sp.games.to_string(),
        "--nodes".into(),
        sp.nodes.to_string(),
        "--seed".into(),
        sp.seed.to_string(),
        "--opening-min".into(),
        sp.opening.min_plies.to_string(),
        "--opening-max".into(),
        sp.opening.max_plies.to_string(),
        "--opening-balance".into(),
        sp.opening.max_score.to_string(),
        "--ply-cap".into(),
        sp.ply_cap.to_string(),
        player_flag.into(),
    ];
    args.push(player.display().to_string());
    args.extend(["--name".into(), name.to_string(), "--out".into(), work.display().to_string()]);
    args.extend(["--merge".into(), out.display().to_string()]);
    let status = Command::new("sh")
        .arg("-c")
        .arg(format!("{command} \"$@\""))
        .arg("sh")
        .args(&args)
        .status()
        .map_err(|e| failed(format!("cannot start sh: {e}")))?;
    if !status.success() {
        return Err(failed(format!("exited with {status}")));
    }
    let data = Dataset::load(out)?;
    if data.games.len() != sp.games || data.meta.seed != sp.seed || data.meta.weights != name {
        return Err(failed(format!(
            "{} holds {} games of seed {} played by '{}', not {} of seed {} by '{name}'",
            out.display(),
            data.games.len(),
            data.meta.seed,
            data.meta.weights,
            sp.games,
            sp.seed
        )));
    }
    Ok(data)
}
