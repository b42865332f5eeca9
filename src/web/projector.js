// projector.html: pairings by name in large type and the standings, each pane auto-scrolling
// when it does not fit; updates live. ?view=pairings or ?view=standings shows one pane only.
import { $, h, fill, flash, param, time } from './dom.js';
import { eventApi } from './api.js';
import { live } from './live.js';
import { qrImage, standingsTable, pairingList, ruleNote } from './render.js';
import { roundLine, syncServer } from './clock-view.js';
import { autoScroll } from './autoscroll.js';

const id = param('event');
const ev = eventApi(id);

async function refresh() {
  try {
    const [summary, standings, pairings] = await Promise.all([ev.summary(), ev.standings(), ev.pairings().catch(() => null)]);
    document.title = `${summary.name} — projector`;
    $('#title').textContent = summary.name;
    const cur = summary.current_round;
    roundTiming = cur && !cur.closed ? cur.timing : null;
    if (roundTiming && roundTiming.started_ms) ev.clocks().then((c) => syncServer(c.server_ms)).catch(() => {});
    countdown();
    $('#round').textContent = cur
      ? `Round ${cur.number}${cur.scenario_name ? ` · ${cur.scenario_name}` : ''}${cur.started_at && !cur.closed ? ` · started ${time(cur.started_at)}` : ''}${cur.closed ? ' · closed' : ''}`
      : 'Registration';
    if (pairings && pairings.tables) {
      $('#pairings-heading').textContent = `Round ${pairings.round} pairings`;
      fill($('#pairings'), pairingList(pairings));
    } else {
      $('#pairings-heading').textContent = 'Players';
      fill($('#pairings'), pairingList({ tables: [], bye: null }));
    }
    $('#standings-heading').textContent = standings.finished ? 'Final standings' : 'Standings';
    ruleNote($('#standings-rule'), standings);
    fill($('#standings'), standingsTable(standings, { compact: true }));
    flash($('#flash'), '');
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

// The event's player page as a QR code and its address, for players in the hall to join.
async function showJoin() {
  try {
    const join = await ev.join();
    if (!join.reachable) return;  // a QR code phones cannot open helps nobody; the console says why
    $('#title').after(h('figure', { id: 'join', class: 'join' },
      qrImage(id, null, 'QR code of the players\' page', 120),
      h('figcaption', {}, join.url)));
  } catch {
    // the projector works without it
  }
}

// The round's time in large type (issue 11): a countdown to the end (the expected end, or dice
// down), "5 minutes left", then time up; the time played when the end is the EO's secret.
let roundTiming = null;
function countdown() {
  const el = $('#countdown');
  const line = roundTiming && roundTiming.kind && roundTiming.kind !== 'untimed' ? roundLine(roundTiming) : null;
  el.hidden = !line || line.state === 'untimed';
  if (!line) return;
  el.className = `round-clock ${line.state}`;
  el.textContent = line.state === 'waiting' ? 'The round starts soon' : line.text;
}

function clock() {
  $('#clock').textContent = new Date().toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

const view = param('view');
if (view === 'pairings') $('#standings-pane').hidden = true;
if (view === 'standings') $('#pairings-pane').hidden = true;
if (view) document.body.classList.add('single');

if (!id) flash($('#flash'), 'No event chosen: add ?event=ID to the address.', 'error');
else {
  refresh();
  showJoin();
  live(id, refresh);
  autoScroll($('#pairings-pane'));
  autoScroll($('#standings-pane'));
  clock();
  setInterval(clock, 10000);
  setInterval(countdown, 500);
}
