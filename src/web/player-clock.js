// player.html: the table's chess clock on a player's phone (issue 11). Either phone at the table is
// the clock; the server is the authority. A tap while the network is down is kept (localStorage,
// with the time it happened) and sent in order on reconnect; the server counts it at its own time
// if it is at most 5 minutes old, and says so.
import { $, h, fill } from './dom.js';
import { ApiError, idempotencyKey } from './api.js';
import { face, roundClockBox, serverNow, syncServer, tickFaces, timeLeft } from './clock-view.js';

let state = null;  // {ev, id, me, round, table, seat, names, clock, seq, roundClock}
let pendingShort = false;
// What the server said of this phone's latest tap ({text, kind}): a note ("recorded at the time it
// happened"), or why it was refused. It is part of the card's state, drawn by every render, and kept
// until this phone's next tap: the card is redrawn by the echo of that same tap over the WebSocket,
// by any live message and by the refresh after a reconnect, whichever comes first, so a line written
// into the drawn card alone was gone as soon as one of them arrived after the answer.
let notice = null;
const queueKey = () => `gauntlet.clockq.${state.id}.${state.me}`;
const queue = () => JSON.parse(localStorage.getItem(queueKey()) || '[]');
const saveQueue = (q) => localStorage.setItem(queueKey(), JSON.stringify(q));

export const currentClock = () => (state ? state.clock : null);

// Called by player.js on every refresh with the player's current game (null: no game).
export async function showClock(card, ev, id, me, cur, seat) {
  if (!cur || cur.bye || !cur.opponent) {
    state = null;
    card.hidden = true;
    return;
  }
  try {
    const c = await ev.clocks(cur.round);
    syncServer(c.server_ms);
    const t = c.tables.find((x) => x.table === cur.table);
    const same = state && state.round === cur.round && state.table === cur.table;
    if (!same) notice = null;  // another game: what was said of the last one's taps is over
    state = { ev, id, me, round: cur.round, table: cur.table, seat, names: t ? t.names : ['?', '?'], clock: same ? state.clock : null, seq: same ? state.seq : -1, roundClock: c.round };
    // The answer was read before a tap's answer or a live message that came in meanwhile: the newer clock stays.
    adopt(t ? t.clock : null, c.seq);
  } catch {
    return;  // offline: keep what is shown, the ticker keeps counting
  }
  card.hidden = false;
  render(card);
  sendQueued();
}

// A live "clock" message: that table's new clock, at once.
export function onClockMessage(card, msg) {
  if (!state || msg.round !== state.round || msg.table !== state.table) return;
  syncServer(msg.server_ms);
  if (adopt(msg.clock, msg.seq)) render(card);
}

// Takes a table clock the server sent with the journal position it is of (`seq`), unless the phone
// already shows a later one: the tap's answer and its echo over the WebSocket, and a refresh's read,
// arrive in any order. A clock without a position (an older server) is taken as it comes.
function adopt(clock, seq) {
  if (typeof seq === 'number' && typeof state.seq === 'number') {
    if (seq < state.seq) return false;
    // Taps still queued here are ahead of any clock at the position this phone already had.
    if (seq === state.seq && queue().length) return false;
  }
  state.clock = clock;
  if (typeof seq === 'number') state.seq = seq;
  return true;
}

const mine = (s) => s === state.seat;
const nameOf = (s) => (mine(s) ? 'You' : state.names[s]);

function statusLine(c) {
  if (diceDown(c)) return 'Dice down: the game ends. Score the scenario once more, then report the result.';
  if (c.state === 'paused') return 'Paused by a judge.';
  if (c.state === 'flagged') return `${state.names[c.flag.seat]}'s clock ran out.`;
  if (c.state === 'time-up') return 'Time is up: more than 5 minutes were left on the clocks at the expected end — the game is a tie.';
  if (c.state === 'playing-on') return 'Past the expected end with under 5 minutes left: play to completion.';
  const steps = (state.roundClock && state.roundClock.deployment_steps) || [];
  const whose = mine(c.turn) ? 'your' : `${state.names[c.turn]}'s`;
  if (c.deployment && steps.length) return `Deployment — ${steps[Math.floor(c.taps / 2)] || 'deployment'}: ${whose} turn to deploy.`;
  if (c.switched) return `${mine(c.turn) ? 'Your' : `${state.names[c.turn]}'s`} turn; the clock is switched to ${nameOf(1 - c.turn)} while they act.`;
  if (c.held) return `${mine(c.turn) ? 'Your' : `${state.names[c.turn]}'s`} turn; the timer is stopped while ${nameOf(1 - c.turn)} acts.`;
  return mine(c.turn) ? 'Your turn.' : `${state.names[c.turn]}'s turn.`;
}

function flagBanner(c) {
  if (c.state === 'flagged') {
    const out = state.names[c.flag.seat];
    return h('p', { class: 'flash error', id: 'flag-banner', role: 'alert' },
      `${out}'s clock ran out: ${out} loses, scored as an assassination victory on the table as it stands — unless scoring the scenario now gives ${out} 5 more CP (then ${out} wins by scenario). Enter the CP and army points below.`);
  }
  if (c.state === 'time-up') return h('p', { class: 'flash warn', id: 'flag-banner', role: 'alert' }, 'The game is a tie (time up at the expected end). Report it as a tie.');
  return null;
}

// Classic timing: "After the round time has expired, the EO calls 'dice down.'" (SR2017) — no more
// turns; the game is scored once more. (A secret end is called by the EO aloud.)
const diceDown = (c) => c.classic && state.roundClock && state.roundClock.end_ms != null && serverNow() >= state.roundClock.end_ms;

function buttons(c) {
  const myTurn = mine(c.turn);
  if (!['running', 'playing-on'].includes(c.state) || !myTurn || diceDown(c)) return null;
  const out = [h('button', { type: 'button', id: 'clock-pass', class: 'clock-pass', onclick: () => pass(c) }, c.deployment ? 'Done deploying' : 'End turn')];
  if (!c.deployment) {
    out.push(h('button', { type: 'button', id: 'clock-switch', class: 'secondary', onclick: () => tap({ action: 'switch' }) },
      c.classic ? (c.held ? 'Restart my timer' : `Stop my timer while ${state.names[1 - c.turn]} acts`)
        : (c.switched ? 'Switch back to me' : `Switch clock to ${state.names[1 - c.turn]}`)));
  }
  const rc = state.roundClock || {};
  const left = (rc.extensions_per_player || 0) - (c.extensions_used ? c.extensions_used[state.seat] : 0);
  if (c.classic && left > 0)
    out.push(h('button', { type: 'button', id: 'clock-extension', class: 'secondary', onclick: () => tap({ action: 'extension' }) }, `Extension +${rc.extension_minutes}:00 (${left} left)`));
  return h('div', { class: 'row clock-actions' }, out);
}

function render(card) {
  const c = state.clock;
  const rc = state.roundClock;
  const q = queue();
  const parts = [h('h2', {}, 'Clock'), roundClockBox(rc)];
  if (!rc || rc.kind === 'untimed') return fill(card, parts);
  if (!c || c.state === 'not-started') {
    if (!rc.started_ms) parts.push(h('p', { id: 'clock-wait' }, `Waiting for the EO to start round ${state.round}.`));
    else parts.push(h('p', {}, 'Start the clock when your armies are on the table:'),
      h('div', { class: 'row clock-actions' },
        h('button', { type: 'button', id: 'clock-start-me', onclick: () => tap({ action: 'start', seat: state.seat }) }, 'I go first'),
        h('button', { type: 'button', id: 'clock-start-them', class: 'secondary', onclick: () => tap({ action: 'start', seat: 1 - state.seat }) }, `${state.names[1 - state.seat]} goes first`)));
  } else if (c.remaining_ms) {
    // Classic: the waiting player's face is their next turn's length.
    const label = (seat, name) => (c.classic && c.turn !== seat ? `${name} · next turn` : name);
    parts.push(h('div', { class: 'clock-faces', id: 'clock-faces' }, face(c, state.seat, label(state.seat, 'You'), 'clock-me'),
      face(c, 1 - state.seat, label(1 - state.seat, state.names[1 - state.seat]), 'clock-them')),
      h('p', { id: 'clock-status', 'data-state': c.state, class: `clock-status ${c.state}` }, statusLine(c)),
      flagBanner(c), buttons(c),
      pendingShort ? h('div', { class: 'flash warn', id: 'short-turn' },
        h('p', {}, `This turn lasted under ${rc.min_turn_seconds} seconds (the minimum per turn).`),
        h('div', { class: 'row' }, h('button', { type: 'button', id: 'short-win', onclick: () => { pendingShort = false; tap({ action: 'pass', scenario_win: true }); } }, 'Scenario victory verified by both'),
          h('button', { type: 'button', class: 'secondary', id: 'short-anyway', onclick: () => { pendingShort = false; tap({ action: 'pass' }); } }, 'Pass anyway'),
          h('button', { type: 'button', class: 'secondary', id: 'short-cancel', onclick: () => { pendingShort = false; render(card); } }, 'Keep playing'))) : null);
    if (c.notes && c.notes.length) parts.push(h('ul', { class: 'small clock-notes', id: 'clock-notes' }, c.notes.map((n) => h('li', {}, `${n.by}: ${n.what}${n.reason ? ` — ${n.reason}` : ''}`))));
  }
  if (q.length) parts.push(h('p', { class: 'flash warn', id: 'clock-offline' }, `Offline — ${q.length} tap${q.length > 1 ? 's' : ''} waiting; they are sent with their times when the network is back.`));
  parts.push(h('div', { class: notice ? `flash ${notice.kind}` : 'flash', id: 'clock-flash', role: 'status', 'aria-live': 'polite', hidden: !notice }, notice ? notice.text : ''));
  fill(card, parts);
}

// SR2017 "Deathclock": "Players must use at least 15 seconds per turn" (not in deployment). The
// minimum is the edition's (`min_turn_seconds`, 0 in SR2023, whose Deathclock has none): no question then.
function pass(c) {
  const min = (state.roundClock && state.roundClock.min_turn_seconds) || 0;
  const used = (c.turn_used_ms || 0) + (c.running === c.turn ? serverNow() - c.as_of_ms : 0);
  if (!c.classic && !c.deployment && min && used < min * 1000) {
    pendingShort = true;
    return render($('#clock-card'));
  }
  return tap({ action: 'pass' });
}

let busy = false;
async function tap(body) {
  if (busy) return;  // a double tap must not pass twice
  busy = true;
  notice = null;  // a new tap: what was said of the one before is over
  for (const b of document.querySelectorAll('#clock-card button')) b.disabled = true;
  const item = { body: { round: state.round, table: state.table, ...body, at_ms: serverNow() }, key: idempotencyKey() };
  try {
    if (queue().length) throw new TypeError('queued taps first');  // keep the order
    await send(item);
  } catch (err) {
    if (err instanceof ApiError) notice = { text: err.text || err.message, kind: 'error' };
    else {
      saveQueue([...queue(), item]);
      localTap(body);
    }
  } finally {
    busy = false;
    render($('#clock-card'));
    sendQueued();  // a tap queued behind others goes as soon as the network lets it
  }
}

async function send(item) {
  const reply = await state.ev.clock(item.body, { 'Idempotency-Key': item.key });
  syncServer(reply.server_ms);
  adopt(reply.clock, reply.seq);
  if (reply.notes && reply.notes.length) notice = { text: reply.notes.join(' '), kind: 'warn' };
}

// Offline: the phone keeps counting as if the server had the tap.
function localTap(body) {
  const c = state.clock;
  if (!c || !c.remaining_ms || (body.action !== 'pass' && body.action !== 'switch')) return;
  const now = serverNow();
  c.remaining_ms = [timeLeft(c, 0, now), timeLeft(c, 1, now)];
  c.as_of_ms = now;
  if (body.action === 'pass') {
    c.turn = 1 - c.turn;
    c.running = c.turn;
    c.taps += 1;
    c.turn_used_ms = 0;
  } else {
    c.running = c.running === c.turn ? (c.classic ? -1 : 1 - c.turn) : c.turn;
  }
  // What the status line reads, as the server would say it (table_clock_json).
  c.switched = !c.classic && c.running >= 0 && c.running !== c.turn;
  c.held = Boolean(c.classic) && c.running < 0;
}

let sending = false;
async function sendQueued() {
  if (sending || !state || !queue().length) return;
  sending = true;
  try {
    while (queue().length) {
      const [item] = queue();
      try {
        await send(item);
      } catch (err) {
        if (!(err instanceof ApiError)) return;  // still offline
        notice = { text: `A tap sent late was refused: ${err.text || err.message}`, kind: 'error' };
      }
      // The queue as it is now, less the tap just answered: a tap made while this one was on its way
      // joined the queue meanwhile and is sent next (the queue read before the send lacked it).
      saveQueue(queue().filter((x) => x.key !== item.key));
    }
  } finally {
    sending = false;
    if (state) render($('#clock-card'));
  }
}

export function startTicker(card) {
  setInterval(() => {
    if (!state) return;
    if (state.clock && diceDown(state.clock) && $('#clock-pass', card)) render(card);  // the end came
    tickFaces(card, () => state.clock);
    const rc = $('#round-clock', card);
    if (rc) rc.replaceWith(roundClockBox(state.roundClock));
  }, 250);
  window.addEventListener('online', sendQueued);
  setInterval(sendQueued, 5000);
}

// The report form pre-filled with what the clock decided (issue 11 point 4).
export function prefillReport(form, seat) {
  const c = currentClock();
  if (!c || !form || form.outcome.value) return;  // never over what the player chose
  if (c.state === 'flagged' && c.flag) {
    form.outcome.value = c.flag.seat === seat ? 'loss' : 'win';
    form.victory.value = 'clock';
  } else if (c.state === 'time-up') {
    form.outcome.value = 'tie';
    form.victory.value = 'tie';
  }
}
