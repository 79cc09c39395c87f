#!/usr/bin/env node
// Perft of the Minjiku start position with Jocly's own move generator, for a speed comparison
// with `minishogi minjiku perft`. Jocly is not part of this project: build it first as
// ../shared/tools/jocly-minjiku/README.md says and point JOCLY_DIST at the result.
//
//   JOCLY_DIST=/tmp/jocly-dist node tools/jocly_perft.cjs DEPTH
//
// Walks the tree the way Jocly's UCT search does (copy the board, ApplyMove, GenerateMoves) and
// counts the last ply in bulk. Prints per depth: the raw count (Jocly's list as returned), the
// count with duplicate moves removed (keyed by from, to, promotion, rifle victim: the reference
// data's `nodes` reading) and the time.
'use strict';
const path = require('path');
const DIST = process.env.JOCLY_DIST;
if (!DIST) { console.error('set JOCLY_DIST to the folder build.js wrote'); process.exit(2); }
const Jocly = require(path.join(DIST, 'jocly.core.js'));
const depth = Number(process.argv[2] || 3);
if (!Number.isInteger(depth) || depth < 1) { console.error('usage: jocly_perft.cjs DEPTH'); process.exit(2); }

// One key per distinct move: Jocly lists some moves twice (reference README, "Duplicates").
const key = m => `${m.f},${m.t},${m.pr},${m.via},${m.kill}`;

function perft(game, board, d, counts) {
  if (!board.mMoves || board.mMoves.length === 0) board.GenerateMoves(game);
  const moves = board.mMoves || [];
  if (d === 1) {
    counts.raw += moves.length;
    counts.distinct += new Set(moves.map(key)).size;
    return;
  }
  const seen = new Set();
  for (const m of moves) {
    const k = key(m);
    if (seen.has(k)) continue;
    seen.add(k);
    const next = new (game.GetBoardClass())(game);
    next.CopyFrom(board);
    next.ApplyMove(game, m);
    next.mMoves = [];
    next.mWho = -board.mWho;
    perft(game, next, d - 1, counts);
  }
}

(async () => {
  const match = await Jocly.createMatch('minjiku-shogi');
  const game = match.game;
  for (let d = 1; d <= depth; d++) {
    const root = new (game.GetBoardClass())(game);
    root.CopyFrom(game.mBoard);
    root.mWho = game.mBoard.mWho;
    root.mMoves = [];
    const counts = { raw: 0, distinct: 0 };
    const t0 = process.hrtime.bigint();
    perft(game, root, d, counts);
    const secs = Number(process.hrtime.bigint() - t0) / 1e9;
    console.log(`depth ${d} distinct ${counts.distinct} raw ${counts.raw} time ${secs.toFixed(3)} s ` +
      `${Math.round(counts.distinct / secs)} nodes/s`);
  }
})();
