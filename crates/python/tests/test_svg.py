"""`Position.svg()`: the SVG parses as XML and shows the pieces of the SFEN (read by the test's
own SFEN reader and kanji table), with the highlight and the coordinates."""

import xml.etree.ElementTree as ET

import minishogi
from conftest import read_tsv, sfen_pieces

NS = "{http://www.w3.org/2000/svg}"
KANJI = {"K": "玉", "G": "金", "S": "銀", "B": "角", "R": "飛", "P": "歩", "+P": "と", "+S": "全", "+B": "馬", "+R": "龍"}


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def shown(root):
    """The board pieces `{square: letter}` and hands as the SVG draws them, from kanji and turn."""
    squares, hands = {}, {"b": {}, "w": {}}
    cells = {r.get("data-square"): r for r in root.iter(f"{NS}rect") if r.get("data-square")}
    assert len(cells) == 25
    for t in root.iter(f"{NS}text"):
        if t.text not in KANJI.values():
            continue
        letter = next(k for k, v in KANJI.items() if v == t.text)
        gote = "rotate(180" in (t.get("transform") or "")
        letter = letter.lower() if gote else letter
        if t.get("data-square"):
            cell = cells[t.get("data-square")]
            x, y = float(t.get("x")), float(t.get("y"))
            cx, cy, size = float(cell.get("x")), float(cell.get("y")), float(cell.get("width"))
            assert cx < x < cx + size and cy < y < cy + size, "the piece is drawn in its square"
            squares[t.get("data-square")] = letter
        else:
            side = "w" if gote else "b"
            hands[side][letter] = int(t.get("data-count"))
    return squares, hands


def test_the_svg_shows_the_pieces_of_every_reference_position():
    for r in read_tsv("positions.tsv"):
        pos = minishogi.Position.from_sfen(r["sfen"])
        assert shown(parse(pos.svg())) == sfen_pieces(r["sfen"]), r["id"]


def test_coordinates_and_the_last_move_highlight():
    pos = minishogi.Position()
    pos.push("2e4c")
    root = parse(pos._repr_svg_())
    labels = [t.text for t in root.iter(f"{NS}text")]
    for label in "54321abcde":
        assert label in labels
    fills = {r.get("data-square"): r.get("fill") for r in root.iter(f"{NS}rect") if r.get("data-square")}
    marked = {sq for sq, fill in fills.items() if fill != fills["5a"]}
    assert marked == {"2e", "4c"}
    fills = {r.get("data-square"): r.get("fill") for r in parse(pos.svg(highlight=False)).iter(f"{NS}rect") if r.get("data-square")}
    assert len(set(fills.values())) == 1
    fills = {r.get("data-square"): r.get("fill") for r in parse(pos.svg(move="P*3c")).iter(f"{NS}rect") if r.get("data-square")}
    assert {sq for sq, fill in fills.items() if fill != fills["5a"]} == {"3c"}
