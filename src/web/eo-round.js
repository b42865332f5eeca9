// EO console, Rounds tab: propose a pairing (explanations, rule warnings), swap players by
// click or drag-and-drop, publish; the result grid (Tab through winner/CP/AP/victory, Enter saves);
// missing results; disputes; close the round.
import { $, h, fill, flash } from './dom.js';
import { loadScenario, scenarioBox, scenarioForPublish } from './eo-scenario.js';
import { resultText, concessionText, listsText, listCount, listRule, listSelect, standingsTable, victoriesFor } from './render.js';
import { openDialog } from './eo-dialog.js';
import { wizard } from './wizard.js';
import { apCalc } from './ap-calc.js';

let draft = null;     // {round, tables:[{table, players:[a,b]}], bye, explain, warnings, findings, edited, reason, refused}
let shown = null;     // the draft the proposal card shows (a live refresh leaves it, and a reason being typed, alone)
let selected = null;  // slot picked for a swap: {t: table index | 'bye', i: 0|1}
let showMissingOnly = false;
let viewRound = null;     // a past round the EO looks at (null: the latest), and its pairings
let pastPairings = null;

const nameOf = (ctx, pid) => ((ctx.data.summary.players || []).find((p) => p.id === pid) || { name: pid }).name;
const pid = (x) => (x && typeof x === 'object' ? x.id : x);

// A report as [{outcome, cp, ap, list}, {…}] in table order, from either the per-side arrays of the
// server's views ({"outcome":[a,b],"cp":[a,b],"ap":[a,b],"list":[a,b]}) or the journal's "results".
export function reportResults(r) {
  if (r.results) return r.results;
  return [0, 1].map((i) => ({ outcome: r.outcome[i], cp: r.cp[i], ap: r.ap[i], list: (r.list || [])[i] ?? null,
    destroyed: (r.destroyed || [])[i] || [] }));
}

// Pending player reports from the admin view: [{round, table, reporter, results, victory, disputed, note}].
function pendingReports(ctx) {
  const a = ctx.data.admin || {};
  const list = a.pending_reports || a.reports || [];
  return list.map((r) => {
    const flat = { ...r, ...(r.report || {}) };
    return { ...flat, results: reportResults(flat) };
  });
}

const slotGet = (s) => (s.t === 'bye' ? draft.bye : draft.tables[s.t].players[s.i]);
function slotSet(s, v) {
  if (s.t === 'bye') draft.bye = v;
  else draft.tables[s.t].players[s.i] = v;
}

async function swap(ctx, a, b) {
  const va = slotGet(a), vb = slotGet(b);
  slotSet(a, vb);
  slotSet(b, va);
  selected = null;
  // The journal keeps why the pairing is what it is, the EO's edits included.
  // The pairer's reasons for the pairs the swap broke up no longer hold: they go.
  const gone = (line) => !line.startsWith('EO edit') && [va, vb].some((pid) => pid && line.includes(`(${pid})`));
  draft.explain = [...(draft.explain || []).filter((line) => !gone(line)), `EO edit: swapped ${nameOf(ctx, va)} (${va}) and ${nameOf(ctx, vb)} (${vb})`];
  draft.edited = true;
  draft.refused = null;
  try {
    // With the options the proposal was made with: a club clash warns only where they avoid clubs.
    const { warnings, findings } = await ctx.ev.check(draft.tables, draft.bye || undefined, draft.options);
    draft.warnings = warnings;
    draft.findings = findings || [];
  } catch (e) {
    draft.warnings = [e.message];
  }
  renderProposal(ctx);
}

// Hard rules an EO may break on purpose, with a reason (docs/api.md, "Publishing a round"). The others
// (a player missing or twice, an odd bye) no override can publish.
const OVERRIDABLE = new Set(['rematch', 'second-pair-down', 'second-bye']);
const broken = () => (draft.edited ? (draft.findings || []).filter((f) => f.hard && OVERRIDABLE.has(f.rule)) : []);
// Findings that break no rule but the EO should see before publishing: a finals game a fixed table
// moved off its finals table (SR2017 "Finals Tables"), a player paired short of the lists the event
// asks for. Shown apart from the rule warnings.
const NOTICES = new Set(['finals-table-moved', 'lists-missing']);
const notices = () => (draft.findings || []).filter((f) => NOTICES.has(f.rule));
const ruleWarnings = () => {
  const apart = new Set(notices().map((f) => f.text));
  return (draft.warnings || []).filter((w) => !apart.has(w));
};

// Rules broken by the EO's edit: listed, and publishing needs a reason the journal keeps.
function overrideBox(publishButton) {
  const rules = broken();
  if (!rules.length) return null;
  const reason = h('textarea', { id: 'override-reason', name: 'reason', required: true, maxlength: 500, rows: 2,
    placeholder: 'e.g. brothers who travelled together asked to play each other' });
  reason.value = draft.reason || '';
  const sync = () => { draft.reason = reason.value; publishButton.disabled = !reason.value.trim(); };
  reason.addEventListener('input', sync);
  sync();
  return h('div', { class: 'override', id: 'override' },
    h('h3', {}, 'Rules broken by this pairing'),
    h('ul', { class: 'warnings', id: 'broken' }, rules.map((f) => h('li', { dataset: { rule: f.rule } }, f.text))),
    draft.refused ? h('p', { class: 'flash error', id: 'refused' }, draft.refused) : null,
    h('label', { for: 'override-reason' }, 'Reason (kept in the journal)'), reason,
    h('p', { class: 'small muted' }, 'The server publishes these tables only with a reason; the journal keeps it with the rules broken.'));
}

function chip(ctx, slot) {
  const id = slotGet(slot);
  const el = h('span', { class: `chip${selected && selected.t === slot.t && selected.i === slot.i ? ' selected' : ''}`,
    draggable: 'true', tabindex: 0, role: 'button', dataset: { player: id } }, nameOf(ctx, id));
  const pick = () => {
    if (!selected) { selected = slot; renderProposal(ctx); } else if (selected.t === slot.t && selected.i === slot.i) { selected = null; renderProposal(ctx); } else swap(ctx, selected, slot);
  };
  el.addEventListener('click', pick);
  el.addEventListener('keydown', (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), pick()));
  el.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', JSON.stringify(slot)));
  el.addEventListener('dragover', (e) => { e.preventDefault(); el.classList.add('drop'); });
  el.addEventListener('dragleave', () => el.classList.remove('drop'));
  el.addEventListener('drop', (e) => {
    e.preventDefault();
    const from = JSON.parse(e.dataTransfer.getData('text/plain'));
    if (from.t !== slot.t || from.i !== slot.i) swap(ctx, from, slot);
  });
  return el;
}

// Check-in decides round 1 (issue 10 point 1): who the proposal leaves out (round 1) or pairs without a
// check-in (later rounds), each with Check in and Drop; the pairing is proposed again after either.
function absentBox(ctx) {
  const out = draft.left_out || [], unchecked = draft.not_checked_in || [];
  if (!out.length && !unchecked.length) return null;
  const act = async (id, status, text) => {
    if (await ctx.run(ctx.ev.command({ type: 'set-player-status', id, status }), text)) await propose(ctx);
  };
  const row = (id) => h('li', { dataset: { player: id } }, h('span', { class: 'name' }, nameOf(ctx, id)),
    h('span', { class: 'row' },
      h('button', { class: 'small', name: 'checkin', onclick: () => act(id, 'checked-in', `${nameOf(ctx, id)} checked in.`) }, 'Check in'),
      h('button', { class: 'small secondary', name: 'drop', onclick: () => act(id, 'dropped', `${nameOf(ctx, id)} dropped.`) }, 'Drop')));
  return h('div', { class: 'absent', id: 'left-out' },
    out.length ? [h('h3', {}, `Left out of round ${draft.round}: not checked in (${out.length})`),
      h('p', { class: 'small muted' }, 'Round 1 pairs the checked-in players. Whoever is still only registered when it is published joins round 2 with 0 TP.'),
      h('ul', { class: 'absent-list' }, out.map(row))] : null,
    unchecked.length ? [h('h3', {}, `Paired but never checked in (${unchecked.length})`),
      h('p', { class: 'small muted' }, 'Drop them if they are not here.'),
      h('ul', { class: 'absent-list' }, unchecked.map(row))] : null);
}

// A live refresh may bring the names of players registered just before the proposal: redraw the
// left-out list (it holds nothing typed) without touching the rest of the proposal.
function refreshAbsent(ctx) {
  const box = $('#left-out');
  const fresh = absentBox(ctx);
  if (box && fresh) box.replaceWith(fresh);
}

function renderProposal(ctx) {
  const card = $('#proposal');
  card.hidden = !draft;
  // No draft: nothing of the last one stays in the page (hidden chips and a Publish button could
  // still be found and clicked, by a script or a test, while the next proposal is on its way).
  if (!draft) return fill(card);
  shown = draft;
  const overriding = broken().length > 0;
  const publish = async () => {
    const cmd = { type: 'pair-round', round: draft.round, tables: draft.tables.map((t) => ({ table: t.table, players: t.players })), explain: draft.explain || [],
      pairing_options: draft.options || {} };
    const scenario = scenarioForPublish(draft);
    if (scenario.error) return flash($('#flash'), scenario.error, 'error');
    if (scenario.key) cmd.scenario = scenario.key;
    if (draft.bye) cmd.bye = draft.bye;
    if (overriding) {
      const reason = (draft.reason || '').trim();
      if (!reason) return flash($('#flash'), 'Publishing a pairing that breaks a rule needs a reason.', 'error');
      cmd.override = { reason };
    }
    const mine = draft;
    // Refused because the tables break a hard rule (409 with findings): list them and ask for a reason.
    const refused = (e) => {
      if (!(e.findings && e.findings.some((f) => f.hard && OVERRIDABLE.has(f.rule))) || draft !== mine) return false;
      Object.assign(draft, { edited: true, findings: e.findings, warnings: e.findings.map((f) => f.text), refused: e.message });
      renderProposal(ctx);
      const box = $('#override-reason');
      if (box) box.focus();
      return true;
    };
    const ok = await ctx.run(ctx.ev.command(cmd), `Round ${draft.round} published${overriding ? ' with an override' : ''}.`, $('#flash'), refused);
    if (ok) { draft = null; renderProposal(ctx); }
  };
  const publishButton = h('button', { id: 'publish', onclick: publish }, overriding ? 'Publish anyway' : `Publish round ${draft.round}`);
  fill(card, h('h2', {}, `Proposed pairings — round ${draft.round}`),
    h('p', { class: 'small muted' }, 'Click two players (or drag one onto another) to swap them. Nothing is public until you publish.'),
    scenarioBox(ctx, draft, () => renderProposal(ctx)),
    h('ul', { class: 'pairing-list', id: 'draft' }, draft.tables.map((t, ti) => h('li', { dataset: { table: t.table } },
      h('span', { class: 'tno' }, t.table), h('span', {}, chip(ctx, { t: ti, i: 0 }), h('span', { class: 'vs' }, 'vs'), chip(ctx, { t: ti, i: 1 })))),
      draft.bye ? h('li', {}, h('span', { class: 'tno' }, 'bye'), h('span', {}, chip(ctx, { t: 'bye', i: 0 }))) : null),
    ruleWarnings().length
      ? [h('h3', {}, 'Rule warnings'), h('ul', { class: 'warnings', id: 'warnings' }, ruleWarnings().map((w) => h('li', {}, w)))]
      : h('p', { class: 'badge ok', id: 'warnings' }, 'No rule is broken.'),
    notices().length
      ? [h('h3', {}, 'Before publishing'), h('ul', { class: 'warnings', id: 'notices' }, notices().map((f) => h('li', { dataset: { rule: f.rule } }, f.text)))]
      : null,
    absentBox(ctx),
    draft.explain && draft.explain.length
      ? h('details', { open: true }, h('summary', {}, 'Why these pairings'), h('ul', { class: 'explain', id: 'explain' }, draft.explain.map((x) => h('li', {}, x)))) : null,
    overrideBox(publishButton),
    h('div', { class: 'row' }, publishButton,
      h('button', { class: 'secondary', title: 'The pairer\'s proposal again, without your edits', onclick: () => propose(ctx, draft.draw || 1) }, 'Propose again'),
      h('button', { class: 'secondary', id: 'redraw', title: 'Another random draw where the rules leave the choice to chance; journaled with the round',
        onclick: () => propose(ctx, (draft.draw || 1) + 1) }, `Draw again (draw ${(draft.draw || 1) + 1})`),
      h('button', { class: 'secondary', onclick: () => { draft = null; renderProposal(ctx); } }, 'Discard')));
}

// The CLI's pairing options (issue 10 point 14), remembered per event in this browser. The server
// checks them (same rules as `gauntlet round pair --avoid-club … --lock`).
const OPTION_FLAGS = [['avoid_club', 'Avoid same club'], ['avoid_faction', 'Avoid same faction'],
  ['avoid_all_rounds', 'Avoid them in every round (not only round 1)'], ['fresh_tables', 'Fresh tables (nobody at a table number twice)']];
const optionsKey = (ctx) => `gauntlet.pairing-options.${ctx.id}`;
export function pairingOptions(ctx) {
  const none = { avoid_club: false, avoid_faction: false, avoid_all_rounds: false, fresh_tables: false, fixed_tables: [], locks: [] };
  try {
    return { ...none, ...JSON.parse(localStorage.getItem(optionsKey(ctx)) || '{}') };
  } catch {
    return none;
  }
}
let optionsEl = null;  // kept across live refreshes, so a half-made choice survives them
const playersKey = (ctx) => JSON.stringify((ctx.data.summary.players || []).filter((p) => p.status !== 'dropped').map((p) => [p.id, p.name]));

function renderOptions(ctx) {
  const o = pairingOptions(ctx);
  const save = () => { localStorage.setItem(optionsKey(ctx), JSON.stringify(o)); renderOptions(ctx); };
  const players = (ctx.data.summary.players || []).filter((p) => p.status !== 'dropped');
  const label = (id) => { const p = players.find((x) => x.id === id); return p ? `${p.name} (${id})` : id; };
  const pick = (id, text) => h('select', { id, 'aria-label': text }, h('option', { value: '' }, text), players.map((p) => h('option', { value: p.id }, `${p.name} (${p.id})`)));
  const flags = OPTION_FLAGS.map(([k, text]) => {
    const box = h('input', { type: 'checkbox', id: `opt-${k}`, name: k, checked: Boolean(o[k]) });
    box.addEventListener('change', () => { o[k] = box.checked; save(); });
    return h('label', { class: 'inline', for: `opt-${k}` }, box, text);
  });
  const removable = (items, text, name) => h('ul', { id: name }, items.map((x, i) => h('li', {}, text(x), ' ',
    h('button', { type: 'button', class: 'small secondary', onclick: () => { items.splice(i, 1); save(); } }, 'Remove'))));
  const fixedPlayer = pick('opt-fixed-player', 'Player…');
  const fixedTable = h('input', { type: 'number', min: 1, id: 'opt-fixed-table', 'aria-label': 'Table number', placeholder: 'table', inputmode: 'numeric' });
  const lockA = pick('opt-lock-a', 'Player…'), lockB = pick('opt-lock-b', 'Player…');
  const count = OPTION_FLAGS.filter(([k]) => o[k]).length + o.fixed_tables.length + o.locks.length;
  const el = h('details', { id: 'pairing-options', class: 'no-print', open: optionsEl ? optionsEl.open : count > 0 },
    h('summary', {}, `Pairing options${count ? ` (${count} in use)` : ''}`),
    h('div', { class: 'row' }, flags),
    h('h3', {}, 'Fixed tables (accessibility)'), removable(o.fixed_tables, (f) => `${label(f.player)} always at table ${f.table}`, 'opt-fixed-list'),
    h('div', { class: 'row' }, fixedPlayer, fixedTable, h('button', { type: 'button', class: 'small', id: 'opt-fixed-add', onclick: () => {
      if (!fixedPlayer.value || !(Number(fixedTable.value) >= 1)) return;
      o.fixed_tables.push({ player: fixedPlayer.value, table: Number(fixedTable.value) });
      save();
    } }, 'Add')),
    h('h3', {}, 'Locked pairs (kept together; the rest is paired around them)'), removable(o.locks, ([a, b]) => `${label(a)} v ${label(b)}`, 'opt-lock-list'),
    h('div', { class: 'row' }, lockA, lockB, h('button', { type: 'button', class: 'small', id: 'opt-lock-add', onclick: () => {
      if (!lockA.value || !lockB.value) return;
      o.locks.push([lockA.value, lockB.value]);
      save();
    } }, 'Add')));
  el.dataset.players = playersKey(ctx);
  if (optionsEl) optionsEl.replaceWith(el);
  optionsEl = el;
  return el;
}

// draw: 1 = the event's own draw; "Draw again" asks for the next one (the rules leave the choice to
// chance: SR2017 "First Round Pairings" pairs randomly; later, equally good pairings are tied at random).
async function propose(ctx, draw = 1) {
  try {
    const options = { ...pairingOptions(ctx), ...(draw > 1 ? { draw } : {}) };
    const p = await ctx.ev.propose(options);
    const same = draft && draw > (draft.draw || 1) && JSON.stringify(draft.tables.map((t) => t.players)) === JSON.stringify(p.tables.map((t) => t.players.map(pid)));
    const kept = draft && draft.round === p.round ? { scenarioChoice: draft.scenarioChoice, scenario: draft.scenario } : null;
    draft = { ...p, options, draw, tables: p.tables.map((t) => ({ table: t.table, players: t.players.map(pid) })), bye: pid(p.bye) || null };
    // A re-drawn pairing keeps the scenario the EO has chosen or rolled.
    if (kept && kept.scenarioChoice) Object.assign(draft, kept);
    else await loadScenario(ctx, draft);
    if (same) flash($('#flash'), `Draw ${draw} gives the same tables: the rules leave no other choice here.`, 'warn');
    selected = null;
    renderProposal(ctx);
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

// "W–L · CP 3–1 · AP 20–15 · scenario" of a record-result command or a pairings "result".
const cmdText = (cmd) => resultText({ result: { outcome: cmd.results.map((r) => r.outcome), cp: cmd.results.map((r) => r.cp), ap: cmd.results.map((r) => r.ap), victory: cmd.victory } });

// Two tabs (issue 10): the result this page showed changed meanwhile. Nothing was written: show what
// the EO typed beside what is recorded now, and let them keep it or save theirs over it.
function showConflict(ctx, row, t, cmd, current, send) {
  const box = $('#grid-conflicts');
  const old = $(`#conflict-${t.table}`);
  if (old) old.remove();
  const names = t.players.map((x) => x.name).join(' v ');
  const el = h('div', { class: 'flash warn conflict', id: `conflict-${t.table}`, role: 'alert' },
    h('p', {}, `Table ${t.table} (${names}) changed since this page showed it (another tab, or a player). Nothing was saved.`),
    h('p', {}, 'You typed: ', h('strong', { class: 'mine' }, cmdText(cmd))),
    h('p', {}, 'Recorded now: ', h('strong', { class: 'theirs' }, current ? resultText({ result: current }) : 'no result')),
    h('div', { class: 'row' },
      h('button', { type: 'button', class: 'small', name: 'keep', onclick: () => { el.remove(); delete row.dataset.dirty; renderResults(ctx); } }, 'Keep the recorded result'),
      h('button', { type: 'button', class: 'small secondary', name: 'overwrite', onclick: async () => { el.remove(); await send(current); } }, 'Save mine over it')));
  if (box) box.append(el);
}

// A closed round's result is corrected only after the EO has seen what it changes (issue 10 point 4).
function confirmCorrection(ctx, cmd, preview) {
  return new Promise((resolve) => {
    const changes = preview.changes || [];
    const pair = (x) => (x[0] === x[1] ? `${x[0]}` : `${x[0]} → ${x[1]}`);
    openDialog({
      kind: 'correction', title: `Correct round ${cmd.round}, table ${cmd.table}?`, confirmText: 'Save the correction',
      content: [h('p', { class: 'big' }, `New result: ${cmdText(cmd)}`),
        changes.length ? h('div', { class: 'scroll' }, h('table', { class: 'grid', id: 'correction-changes' },
          h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Rank'), h('th', {}, 'TP'), h('th', {}, 'SoS'), h('th', {}, 'CP'), h('th', {}, 'AP'))),
          // Labelled cells: on a phone each player becomes a card (style.css), a name over its lines.
          h('tbody', {}, changes.map((c) => h('tr', { dataset: { player: c.id } }, h('td', { class: 'who' }, c.name),
            ...[['Rank', c.rank], ['TP', c.tp], ['SoS', c.sos], ['CP', c.cp], ['AP', c.ap]]
              .map(([label, x]) => h('td', { dataset: { label } }, pair(x))))))))
          : null,
        h('ul', { id: 'correction-notes' }, (preview.notes || []).map((n) => h('li', {}, n)))],
      onConfirm: () => resolve(true),
    }).el.addEventListener('close', () => resolve(false), { once: true });
  });
}

function gridRow(ctx, round, t, report, closed) {
  const [a, b] = t.players;
  const side = (k) => report.results.map((r) => r[k] ?? null);
  const pre = t.result
    ? { outcome: t.result.outcome, cp: t.result.cp, ap: t.result.ap, list: t.result.list || [], victory: t.result.victory, destroyed: t.result.destroyed || [[], []] }
    : report ? { outcome: side('outcome'), cp: side('cp'), ap: side('ap'), list: side('list'), victory: report.victory, destroyed: side('destroyed') } : null;
  // The calculator's marks behind each AP (issue 13 point 4): kept while the AP box still says their total.
  const marks = [0, 1].map((i) => ({ ap: pre ? pre.ap[i] : null, destroyed: (pre && pre.destroyed && pre.destroyed[i]) || [] }));
  const lists = [a, b].map((pl, i) => listSelect(i ? 'listb' : 'lista', listCount(pl, ctx.data.summary),
    pre && pre.list[i], `List played by ${pl.name}`, Boolean(listRule(ctx.data.summary)) && listCount(pl, ctx.data.summary) > 1));
  const winner = pre ? (pre.outcome[0] === 'win' ? 'a' : pre.outcome[1] === 'win' ? 'b' : 'tie') : '';
  const num = (name, v, label) => h('input', { type: 'number', min: 0, name, value: v ?? '', inputmode: 'numeric', 'aria-label': label });
  const status = t.result ? h('span', { class: 'badge ok' }, 'recorded')
    : t.disputed ? h('span', { class: 'badge bad' }, 'disputed') : t.reported ? h('span', { class: 'badge warn' }, 'reported') : h('span', { class: 'badge' }, 'missing');
  const row = h('tr', { class: t.result ? 'done' : t.disputed ? 'disputed' : t.reported ? 'pending' : '', dataset: { table: t.table } },
    h('td', { class: 'num' }, t.table),
    h('td', {}, h('span', { class: 'name' }, a.name), h('div', { class: 'small muted' }, b.name)),
    // data-label: on a phone each table is a card and every cell says what it holds (style.css).
    h('td', { dataset: { label: 'Winner' } }, h('select', { name: 'winner', 'aria-label': `Table ${t.table} winner` }, h('option', { value: '' }, '—'),
      h('option', { value: 'a', selected: winner === 'a' }, `1: ${a.name}`), h('option', { value: 'b', selected: winner === 'b' }, `2: ${b.name}`),
      h('option', { value: 'tie', selected: winner === 'tie' }, 'Tie'))),
    h('td', { class: 'pair', dataset: { label: 'CP' } }, num('cpa', pre && pre.cp[0], 'CP 1'), num('cpb', pre && pre.cp[1], 'CP 2')),
    h('td', { class: 'pair', dataset: { label: 'AP' } }, num('apa', pre && pre.ap[0], 'AP 1'), num('apb', pre && pre.ap[1], 'AP 2')),
    h('td', { dataset: { label: 'Victory' } }, h('select', { name: 'victory', 'aria-label': 'Victory' }, h('option', { value: '' }, '—'),
      victoriesFor(ctx.data.summary).map(([v]) => h('option', { value: v, selected: pre && pre.victory === v }, v)))),
    h('td', { class: 'pair', dataset: { label: 'Lists' } }, lists[0], lists[1]),
    h('td', { dataset: { label: 'Status' } }, status, t.result ? h('div', { class: 'small muted' }, resultText(t)) : null,
      t.result && t.result.concession_army ? h('div', { class: 'small concession' }, concessionText(t.result)) : null),
    h('td', { class: 'save' }, h('button', { class: 'small', name: 'save', onclick: () => save() }, closed ? 'Correct…' : 'Save'),
      h('button', { class: 'small secondary', name: 'wizard', title: 'The adjudication wizard', onclick: () => adjudicate() }, 'Who won?'),
      h('button', { class: 'small secondary', name: 'ap-calc', title: 'Count army points destroyed from the lists played', onclick: () => countAp() }, 'AP…')));
  const val = (n) => (row.querySelector(`[name=${n}]`) || {}).value;
  // What the EO types is theirs until saved: a live refresh keeps this row as it is (renderResults).
  const dirty = () => { row.dataset.dirty = '1'; };
  row.addEventListener('input', dirty);
  row.addEventListener('change', dirty);
  // The army-points calculators in a dialog, one per list played: each total fills the row's AP.
  function countAp() {
    const calcs = [[b, a, 'listb', 'apa'], [a, b, 'lista', 'apb']].map(([owner, by, listName, apName], i) => {
      const c = apCalc(ctx.ev, { owner: owner.id, whose: `${owner.name}'s`, list: () => Number(val(listName)) || null, id: `calc-${i}`,
        title: `What ${by.name} destroyed of ${owner.name}'s army`, initial: marks[i].destroyed });
      c.onCounted((total) => {
        const el = row.querySelector(`[name=${apName}]`);
        el.value = total;
        marks[i] = { ap: total, destroyed: c.marksFor(total) || [] };
        dirty();
      });
      c.el.open = true;
      c.el.dispatchEvent(new Event('toggle'));
      return c;
    });
    openDialog({ kind: 'ap-calc', title: `Table ${t.table}: army points destroyed`, content: calcs.map((c) => c.el) }).finish();
  }
  // The adjudication wizard in a dialog: CP/AP from this row, its decision fills the row (not saved).
  function adjudicate() {
    const read = () => ({ cp: [Number(val('cpa') || 0), Number(val('cpb') || 0)], ap: [Number(val('apa') || 0), Number(val('apb') || 0)] });
    const w = wizard(ctx.ev, { names: [a.name, b.name], read, from: `table ${t.table}'s row` });
    const d = openDialog({ kind: 'wizard', title: `Table ${t.table}: who won?`, content: [w.el] });
    d.finish();
    w.onDecided((dec) => {
      const set = (n, v) => { const el = row.querySelector(`[name=${n}]`); if (el) el.value = v; };
      set('winner', dec.winner === 1 ? 'a' : dec.winner === 2 ? 'b' : 'tie');
      set('victory', dec.victory);
      [['cpa', dec.records[0].cp], ['apa', dec.records[0].ap], ['cpb', dec.records[1].cp], ['apb', dec.records[1].ap]].forEach(([n, v]) => set(n, v));
      dirty();
      d.close();
      flash($('#grid-flash'), `Table ${t.table}: filled in from the wizard; check it and Save.`, 'ok');
    });
  }
  async function save() {
    const w = val('winner');
    const out = w === 'a' ? ['win', 'loss'] : w === 'b' ? ['loss', 'win'] : w === 'tie' ? ['tie', 'tie'] : null;
    const where = $('#grid-flash');
    if (!out) return flash(where, `Table ${t.table}: choose the winner.`, 'error');
    if (!val('victory')) return flash(where, `Table ${t.table}: choose how the game ended.`, 'error');
    const results = [0, 1].map((i) => {
      const list = Number(val(i ? 'listb' : 'lista')) || null;
      const ap = Number(val(i ? 'apb' : 'apa') || 0);
      const kept = marks[i].destroyed.length && marks[i].ap === ap ? { destroyed: marks[i].destroyed } : {};
      return { outcome: out[i], cp: Number(val(i ? 'cpb' : 'cpa') || 0), ap, ...(list ? { list } : {}), ...kept };
    });
    const cmd = { type: 'record-result', round, table: t.table, results, victory: val('victory') };
    if (closed) {
      let preview;
      try {
        preview = await ctx.ev.previewResult(cmd);
      } catch (e) {
        return ctx.run(Promise.reject(e), null, where);
      }
      if (!(await confirmCorrection(ctx, cmd, preview))) return null;
    }
    // The result this row was built from: if another tab changed it meanwhile, the server says so (409).
    const send = async (replaces) => {
      try {
        await ctx.ev.command({ ...cmd, replaces });
      } catch (e) {
        if (e.status === 409 && e.current !== undefined) return showConflict(ctx, row, t, cmd, e.current, send);
        return ctx.run(Promise.reject(e), null, where);
      }
      delete row.dataset.dirty;
      flash(where, `Table ${t.table} ${closed ? 'corrected' : 'recorded'}.`, 'ok');
      await ctx.refresh();
      return true;
    };
    const ok = await send(t.result || null);
    // Jump to the next table without a result, unless the EO has already moved on.
    const active = document.activeElement;
    if (ok && (!active || active === document.body || row.contains(active))) {
      const next = $(`#grid tr[data-table="${t.table}"] ~ tr:not(.done) select[name=winner]`);
      if (next) next.focus();
    }
    return ok;
  }
  row.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.target.tagName !== 'BUTTON') { e.preventDefault(); save(); }
  });
  row.dataset.key = JSON.stringify([t, report]);
  return row;
}

// Every round stays in the console (issue 10 point 4): round 1…n, the latest by default.
async function showRound(ctx, n) {
  const latest = ctx.data.pairings && !ctx.data.pairings.closed ? ctx.data.pairings.round : 0;
  if (!n || n === latest) {
    viewRound = null;
    pastPairings = null;
  } else {
    try {
      pastPairings = await ctx.ev.pairings(n);
      viewRound = n;
    } catch (e) {
      return flash($('#grid-flash'), e, 'error');
    }
  }
  return renderResults(ctx);
}

function roundPicker(ctx, p) {
  const latest = ctx.data.pairings.round;
  const sel = h('select', { id: 'round-pick', name: 'round-pick', 'aria-label': 'Round shown' },
    p ? null : h('option', { value: '' }, '—'), Array.from({ length: latest }, (_, i) => i + 1).map((n) => h('option', { value: n, selected: p && n === p.round },
      `Round ${n}${n === latest && !ctx.data.pairings.closed ? ' (open)' : ' (closed)'}`)));
  sel.addEventListener('change', () => showRound(ctx, Number(sel.value)));
  return h('label', { class: 'inline' }, 'Show ', sel);
}

function renderResults(ctx) {
  const card = $('#results');
  const p = viewRound ? pastPairings : ctx.data.pairings;
  card.hidden = !p || !p.tables;
  if (card.hidden) return fill(card);
  // Between rounds the proposal comes first: past rounds are one pick away.
  if (!viewRound && p.closed) {
    card.dataset.round = '';
    return fill(card, h('h2', {}, 'Past rounds'), h('p', {}, roundPicker(ctx, null)),
      h('p', { class: 'small muted' }, 'Pick a round to see its tables and results, and to correct one (the standings it changes are shown first).'));
  }
  const reports = p.closed ? [] : pendingReports(ctx);
  const missing = p.tables.filter((t) => !t.result);
  const key = `${p.round}${p.closed ? ' closed' : ''}/${ctx.data.pairings.round}`;
  if (!$('#grid', card) || card.dataset.round !== key) {
    card.dataset.round = key;
    const toggle = h('input', { type: 'checkbox', id: 'missing-only', checked: showMissingOnly });
    toggle.addEventListener('change', () => { showMissingOnly = toggle.checked; renderResults(ctx); });
    fill(card, h('div', { class: 'row' }, h('h2', {}, `Results — round ${p.round}${p.closed ? ' (closed)' : ''}`), roundPicker(ctx, p)),
      h('p', { id: 'missing', class: 'small' }),
      p.closed ? null : h('label', { class: 'inline no-print' }, toggle, 'Show missing results only'),
      h('p', { class: 'small muted' }, p.closed
        ? 'This round is closed. To correct a result, change it and press Correct…: the standings it changes (before → after) are shown before anything is saved; later rounds keep their pairings.'
        : 'Tab: winner → CP → AP → victory → lists; Enter saves the table. A reported result is filled in: check it and press Enter. '
        + 'Lists: the list each player played; a concession needs the conceding player\'s list when they registered more than one (the winner scores half of it).'),
      h('div', { id: 'grid-flash', class: 'flash', hidden: true }),
      h('div', { id: 'grid-conflicts', 'aria-live': 'polite' }),
      h('div', { class: 'scroll' }, h('table', { id: 'grid', class: 'grid' },
        h('thead', {}, h('tr', {}, h('th', {}, 'T'), h('th', {}, 'Players'), h('th', {}, 'Winner'), h('th', {}, 'CP'), h('th', {}, 'AP'), h('th', {}, 'Victory'),
          h('th', { title: 'List played (a concession scores half the conceding player\'s list)' }, 'Lists'), h('th', {}, 'Status'), h('th'))),
        h('tbody'))));
  }
  $('#missing', card).textContent = p.closed ? `Round ${p.round} is closed.` : missing.length
    ? `Missing results (${missing.length}): ${missing.map((t) => `table ${t.table} (${t.players.map((x) => x.name).join(' v ')})`).join('; ')}`
    : 'Every table has a result: the round can be closed.';
  const body = $('#grid tbody', card);
  const old = new Map([...body.children].map((r) => [r.dataset.table, r]));
  const rows = p.tables.filter((t) => p.closed || !showMissingOnly || !t.result).map((t) => {
    const report = reports.find((r) => (r.round ?? p.round) === p.round && r.table === t.table);
    const prev = old.get(String(t.table));
    // Unchanged rows are kept as they are, and so is a row the EO is typing in (even if its result
    // changed meanwhile: saving it then shows both, see showConflict).
    return prev && (prev.dataset.dirty || prev.dataset.key === JSON.stringify([t, report])) ? prev : gridRow(ctx, p.round, t, report, p.closed);
  });
  // Same tables in the same order: swap only the changed rows in place. Moving a kept row would
  // take the focus from the EO's cursor.
  const current = [...body.children];
  if (current.length === rows.length && current.every((r, i) => r.dataset.table === rows[i].dataset.table))
    current.forEach((r, i) => r !== rows[i] && r.replaceWith(rows[i]));
  else fill(body, rows);
}

// A finished event: its final standings and the files to take home (issue 10 point 4).
async function renderFinal(ctx) {
  const card = $('#final');
  if (!card) return;
  card.hidden = !ctx.data.summary.finished;
  if (card.hidden) return fill(card);
  let standings;
  try {
    standings = await ctx.ev.standings();
  } catch (e) {
    return flash($('#flash'), e, 'error');
  }
  const csv = () => {
    const cols = ['rank', 'id', 'name', 'faction', 'tp', 'sos', 'cp', 'ap'];
    const cell = (v) => (/[",\n]/.test(String(v ?? '')) ? `"${String(v).replace(/"/g, '""')}"` : String(v ?? ''));
    const text = [cols.join(','), ...standings.rows.map((r) => cols.map((c) => cell(r[c])).join(','))].join('\n') + '\n';
    return URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  };
  const csvLink = h('a', { class: 'button secondary', id: 'export-csv', download: `${ctx.id}-standings.csv`, href: '#' }, 'Standings (CSV)');
  csvLink.addEventListener('click', () => { csvLink.href = csv(); });
  fill(card, h('h2', {}, 'Final standings'),
    h('div', { class: 'row no-print' },
      h('a', { class: 'button', id: 'export', href: `/api/events/${encodeURIComponent(ctx.id)}/export`, download: `${ctx.id}.json` }, 'Export the event file'), csvLink),
    h('div', { class: 'scroll' }, standingsTable(standings)));
}

function renderDisputes(ctx) {
  const card = $('#disputes');
  const p = ctx.data.pairings;
  const reports = pendingReports(ctx).filter((r) => p && !p.closed && (r.round ?? p.round) === p.round && !(p.tables.find((t) => t.table === r.table) || {}).result);
  card.hidden = reports.length === 0;
  if (card.hidden) return fill(card);
  fill(card, h('h2', {}, 'Reports and disputes'), h('ul', { class: 'pairing-list', id: 'dispute-list' }, reports.map((r) => {
    const t = p.tables.find((x) => x.table === r.table);
    const names = t ? t.players.map((x) => x.name) : ['?', '?'];
    const line = (rs, victory) => {
      const lists = listsText(rs.map((x) => x.list));
      return `${names[0]} ${rs[0].outcome} · CP ${rs[0].cp}–${rs[1].cp} · AP ${rs[0].ap}–${rs[1].ap} · ${victory}${lists ? ` · ${lists}` : ''}`;
    };
    const accept = (rs, victory, who) => ctx.run(ctx.ev.command({ type: 'record-result', round: p.round, table: r.table, results: rs.map(({ outcome, cp, ap, list, destroyed }) => ({ outcome, cp, ap, ...(list ? { list } : {}), ...(destroyed && destroyed.length ? { destroyed } : {}) })), victory }), `Table ${r.table}: ${who}'s report recorded.`);
    // Both players reported, differently (issue 10 point 11): both reports, either can be accepted.
    const counter = r.counter ? { ...r.counter, results: reportResults(r.counter) } : null;
    return h('li', { class: r.disputed ? 'disputed' : '', dataset: { table: r.table } }, h('span', { class: 'tno' }, r.table),
      h('div', {}, h('div', {}, r.disputed ? h('span', { class: 'badge bad' }, 'disputed') : h('span', { class: 'badge warn' }, 'awaiting confirmation'),
        ` ${names[0]} vs ${names[1]} — reported by ${nameOf(ctx, r.reporter)}`),
        h('div', { class: 'small report-line' }, counter ? `${nameOf(ctx, r.reporter)}: ` : '', line(r.results, r.victory)),
        counter ? h('div', { class: 'small report-line counter' }, `${nameOf(ctx, counter.reporter)}: `, line(counter.results, counter.victory)) : null,
        r.note ? h('div', { class: 'small' }, 'Note: ', h('q', {}, r.note)) : null,
        h('div', { class: 'row' }, h('button', { class: 'small', name: 'accept', onclick: () => accept(r.results, r.victory, nameOf(ctx, r.reporter)) }, counter ? `Accept ${nameOf(ctx, r.reporter)}'s report` : 'Accept report'),
          counter ? h('button', { class: 'small', name: 'accept-counter', onclick: () => accept(counter.results, counter.victory, nameOf(ctx, counter.reporter)) }, `Accept ${nameOf(ctx, counter.reporter)}'s report`) : null,
          h('button', { class: 'small secondary', onclick: () => { const s = $(`#grid tr[data-table="${r.table}"] select[name=winner]`); if (s) s.focus(); } }, 'Correct in the grid'))));
  })));
}

// Issue 10 point 7: the planned rounds change, or the event ends now, once round 1 is paired. The
// dialog shows the server's account of what it means (attendance table, cut, finals, when the event
// finishes) before anything is written.
function changeRounds(ctx, body, title, confirmText) {
  const preview = h('div', { id: 'rounds-preview', 'aria-live': 'polite' }, h('p', { class: 'small muted' }, 'Asking the server what this means…'));
  const d = openDialog({
    kind: 'rounds', title, confirmText, content: [preview],
    onConfirm: async () => {
      const r = await ctx.ev.rounds(body);
      flash($('#flash'), `Planned rounds: ${r.command.rounds}.`, 'ok');
      await ctx.refresh();
    },
  });
  d.setReady(false);
  ctx.ev.rounds(body, { preview: true }).then((plan) => {
    fill(preview, h('h3', {}, 'What happens'), h('ul', { class: 'explain', id: 'rounds-explain' }, plan.explain.map((x) => h('li', {}, x))));
    d.setReady(true);
  }, (e) => { fill(preview, h('p', { class: 'flash error' }, e.message)); d.finish(); });
}

function roundsControl(ctx, s) {
  if (!s.current_round || s.finished) return null;
  // A live refresh redraws this card (every result a player reports). While the plan is unchanged the
  // box itself is put back, so what the EO typed, the text they selected and the focus all stay: a new
  // box would lose the selection, and the next keystroke would be appended ("4" selected, "5" typed,
  // "45" sent). A changed plan (another device) gets a new box showing it.
  const typed = $('#planned-rounds');
  const kept = typed && typed.dataset.planned === String(s.planned_rounds) ? typed : null;
  const input = kept || h('input', { type: 'number', id: 'planned-rounds', value: s.planned_rounds ?? '', dataset: { planned: s.planned_rounds } });
  input.min = s.current_round.number;
  input.max = 20;
  // Putting the box in its new label takes it off the page, before fill() could see it focused.
  if (typed && document.activeElement === typed) queueMicrotask(() => input.isConnected && input.focus());  // once on the page
  return h('div', { class: 'row rounds-control no-print' },
    h('label', { for: 'planned-rounds' }, 'Planned rounds ', input),
    h('button', { class: 'secondary', id: 'set-rounds', onclick: () => changeRounds(ctx, { rounds: Number(input.value) }, `Plan ${input.value} rounds?`, 'Change planned rounds') }, 'Change'),
    h('button', { class: 'secondary', id: 'end-now', onclick: () => changeRounds(ctx, { end_now: true }, 'End the event now?', 'End the event') }, 'End the event now'));
}

function renderStatus(ctx) {
  const s = ctx.data.summary;
  const p = ctx.data.pairings;
  const cur = s.current_round;
  const next = (cur ? cur.number : 0) + 1;
  const canPair = (!cur || cur.closed) && !s.finished;
  const open = cur && !cur.closed;
  const missing = p && p.tables ? p.tables.filter((t) => !t.result).length : 0;
  // Before fill() detaches it: a panel on the page is kept as it is (its selects, its open state).
  // A new or renamed player redraws it (its player lists would be stale).
  const keep = optionsEl && optionsEl.isConnected && optionsEl.dataset.players === playersKey(ctx);
  const opts = canPair ? (keep ? optionsEl : renderOptions(ctx)) : null;
  fill($('#round-status'), h('h2', {}, cur ? `Round ${cur.number}${cur.closed ? ' (closed)' : ''}` : 'No round yet'),
    h('p', {}, `${s.rounds_played ?? 0} of ${s.planned_rounds ?? '?'} planned rounds played`, cur && cur.scenario_name ? [` · scenario: ${cur.scenario_name} (`,
      h('a', { id: 'eo-scenario-sheet', href: `/api/editions/${encodeURIComponent(s.edition)}/scenarios/${encodeURIComponent(cur.scenario)}.svg`, target: '_blank', rel: 'noopener' }, 'sheet'), ')'] : '', s.finished ? ' · the event is finished' : ''),
    h('div', { class: 'row' },
      canPair ? h('button', { id: 'propose', onclick: () => propose(ctx) }, `Propose pairings for round ${next}`) : null,
      // Issue 11: the round's time starts when the EO says so, after players found their tables.
      open && cur.timing && cur.timing.kind !== 'untimed' && !cur.timing.started_ms
        ? h('a', { class: 'button', id: 'to-clocks', href: '#clocks' }, `Start round ${cur.number} (Clocks)`) : null,
      open ? h('button', { id: 'close-round', disabled: missing > 0, title: missing ? `${missing} table(s) without a result` : '',
        onclick: () => ctx.run(ctx.ev.command({ type: 'close-round', round: cur.number }), (reply) => closedText(ctx, cur.number, reply)) }, `Close round ${cur.number}`) : null),
    listWarnings(ctx), roundsControl(ctx, s), opts);
}

// SR2014 "[X] List(s) Required" / "Divide and Conquer [X]": who can no longer play each list often
// enough in the rounds left (the server refuses a result that would cause it; a round cut short can).
function listWarnings(ctx) {
  const w = (ctx.data.admin && ctx.data.admin.list_warnings) || [];
  return w.length ? h('ul', { class: 'warnings', id: 'list-warnings' }, w.map((x) => h('li', {}, x.text))) : null;
}

// What closing a round did, beyond "closed": a Cut to Top X it triggered (SR2017 "Cut to Top [X]"),
// or the end of the event.
function closedText(ctx, number, reply) {
  const cut = reply && reply.command && reply.command.cut;
  if (cut) return `Round ${number} closed. Cut to Top ${cut.top.length}: ${cut.top.map((p) => nameOf(ctx, p)).join(', ')} play on; the other ${cut.frozen.length} players' places are final.`;
  return `Round ${number} closed.`;
}

export function render(ctx) {
  const cur = ctx.data.summary.current_round;
  // The draft's round is published (maybe from another tab). Compare round numbers: a refresh that
  // started before the last close can land after a new proposal and still show that round open.
  if (draft && cur && cur.number >= draft.round) draft = null;
  renderStatus(ctx);
  if (!draft || draft !== shown) renderProposal(ctx);
  else refreshAbsent(ctx);
  renderResults(ctx);
  // A past round shown: fetch it again, a correction (maybe from another tab) may have changed it.
  if (viewRound) ctx.ev.pairings(viewRound).then((p) => { pastPairings = p; renderResults(ctx); }).catch(() => {});
  renderDisputes(ctx);
  renderFinal(ctx);
}
