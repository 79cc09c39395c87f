// The explorer page: the board, the probe of the position shown, the moves played and the editor.

import { ApiError, probe } from "./api.js";
import { BoardView, sameTarget } from "./board.js";
import { Editor } from "./editor.js";
import { lineChips, moveItems, playedItems } from "./lists.js";
import { hasKanjiFont } from "./pieces.js";
import { PromotionChoice } from "./promotion.js";
import { applyUsi, parseSfen, parseUsi, squareName, toSfen } from "./sfen.js";
import { linkFor, readUrl, writeUrl } from "./url.js";
import { positionValue, sourceLabel, valueClass, valueLabel, valueTitle } from "./values.js";

/** Milliseconds between the plies when the best line plays by itself. */
const AUTOPLAY_DELAY = 700;

const $ = (id) => document.getElementById(id);

const state = {
  /** The positions played from the first one: {sfen, usi (the move that led there, or null)}. */
  record: [],
  index: 0,
  first: "sente",
  /** The probe of the position shown, once it has arrived, or the error it gave. */
  probe: null,
  error: null,
  selected: null,
  hover: null,
  mode: "play",
  flipped: false,
  letters: false,
  autoplay: false,
};

const board = new BoardView($("board"), { onClick: boardClick, onDrag: boardDrag });
const editor = new Editor(render);
const promotion = new PromotionChoice(play);

function currentSfen() {
  return state.record[state.index].sfen;
}

function currentPosition() {
  return parseSfen(currentSfen());
}

/** The moves the server lists for the position shown ([] until its probe arrives). */
function legalMoves() {
  return state.probe?.moves ?? [];
}

/** Starts a new game record at `sfen`. */
function setRoot(sfen, first = state.first) {
  let normalised = sfen;
  try {
    normalised = toSfen(parseSfen(sfen));
  } catch {
    // the server says what is wrong with it
  }
  state.first = first;
  state.record = [{ sfen: normalised, usi: null }];
  state.index = 0;
  refresh();
}

/** Shows position `index` of the record and asks the server about it. */
function goTo(index) {
  state.index = Math.max(0, Math.min(state.record.length - 1, index));
  refresh();
}

function refresh() {
  state.probe = null;
  state.error = null;
  state.selected = null;
  state.hover = null;
  promotion.close();
  const sfen = currentSfen();
  const first = state.first;
  writeUrl(sfen, first);
  render();
  probe(sfen, first).then(
    (answer) => {
      if (currentSfen() !== sfen || state.first !== first) return; // the user moved on
      state.probe = answer;
      render();
    },
    (error) => {
      if (currentSfen() !== sfen || state.first !== first) return;
      state.error = error instanceof ApiError ? error.message : String(error);
      render();
    },
  );
}

/** Plays a listed move: the record's next position if it is that move, else a new branch. */
function play(usi) {
  const next = state.record[state.index + 1];
  if (next?.usi !== usi) {
    const sfen = toSfen(applyUsi(currentPosition(), usi));
    state.record = state.record.slice(0, state.index + 1).concat({ sfen, usi });
  }
  goTo(state.index + 1);
}

/** Puts `moves` (from the position shown) into the record after it, keeping what matches. */
function loadLine(moves) {
  let pos = currentPosition();
  let i = state.index;
  for (const usi of moves) {
    i += 1;
    if (state.record[i]?.usi === usi) {
      pos = parseSfen(state.record[i].sfen);
      continue;
    }
    pos = applyUsi(pos, usi);
    state.record = state.record.slice(0, i).concat({ sfen: toSfen(pos), usi });
  }
}

/** Plays the next move of the best line, if any; true when the line goes on after it. */
async function stepLine() {
  const sfen = currentSfen();
  let answer;
  try {
    answer = await probe(sfen, state.first);
  } catch {
    return false;
  }
  if (currentSfen() !== sfen || !answer.line?.length) return false;
  loadLine(answer.line);
  goTo(state.index + 1);
  return answer.line.length > 1;
}

let autoplayRuns = 0;

/** Starts playing the best line by itself, or stops it. */
async function autoplay() {
  if (state.autoplay) {
    state.autoplay = false;
    render();
    return;
  }
  state.autoplay = true;
  const run = ++autoplayRuns; // a Stop then Play while this run waits must end this run
  render();
  while (state.autoplay && run === autoplayRuns && (await stepLine())) {
    await new Promise((resolve) => setTimeout(resolve, AUTOPLAY_DELAY));
  }
  if (run !== autoplayRuns) return;
  state.autoplay = false;
  render();
}

// ---- board input -------------------------------------------------------------------------

/** The listed moves that start from a target: a square's board moves or a hand kind's drops. */
function movesFrom(target) {
  if (!target) return [];
  if (target.type === "square") {
    const from = squareName(target.row, target.col);
    return legalMoves().filter((m) => m.usi.startsWith(from) && !m.usi.includes("*"));
  }
  if (!target.kind || target.color !== currentPosition().side) return [];
  return legalMoves().filter((m) => m.usi.startsWith(`${target.kind}*`));
}

function destination(usi) {
  return parseUsi(usi)?.to ?? null;
}

function boardClick(target) {
  if (state.mode === "edit") {
    editor.click(target);
    return;
  }
  if (promotion.isOpen()) {
    promotion.close(); // a click beside the choice cancels the move
    state.selected = null;
    render();
    return;
  }
  if (state.selected && target?.type === "square" && tryMove(state.selected, target)) return;
  state.selected = movesFrom(target).length && !sameTarget(target, state.selected) ? target : null;
  render();
}

function boardDrag(from, to) {
  if (state.mode === "edit") {
    editor.drag(from, to);
    return;
  }
  if (promotion.isOpen()) return;
  if (to?.type === "square" && tryMove(from, to)) return;
  state.selected = null;
  render();
}

/** Plays the move from `from` to square `to` if it is listed, asking about promotion if optional. */
function tryMove(from, to) {
  const candidates = movesFrom(from).filter((m) => {
    const [row, col] = destination(m.usi) ?? [];
    return row === to.row && col === to.col;
  });
  if (!candidates.length) return false;
  const plain = candidates.find((m) => !m.usi.endsWith("+"));
  const promoting = candidates.find((m) => m.usi.endsWith("+"));
  if (plain && promoting) {
    promotion.open(currentPosition().board[from.row][from.col], plain.usi, promoting.usi, state.letters);
  } else {
    play((plain ?? promoting).usi);
  }
  return true;
}

// ---- rendering ---------------------------------------------------------------------------

function render() {
  document.body.dataset.mode = state.mode;
  $("edit").setAttribute("aria-pressed", String(state.mode === "edit"));
  $("letters").setAttribute("aria-pressed", String(state.letters));
  $("play-panel").hidden = state.mode === "edit";
  $("edit-panel").hidden = state.mode !== "edit";
  $("first-player").value = state.first;
  renderBoard();
  renderStatus();
  renderSfenBox();
  if (state.mode === "play") {
    renderMoves();
    renderLine();
    renderPlayed();
  }
  renderNavigation();
  document.body.dataset.state = state.mode === "edit" ? "editing" : state.error ? "error" : state.probe ? "ready" : "loading";
}

function renderBoard() {
  if (state.mode === "edit") {
    board.render({ pos: editor.pos, flipped: state.flipped, letters: state.letters, showEmptyHands: true });
    return;
  }
  let pos;
  try {
    pos = currentPosition();
  } catch {
    pos = parseSfen("5/5/5/5/5 b - 1");
  }
  const moves = movesFrom(state.selected);
  const targets = moves.map((m) => destination(m.usi));
  const captures = targets.filter(([r, c]) => pos.board[r][c]);
  const shown = state.hover ?? state.record[state.index].usi;
  const marked = [];
  if (shown) {
    const move = parseUsi(shown);
    if (move?.from) marked.push(move.from);
    if (move) marked.push(move.to);
  }
  board.render({ pos, flipped: state.flipped, letters: state.letters, selected: state.selected, targets, captures, marked });
}

function sideName(side) {
  return side === "b" ? "☗ Sente" : "☖ Gote";
}

function renderStatus() {
  const status = $("status");
  if (state.mode === "edit") {
    status.className = "status";
    status.textContent = `Editing: ${sideName(editor.pos.side)} to move`;
    return;
  }
  let side = "b";
  try {
    side = currentPosition().side;
  } catch {
    // the server's error says what is wrong with the SFEN
  }
  const line = (className, text, id) => {
    const div = document.createElement("div");
    div.className = className;
    div.textContent = text;
    if (id) div.id = id;
    return div;
  };
  const rows = [line("to-move", `${sideName(side)} to move · ply ${state.index} of ${state.record.length - 1}`)];
  const p = state.probe;
  if (state.error) {
    status.className = "status error";
    rows.push(line("", state.error, "position-value"));
  } else if (!p) {
    status.className = "status";
    rows.push(line("", "asking the server…", "position-value"));
  } else {
    const v = positionValue(p);
    status.className = `status ${valueClass(v)}`;
    const value = line("", `${valueLabel(v)}${p.material ? ` · material ${p.material}` : ""}`, "position-value");
    value.title = valueTitle(v);
    const origin = [v.exact ? "exact" : "estimate, not proved", sourceLabel(p.source)].filter(Boolean).join(", ");
    rows.push(value, line("origin", origin));
    if (p.warning) rows.push(line("origin warning", p.warning));
    if (!p.moves?.length) {
      rows.push(line("game-over", `No legal move: ${side === "b" ? "sente" : "gote"} loses (game over)`));
    }
  }
  status.replaceChildren(...rows);
}

function renderSfenBox() {
  const input = $("sfen");
  const sfen = state.mode === "edit" ? toSfen({ ...editor.pos, moveNumber: 1 }) : currentSfen();
  if (document.activeElement !== input) input.value = sfen;
  $("api-link").href = `api/probe?${new URLSearchParams({ sfen, first_player: state.first })}`;
}

function renderMoves() {
  const list = $("moves");
  list.replaceChildren(...moveItems(legalMoves(), { onPlay: play, onHover: hover }));
  if (state.probe && !legalMoves().length) list.innerHTML = '<li class="none">no legal move</li>';
}

function hover(usi) {
  state.hover = usi;
  renderBoard();
}

function renderLine() {
  const moves = state.probe?.line ?? [];
  const jump = (plies) => {
    loadLine(moves);
    goTo(state.index + plies);
  };
  $("line").replaceChildren(...lineChips(moves, jump));
  if (state.probe && !moves.length) $("line").textContent = "the game is over";
  $("line-step").disabled = !moves.length;
  $("line-play").textContent = state.autoplay ? "Stop" : "Play line";
  $("line-play").disabled = !moves.length && !state.autoplay;
}

function renderPlayed() {
  $("played").replaceChildren(...playedItems(state.record, state.index, goTo));
}

function renderNavigation() {
  const editing = state.mode === "edit";
  $("first").disabled = $("back").disabled = editing || state.index === 0;
  $("forward").disabled = $("last").disabled = editing || state.index >= state.record.length - 1;
}

// ---- controls ----------------------------------------------------------------------------

function message(text, isError = false) {
  const el = $("message");
  el.textContent = text;
  el.classList.toggle("error", isError);
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement("textarea");
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  message(`${what} copied: ${text}`);
}

function loadTypedSfen() {
  const text = $("sfen").value;
  let pos;
  try {
    pos = parseSfen(text);
  } catch (e) {
    message(`Not an SFEN: ${e.message}`, true);
    return;
  }
  message("");
  $("sfen").blur();
  if (state.mode === "edit") {
    editor.start(pos, state.letters);
    render();
  } else {
    setRoot(toSfen(pos));
  }
}

function startEditing() {
  state.autoplay = false;
  let pos;
  try {
    pos = currentPosition();
  } catch {
    pos = parseSfen("4k/5/5/5/K4 b - 1");
  }
  state.mode = "edit";
  editor.start(pos, state.letters);
  message("");
  render();
}

async function finishEditing() {
  const sfen = toSfen({ ...editor.pos, moveNumber: 1 });
  try {
    await probe(sfen, state.first);
  } catch (e) {
    message(`This position cannot be explored: ${e.message}`, true);
    return;
  }
  message("");
  state.mode = "play";
  setRoot(sfen);
}

$("flip").addEventListener("click", () => {
  state.flipped = !state.flipped;
  render();
});
$("letters").addEventListener("click", () => {
  state.letters = !state.letters;
  localStorage.setItem("minishogi-letters", state.letters ? "1" : "0");
  editor.letters = state.letters;
  editor.renderPanel();
  render();
});
$("edit").addEventListener("click", () => {
  if (state.mode === "edit") {
    state.mode = "play";
    refresh();
  } else {
    startEditing();
  }
});
$("edit-done").addEventListener("click", finishEditing);
$("edit-cancel").addEventListener("click", () => {
  state.mode = "play";
  message("");
  refresh();
});
$("preset").addEventListener("change", (e) => {
  const sfen = e.target.value;
  e.target.value = "";
  if (!sfen) return;
  const preset = [...e.target.options].find((o) => o.value === sfen);
  state.first = preset.textContent.includes("handicap") ? "gote" : "sente";
  editor.start(parseSfen(sfen), state.letters);
  render();
});
$("first-player").addEventListener("change", (e) => {
  state.first = e.target.value;
  if (state.mode === "play") refresh();
  else render();
});
$("sfen-load").addEventListener("click", loadTypedSfen);
$("sfen").addEventListener("keydown", (e) => {
  if (e.key === "Enter") loadTypedSfen();
});
$("copy-sfen").addEventListener("click", () => copy($("sfen").value, "SFEN"));
$("copy-link").addEventListener("click", () => copy(linkFor($("sfen").value, state.first), "Link"));
$("first").addEventListener("click", () => goTo(0));
$("back").addEventListener("click", () => goTo(state.index - 1));
$("forward").addEventListener("click", () => goTo(state.index + 1));
$("last").addEventListener("click", () => goTo(state.record.length - 1));
$("line-step").addEventListener("click", () => stepLine());
$("line-play").addEventListener("click", autoplay);

document.addEventListener("keydown", (e) => {
  if (e.target.closest?.("input, select, textarea") || state.mode === "edit") return;
  if (e.key === "Escape" && promotion.isOpen()) {
    promotion.close();
    return;
  }
  const moves = { ArrowLeft: state.index - 1, ArrowRight: state.index + 1, Home: 0, End: state.record.length - 1 };
  if (e.key in moves) {
    e.preventDefault();
    goTo(moves[e.key]);
  }
});

// The URL may be edited by hand (or its hash changed): follow it.
window.addEventListener("popstate", () => {
  const { sfen, first } = readUrl();
  setRoot(sfen, first);
});

const stored = localStorage.getItem("minishogi-letters");
state.letters = stored === null ? !hasKanjiFont() : stored === "1";
editor.letters = state.letters;
{
  const { sfen, first } = readUrl();
  setRoot(sfen, first);
}

// For the browser test and the curious: the state and a few actions.
window.explorer = { state, play, goTo };
