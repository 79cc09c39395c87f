"""Tables and the mate solver through Python, equal to what the CLI prints with --json."""

import json
import subprocess

import pytest

import minishogi

TABLE_SFENS = ["4k/5/5/5/KG3 b - 1", "4k/5/5/5/KG3 w - 1", "k4/5/2G2/5/4K b - 1", "4k/5/5/1G3/K4 w - 1"]


@pytest.fixture(scope="module")
def tables(cli, tmp_path_factory):
    """A directory holding the table of king and gold against a king, built by the CLI."""
    d = tmp_path_factory.mktemp("tables")
    subprocess.run([cli, "tb", "gen", "G", "--dir", str(d)], check=True, capture_output=True)
    return d


def cli_json(cli, *args, stdin=None):
    out = subprocess.run([cli, *args, "--json"], check=True, capture_output=True, text=True, input=stdin)
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("first_player", ["sente", "gote"])
def test_probe_equals_the_cli(cli, tables, first_player):
    expected = cli_json(cli, "tb", "probe", "--dir", str(tables), "--first-player", first_player, stdin="\n".join(TABLE_SFENS) + "\n")
    tb = minishogi.Tablebase(tables)
    got = [tb.probe(s, first_player=first_player).to_dict() for s in TABLE_SFENS]
    assert got == expected
    assert [a.to_dict() for a in tb.probe_many(TABLE_SFENS, first_player=first_player)] == expected
    answer = tb.probe(minishogi.Position(TABLE_SFENS[0]), first_player=first_player)
    assert isinstance(answer.result, minishogi.Wdl) and answer.exact
    assert answer.by is None or isinstance(answer.by, minishogi.By)
    assert (answer.result.label, answer.by and answer.by.label, answer.plies, answer.best, answer.line) == tuple(
        expected[0][k] for k in ("result", "by", "plies", "best", "line")
    )


def test_a_large_batch_without_lines_equals_the_cli_in_order(cli, tables):
    # Positions along random games of the set: a batch big enough to run on every core.
    import random

    rng, sfens = random.Random(4), []
    while len(sfens) < 400:
        pos = minishogi.Position("4k/5/5/5/K4 b G 1")
        for _ in range(30):
            moves = pos.legal_moves()
            if not moves or pos.result() is not None:
                break
            pos.push(rng.choice(moves))
            sfens.append(pos.sfen())
    expected = cli_json(cli, "tb", "probe", "--dir", str(tables), stdin="\n".join(sfens) + "\n")
    got = minishogi.Tablebase(tables).probe_many(sfens, line=False)
    assert len(got) == len(expected)
    for a, e in zip(got, expected):
        assert (a.sfen, a.result.label, a.by and a.by.label, a.plies, a.best, a.line) == (e["sfen"], e["result"], e["by"], e["plies"], e["best"], [])


def test_missing_table_names_the_command(tables):
    tb = minishogi.Tablebase(tables)
    with pytest.raises(FileNotFoundError, match=r"minishogi tb gen R --dir "):
        tb.probe("4k/5/5/5/KR3 b - 1")
    with pytest.raises(FileNotFoundError):
        tb.probe_many(["4k/5/5/5/KG3 b - 1", "4k/5/5/5/KR3 b - 1"])
    with pytest.raises(ValueError, match="bad SFEN"):
        tb.probe("not a position")


@pytest.mark.parametrize(
    "sfen,args,kwargs",
    [
        ("4k/5/4P/5/K4 b G 1", [], {}),
        ("4k/5/4P/5/K4 b G 1", ["--any-move", "--max-plies", "5"], {"any_move": True, "max_plies": 5}),
        ("4k/5/4P/5/K4 b G 1", ["--nodes", "1000"], {"nodes": 1000}),
        ("rbsgk/4p/5/P4/KGSBR b - 1", ["--nodes", "2000"], {"nodes": 2000}),
    ],
)
def test_mate_equals_the_cli(cli, sfen, args, kwargs):
    (expected,) = cli_json(cli, "mate", *args, sfen)
    got = minishogi.mate(sfen, **kwargs).to_dict()
    got.pop("time_ms"), expected.pop("time_ms")
    assert got == expected
    from_position = minishogi.mate(minishogi.Position(sfen), **kwargs)
    assert (from_position.result, from_position.plies, from_position.line) == (
        expected["result"], expected["plies"], expected["line"],
    )


def test_mate_in_one():
    answer = minishogi.mate("4k/5/4P/5/K4 b G 1")
    assert (answer.result, answer.plies, answer.line, answer.shortest) == ("mate", 1, ["G*1b"], True)


def test_mate_rejects_inconsistent_options():
    with pytest.raises(ValueError):
        minishogi.mate("4k/5/4P/5/K4 b G 1", any_move=True)
    with pytest.raises(ValueError):
        minishogi.mate("4k/5/4P/5/K4 b G 1", max_plies=3)


def test_probe_values_are_typed(cli, tables):
    expected = cli_json(cli, "tb", "probe", "--dir", str(tables), stdin=TABLE_SFENS[0] + "\n")[0]
    answer = minishogi.Tablebase(tables).probe(TABLE_SFENS[0])
    assert answer.result == {"win": minishogi.Wdl.WIN, "draw": minishogi.Wdl.DRAW, "loss": minishogi.Wdl.LOSS}[expected["result"]]
    assert answer.by == {"mate": minishogi.By.MATE, None: None}[expected["by"]]
    assert str(answer.result) == expected["result"] and answer.result != minishogi.Wdl.DRAW
    assert minishogi.By.PERPETUAL_CHECK.label == "perpetual-check"
