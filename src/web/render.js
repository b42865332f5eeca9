// Shared renderers: the standings table (columns from the standings JSON's "criteria") and pairings.
import { h, fmtNumber } from './dom.js';

const headers = { tp: 'TP', sos: 'SoS', cp: 'CP', ap: 'AP', assassinations: 'Assassinations', mov: 'MoV' };
export const criterionLabel = (k) => headers[k] || k.toUpperCase();

// 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st.
export const ordinal = (n) => `${n}${n % 100 >= 11 && n % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] || 'th'}`;

export function notes(row) {
  const n = [];
  if (row.placed_by) n.push(row.placed_by);
  if (row.frozen) n.push('frozen at cut');
  if (row.disqualified) n.push('disqualified');
  return n.join(', ');
}

export function standingsTable(data, { compact = false, highlight } = {}) {
  const criteria = data.criteria || ['tp', 'sos', 'cp', 'ap'];
  const head = h('tr', {},
    h('th', { class: 'num' }, '#'), h('th', {}, 'Player'),
    compact ? null : h('th', { class: 'hide-narrow' }, 'Faction'),
    criteria.map((k) => h('th', { class: 'num', title: k }, criterionLabel(k))),
    compact ? null : h('th', { class: 'num' }, 'W-L-T'),
    compact ? null : h('th', { class: 'hide-narrow' }, 'Notes'));
  // A dropped player is marked beside the name, at every width (the Notes column hides on a phone).
  const rows = (data.standings || []).map((r) => h('tr', { class: [r.id === highlight ? 'me' : '', r.dropped ? 'dropped' : ''].filter(Boolean).join(' '), dataset: { player: r.id } },
    h('td', { class: 'num' }, r.rank),
    h('td', {}, h('span', { class: 'name' }, r.name), r.dropped ? [' ', h('span', { class: 'badge', title: 'Dropped: plays no more rounds' }, 'dropped')] : null,
      compact ? h('div', { class: 'faction small' }, r.faction) : null),
    compact ? null : h('td', { class: 'hide-narrow' }, r.faction),
    criteria.map((k) => h('td', { class: 'num', title: k === 'sos' && r.sos_exact ? r.sos_exact : null }, fmtNumber(r[k]))),
    compact ? null : h('td', { class: 'num' }, `${r.wins ?? 0}-${r.losses ?? 0}-${r.ties ?? 0}`),
    compact ? null : h('td', { class: 'hide-narrow small' }, notes(r))));
  return h('table', { class: 'standings' }, h('thead', {}, head), h('tbody', {}, rows));
}

export function resultText(t) {
  if (!t.result) return '';
  const r = t.result;
  return `${r.outcome.map((o) => ({ win: 'W', loss: 'L', tie: 'T' })[o] || o).join('–')} · CP ${r.cp.join('–')} · AP ${r.ap.join('–')}${r.victory ? ` · ${r.victory}` : ''}`;
}

// What a concession's army points were halved from (SR2017/SR2023 "Sportsmanship").
export function concessionText(r) {
  const a = r && r.concession_army;
  if (!a) return '';
  return a.list ? `AP: half of list ${a.list} (${a.points} pts)` : `AP: half the point size (${a.points}): no list registered`;
}

// The lists played, when a result names any: "lists 1–2" ("?" for a side without one).
export function listsText(lists) {
  return Array.isArray(lists) && lists.some((l) => l) ? `lists ${lists.map((l) => l ?? '?').join('–')}` : '';
}

// How a game can end at this event, as [key, label]: the event's victory variants remove
// assassination (No Assassination Victory) and tiebreaker wins (No Tiebreakers: "If time expires,
// the game is a tie") and add SR2014's Mangled Metal; the engine refuses the others anyway.
const ENDINGS = [['assassination', 'Assassination'], ['scenario', 'Scenario (or most CP at end)'],
  ['clock', 'Clock (a clock ran out)'], ['tiebreaker', 'Tiebreaker (tied CP at end)'],
  ['mangled-metal', 'Mangled Metal (every enemy warjack/warbeast gone)'], ['concession', 'Concession'], ['tie', 'Tie']];
export function victoriesFor(summary) {
  const has = (k) => ((summary && summary.variants) || []).some((v) => String(v).split(/[:= ]/)[0] === k);
  return ENDINGS.filter(([k]) => !(k === 'assassination' && has('no-assassination'))
    && !(k === 'tiebreaker' && has('no-tiebreakers')) && !(k === 'mangled-metal' && !has('mangled-metal')));
}

// How many lists a player may name as played: what they registered, at least the event's count
// (the engine's own bound).
export const listCount = (pl, summary) => Math.max((pl && pl.lists) || 0, (summary && summary.lists) || 1);

// "—, 1, 2…" for the list a player played; null when there is nothing to choose. `required`: the
// event counts each list's games (SR2014 "[X] List(s) Required", "Divide and Conquer [X]").
export function listSelect(name, n, value, label, required = false) {
  if (n < 2) return null;
  const opts = [h('option', { value: '' }, '—')];
  for (let i = 1; i <= n; i++) opts.push(h('option', { value: i, selected: value === i }, i));
  return h('select', { name, class: 'list-pick', 'aria-label': label, title: label, required }, opts);
}

// The rule that makes the list played required, or '' (summary.list_quota from the server).
export const listRule = (summary) => (summary && summary.list_quota ? summary.list_quota.rule : '');

// The standings' ranking rule (e.g. Finals Tables) as a note under the meta line.
export function ruleNote(el, standings) {
  el.textContent = standings.rule ? `Ranked by ${standings.rule}` : '';
  el.hidden = !standings.rule;
}

// Pairings by name: one <li> per table.
export function pairingList(p, { factions = true, results = false } = {}) {
  const items = (p.tables || []).map((t) => h('li', { dataset: { table: t.table } },
    h('span', { class: 'tno' }, t.table),
    h('span', {},
      t.players.map((pl, i) => [i ? h('span', { class: 'vs' }, ' vs ') : null,
        h('span', { class: 'name' }, pl.name), factions ? h('span', { class: 'faction small muted' }, ` (${pl.faction})`) : null]),
      results && t.result ? h('div', { class: 'small muted' }, resultText(t)) : null)));
  if (p.bye) items.push(h('li', {}, h('span', { class: 'tno' }, 'bye'), h('span', { class: 'name' }, p.bye.name)));
  return h('ul', { class: 'pairing-list' }, items);
}

// The QR code of the event's player page, or of one player's page (never the PIN: slips and the
// projector get photographed). `size`: its CSS pixels before the page's own rules.
export function qrImage(eventId, player, label, size = 96) {
  const q = player ? `?player=${encodeURIComponent(player)}` : '';
  return h('img', { class: 'qr', src: `/api/events/${encodeURIComponent(eventId)}/qr.svg${q}`, alt: label, width: size, height: size });
}
