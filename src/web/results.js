// results.html: the end of the event (issue 14 point 3) for the public and the projector — the
// podium, the awards the EO revealed, the full standings and each player's games, and the CSV
// files. ?view=projector: large type on a dark screen, the standings scrolling by themselves.
// Everything comes from public reads (summary, standings, each round's pairings, awards): no
// contact, no PIN. Updates live.
import { $, h, fill, flash, param, setParam } from './dom.js';
import { eventApi } from './api.js';
import { live } from './live.js';
import { standingsTable, ruleNote, criterionLabel, ordinal } from './render.js';
import { autoScroll } from './autoscroll.js';

const id = param('event');
const ev = eventApi(id);
const big = param('view') === 'projector';
const opened = new Set();  // players whose games are open: a live refresh keeps them open

function heading(summary, standings) {
  if (standings.finished) return 'Final results';
  const closed = summary.rounds_played || 0;
  const cur = summary.current_round;
  const playing = cur && !cur.closed ? ` · round ${cur.number} in progress` : '';
  if (closed) return `Results so far after round ${closed}${playing}`;
  return cur ? `Results so far${playing}` : 'No round played yet';
}

// 1st to 3rd in the standings' order (Finals Tables and Cut to Top X included: the server ranks);
// disqualified players are listed last and win nothing (SR2017 "Sportsmanship").
function podium(standings) {
  const rows = (standings.standings || []).filter((r) => !r.disqualified && (r.wins || r.losses || r.ties)).slice(0, 3);
  // slot-N: where the card stands (the winner in the middle); medal-N: its colour, by rank, so two
  // players sharing 1st both get gold.
  return rows.map((r, i) => h('li', { class: `slot-${i + 1} medal-${Math.min(r.rank, 3)}`, dataset: { player: r.id } },
    h('span', { class: 'place' }, ordinal(r.rank)),
    h('span', { class: 'who' }, h('span', { class: 'name' }, r.name), h('span', { class: 'faction' }, r.faction)),
    h('span', { class: 'tp' }, `${r.tp} TP`)));
}

// The awards the EO revealed (GET …/awards); none, or no such route, hides the section.
async function awards() {
  try {
    const reply = await ev.awards();
    // Only announced ones: the EO's own browser gets every winner, and a projector may be it.
    return Array.isArray(reply && reply.awards) ? reply.awards.filter((a) => a.revealed && a.winners.length) : [];
  } catch {
    return [];
  }
}

function awardItems(list) {
  return list.map((a) => h('li', { dataset: { award: a.key } },
    h('span', { class: 'award-name' }, a.name),
    a.category && a.category !== a.name ? h('span', { class: 'muted small' }, ` · ${a.category}`) : null,
    h('div', { class: 'winners' }, (a.winners || []).map((w) => w.name).join(', ') || '—')));
}

// Every round's pairings, as a list of games per player: {round, table, scenario, opponent, result}.
async function gamesByPlayer(rounds) {
  const all = await Promise.all(Array.from({ length: rounds }, (_, i) => ev.pairings(i + 1).catch(() => null)));
  const games = new Map();
  const add = (pid, g) => (games.get(pid) || games.set(pid, []).get(pid)).push(g);
  for (const p of all) {
    if (!p) continue;
    for (const t of p.tables || [])
      t.players.forEach((pl, side) => {
        const r = t.result;
        add(pl.id, { round: p.round, table: t.table, scenario: p.scenario_name, opponent: t.players[1 - side],
          outcome: r && r.outcome[side], cp: r && r.cp[side], ap: r && r.ap[side], victory: r && r.victory });
      });
    // A bye scores the edition's award (its CP and AP count in the standings).
    if (p.bye) add(p.bye.id, { round: p.round, scenario: p.scenario_name, bye: true, cp: p.bye.award?.cp, ap: p.bye.award?.ap });
  }
  return games;
}

const WORD = { win: 'Win', loss: 'Loss', tie: 'Tie' };
// The result column holds one short word, so it stays narrow on a phone; how the game ended goes
// under the opponent with the scenario and the table.
function gameRow(g) {
  const where = [g.scenario, g.table ? `table ${g.table}` : null, g.victory].filter(Boolean).join(' · ');
  const result = g.bye ? 'Bye' : g.outcome ? WORD[g.outcome] : 'playing';
  return h('tr', { class: g.outcome || (g.bye ? 'bye' : 'pending') },
    h('td', { class: 'num' }, g.round),
    h('td', {}, g.bye ? h('span', { class: 'muted' }, 'bye')
      : [h('span', { class: 'name' }, g.opponent.name), h('span', { class: 'muted small' }, ` (${g.opponent.faction})`)],
    where ? h('div', { class: 'muted small' }, where) : null),
    h('td', { class: 'result' }, result),
    h('td', { class: 'num' }, g.cp ?? ''),
    h('td', { class: 'num' }, g.ap ?? ''));
}

function playerGames(standings, games) {
  return (standings.standings || []).map((r) => {
    const list = games.get(r.id) || [];
    const details = h('details', { class: 'games-of', dataset: { player: r.id }, open: opened.has(r.id) },
      h('summary', {},
        h('span', { class: 'rank' }, r.rank),
        h('span', { class: 'who' }, h('span', { class: 'name' }, r.name), ' ',
          h('span', { class: 'muted small' }, `${r.faction} · ${r.wins ?? 0}-${r.losses ?? 0}-${r.ties ?? 0} · ${r.tp} TP`))),
      list.length
        ? h('table', { class: 'games' },
          h('thead', {}, h('tr', {}, h('th', { class: 'num round' }, 'Round'), h('th', {}, 'Opponent'), h('th', { class: 'result' }, 'Result'),
            h('th', { class: 'num' }, 'CP'), h('th', { class: 'num' }, 'AP'))),
          h('tbody', {}, list.map(gameRow)))
        : h('p', { class: 'muted small' }, 'No games yet.'));
    details.addEventListener('toggle', () => (details.open ? opened.add(r.id) : opened.delete(r.id)));
    return details;
  });
}

async function refresh() {
  try {
    const [summary, standings, revealed] = await Promise.all([ev.summary(), ev.standings(), awards()]);
    const rounds = summary.current_round ? summary.current_round.number : 0;
    const games = big ? new Map() : await gamesByPlayer(rounds);
    document.title = `Results — ${summary.name}`;
    $('#title').textContent = summary.name;
    $('#heading').textContent = heading(summary, standings);
    $('#meta').textContent = [summary.start_date, summary.venue, summary.edition, `${summary.points} points`,
      `ranked by ${(standings.criteria || []).map(criterionLabel).join(', then ')}`].filter(Boolean).join(' · ');
    const places = podium(standings);
    $('#podium-card').hidden = !places.length;
    $('#podium-heading').textContent = standings.finished ? 'Podium' : 'Top three so far';
    fill($('#podium'), places);
    $('#awards-card').hidden = !revealed.length;
    fill($('#awards'), awardItems(revealed));
    $('#standings-heading').textContent = standings.finished ? 'Final standings' : 'Standings';
    ruleNote($('#rule'), standings);
    fill($('#standings'), standingsTable(standings, { compact: big }));
    $('#games-card').hidden = big || !rounds;
    if (!big) fill($('#games'), playerGames(standings, games));
    flash($('#flash'), '');
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

function links() {
  const q = encodeURIComponent(id);
  $('#nav-standings').href = `standings.html?event=${q}`;
  $('#csv-standings').href = `/api/events/${q}/export/standings.csv`;
  $('#csv-games').href = `/api/events/${q}/export/games.csv`;
  // The toggle keeps the event in the address: large type for the projector, or back.
  setParam('view', big ? 'projector' : null);
  const other = new URL(location.href);
  if (big) other.searchParams.delete('view');
  else other.searchParams.set('view', 'projector');
  $('#nav-view').href = other.pathname + other.search;
  $('#nav-view').textContent = big ? 'normal view' : 'large type';
}

if (big) document.body.classList.add('big');
if (!id) flash($('#flash'), 'No event chosen: open this page from the event list (results.html?event=ID).', 'error');
else {
  links();
  refresh();
  live(id, refresh);
  if (big) autoScroll($('#standings'));
}
