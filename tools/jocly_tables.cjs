#!/usr/bin/env node
// The Minjiku one-piece tables (K + one piece vs K, and KvK) built again by plain retrograde
// analysis over Jocly's move generation, and compared value by value with ours.
//
//   JOCLY_DIST=/tmp/jocly-dist node tools/jocly_tables.cjs [options] [KIND...]
//
// KIND: P S G M Y X L L* B R D V C Q A J F +P +S +G +M +Y +X +L +B +R +D (default: every kind
// the rules page and Jocly agree on for one-piece sets, see CHECKED below; `all` for all 27).
// options:
//   --side white|black|both  which side has the piece (default both)
//   --dir D                  our tables (default minjiku-tables; `minishogi minjiku tb gen --dir D`)
//   --minishogi BIN          our CLI (default target/release/minishogi, else `minishogi` on PATH)
//   --king-rank N            the rank the Kings get as jump screens (Jocly: 0, so jumpers pass
//                            them, quirk 3; 9 is the rules page's "nothing jumps a King")
//   --examples N             disagreements printed per set (default 5)
//   --full                   build every position, not only those with the white King on files
//                            a-e (twice the work; checks the mirror symmetry our index assumes)
//
// Jocly is not part of this repository: JOCLY_DIST is a distribution the user built from
// fhoudebert/jocly2 (../shared/tools/jocly-minjiku/README.md). Only its model is used: the
// pseudo-legal move generator (`cbGeneratePseudoLegalMoves`: steps, slides, jumps, rifle
// captures, area moves, promotions) and `ApplyMove` (captures, rifle captures, burns).
// What this tool adds is the rules page's legality and end of the game, not Jocly's:
//   - a position is legal when its side to move has no Jocly move that removes the other King
//     (capture, rifle capture, burn): the side not to move is not in check;
//   - a move is legal when the position it leads to is legal;
//   - a side without a legal move loses (Jocly scores that a draw when not in check).
// The piece of the set may leave it: a capture (the bare King takes it) leads to KvK, a
// promotion to the promoted kind's set; both are built here first, from Jocly's moves too.
// A Jocly move to a square off the 10x10 board (row 0 or 11: in these sets every extra square
// has vanished) is counted and dropped: two of Jocly's step graphs are not confined to the board,
// the Pawn's (a Pawn on its last rank steps off it) and the Ninja's diagonal step (cbFersGraph
// ignores its confinement: a Ninja on rank 1 or 10 steps onto rank 0 or 11).
//
// Distances are plies to mate, as our tables count them: loss in 0 = no legal move, win in d =
// mate after d plies with the quickest win, loss in d = the longest defence. Repetition is not
// applied (our tables do not apply it either: a draw is a position nobody can force mate in).
'use strict';
const path = require('path');
const { spawn } = require('child_process');
const fs = require('fs');
const readline = require('readline');

// ---------------------------------------------------------------------------------------------
// Kinds: our letters, Jocly's piece types (White's, Black's), the promoted kind.

const KINDS = {
  P: [0, 1, '+P'], S: [2, 3, '+S'], G: [4, 5, '+G'], M: [6, 6, '+M'], Y: [7, 7, '+Y'],
  X: [8, 8, '+X'], 'L*': [31, 31, null], L: [9, 9, '+L'], B: [10, 10, '+B'], R: [11, 11, '+R'],
  D: [12, 12, '+D'], V: [13, 13, 'A'], C: [14, 14, 'J'], Q: [15, 15, 'F'], A: [27, 27, null],
  J: [28, 28, null], F: [29, 29, null], '+P': [16, 17, null], '+S': [18, 18, null],
  '+G': [19, 19, null], '+M': [20, 20, null], '+Y': [21, 21, null], '+X': [22, 22, null],
  '+L': [23, 23, null], '+B': [24, 24, null], '+R': [25, 25, null], '+D': [26, 26, null],
};
const KING = 30;
// Jocly type -> our kind letter (either colour).
const KIND_OF_TYPE = {};
for (const [k, [w, b]] of Object.entries(KINDS)) KIND_OF_TYPE[w] = k, KIND_OF_TYPE[b] = k;

// The kinds Jocly moves as the rules page says in a one-piece set (the reasons for the others
// are in LEFT_OUT and docs/minjiku-tablebase.md § Checked from outside).
const LEFT_OUT = {
  D: 'jumper: Jocly lets it jump a King (quirk 3), so it checks through its own King',
  '+M': 'jumper: Jocly lets it jump a King (quirk 3)',
  A: 'jumper: Jocly lets it jump a King (quirk 3)',
  J: 'jumper: Jocly lets it jump a King (quirk 3)',
  M: 'promotes to +M, a jumper (quirk 3)',
  V: 'promotes to A, a jumper (quirk 3)',
  C: 'promotes to J, a jumper (quirk 3)',
};
const CHECKED = Object.keys(KINDS).filter(k => !(k in LEFT_OUT));
// Positions of a checked kind that are left out of the comparison (reported apart): an unmoved
// Lateral Mover away from its first two ranks (never reached in play, kept in our tables) gets
// Jocly's backward double step and a first move into the zone that cannot promote. The subset
// kept is closed: every move of that piece leaves the set (it becomes a Lateral Mover).
const SCOPE = {
  'L*': (x, owner) => (owner === 1 ? x < 20 : x >= 80),
};

// ---------------------------------------------------------------------------------------------
// Squares: n = (rank - 1) * 10 + file on the 100 board squares; Jocly's pos = n + 10.

const FILES = 'abcdefghij';
const SQ = 100;
const onBoard = pos => pos >= 10 && pos < 110;
const sqName = n => FILES[n % 10] + (Math.floor(n / 10) + 1);
const mirrorSq = n => n - (n % 10) + (9 - (n % 10)); // file a <-> j

// ---------------------------------------------------------------------------------------------
// Options.

function parseArgs(argv) {
  const opt = { full: false, side: 'both', dir: 'minjiku-tables', bin: null, kingRank: 0, examples: 5, kinds: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) fail(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--side') opt.side = value();
    else if (a === '--dir') opt.dir = value();
    else if (a === '--full') opt.full = true;
    else if (a === '--minishogi') opt.bin = value();
    else if (a === '--king-rank') opt.kingRank = Number(value());
    else if (a === '--examples') opt.examples = Number(value());
    else if (a === '--help' || a === '-h') { const lines = fs.readFileSync(__filename, 'utf8').split('\n'); console.log(lines.slice(1, lines.indexOf("'use strict';")).join('\n')); process.exit(0); }
    else if (a.startsWith('--')) fail(`unknown option ${a}`);
    else opt.kinds.push(a);
  }
  if (!['white', 'black', 'both'].includes(opt.side)) fail(`--side must be white, black or both, not ${opt.side}`);
  if (!Number.isInteger(opt.kingRank) || opt.kingRank < 0) fail('--king-rank must be a whole number');
  if (!Number.isInteger(opt.examples) || opt.examples < 0) fail('--examples must be a whole number');
  // With the Kings ranked above every jumper (the rules page), the jumpers are checkable too.
  if (opt.kinds.length === 0) opt.kinds = opt.kingRank > 7 ? Object.keys(KINDS) : CHECKED;
  else if (opt.kinds.length === 1 && opt.kinds[0] === 'all') opt.kinds = Object.keys(KINDS);
  for (const k of opt.kinds) if (!(k in KINDS)) fail(`unknown kind ${k} (one of ${Object.keys(KINDS).join(' ')})`);
  if (!opt.bin) {
    const local = path.join(__dirname, '..', 'target', 'release', 'minishogi');
    opt.bin = fs.existsSync(local) ? local : 'minishogi';
  }
  return opt;
}

function fail(message) {
  console.error(`jocly_tables: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Jocly: one board reused for every position.

function loadJocly() {
  const dist = process.env.JOCLY_DIST;
  if (!dist) fail('set JOCLY_DIST to a Jocly distribution with Minjiku (../shared/tools/jocly-minjiku/README.md)');
  const core = path.join(dist, 'jocly.core.js');
  if (!fs.existsSync(core)) fail(`${core} not found: build Jocly as ../shared/tools/jocly-minjiku/README.md says`);
  return require(core);
}

class JoclyBoard {
  constructor(game, kingRank) {
    this.game = game;
    this.board = game.mBoard; // Jocly's Board object, its fields set here for each position
    this.kingRank = kingRank;
    this.saved = new Int16Array(this.board.board.length);
    // The pieces after a move (see `after`), in setup order: side, type, square (-1: removed).
    this.outS = new Int8Array(3);
    this.outT = new Int16Array(3);
    this.outP = new Int16Array(3);
    this.beforeT = new Int16Array(3);
    this.beforeP = new Int16Array(3);
  }

  // Places the pieces: [{s, t, p}] with Jocly's sides (1 White, -1 Black), types and squares;
  // each piece's jump rank is its current type's (for the Kings: --king-rank).
  setup(pieces, who) {
    const b = this.board, g = this.game.g;
    b.board.fill(-1);
    b.pieces = pieces.map((pc, i) => ({ s: pc.s, t: pc.t, p: pc.p, m: true, i,
      r: pc.t === KING ? this.kingRank : g.pTypes[pc.t].ranking }));
    b.kings = {};
    for (const pc of b.pieces) {
      b.board[pc.p] = pc.i;
      if (pc.t === KING) b.kings[pc.s] = pc.p;
    }
    b.mWho = who;
    b.epTarget = null;
    b.lastMove = { f: -1, t: 0, c: null };
    b.check = b.oppoCheck = 0;
    b.ending = { 1: false, '-1': false };
  }

  // Jocly's pseudo-legal moves of the side to move.
  moves() {
    return this.board.cbGeneratePseudoLegalMoves(this.game);
  }

  // Plays `move` with Jocly's ApplyMove (captures, rifle captures, burns, promotion) and leaves
  // the pieces it gives in outS/outT/outP (square -1: removed); the board is restored.
  after(move) {
    const b = this.board, pieces = b.pieces, n = pieces.length;
    this.saved.set(b.board);
    for (let i = 0; i < n; i++) { this.beforeP[i] = pieces[i].p; this.beforeT[i] = pieces[i].t; }
    b.ApplyMove(this.game, move);
    for (let i = 0; i < n; i++) {
      const pc = pieces[i];
      this.outS[i] = pc.s; this.outT[i] = pc.t; this.outP[i] = pc.p;
      pc.p = this.beforeP[i]; pc.t = this.beforeT[i];
    }
    b.board.set(this.saved);
    b.kings[1] = pieces[0].p; b.kings[-1] = pieces[1].p;
  }
}

// ---------------------------------------------------------------------------------------------
// Sets. A set is the Kings plus at most one piece of kind `kind` owned by `owner` (1 or -1);
// position id = ((stm * 100 + white King) * 100 + black King) * 100 + piece (no piece: KvK).

function setName(kind, owner) {
  if (!kind) return 'KvK';
  return owner === 1 ? `K${kind}vK` : `KvK${kind}`;
}

class JoclySet {
  // fold: only positions with the white King on files a-e, each other position being one of
  // those mirrored (the board, the extra squares and every piece's moves are symmetric about the
  // line between files e and f), as our index does; without it every position is built.
  constructor(kind, owner, fold) {
    this.fold = fold;
    this.kind = kind;
    this.owner = owner;
    this.name = setName(kind, owner);
    this.size = kind ? 2 * SQ * SQ * SQ : 2 * SQ * SQ;
    // result: 0 illegal, 1 win, 2 loss, 3 draw; dist: plies.
    this.result = new Uint8Array(this.size);
    this.dist = new Uint16Array(this.size);
    this.offBoardMoves = 0;
    this.positions = 0;
  }

  // The id of a position, mirrored first if the set is folded and the white King is on f-j.
  id(stm, wk, bk, x) {
    if (this.fold && wk % 10 >= 5) { wk = mirrorSq(wk); bk = mirrorSq(bk); x = x >= 0 ? mirrorSq(x) : x; }
    const base = (stm * SQ + wk) * SQ + bk;
    return this.kind ? base * SQ + x : base;
  }

  decode(id) {
    let x = -1;
    if (this.kind) { x = id % SQ; id = Math.floor(id / SQ); }
    const bk = id % SQ; id = Math.floor(id / SQ);
    const wk = id % SQ;
    return { stm: Math.floor(id / SQ), wk, bk, x };
  }

  pieces(p) {
    const out = [{ s: 1, t: KING, p: p.wk + 10 }, { s: -1, t: KING, p: p.bk + 10 }];
    if (this.kind) out.push({ s: this.owner, t: KINDS[this.kind][this.owner === 1 ? 0 : 1], p: p.x + 10 });
    return out;
  }
}

// Growable Int32 list.
class IntList {
  constructor(n = 1 << 20) { this.a = new Int32Array(n); this.n = 0; }
  push(v) {
    if (this.n === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.n++] = v;
  }
}

const ILLEGAL = 0, WIN = 1, LOSS = 2, DRAW = 3;

// Builds `set` by retrograde analysis over Jocly's moves; `sets` holds the sets it leads to.
function build(set, jb, sets) {
  const t0 = Date.now();
  const N = set.size;
  const legal = new Uint8Array(N);  // 1: squares distinct and the side not to move not in check
  const valid = new Uint8Array(N);  // squares distinct
  const start = new Int32Array(N + 1);
  const children = new IntList(); // in-set children, every Jocly move (legality checked later)
  const exitParent = new IntList(), exitValue = new IntList(); // moves to other sets: value to the child's side
  for (let id = 0; id < N; id++) {
    start[id] = children.n;
    const p = set.decode(id);
    if ((set.fold && p.wk % 10 >= 5) || p.wk === p.bk || (set.kind && (p.x === p.wk || p.x === p.bk))) continue;
    valid[id] = 1;
    const who = p.stm === 0 ? 1 : -1;
    jb.setup(set.pieces(p), who);
    let takesKing = false;
    const exits = [];
    for (const move of jb.moves()) {
      jb.after(move);
      const { outS, outT, outP } = jb;
      // Setup order: the white King, the black King, the piece.
      if (outP[who === 1 ? 1 : 0] < 0) { takesKing = true; break; }
      if ((outP[0] >= 0 && !onBoard(outP[0])) || (outP[1] >= 0 && !onBoard(outP[1])) ||
          (set.kind && outP[2] >= 0 && !onBoard(outP[2]))) { set.offBoardMoves++; continue; }
      const wk = outP[0] - 10, bk = outP[1] - 10;
      const stm = 1 - p.stm;
      const piece = set.kind ? { s: outS[2], t: outT[2], p: outP[2] } : null;
      if (!set.kind) {
        children.push(set.id(stm, wk, bk, -1));
      } else if (piece.p >= 0 && piece.t === KINDS[set.kind][set.owner === 1 ? 0 : 1]) {
        children.push(set.id(stm, wk, bk, piece.p - 10));
      } else {
        // Leaves the set: the piece was taken (KvK) or promoted.
        const next = piece.p >= 0 ? sets.get(setName(KIND_OF_TYPE[piece.t], piece.s)) : sets.get('KvK');
        if (!next) throw new Error(`${set.name}: a move leads to a set not built (${KIND_OF_TYPE[piece.t]})`);
        const cid = piece.p >= 0 ? next.id(stm, wk, bk, piece.p - 10) : next.id(stm, wk, bk, -1);
        if (next.result[cid] !== ILLEGAL) exits.push(next.result[cid] === DRAW ? 0 : (next.result[cid] === WIN ? 1 : -1) * (next.dist[cid] + 1));
      }
    }
    if (takesKing) { children.n = start[id]; continue; }
    legal[id] = 1;
    for (const v of exits) { exitParent.push(id); exitValue.push(v); }
  }
  start[N] = children.n;
  const tGen = Date.now();

  // Reverse edges to legal children only; remaining = legal moves not yet known to lose for the mover.
  const remaining = new Int32Array(N);
  const pcount = new Int32Array(N + 1);
  for (let id = 0; id < N; id++) {
    if (!legal[id]) continue;
    for (let k = start[id]; k < start[id + 1]; k++) {
      const c = children.a[k];
      if (legal[c]) { remaining[id]++; pcount[c + 1]++; }
    }
  }
  for (let i = 0; i < N; i++) pcount[i + 1] += pcount[i];
  const parents = new Int32Array(pcount[N]);
  const fill = pcount.slice(0, N);
  for (let id = 0; id < N; id++) {
    if (!legal[id]) continue;
    for (let k = start[id]; k < start[id + 1]; k++) {
      const c = children.a[k];
      if (legal[c]) parents[fill[c]++] = id;
    }
  }
  children.a = null;

  // Exits: a child that loses in k makes the parent a win in k + 1 at the latest; one that wins
  // in k is a move that loses (counted down at time k); a drawn one is never counted down.
  const lossChildAt = [], winChildAt = []; // by time: parents to visit
  const at = (buckets, t) => buckets[t] || (buckets[t] = []);
  for (let i = 0; i < exitParent.n; i++) {
    const id = exitParent.a[i], v = exitValue.a[i];
    remaining[id]++;
    // v is the child's value to its side to move: +(d + 1) a win in d, -(d + 1) a loss in d
    if (v < 0) at(lossChildAt, -v - 1).push(id);
    else if (v > 0) at(winChildAt, v - 1).push(id);
  }
  const resolved = new Uint8Array(N);
  let frontier = [];
  for (let id = 0; id < N; id++) {
    if (legal[id] && remaining[id] === 0) { set.result[id] = LOSS; set.dist[id] = 0; resolved[id] = 1; frontier.push(id); }
  }
  for (let t = 0; frontier.length || t < lossChildAt.length || t < winChildAt.length; t++) {
    for (const c of frontier) {
      const bucket = set.result[c] === LOSS ? at(lossChildAt, t) : at(winChildAt, t);
      for (let k = pcount[c]; k < pcount[c + 1]; k++) bucket.push(parents[k]);
    }
    const next = [];
    for (const id of lossChildAt[t] || []) {
      if (resolved[id]) continue;
      resolved[id] = 1; set.result[id] = WIN; set.dist[id] = t + 1; next.push(id);
    }
    for (const id of winChildAt[t] || []) {
      if (resolved[id]) continue;
      if (--remaining[id] === 0) { resolved[id] = 1; set.result[id] = LOSS; set.dist[id] = t + 1; next.push(id); }
    }
    lossChildAt[t] = winChildAt[t] = undefined;
    frontier = next;
  }
  for (let id = 0; id < N; id++) {
    if (legal[id]) { set.positions++; if (!resolved[id]) set.result[id] = DRAW; }
  }
  set.seconds = { generate: (tGen - t0) / 1000, total: (Date.now() - t0) / 1000 };
  return set;
}

// ---------------------------------------------------------------------------------------------
// Our tables, read with `minishogi minjiku tb dump SET`.

const FEN_PIECE = /^(\+?[A-Za-z])(\*?)/;

// Our FEN -> { stm, wk, bk, x, kind, owner } on board squares (null if a piece is elsewhere).
function parseFen(fen) {
  const [board, side] = fen.split(' ');
  const rows = board.split('/');
  if (rows.length !== 12) throw new Error(`bad FEN ${fen}`);
  const out = { stm: side === 'w' ? 0 : 1, wk: -1, bk: -1, x: -1, kind: null, owner: 0 };
  for (let r = 0; r < 12; r++) {
    const rank = 11 - r;
    let s = rows[r], file = rank === 0 || rank === 11 ? 4 : 0;
    while (s.length) {
      const num = /^\d+/.exec(s);
      if (num) { file += Number(num[0]); s = s.slice(num[0].length); continue; }
      const m = FEN_PIECE.exec(s);
      if (!m) throw new Error(`bad FEN ${fen}`);
      s = s.slice(m[0].length);
      if (rank < 1 || rank > 10) return null;
      const n = (rank - 1) * 10 + file;
      const letter = m[1].toUpperCase(), white = m[1] === letter;
      if (letter === 'K') { if (white) out.wk = n; else out.bk = n; }
      else { out.x = n; out.kind = letter + m[2]; out.owner = white ? 1 : -1; }
      file++;
    }
  }
  return out;
}

function ourResult(value) {
  return value === 'win' ? WIN : value === 'loss' ? LOSS : value === 'draw' ? DRAW : -1;
}

const RESULT_NAME = ['illegal', 'win', 'loss', 'draw'];

function describe(set, id) {
  const p = set.decode(id);
  const own = set.owner === 1 ? 'W' : 'B';
  return `${p.stm === 0 ? 'White' : 'Black'} to move, K ${sqName(p.wk)}, k ${sqName(p.bk)}` +
    (set.kind ? `, ${own}${set.kind} ${sqName(p.x)}` : '');
}

function valueText(result, dist) {
  return result === WIN || result === LOSS ? `${RESULT_NAME[result]} in ${dist}` : RESULT_NAME[result];
}

// Compares `set` with our table, whose positions have the white King on files a-e: each is one
// of Jocly's (folded set), or one of Jocly's and its mirror image.
async function compare(set, opt) {
  const seen = new Uint8Array(set.size);
  const report = { lines: 0, positions: 0, agree: 0, disagree: [], missing: 0, apart: 0, apartDiffer: 0 };
  const scope = SCOPE[set.kind];
  const inScope = id => !scope || scope(set.decode(id).x, set.owner);
  const tally = (id, same, d) => {
    if (!inScope(id)) { report.apart++; report.apartDiffer += same ? 0 : 1; return; }
    report.positions++;
    if (same) report.agree++;
    else report.disagree.push(d);
  };
  const child = spawn(opt.bin, ['minjiku', 'tb', 'dump', set.name, '--dir', opt.dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', d => { stderr += d; });
  const exited = new Promise((resolve, reject) => { child.on('close', resolve); child.on('error', reject); });
  const rl = readline.createInterface({ input: child.stdout, crlfDelay: Infinity });
  for await (const line of rl) {
    const [fen, value, plies] = line.split('\t');
    const p = parseFen(fen);
    if (!p || (set.kind && (p.kind !== set.kind || p.owner !== set.owner))) throw new Error(`${set.name}: dump line not in the set: ${line}`);
    report.lines++;
    const ours = ourResult(value), dist = plies === '-' ? 0 : Number(plies);
    for (const mirrored of set.fold ? [false] : [false, true]) {
      const m = mirrored ? mirrorSq : (n => n);
      const id = set.id(p.stm, m(p.wk), m(p.bk), set.kind ? m(p.x) : -1);
      seen[id] = 1;
      const theirs = set.result[id];
      const same = theirs === ours && (ours === DRAW || set.dist[id] === dist);
      tally(id, same, { id, ours: valueText(ours, dist), jocly: valueText(theirs, set.dist[id]), fen });
    }
  }
  const code = await exited;
  if (code !== 0) throw new Error(`${opt.bin} minjiku tb dump ${set.name}: ${stderr.trim() || 'exit ' + code}`);
  // Positions legal for Jocly that our table does not hold.
  for (let id = 0; id < set.size; id++) {
    if (set.result[id] !== ILLEGAL && !seen[id]) {
      report.missing++;
      tally(id, false, { id, ours: 'illegal (not in the dump)', jocly: valueText(set.result[id], set.dist[id]), fen: '' });
    }
  }
  return report;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opt = parseArgs(process.argv.slice(2));
  const Jocly = loadJocly();
  const match = await Jocly.createMatch('minjiku-shogi');
  const jb = new JoclyBoard(match.game, opt.kingRank);
  const owners = opt.side === 'white' ? [1] : opt.side === 'black' ? [-1] : [1, -1];
  console.log(`# Jocly ${process.env.JOCLY_DIST}, king rank ${opt.kingRank}, our tables ${opt.dir}, ${opt.bin}`);
  if (opt.kingRank <= 7) {
    for (const [kind, why] of Object.entries(LEFT_OUT)) if (!opt.kinds.includes(kind)) console.log(`# left out: ${kind}: ${why}`);
  }
  console.log('set\tpositions\tagree\tdisagree\twins\tlosses\tdraws\tlongest\toff-board moves\tleft out (differ)\tseconds');
  const sets = new Map();
  let failures = 0;
  const run = async set => {
    build(set, jb, sets);
    sets.set(set.name, set);
    const r = await compare(set, opt);
    let wins = 0, losses = 0, draws = 0, longest = 0;
    for (let id = 0; id < set.size; id++) {
      const res = set.result[id];
      if (res === WIN) { wins++; longest = Math.max(longest, set.dist[id]); }
      else if (res === LOSS) losses++;
      else if (res === DRAW) draws++;
    }
    console.log([set.name, set.positions, r.agree, r.disagree.length, wins, losses, draws, longest,
      set.offBoardMoves, `${r.apart} (${r.apartDiffer})`, set.seconds.total.toFixed(1)].join('\t'));
    if (r.positions + r.apart - r.missing !== set.positions)
      console.log(`#   ${set.name}: legal positions: ours ${r.positions + r.apart - r.missing}, Jocly ${set.positions}`);
    for (const d of r.disagree.slice(0, opt.examples))
      console.log(`#   ${set.name} differs: ${describe(set, d.id)}: ours ${d.ours}, Jocly ${d.jocly}${d.fen ? ` (our FEN ${d.fen})` : ''}`);
    if (r.disagree.length) failures++;
  };
  await run(new JoclySet(null, 1, !opt.full));
  // Each set after the sets its piece's moves lead to: the promoted kind, and for an unmoved
  // Lateral Mover the Lateral Mover (its first move makes it one).
  const order = [];
  const visit = kind => {
    if (order.includes(kind)) return;
    for (const next of [KINDS[kind][2], kind === 'L*' ? 'L' : null]) if (next) visit(next);
    order.push(kind);
  };
  opt.kinds.forEach(visit);
  for (const owner of owners) for (const kind of order) await run(new JoclySet(kind, owner, !opt.full));
  console.log(failures ? `# ${failures} set(s) disagree` : '# every value and distance agrees');
  process.exit(failures ? 1 : 0);
}

if (require.main === module) main().catch(e => { console.error(`jocly_tables: ${e.message}`); process.exit(1); });
module.exports = { JoclyBoard, JoclySet, build, loadJocly, parseFen, KINDS };
