// Issue 11 point 7: kill -9 of the server mid-round restores every clock from the journal, the running
// one having kept running, and a flag that fell while the server was down is recorded at the instant
// it fell by the restarted server. (No browser: the HTTP API of docs/api.md "Clocks".)
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { sleep, startServer, until } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

const EVENT = 'restart-clock';
const PASSWORD = 'restart-clock-password';
let server;
after(async () => { if (server) await server.stop(); });

async function playerLogin(base, pid, pin) {
  const r = await fetch(`${base}/api/events/${EVENT}/player-login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ player: pid, pin }) });
  const cookie = r.headers.get('set-cookie').split(';')[0];
  const { csrf } = await r.json();
  return async (body) => {
    const res = await fetch(`${base}/api/events/${EVENT}/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Cookie: cookie }, body: JSON.stringify(body) });
    const data = await res.json();
    if (res.status !== 200) throw new Error(`clock: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}

const live = (clock, seat, now) => clock.remaining_ms[seat] - (clock.running === seat ? now - clock.as_of_ms : 0);

test('kill -9 mid-round: every clock comes back, the running one kept running, a flag that fell meanwhile is recorded', async () => {
  server = await startServer();
  await createEvent(server, EVENT, { name: 'Restart Cup', edition: 'SR2017', points: 75 }, PASSWORD);
  const eo = await eoLogin(server, EVENT, PASSWORD);
  const players = [];
  for (const name of ['Ada', 'Boris', 'Chen', 'Dana']) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name, faction: 'Cygnar' } });
    players.push([r.command.player.id, r.pin]);
  }
  const ids = players.map(([pid]) => pid);
  await eo.post('/commands', { type: 'pair-round', tables: [{ table: 1, players: [ids[0], ids[1]] }, { table: 2, players: [ids[2], ids[3]] }] });
  await eo.post('/commands', { type: 'start-round' });
  const tap = {};
  for (const [pid, pin] of players) tap[pid] = await playerLogin(server.base, pid, pin);
  await tap[ids[0]]({ table: 1, action: 'start', seat: 0 });
  await tap[ids[0]]({ table: 1, action: 'pass' });
  await tap[ids[1]]({ table: 1, action: 'pass' });
  await tap[ids[2]]({ table: 2, action: 'start', seat: 0 });
  // Table 2: Chen's clock down to 3 seconds by the EO, paused meanwhile (a running clock's time
  // left, read and sent back, is stale by however long the request takes), then resumed.
  await eo.post('/clock', { table: 2, action: 'pause', reason: 'test' });
  const c2 = (await server.api(`/api/events/${EVENT}/clocks`)).tables[1].clock;
  await eo.post('/clock', { table: 2, action: 'adjust', seat: 0, delta_ms: -(c2.remaining_ms[0] - 3000), reason: 'test' });
  const before = await server.api(`/api/events/${EVENT}/clocks`);
  const t1 = before.tables[0].clock;
  const t2 = (await eo.post('/clock', { table: 2, action: 'resume' })).clock;
  const fallsAt = t2.as_of_ms + t2.remaining_ms[0];

  await server.kill();
  await sleep(5000);  // the server is down when Chen's clock runs out
  server = await startServer({ dir: server.dir, port: server.port, adminKey: server.adminKey });

  const after1 = await until(async () => {
    const c = await server.api(`/api/events/${EVENT}/clocks`);
    return c.tables[1].clock.state === 'flagged' && c;
  }, 'the restarted server records the flag that fell while it was down', 10000);
  const a1 = after1.tables[0].clock, a2 = after1.tables[1].clock;
  // Table 1: the same clock as journaled, still running for the same player...
  assert.deepEqual([a1.remaining_ms, a1.as_of_ms, a1.running, a1.turn, a1.taps], [t1.remaining_ms, t1.as_of_ms, t1.running, t1.turn, t1.taps]);
  // ...which means its live time went on falling while the server was down.
  const spent = live(t1, t1.running, before.server_ms) - live(a1, a1.running, after1.server_ms);
  assert.ok(spent >= after1.server_ms - before.server_ms - 50, `the running clock kept running (${spent} ms)`);
  // Table 2: flagged at the instant it fell, not when the server noticed.
  assert.equal(a2.flag.seat, 0);
  assert.equal(a2.flag.at_ms, fallsAt);
  assert.ok(after1.server_ms - fallsAt > 1000, 'noticed after the restart');
});
