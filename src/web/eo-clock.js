// EO console, Clocks tab (issue 11): start the round, the round clock (with the EO's secret
// variable), every table's clock — flagged, timed-out and overdue tables first —, a judge's pause,
// resume and time adjustment (each with a reason), and the judges' logins.
import { $, h, fill, flash } from './dom.js';
import { openDialog } from './eo-dialog.js';
import { face, fmt, roundClockBox, serverNow, STATE_TEXT, syncServer, tickFaces } from './clock-view.js';

let data = null;  // the last GET /clocks
let ctxRef = null;

const ORDER = ['flagged', 'time-up', 'playing-on', 'paused', 'overdue', 'running', 'not-started', 'reported', 'finished'];
const rank = (t) => {
  const c = t.clock;
  const overdue = c.state === 'running' && c.end_ms != null && serverNow() > c.end_ms;
  return ORDER.indexOf(overdue ? 'overdue' : c.state);
};

export function init(ctx) {
  ctxRef = ctx;
  setInterval(() => {
    const board = $('#clock-board');
    if (!board || !data) return;
    tickFaces(board, (el) => {
      const row = el.closest('[data-table]');
      const t = row && data.tables.find((x) => x.table === Number(row.dataset.table));
      return t && t.clock;
    });
    const rc = $('#tab-clocks #round-clock');
    if (rc) rc.replaceWith(roundClockBox(data.round));
  }, 250);
}

export async function render(ctx) {
  const { summary, pairings } = ctx.data;
  const tab = $('#tab-clocks');
  if (!summary.current_round || !pairings) return fill(tab, h('section', { class: 'card' }, h('h2', {}, 'Clocks'), h('p', { class: 'muted' }, 'The clocks start once a round is published.')));
  try {
    data = await ctx.ev.clocks();
    syncServer(data.server_ms);
  } catch (e) {
    return flash($('#flash'), e, 'error');
  }
  draw(ctx);
}

// A live "clock" message: that table's row, without a refetch.
export function onClock(msg) {
  if (!data || !ctxRef || msg.round !== data.round.round) return;
  syncServer(msg.server_ms);
  const t = data.tables.find((x) => x.table === msg.table);
  if (!t) return;
  t.clock = msg.clock;
  if (!$('#tab-clocks').hidden) draw(ctxRef);
}

function roundCard(ctx) {
  const rc = data.round;
  const parts = [h('h2', {}, `Round ${rc.round} clock`), roundClockBox(rc)];
  if (rc.kind === 'deathclock') parts.push(h('p', { class: 'small muted' }, `Deathclock: ${rc.player_minutes}:00 per player; the expected end is ${fmt(rc.minutes * 60000)} after the start.`));
  if (rc.kind === 'classic') parts.push(h('p', { class: 'small muted' }, `Classic turn timing: ${rc.minutes}-minute round, ${rc.turn_minutes}-minute turns${rc.extensions_per_player ? `, ${rc.extensions_per_player} × ${rc.extension_minutes}-minute extension per player` : ''}.`));
  if (rc.secret) parts.push(h('p', { class: 'small', id: 'secret-variable' }, `Secret variable: ${rc.secret_variable_minutes > 0 ? '+' : ''}${rc.secret_variable_minutes} minutes (players never see it).`));
  if (!rc.started_ms && rc.kind !== 'untimed' && !ctx.judge)
    parts.push(h('button', { type: 'button', id: 'start-round', onclick: () => startRound(ctx) }, `Start round ${rc.round}`));
  return h('section', { class: 'card', id: 'round-clock-card' }, parts);
}

function startRound(ctx) {
  const rc = data.round;
  const end = new Date(serverNow() + rc.minutes * 60000).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  openDialog({
    kind: 'start-round', title: `Start round ${rc.round}?`, confirmText: 'Start now',
    content: [h('p', { class: 'big' }, rc.kind === 'deathclock' ? `Deathclock ${rc.player_minutes}:00 per player — expected end about ${end}.`
      : `${rc.minutes}-minute round — ${rc.secret ? 'ends around' : 'dice down at'} ${end}${rc.secret ? ' plus the secret variable' : ''}.`),
    h('p', { class: 'small muted' }, 'Players can start their clocks from then on. Announce it in the hall.')],
    onConfirm: async () => {
      await ctx.ev.command({ type: 'start-round', round: rc.round });
      flash($('#flash'), `Round ${rc.round} started.`, 'ok');
      await ctx.refresh();
    },
  });
}

function judgeAction(ctx, t, action) {
  const reason = h('input', { name: 'reason', id: 'judge-reason', maxlength: 200, required: action !== 'resume', placeholder: action === 'resume' ? 'optional' : 'e.g. ruling on line of sight' });
  const seat = h('select', { name: 'seat', id: 'adjust-seat' }, t.names.map((n, i) => h('option', { value: i }, n)));
  const amount = h('input', { name: 'amount', id: 'adjust-by', placeholder: '+2:00 or -0:30', required: true, size: 8 });
  const title = { pause: 'Pause', resume: 'Resume', adjust: 'Adjust the time at' }[action];
  openDialog({
    kind: `clock-${action}`, title: `${title} table ${t.table}`, confirmText: title.split(' ')[0],
    content: [h('p', {}, `${t.names[0]} v ${t.names[1]}`),
      action === 'adjust' ? h('div', { class: 'row' }, h('label', {}, 'Whose clock ', seat), h('label', {}, 'Add or remove ', amount)) : null,
      h('label', {}, 'Reason (shown to the players) ', reason)],
    onConfirm: async () => {
      const body = { round: data.round.round, table: t.table, action, ...(reason.value ? { reason: reason.value } : {}) };
      if (action === 'adjust') {
        const ms = parseDelta(amount.value);
        if (ms === null) throw new Error('Write the time as +2:00, -0:30 or -30 (seconds).');
        Object.assign(body, { seat: Number(seat.value), delta_ms: ms });
      }
      const reply = await ctx.ev.clock(body);
      syncServer(reply.server_ms);
      t.clock = reply.clock;
      draw(ctx);
    },
  });
}

// "+2:00" -> 120000, "-0:30" / "-30" -> -30000; null when unreadable.
export function parseDelta(text) {
  const m = /^\s*([+-]?)(\d+)(?::(\d{1,2}))?\s*$/.exec(text || '');
  if (!m) return null;
  const seconds = m[3] !== undefined ? Number(m[2]) * 60 + Number(m[3]) : Number(m[2]);
  return (m[1] === '-' ? -1 : 1) * seconds * 1000;
}

function row(ctx, t) {
  const c = t.clock;
  const overdue = c.state === 'running' && c.end_ms != null && serverNow() > c.end_ms;
  const label = overdue ? 'past its expected end' : STATE_TEXT[c.state] || c.state;
  const live = c.remaining_ms && !['reported', 'finished'].includes(c.state);
  const canPause = ['running', 'playing-on'].includes(c.state);
  const canResume = ['paused', 'time-up'].includes(c.state);
  return h('li', { class: `clock-row ${c.state}${overdue ? ' overdue' : ''}`, 'data-table': t.table, 'data-state': c.state },
    h('div', { class: 'row' }, h('strong', {}, `Table ${t.table}`), h('span', { class: `badge state-${c.state}` }, label)),
    live ? h('div', { class: 'clock-faces small-faces' }, face(c, 0, t.names[0]), face(c, 1, t.names[1]))
      : h('p', { class: 'small' }, `${t.names[0]} v ${t.names[1]}`),
    c.flag ? h('p', { class: 'small' }, `${t.names[c.flag.seat]}'s clock ran out.`) : null,
    c.notes && c.notes.length ? h('p', { class: 'small muted' }, c.notes.map((n) => `${n.what}${n.reason ? ` (${n.reason})` : ''}`).join(' · ')) : null,
    c.remaining_ms ? h('div', { class: 'row clock-actions' },
      canPause ? h('button', { type: 'button', class: 'small', 'data-action': 'pause', onclick: () => judgeAction(ctx, t, 'pause') }, 'Pause') : null,
      canResume ? h('button', { type: 'button', class: 'small', 'data-action': 'resume', onclick: () => judgeAction(ctx, t, 'resume') }, 'Resume') : null,
      !['reported', 'finished'].includes(c.state) ? h('button', { type: 'button', class: 'small secondary', 'data-action': 'adjust', onclick: () => judgeAction(ctx, t, 'adjust') }, 'Adjust time') : null) : null);
}

function judgesCard(ctx) {
  const list = h('ul', { id: 'judge-list', class: 'small' });
  const form = h('form', { class: 'row', id: 'judge-form' },
    h('label', {}, 'Judge name ', h('input', { name: 'name', required: true, maxlength: 40 })),
    h('button', { type: 'submit' }, 'Add judge'));
  const show = (judges) => fill(list, judges.map((j) => h('li', {}, `${j.name} — PIN `, h('strong', {}, j.pin))));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      await ctx.ev.addJudge(form.name.value.trim());
      form.reset();
      show((await ctx.ev.judges()).judges);
    } catch (err) {
      flash($('#flash'), err, 'error');
    }
  });
  ctx.ev.judges().then((r) => show(r.judges)).catch(() => {});
  return h('section', { class: 'card', id: 'judges' }, h('h2', {}, 'Judges'),
    h('p', { class: 'small muted' }, 'A judge logs in on the EO page with the name and PIN, and runs the clocks only: pause, resume, adjust.'), form, list);
}

function draw(ctx) {
  const tables = [...data.tables].sort((a, b) => rank(a) - rank(b) || a.table - b.table);
  fill($('#tab-clocks'), roundCard(ctx),
    h('section', { class: 'card' }, h('h2', {}, 'Tables'), h('ul', { id: 'clock-board', class: 'clock-board' }, tables.map((t) => row(ctx, t)))),
    ctx.judge ? null : judgesCard(ctx));
}
