// Times tournament-organizer's Swiss pairing (tournament-pairings' Swiss(), which
// tournament-organizer 4 calls for every Swiss round) on a round exported by pairing_bench.
//   node time_to.mjs round5-1024.json   ->  {"ms": 123.4, "rematches": 0, "cross": 7, "byes": 1}
import { readFileSync } from 'node:fs';
import { Swiss } from 'tournament-pairings';

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const score = new Map(input.players.map(p => [p.id, p.score]));
const met = new Set(input.players.flatMap(p => p.avoid.map(o => p.id + '|' + o)));
const players = input.players.map(p => ({ ...p, avoid: [...p.avoid] }));
const t0 = process.hrtime.bigint();
const matches = Swiss(players, input.round);
const ms = Number(process.hrtime.bigint() - t0) / 1e6;
let rematches = 0, cross = 0, byes = 0;
for (const m of matches) {
  if (m.player1 === null || m.player2 === null) { ++byes; continue; }
  if (met.has(m.player1 + '|' + m.player2)) ++rematches;
  if (score.get(m.player1) !== score.get(m.player2)) ++cross;
}
console.log(JSON.stringify({ ms, rematches, cross, byes }));
