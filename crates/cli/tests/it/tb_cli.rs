//! `minishogi tb ...` run as a user runs it: JSON shape of probes, on-the-fly generation of small
//! sets, stdin mode, skipping existing tables, verification catching a damaged file, rewriting a
//! format version 1 table.

use crate::common;
use minishogi::game::EndReason;
use minishogi::{Color, Game, Position, RuleSet};
use std::path::Path;

use common::{assert_error, run, run_with_stdin};

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Checks one probe answer against the rules crate: for a mate, the line is legal, as long as
/// the distance, and ends with the side to move having no legal move; for a repetition outcome,
/// the line replayed as a game (with the first player the answer names) ends by fourfold
/// repetition with the stated winner.
fn check_answer(json: &serde_json::Value, sfen: &str) {
    let obj = json.as_object().expect("an object");
    for key in ["sfen", "material", "result", "by", "plies", "first_player", "best", "line"] {
        assert!(obj.contains_key(key), "missing {key}: {json}");
    }
    let result = json["result"].as_str().expect("result is a string");
    assert!(["win", "loss", "draw"].contains(&result), "{json}");
    let line: Vec<&str> =
        json["line"].as_array().expect("array").iter().map(|m| m.as_str().expect("move")).collect();
    assert_eq!(json["best"].as_str(), line.first().copied(), "{json}");
    let mut pos = Position::from_sfen(sfen).expect("sfen");
    assert_eq!(json["sfen"].as_str(), Some(pos.to_sfen().as_str()));
    if json["by"] != "mate" {
        assert!(json["plies"].is_null());
        let first = if json["first_player"] == "sente" { Color::Sente } else { Color::Gote };
        let mover = pos.side_to_move();
        let mut game = Game::with_first_player(pos, RuleSet::Standard, first);
        for m in line {
            game.play_usi(m).expect("a legal move");
        }
        let outcome = game.outcome().expect("the line ends the game");
        assert!(matches!(outcome.reason, EndReason::Repetition | EndReason::PerpetualCheck), "{json}");
        let expected = match result {
            "win" => Some(mover),
            "loss" => Some(!mover),
            _ => None,
        };
        assert_eq!(outcome.winner, expected, "{json}");
        return;
    }
    let plies = json["plies"].as_u64().expect("plies is a number");
    assert_eq!(plies % 2 == 1, result == "win", "{json}");
    assert_eq!(line.len() as u64, plies, "{json}");
    for m in line {
        let mv = pos.parse_move(m).expect("a legal move");
        pos.play(mv);
    }
    assert!(!pos.has_legal_move(), "line does not end the game: {json}");
}

#[test]
fn probe_json_generates_a_small_table_on_the_fly() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf-8 path");
    let sfen = "4k/5/5/5/K4 b G 1";
    let out = run(&["tb", "probe", "--json", "--sfen", sfen, "--dir", d]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().count(), 1);
    let json: serde_json::Value = serde_json::from_str(stdout.trim()).expect("JSON");
    assert_eq!(json["material"], "G");
    assert_eq!(json["result"], "win", "a gold in hand against a bare king wins");
    check_answer(&json, sfen);
    assert!(Path::new(d).join("G.mstb").exists(), "the generated table is kept");

    // Text mode from the stored table.
    let out = run(&["tb", "probe", "--sfen", sfen, "--dir", d]);
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("win in"), "{}", text(&out.stdout));

    // A position with a move played from it: the answer is of the position after the move.
    let out = run(&["tb", "probe", "--json", "--sfen", "3k1/5/5/5/K4 w G 1 moves 2a1a", "--dir", d]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    check_answer(&json, "4k/5/5/5/K4 b G 2");
    let out = run(&["tb", "probe", "--sfen", "3k1/5/5/5/K4 w G 1 moves 2a1b 5e5c", "--dir", d]);
    assert_error(&out, &["move 2 \"5e5c\": illegal in 5/4k/5/5/K4 b G 2"]);
}

#[test]
fn probe_stdin_answers_every_line_and_goes_on_after_errors() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf-8 path");
    let good = ["4k/5/5/5/K4 w G 1", "4k/5/5/5/K4 w s 1"];
    let input = format!("not a sfen\n{}\nstartpos\n{}\n", good[0], good[1]);
    let out = run_with_stdin(&["tb", "probe", "--json", "--dir", d], &input);
    assert!(!out.status.success(), "errors give a non-zero exit");
    let lines: Vec<serde_json::Value> =
        text(&out.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["sfen"], "not a sfen");
    assert!(lines[0]["error"].is_string());
    check_answer(&lines[1], good[0]);
    let missing = lines[2]["error"].as_str().expect("error for startpos");
    // Ten pieces: no table can be built, and the answer says so instead of naming a command.
    assert!(missing.contains("no table for RRBBGGSSPP") && missing.contains("up to 3"), "{missing}");
    check_answer(&lines[3], good[1]);
}

#[test]
fn a_missing_large_table_names_the_command_that_makes_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf-8 path");
    let out = run(&["tb", "probe", "--sfen", "4k/5/5/5/K4 b RBG 1", "--dir", d]);
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("no table for RBG") && err.contains("minishogi tb gen RBG"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn gen_skips_existing_tables_and_verify_catches_damage() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf-8 path");
    let out = run(&["tb", "gen", "G", "-", "--dir", d, "--threads", "2"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("G: ") && stdout.contains("bits per stored position"), "{stdout}");
    let out = run(&["tb", "gen", "G", "--dir", d]);
    assert!(text(&out.stdout).contains("skipped"), "{}", text(&out.stdout));

    let file = dir.path().join("G.mstb");
    let f = file.to_str().expect("utf-8");
    let out = run(&["tb", "verify", f, dir.path().join("kings.mstb").to_str().expect("utf-8")]);
    assert!(out.status.success(), "{}{}", text(&out.stdout), text(&out.stderr));
    assert_eq!(text(&out.stdout).matches(": ok").count(), 2);

    let out = run(&["tb", "info", f]);
    assert!(out.status.success());
    let info = text(&out.stdout);
    assert!(info.contains("longest mate: win in") && info.contains("bits per legal position"), "{info}");

    // Flip one byte in the middle of the blocks: verify fails and names the file and block.
    let mut bytes = std::fs::read(&file).expect("read");
    let at = bytes.len() - 100;
    bytes[at] ^= 0x40;
    let bad = dir.path().join("bad.mstb");
    std::fs::write(&bad, &bytes).expect("write");
    let out = run(&["tb", "verify", bad.to_str().expect("utf-8")]);
    assert!(!out.status.success());
    let report = text(&out.stdout);
    assert!(report.contains("bad.mstb") && report.contains("block"), "{report}");
}

#[test]
fn verify_reports_a_wrong_value_with_its_sfen() {
    use minishogi_retro::{GenerateOptions, Value, WriteOptions};
    use minishogi_tablebase::{generate, write_table, Indexer, Material};
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("R").expect("material");
    let mut values = generate(&m, &GenerateOptions::default()).expect("generate");
    let ix = Indexer::new(&m);
    // Turn the first won position into a draw: checksums are fine, the value is not.
    let slot = values.iter().position(|&v| Value::from_byte(v).is_win()).expect("a win");
    values[slot] = Value::DRAW.to_byte();
    let path = dir.path().join("R.mstb");
    write_table(&path, "R", &ix.params(), &values, &WriteOptions::default(), &|_| {}).expect("write");
    let out = run(&["tb", "verify", path.to_str().expect("utf-8")]);
    assert!(!out.status.success());
    let report = text(&out.stdout);
    let sfen = ix.position(slot as u64).expect("legal slot").to_sfen();
    assert!(report.contains("R.mstb") && report.contains(&sfen), "{report}");
}

#[test]
fn rewrite_turns_a_plain_table_into_a_smaller_one() {
    use minishogi_retro::format::{TRANSFORM_DONT_CARE, TRANSFORM_NONE};
    use minishogi_retro::{GenerateOptions, WriteOptions};
    use minishogi_tablebase::{generate, write_table, Indexer, Material, MaterialTable};
    let dir = tempfile::tempdir().expect("tempdir");
    let m = Material::parse("S").expect("material");
    let values = generate(&m, &GenerateOptions::default()).expect("generate");
    let path = dir.path().join("S.mstb");
    // A mate-only file with every byte stored, level 9 with a dictionary.
    let old = WriteOptions {
        level: 9,
        dictionary_size: 32 << 10,
        dont_care_illegal: false,
        ..WriteOptions::default()
    };
    write_table(&path, "S", &Indexer::new(&m).params(), &values, &old, &|_| {}).expect("write");
    let before = std::fs::metadata(&path).expect("the file").len();
    let plain = MaterialTable::open_any(&path).expect("open").table.header().transform;
    assert_eq!(plain, TRANSFORM_NONE);

    let f = path.to_str().expect("utf-8");
    let out = run(&["tb", "rewrite", f, "--threads", "1"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("S.mstb: ") && text(&out.stdout).contains(" -> "),
        "{}",
        text(&out.stdout)
    );
    let material_table = MaterialTable::open_any(&path).expect("open");
    let table = &material_table.table;
    assert_eq!(table.header().transform, TRANSFORM_DONT_CARE);
    assert!(table.file_bytes() < before, "{} bytes, {before} before", table.file_bytes());
    assert_eq!(material_table.values().expect("values"), values);
    assert!(
        !material_table.has_repetition(),
        "rewriting keeps the values, and the file had no repetition values"
    );
    let out = run(&["tb", "info", f]);
    let info = text(&out.stdout);
    assert!(info.contains("format version 3") && info.contains("longest mate: win in 37"), "{info}");
    assert!(info.contains("no repetition values"), "{info}");
    // A mate-only table's answers come with a warning; `tb gen` rebuilds it.
    let d = dir.path().to_str().expect("utf-8 path");
    let out = run(&["tb", "probe", "--sfen", "4k/5/5/5/K4 b S 1", "--dir", d, "--json"]);
    assert!(text(&out.stderr).contains("predates repetition values"), "{}", text(&out.stderr));
    let out = run(&["tb", "gen", "S", "--dir", d]);
    assert!(text(&out.stderr).contains("predates repetition values): regenerating"), "{}", text(&out.stderr));
    assert!(MaterialTable::open_any(&path).expect("open").has_repetition());
}

/// The kings-only set: nobody can mate, so the first player loses by repetition.
#[test]
fn probe_answers_by_the_repetition_rule_for_both_first_players() {
    let dir = tempfile::tempdir().expect("tempdir");
    let d = dir.path().to_str().expect("utf-8 path");
    let sfen = "4k/5/5/5/K4 b - 1";
    for (first, result) in [("sente", "loss"), ("gote", "win")] {
        let out = run(&["tb", "probe", "--json", "--sfen", sfen, "--dir", d, "--first-player", first]);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
        assert_eq!(
            (json["result"].as_str(), json["by"].as_str()),
            (Some(result), Some("repetition")),
            "{json}"
        );
        assert_eq!(json["first_player"], first);
        check_answer(&json, sfen);
    }
    let out = run(&["tb", "probe", "--sfen", sfen, "--dir", d]);
    assert!(text(&out.stdout).contains("loss by repetition"), "{}", text(&out.stdout));
    let out = run(&["tb", "probe", "--json", "--sfen", sfen, "--dir", d, "--rules", "draw300"]);
    let json: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).expect("JSON");
    assert_eq!((json["result"].as_str(), json["by"].is_null()), (Some("draw"), true), "{json}");
    for bad in [["--first-player", "nobody"], ["--rules", "lenient"]] {
        let out = run(&["tb", "probe", "--sfen", sfen, "--dir", d, bad[0], bad[1]]);
        assert!(!out.status.success() && text(&out.stderr).contains(bad[1]), "{}", text(&out.stderr));
    }
}
