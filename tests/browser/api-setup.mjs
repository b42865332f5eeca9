// Test setup straight over the HTTP API: an event, its EO login, players with PINs, published
// rounds and results (and, last, a console page logged in to it). For tests that start from a state
// they set up themselves rather than one an earlier test left or that they click their way to.
import { watch } from './harness.mjs';

export async function eoLogin(server, id, password) {
  const r = await fetch(`${server.base}/api/events/${id}/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ password }) });
  if (!r.ok) throw new Error(`login: ${r.status} ${await r.text()}`);
  const cookie = r.headers.get('set-cookie').split(';')[0];
  const { csrf } = await r.json();
  const send = async (method, path, body, headers = {}) => {
    const res = await fetch(`${server.base}/api/events/${id}${path}`, {
      method, body: body && JSON.stringify(body),
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Cookie: cookie, ...headers } });
    return { status: res.status, headers: res.headers, data: await res.json() };
  };
  const post = async (path, body) => {
    const res = await send('POST', path, body);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.data)}`);
    return res.data;
  };
  return { cookie, csrf, send, post, get: (path) => send('GET', path) };
}

// Creates event `id` (config as in docs/event-file.md) with the server's admin key.
export async function createEvent(server, id, config, password) {
  return server.api('/api/events', {
    method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.adminKey}` },
    body: JSON.stringify({ id, config, password }) });
}

// Creates event `id` with players ([name, faction, club?]), checked in unless `checkIn` is false;
// `config` is merged into the event's config (e.g. { rounds: 2, variants: ['finals-tables'] });
// `pair` publishes round 1 (the server's proposal).
export async function newEvent(server, id, { name = 'Spring Open', players = [], pair = false, password = `pw-${id}-secret`, config = {}, checkIn = true } = {}) {
  await createEvent(server, id, { name, edition: 'SR2017', points: 75, ...config }, password);
  const eo = await eoLogin(server, id, password);
  const pins = {}, ids = {};
  for (const [player, faction, club] of players) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name: player, faction, ...(club ? { club } : {}) } });
    ids[player] = r.command.player.id;
    pins[ids[player]] = r.pin;
    if (checkIn) await eo.post('/commands', { type: 'set-player-status', id: ids[player], status: 'checked-in' });
  }
  if (pair) await pairNext(eo);
  return { eo, pins, ids, password };
}

// Publishes the server's proposal for the next round as it is (what the console's Publish sends
// for an unedited proposal); returns the proposal.
export async function pairNext(eo, options = {}) {
  const p = await eo.post('/pairing/propose', options);
  const bye = p.bye && typeof p.bye === 'object' ? p.bye.id : p.bye;
  await eo.post('/commands', { type: 'pair-round', tables: p.tables.map((t) => ({ table: t.table, players: t.players })), ...(bye ? { bye } : {}) });
  return p;
}

// The result most tests need: the first player of the table wins 3–1 CP, 20–10 AP by scenario.
export const firstWins = () => ({ results: [{ outcome: 'win', cp: 3, ap: 20 }, { outcome: 'loss', cp: 1, ap: 10 }], victory: 'scenario' });

// Records a result at every table of `round` that has none: `result(table)` gives the command's
// `results` and `victory` (default firstWins); returns the round's pairings as they were.
export async function recordRound(eo, round, result = firstWins) {
  const { data } = await eo.get(`/pairings?round=${round}`);
  for (const t of data.tables)
    if (!t.result) await eo.post('/commands', { type: 'record-result', round, table: t.table, ...result(t) });
  return data;
}

// Pairs the next round, records every table (as recordRound) and closes the round: a round played.
export async function playRound(eo, result = firstWins) {
  const p = await pairNext(eo);
  await recordRound(eo, p.round, result);
  await eo.post('/commands', { type: 'close-round' });
  return p;
}

// A browser page of its own (a new context of `device`) logged in to event `id`'s EO console
// through the login form, on tab `hash` ('round', 'players', …; none: the console's default).
// `s` holds the test file's server, browser and problems (as suite() gives them).
export async function openConsole(s, id, password, { device = { viewport: { width: 1280, height: 900 } }, hash = '' } = {}) {
  const page = watch(await (await s.browser.newContext(device)).newPage(), s.problems);
  await page.goto(`${s.server.base}/eo.html?event=${id}${hash ? `#${hash}` : ''}`);
  await page.locator('#login-form input[name=password]').fill(password);
  await page.locator('#login-form button').click();
  await page.locator('#console').waitFor();
  return page;
}
