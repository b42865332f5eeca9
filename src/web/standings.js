// standings.html: standings with every tiebreak column, and the current round's pairings.
import { $, fill, flash, param } from './dom.js';
import { eventApi } from './api.js';
import { live } from './live.js';
import { standingsTable, pairingList, criterionLabel, ruleNote } from './render.js';

const id = param('event');
const ev = eventApi(id);

async function refresh() {
  try {
    const [summary, standings, pairings] = await Promise.all([
      ev.summary(), ev.standings(), ev.pairings().catch(() => null)]);
    document.title = `Standings — ${summary.name}`;
    $('#title').textContent = summary.name;
    $('#heading').textContent = standings.finished ? 'Final standings' : `Standings after round ${standings.rounds_counted ?? summary.rounds_played}`;
    $('#meta').textContent = `${summary.edition} · ${summary.points} points · ranked by ${(standings.criteria || []).map(criterionLabel).join(', then ')}`;
    ruleNote($('#rule'), standings);  // e.g. Finals Tables: how this event ranks
    fill($('#standings'), standingsTable(standings));
    if (pairings && pairings.tables && pairings.tables.length) {
      $('#pairings-card').hidden = false;
      $('#pairings-heading').textContent = `Round ${pairings.round} pairings${pairings.scenario_name ? ` — ${pairings.scenario_name}` : ''}`;
      fill($('#pairings'), pairingList(pairings, { results: true }));
    } else $('#pairings-card').hidden = true;
    flash($('#flash'), '');
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

if (!id) flash($('#flash'), 'No event chosen: open this page from the event list.', 'error');
else {
  $('#nav-pairings').href = `projector.html?event=${encodeURIComponent(id)}`;
  $('#nav-pairings').textContent = 'projector';
  refresh();
  live(id, refresh);
}
