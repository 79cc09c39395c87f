// The panel's lists as DOM elements: the legal moves with their values, the best line's chips,
// and the moves played.

import { moverValue, valueClass, valueLabel, valueTitle } from "./values.js";

function button(className, text) {
  const b = document.createElement("button");
  b.type = "button";
  if (className) b.className = className;
  if (text !== undefined) b.textContent = text;
  return b;
}

/**
 * One <li> per move of the API's list, in its order, valued for the side that makes it;
 * `onPlay(usi)` on a click, `onHover(usi or null)` when the pointer enters or leaves.
 */
export function moveItems(moves, { onPlay, onHover }) {
  return moves.map((m) => {
    const value = moverValue(m);
    const b = button(`move ${valueClass(value)}${value.exact ? "" : " estimate"}`);
    b.dataset.usi = m.usi;
    b.title = valueTitle(value);
    const usi = document.createElement("span");
    usi.className = "usi";
    usi.textContent = m.usi;
    const label = document.createElement("span");
    label.className = "value";
    label.textContent = valueLabel(value);
    b.append(usi, label);
    b.addEventListener("click", () => onPlay(m.usi));
    b.addEventListener("mouseenter", () => onHover(m.usi));
    b.addEventListener("mouseleave", () => onHover(null));
    const li = document.createElement("li");
    li.appendChild(b);
    return li;
  });
}

/** One chip per move of the best line; `onJump(k)` goes to the position after its k-th move. */
export function lineChips(line, onJump) {
  return line.map((usi, k) => {
    const chip = button("chip", usi);
    chip.dataset.ply = String(k + 1);
    chip.addEventListener("click", () => onJump(k + 1));
    return chip;
  });
}

/** One <li> per move played (`record[i].usi`, i ≥ 1), the one leading to `current` marked. */
export function playedItems(record, current, onGo) {
  return record.slice(1).map((entry, k) => {
    const b = button("", entry.usi);
    b.dataset.index = String(k + 1);
    if (k + 1 === current) b.setAttribute("aria-current", "step");
    b.addEventListener("click", () => onGo(k + 1));
    const li = document.createElement("li");
    li.appendChild(b);
    return li;
  });
}
