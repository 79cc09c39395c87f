// The position editor: a palette of pieces, the hands, the side to move and the presets.
// It only builds an SFEN; the server says whether the position is legal when it is explored.

import { HAND_KINDS, PRESETS, clonePosition, emptyPosition } from "./sfen.js";
import { PIECE_NAMES, drawPiece, svgElement } from "./pieces.js";

const PALETTE = ["K", "G", "S", "B", "R", "P", "+S", "+B", "+R", "+P"];
/** A side holds at most two of a kind (there are only two in the game). */
const MAX_IN_HAND = 2;

/** The editor's state and its panel. `onChange()` is called after every edit. */
export class Editor {
  constructor(onChange) {
    this.onChange = onChange;
    this.pos = emptyPosition();
    this.tool = "b:K";
    this.letters = false;
    this.palette = document.getElementById("palette");
    this.handEditor = document.getElementById("hand-editor");
    this.palette.addEventListener("click", (e) => {
      const button = e.target.closest("[data-tool]");
      if (button) this.setTool(button.dataset.tool);
    });
    this.handEditor.addEventListener("click", (e) => {
      const button = e.target.closest("[data-hand-edit]");
      if (!button) return;
      const [color, kind] = button.dataset.handEdit.split(":");
      this.addToHand(color, kind, Number(button.dataset.delta));
    });
    for (const color of ["b", "w"]) {
      document.getElementById(`side-${color}`).addEventListener("change", () => {
        this.pos.side = color;
        this.changed();
      });
    }
    const preset = document.getElementById("preset");
    for (const p of PRESETS) preset.add(new Option(p.name, p.sfen));
    document.getElementById("clear").addEventListener("click", () => this.clear());
  }

  /** Starts editing a copy of `pos`. */
  start(pos, letters) {
    this.pos = clonePosition(pos);
    this.letters = letters;
    this.renderPanel();
  }

  /** Chooses the palette tool: "b:K", "w:+R", ... or "erase". */
  setTool(tool) {
    this.tool = tool;
    this.renderPalette();
  }

  /** The piece the tool places, or null for the eraser. */
  toolPiece() {
    if (this.tool === "erase") return null;
    const [color, name] = this.tool.split(":");
    return { color, kind: name.replace("+", ""), promoted: name.startsWith("+") };
  }

  /** A click on the board places the tool's piece, or removes a piece equal to it. */
  click(target) {
    if (target?.type !== "square") return;
    const { row, col } = target;
    const current = this.pos.board[row][col];
    const piece = this.toolPiece();
    const same = current && piece && current.color === piece.color && current.kind === piece.kind &&
      current.promoted === piece.promoted;
    this.pos.board[row][col] = same || !piece ? null : piece;
    this.changed();
  }

  /**
   * A drag moves a piece on the board, into a hand (unpromoted), or off the board; or a piece
   * from a hand onto the board.
   */
  drag(from, to) {
    if (from.type === "hand") {
      const hand = this.pos.hands[from.color];
      if (to?.type !== "square" || !(hand[from.kind] > 0)) return;
      hand[from.kind] -= 1;
      this.pos.board[to.row][to.col] = { color: from.color, kind: from.kind, promoted: false };
      this.changed();
      return;
    }
    const piece = this.pos.board[from.row][from.col];
    if (!piece) return;
    this.pos.board[from.row][from.col] = null;
    if (to?.type === "square") {
      this.pos.board[to.row][to.col] = piece;
    } else if (to?.type === "hand" && piece.kind !== "K") {
      const hand = this.pos.hands[to.color];
      hand[piece.kind] = Math.min(MAX_IN_HAND, hand[piece.kind] + 1);
    }
    this.changed();
  }

  addToHand(color, kind, delta) {
    const hand = this.pos.hands[color];
    hand[kind] = Math.max(0, Math.min(MAX_IN_HAND, hand[kind] + delta));
    this.changed();
  }

  /** Empties the board and the hands, keeping the side to move. */
  clear() {
    const side = this.pos.side;
    this.pos = emptyPosition();
    this.pos.side = side;
    this.changed();
  }

  changed() {
    this.renderPanel();
    this.onChange();
  }

  renderPanel() {
    this.renderPalette();
    this.renderHands();
    document.getElementById(`side-${this.pos.side}`).checked = true;
  }

  renderPalette() {
    const groups = [];
    for (const color of ["b", "w"]) {
      const group = document.createElement("div");
      group.className = "palette-side";
      group.setAttribute("aria-label", color === "b" ? "sente's pieces" : "gote's pieces");
      const buttons = [];
      for (const name of PALETTE) {
        const tool = `${color}:${name}`;
        const piece = { color, kind: name.replace("+", ""), promoted: name.startsWith("+") };
        const button = document.createElement("button");
        button.type = "button";
        button.dataset.tool = tool;
        button.title = `${color === "b" ? "sente" : "gote"} ${PIECE_NAMES[name]}`;
        button.setAttribute("aria-pressed", String(this.tool === tool));
        const svg = svgElement("svg", { viewBox: "0 0 60 60", width: 34, height: 34 });
        svg.appendChild(drawPiece(piece, 0, 0, 60, { letters: this.letters, pointDown: color === "w" }));
        button.appendChild(svg);
        buttons.push(button);
      }
      group.replaceChildren(...buttons);
      groups.push(group);
    }
    const erase = document.createElement("button");
    erase.type = "button";
    erase.dataset.tool = "erase";
    erase.className = "erase";
    erase.textContent = "✕ erase";
    erase.setAttribute("aria-pressed", String(this.tool === "erase"));
    this.palette.replaceChildren(...groups, erase);
  }

  renderHands() {
    const rows = ["b", "w"].map((color) => {
      const row = document.createElement("div");
      row.className = "hand-row";
      const name = document.createElement("span");
      name.textContent = color === "b" ? "Sente's hand" : "Gote's hand";
      row.appendChild(name);
      for (const kind of HAND_KINDS) {
        const cell = document.createElement("span");
        cell.className = "hand-count";
        const n = this.pos.hands[color][kind];
        cell.innerHTML = `<button type="button" data-hand-edit="${color}:${kind}" data-delta="-1" aria-label="one ${PIECE_NAMES[kind]} less">−</button>` +
          `<b>${kind}${n}</b>` +
          `<button type="button" data-hand-edit="${color}:${kind}" data-delta="1" aria-label="one ${PIECE_NAMES[kind]} more">+</button>`;
        row.appendChild(cell);
      }
      return row;
    });
    this.handEditor.replaceChildren(...rows);
  }
}
