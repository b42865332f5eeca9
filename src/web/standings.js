// standings.html: standings with every tiebreak column, and the current round's pairings.
import { $, fill, flash, param } from './dom.js';
import { eventApi } from './api.js';
import { live } from './live.js';
import { standingsTable, pairingList, criterionLabel, ruleNote, ordinal } from './render.js';

const id = param('event');
const me = param('player');  // opened from a player's page: highlight them and link back
const ev = eventApi(id);

// "after round 2" only once round 2 is closed; during a round the table already counts the results in.
function heading(summary, standings) {
  if (standings.finished) return 'Final standings';
  const cur = summary.current_round;
  const closed = summary.rounds_played || 0;
  if (cur && !cur.closed) return closed ? `Standings after round ${closed} · round ${cur.number} in progress (its results count as they come in)` : 'Standings · round 1 in progress (results count as they come in)';
  return closed ? `Standings after round ${closed}` : 'Standings · no round played yet';
}

async function refresh() {
  try {
    const [summary, standings, pairings] = await Promise.all([
      ev.summary(), ev.standings(), ev.pairings().catch(() => null)]);
    document.title = `Standings — ${summary.name}`;
    $('#title').textContent = summary.name;
    $('#heading').textContent = heading(summary, standings);
    $('#meta').textContent = `${summary.edition} · ${summary.points} points · ranked by ${(standings.criteria || []).map(criterionLabel).join(', then ')}`;
    ruleNote($('#rule'), standings);  // e.g. Finals Tables: how this event ranks
    fill($('#standings'), standingsTable(standings, { highlight: me }));
    const mine = me && (standings.standings || []).find((r) => r.id === me);
    $('#my-rank').hidden = !mine;
    if (mine) $('#my-rank').textContent = `You (${mine.name}) are ${ordinal(mine.rank)} with ${mine.tp} TP.`;
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
  $('#nav-results').href = `results.html?event=${encodeURIComponent(id)}`;
  if (me) {
    $('#nav-me').hidden = false;
    $('#nav-me').href = `player.html?event=${encodeURIComponent(id)}&player=${encodeURIComponent(me)}`;
  }
  refresh();
  live(id, refresh);
}
