// Issue 11 point 9: 256 tables, both phones connected, a pass every ~10 s per table, against the
// real `gauntlet serve` (started here on a fresh database). Measures, as a phone sees them:
//   - a pass: the round trip of POST /api/events/{id}/clock on loopback (p50/p95/p99/max);
//   - the opponent: from sending the pass until the opponent's WebSocket gets that table's
//     {"type":"clock"} message (p50/p95/p99/max).
// Goals: p99 of a pass under 20 ms, the opponent updated within 100 ms.
//
//   node --experimental-websocket bench/server/clock_bench.mjs GAUNTLET_BIN [TABLES=256] [SECONDS=60] [INTERVAL_MS=10000]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const [bin, tablesArg = '256', secondsArg = '60', intervalArg = '10000'] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node --experimental-websocket clock_bench.mjs GAUNTLET_BIN [TABLES] [SECONDS] [INTERVAL_MS]');
  process.exit(2);
}
const TABLES = Number(tablesArg), SECONDS = Number(secondsArg), INTERVAL = Number(intervalArg);
const EVENT = 'clock-bench', PASSWORD = 'clock-bench-password';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const freePort = () => new Promise((res) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
});

async function startServer() {
  const dir = mkdtempSync(join(tmpdir(), 'gauntlet-clock-bench-'));
  const port = await freePort();
  const proc = spawn(bin, ['--db', join(dir, 'bench.db'), 'serve', '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  for (let i = 0; i < 200; ++i) {
    const m = /admin key[^\n]*:\s*(\S+)\s*$/im.exec(out);
    if (m) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/events`)).ok) return { proc, dir, base: `http://127.0.0.1:${port}`, port, key: m[1] };
      } catch { /* not yet */ }
    }
    await sleep(100);
  }
  throw new Error(`gauntlet serve did not start:\n${out}`);
}

function client(base) {
  let cookie = '', csrf = '';
  const call = async (method, path, body) => {
    const res = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...(csrf ? { 'X-CSRF-Token': csrf } : {}) }, body: body && JSON.stringify(body) });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    const data = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    if (data && data.csrf) csrf = data.csrf;
    return data;
  };
  return { post: (p, b) => call('POST', p, b), get: (p) => call('GET', p) };
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const summary = (name, xs) => {
  xs.sort((a, b) => a - b);
  const f = (v) => v.toFixed(1).padStart(7);
  return `${name.padEnd(26)} n=${String(xs.length).padStart(5)}  p50 ${f(pct(xs, 50))} ms  p95 ${f(pct(xs, 95))} ms  p99 ${f(pct(xs, 99))} ms  max ${f(xs[xs.length - 1])} ms`;
};

const server = await startServer();
try {
  const api = `/api/events/${EVENT}`;
  const admin = client(server.base);
  await fetch(`${server.base}/api/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({ id: EVENT, config: { name: 'Clock Bench', edition: 'SR2017', points: 75 }, password: PASSWORD }) });
  await admin.post(`${api}/login`, { password: PASSWORD });
  const csv = `name,faction\n${Array.from({ length: 2 * TABLES }, (_, i) => `Player ${i + 1},Cygnar`).join('\n')}\n`;
  const imported = await admin.post(`${api}/players/import`, { csv });
  const pins = Object.fromEntries(imported.players.map((p) => [p.id, p.pin]));
  const proposal = await admin.post(`${api}/pairing/propose`, {});
  await admin.post(`${api}/commands`, { type: 'pair-round', tables: proposal.tables, bye: proposal.bye });
  await admin.post(`${api}/commands`, { type: 'start-round' });
  // One logged-in client and one live socket per phone.
  const phones = {};
  for (const t of proposal.tables)
    for (const pid of t.players) {
      const c = client(server.base);
      await c.post(`${api}/player-login`, { player: pid, pin: pins[pid] });
      phones[pid] = { c, ws: null };
    }
  // table -> {sent, seat}: the pass on its way, and the seat whose phone must hear of it.
  const waiting = new Map();
  const opponentMs = [], passMs = [];
  let refused = 0;
  const opened = [];
  for (const phone of Object.values(phones)) {
    phone.ws = new WebSocket(`ws://127.0.0.1:${server.port}${api}/live`);
    opened.push(new Promise((r) => phone.ws.addEventListener('open', r, { once: true })));
  }
  await Promise.all(opened);
  const tableOf = {};
  for (const t of proposal.tables) {
    tableOf[t.table] = { turn: 0 };
    t.players.forEach((pid, seat) => phones[pid].ws.addEventListener('message', (ev) => {
      const msg = JSON.parse(ev.data);
      const w = waiting.get(t.table);
      if (msg.type !== 'clock' || msg.table !== t.table || !w || w.seat !== seat) return;
      opponentMs.push(performance.now() - w.sent);
      waiting.delete(t.table);
    }));
  }
  for (const t of proposal.tables) await phones[t.players[0]].c.post(`${api}/clock`, { table: t.table, action: 'start', seat: 0 });
  console.log(`${TABLES} tables, ${Object.keys(phones).length} phones connected; a pass every ~${INTERVAL / 1000} s per table for ${SECONDS} s`);
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(proposal.tables.map(async (t) => {
    await sleep(Math.random() * INTERVAL);  // tables out of phase, as in a hall
    while (performance.now() < end) {
      const state = tableOf[t.table];
      const me = t.players[state.turn];
      const opponentSeat = 1 - state.turn;
      const sent = performance.now();
      waiting.set(t.table, { sent, seat: opponentSeat });
      try {
        await phones[me].c.post(`${api}/clock`, { table: t.table, action: 'pass' });
        passMs.push(performance.now() - sent);
        state.turn = opponentSeat;
      } catch (e) {
        ++refused;
        console.error(e.message);
      }
      await sleep(INTERVAL * (0.8 + 0.4 * Math.random()));
    }
  }));
  await sleep(500);
  console.log(summary('pass (POST /clock)', passMs));
  console.log(summary('opponent\'s phone updated', opponentMs));
  console.log(`refused: ${refused}; passes per second: ${(passMs.length / SECONDS).toFixed(1)}`);
  for (const p of Object.values(phones)) p.ws.close();
} finally {
  server.proc.kill('SIGTERM');
  await sleep(300);
  rmSync(server.dir, { recursive: true, force: true });
}
