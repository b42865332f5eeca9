// Test setup straight over the HTTP API (no browser): an event, its EO login, players with PINs,
// a published round. For tests that start from a given state rather than click their way there.
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

// Creates event `id` with checked-in players; `pair` publishes round 1 (the server's proposal).
export async function newEvent(server, id, { name = 'Spring Open', players = [], pair = false, password = `pw-${id}-secret` } = {}) {
  await createEvent(server, id, { name, edition: 'SR2017', points: 75 }, password);
  const eo = await eoLogin(server, id, password);
  const pins = {}, ids = {};
  for (const [player, faction] of players) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name: player, faction } });
    ids[player] = r.command.player.id;
    pins[ids[player]] = r.pin;
    await eo.post('/commands', { type: 'set-player-status', id: ids[player], status: 'checked-in' });
  }
  if (pair) {
    const proposal = await eo.post('/pairing/propose', {});
    await eo.post('/commands', { type: 'pair-round', tables: proposal.tables, ...(proposal.bye ? { bye: proposal.bye } : {}) });
  }
  return { eo, pins, ids, password };
}
