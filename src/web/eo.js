// eo.html: the EO console shell — login, tabs, shared state, undo. The tabs live in eo-*.js.
import { $, $$, h, fill, flash, inFlight, param, time } from './dom.js';
import { eventApi, editions, forget, SESSION_ENDED } from './api.js';
import { live } from './live.js';
import { openDialog } from './eo-dialog.js';
import * as setup from './eo-setup.js';
import * as players from './eo-players.js';
import * as round from './eo-round.js';
import * as pins from './eo-pins.js';
import * as clocks from './eo-clock.js';
import * as tables from './eo-tables.js';
import * as print from './eo-print.js';
import * as awards from './eo-awards.js';

const id = param('event');
const ev = eventApi(id);
const tabs = { setup, players, round, clocks, tables, pins, print, awards };
const ctx = {
  ev,
  id,
  data: { summary: null, admin: null, pairings: null, editions: [] },
  edition: () => ctx.data.editions.find((e) => e.id === (ctx.data.admin || ctx.data.summary).edition),
  // Runs one write; shows the engine's refusal; refreshes on success.
  // `handled(e)` may take over a refusal (e.g. a pairing refused with its findings): return true.
  async run(promise, okText, where = $('#flash'), handled = () => false) {
    try {
      const reply = await promise;
      // Accepted, but the EO should hear something (SR2017 "Prizes": an award players enter without its category).
      const warnings = reply && Array.isArray(reply.findings) ? reply.findings.map((f) => f.text) : [];
      const text = okText ? (typeof okText === 'function' ? okText(reply) : okText) : '';
      if (warnings.length) flash(where, [text, ...warnings].filter(Boolean).join(' '), 'warn');
      else if (okText) flash(where, text, 'ok');
      await refresh();
      return reply;
    } catch (e) {
      if (e.status === 401) return showLogin(ENDED);
      if (!handled(e)) flash(where, e, 'error');
      return null;
    }
  },
  refresh: () => refresh(),
  judge: false,  // a judge login: the Clocks tab only (issue 11)
};

const activeTab = () => (location.hash || '').slice(1) || (ctx.data.summary && ctx.data.summary.rounds_played + (ctx.data.summary.current_round ? 1 : 0) > 0 ? 'round' : 'players');

function showTab() {
  const name = ctx.judge ? 'clocks' : tabs[activeTab()] ? activeTab() : 'players';
  for (const a of $$('.tabs a')) a.hidden = ctx.judge && a.dataset.tab !== 'clocks';
  for (const a of $$('.tabs a')) a.classList.toggle('active', a.dataset.tab === name);
  for (const s of $$('.tab')) s.hidden = s.id !== `tab-${name}`;
  if (ctx.data.summary) tabs[name].render(ctx);
}

const ENDED = 'Your session ended — log in again.';

function showLogin(message) {
  forget(id);
  $('#console').hidden = true;
  $('#login').hidden = false;
  $('#undo').hidden = $('#logout').hidden = true;
  $('#flash').setAttribute('role', 'status');  // said aloud too: the page changed under the EO's hands
  if (message) flash($('#flash'), message, 'warn');
  // Name the event: an EO running two events must know which password is asked for.
  ev.summary().then((s) => { $('#login h2').textContent = `Log in to ${s.name}`; }).catch(() => {});
  $('#login-form').password.focus();
}

let generation = 0;  // a slow, older refresh must not overwrite a newer one

async function refresh() {
  const mine = ++generation;
  try {
    ctx.judge = ev.session().role === 'judge';
    const [summary, admin, pairings] = await Promise.all([
      ev.summary(), ctx.judge ? null : ev.admin(), ev.pairings().catch((e) => (e.status === 404 ? null : Promise.reject(e)))]);
    if (mine !== generation) return;
    Object.assign(ctx.data, { summary, admin, pairings });
    const who = ctx.judge ? 'Judge' : 'EO';
    document.title = `${who} — ${summary.name}`;
    $('#title').textContent = `${who} — ${summary.name}`;
    $('#login').hidden = true;
    $('#console').hidden = false;
    $('#logout').hidden = false;
    $('#undo').hidden = ctx.judge;
    showTab();
  } catch (e) {
    if (e.status === 401 || e.status === 403) showLogin();
    else flash($('#flash'), e, 'error');
  }
}

$('#login-form').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  try {
    await ev.login(e.target.password.value);
    e.target.reset();
    flash($('#flash'), '');
    await refresh();
  } catch (err) {
    flash($('#flash'), err, 'error');
  }
}));

// Undo: the latest entries in effect (who, what, when), newest first; the EO picks one. Undo is a
// stack, so picking an older entry undoes every later one too: the dialog says which before
// anything is written. The undo names the latest entry the EO saw (`expect`), so a change that
// arrived meanwhile is refused (409) instead of undone blindly.
const entryLine = (e) => `${e.text} (${e.kind}${e.at ? `, ${time(e.at)}` : ''})`;

function undoChoice(entries) {
  let pick = entries[0];
  const what = h('p', { id: 'undo-what', class: 'big', 'aria-live': 'polite' });
  const list = h('ul', { id: 'undo-later', class: 'small' });
  const sync = () => {
    const gone = entries.filter((e) => e.seq >= pick.seq);
    what.textContent = gone.length === 1 ? `Undo: ${entryLine(pick)}?`
      : `Undo ${gone.length} entries: ${entryLine(pick)} and the ${gone.length - 1} after it?`;
    fill(list, gone.length > 1 ? gone.map((e) => h('li', {}, `${e.who}: ${entryLine(e)}`)) : []);
  };
  const rows = entries.map((e, i) => {
    const input = h('input', { type: 'radio', name: 'undo-pick', value: e.seq, id: `undo-${e.seq}`, checked: i === 0 });
    input.addEventListener('change', () => { pick = e; sync(); });
    return h('li', {}, h('label', { for: `undo-${e.seq}` }, input, h('span', {}, e.text),
      h('span', { class: 'badge' }, e.who), h('span', { class: 'small muted' }, `${e.kind}${e.at ? ` · ${time(e.at)}` : ''} · entry ${e.seq}`)));
  });
  sync();
  return { pick: () => pick, content: [what, list, h('fieldset', { class: 'undo-list' }, h('legend', {}, 'Undo back to (newest first)'), h('ul', { id: 'undo-entries' }, rows)), h('p', { class: 'small muted' }, 'Undo is a stack: the entries after the one you pick are undone too. The journal keeps them, with the undos after them.')] };
}

$('#undo').addEventListener('click', async () => {
  let entries;
  try {
    entries = (await ev.undoRecent(10)).entries;
  } catch (e) {
    if (e.status === 401) return showLogin(ENDED);
    return flash($('#flash'), e, 'error');
  }
  if (!entries.length) return flash($('#flash'), 'Nothing to undo: only the event\'s creation is in the journal.', 'warn');
  const choice = undoChoice(entries);
  openDialog({
    kind: 'undo', title: 'Undo which change?', confirmText: 'Undo',
    content: choice.content,
    onConfirm: async (d) => {
      const pick = choice.pick();
      try {
        const r = await ev.undoTo(pick.seq, entries[0].seq);
        const texts = (r.entries || []).map((x) => x.text);
        flash($('#flash'), texts.length > 1 ? `Undone ${texts.length} entries: ${texts.join('; ')}` : `Undone: ${texts[0] || pick.text}`, 'ok');
      } catch (e) {
        if (e.status !== 409) throw e;
        d.show(e.message);  // something newer arrived: nothing was undone
        d.finish();
        return false;
      } finally {
        await refresh();
      }
    },
  });
});
$('#judge-form-login').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  try {
    await ev.judgeLogin(e.target.name.value.trim(), e.target.pin.value.trim());
    e.target.reset();
    flash($('#flash'), '');
    await refresh();
  } catch (err) {
    flash($('#flash'), err, 'error');
  }
}));
$('#logout').addEventListener('click', inFlight(async () => {
  await ev.logout().catch(() => {});
  showLogin('Logged out.');
}));
window.addEventListener('hashchange', showTab);
window.addEventListener(SESSION_ENDED, () => showLogin(ENDED));

if (!id) flash($('#flash'), 'No event chosen: open the console from the event list.', 'error');
else {
  $('#nav-standings').href = `standings.html?event=${encodeURIComponent(id)}`;
  $('#nav-projector').href = `projector.html?event=${encodeURIComponent(id)}`;
  $('#nav-results').href = `results.html?event=${encodeURIComponent(id)}`;
  for (const t of Object.values(tabs)) t.init && t.init(ctx);
  editions()
    .then((d) => { ctx.data.editions = Array.isArray(d) ? d : d.editions; })
    .catch((e) => flash($('#flash'), `GET /api/editions failed (${e.message}): the setup page needs it.`, 'error'))
    .finally(async () => ((await ev.restore()).csrf ? refresh() : showLogin()));
  live(id, () => ev.session().csrf && refresh(), undefined, (msg) => ev.session().csrf && clocks.onClock(msg));
}
