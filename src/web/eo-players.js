// EO console, Registration tab: add/edit players (PIN shown on add), CSV import, check-in, drops,
// late entries, army lists with the engine's point-window validation.
import { $, h, fill, flash, inFlight } from './dom.js';
import { openDialog } from './eo-dialog.js';
import { pairingOptions } from './eo-round.js';

let editing = null;   // player id whose row is in edit mode
let listFor = null;   // player id whose lists are open
let listNote = null;  // the open editor's note (#list-flash)
const drafts = {};    // "p3:1" -> what the EO typed in list 1 of p3 and has not saved yet

const players = (ctx) => (ctx.data.admin && ctx.data.admin.players) || ctx.data.summary.players || [];
const started = (ctx) => Boolean(ctx.data.summary.current_round);
const statusBadge = { registered: '', 'checked-in': 'ok', dropped: 'bad', disqualified: 'bad' };

// RFC 4180-ish: quoted fields, doubled quotes, commas and newlines inside quotes.
export function parseCsv(text) {
  const rows = [];
  let row = [], field = '', quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(field); field = ''; } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if (field !== '' || row.length) { row.push(field); rows.push(row); }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

function addedText(ctx, reply, name) {
  const p = reply.command && reply.command.player;
  const late = started(ctx) && p && p.joined_round > 1 ? ` — late entry, joins round ${p.joined_round}` : '';
  return `Added ${name}${p ? ` as ${p.id}` : ''}: PIN ${reply.pin ?? '?'}${late}`;
}

// One request for the whole file (POST …/players/import): every row is registered or none is; a
// refusal names the row. The server needs the header row; without one, name,faction,club,contact is
// assumed and the server's row numbers are turned back into the lines of the text.
async function importCsv(ctx) {
  const text = $('#csv-text').value;
  const rows = parseCsv(text);
  if (!rows.length) return flash($('#csv-flash'), 'Nothing to import.', 'warn');
  const head = rows[0].map((c) => c.trim().toLowerCase().replace(/^\ufeff/, ''));
  const headed = head.some((c) => c === 'name' || c === 'player') && head.some((c) => c === 'faction' || c === 'army');
  const csv = headed ? text : `name,faction,club,contact\n${text}`;
  const button = $('#csv-import');
  button.disabled = true;
  csvRows(null);
  try {
    const reply = await ctx.ev.importPlayers(csv);
    const lines = reply.players.map((p) => `Added ${p.name} as ${p.id}: PIN ${p.pin}`);
    flash($('#csv-flash'), `${reply.players.length} imported (every row).\n${lines.join('\n')}`, 'ok');
    $('#csv-text').value = '';  // imported: a second click must not register them twice
    ctx.refresh();
  } catch (e) {
    if (e.status === 401) return ctx.refresh();
    // Row numbers are the lines of the text: the header is row 1 (without a header the server's
    // numbers, which count the header it was given, are one more than the text's).
    const shift = headed ? 0 : 1;
    const message = e.message.replace(/\brow (\d+)/g, (m, n) => `row ${Number(n) - shift}`);
    const bad = /\brow (\d+)/.exec(e.field || e.message);
    // The text stays in the box to be fixed; only the refused row is marked.
    flash($('#csv-flash'), `Nothing imported (every row or none): ${message}`, 'warn');
    csvRows(text, bad ? Number(bad[1]) - shift : null, message);
  } finally {
    button.disabled = false;
  }
}

// The rows of a refused import, the refused one marked with the server's reason; null clears.
function csvRows(text, badRow, message) {
  let box = $('#csv-rows');
  if (!box) {
    box = h('ol', { id: 'csv-rows', class: 'csv-rows', 'aria-live': 'polite' });
    $('#csv-flash').after(box);
  }
  box.hidden = text === null;
  if (text === null) return fill(box);
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  while (lines.length && !lines[lines.length - 1].trim()) lines.pop();
  fill(box, lines.map((line, i) => (i + 1 === badRow
    ? h('li', { value: i + 1, class: 'bad', id: 'csv-bad-row' }, h('code', {}, line), h('div', { class: 'small' }, message))
    : h('li', { value: i + 1 }, h('code', {}, line)))));
  if (badRow === null) box.prepend(h('li', { class: 'bad', id: 'csv-bad-row' }, message));
}

export function init(ctx) {
  $('#add-form').addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    const f = e.target;
    const player = { name: f.name.value.trim(), faction: f.faction.value.trim() };
    if (f.club.value.trim()) player.club = f.club.value.trim();
    if (f.contact.value.trim()) player.contact = f.contact.value.trim();
    if (f.checkin.checked) player.status = 'checked-in';
    try {
      const reply = await ctx.ev.command({ type: 'add-player', player });
      f.reset();  // ready for the next player at once
      f.name.focus();
      flash($('#add-flash'), addedText(ctx, reply, player.name), 'ok');
      ctx.refresh();
    } catch (err) {
      flash($('#add-flash'), err, 'error');
    }
  }));
  $('#checkin-all').addEventListener('click', inFlight(async () => {
    let done = 0;
    for (const p of players(ctx).filter((x) => x.status === 'registered')) {
      try {
        await ctx.ev.command({ type: 'set-player-status', id: p.id, status: 'checked-in' });
        done += 1;
      } catch (e) {
        flash($('#flash'), `${p.name}: ${e.message}`, 'error');
        ctx.refresh();
        return;
      }
    }
    flash($('#flash'), `Checked in ${done} player(s).`, 'ok');
    ctx.refresh();
  }));
  $('#csv-file').addEventListener('change', async (e) => {
    const file = e.target.files[0];
    if (file) $('#csv-text').value = await file.text();
  });
  $('#csv-import').addEventListener('click', () => importCsv(ctx));
}

function editRow(ctx, p) {
  // The server's lengths (core/names.hpp): a name at most 40 characters.
  const input = (name, value) => h('input', { name, value: value || '', 'aria-label': name, ...(name === 'name' ? { maxlength: 40 } : {}) });
  const row = h('tr', { class: 'editing', dataset: { player: p.id } },
    h('td', {}, p.id), h('td', {}, input('name', p.name)), h('td', {}, input('faction', p.faction)),
    h('td', { class: 'hide-narrow' }, input('club', p.club)),
    h('td', { colspan: 2 }, input('contact', p.contact)),
    h('td', {}, h('button', { class: 'small', onclick: save }, 'Save'), ' ',
      h('button', { class: 'small secondary', onclick: () => { editing = null; render(ctx); } }, 'Cancel')));
  async function save() {
    const val = (n) => row.querySelector(`[name=${n}]`).value.trim();
    const cmd = { type: 'edit-player', id: p.id };
    for (const k of ['name', 'faction', 'club', 'contact']) if (val(k) !== (p[k] || '')) cmd[k] = val(k);
    editing = null;
    await ctx.run(ctx.ev.command(cmd), `Saved ${val('name')}.`);
  }
  row.addEventListener('keydown', (e) => e.key === 'Enter' && save());
  return row;
}

// The open round's table where `id` still has a game to play (no result yet), or null.
function owedTable(ctx, id) {
  const pr = ctx.data.pairings;
  const cur = ctx.data.summary.current_round;
  if (!pr || pr.closed || !cur || cur.closed || pr.round !== cur.number) return null;
  return (pr.tables || []).find((t) => !t.result && t.players.some((x) => x.id === id)) || null;
}

// The three answers to "what happens to their game?" (amend of POST …/drop), with a line each.
const AMENDS = [
  { value: 'none', label: (t) => `Drops after this round — still owes the game at table ${t.table}`,
    hint: () => 'The pairings stay; record that game (a concession, for instance) before closing the round.' },
  { value: 'orphan-bye', label: (t, opp) => `Opponent gets the bye${opp ? ` (${opp.name})` : ''}`,
    hint: (t) => `The player leaves before playing: table ${t.table} goes and their opponent gets this round's bye.` },
  { value: 'repair', label: () => 'Re-pair the open tables',
    hint: () => 'Only the tables the rules need change (the opponent against the bye, say); the rest, fixed tables and locked pairs stay, with this round\'s pairing options.' },
];

// Dropping a player who sits at a table without a result in the open round: the EO chooses what
// happens to that game, reads the server's preview (nothing is written), then confirms. A plain drop
// (not in the open round, or their game already has a result) stays one confirm.
function drop(ctx, p, status) {
  const t = owedTable(ctx, p.id);
  if (!t) {
    if (confirm(`Drop ${p.name}?`)) status('dropped');
    return;
  }
  const opp = t.players.find((x) => x.id !== p.id);
  const preview = h('div', { id: 'drop-preview', class: 'drop-preview', 'aria-live': 'polite' });
  let amend = 'none', asked = 0;
  const show = async (d) => {
    const mine = ++asked;
    d.setReady(false);
    fill(preview, h('p', { class: 'small muted' }, 'Asking the server what would happen…'));
    try {
      const plan = await ctx.ev.drop(p.id, amend, { preview: true, options: pairingOptions(ctx) });
      if (mine !== asked) return;
      fill(preview, planView(ctx, plan));
      d.setReady(true);
    } catch (e) {
      if (mine !== asked) return;
      fill(preview, h('p', { class: 'flash error' }, e.message));
    }
  };
  const choices = h('fieldset', { class: 'choices', id: 'drop-choices' }, h('legend', {}, `${p.name} is paired at table ${t.table} of round ${ctx.data.pairings.round} without a result`),
    AMENDS.map(({ value, label, hint }) => {
      const input = h('input', { type: 'radio', name: 'amend', value, checked: value === amend });
      input.addEventListener('change', () => { amend = value; show(d); });
      return h('label', { class: 'choice', dataset: { amend: value } }, input,
        h('span', {}, h('strong', {}, label(t, opp)), h('span', { class: 'small muted' }, hint(t))));
    }));
  const d = openDialog({
    kind: 'drop', title: `Drop ${p.name}?`, confirmText: 'Confirm drop', content: [choices, preview],
    onConfirm: async () => {
      const r = await ctx.ev.drop(p.id, amend, { options: pairingOptions(ctx) });
      flash($('#flash'), `${p.name} dropped. ${(r.explain || []).join(' · ')}`, 'ok');
      await ctx.refresh();
    },
  });
  show(d);
}

// The server's preview of a drop: what happens, the rules the amended round cannot avoid, its tables.
function planView(ctx, plan) {
  const name = (id) => ((ctx.data.summary.players || []).find((x) => x.id === id) || { name: id }).name;
  const pr = plan.pairing;
  // The tables a re-pair changes, marked in the list below ("table 5: …").
  const moved = new Set((plan.moved || []).map((x) => Number((/^table (\d+):/.exec(x) || [])[1])).filter(Boolean));
  return [
    h('h3', {}, 'What happens'),
    h('ul', { class: 'explain', id: 'drop-explain' }, (plan.explain || []).map((x) => h('li', {}, x))),
    plan.warnings && plan.warnings.length ? h('ul', { class: 'warnings', id: 'drop-warnings' }, plan.warnings.map((w) => h('li', {}, w))) : null,
    plan.moved && plan.moved.length ? [h('h3', {}, 'What moves'),
      h('ul', { class: 'explain', id: 'drop-moved' }, plan.moved.map((x) => h('li', {}, x)))] : null,
    pr ? [h('h3', {}, `Round ${pr.round} after the drop`),
      h('ul', { class: 'pairing-list', id: 'drop-tables' },
        pr.tables.map((x) => h('li', { class: moved.has(x.table) ? 'moved' : null, dataset: { table: x.table } }, h('span', { class: 'tno' }, x.table),
          h('span', {}, name(x.players[0]), h('span', { class: 'vs' }, 'vs'), name(x.players[1])))),
        pr.bye ? h('li', { dataset: { table: 'bye' } }, h('span', { class: 'tno' }, 'bye'), h('span', {}, name(pr.bye))) : null)] : null,
  ];
}

function playerRow(ctx, p) {
  if (editing === p.id) return editRow(ctx, p);
  const status = (s) => ctx.run(ctx.ev.command({ type: 'set-player-status', id: p.id, status: s }), `${p.name}: ${s}`);
  const lists = p.lists ? p.lists.length : null;
  return h('tr', { dataset: { player: p.id } },
    h('td', { class: 'muted' }, p.id),
    h('td', { class: 'name' }, p.name, p.joined_round > 1 ? h('span', { class: 'badge warn' }, ` from round ${p.joined_round}`) : null),
    h('td', {}, p.faction), h('td', { class: 'hide-narrow' }, p.club || ''),
    h('td', {}, h('span', { class: `badge ${statusBadge[p.status] || ''}` }, p.status)),
    h('td', {}, h('button', { class: 'small secondary', onclick: () => { listFor = p.id; render(ctx); } }, lists === null ? 'lists' : `${lists} list(s)`),
      p.review && p.review.approved ? h('span', { class: 'badge ok', title: 'Approved by the EO' }, ' ✓') : null,
      p.character_clashes && p.character_clashes.length && !(p.review && p.review.approved) && ctx.data.summary.characters_restricted
        ? h('span', { class: 'badge warn', title: 'The same name in two lists: a character (FA C)?' }, ' FA C?') : null),
    h('td', { class: 'no-print' },
      p.status === 'registered' ? h('button', { class: 'small', onclick: () => status('checked-in') }, 'Check in') : null, ' ',
      p.status !== 'dropped' && p.status !== 'disqualified'
        ? h('button', { class: 'small secondary', name: 'drop', onclick: () => drop(ctx, p, status) }, 'Drop') : null, ' ',
      h('button', { class: 'small secondary', onclick: () => { editing = p.id; render(ctx); } }, 'Edit')));
}

const KINDS = ['leader', 'warjack', 'warbeast', 'unit', 'solo', 'battle-engine', 'attachment', 'other'];

// One list as text: "Name, cost, kind[, models]" per line; a leader's cost is its battlegroup points.
// SR2014 "Specialists" / "Reinforcements" sections follow a line "Specialists:" / "Reinforcements:".
const SECTIONS = { 'specialists:': 'specialists', 'reinforcements:': 'reinforcements' };
function listText(list) {
  const lines = (entries) => (entries || []).map((e) => [e.name, e.cost, e.kind, e.models > 1 ? e.models : null].filter((x) => x !== null).join(', '));
  if (!list) return '';
  return [...lines(list.entries),
    ...(list.specialists && list.specialists.length ? ['Specialists:', ...lines(list.specialists)] : []),
    ...(list.reinforcements && list.reinforcements.length ? ['Reinforcements:', ...lines(list.reinforcements)] : [])].join('\n');
}

// {entries, specialists?, reinforcements?} from the text above.
function parseList(text) {
  const list = { entries: [] };
  let into = list.entries;
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const section = SECTIONS[line.trim().toLowerCase()];
    if (section) {
      into = list[section] = [];
      continue;
    }
    const parts = line.split(',').map((x) => x.trim());
    const entry = { name: parts[0], cost: Number(parts[1] || 0), kind: parts[2] || 'other' };
    if (parts[3]) entry.models = Number(parts[3]);
    into.push(entry);
  }
  return list;
}

// Text as an army builder exports it (War Room, Conflict Chamber) or the JSON: the server imports it
// (POST …/lists/import) instead of the one-entry-a-line form.
const exported = (text) => /^\s*(War Room Army|\{)/.test(text) || /^\s*.+ Army\s*-\s*\d+\s*\/\s*\d+\s*pts/im.test(text) || /\[\+\d+\]\s*$/m.test(text);

function listEditor(ctx) {
  const p = players(ctx).find((x) => x.id === listFor);
  if (!p) return null;
  const pts = ctx.data.summary.points;
  // The edition's window (SR2017 "Army Lists": not over the point size, at most 4 under), read when the
  // total is shown: GET /api/editions may answer after the editor opened. The engine checks anyway.
  const windowText = () => {
    const ed = ctx.edition();
    if (!ed || !ed.lists_window) return `the edition's list window is checked on save (not over ${pts})`;
    return `the list must total ${pts - ed.lists_window.max_under}–${pts} points (${ed.id}: not over ${pts}, at most ${ed.lists_window.max_under} under; battlegroup points excluded)`;
  };
  const count = Math.max((ctx.data.admin && ctx.data.admin.config && ctx.data.admin.config.lists) || ctx.data.summary.lists || 1, 1);
  // One note per player's editor, kept when the editor is drawn again after a save: it says the save.
  if (!listNote || listNote.dataset.player !== p.id) listNote = h('div', { class: 'flash', hidden: true, id: 'list-flash', dataset: { player: p.id } });
  const note = listNote;
  // The server's one rule (lists_open): open until the player's first round is paired (a late
  // entry's too); locked lists are shown, not offered for a save the engine would refuse.
  const locked = p.lists_open === false;
  const boxes = [];
  for (let i = 1; i <= count; i++) {
    const draft = `${p.id}:${i}`;
    const area = h('textarea', { name: `list${i}`, readonly: locked, placeholder: 'Kaelyssa, 7, leader\nPhoenix, 19, warjack\nHouseguard Halberdiers, 14, unit, 10' });
    area.value = drafts[draft] ?? listText(p.lists && p.lists[i - 1]);
    area.addEventListener('input', () => { drafts[draft] = area.value; });
    const total = h('span', { class: 'small muted' });
    const sum = () => {
      if (exported(area.value)) return (total.textContent = `an exported list: the server reads it on save — ${windowText()}`);
      const entries = parseList(area.value).entries;
      const leader = entries.find((e) => KINDS[0] === e.kind || /^(warcaster|warlock|caster)$/i.test(e.kind));
      const net = entries.reduce((a, e) => a + (e === leader ? 0 : e.cost), 0) - (leader ? leader.cost : 0);
      total.textContent = `net ${net} points — ${windowText()}`;
    };
    area.addEventListener('input', sum);
    sum();
    // A save that went through leaves no draft: the editor shows the list as the server keeps it.
    const saved = (reply) => { if (reply) delete drafts[draft]; return reply; };
    boxes.push(h('div', { class: 'stack' }, h('strong', {}, `List ${i} `), total, area,
      locked ? null : h('div', { class: 'row' },
        h('button', { class: 'small', name: 'save-list', onclick: async () => saved(await ctx.run(exported(area.value)
          ? ctx.ev.importList({ player: p.id, index: i, text: area.value })
          : ctx.ev.command({ type: 'set-list', id: p.id, index: i, list: parseList(area.value) }), `List ${i} of ${p.name} saved.`, note)) }, `Save list ${i}`),
        p.lists && p.lists[i - 1] ? h('button', { class: 'small secondary', name: 'remove-list', onclick: async () => saved(await ctx.run(ctx.ev.command({ type: 'remove-list', id: p.id, index: i }), `List ${i} removed.`, note)) }, 'Remove') : null)));
  }
  return h('section', { class: 'card', id: 'lists' }, h('h3', {}, `Lists of ${p.name}`),
    locked ? h('p', { class: 'flash warn', id: 'lists-locked' }, `The lists are locked: ${p.joined_round > 1 ? `round ${p.joined_round}, ${p.name}'s first,` : 'round 1'} is paired (${ctx.data.summary.edition} "Army Lists": lists cannot change between rounds).`) : null,
    locked ? null : h('p', { class: 'small muted' }, `One model or unit per line: name, cost, kind (${KINDS.join('/')}), models. A leader's cost is its battlegroup points. SR2014 Specialists or Reinforcements follow a line "Specialists:" or "Reinforcements:". Or paste the list as War Room or Conflict Chamber exports it: the server reads it line by line.`),
    boxes, p.lists && p.lists.length ? review(ctx, p, note) : null, note,
    h('button', { class: 'small secondary', onclick: () => { listFor = null; render(ctx); } }, 'Close'));
}

// Issue 13 point 2: the EO approves what the program cannot check (Field Allowance, theme rules),
// and marks each name in two lists that is no character (FA C); the review is journaled.
function review(ctx, p, note) {
  const restricted = ctx.data.summary.characters_restricted;
  const marked = new Set((p.review && p.review.not_characters) || []);
  // A box to tick only where Character Restrictions asks: without it a name in two lists is allowed,
  // and only said.
  const boxes = restricted ? (p.character_clashes || []).map((k) => h('label', { class: 'inline small' },
    h('input', { type: 'checkbox', name: 'not-character', value: k.name, checked: marked.has(k.name) }),
    ` ${k.name} (lists ${k.lists.join(' and ')}) is no character`)) : [];
  const shared = restricted ? [] : (p.character_clashes || []).map((k) => `${k.name} (lists ${k.lists.join(' and ')})`);
  const why = h('input', { name: 'review-note', placeholder: 'Note (kept in the journal), e.g. FA checked', value: (p.review && p.review.note) || '' });
  const send = (approved) => async () => {
    const names = boxes.map((b) => b.querySelector('input')).filter((i) => i.checked).map((i) => i.value);
    const ok = await ctx.run(ctx.ev.command({ type: 'review-lists', id: p.id, approved, not_characters: names, note: why.value }),
      `Lists of ${p.name} ${approved ? 'approved' : 'marked not approved'}.`, note);
    if (ok) { $('#list-editor').dataset.player = ''; render(ctx); }
    // The server's findings on an approval (a player short of the lists the event asks for): said
    // where the EO looks, after the editor is drawn again. The approval stands.
    const said = ok && ok.findings ? ok.findings.map((f) => f.text) : [];
    if (said.length) flash($('#flash'), `Lists of ${p.name} approved. ${said.join(' ')}`, 'warn');
  };
  const state = p.review ? (p.review.approved ? 'Approved by the EO.' : 'Reviewed, not approved.') : 'Not reviewed yet.';
  return h('div', { class: 'stack', id: 'list-review' }, h('h4', {}, 'Review'), h('p', { class: 'small', id: 'review-state' }, state),
    boxes.length ? h('p', { class: 'small muted' }, `In more than one list: ${ctx.data.summary.edition} allows a character (FA C) in one list only. Tick each name that is no character; a character must leave a list before the lists are approved.`) : null,
    shared.length ? h('p', { class: 'small muted', id: 'shared-names' }, `In more than one list (allowed: this event does not use Character Restrictions): ${shared.join(', ')}.`) : null,
    boxes, why,
    h('div', { class: 'row' }, h('button', { class: 'small', id: 'approve-lists', onclick: send(true) }, 'Approve lists'),
      p.review && p.review.approved ? h('button', { class: 'small secondary', onclick: send(false) }, 'Withdraw approval') : null));
}

// Issue 13 point 2: once the lists lock (round 1 paired), the EO may show them to everyone.
function publishButton(ctx) {
  const s = ctx.data.summary;
  if (!s.current_round) return null;
  const on = s.lists_published;
  return h('button', { class: 'secondary small', id: 'publish-lists',
    onclick: () => ctx.run(ctx.ev.command({ type: 'publish-lists', published: !on }), on ? 'Lists hidden from the public.' : 'Lists published: anyone can read them.') },
  on ? 'Hide the lists' : 'Publish the lists');
}

export function render(ctx) {
  const ps = players(ctx);
  const ed = ctx.edition();
  // The edition's factions and the event's added ones; free text still goes (the engine knows
  // words and abbreviations: "Menoth", "Mercs").
  const added = (ctx.data.admin && ctx.data.admin.config && ctx.data.admin.config.factions) || [];
  if (ed) fill($('#factions'), [...(ed.factions || []), ...added].map((f) => h('option', { value: f })));
  fill($('#lists-publish'), publishButton(ctx));
  $('#player-count').textContent = `${ps.filter((p) => p.status !== 'dropped').length} active · ${ps.filter((p) => p.status === 'checked-in').length} checked in`;
  const keep = editing && $('#players-table tr.editing');  // what the EO is typing survives a live refresh
  fill($('#players-table tbody'), ps.map((p) => (keep && p.id === editing && keep.dataset.player === p.id ? keep : playerRow(ctx, p))));
  // Keep an open list editor (and what is typed in it) across live refreshes.
  // Drawn again when what it shows changes (a save, an approval, the lock): Approve appears with the
  // first list, Save and Remove go when the lists lock; typed text is kept (drafts).
  const open = $('#list-editor').dataset.player;
  const shown = listFor ? editorKey(ctx, ps.find((x) => x.id === listFor)) : '';
  if (open !== (listFor || '') || !listFor || $('#list-editor').dataset.key !== shown) {
    fill($('#list-editor'), listFor ? listEditor(ctx) : null);
    $('#list-editor').dataset.player = listFor || '';
    $('#list-editor').dataset.key = shown;
  }
}

// What the list editor shows of a player besides the text being typed.
const editorKey = (ctx, p) => JSON.stringify(p ? [p.lists, p.review, p.character_clashes, p.lists_open, ctx.data.summary.characters_restricted, Boolean(ctx.data.summary.current_round)] : null);
