//! Datasets of any variant as text: a header of `# key value` lines, then one game a line,
//! tab-separated:
//!
//! ```text
//! # minishogi-harness dataset 1
//! # game minjiku
//! # seed 1
//! # nodes 3000
//! # weights initial
//! # ply_cap 400
//! 1-0⇥checkmate⇥4⇥- - - - 35 41 … 29997⇥startpos moves h2a9+ …
//! ```
//!
//! (`⇥` is a tab.) The fields: the result (`1-0` the first player won, `0-1`, `1/2-1/2`), the
//! ending (the rules' word or `ply-cap`), the opening's plies, the score of every move (`-` for
//! the unsearched opening), and the game as `startpos moves …` / `POSITION moves …` in the
//! variant's notation.
//! Reading replays every game under the rules: a bad field, an illegal move or a result that
//! is not the rules' is an error naming the line.

use crate::error::{LineProblem, TextDatasetError};
use crate::variant_games::{GameRecord, NO_SCORE};
use minishogi_arena::variant::Variant;
use std::io::{BufRead, BufWriter, Write};
use std::path::Path;

/// The first line of a text dataset.
const MAGIC: &str = "# minishogi-harness dataset 1";

/// What produced a text dataset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextMeta {
    /// The game (`minjiku`, `minishogi`).
    pub game: String,
    /// The seed of the run.
    pub seed: u64,
    /// Nodes searched per move (the mean).
    pub nodes: u64,
    /// The weights that played.
    pub weights: String,
    /// Plies after which a game is scored a draw.
    pub ply_cap: u64,
}

/// The result field of a game.
fn result_text(winner: Option<u8>) -> &'static str {
    match winner {
        Some(0) => "1-0",
        Some(_) => "0-1",
        None => "1/2-1/2",
    }
}

/// One game as a dataset line (without the newline).
pub fn game_line<V: Variant>(variant: &V, record: &GameRecord<V>) -> String {
    let scores: Vec<String> =
        record.scores.iter().map(|&s| if s == NO_SCORE { "-".to_string() } else { s.to_string() }).collect();
    format!(
        "{}\t{}\t{}\t{}\t{}",
        result_text(record.winner(variant)),
        record.ending(variant),
        record.opening_plies,
        scores.join(" "),
        record.line(variant)
    )
}

/// Writes the dataset (atomically: a temporary name, then renamed).
pub fn save<V: Variant>(
    variant: &V,
    meta: &TextMeta,
    games: &[GameRecord<V>],
    path: &Path,
) -> Result<(), TextDatasetError> {
    let io = |source| TextDatasetError::Io { path: path.to_path_buf(), source };
    let tmp = path.with_extension("tmp");
    let mut out = BufWriter::new(std::fs::File::create(&tmp).map_err(io)?);
    let header = format!(
        "{MAGIC}\n# game {}\n# seed {}\n# nodes {}\n# weights {}\n# ply_cap {}\n",
        meta.game, meta.seed, meta.nodes, meta.weights, meta.ply_cap
    );
    out.write_all(header.as_bytes()).map_err(io)?;
    for g in games {
        writeln!(out, "{}", game_line(variant, g)).map_err(io)?;
    }
    out.into_inner().map_err(|e| io(e.into_error()))?.sync_all().map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// Writes the games alone, one a line as `startpos moves …` (what `minjiku tb gen --from-games`
/// reads).
pub fn save_lines<V: Variant>(
    variant: &V,
    games: &[GameRecord<V>],
    path: &Path,
) -> Result<(), TextDatasetError> {
    let io = |source| TextDatasetError::Io { path: path.to_path_buf(), source };
    let mut out = BufWriter::new(std::fs::File::create(path).map_err(io)?);
    for g in games {
        writeln!(out, "{}", g.line(variant)).map_err(io)?;
    }
    out.flush().map_err(io)
}

/// Parses one game line of `variant`, replaying it under the rules.
pub fn parse_game_line<V: Variant>(variant: &V, line: &str) -> Result<GameRecord<V>, LineProblem> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [result, ending, opening, scores, game_text] = fields[..] else {
        return Err(LineProblem::Fields(fields.len()));
    };
    let winner = match result {
        "1-0" => Some(0),
        "0-1" => Some(1),
        "1/2-1/2" => None,
        other => return Err(LineProblem::Result(other.to_string())),
    };
    let opening_plies: usize = opening.parse().map_err(|_| LineProblem::Opening(opening.to_string()))?;
    let scores = scores
        .split_whitespace()
        .map(|s| {
            if s == "-" {
                Ok(NO_SCORE)
            } else {
                s.parse::<i16>().map_err(|_| LineProblem::Score(s.to_string()))
            }
        })
        .collect::<Result<Vec<i16>, LineProblem>>()?;
    let words: Vec<&str> = game_text.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "moves").unwrap_or(words.len());
    let start = match &words[..at] {
        ["startpos"] => variant.startpos(),
        setup => variant.parse_position(&setup.join(" ")).map_err(|e| LineProblem::Position(Box::new(e)))?,
    };
    let mut game = variant.new_game(&start);
    let mut moves = Vec::new();
    for (i, text) in words.iter().skip(at + 1).enumerate() {
        if variant.outcome(&game).is_some() {
            return Err(LineProblem::AfterEnd { index: i + 1 });
        }
        let m = variant
            .parse_move(variant.position(&game), text)
            .map_err(|e| LineProblem::Move { index: i + 1, source: Box::new(e) })?;
        variant.play(&mut game, m);
        moves.push(m);
    }
    if scores.len() != moves.len() || opening_plies > moves.len() {
        return Err(LineProblem::Scores { moves: moves.len(), scores: scores.len(), opening: opening_plies });
    }
    let outcome = variant.outcome(&game);
    let record = GameRecord { start, opening_plies, moves, scores, outcome };
    // The result and ending must be what the rules say of the final position.
    if record.winner(variant) != winner || record.ending(variant) != ending {
        let found = format!("{} {}", result_text(record.winner(variant)), record.ending(variant));
        return Err(LineProblem::Verdict { stated: format!("{result} {ending}"), found });
    }
    Ok(record)
}

/// Reads a dataset written by [`save`] for `variant`.
pub fn load<V: Variant>(
    variant: &V,
    path: &Path,
) -> Result<(TextMeta, Vec<GameRecord<V>>), TextDatasetError> {
    let io = |source| TextDatasetError::Io { path: path.to_path_buf(), source };
    let file = std::io::BufReader::new(std::fs::File::open(path).map_err(io)?);
    let mut meta = TextMeta { game: String::new(), seed: 0, nodes: 0, weights: String::new(), ply_cap: 0 };
    let mut games = Vec::new();
    let bad = |line: usize, problem: LineProblem| TextDatasetError::Line {
        path: path.to_path_buf(),
        line,
        problem,
    };
    for (n, line) in file.lines().enumerate() {
        let line = line.map_err(io)?;
        let number = n + 1;
        if n == 0 {
            if line != MAGIC {
                return Err(bad(number, LineProblem::Magic(line)));
            }
            continue;
        }
        if let Some(header) = line.strip_prefix("# ") {
            let (key, value) = header.split_once(' ').unwrap_or((header, ""));
            let number_of =
                |v: &str| v.parse::<u64>().map_err(|_| bad(number, LineProblem::Header(line.clone())));
            match key {
                "game" => meta.game = value.to_string(),
                "seed" => meta.seed = number_of(value)?,
                "nodes" => meta.nodes = number_of(value)?,
                "weights" => meta.weights = value.to_string(),
                "ply_cap" => meta.ply_cap = number_of(value)?,
                _ => return Err(bad(number, LineProblem::Header(line.clone()))),
            }
            continue;
        }
        if line.trim().is_empty() {
            continue;
        }
        if meta.game != variant.name() {
            let found = meta.game.clone();
            return Err(TextDatasetError::WrongGame {
                path: path.to_path_buf(),
                expected: variant.name(),
                found,
            });
        }
        games.push(parse_game_line(variant, &line).map_err(|p| bad(number, p))?);
    }
    if games.is_empty() && meta.game != variant.name() {
        let found = meta.game.clone();
        return Err(TextDatasetError::WrongGame {
            path: path.to_path_buf(),
            expected: variant.name(),
            found,
        });
    }
    Ok((meta, games))
}

/// Counts of a set of games: games, labelled positions, results, endings, length.
pub fn summary<V: Variant>(variant: &V, games: &[GameRecord<V>]) -> String {
    let (mut first, mut second, mut draws, mut plies, mut labelled) = (0, 0, 0, 0, 0);
    let mut endings: std::collections::BTreeMap<&str, usize> = Default::default();
    for g in games {
        match g.winner(variant) {
            Some(0) => first += 1,
            Some(_) => second += 1,
            None => draws += 1,
        }
        plies += g.moves.len();
        labelled += g.moves.len() - g.opening_plies;
        *endings.entry(g.ending(variant)).or_default() += 1;
    }
    let endings: Vec<String> = endings.iter().map(|(k, v)| format!("{k} {v}")).collect();
    format!(
        "{} games, {labelled} labelled positions, first player {first} / second {second} / draws {draws}, \
         {:.1} plies per game; endings: {}",
        games.len(),
        plies as f64 / games.len().max(1) as f64,
        endings.join(", ")
    )
}
