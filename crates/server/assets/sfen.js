// A light SFEN reader and writer, and the bookkeeping of one USI move, for display only.
// Legality is the server's business: the page plays only the moves the API lists.

/** Files as sente sees them, left to right. */
export const FILES = ["5", "4", "3", "2", "1"];
/** Ranks from gote's side (top) to sente's side (bottom). */
export const RANKS = ["a", "b", "c", "d", "e"];
/** Kinds that can be held in hand, in the order SFEN writes them. */
export const HAND_KINDS = ["R", "B", "G", "S", "P"];
/** The start position of an even game. */
export const STARTPOS = "rbsgk/4p/5/P4/KGSBR b - 1";

/** The start position and the handicap starts (gote gives the handicap and moves first). */
export const PRESETS = [
  { name: "Start position", sfen: STARTPOS, first: "sente" },
  { name: "Bishop handicap", sfen: "r1sgk/4p/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Rook handicap", sfen: "1bsgk/4p/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Two-piece handicap", sfen: "2sgk/4p/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Three-piece handicap", sfen: "3gk/4p/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Four-piece handicap", sfen: "4k/4p/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Naked king handicap", sfen: "4k/5/5/P4/KGSBR w - 1", first: "gote" },
  { name: "Kings only", sfen: "4k/5/5/5/K4 b - 1", first: "sente" },
];

/** The USI name of the square at board row `row` (0 = rank a) and column `col` (0 = file 5). */
export function squareName(row, col) {
  return FILES[col] + RANKS[row];
}

/** The [row, col] of a USI square name such as "3c", or null. */
export function squareIndex(name) {
  const col = FILES.indexOf(name[0]);
  const row = RANKS.indexOf(name[1]);
  return col < 0 || row < 0 || name.length !== 2 ? null : [row, col];
}

/** A position: `board[row][col]` holds null or {color: "b"|"w", kind: "K"|"G"|..., promoted}. */
export function emptyPosition() {
  return {
    board: Array.from({ length: 5 }, () => Array(5).fill(null)),
    side: "b",
    hands: { b: emptyHand(), w: emptyHand() },
    moveNumber: 1,
  };
}

function emptyHand() {
  return Object.fromEntries(HAND_KINDS.map((k) => [k, 0]));
}

/** Reads an SFEN (or "startpos"); throws an Error that says what is wrong. */
export function parseSfen(text) {
  const trimmed = text.trim();
  const fields = (trimmed === "startpos" ? STARTPOS : trimmed).split(/\s+/);
  if (fields.length < 3 || fields.length > 4) {
    throw new Error("an SFEN has 3 or 4 fields: board, side to move, hands, move number");
  }
  const pos = emptyPosition();
  const ranks = fields[0].split("/");
  if (ranks.length !== 5) throw new Error(`the board has ${ranks.length} ranks, not 5`);
  ranks.forEach((rank, row) => {
    let col = 0;
    let promoted = false;
    for (const c of rank) {
      if (/[1-5]/.test(c) && !promoted) {
        col += Number(c);
      } else if (c === "+" && !promoted) {
        promoted = true;
      } else if (/[kgsbrpKGSBRP]/.test(c)) {
        const kind = c.toUpperCase();
        if (promoted && (kind === "K" || kind === "G")) throw new Error(`+${c} cannot be promoted`);
        if (col < 5) pos.board[row][col] = { color: c === kind ? "b" : "w", kind, promoted };
        col += 1;
        promoted = false;
      } else {
        throw new Error(`unknown piece '${c}' on rank ${RANKS[row]}`);
      }
    }
    if (col !== 5 || promoted) throw new Error(`rank ${RANKS[row]} does not have 5 squares`);
  });
  if (fields[1] !== "b" && fields[1] !== "w") throw new Error(`side to move '${fields[1]}' is not b or w`);
  pos.side = fields[1];
  if (fields[2] !== "-") {
    let count = 0;
    for (const c of fields[2]) {
      if (/[0-9]/.test(c)) {
        count = count * 10 + Number(c);
      } else if (/[rbgspRBGSP]/.test(c)) {
        const color = c === c.toUpperCase() ? "b" : "w";
        pos.hands[color][c.toUpperCase()] += count || 1;
        count = 0;
      } else {
        throw new Error(`'${c}' is not a piece that can be held`);
      }
    }
  }
  if (fields[3] !== undefined) {
    const n = Number(fields[3]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`move number '${fields[3]}' is not a positive integer`);
    pos.moveNumber = n;
  }
  return pos;
}

/** Writes a position as SFEN. */
export function toSfen(pos) {
  const ranks = pos.board.map((row) => {
    let out = "";
    let empty = 0;
    for (const piece of row) {
      if (!piece) {
        empty += 1;
        continue;
      }
      if (empty) out += empty;
      empty = 0;
      out += pieceLetter(piece);
    }
    return empty ? out + empty : out;
  });
  let hands = "";
  for (const color of ["b", "w"]) {
    for (const kind of HAND_KINDS) {
      const n = pos.hands[color][kind];
      if (n > 0) hands += (n > 1 ? n : "") + (color === "b" ? kind : kind.toLowerCase());
    }
  }
  return `${ranks.join("/")} ${pos.side} ${hands || "-"} ${pos.moveNumber}`;
}

/** The SFEN letters of a piece: "+r" for gote's dragon. */
export function pieceLetter(piece) {
  const letter = piece.color === "b" ? piece.kind : piece.kind.toLowerCase();
  return (piece.promoted ? "+" : "") + letter;
}

/** A deep copy of a position. */
export function clonePosition(pos) {
  return {
    board: pos.board.map((row) => row.map((p) => (p ? { ...p } : null))),
    side: pos.side,
    hands: { b: { ...pos.hands.b }, w: { ...pos.hands.w } },
    moveNumber: pos.moveNumber,
  };
}

/**
 * Parses a USI move: {drop: "G", to: [r, c]} for "G*2c", or {from, to, promote} for "2b1a+".
 * Returns null for text that is not a move.
 */
export function parseUsi(usi) {
  const drop = /^([RBGSP])\*([1-5][a-e])$/.exec(usi);
  if (drop) return { drop: drop[1], to: squareIndex(drop[2]) };
  const step = /^([1-5][a-e])([1-5][a-e])(\+?)$/.exec(usi);
  if (step) return { from: squareIndex(step[1]), to: squareIndex(step[2]), promote: step[3] === "+" };
  return null;
}

/** The position after a USI move that the server listed as legal (no legality check here). */
export function applyUsi(pos, usi) {
  const move = parseUsi(usi);
  if (!move) throw new Error(`'${usi}' is not a USI move`);
  const next = clonePosition(pos);
  const [tr, tc] = move.to;
  if (move.drop) {
    next.hands[pos.side][move.drop] -= 1;
    next.board[tr][tc] = { color: pos.side, kind: move.drop, promoted: false };
  } else {
    const [fr, fc] = move.from;
    const piece = next.board[fr][fc];
    if (!piece) throw new Error(`no piece on ${usi.slice(0, 2)}`);
    const captured = next.board[tr][tc];
    // A captured piece loses its promotion and goes to the captor's hand; a king is never captured.
    if (captured && captured.kind !== "K") next.hands[pos.side][captured.kind] += 1;
    next.board[fr][fc] = null;
    next.board[tr][tc] = { ...piece, promoted: piece.promoted || move.promote };
  }
  next.side = pos.side === "b" ? "w" : "b";
  next.moveNumber = pos.moveNumber + 1;
  return next;
}
