#!/usr/bin/env node
// Reliability under kill -9 (issue 15 point 5): drives simulated events over HTTP against a real
// `gauntlet serve`, several requests in flight, kills the server with SIGKILL at random moments,
// restarts it on the same database and checks after every kill:
//   1. every acknowledged write (a 2xx answer with its `seq`) is in the journal at that seq with
//      the same command JSON;
//   2. the journal's seqs are 1..n, contiguous;
//   3. SQLite: `PRAGMA integrity_check` answers ok (run on the database as the kill left it);
//   4. replay equals what the server served: standings served at a quiescent point (journal at
//      seq S) equal `gauntlet standings --event FILE --json` on the exported event file cut to its
//      first S entries; the restarted server's standings equal the CLI's on the whole export;
//   5. `gauntlet verify --db DB` exits 0, when the binary has that command.
// Writes whose answer the kill swallowed are sent again after the restart with the same
// Idempotency-Key (an answer replayed must name a journal entry with that command); then the
// driver re-derives what is left to do from the server's state and goes on.
//
//   GAUNTLET_BIN=build/test/gauntlet node tests/reliability/kill9.mjs --kills 8
//   GAUNTLET_BIN=… GAUNTLET_TEST_PG=postgresql:///postgres?host=/tmp/pg/run&user=gauntlet \
//     node tests/reliability/kill9.mjs --store pg --kills 100 --seed 1234
//
// Options: --store sqlite|pg (default sqlite; pg needs GAUNTLET_TEST_PG, the URL of a server on
// which a fresh database is created and dropped), --kills N (env KILL9_KILLS, default 8),
// --seed S (env KILL9_SEED; printed, repeats the driver's choices and kill delays — the server's
// thread timing is not repeatable), --players MIN-MAX (default 24-64), --max-delay MS (longest
// run between a restart and the next kill, default 2500), --replays N (check 4 on at most N
// of an event's standings recorded since the last restart, the latest among them; default 0:
// all), --strict-idempotency (fail when a
// write committed before a kill is not answered by replay on retry; otherwise a NOTE and a
// figure), --tamper lose|gap|corrupt|standings (below), --keep (keep the temporary directory),
// --verbose. Exit 0 when every check passed, 1 with what was lost or different (the temporary
// directory and PostgreSQL database are then kept). The last line is `figures {json}`
// (scripts/reliability puts both stores' in a table). docs/reliability.md has the figures.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';

// ---- options ---------------------------------------------------------------------------------
function parseArgs(argv) {
  const o = {
    store: 'sqlite',
    kills: Number(process.env.KILL9_KILLS || 8),
    seed: process.env.KILL9_SEED ? Number(process.env.KILL9_SEED) : randomBytes(4).readUInt32BE(0),
    players: [24, 64],
    maxDelay: 2500,
    keep: false,
    verbose: false,
    strictIdempotency: false,
    replays: 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--store') o.store = value();
    else if (a === '--kills') o.kills = Number(value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--players') o.players = value().split('-').map(Number);
    else if (a === '--max-delay') o.maxDelay = Number(value());
    else if (a === '--keep') o.keep = true;
    else if (a === '--verbose') o.verbose = true;
    else if (a === '--strict-idempotency') o.strictIdempotency = true;
    else if (a === '--tamper') o.tamper = value();
    else if (a === '--replays') o.replays = Number(value());
    else usage(`unknown argument ${a}`);
  }
  if (!['sqlite', 'pg'].includes(o.store)) usage('--store is sqlite or pg');
  if (o.tamper && !['lose', 'gap', 'corrupt', 'standings'].includes(o.tamper)) usage('--tamper is lose, gap, corrupt or standings');
  if (o.tamper === 'corrupt' && o.store !== 'sqlite') usage('--tamper corrupt is for SQLite');
  if (!Number.isInteger(o.kills) || o.kills < 1) usage('--kills must be a whole number, 1 or more');
  if (!Number.isInteger(o.seed) || o.seed < 0 || o.seed > 0xffffffff) usage('--seed must be 0..4294967295');
  if (o.players.length !== 2 || !(o.players[0] >= 4 && o.players[1] >= o.players[0])) usage('--players MIN-MAX');
  return o;
}

// --tamper (the driver's own test: each must make the run fail): after the first kill that follows
// an acknowledged write, `lose` deletes the journal's last entry from the database when it was
// acknowledged (the append-only trigger set aside), `gap` the one before it, `corrupt` overwrites a page of the SQLite file, `standings`
// changes a served standings the driver recorded.
function usage(message) {
  process.stderr.write(`kill9: ${message}\nusage: kill9.mjs [--store sqlite|pg] [--kills N] [--seed S] ` +
    '[--players MIN-MAX] [--max-delay MS] [--keep] [--verbose]\n');
  process.exit(2);
}

const opt = parseArgs(process.argv.slice(2));
const BIN = process.env.GAUNTLET_BIN;
if (!BIN) usage('set GAUNTLET_BIN to the gauntlet binary');

// A small seeded generator (mulberry32): the driver's choices and the kill delays repeat with --seed.
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(opt.seed);
const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const chance = (p) => random() < p;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const log = (...a) => process.stdout.write(`${a.join(' ')}\n`);
const debug = (...a) => opt.verbose && log('  ', ...a);

// ---- figures and failures --------------------------------------------------------------------
const figures = {
  store: opt.store, seed: opt.seed, kills: 0, events: 0, acknowledged: 0, in_flight_at_kills: 0,
  max_in_flight: 0, committed_unacknowledged: 0, retried: 0, retries_replayed: 0, retries_refused: 0,
  committed_retry_ran_again: 0, committed_retry_refused: 0, events_without_password: 0, server_errors: 0,
  checks: 0, seconds: 0,
};
const failures = [];
function fail(what) {
  failures.push(what);
  log(`FAIL: ${what}`);
}
function check(ok, what) {
  figures.checks++;
  if (!ok) fail(what);
  return ok;
}

// ---- the database ----------------------------------------------------------------------------
const dir = mkdtempSync(join(tmpdir(), 'gauntlet-kill9-'));
let db;
let dropDatabase = () => {};
if (opt.store === 'pg') {
  const server = process.env.GAUNTLET_TEST_PG;
  if (!server) {
    log('FAIL: --store pg needs GAUNTLET_TEST_PG (the URL of a PostgreSQL server); not set');
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
  const name = `kill9_${process.pid}_${opt.seed}`;
  const psql = (sql) => spawnSync('psql', [server, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const made = psql(`CREATE DATABASE ${name}`);
  if (made.status !== 0) {
    log(`FAIL: cannot create a database on ${server}: ${made.stderr || made.error}`);
    rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
  // postgresql://host/postgres?… → postgresql://host/NAME?…
  const slash = server.indexOf('/', server.indexOf('://') + 3);
  const query = server.indexOf('?');
  db = server.slice(0, slash + 1) + name + (query < 0 ? '' : server.slice(query));
  dropDatabase = () => psql(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
} else {
  db = join(dir, 'kill9.db');
}

// ---- the server ------------------------------------------------------------------------------
let server = null;  // { proc, base, out, exited }
let adminKey = null;
const newPasswords = {};  // EO passwords a restart printed (an event whose password was never stored)

async function startServer() {
  const proc = spawn(BIN, ['--db', db, 'serve', '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const s = { proc, out: '', base: null };
  s.exited = new Promise((r) => proc.on('exit', (code, signal) => r(code ?? signal)));
  proc.stdout.on('data', (d) => (s.out += d));
  proc.stderr.on('data', (d) => (s.out += d));
  const deadline = Date.now() + 120000;
  while (!s.base) {
    const m = /serving .* on (http:\/\/\S+?)\/ \(/.exec(s.out);
    if (m) s.base = m[1];
    else if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`gauntlet serve exited:\n${s.out}`);
    else if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`gauntlet serve did not start in 120 s:\n${s.out}`);
    } else await sleep(20);
  }
  const key = /^Admin key[^\n]*:\s*(\S+)\s*$/m.exec(s.out);
  if (key) {
    if (adminKey) fail(`a restart printed a new admin key: the stored one was lost\n${s.out}`);
    adminKey = key[1];
  }
  for (const m of s.out.matchAll(/^EO password for event '([^']+)' \([^\n]*\): (\S+)$/gm)) newPasswords[m[1]] = m[2];
  server = s;
  return s;
}

async function killServer() {
  const s = server;
  process.kill(s.proc.pid, 'SIGKILL');
  await s.exited;
}

// ---- HTTP ------------------------------------------------------------------------------------
// Writes and reads in flight; a write's answer lost to the kill goes to `unanswered`.
let inFlight = 0;
let writesInFlight = 0;
let killing = false;
let keyCounter = 0;
const acked = [];  // {event, seq, command, what}
let unanswered = [];  // writes sent, no answer: {event, path, body, key, session, what}

class Killed extends Error {}

async function request(method, path, { body, session, key, headers = {} } = {}) {
  const h = { ...headers };
  if (body !== undefined) h['Content-Type'] = 'application/json';
  if (session) {
    h.Cookie = session.cookie;
    h['X-CSRF-Token'] = session.csrf;
  }
  if (key) h['Idempotency-Key'] = key;
  const s = server;
  inFlight++;
  try {
    const r = await fetch(s.base + path, {
      method, headers: h, body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(60000),
    });
    const text = await r.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = text;
    }
    if (r.status >= 500) {
      figures.server_errors++;
      log(`server error: ${method} ${path} → ${r.status} ${text.slice(0, 300)}`);
    }
    return { status: r.status, ok: r.status >= 200 && r.status < 300, data, headers: r.headers };
  } catch (e) {
    if (killing || s !== server) throw new Killed();
    throw new Error(`${method} ${path}: ${e.message}${e.cause ? ` (${e.cause.message || e.cause})` : ''}\n${s.out.slice(-2000)}`);
  } finally {
    inFlight--;
  }
}

// A state-changing request: a fresh Idempotency-Key; a 2xx answer with a seq is recorded as
// acknowledged; no answer (the kill) puts it in `unanswered` for the restart.
async function write(ev, path, body, session, what) {
  const w = { event: ev.id, path, body, key: `kill9-${opt.seed}-${++keyCounter}`, session, what };
  writesInFlight++;
  figures.max_in_flight = Math.max(figures.max_in_flight, writesInFlight);
  try {
    const r = await request('POST', `/api/events/${ev.id}${path}`, { body, session, key: w.key });
    noteAnswer(w, r);
    if (r.status === 401 && session) session.dead = true;  // log in again next time
    return r;
  } catch (e) {
    if (e instanceof Killed) unanswered.push(w);
    throw e;
  } finally {
    writesInFlight--;
  }
}

const refusals = {};
function noteAnswer(w, r) {
  if (r.ok && r.data && typeof r.data.seq === 'number') {
    acked.push({ event: w.event, seq: r.data.seq, command: r.data.command, what: w.what });
    figures.acknowledged++;
  } else if (!r.ok) {
    const e = (r.data && r.data.error) || {};
    const k = `${r.status} ${w.what.split(' ')[0]} ${e.kind || ''} ${e.field || ''}`;
    refusals[k] = (refusals[k] || 0) + 1;
    debug(`refused: ${w.what} → ${r.status} ${JSON.stringify(r.data).slice(0, 200)}`);
  }
}

async function get(ev, path, session) {
  const r = await request('GET', `/api/events/${ev.id}${path}`, { session });
  if (!r.ok) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`);
  return r.data;
}

async function login(ev, path, body) {
  const r = await request('POST', `/api/events/${ev.id}${path}`, { body });
  if (!r.ok) throw new Error(`${path} ${JSON.stringify(body)}: ${r.status} ${JSON.stringify(r.data)}`);
  return { cookie: r.headers.get('set-cookie').split(';')[0], csrf: r.data.csrf };
}

// Runs fn over items, at most `width` at a time.
async function pool(items, width, fn) {
  let next = 0;
  const errors = [];
  const worker = async () => {
    while (next < items.length && !killing) {
      const item = items[next++];
      try {
        await fn(item);
      } catch (e) {
        errors.push(e);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  const real = errors.find((e) => !(e instanceof Killed));
  if (real) throw real;
  if (errors.length || killing) throw new Killed();
}

// ---- the simulated event ---------------------------------------------------------------------
const FACTIONS = ['Cygnar', 'Khador', 'Cryx', 'Trollbloods', 'Skorne', 'Mercenaries', 'Convergence', 'Grymkin'];
const events = [];  // every event made (or maybe made) so far
const snapshots = [];  // {event, seq, standings}: what the server served at a quiescent point

function newEvent() {
  const n = events.length + 1;
  const ev = {
    id: `kill9-${n}`, password: `kill9-password-${n}-${opt.seed}`, players: between(opt.players[0], opt.players[1]),
    rounds: between(2, 4), created: false, eo: null, pins: {}, sessions: {},
  };
  events.push(ev);
  figures.events++;
  return ev;
}

async function eoSession(ev) {
  if (newPasswords[ev.id]) {
    figures.events_without_password++;
    log(`NOTE: event ${ev.id}: a restart printed a new EO password (its creation was not acknowledged, and the event was stored without its password)`);
    ev.password = newPasswords[ev.id];
    delete newPasswords[ev.id];
  }
  if (!ev.eo || ev.eo.dead) ev.eo = await login(ev, '/login', { password: ev.password });
  return ev.eo;
}

async function playerSession(ev, pid) {
  if (!ev.sessions[pid] || ev.sessions[pid].dead) {
    if (!ev.pins[pid]) {
      const { pins } = await get(ev, '/pins', await eoSession(ev));
      for (const p of pins) ev.pins[p.id] = p.pin;
    }
    ev.sessions[pid] = { ...await login(ev, '/player-login', { player: pid, pin: ev.pins[pid] }), player: pid };
  }
  return ev.sessions[pid];
}

async function createEvent(ev) {
  const body = { id: ev.id, config: { name: `Kill Nine ${ev.id}`, edition: 'SR2017', points: 50, rounds: ev.rounds }, password: ev.password };
  const key = `kill9-${opt.seed}-create-${ev.id}-${ev.createTries || 0}`;
  const r = await request('POST', '/api/events', { body, key, headers: { Authorization: `Bearer ${adminKey}` } }).catch((e) => {
    if (e instanceof Killed) ev.maybeCreated = true;
    throw e;
  });
  if (r.status === 409 && r.data?.error?.field === 'Idempotency-Key') {
    // The killed request's claim is still held (a starting server forgets a crash's claims only after
    // 5 minutes, since on PostgreSQL another server may be processing its own): whether that request
    // created the event shows in the directory; if it did not, create it under a new key.
    const { events: list } = (await request('GET', '/api/events')).data;
    if (list.some((e) => e.id === ev.id)) {
      ev.created = true;
      return;
    }
    ev.createTries = (ev.createTries || 0) + 1;
    return createEvent(ev);
  }
  if (r.status === 201 || (r.status === 409 && ev.maybeCreated)) {
    ev.created = true;
    if (r.status === 201) {
      acked.push({ event: ev.id, seq: 1, command: null, what: 'create-event' });
      figures.acknowledged++;
    }
    return;
  }
  throw new Error(`POST /api/events: ${r.status} ${JSON.stringify(r.data)}`);
}

function randomResult() {
  const w = between(0, 1);
  const results = [{}, {}];
  results[w] = { outcome: 'win', cp: between(0, 5), ap: between(0, 50) };
  results[1 - w] = { outcome: 'loss', cp: between(0, 5), ap: between(0, 50) };
  return { results, victory: 'assassination' };
}

// One table's next step, from the state the EO console shows.
async function tableStep(ev, round, table, pending) {
  const [a, b] = table.players;
  const eo = () => write(ev, '/commands', { type: 'record-result', round, table: table.table, ...randomResult() }, ev.eo, `record-result r${round} t${table.table}`);
  const report = async (pid, result) => write(ev, '/report', { round, table: table.table, ...result }, await playerSession(ev, pid), `report-result r${round} t${table.table} ${pid}`);
  const confirm = async (pid, agree) => write(ev, '/confirm', { round, table: table.table, agree }, await playerSession(ev, pid), `confirm-result r${round} t${table.table} ${pid}`);
  if (pending && pending.report.disputed) return eo();
  if (pending) {
    const other = pending.report.reporter === a ? b : a;
    if (chance(0.08)) return confirm(other, false);
    if (chance(0.05)) return report(pending.report.reporter, randomResult());
    return confirm(other, true);
  }
  if (chance(0.2)) return eo();
  const result = randomResult();
  const first = chance(0.5) ? a : b;
  // Now and then both players report at once: the same result is the confirmation.
  if (chance(0.3)) return Promise.all([report(first, result), report(first === a ? b : a, result)]);
  return report(first, result);
}

// A quiescent point (nothing in flight on this event): the standings served at journal seq S.
async function snapshot(ev) {
  const before = (await get(ev, '/admin', ev.eo)).seq;
  const standings = await get(ev, '/standings');
  const after = (await get(ev, '/admin', ev.eo)).seq;
  if (before === after) {
    snapshots.push({ event: ev.id, seq: before, standings, checked: false });
    debug(`snapshot ${ev.id} at seq ${before}`);
  }
}

// Drives `ev` until it is finished (true) or the server is killed (throws Killed).
async function drive(ev) {
  if (!ev.created) await createEvent(ev);
  await eoSession(ev);
  for (;;) {
    if (killing) throw new Killed();
    const admin = await get(ev, '/admin', ev.eo);
    const names = new Set(admin.players.map((p) => p.name));
    if (admin.rounds_played === 0 && !admin.current_round && names.size < ev.players) {
      const missing = [];
      for (let i = 1; i <= ev.players; i++) if (!names.has(`Player ${i}`)) missing.push(i);
      await pool(missing, 8, async (i) => {
        const r = await write(ev, '/commands', { type: 'add-player', player: { name: `Player ${i}`, faction: FACTIONS[i % FACTIONS.length] } }, ev.eo, `add-player ${i}`);
        if (r.ok) ev.pins[r.data.command.player.id] = r.data.pin;
      });
      continue;
    }
    if (admin.finished) {
      await snapshot(ev);
      return true;
    }
    const cur = admin.current_round;
    if (!cur || cur.closed) {
      await snapshot(ev);
      const proposal = await request('POST', `/api/events/${ev.id}/pairing/propose`, { body: {}, session: ev.eo });
      if (!proposal.ok) throw new Error(`pairing/propose: ${proposal.status} ${JSON.stringify(proposal.data)}`);
      const { tables, bye } = proposal.data;
      await write(ev, '/commands', { type: 'pair-round', tables, ...(bye ? { bye } : {}) }, ev.eo, `pair-round ${(cur ? cur.number : 0) + 1}`);
      continue;
    }
    if (admin.missing_results.length === 0) {
      await snapshot(ev);
      await write(ev, '/commands', { type: 'close-round', round: cur.number }, ev.eo, `close-round ${cur.number}`);
      continue;
    }
    const pairings = await get(ev, `/pairings?round=${cur.number}`);
    const open = new Set(admin.missing_results.map((m) => m.table));
    const pending = new Map(admin.pending_reports.map((p) => [p.table, p]));
    await pool(pairings.tables.filter((t) => open.has(t.table)), 12,
      (t) => tableStep(ev, cur.number, { table: t.table, players: t.players.map((p) => p.id) }, pending.get(t.table)));
  }
}

// Events one after another until the kill.
async function driveAll() {
  for (;;) {
    let ev = events.find((e) => !e.finished);
    if (!ev) ev = newEvent();
    if (await drive(ev)) {
      ev.finished = true;
      log(`event ${ev.id} finished: ${ev.players} players, ${ev.rounds} rounds`);
    }
  }
}

// ---- the checks ------------------------------------------------------------------------------
function runCli(args) {
  const r = spawnSync(BIN, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  return r;
}

function firstDifference(a, b, path = '') {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], `${path}/${k}`);
      if (d) return d;
    }
  }
  return `${path || '/'}: ${JSON.stringify(a)?.slice(0, 300)} vs ${JSON.stringify(b)?.slice(0, 300)}`;
}

// The checks that need the server down: the database file as the kill left it.
function checkDatabaseAtRest(when) {
  if (opt.store === 'sqlite') {
    const r = spawnSync('sqlite3', [db, 'PRAGMA integrity_check'], { encoding: 'utf8' });
    check(r.status === 0 && r.stdout.trim() === 'ok', `${when}: PRAGMA integrity_check: ${r.stdout}${r.stderr}`);
  }
  if (hasVerify) {
    const r = runCli(['verify', '--db', db]);
    check(r.status === 0, `${when}: gauntlet verify --db DB exited ${r.status}:\n${r.stdout}${r.stderr}`);
  }
}

let journals = {};  // event id → entries, as read after the restart

async function checkAfterRestart(when, count = true) {
  journals = {};
  for (const ev of events) {
    if (!ev.created && ev.maybeCreated) {
      const { events: list } = (await request('GET', '/api/events')).data;
      ev.created = list.some((e) => e.id === ev.id);
    }
    if (!ev.created) continue;
    await eoSession(ev);
    const { entries } = await get(ev, '/journal', ev.eo);
    journals[ev.id] = entries;
    // 2. contiguous
    const gap = entries.findIndex((e, i) => e.seq !== i + 1);
    check(gap < 0, `${when}: event ${ev.id}: journal not contiguous at index ${gap}: seqs ${entries.map((e) => e.seq).join(',')}`);
    const bySeq = new Map(entries.map((e) => [e.seq, e]));
    // 1. every acknowledged write
    const mine = acked.filter((a) => a.event === ev.id);
    for (const a of mine) {
      const e = bySeq.get(a.seq);
      if (!check(e !== undefined, `${when}: event ${ev.id}: acknowledged ${a.what} (seq ${a.seq}) is not in the journal (${entries.length} entries): ${JSON.stringify(a.command)}`)) continue;
      if (a.command === null) check(e.command?.type === 'create-event', `${when}: event ${ev.id}: seq 1 is not create-event`);
      else check(isDeepStrictEqual(e.command, a.command), `${when}: event ${ev.id}: seq ${a.seq} differs from the acknowledged ${a.what}: ${firstDifference(a.command, e.command)}`);
    }
    const ackedSeqs = new Set(mine.map((a) => a.seq));
    ev.unackedAtRestart = entries.filter((e) => !ackedSeqs.has(e.seq));
    ev.counted = ev.counted || new Set();  // committed, unacknowledged: counted at the first restart that finds it
    for (const e of ev.unackedAtRestart) {
      if (count && !ev.counted.has(e.seq)) figures.committed_unacknowledged++;
      ev.counted.add(e.seq);
    }
    if (ev.unackedAtRestart.length) debug(`${ev.id}: committed, unacknowledged: ${ev.unackedAtRestart.map((e) => `${e.seq} ${e.command?.type}`).join(', ')}`);
    // 4. replay equals what was served
    const unchecked = snapshots.some((x) => x.event === ev.id && !x.checked);
    if (ev.checkedLength === entries.length && !unchecked) continue;  // unchanged since the last restart
    ev.checkedLength = entries.length;
    const file = await get(ev, '/export', ev.eo);
    const served = await get(ev, '/standings');
    const whole = cliStandings(file, `${ev.id}-now`);
    if (whole) check(isDeepStrictEqual(whole, served), `${when}: event ${ev.id}: the restarted server's standings differ from the CLI's on its export: ${firstDifference(served, whole)}`);
    // Each replay is a run of the CLI (2 s with the sanitizer build): --replays N keeps the latest
    // snapshots of this event since the last restart and N-1 others drawn at random.
    let fresh = snapshots.filter((x) => x.event === ev.id && !x.checked);
    fresh.forEach((x) => (x.checked = true));
    if (opt.replays > 0 && fresh.length > opt.replays) {
      const latest = fresh.pop();
      for (let i = fresh.length - 1; i > 0; i--) {
        const j = between(0, i);
        [fresh[i], fresh[j]] = [fresh[j], fresh[i]];
      }
      fresh = [...fresh.slice(0, opt.replays - 1), latest];
    }
    for (const s of fresh) {
      if (!check(s.seq <= entries.length, `${when}: event ${ev.id}: the server served standings at seq ${s.seq}, the journal now ends at ${entries.length}`)) continue;
      const cut = cliStandings({ ...file, journal: file.journal.filter((e) => e.seq <= s.seq) }, `${ev.id}-${s.seq}`);
      if (cut) check(isDeepStrictEqual(cut, s.standings), `${when}: event ${ev.id}: standings served at seq ${s.seq} differ from the replay of the first ${s.seq} entries: ${firstDifference(s.standings, cut)}`);
    }
  }
}

function cliStandings(file, tag) {
  const path = join(dir, `event-${tag}.json`);
  writeFileSync(path, JSON.stringify(file));
  const r = runCli(['standings', '--event', path, '--json']);
  if (!check(r.status === 0, `gauntlet standings --event ${path} --json exited ${r.status}: ${r.stderr}`)) return null;
  return JSON.parse(r.stdout);
}

// Writes the kill left unanswered, sent again with the same Idempotency-Key. A write that was
// committed before the kill (a journal entry nobody acknowledged, matching the request) should be
// answered by replaying its answer (docs/api.md, Idempotency-Key: "writes nothing (also after a
// restart)"); the figures count how often it was replayed, run again or refused instead.
async function retryUnanswered(when) {
  const list = unanswered;
  unanswered = [];
  const claimed = new Set();
  for (const w of list) {
    const ev = events.find((e) => e.id === w.event);
    if (!ev.created) continue;
    figures.retried++;
    const committed = (ev.unackedAtRestart || []).find((e) => !claimed.has(e.seq) && matches(w, e.command));
    if (committed) claimed.add(committed.seq);
    const r = await request('POST', `/api/events/${w.event}${w.path}`, { body: w.body, session: w.session, key: w.key });
    const replayed = r.headers.get('idempotent-replayed') === 'true';
    const seq = r.data && typeof r.data.seq === 'number' ? r.data.seq : null;
    if (replayed) {
      figures.retries_replayed++;
      if (seq !== null) {
        const e = journals[w.event].find((x) => x.seq === seq);
        check(e !== undefined && isDeepStrictEqual(e.command, r.data.command), `${when}: ${w.what}: the replayed answer names seq ${seq}, which does not hold its command`);
      }
    } else if (!r.ok) figures.retries_refused++;
    if (committed && !(replayed && seq === committed.seq)) {
      const how = r.ok ? `run again as seq ${seq}` : `refused (${r.status} ${r.data?.error?.message || ''})`;
      figures[r.ok ? 'committed_retry_ran_again' : 'committed_retry_refused']++;
      const what = `${when}: ${w.what} was committed at seq ${committed.seq} before the kill, unanswered; its retry with the same Idempotency-Key (${w.key}) was ${how}, not replayed`;
      if (opt.strictIdempotency) fail(what);
      else log(`NOTE ${what}`);
    }
    noteAnswer(w, r);
  }
}

// Is journal command `c` what write `w` asked for?
function matches(w, c) {
  if (!c) return false;
  const b = w.body;
  const same = (k) => isDeepStrictEqual(b[k], c[k]);
  if (w.path === '/report') return c.type === 'report-result' && c.reporter === w.session.player && same('round') && same('table') && same('results');
  if (w.path === '/confirm') return c.type === 'confirm-result' && c.by === w.session.player && same('round') && same('table') && same('agree');
  if (w.path !== '/commands' || b.type !== c.type) return false;
  if (b.type === 'add-player') return b.player.name === c.player?.name;
  if (b.type === 'record-result') return same('round') && same('table') && same('results');
  if (b.type === 'close-round') return same('round');
  if (b.type === 'pair-round') return isDeepStrictEqual(b.tables.map((t) => t.players), (c.tables || []).map((t) => t.players));
  return false;
}

let tampered = false;
function tamper() {
  tampered = true;
  const last = acked.filter((a) => a.command).reduce((x, y) => (y.seq > x.seq ? y : x));
  if (opt.tamper === 'standings') {
    const s = snapshots.find((x) => !x.checked && x.standings.standings.length);
    if (!s) return (tampered = false);
    s.standings.standings[0].tp += 1;
    log(`TAMPER: standings served at seq ${s.seq} of ${s.event}: first row's TP + 1`);
  } else if (opt.tamper === 'corrupt') {
    const fd = openSync(db, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096 * 2);
    closeSync(fd);
    log('TAMPER: page 3 of the SQLite file overwritten');
  } else {
    const sql = (q) => {
      const r = opt.store === 'sqlite' ? spawnSync('sqlite3', [db, q], { encoding: 'utf8' })
        : spawnSync('psql', [db, '-v', 'ON_ERROR_STOP=1', '-q', '-t', '-A', '-c', q], { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`tamper: ${q}: ${r.stderr}`);
      return r.stdout.trim();
    };
    // lose: the journal's last entry, when acknowledged (the journal stays contiguous); gap: one before it.
    const end = Number(sql(`SELECT max(seq) FROM journal WHERE event_id = '${last.event}'`));
    const victim = acked.find((a) => a.event === last.event && a.command && a.seq === (opt.tamper === 'lose' ? end : end - 1));
    if (!victim) return (tampered = false);  // try after the next kill
    const del = `DELETE FROM journal WHERE event_id = '${victim.event}' AND seq = ${victim.seq}`;
    const r = opt.store === 'sqlite'
      ? spawnSync('sqlite3', [db, `DROP TRIGGER journal_no_delete; ${del};`], { encoding: 'utf8' })
      : spawnSync('psql', [db, '-v', 'ON_ERROR_STOP=1', '-q', '-c',
        `ALTER TABLE journal DISABLE TRIGGER journal_no_change; ${del}; ALTER TABLE journal ENABLE TRIGGER journal_no_change`], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`tamper: ${r.stderr}`);
    log(`TAMPER: deleted ${victim.what} (seq ${victim.seq} of ${victim.event}) from the journal`);
  }
}

// ---- the run ---------------------------------------------------------------------------------
// `gauntlet verify` (re-decides every journal entry) may not exist yet: without it, `verify --help`
// prints the program's help, whose usage line does not name it.
const verifyHelp = runCli(['verify', '--help']);
const hasVerify = verifyHelp.status === 0 && /Usage: \S+ verify\b/.test(verifyHelp.stdout);
const started = Date.now();
log(`kill9: seed ${opt.seed}, store ${opt.store}, ${opt.kills} kills, gauntlet ${BIN}${hasVerify ? ' (with verify)' : ''}`);
log(`kill9: repeat with --seed ${opt.seed} --store ${opt.store} --kills ${opt.kills}`);
let exitCode = 0;
const timing = { at_rest: 0, restart: 0, checks: 0 };  // ms: database checks, server start, HTTP checks
try {
  await startServer();
  if (!adminKey) throw new Error(`no admin key printed at first start:\n${server.out}`);
  for (let k = 1; k <= opt.kills; k++) {
    const driving = driveAll();
    driving.catch(() => {});
    const delay = between(50, opt.maxDelay);
    const ended = await Promise.race([sleep(delay).then(() => false), driving.then(() => true, () => true)]);
    if (ended) await driving;  // an error of the driver itself (not the kill): stop here
    // Mostly while writes are in flight (a kill between requests tests less): wait up to 2 s for some.
    if (chance(0.8)) {
      const want = between(1, 8);
      for (const until = Date.now() + 2000; writesInFlight < want && Date.now() < until;) await sleep(1);
    }
    killing = true;
    const caught = { writes: writesInFlight, requests: inFlight };
    await killServer();
    await driving.catch((e) => {
      if (!(e instanceof Killed)) throw e;
    });
    killing = false;
    figures.kills++;
    figures.in_flight_at_kills += caught.writes;
    log(`kill ${k}: after ${delay} ms, ${caught.writes} writes (${caught.requests} requests) in flight, ${acked.length} acknowledged so far`);
    if (opt.tamper && !tampered && acked.some((a) => a.command)) tamper();
    const t0 = Date.now();
    checkDatabaseAtRest(`after kill ${k}`);
    const t1 = Date.now();
    await startServer();
    const t2 = Date.now();
    await checkAfterRestart(`after kill ${k}`);
    const t3 = Date.now();
    await retryUnanswered(`after kill ${k}`);
    timing.at_rest += t1 - t0;
    timing.restart += t2 - t1;
    timing.checks += t3 - t2;
    if (failures.length) break;
  }
  if (!failures.length) {
    // A last look once the retries went in: the journal as it is at the end.
    await checkAfterRestart('at the end', false);
  }
  // A clean stop at the end: exit 0 (a sanitizer build reports leaks and errors here).
  server.proc.kill('SIGTERM');
  const code = await Promise.race([server.exited, sleep(30000).then(() => 'no exit in 30 s')]);
  check(code === 0, `gauntlet serve did not stop cleanly on SIGTERM (${code}):\n${server.out.slice(-4000)}`);
  if (server.proc.exitCode === null && server.proc.signalCode === null) server.proc.kill('SIGKILL');
  if (!failures.length) checkDatabaseAtRest('at the end');
} catch (e) {
  fail(`the driver stopped: ${e.stack || e}`);
  if (server && server.proc.exitCode === null) server.proc.kill('SIGKILL');
}
figures.seconds = Math.round((Date.now() - started) / 100) / 10;
figures.acknowledged = acked.length;
figures.failed = failures.length;
for (const [k, ms] of Object.entries(timing)) figures[`seconds_${k}`] = Math.round(ms / 100) / 10;
if (Object.keys(refusals).length) log(`refused writes (status, command, kind, field): ${JSON.stringify(refusals)}`);
if (failures.length) {
  exitCode = 1;
  log(`kill9: ${failures.length} check(s) failed (seed ${opt.seed}, store ${opt.store}); database kept in ${dir}${opt.store === 'pg' ? ` (${db})` : ''}`);
} else {
  log(`kill9: ok — ${figures.kills} kills, ${figures.acknowledged} acknowledged writes all there, ${figures.checks} checks passed in ${figures.seconds} s`);
  dropDatabase();
  if (!opt.keep) rmSync(dir, { recursive: true, force: true });
}
log(`figures ${JSON.stringify(figures)}`);
process.exit(exitCode);
