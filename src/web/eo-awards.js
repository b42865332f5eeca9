// EO console, Awards tab (issue 14 point 2, SR2017 "Prizes"): Best Painted in an announced category,
// Best Sport and the EO's own awards, each chosen by the EO, put to a blind vote on the players'
// phones, or computed from the results. The EO sees turnout and, once a vote is closed, its count;
// never who voted for whom (the server seals each vote and destroys the key when it counts).
import { $, h, fill, flash, options } from './dom.js';
import { shrinkPhoto } from './photo.js';

const METHODS = [['vote', 'Blind vote on the players\' phones'], ['choice', 'The EO chooses'], ['computed', 'Computed from the results']];
const METRICS = [['army-points', 'Most army points destroyed'], ['assassinations', 'Most assassination wins'], ['control-points', 'Most control points'], ['scenario-wins', 'Most scenario wins']];
const PRESETS = [
  { label: 'Best Painted', name: 'Best Painted', category: 'Best Army', method: 'vote', everyone: false },
  { label: 'Best Sport', name: 'Best Sport', category: '', method: 'vote', everyone: true },
  { label: 'Most army points', name: 'Most Army Points Destroyed', category: '', method: 'computed', metric: 'army-points' },
];
const CATEGORIES = ['Best Army', 'Best Single Model', 'Best Battlegroup', 'Best Unit'];

const players = (ctx) => ((ctx.data.admin && ctx.data.admin.players) || ctx.data.summary.players || []).filter((p) => p.status !== 'disqualified');
const names = (list) => list.map((p) => p.name).join(', ');

function defineForm(ctx) {
  const name = h('input', { name: 'name', required: true, placeholder: 'Best Painted', autocomplete: 'off' });
  const category = h('input', { name: 'category', list: 'award-categories', placeholder: 'Best Army', autocomplete: 'off' });
  const method = h('select', { name: 'method' });
  options(method, METHODS, 'vote');
  const metric = h('select', { name: 'metric' });
  options(metric, METRICS, 'army-points');
  const everyone = h('input', { type: 'checkbox', name: 'everyone' });
  const metricRow = h('label', { hidden: true }, 'Counts ', metric);
  const everyoneRow = h('label', { class: 'check' }, everyone, ' Every participant is an entry (Best Sport)');
  const sync = () => { metricRow.hidden = method.value !== 'computed'; everyoneRow.hidden = method.value === 'computed'; };
  method.addEventListener('change', sync);
  sync();
  const form = h('form', { id: 'award-define', class: 'award-define' },
    h('div', { class: 'award-presets' }, 'Start from: ', PRESETS.map((p) => h('button', {
      type: 'button', class: 'secondary small',
      onclick: () => { name.value = p.name; category.value = p.category; method.value = p.method; everyone.checked = !!p.everyone; if (p.metric) metric.value = p.metric; sync(); },
    }, p.label))),
    h('label', {}, 'Award ', name),
    h('label', {}, 'Category (announce it in advance) ', category),
    h('datalist', { id: 'award-categories' }, CATEGORIES.map((c) => h('option', { value: c }))),
    h('label', {}, 'Decided by ', method), metricRow, everyoneRow,
    h('button', { type: 'submit' }, 'Add award'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const cmd = { type: 'define-award', name: name.value.trim(), category: category.value.trim(), method: method.value, everyone: everyone.checked };
    if (method.value === 'computed') cmd.metric = metric.value;
    if (await ctx.run(ctx.ev.command(cmd), `${cmd.name} added.`, $('#awards-flash'))) form.reset();
  });
  return form;
}

function entryLine(ctx, a, e, canEdit) {
  return h('li', { class: 'award-entry' },
    e.photo ? h('a', { href: ctx.ev.photoUrl(e.photo), target: '_blank', rel: 'noopener' },
      h('img', { src: ctx.ev.photoUrl(e.photo), alt: `${e.name}'s entry`, class: 'award-photo', loading: 'lazy' })) : null,
    h('span', {}, h('strong', {}, e.name), e.title ? ` — ${e.title}` : '', ` (${e.faction})`),
    canEdit ? h('button', { class: 'secondary small', onclick: () => ctx.run(ctx.ev.enterAward(a.key, { player: e.id, withdraw: true }), `${e.name}'s entry withdrawn.`, $('#awards-flash')) }, 'Withdraw') : null);
}

// The EO adds an entry (a player without a phone), with a photo taken on the EO's own phone.
function addEntry(ctx, a) {
  const who = h('select', { name: 'player', 'aria-label': `${a.name}: player` });
  options(who, players(ctx).filter((p) => !a.entries.some((e) => e.id === p.id)).map((p) => [p.id, p.name]));
  const title = h('input', { name: 'title', placeholder: 'What it is (optional)', 'aria-label': `${a.name}: entry title` });
  const photo = h('input', { type: 'file', accept: 'image/*', capture: 'environment', 'aria-label': `${a.name}: photo` });
  const form = h('form', { class: 'award-add-entry' }, who, title, photo, h('button', { type: 'submit', class: 'secondary' }, 'Add entry'));
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    const body = { player: who.value, title: title.value.trim() };
    try {
      if (photo.files[0]) body.photo = (await ctx.ev.uploadPhoto(await shrinkPhoto(photo.files[0]))).photo;
    } catch (e) {
      return flash($('#awards-flash'), e, 'error');
    }
    await ctx.run(ctx.ev.enterAward(a.key, body), 'Entry added.', $('#awards-flash'));
  });
  return form;
}

function chooseWinner(ctx, a, among, label) {
  const who = h('select', { name: 'winner', 'aria-label': `${a.name}: winner` });
  options(who, among.map((p) => [p.id, p.name]));
  return h('div', { class: 'award-choose' }, who, h('button', {
    onclick: () => ctx.run(ctx.ev.command({ type: 'decide-award', award: a.key, winner: who.value }), `${a.name} decided (not announced yet).`, $('#awards-flash')),
  }, label));
}

function voteBlock(ctx, a) {
  const b = a.ballot;
  const out = [];
  if (b && b.open) {
    // Best Sport at 128 players: "every participant", and the names still to vote folded away.
    const ballot = a.everyone && b.number === 1 ? `every participant (${b.candidates.length})` : names(b.candidates);
    out.push(h('p', { class: 'award-turnout' }, h('strong', {}, `Vote ${b.number} open: ${b.votes} of ${b.voters} voted`),
      ` · on the ballot: ${ballot}`));
    if (b.waiting && b.waiting.length) {
      out.push(b.waiting.length > 8
        ? h('details', { class: 'small muted' }, h('summary', {}, `${b.waiting.length} not voted yet`), b.waiting.join(', '))
        : h('p', { class: 'small muted' }, `Not voted yet: ${b.waiting.join(', ')}`));
    }
    out.push(h('button', { class: 'award-close', onclick: () => ctx.run(ctx.ev.closeVote(a.key), `Vote ${b.number} for ${a.name} counted.`, $('#awards-flash')) }, 'Close the vote and count'));
    return out;
  }
  if (a.tally) {
    out.push(h('table', { class: 'award-tally' }, h('caption', {}, `Vote ${b.number}: the count (who voted for whom is sealed and cannot be seen)`),
      a.tally.map((t) => h('tr', {}, h('td', {}, t.name), h('td', { class: 'num' }, String(t.votes))))));
  }
  if (a.winners.length) return out;
  if (a.tied && a.tied.length > 1) {
    out.push(h('p', { class: 'warn' }, `A tie between ${names(a.tied)}. SR2017 "Prizes": the EO breaks it by choosing the winner, or by a second blind vote among only the tied entries.`));
    out.push(chooseWinner(ctx, a, a.tied, 'Choose among the tied'));
    out.push(h('button', { class: 'secondary', onclick: () => ctx.run(ctx.ev.command({ type: 'open-vote', award: a.key }), 'Second vote open among the tied entries.', $('#awards-flash')) }, 'Second vote among the tied'));
    return out;
  }
  const entries = a.everyone ? players(ctx).length : a.entries.length;
  out.push(h('button', { class: 'award-open', disabled: entries < 2, onclick: () => ctx.run(ctx.ev.command({ type: 'open-vote', award: a.key }), `Vote open for ${a.name}: players vote on their phones.`, $('#awards-flash')) }, 'Open the vote'));
  if (entries < 2) out.push(h('span', { class: 'small muted' }, ' a vote needs two entries or more'));
  return out;
}

function awardCard(ctx, a) {
  const entriesOpen = !a.everyone && a.method !== 'computed' && !a.ballots && !a.winners.length;
  const body = [];
  if (!a.everyone && a.method !== 'computed') {
    body.push(h('h4', {}, `Entries (${a.entries.length})`));
    body.push(a.entries.length ? h('ul', { class: 'award-entries' }, a.entries.map((e) => entryLine(ctx, a, e, entriesOpen)))
      : h('p', { class: 'small muted' }, 'No entries yet: players enter from their phones (with a photo), or add one here.'));
    if (entriesOpen) body.push(addEntry(ctx, a));
  } else if (a.everyone) {
    body.push(h('p', { class: 'small muted' }, 'Every participant is an entry.'));
  }
  if (a.method === 'vote') body.push(...voteBlock(ctx, a));
  if (a.method === 'choice' && !a.winners.length) {
    const among = a.everyone || !a.entries.length ? players(ctx) : a.entries;
    body.push(chooseWinner(ctx, a, among, 'Choose the winner'));
  }
  if (a.method === 'computed') {
    body.push(a.scores && a.scores.length
      ? h('ol', { class: 'award-scores' }, a.scores.map((s) => h('li', {}, `${s.name} — ${s.value}`)))
      : h('p', { class: 'small muted' }, 'No result counts yet.'));
    if (!a.winners.length && a.tied && a.tied.length === 1)
      body.push(h('button', { onclick: () => ctx.run(ctx.ev.command({ type: 'decide-award', award: a.key }), `${a.name} decided.`, $('#awards-flash')) }, `Award it to ${a.tied[0].name}`));
    if (!a.winners.length && a.tied && a.tied.length > 1) body.push(chooseWinner(ctx, a, a.tied, 'Break the tie'));
  }
  if (a.winners.length) {
    body.push(h('p', { class: 'award-winner' }, 'Winner: ', h('strong', {}, names(a.winners)), ` (${a.decided}) `,
      a.revealed ? h('span', { class: 'badge ok' }, 'announced') : h('span', { class: 'badge' }, 'not announced')));
    body.push(h('button', { class: a.revealed ? 'secondary' : '', onclick: () => ctx.run(ctx.ev.command({ type: 'reveal-awards', award: a.key, revealed: !a.revealed }), a.revealed ? 'Hidden again.' : `${a.name} announced.`, $('#awards-flash')) }, a.revealed ? 'Hide' : 'Announce'));
    if (a.method !== 'vote' || a.decided !== 'vote') {
      if (!a.revealed) body.push(h('span', { class: 'small muted' }, ' (choose again: hide it, then decide)'));
    }
  }
  const removable = !a.ballots && !a.winners.length;
  return h('section', { class: 'card award', dataset: { award: a.key } },
    h('header', { class: 'award-head' },
      h('h3', {}, a.name, a.category ? h('span', { class: 'muted' }, ` · ${a.category}`) : null),
      h('span', { class: 'badge' }, METHODS.find(([k]) => k === a.method)[1]),
      removable ? h('button', { class: 'secondary small', onclick: () => ctx.run(ctx.ev.command({ type: 'define-award', key: a.key, remove: true }), `${a.name} removed.`, $('#awards-flash')) }, 'Remove') : null),
    body);
}

export function init() {}

// What the cards were last drawn from: a live refresh that changes nothing here redraws nothing, so a
// title being typed or a winner being picked is not wiped by someone else's result elsewhere.
let drawn = '';

export async function render(ctx) {
  let data;
  try {
    data = await ctx.ev.awards();
  } catch (e) {
    return flash($('#awards-flash'), e, 'error');
  }
  if (!$('#award-define')) fill($('#awards-define'), defineForm(ctx));
  const key = JSON.stringify([data, players(ctx).map((p) => p.id)]);
  if (key === drawn && $('#awards-list').childElementCount) return undefined;
  drawn = key;
  const waiting = data.awards.filter((a) => a.winners.length && !a.revealed);
  fill($('#awards-list'),
    data.awards.length ? data.awards.map((a) => awardCard(ctx, a)) : h('p', { class: 'muted' }, 'No awards yet. 1st–3rd place come from the final standings; add Best Painted, Best Sport or your own below.'),
    waiting.length > 1 ? h('button', { id: 'awards-reveal-all', onclick: () => ctx.run(ctx.ev.command({ type: 'reveal-awards' }), 'Every decided award announced.', $('#awards-flash')) }, `Announce all ${waiting.length} decided awards`) : null);
  return undefined;
}
