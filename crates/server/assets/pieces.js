// How a piece is drawn: a pentagonal shogi piece in SVG with its kanji or its letter.

import { pieceLetter } from "./sfen.js";

const SVG_NS = "http://www.w3.org/2000/svg";

const KANJI = { K: "王", G: "金", S: "銀", B: "角", R: "飛", P: "歩" };
const KANJI_PROMOTED = { S: "全", B: "馬", R: "龍", P: "と" };
/** Gote's king is written 玉, as on a real set. */
const KANJI_GOTE_KING = "玉";

/** The English names of the pieces, for titles and the editor. */
export const PIECE_NAMES = {
  K: "king", G: "gold", S: "silver", B: "bishop", R: "rook", P: "pawn",
  "+S": "promoted silver", "+B": "horse", "+R": "dragon", "+P": "tokin",
};

/** Creates an SVG element with attributes. */
export function svgElement(name, attrs = {}) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** The character (kanji) or letters that label a piece. */
export function pieceGlyph(piece, letters) {
  if (letters) return (piece.promoted ? "+" : "") + piece.kind;
  if (piece.promoted) return KANJI_PROMOTED[piece.kind];
  return piece.kind === "K" && piece.color === "w" ? KANJI_GOTE_KING : KANJI[piece.kind];
}

/**
 * A <g> drawing `piece` in the `size`×`size` box at (x, y), pointing down when `pointDown` (gote's
 * pieces, or sente's on a flipped board). Promoted pieces are red.
 */
export function drawPiece(piece, x, y, size, { letters = false, pointDown = false } = {}) {
  const g = svgElement("g", {
    class: `piece ${piece.color === "b" ? "sente" : "gote"}${piece.promoted ? " promoted" : ""}`,
    "data-piece": pieceLetter(piece),
  });
  const s = size / 60;
  const cx = x + size / 2;
  const cy = y + size / 2;
  const inner = svgElement("g", { transform: `translate(${x} ${y}) scale(${s})` });
  inner.appendChild(svgElement("path", { class: "piece-body", d: "M30 4 L47 11 L54 56 L6 56 L13 11 Z" }));
  const glyph = pieceGlyph(piece, letters);
  const text = svgElement("text", {
    class: "piece-text",
    x: 30,
    y: 37,
    "text-anchor": "middle",
    "dominant-baseline": "middle",
    "font-size": letters ? (glyph.length > 1 ? 22 : 28) : 30,
  });
  text.textContent = glyph;
  inner.appendChild(text);
  const outer = svgElement("g", pointDown ? { transform: `rotate(180 ${cx} ${cy})` } : {});
  outer.appendChild(inner);
  g.appendChild(outer);
  const title = svgElement("title");
  title.textContent = `${piece.color === "b" ? "sente" : "gote"} ${PIECE_NAMES[(piece.promoted ? "+" : "") + piece.kind]}`;
  g.appendChild(title);
  return g;
}

/**
 * Whether the browser has a font with the kanji of the pieces: an unassigned code point draws
 * as the "missing glyph" box, so a kanji that draws the same pixels has no font either.
 */
export function hasKanjiFont() {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = 40;
    canvas.height = 40;
    const ctx = canvas.getContext("2d", { willReadFrequently: true });
    const pixels = (text) => {
      ctx.clearRect(0, 0, 40, 40);
      ctx.font = "32px serif";
      ctx.fillText(text, 2, 32);
      return ctx.getImageData(0, 0, 40, 40).data.join(",");
    };
    const missing = pixels("\u{10FFFD}");
    return ["飛", "銀", "龍"].every((k) => pixels(k) !== missing);
  } catch {
    return false;
  }
}
