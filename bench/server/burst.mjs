// Issue 15 point 4: a burst of player actions against the real `gauntlet serve` (started here).
// 2 x TABLES players are imported and round 1 paired and started over the API, every player logs in
// on their own client, then each table's first player reports a result at a random instant of the
// first SPREAD_MS/2 and the opponent confirms it a random delay (under SPREAD_MS/2) after the report
// was acknowledged: 2 x TABLES actions within about SPREAD_MS, on as many connections as players.
// Prints how many were acknowledged, the latency of an action as a phone sees it (p50/p99/max), the
// total time and the journal entries written; then restarts the server on the same database and
// checks that every acknowledged action is in the journal at the seq it was acknowledged with.
//
//   node bench/server/burst.mjs GAUNTLET_BIN [DB] [TABLES=512] [SPREAD_MS=1000]
//
// With BURST_IDEMPOTENCY=1 every action carries a fresh Idempotency-Key header, as the web pages'
// writes do (src/web/api.js); without it, as a script or curl sends them.
// DB: a SQLite file (default: a fresh one in a temporary directory) or an empty PostgreSQL
// database's URL (bench/server/burst.sh makes one). On PostgreSQL, with PSQL naming psql, the
// burst's commits are counted too (pg_stat_database.xact_commit, give or take the counting's own).
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';

const [bin, dbArg = '', tablesArg = '512', spreadArg = '1000'] = process.argv.slice(2);
if (!bin) {
  console.error('usage: node bench/server/burst.mjs GAUNTLET_BIN [DB] [TABLES] [SPREAD_MS]');
  process.exit(2);
}
const TABLES = Number(tablesArg), SPREAD = Number(spreadArg), IDEMPOTENCY = process.env.BURST_IDEMPOTENCY === '1';
const EVENT = 'burst', PASSWORD = 'burst-bench-password';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const dir = mkdtempSync(join(tmpdir(), 'gauntlet-burst-'));
const db = dbArg || join(dir, 'bench.db');

const freePort = () => new Promise((res) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => res(port)); });
});

async function startServer() {
  const port = await freePort();
  const proc = spawn(bin, ['--db', db, 'serve', '--listen', `127.0.0.1:${port}`], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; ++i) {
    try {
      if ((await fetch(`${base}/api/events`)).ok) {
        const key = /admin key[^\n]*:\s*(\S+)\s*$/im.exec(out);
        return { proc, base, key: key && key[1] };
      }
    } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`gauntlet serve did not start:\n${out}`);
}

async function stopServer(server) {
  const exited = new Promise((r) => server.proc.once('exit', r));
  server.proc.kill('SIGTERM');
  await exited;
}

function client(base) {
  let cookie = '', csrf = '';
  const call = async (method, path, body, extra = {}) => {
    const res = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}), ...(csrf ? { 'X-CSRF-Token': csrf } : {}), ...extra }, body: body && JSON.stringify(body) });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    const data = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    if (data && data.csrf) csrf = data.csrf;
    return data;
  };
  return { post: (p, b, extra) => call('POST', p, b, extra), get: (p) => call('GET', p) };
}

// Transactions committed in the database so far (PostgreSQL only; give or take the counting's own).
async function commits() {
  if (!db.startsWith('postgres') || !process.env.PSQL) return null;
  await sleep(11000);  // an idle backend flushes its statistics within 10 s
  const sql = 'SELECT pg_stat_force_next_flush(); SELECT pg_stat_clear_snapshot(); SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()';
  const out = execFileSync(process.env.PSQL, ['-Atq', '-d', db, '-c', sql]).toString().trim().split('\n');
  return Number(out[out.length - 1]);
}

const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const summary = (name, xs) => {
  xs.sort((a, b) => a - b);
  const f = (v) => (v === undefined ? '      -' : v.toFixed(1).padStart(7));
  return `${name.padEnd(20)} n=${String(xs.length).padStart(5)}  p50 ${f(pct(xs, 50))} ms  p99 ${f(pct(xs, 99))} ms  max ${f(xs[xs.length - 1])} ms`;
};

const api = `/api/events/${EVENT}`;
const win = [{ outcome: 'win', cp: 3, ap: 40 }, { outcome: 'loss', cp: 1, ap: 25 }];

async function setUp(server) {
  const created = await fetch(`${server.base}/api/events`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.key}` },
    body: JSON.stringify({ id: EVENT, config: { name: 'Burst Bench', edition: 'SR2017', points: 75 }, password: PASSWORD }) });
  if (!created.ok) throw new Error(`creating the event: ${created.status} ${await created.text()}`);
  const eo = client(server.base);
  await eo.post(`${api}/login`, { password: PASSWORD });
  const csv = `name,faction\n${Array.from({ length: 2 * TABLES }, (_, i) => `Player ${i + 1},Cygnar`).join('\n')}\n`;
  const imported = await eo.post(`${api}/players/import`, { csv });
  const pins = Object.fromEntries(imported.players.map((p) => [p.id, p.pin]));
  const proposal = await eo.post(`${api}/pairing/propose`, {});
  await eo.post(`${api}/commands`, { type: 'pair-round', tables: proposal.tables, bye: proposal.bye });
  await eo.post(`${api}/commands`, { type: 'start-round' });
  const phones = {};
  for (const t of proposal.tables)
    for (const pid of t.players) {
      phones[pid] = client(server.base);
      await phones[pid].post(`${api}/player-login`, { player: pid, pin: pins[pid] });
    }
  const before = (await eo.get(`${api}/journal`)).entries.length;
  return { eo, tables: proposal.tables, phones, before };
}

// One action as a phone sees it: its latency, or its refusal.
async function act(phone, path, body, acked, failed, ms) {
  const sent = performance.now();
  try {
    const answer = await phone.post(path, body, IDEMPOTENCY ? { 'Idempotency-Key': randomUUID() } : {});
    ms.push(performance.now() - sent);
    acked.push({ seq: answer.seq, type: answer.command.type, table: body.table });
    return true;
  } catch (e) {
    failed.push(e.message);
    return false;
  }
}

async function burst({ tables, phones }) {
  const acked = [], failed = [], reportMs = [], confirmMs = [];
  const start = performance.now();
  await Promise.all(tables.map(async (t) => {
    await sleep(Math.random() * SPREAD / 2);
    const reported = await act(phones[t.players[0]], `${api}/report`, { table: t.table, results: win, victory: 'scenario' }, acked, failed, reportMs);
    if (!reported) return;
    await sleep(Math.random() * SPREAD / 2);
    await act(phones[t.players[1]], `${api}/confirm`, { table: t.table, agree: true }, acked, failed, confirmMs);
  }));
  return { acked, failed, reportMs, confirmMs, totalMs: performance.now() - start };
}

// After a restart: every acknowledged action is in the journal, at its seq, as what it was.
async function verify(acked) {
  const server = await startServer();
  try {
    const eo = client(server.base);
    await eo.post(`${api}/login`, { password: PASSWORD });
    const bySeq = new Map((await eo.get(`${api}/journal`)).entries.map((e) => [e.seq, e]));
    const missing = acked.filter((a) => {
      const e = bySeq.get(a.seq);
      return !e || !e.command || e.command.type !== a.type || e.command.table !== a.table;
    });
    return { missing, entries: bySeq.size };
  } finally {
    await stopServer(server);
  }
}

let server = await startServer();
try {
  const setup = await setUp(server);
  console.log(`${TABLES} tables, ${Object.keys(setup.phones).length} players logged in; ${2 * TABLES} actions within ~${SPREAD} ms (${db.startsWith('postgres') ? 'PostgreSQL' : 'SQLite'}${IDEMPOTENCY ? ', each with an Idempotency-Key' : ''})`);
  const commitsBefore = await commits();
  const r = await burst(setup);
  const commitsAfter = await commits();
  const after = (await setup.eo.get(`${api}/journal`)).entries.length;
  await stopServer(server);
  server = null;
  const all = [...r.reportMs, ...r.confirmMs];
  console.log(summary('report', r.reportMs));
  console.log(summary('confirm', r.confirmMs));
  console.log(summary('every action', all));
  console.log(`acknowledged ${r.acked.length} of ${2 * TABLES}; refused or failed ${r.failed.length}${r.failed.length ? ` (first: ${r.failed[0]})` : ''}`);
  console.log(`burst took ${r.totalMs.toFixed(0)} ms; journal entries written ${after - setup.before}` +
    (commitsBefore === null ? '' : `; PostgreSQL commits about ${commitsAfter - commitsBefore} (checkpoints and the follower's reads included)`));
  const v = await verify(r.acked);
  console.log(`after a restart: ${r.acked.length - v.missing.length} of ${r.acked.length} acknowledged actions in the journal at their seq (${v.entries} entries)`);
  if (v.missing.length || r.failed.length) process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
