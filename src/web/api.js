// The JSON API of docs/api.md. One ApiError carries the server's {"error": {field, rule, message, kind}}
// (and the "findings" of a refused pairing).

export class ApiError extends Error {
  constructor(status, body) {
    const e = (body && body.error) || {};
    const where = e.field ? `${e.field}: ` : '';
    const rule = e.rule ? ` (${e.rule})` : '';
    super(`${where}${e.message || `HTTP ${status}`}${rule}`);
    this.status = status;
    this.text = e.message || `HTTP ${status}`;  // the server's sentence alone, for messages written for people
    this.field = e.field;
    this.rule = e.rule;
    this.kind = e.kind;
    this.findings = Array.isArray(e.findings) ? e.findings : null;
    if ('current' in e) this.current = e.current;  // a 409 on a result that changed meanwhile: what it is now
    this.retryAfter = body && body.retryAfter;
  }
}

const csrfKey = (id) => `gauntlet.csrf.${id}`;
const roleKey = (id) => `gauntlet.role.${id}`;

export function session(id) {
  return { csrf: sessionStorage.getItem(csrfKey(id)), role: sessionStorage.getItem(roleKey(id)) };
}

function remember(id, reply) {
  if (reply && reply.csrf) {
    sessionStorage.setItem(csrfKey(id), reply.csrf);
    sessionStorage.setItem(roleKey(id), reply.player ? `player:${reply.player}` : reply.judge ? 'judge' : reply.role || '');
  }
  return reply;
}

export function forget(id) {
  sessionStorage.removeItem(csrfKey(id));
  sessionStorage.removeItem(roleKey(id));
}

// A fresh Idempotency-Key (IETF draft): 128 random bits. crypto.randomUUID exists only on secure
// origins, and a venue's LAN page is plain http; getRandomValues works everywhere.
export function idempotencyKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// The server no longer knows this page's session (expired, logged out elsewhere): pages listen for
// this and ask for the login at once instead of leaving a form that can only fail.
export const SESSION_ENDED = 'gauntlet:session-ended';
function sessionEnded(id) {
  forget(id);
  window.dispatchEvent(new CustomEvent(SESSION_ENDED, { detail: { event: id } }));
}

// Every write carries an Idempotency-Key (one per call, i.e. per user intent): a repeat the
// network or a double tap makes returns the first answer and changes nothing.
export async function request(method, path, body, { csrfFor, headers = {} } = {}) {
  const init = { method, credentials: 'same-origin', headers: { Accept: 'application/json', ...headers } };
  if (method !== 'GET' && !init.headers['Idempotency-Key']) init.headers['Idempotency-Key'] = idempotencyKey();
  if (body instanceof Blob) {
    init.headers['Content-Type'] = body.type;  // a photo: the image's own bytes
    init.body = body;
  } else if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (csrfFor) {
    const token = sessionStorage.getItem(csrfKey(csrfFor));
    if (token) init.headers['X-CSRF-Token'] = token;
  }
  const res = await fetch(path, init);
  const text = await res.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = { error: { message: `HTTP ${res.status} ${res.statusText}`.trim() } };
  }
  if (!res.ok) {
    if (res.status === 401 && csrfFor && sessionStorage.getItem(csrfKey(csrfFor))) sessionEnded(csrfFor);
    if (res.status === 429) data = { ...data, retryAfter: res.headers.get('Retry-After') };
    throw new ApiError(res.status, data);
  }
  return data;
}

export const editions = () => request('GET', '/api/editions');
export const events = () => request('GET', '/api/events');
export const createEvent = (adminKey, body) =>
  request('POST', '/api/events', body, { headers: { Authorization: `Bearer ${adminKey}` } });

// An organizer account (docs/api.md "Organizer accounts"): one login for every event the organizer
// holds a role at. Its CSRF token comes with the login and with self().
export function organizerApi() {
  let csrf = null;
  const write = (path, body) => request('POST', path, body, { headers: csrf ? { 'X-CSRF-Token': csrf } : {} });
  const ev = (id) => `/api/events/${encodeURIComponent(id)}`;
  return {
    self: async () => {
      const reply = await request('GET', '/api/organizer');
      csrf = reply.csrf || null;
      return reply;
    },
    login: async (login, password) => {
      const reply = await request('POST', '/api/organizer/login', { login, password });
      csrf = reply.csrf;
      return reply;
    },
    logout: () => write('/api/organizer/logout', {}),
    createEvent: (body) => write('/api/events', body),
    roles: (id) => request('GET', `${ev(id)}/organizers`),
    grant: (id, organizer, role) => write(`${ev(id)}/organizers`, { organizer, role }),
    publish: (id, published) => write(`${ev(id)}/publish`, { published }),
  };
}

// The server admin's side of organizer accounts (the admin key): organizers and the account audit.
export function adminApi(key) {
  const headers = { Authorization: `Bearer ${key}` };
  return {
    organizers: () => request('GET', '/api/organizers', undefined, { headers }),
    addOrganizer: (body) => request('POST', '/api/organizers', body, { headers }),
    // {disabled?: bool, password?: string}
    changeOrganizer: (login, body) => request('POST', `/api/organizers/${encodeURIComponent(login)}`, body, { headers }),
    audit: (limit = 20) => request('GET', `/api/audit?limit=${limit}`, undefined, { headers }),
  };
}

// Everything about one event.
export function eventApi(id) {
  const base = `/api/events/${encodeURIComponent(id)}`;
  const write = (path, body) => request('POST', base + path, body, { csrfFor: id });
  return {
    id,
    summary: () => request('GET', base),
    pairings: (round) => request('GET', `${base}/pairings${round ? `?round=${round}` : ''}`),
    standings: () => request('GET', `${base}/standings`),
    player: (pid) => request('GET', `${base}/players/${encodeURIComponent(pid)}`),
    login: async (password) => remember(id, await request('POST', `${base}/login`, { password })),
    playerLogin: async (player, pin) => remember(id, await request('POST', `${base}/player-login`, { player, pin })),
    logout: async () => {
      try {
        await write('/logout', {});
      } finally {
        forget(id);
      }
    },
    command: (cmd) => write('/commands', cmd),
    // options: {avoid_club, avoid_faction, avoid_all_rounds, fresh_tables, fixed_tables: [{player, table}], locks: [[a, b]]}
    propose: (options = {}) => write('/pairing/propose', options),
    // What a record-result would change in the standings (nothing is written).
    previewResult: (cmd) => write('/result/preview', cmd),
    // The adjudication wizard (docs/adjudication.md): what the forms ask here, then the decision.
    // A list as the builder exports it: {player?, text, index?} (docs/api.md).
    importList: (body) => write('/lists/import', body),
    // A player's lists (the EO, the player, their opponents once the lists lock) and the army-points
    // calculator over one of them: {player, list?, destroyed: [{entry, models, inert?, again?}]}.
    playerLists: (pid) => request('GET', `${base}/players/${encodeURIComponent(pid)}/lists`),
    armyPoints: (body) => write('/army-points', body),
    wizardShape: () => request('GET', `${base}/adjudicate`),
    adjudicate: (facts) => write('/adjudicate', facts),
    // pairing_options: the options the proposal was made with (a club clash warns only where they avoid clubs).
    check: (tables, bye, options) => write('/pairing/check', { tables, bye, ...(options ? { pairing_options: options } : {}) }),
    // What an undo would cancel now, then the undo itself: `expect` refuses (409) if a newer entry arrived.
    // The next round's scenario as the EO sees it (announced, rolled, re-rolled with draw > 1, or
    // "exhausted": the EO chooses); never public before the round is published.
    nextScenario: (draw = 1) => request('GET', `${base}/scenario/next${draw > 1 ? `?draw=${draw}` : ''}`),
    undoPreview: () => request('GET', `${base}/undo`),
    undo: (expect) => write('/undo', expect === undefined ? {} : { expect }),
    // The latest entries in effect, newest first; undoing back to one undoes every later one too.
    undoRecent: (n = 10) => request('GET', `${base}/undo?recent=${n}`),
    undoTo: (to, expect) => write('/undo', { to, expect }),
    // Drop a player, also after the round is published: amend 'none' | 'orphan-bye' | 'repair'.
    // options: the round's pairing options (as for propose), which a re-pair keeps.
    drop: (player, amend, { preview = false, options = null } = {}) => write('/drop', { player, amend, ...(preview ? { preview: true } : {}), ...(options ? { options } : {}) }),
    importPlayers: (csv) => write('/players/import', { csv }),
    // The planned rounds once round 1 is paired: {rounds: N} or {end_now: true}; preview writes nothing.
    rounds: (body, { preview = false } = {}) => write('/rounds', { ...body, ...(preview ? { preview: true } : {}) }),
    // The clocks (docs/api.md "Clocks"): every table's, a tap or a judge's action, judges.
    clocks: (round) => request('GET', `${base}/clocks${round ? `?round=${round}` : ''}`),
    clock: (body, headers = {}) => request('POST', `${base}/clock`, body, { csrfFor: id, headers }),
    judges: () => request('GET', `${base}/judges`),
    addJudge: (name) => write('/judges', { name }),
    judgeLogin: async (name, pin) => remember(id, await request('POST', `${base}/judge-login`, { name, pin })),
    report: (body) => write('/report', body),
    confirm: (body) => write('/confirm', body),
    admin: () => request('GET', `${base}/admin`),
    // Awards (docs/api.md "Awards"): what this login may see; a secret vote; the EO's count; an entry
    // ({title?, photo?, withdraw?, player? (EO)}); a photo (a Blob: image/jpeg|png|webp) -> {photo}.
    awards: () => request('GET', `${base}/awards`),
    vote: (award, choice) => write(`/awards/${encodeURIComponent(award)}/vote`, { choice }),
    closeVote: (award) => write(`/awards/${encodeURIComponent(award)}/close`, {}),
    enterAward: (award, body) => write(`/awards/${encodeURIComponent(award)}/entry`, body),
    uploadPhoto: (blob) => write('/photos', blob),
    photoUrl: (hash) => `${base}/photos/${encodeURIComponent(hash)}`,
    pins: () => request('GET', `${base}/pins`),
    // The address players' phones reach ({url, base, reachable, how}); its QR code is ${base}/qr.svg.
    join: () => request('GET', `${base}/join`),
    journal: () => request('GET', `${base}/journal`),
    session: () => session(id),
    // After a reload the cookie is still there but the CSRF token is not: ask the server. Also when
    // the page thinks it is logged in: a session the server forgot is said so at once.
    restore: async () => {
      const thought = session(id).csrf;
      try {
        const reply = await request('GET', `${base}/session`);
        if (reply && reply.role) remember(id, reply);
        else if (thought) sessionEnded(id);
      } catch {
        // offline: keep what the page knows; a write will tell
      }
      return session(id);
    },
  };
}
