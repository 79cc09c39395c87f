"""KIF and CSA records: equal to the files `minishogi match` writes for the same games, and read
back here by small parsers of the two formats (move lines against the USI moves played)."""

import re
import subprocess

import pytest

import minishogi
from conftest import sfen_pieces

FILES = "１２３４５"
RANKS = "一二三四五"
KIF_KINDS = {"歩": "P", "銀": "S", "金": "G", "角": "B", "飛": "R", "玉": "K", "と": "+P", "成銀": "+S", "馬": "+B", "龍": "+R"}
CSA_KINDS = {"FU": "P", "GI": "S", "KI": "G", "KA": "B", "HI": "R", "OU": "K", "TO": "+P", "NG": "+S", "UM": "+B", "RY": "+R"}


def test_kif_and_csa_equal_the_files_of_a_cli_match(cli, tmp_path):
    command = [cli, "match", "--engine1", f"{cli} usi", "--engine2", f"{cli} usi", "--name1", "A", "--name2", "B"]
    command += ["--tc", "nodes=300", "--games", "2", "--seed", "3", "--records", str(tmp_path / "records.tsv")]
    command += ["--kif", str(tmp_path / "kif"), "--csa", str(tmp_path / "csa")]
    subprocess.run(command, check=True, capture_output=True)
    lines = (tmp_path / "records.tsv").read_text().splitlines()[1:]
    assert len(lines) == 2
    for line in lines:
        number, sente, gote, _, ending, opening, moves, times_ms = line.split("\t")
        if ending not in ("checkmate", "no-legal-move", "repetition", "perpetual-check"):
            pytest.skip(f"game {number} ended by {ending}, which the rules alone cannot know")
        start, _, opening_moves = opening.partition(" moves ")
        pos = minishogi.Position() if start == "startpos" else minishogi.Position(start.removeprefix("sfen "))
        opening_moves = opening_moves.split()
        for usi in opening_moves + moves.split():
            pos.push(usi)
        assert pos.result() is not None
        times = [0.0] * len(opening_moves) + [int(t) / 1000 for t in times_ms.split()]
        name = f"game-{int(number):04}"
        assert pos.kif(sente, gote, times=times) == (tmp_path / "kif" / f"{name}.kif").read_text()
        assert pos.csa(sente, gote, times=times) == (tmp_path / "csa" / f"{name}.csa").read_text()


def played_game():
    """A game from the bishop handicap with captures, a drop, a promotion, a declined promotion
    and a recapture (同), ended by mate."""
    pos = minishogi.Position.handicap("bishop")
    # Fixed choices (a stride through the legal moves) until the game ends.
    i = 0
    while pos.result() is None:
        moves = sorted(m.usi for m in pos.legal_moves())
        pos.push(moves[(i * 7 + 3) % len(moves)])
        i += 1
    return pos


def usi_of_kif_line(text, previous_to, board):
    """A KIF move (`５一歩成(52)`, `同　金(31)`, `３三飛打`) in USI, its piece checked on `board`."""
    m = re.fullmatch(r"(同　|([１-５])([一二三四五]))(成銀|.)(成|不成|打)?(?:\((\d)(\d)\))?", text)
    assert m, text
    to = previous_to if m.group(1) == "同　" else f"{FILES.index(m.group(2)) + 1}{'abcde'[RANKS.index(m.group(3))]}"
    kind = KIF_KINDS[m.group(4)]
    if m.group(5) == "打":
        return f"{kind}*{to}"
    origin = f"{m.group(6)}{'abcde'[int(m.group(7)) - 1]}"
    assert board[origin].upper() == kind, (text, board[origin])
    return f"{origin}{to}{'+' if m.group(5) == '成' else ''}"


def test_kif_move_lines_read_back_as_the_moves_played():
    pos = played_game()
    played = [m.usi for m in pos.moves]
    assert any("*" in u for u in played) and any(u.endswith("+") for u in played)
    kif = pos.kif("X", "Y")
    assert "先手：X\n後手：Y\n" in kif
    lines = kif.split("手数----指手---------消費時間--\n")[1].splitlines()
    replay = minishogi.Position.handicap("bishop")
    previous_to = None
    for number, usi in enumerate(played, start=1):
        line = lines[number - 1]
        # Split on ASCII spaces only: `同　` holds a full-width one.
        head, text, clock = line[:4], line[5 : line.index(" (")].rstrip(" "), line[line.index(" (") + 1 :]
        assert int(head) == number and clock == "( 0:00/00:00:00)"
        assert usi_of_kif_line(text, previous_to, sfen_pieces(replay.sfen())[0]) == usi
        replay.push(usi)
        previous_to = usi[-3:-1] if usi.endswith("+") else usi[-2:]
    assert "同　" in kif
    winner = "先手" if pos.result().winner == "sente" else "後手"
    assert lines[len(played):] == [f"{len(played) + 1:>4} 詰み", "*checkmate", f"まで{len(played)}手で{winner}の勝ち"]


def test_csa_move_lines_read_back_as_the_moves_played():
    pos = played_game()
    csa = pos.csa("X", "Y", times=[1.5] * len(pos.moves))
    lines = csa.splitlines()
    assert lines[:3] == ["V2.2", "N+X", "N-Y"]
    move_lines = [l for l in lines if re.fullmatch(r"[+-]\d{4}[A-Z]{2}", l)]
    assert len(move_lines) == len(pos.moves)
    replay = minishogi.Position.handicap("bishop")
    for line, m in zip(move_lines, pos.moves):
        sign, origin, to, kind = line[0], line[1:3], line[3:5], CSA_KINDS[line[5:]]
        assert sign == ("+" if replay.side_to_move == "sente" else "-")
        to = f"{to[0]}{'abcde'[int(to[1]) - 1]}"
        if origin == "00":
            usi = f"{kind}*{to}"
        else:
            origin = f"{origin[0]}{'abcde'[int(origin[1]) - 1]}"
            before = sfen_pieces(replay.sfen())[0][origin].upper()
            usi = f"{origin}{to}{'+' if before != kind else ''}"
        assert usi == m.usi
        replay.push(usi)
    assert lines.count("T1") == len(pos.moves)
    assert lines[-2] == "%TSUMI"
    winner = pos.result().winner
    assert lines[-1] == f"'summary:checkmate:X {'win' if winner == 'sente' else 'lose'}:Y {'lose' if winner == 'sente' else 'win'}"


def test_an_unfinished_game_has_no_ending_and_bad_times_raise():
    pos = minishogi.Position()
    pos.push("5d5c")
    assert pos.kif().endswith("   1 ５三歩(54)     ( 0:00/00:00:00)\n")
    assert pos.csa().endswith("+5453FU\nT0\n")
    with pytest.raises(ValueError, match="times has 2 entries but the game has 1 moves"):
        pos.kif(times=[1.0, 2.0])
    with pytest.raises(ValueError, match="bad move time"):
        pos.csa(times=[-1.0])
