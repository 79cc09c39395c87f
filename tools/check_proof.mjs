#!/usr/bin/env node
// Checks minishogi proof certificates (docs/solutions.md) with lishogi's shogiops for the rules,
// not with this project's code: the header, the root, the value, every line's move legal for the
// winner, its count odd and at least 1, and every legal reply of the loser, from the root and
// after every line's move, leading to a position that has a line whose count is at least 2 below
// the count before it (or to a position where the loser has no legal move). shogiops itself
// leaves pawn-drop mates out of the legal drops (uchifuzume), as the rules require.
//
//   node tools/check_proof.mjs FILE...      (FILE plain text or .zst)
//
// Prints `ok FILE: loss in 8, 12 lines` per file; on the first fault, one line
// `FILE: <reason>` on stderr and exit status 1.

import { readFileSync } from 'node:fs';
import { decompress } from 'fzstd';
import { parseSfen, makeSfen } from 'shogiops/sfen';
import { parseUsi, makeUsi, opposite } from 'shogiops/util';

const HEADER = 'minishogi-proof\t1';

export class ProofError extends Error {}

const fail = (reason) => {
  throw new ProofError(reason);
};

/** The position of a SFEN, or a ProofError naming the line. */
function position(sfen, where) {
  const parsed = parseSfen('minishogi', sfen.trim(), true);
  if (parsed.isErr) fail(`${where}: bad SFEN ${JSON.stringify(sfen)}: ${parsed.error.message}`);
  return parsed.value;
}

/** A position's key: board, side to move and hands, without the move number. */
function key(pos) {
  return makeSfen(pos).split(' ').slice(0, 3).join(' ');
}

/** Every legal move and drop of the side to move, by shogiops's move generation. */
export function legalMoves(pos) {
  const ctx = pos.ctx();
  const moves = [];
  for (const [from, dests] of pos.allMoveDests(ctx)) {
    for (const to of dests) {
      for (const promotion of [false, true]) {
        const md = { from, to, promotion };
        if (pos.isLegal(md, ctx)) moves.push(md);
      }
    }
  }
  for (const [name, dests] of pos.allDropDests(ctx)) {
    const role = name.split(' ')[1];
    for (const to of dests) moves.push({ role, to });
  }
  return moves;
}

function after(pos, md) {
  const child = pos.clone();
  child.play(md);
  return child;
}

function count(text, where) {
  if (!/^[0-9]+$/.test(text.trim())) fail(`${where}: ${JSON.stringify(text)} is not a ply count`);
  return Number(text.trim());
}

/** Checks the certificate `text`; returns its value, plies and number of lines. */
export function checkCertificate(text) {
  const lines = text.split('\n').map((l, i) => [i + 1, l.replace(/\r$/, '')]);
  const body = lines.filter(([, l]) => !l.startsWith('#') && l.trim() !== '');
  if (body.length === 0 || body[0][1] !== HEADER) fail(`the first line is not the header ${JSON.stringify(HEADER)}`);
  if (body.length < 3) fail('truncated: the root or value line is missing');
  const [rootNo, rootLine] = body[1];
  const rootFields = rootLine.split('\t');
  if (rootFields.length !== 2 || rootFields[0] !== 'root') fail(`line ${rootNo}: expected root<TAB><SFEN>`);
  const root = position(rootFields[1], `line ${rootNo}`);
  const [valueNo, valueLine] = body[2];
  const valueFields = valueLine.split('\t');
  if (valueFields.length !== 3 || valueFields[0] !== 'value' || !['win', 'loss'].includes(valueFields[1]))
    fail(`line ${valueNo}: expected value<TAB><win|loss><TAB><PLIES>`);
  const value = valueFields[1];
  const plies = count(valueFields[2], `line ${valueNo}`);
  const winner = value === 'win' ? root.turn : opposite(root.turn);

  // The lines, by position key.
  const table = new Map();
  for (const [no, line] of body.slice(3)) {
    const fields = line.split('\t');
    if (fields.length !== 3) fail(`line ${no}: expected <SFEN><TAB><MOVE><TAB><PLIES>`);
    const pos = position(fields[0], `line ${no}`);
    if (pos.turn !== winner) fail(`line ${no}: the loser is to move`);
    const md = parseUsi(fields[1].trim());
    if (!md || !pos.isLegal(md)) fail(`line ${no}: illegal move ${fields[1]}`);
    const n = count(fields[2], `line ${no}`);
    if (n < 1 || n % 2 === 0) fail(`line ${no}: count ${n} is not odd and at least 1`);
    const k = key(pos);
    if (table.has(k)) fail(`line ${no}: the position of line ${table.get(k).no} again`);
    table.set(k, { no, pos, md, n });
  }

  // Every loser-to-move position the certificate reaches, with the count its replies must stay below.
  const loserNodes = [];
  if (value === 'win') {
    const line = table.get(key(root));
    if (!line) fail('the root has no line');
    if (line.n !== plies) fail(`value ${plies} but the root's line says ${line.n}`);
  } else {
    if (plies % 2 !== 0) fail(`a loss in ${plies} plies: a loss takes an even number`);
    loserNodes.push({ pos: root, bound: plies, from: 'the root' });
  }
  for (const line of table.values()) {
    loserNodes.push({ pos: after(line.pos, line.md), bound: line.n - 1, from: `line ${line.no}` });
  }
  let longest = 0;
  for (const { pos, bound, from } of loserNodes) {
    for (const reply of legalMoves(pos)) {
      const next = after(pos, reply);
      const line = table.get(key(next));
      if (!line) fail(`after ${from}, the reply ${makeUsi(reply)} reaches ${makeSfen(next)}, which has no line`);
      if (line.n > bound - 1)
        fail(`after ${from}, the reply ${makeUsi(reply)} reaches line ${line.no} whose count ${line.n} is not below ${bound}`);
      if (from === 'the root') longest = Math.max(longest, line.n + 1);
    }
  }
  if (value === 'loss' && longest !== plies) fail(`value loss in ${plies} but the longest reply loses in ${longest}`);
  return { value, plies, lines: table.size };
}

/** Reads a certificate file, decompressing .zst. */
export function readCertificate(path) {
  const bytes = readFileSync(path);
  const raw = path.endsWith('.zst') ? decompress(bytes) : bytes;
  return new TextDecoder('utf-8', { fatal: true }).decode(raw);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: node tools/check_proof.mjs FILE...');
    process.exit(2);
  }
  for (const file of files) {
    try {
      const { value, plies, lines } = checkCertificate(readCertificate(file));
      console.log(`ok ${file}: ${value} in ${plies}, ${lines} lines`);
    } catch (e) {
      console.error(`${file}: ${e.message}`);
      process.exit(1);
    }
  }
}
