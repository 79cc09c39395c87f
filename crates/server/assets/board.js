// The board and both hands as one SVG, and the pointer handling for clicks and drags.
//
// A "target" names what the pointer is on: {type: "square", row, col}, {type: "hand", color,
// kind}, or null (off the board). Rows and columns are the SFEN's (row 0 = rank a, col 0 = file 5),
// whatever the orientation on screen.

import { FILES, HAND_KINDS, RANKS, squareName } from "./sfen.js";
import { drawPiece, svgElement } from "./pieces.js";

const CELL = 60;
const LEFT = 6;
const HAND_H = 64;
const LABEL = 18;
const BOARD_X = LEFT;
const BOARD_Y = HAND_H + LABEL;
const BOARD_SIZE = 5 * CELL;
const WIDTH = LEFT + BOARD_SIZE + LABEL + 4;
const BOTTOM_HAND_Y = BOARD_Y + BOARD_SIZE + 8;
const HEIGHT = BOTTOM_HAND_Y + HAND_H;
/** Width of a kind's slot in a hand: five slots leave room for the hand's label on the right. */
const HAND_SLOT = 55;
/** Pointer travel (screen pixels) that turns a press into a drag. */
const DRAG_THRESHOLD = 6;

/** Whether two targets name the same square or the same hand slot. */
export function sameTarget(a, b) {
  if (!a || !b || a.type !== b.type) return false;
  return a.type === "square" ? a.row === b.row && a.col === b.col : a.color === b.color && a.kind === b.kind;
}

/** The board view: call `render(view)` with what to show; it reports clicks and drags. */
export class BoardView {
  /**
   * @param {SVGSVGElement} svg the element to draw in
   * @param {{onClick(target), onDrag(from, to)}} handlers called with targets
   */
  constructor(svg, handlers) {
    this.svg = svg;
    this.handlers = handlers;
    this.view = null;
    this.press = null;
    svg.setAttribute("viewBox", `0 0 ${WIDTH} ${HEIGHT}`);
    svg.addEventListener("pointerdown", (e) => this.pointerDown(e));
    svg.addEventListener("pointermove", (e) => this.pointerMove(e));
    svg.addEventListener("pointerup", (e) => this.pointerUp(e));
    svg.addEventListener("pointercancel", () => this.cancelDrag());
  }

  /**
   * Draws `view`: {pos, flipped, letters, selected (target), targets ([row, col] list),
   * captures ([row, col] list), marked ([row, col] list: last or hovered move), showEmptyHands}.
   */
  render(view) {
    this.view = view;
    if (this.press?.dragging) return; // redrawn when the drag ends
    const svg = this.svg;
    svg.replaceChildren();
    const top = view.flipped ? "b" : "w";
    const bottom = view.flipped ? "w" : "b";
    this.drawHand(top, 0);
    this.drawCoordinates();
    this.drawBoard();
    this.drawHand(bottom, BOTTOM_HAND_Y);
  }

  /** Screen position of the SFEN square (row, col). */
  squareOrigin(row, col) {
    const r = this.view.flipped ? 4 - row : row;
    const c = this.view.flipped ? 4 - col : col;
    return [BOARD_X + c * CELL, BOARD_Y + r * CELL];
  }

  drawCoordinates() {
    const g = svgElement("g", { class: "coords" });
    for (let i = 0; i < 5; i++) {
      const col = this.view.flipped ? 4 - i : i;
      const file = svgElement("text", { x: BOARD_X + i * CELL + CELL / 2, y: BOARD_Y - 5, "text-anchor": "middle" });
      file.textContent = FILES[col];
      const row = this.view.flipped ? 4 - i : i;
      const rank = svgElement("text", { x: BOARD_X + BOARD_SIZE + 4, y: BOARD_Y + i * CELL + CELL / 2 + 5 });
      rank.textContent = RANKS[row];
      g.append(file, rank);
    }
    this.svg.appendChild(g);
  }

  drawBoard() {
    const { pos, selected, targets = [], captures = [], marked = [] } = this.view;
    const has = (list, row, col) => list.some(([r, c]) => r === row && c === col);
    const squares = svgElement("g", { class: "squares" });
    const pieces = svgElement("g", { class: "pieces" });
    const hints = svgElement("g", { class: "hints" });
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 5; col++) {
        const [x, y] = this.squareOrigin(row, col);
        const classes = ["square"];
        if (has(marked, row, col)) classes.push("marked");
        if (selected?.type === "square" && selected.row === row && selected.col === col) classes.push("selected");
        squares.appendChild(
          svgElement("rect", { x, y, width: CELL, height: CELL, class: classes.join(" "), "data-square": squareName(row, col) }),
        );
        const piece = pos.board[row][col];
        if (piece) pieces.appendChild(this.piece(piece, x, y, CELL, row, col));
        if (has(captures, row, col)) {
          hints.appendChild(svgElement("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: CELL / 2 - 4, class: "hint capture" }));
        } else if (has(targets, row, col)) {
          hints.appendChild(svgElement("circle", { cx: x + CELL / 2, cy: y + CELL / 2, r: 8, class: "hint" }));
        }
      }
    }
    const frame = svgElement("rect", { x: BOARD_X, y: BOARD_Y, width: BOARD_SIZE, height: BOARD_SIZE, class: "frame" });
    this.svg.append(squares, frame, pieces, hints);
  }

  piece(piece, x, y, size, row, col) {
    const pointDown = (piece.color === "w") !== Boolean(this.view.flipped);
    const g = drawPiece(piece, x, y, size, { letters: this.view.letters, pointDown });
    if (row !== undefined) g.setAttribute("data-on", squareName(row, col));
    return g;
  }

  /** Which hand kinds are shown, and where: [{kind, count, x}]. */
  handSlots(color) {
    const hand = this.view.pos.hands[color];
    const kinds = HAND_KINDS.filter((k) => hand[k] > 0 || this.view.showEmptyHands);
    return kinds.map((kind, i) => ({ kind, count: hand[kind], x: LEFT + i * (HAND_SLOT + 2) }));
  }

  drawHand(color, y) {
    const g = svgElement("g", { class: `hand ${color === "b" ? "sente" : "gote"}`, "data-hand-of": color });
    g.appendChild(svgElement("rect", { x: 0, y, width: WIDTH, height: HAND_H, class: "hand-bg" }));
    const label = svgElement("text", { x: WIDTH - 6, y: y + 14, "text-anchor": "end", class: "hand-label" });
    label.textContent = color === "b" ? "☗ sente" : "☖ gote";
    g.appendChild(label);
    for (const { kind, count, x } of this.handSlots(color)) {
      const slot = svgElement("g", { class: `hand-piece${count === 0 ? " empty" : ""}`, "data-hand": `${color}:${kind}` });
      const sel = this.view.selected;
      if (sel?.type === "hand" && sel.color === color && sel.kind === kind) {
        slot.appendChild(svgElement("rect", { x, y: y + 2, width: HAND_SLOT, height: HAND_H - 4, class: "selected", rx: 6 }));
      }
      slot.appendChild(svgElement("rect", { x, y: y + 2, width: HAND_SLOT, height: HAND_H - 4, class: "hand-slot", rx: 6 }));
      slot.appendChild(this.piece({ color, kind, promoted: false }, x + 3, y + 6, 50));
      if (count !== 1) {
        const badge = svgElement("text", { x: x + HAND_SLOT - 4, y: y + HAND_H - 6, "text-anchor": "end", class: "count" });
        badge.textContent = `×${count}`;
        slot.appendChild(badge);
      }
      g.appendChild(slot);
    }
    this.svg.appendChild(g);
  }

  /** The SVG coordinates of a pointer event. */
  point(event) {
    const pt = this.svg.createSVGPoint();
    pt.x = event.clientX;
    pt.y = event.clientY;
    return pt.matrixTransform(this.svg.getScreenCTM().inverse());
  }

  /** The target at SVG coordinates (x, y). */
  targetAt(x, y) {
    if (x >= BOARD_X && x < BOARD_X + BOARD_SIZE && y >= BOARD_Y && y < BOARD_Y + BOARD_SIZE) {
      const c = Math.floor((x - BOARD_X) / CELL);
      const r = Math.floor((y - BOARD_Y) / CELL);
      return this.view.flipped ? { type: "square", row: 4 - r, col: 4 - c } : { type: "square", row: r, col: c };
    }
    const inTop = y >= 0 && y < HAND_H;
    const inBottom = y >= BOTTOM_HAND_Y && y < BOTTOM_HAND_Y + HAND_H;
    if (!inTop && !inBottom) return null;
    const color = inTop === Boolean(this.view.flipped) ? "b" : "w";
    const slot = this.handSlots(color).find((s) => x >= s.x && x < s.x + HAND_SLOT);
    return slot ? { type: "hand", color, kind: slot.kind } : { type: "hand", color, kind: null };
  }

  /** Whether a target holds something that can be dragged. */
  hasPiece(target) {
    if (!target || !this.view) return false;
    if (target.type === "square") return Boolean(this.view.pos.board[target.row][target.col]);
    return Boolean(target.kind) && this.view.pos.hands[target.color][target.kind] > 0;
  }

  pointerDown(event) {
    if (!this.view || event.button > 0) return;
    const p = this.point(event);
    const target = this.targetAt(p.x, p.y);
    this.press = { target, startX: event.clientX, startY: event.clientY, dragging: false, ghost: null };
    if (this.hasPiece(target)) this.svg.setPointerCapture(event.pointerId);
    event.preventDefault();
  }

  pointerMove(event) {
    const press = this.press;
    if (!press || !this.hasPiece(press.target)) return;
    const moved = Math.hypot(event.clientX - press.startX, event.clientY - press.startY);
    if (!press.dragging && moved < DRAG_THRESHOLD) return;
    if (!press.dragging) this.startDrag(press);
    const p = this.point(event);
    press.ghost.setAttribute("transform", `translate(${p.x - CELL / 2} ${p.y - CELL / 2})`);
  }

  startDrag(press) {
    press.dragging = true;
    const t = press.target;
    const piece = t.type === "square" ? this.view.pos.board[t.row][t.col] : { color: t.color, kind: t.kind, promoted: false };
    const selector = t.type === "square" ? `[data-on="${squareName(t.row, t.col)}"]` : `[data-hand="${t.color}:${t.kind}"]`;
    this.svg.querySelector(selector)?.classList.add("dragged");
    press.ghost = svgElement("g", { class: "ghost" });
    press.ghost.appendChild(this.piece(piece, 0, 0, CELL));
    this.svg.appendChild(press.ghost);
  }

  pointerUp(event) {
    const press = this.press;
    this.press = null;
    if (!press) return;
    const p = this.point(event);
    const target = this.targetAt(p.x, p.y);
    if (press.dragging) {
      press.ghost?.remove();
      this.render(this.view);
      if (sameTarget(press.target, target)) this.handlers.onClick(target);
      else this.handlers.onDrag(press.target, target);
    } else {
      this.handlers.onClick(press.target);
    }
  }

  cancelDrag() {
    const press = this.press;
    this.press = null;
    if (press?.dragging) {
      press.ghost?.remove();
      this.render(this.view);
    }
  }
}
