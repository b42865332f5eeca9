// player.html (phone): pick yourself, see your table and opponent, report your result with your PIN,
// confirm or dispute your opponent's report, and your results so far.
import { $, h, fill, flash, inFlight, param, setParam, outcomeLabel } from './dom.js';
import { eventApi, SESSION_ENDED } from './api.js';
import { live } from './live.js';
import { concessionText, listCount, listRule, listSelect, victoriesFor } from './render.js';
import { onClockMessage, prefillReport, showClock, startTicker } from './player-clock.js';
import { wizard } from './wizard.js';
import { reportCalculators } from './ap-calc.js';
import { listDetails, showLists } from './player-lists.js';
import { showAwards } from './player-awards.js';

const id = param('event');
const ev = eventApi(id);
let summary = null;

const me = () => param('player');
const loggedIn = () => ev.session().role === `player:${me()}` && ev.session().csrf;


// The opponent's lists on the game card, kept across live refreshes so an open list stays open.
let opponentBox = null;
function opponentLists(ev, opponent) {
  if (!opponentBox || opponentBox.dataset.player !== opponent.id) {
    opponentBox = listDetails(ev, opponent.id, `${opponent.name}'s lists`, 'opponent-lists');
    opponentBox.dataset.player = opponent.id;
  }
  return opponentBox;
}
function showPicker() {
  $('#pick').hidden = false;
  $('#me').hidden = true;
  const q = $('#search').value.trim().toLowerCase();
  const players = (summary.players || []).filter((p) => p.status !== 'dropped' && p.name.toLowerCase().includes(q));
  fill($('#pick-list'), players.map((p) => h('li', {},
    h('a', { href: `?event=${encodeURIComponent(id)}&player=${encodeURIComponent(p.id)}`, onclick: (e) => {
      e.preventDefault();
      setParam('player', p.id);
      refresh();
    } }, h('span', { class: 'name' }, p.name), h('span', { class: 'muted small' }, ` ${p.faction}`)))));
}

// Results of a report/result in my perspective: [mine, opponent's].
function mySides(table, pid, side) {
  if (side === 0 || side === 1) return [side, 1 - side];
  const first = table && table.players[0] && (table.players[0].id || table.players[0]);
  return first === pid ? [0, 1] : [1, 0];
}

function describe(r, sides, oppName) {
  const [a, b] = sides;
  const out = { win: 'You won', loss: 'You lost', tie: 'Tie' }[r.results ? r.results[a].outcome : r.outcome[a]];
  const cp = r.results ? [r.results[a].cp, r.results[b].cp] : [r.cp[a], r.cp[b]];
  const ap = r.results ? [r.results[a].ap, r.results[b].ap] : [r.ap[a], r.ap[b]];
  const played = r.results ? r.results.map((x) => x.list) : r.list || [];
  const lists = [played[a] && `your list ${played[a]}`, played[b] && `opponent's list ${played[b]}`].filter(Boolean);
  return [`${out} vs ${oppName} by ${r.victory || '?'}`, `CP ${cp[0]}–${cp[1]}`, `AP ${ap[0]}–${ap[1]}`, ...lists].join(' · ');
}

// `title`: what the PIN is asked for here (the report card's, or the page's own log-in card).
function loginForm(title = 'Report or confirm') {
  const form = h('form', { class: 'row', id: 'pin-form' },
    h('label', {}, 'Your PIN ', h('input', { name: 'pin', inputmode: 'numeric', autocomplete: 'one-time-code', pattern: '[0-9]{6}', maxlength: 6, size: 8, required: true })),
    h('button', { type: 'submit' }, 'Log in'));
  form.addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    try {
      await ev.playerLogin(me(), form.pin.value.trim());
      flash($('#flash'), 'Logged in.', 'ok');
      const ended = $('#session-ended');
      if (ended) ended.remove();  // the report form below it, as typed, is ready to send again
      refresh();
    } catch (err) {
      flash($('#flash'), err.status === 429 ? `Too many wrong PINs; try again in ${err.retryAfter || 'a few'} seconds.` : err, 'error');
    }
  }));
  return [h('h2', {}, title), h('p', { class: 'small muted' }, 'Your 6-digit PIN is on the slip from the organizer.'), form];
}

// A player with nothing to report and no list to send (a late entry after the lists lock, a dropped
// player, anyone after the last round) still needs to log in, to vote for an award if nothing else:
// the page's own log-in card shows whenever no other card already asks for the PIN.
function showLoginCard() {
  const card = $('#login-card');
  const elsewhere = [...document.querySelectorAll('#pin-form')].some((f) => !card.contains(f));
  if (loggedIn() || elsewhere) {
    card.hidden = true;
    return fill(card);
  }
  card.hidden = false;
  if (!$('#pin-form', card)) fill(card, loginForm('Log in'));
  return undefined;
}

// A report typed but not sent is kept on the phone until it is sent or the result is recorded: a
// reload, a locked screen that drops the tab or a tap on a link must not lose it. One draft per
// event, player, round and table; the fields are the report form's own.
const DRAFT_FIELDS = ['outcome', 'victory', 'cp0', 'cp1', 'ap0', 'ap1', 'list0', 'list1'];
const draftPrefix = () => `gauntlet:report-draft:${id}:${me()}:`;
const draftKey = (cur) => `${draftPrefix()}${cur.round}:${cur.table}`;
const storage = (fn) => { try { return fn(localStorage); } catch { return null; } };  // storage off or full: no draft

function saveDraft(cur, form) {
  const d = Object.fromEntries(DRAFT_FIELDS.filter((f) => form[f]).map((f) => [f, form[f].value]));
  storage((ls) => ls.setItem(draftKey(cur), JSON.stringify(d)));
}

function restoreDraft(cur, form) {
  const d = storage((ls) => JSON.parse(ls.getItem(draftKey(cur)) || 'null'));
  if (!d) return false;
  DRAFT_FIELDS.forEach((f) => { if (form[f] && typeof d[f] === 'string') form[f].value = d[f]; });
  return true;
}

// Every draft of this player's but the one of the game still to report (`keep`): sent, recorded or
// of a round gone by, none is wanted again.
function dropDrafts(keep) {
  storage((ls) => Object.keys(ls).filter((k) => k.startsWith(draftPrefix()) && k !== keep).forEach((k) => ls.removeItem(k)));
}

// table: the pairings' table (its players carry "lists", the number each registered).
function reportForm(cur, sides, table) {
  const num = (name, label) => h('input', { name, type: 'number', min: 0, inputmode: 'numeric', value: 0, required: true, 'aria-label': label });
  const counts = [table && table.players[sides[0]], cur.opponent].map((pl) => listCount(pl, summary));
  const n = Math.max(...counts);
  const rule = listRule(summary);  // the event counts each list's games: the list is asked, not optional
  const lists = [0, 1].map((i) => listSelect(`list${i}`, n, null, i ? 'List your opponent played' : 'List you played', Boolean(rule) && counts[i] > 1));
  const form = h('form', { class: 'result-form stack', id: 'report-form' },
    h('label', {}, 'Result ', h('select', { name: 'outcome', required: true },
      h('option', { value: '' }, '—'), h('option', { value: 'win' }, 'I won'), h('option', { value: 'loss' }, 'I lost'),
      h('option', { value: 'tie' }, 'Tie'))),
    h('label', {}, 'How ', h('select', { name: 'victory', required: true }, h('option', { value: '' }, '—'), victoriesFor(summary).map(([v, l]) => h('option', { value: v }, l)))),
    h('div', { class: 'sides' }, h('span'), h('strong', {}, 'Me'), h('strong', {}, 'Opponent'),
      h('span', {}, 'CP'), num('cp0', 'My control points'), num('cp1', 'Opponent\'s control points'),
      h('span', {}, 'AP'), num('ap0', 'Army points I destroyed'), num('ap1', 'Army points my opponent destroyed'),
      lists[0] ? [h('span', {}, 'List'), lists[0], lists[1]] : null),
    h('p', { class: 'small muted', id: 'cp-ap-help' }, 'CP: control points scored. AP: army points destroyed — the points of the opponent\'s models each of you destroyed (SR tiebreaker).'),
    lists[0] ? h('p', { class: 'small muted', id: 'list-help' }, rule
      ? `List: the list each of you played — required, this event counts each list's games (${rule}).`
      : 'List: the list each of you played. A concession needs the conceding player\'s list.') : null,
    wizardBox(() => form, cur.opponent.name),
    h('div', { id: 'report-flash', class: 'flash', hidden: true }),
    h('button', { type: 'submit' }, 'Send result'));
  const calc = reportCalculators(ev, form, { me: me(), opp: cur.opponent });
  form.querySelector('#wizard-box').before(...calc.els);
  if (restoreDraft(cur, form)) flash(form.querySelector('#report-flash'), 'Restored what you had typed: check it and send.', 'ok');
  prefillReport(form, sides[0]);  // a flag that fell, or a time-up tie: what the clock decided
  const keep = () => saveDraft(cur, form);
  form.addEventListener('input', keep);
  form.addEventListener('change', keep);
  form.addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    const mine = form.outcome.value;
    const theirs = mine === 'tie' ? 'tie' : mine === 'win' ? 'loss' : 'win';
    const res = [];
    const list = (i) => (form[`list${i}`] && Number(form[`list${i}`].value) ? { list: Number(form[`list${i}`].value) } : {});
    res[sides[0]] = { outcome: mine, cp: Number(form.cp0.value), ap: Number(form.ap0.value), ...list(0) };
    res[sides[1]] = { outcome: theirs, cp: Number(form.cp1.value), ap: Number(form.ap1.value), ...list(1) };
    calc.marks().forEach((m, i) => { if (m) res[sides[i]].destroyed = m; });
    try {
      await ev.report({ round: cur.round, table: cur.table, results: res, victory: form.victory.value });
      dropDrafts(null);
      flash($('#flash'), 'Result sent; your opponent confirms it.', 'ok');
      refresh();
    } catch (err) {
      if (err.status === 401) return;  // session ended: the login appears above the form (SESSION_ENDED)
      flash($('#report-flash'), err, 'error');  // beside the form: the server's refusal as it gives it
    }
  }));
  return [h('h2', {}, 'Report the result'), form];
}

// "Not sure who won?": the adjudication wizard under the CP/AP boxes, built when opened. Its decision
// fills the form (the player still sends it); "You" are the first player of the wizard's facts.
function wizardBox(formOf, oppName) {
  const box = h('details', { class: 'wizard-box', id: 'wizard-box' }, h('summary', {}, 'Not sure who won? Walk through it'));
  box.addEventListener('toggle', () => {
    if (!box.open || box.querySelector('#wizard')) return;
    const form = formOf();
    const read = () => ({ cp: [Number(form.cp0.value), Number(form.cp1.value)], ap: [Number(form.ap0.value), Number(form.ap1.value)] });
    const w = wizard(ev, { names: ['You', oppName], read });
    w.onDecided((d) => {
      form.outcome.value = d.winner === 1 ? 'win' : d.winner === 2 ? 'loss' : 'tie';
      form.victory.value = d.victory;
      [form.cp0.value, form.ap0.value, form.cp1.value, form.ap1.value] = [d.records[0].cp, d.records[0].ap, d.records[1].cp, d.records[1].ap];
      box.open = false;
      form.dispatchEvent(new Event('change'));  // kept as a draft like anything typed
      flash($('#report-flash'), 'Filled in from the wizard: check it and send.', 'ok');
    });
    box.append(w.el);
  });
  return box;
}

function confirmForm(cur, sides, oppName) {
  const note = h('input', { name: 'note', id: 'dispute-note', placeholder: 'What is wrong? (for the EO)', maxlength: 200 });
  const send = async (agree) => {
    try {
      await ev.confirm({ round: cur.round, table: cur.table, agree, ...(agree || !note.value ? {} : { note: note.value }) });
      flash($('#flash'), agree ? 'Result confirmed.' : 'Disputed: the EO will decide.', agree ? 'ok' : 'warn');
      refresh();
    } catch (err) {
      flash($('#flash'), err, 'error');
    }
  };
  return [h('h2', {}, `${oppName} reported`),
    h('p', { class: 'big', id: 'reported' }, describe(cur.report, sides, oppName)),
    h('label', { for: 'dispute-note' }, 'If you dispute: what is wrong? (optional, for the EO)'), note,
    h('div', { class: 'row actions' }, h('button', { id: 'confirm', onclick: () => send(true) }, 'Confirm'),
      h('button', { id: 'dispute', class: 'secondary', onclick: () => send(false) }, 'Dispute'))];
}

function actions(p, pairings) {
  const cur = p.current;
  const card = $('#action-card');
  card.hidden = false;
  // Only the game still open for my report keeps its draft.
  const open = cur && !cur.bye && cur.opponent && !cur.result && !cur.closed && !(cur.report && cur.report.reporter === p.id);
  dropDrafts(open ? draftKey(cur) : null);
  if (!cur || cur.bye || !cur.opponent) {
    card.dataset.key = '';
    return (card.hidden = true);
  }
  const table = pairings && pairings.round === cur.round ? pairings.tables.find((t) => t.table === cur.table) : null;
  const sides = mySides(table, p.id, cur.side);
  const opp = cur.opponent.name;
  // Re-render only when what the card shows changes: a live update must not wipe a half-typed form.
  const keyFor = (logged) => JSON.stringify([cur.round, cur.table, cur.result, cur.report, pairings && pairings.closed, logged]);
  const key = keyFor(Boolean(loggedIn()));
  if (card.dataset.key === key) return;
  // The session ended while the report form was open: keep what was typed, ask for the PIN above it.
  if (!loggedIn() && card.dataset.key === keyFor(true) && $('#report-form', card)) return sessionEnded();
  card.dataset.key = key;
  if (cur.result) return fill(card, h('h2', {}, 'Result recorded'), h('p', {}, describe(cur.result, sides, opp)),
    cur.result.concession_army ? h('p', { class: 'small muted', id: 'concession' }, concessionText(cur.result)) : null);
  if (cur.closed || (pairings && pairings.round === cur.round && pairings.closed)) return fill(card, h('p', {}, 'The round is closed.'));
  if (cur.report && cur.report.disputed) return fill(card, h('h2', {}, 'Disputed'), h('p', {}, describe(cur.report, sides, opp)), h('p', { class: 'muted' }, 'The EO decides this result.'));
  if (!loggedIn()) return fill(card, loginForm());
  if (cur.report && cur.report.reporter === p.id) return fill(card, h('h2', {}, 'Waiting for your opponent'), h('p', {}, describe(cur.report, sides, opp)));
  if (cur.report) return fill(card, confirmForm(cur, sides, opp));
  return fill(card, reportForm(cur, sides, table));
}

async function showPlayer() {
  $('#pick').hidden = true;
  $('#me').hidden = false;
  const mine = generation;
  const [p, pairings] = await Promise.all([ev.player(me()), ev.pairings().catch(() => null)]);
  if (mine !== generation) return;
  document.title = `${p.name} — ${summary.name}`;
  $('#nav-standings').href = `standings.html?event=${encodeURIComponent(id)}&player=${encodeURIComponent(p.id)}`;
  fill($('#me-card'), h('h2', { id: 'my-name' }, p.name),
    h('p', {}, `${p.faction}${p.club ? ` · ${p.club}` : ''}`),
    h('p', { class: 'big' }, `${p.tp ?? 0} TP`, p.rank ? ` · rank ${p.rank}` : '', p.status === 'dropped' ? ' · dropped' : ''),
    h('div', { class: 'row me-actions' },
      h('button', { type: 'button', class: 'secondary small', id: 'not-me', onclick: () => { setParam('player', null); showPicker(); } }, 'Not you?'),
      loggedIn() ? h('button', { type: 'button', class: 'secondary small', id: 'logout', onclick: async () => { await ev.logout().catch(() => {}); refresh(); } }, 'Log out') : null));
  // Where I stand, in one sentence (issue 10 point 8): table, bye, waiting, joins, cut, dropped, finished.
  const where = p.situation || { state: 'waiting', text: '' };
  const whereEl = $('#where');
  whereEl.className = `situation ${where.state}`;
  whereEl.dataset.state = where.state;
  whereEl.textContent = where.text;
  const cur = p.current;
  const playing = cur && ['playing', 'reported', 'bye'].includes(where.state);
  fill($('#game-card'), !playing
    ? [h('h2', {}, summary.current_round ? `Round ${summary.current_round.number}` : 'Before round 1'),
      h('p', { class: 'muted' }, where.state === 'not-paired' || where.state === 'dropped' || where.state === 'disqualified'
        ? 'Ask the EO if this is a mistake.' : 'This page updates by itself.')]
    : [h('h2', {}, `Round ${cur.round}`),
      cur.bye ? h('p', { class: 'big', id: 'my-table' }, 'You have the bye this round.')
        : h('p', { class: 'big', id: 'my-table' }, `Table ${cur.table} vs `, h('strong', {}, cur.opponent ? cur.opponent.name : '?'),
          cur.opponent ? h('span', { class: 'muted small' }, ` (${cur.opponent.faction})`) : null),
      // The opponent's lists one tap from the pairing (SR2017 "Players can ask to see their opponent's
      // lists at any time"): an opponent reads them once logged in, anyone once the EO publishes them.
      !cur.bye && cur.opponent && cur.opponent.id && (summary.lists_published || loggedIn())
        ? opponentLists(ev, cur.opponent) : null,
      pairings && pairings.scenario_name ? h('p', {}, `Scenario: ${pairings.scenario_name} · `,
        h('a', { id: 'scenario-sheet', href: `/api/editions/${encodeURIComponent(summary.edition)}/scenarios/${encodeURIComponent(pairings.scenario)}.svg`, target: '_blank', rel: 'noopener' }, 'scenario sheet')) : null]);
  actions(p, pairings);
  if (cur && !cur.bye && cur.opponent && !cur.result) {
    const table = pairings && pairings.round === cur.round ? pairings.tables.find((t) => t.table === cur.table) : null;
    const seat = mySides(table, p.id, cur.side)[0];
    await showClock($('#clock-card'), ev, id, p.id, cur, seat);
    prefillReport($('#report-form'), seat);
  } else {
    await showClock($('#clock-card'), ev, id, p.id, null, 0);
  }
  showLists($('#lists-card'), ev, summary, p, Boolean(loggedIn()), (text) => { flash($('#flash'), text, 'ok'); refresh(); },
    () => loginForm()[2]);
  showLoginCard();
  await showAwards($('#awards-card'), ev, p, Boolean(loggedIn()), (text) => { flash($('#flash'), text, 'ok'); refresh(); });
  const hist = p.history || [];
  fill($('#history-card'), h('h2', {}, 'My results'), hist.length === 0 ? h('p', { class: 'muted' }, 'No games yet.')
    : h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, 'Rd'), h('th', {}, 'Opponent'), h('th', {}, ''), h('th', { class: 'num' }, 'CP'), h('th', { class: 'num' }, 'AP'))),
      h('tbody', {}, hist.map((r) => h('tr', {},
        h('td', {}, r.round),
        h('td', {}, typeof r.opponent === 'object' && r.opponent ? r.opponent.name : r.opponent ?? 'bye', r.victory ? h('div', { class: 'small muted' }, r.victory) : null),
        h('td', {}, outcomeLabel[r.outcome] || r.outcome || ''),
        h('td', { class: 'num' }, Array.isArray(r.cp) ? r.cp.join('–') : r.cp ?? ''),
        h('td', { class: 'num' }, Array.isArray(r.ap) ? r.ap.join('–') : r.ap ?? ''))))));
}

// The server no longer knows this phone's login (expired, or logged out elsewhere): say so plainly and
// show the PIN form at once, above a half-filled report form so nothing typed is lost.
function sessionEnded() {
  const text = 'Your session ended — log in again.';
  const card = $('#action-card');
  if (!$('#report-form', card)) return flash($('#flash'), text, 'warn');
  if ($('#session-ended')) return undefined;
  flash($('#flash'), '');  // an older "Logged in." would contradict the notice
  card.prepend(h('div', { id: 'session-ended' }, h('p', { class: 'flash warn', role: 'alert' }, text), loginForm().slice(1)));
  return $('#session-ended input[name=pin]').focus();
}

let generation = 0;  // a slow, older refresh must not overwrite a newer one

async function refresh() {
  const mine = ++generation;
  try {
    const s = await ev.summary();
    if (mine !== generation) return;
    summary = s;
    $('#title').textContent = summary.name;
    if (me()) await showPlayer();
    else showPicker();
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

if (!id) flash($('#flash'), 'No event chosen: open this page from the event list.', 'error');
else {
  $('#nav-standings').href = `standings.html?event=${encodeURIComponent(id)}`;
  $('#search').addEventListener('input', () => summary && showPicker());
  $('#flash').setAttribute('role', 'status');  // announced: e.g. "Your session ended"
  window.addEventListener(SESSION_ENDED, sessionEnded);
  ev.restore().finally(refresh);
  startTicker($('#clock-card'));
  live(id, refresh, undefined, (msg) => {
    onClockMessage($('#clock-card'), msg);
    // The clock decided the game (a flag, a time-up tie): the report form says so at once.
    if (msg.clock && ['flagged', 'time-up'].includes(msg.clock.state)) refresh();
  });
}
