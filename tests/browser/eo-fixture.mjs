// A logged-in EO console on a fresh event with players, and the EO's API from that page (its
// cookie and CSRF token), for the tests of issue 10's console points.
import { watch } from './harness.mjs';

export { SIZES } from './harness.mjs';

export const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'],
  ['Emil Sørensen', 'Legion of Everblight'], ['Fatima Haddad', 'Circle Orboros']];

// An EO request from `page` (logged in to `event`): {status, data}.
export const eoFetch = (page, event, method, path, body) => page.evaluate(async ({ method, path, body, id }) => {
  const r = await fetch(`/api/events/${id}${path}`, { method, body: body && JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': sessionStorage.getItem(`gauntlet.csrf.${id}`) } });
  return { status: r.status, data: await r.json() };
}, { method, path, body, id: event });

export async function eoApi(page, event, method, path, body) {
  const r = await eoFetch(page, event, method, path, body);
  if (r.status !== 200) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.data)}`);
  return r.data;
}

// Creates `event` (SR2017, `rounds` rounds) with `players`, every one checked in; returns a console page.
export async function consoleFor(server, browser, problems, { event, device, rounds = 3, players = PLAYERS, config = {} }) {
  const password = `${event}-password`;
  await server.api('/api/events', { method: 'POST', headers: { Authorization: `Bearer ${server.adminKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: event, config: { name: `Cup ${event}`, edition: 'SR2017', points: 50, rounds, ...config }, password }) });
  const page = watch(await (await browser.newContext(device)).newPage(), problems);
  await page.goto(`${server.base}/eo.html?event=${event}`);
  await page.locator('#login-form input[name=password]').fill(password);
  await page.locator('#login-form button').click();
  await page.locator('#console').waitFor();
  const csv = `name,faction,club,contact\n${players.map(([n, f, c]) => `${n},${f},${c || ''},`).join('\n')}\n`;
  const imported = await eoApi(page, event, 'POST', '/players/import', { csv });
  for (const p of imported.players)
    await eoApi(page, event, 'POST', '/commands', { type: 'set-player-status', id: p.id, status: 'checked-in' });
  return { page, password, ids: imported.players.map((p) => p.id) };
}

// Publishes the automatic proposal for the next round through the API.
export async function pairNext(page, event) {
  const p = await eoApi(page, event, 'POST', '/pairing/propose', {});
  const cmd = { type: 'pair-round', round: p.round, tables: p.tables.map((t) => ({ table: t.table, players: t.players })), explain: p.explain || [] };
  if (p.bye) cmd.bye = typeof p.bye === 'object' ? p.bye.id : p.bye;
  await eoApi(page, event, 'POST', '/commands', cmd);
  return p;
}

export const win = (a, b, victory = 'scenario') => ({ results: [{ outcome: 'win', cp: a[0], ap: a[1] }, { outcome: 'loss', cp: b[0], ap: b[1] }], victory });

export async function recordAll(page, event, round) {
  const p = await eoApi(page, event, 'GET', `/pairings?round=${round}`);
  for (const t of p.tables)
    await eoApi(page, event, 'POST', '/commands', { type: 'record-result', round, table: t.table, ...win([3, 20], [1, 10]) });
  return p;
}
