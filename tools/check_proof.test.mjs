// Tests of the independent certificate checker: the committed certificates pass, and every kind
// of hand-broken certificate fails (wrong move, missing line, count not falling, truncated file,
// illegal move, bad header, wrong value, a pawn-drop mate).
//
//   node --test tools/check_proof.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { checkCertificate, readCertificate, ProofError, legalMoves } from './check_proof.mjs';
import { parseSfen } from 'shogiops/sfen';
import { makeUsi } from 'shogiops/util';

const proofs = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'proofs');
const nakedKing = readCertificate(join(proofs, 'naked-king.proof'));
const rejects = (text, pattern) => assert.throws(() => checkCertificate(text), (e) => e instanceof ProofError && pattern.test(e.message));

/** The certificate's lines after the header, root and value, and a way to put it back together. */
function split(text) {
  const lines = text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  return { head: lines.slice(0, 3), body: lines.slice(3), join: (head, body) => [...head, ...body, ''].join('\n') };
}

test('every committed certificate passes', () => {
  const files = readdirSync(proofs).filter((f) => f.endsWith('.proof') || f.endsWith('.proof.zst'));
  assert.ok(files.length >= 2, files.join(' '));
  for (const file of files) {
    const { value, plies } = checkCertificate(readCertificate(join(proofs, file)));
    assert.ok(['win', 'loss'].includes(value) && plies > 0, file);
  }
  assert.deepEqual(checkCertificate(nakedKing).value, 'loss');
  assert.equal(checkCertificate(nakedKing).plies, 8);
});

test('a wrong move fails: another legal move that is not covered', () => {
  const { head, body, join } = split(nakedKing);
  // Replace the move of a line with the first other legal move whose replies are not all covered.
  let failed = 0;
  for (let i = 0; i < body.length && failed < 3; i++) {
    const [sfen, move, n] = body[i].split('\t');
    const pos = parseSfen('minishogi', sfen).unwrap();
    for (const md of legalMoves(pos)) {
      const other = makeUsi(md);
      if (other === move) continue;
      const broken = [...body];
      broken[i] = [sfen, other, n].join('\t');
      try {
        checkCertificate(join(head, broken));
      } catch (e) {
        assert.ok(e instanceof ProofError);
        failed++;
        break;
      }
    }
  }
  assert.ok(failed > 0, 'some replaced move must break the proof');
});

test('a missing line fails', () => {
  const { head, body, join } = split(nakedKing);
  for (let i = 0; i < body.length; i++) {
    rejects(join(head, body.filter((_, j) => j !== i)), /has no line|root has no line/);
  }
});

test('a count that does not fall fails', () => {
  const { head, body, join } = split(nakedKing);
  // Raise the count of the longest line to the value: a reply of the root then reaches it at 8.
  const raised = body.map((l) => {
    const [s, m, n] = l.split('\t');
    return [s, m, Number(n) === 7 ? 9 : n].join('\t');
  });
  rejects(join(head, raised), /not below/);
  // An even count.
  const even = [...body];
  const [s, m] = even[0].split('\t');
  even[0] = [s, m, '2'].join('\t');
  rejects(join(head, even), /not odd/);
});

test('a truncated file fails', () => {
  rejects('minishogi-proof\t1\n', /truncated/);
  rejects('minishogi-proof\t1\nroot\t4k/5/5/P4/KGSBR w - 1\n', /truncated/);
  const { head, body, join } = split(nakedKing);
  rejects(join(head, body.slice(0, body.length - 1)), /has no line/);
  const cut = nakedKing.slice(0, Math.floor(nakedKing.length / 2));
  assert.throws(() => checkCertificate(cut), ProofError);
  rejects('', /header/);
});

test('an illegal move fails', () => {
  const { head, body, join } = split(nakedKing);
  const [s, , n] = body[0].split('\t');
  rejects(join(head, [[s, '5a5e', n].join('\t'), ...body.slice(1)]), /illegal move/);
  rejects(join(head, [[s, 'nonsense', n].join('\t'), ...body.slice(1)]), /illegal move/);
});

test('a bad header, root or value fails', () => {
  const { head, body, join } = split(nakedKing);
  rejects(join(['minishogi-proof\t2', head[1], head[2]], body), /header/);
  rejects(join([head[0], 'root\tnot a sfen', head[2]], body), /bad SFEN/);
  rejects(join([head[0], head[1], 'value\twin\t8'], body), /root has no line|loser is to move/);
  rejects(join([head[0], head[1], 'value\tloss\t10'], body), /longest reply/);
  rejects(join([head[0], head[1], 'value\tloss\t6'], body), /not below/);
});

test('a pawn-drop mate is no move', () => {
  // Sente's P*1b would mate: the gold on 1c guards it, gote's own pawn and silver hold 2a and 2b,
  // and nothing takes on 1b. The rules forbid it, so a certificate winning by it is rejected.
  const sfen = '3pk/3s1/4G/5/K4 b P 1';
  const pos = parseSfen('minishogi', sfen).unwrap();
  assert.ok(!legalMoves(pos).some((md) => makeUsi(md) === 'P*1b'));
  assert.ok(legalMoves(pos).some((md) => makeUsi(md) === 'P*3b'), 'other pawn drops stay legal');
  const certificate = ['minishogi-proof\t1', `root\t${sfen}`, 'value\twin\t1', `${sfen}\tP*1b\t1`, ''].join('\n');
  rejects(certificate, /illegal move/);
});
