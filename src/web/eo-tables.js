// EO console, Tables tab (issue 12): legal terrain on every table of the event before round 1.
// SR2017 "Terrain": "the following terrain rules must be followed when setting up tables". The
// server places each table by the edition's setup method from a seed (the same seed, the same
// tables: a lost laptop redraws them) and checks a table the EO changed by hand, naming every broken
// rule and outlining the pieces at fault in red. Tables are numbered as in the event; the round's
// scenario adds its Kill Box and sheet. The draw and the EO's edits stay in this browser
// (localStorage): terrain is set up once, it is not an event result.
import { $, h, fill, flash } from './dom.js';
import { request } from './api.js';

const storeKey = (id) => `gauntlet.terrain.${id}`;
let state = null;  // {seed, method, scenario, tables: [placement + svg + findings?]}, as stored

function load(id) {
  try {
    return JSON.parse(localStorage.getItem(storeKey(id))) || null;
  } catch {
    return null;
  }
}
const save = (id) => localStorage.setItem(storeKey(id), JSON.stringify(state));

// How many tables: the current round's, or one per two active players before pairings.
function tableCount(ctx) {
  const p = ctx.data.pairings;
  if (p && p.tables && p.tables.length) return p.tables.length;
  const active = (ctx.data.summary.players || []).filter((x) => x.status === 'active' || x.status === 'checked-in').length;
  return Math.max(1, Math.ceil(active / 2));
}

// SR2017 "we recommend using a mix of the methods described below": table n takes method n mod k.
function methodFor(methods, choice, table) {
  if (choice !== 'mix') return choice;
  return methods[(table - 1) % methods.length].key;
}

async function place(ctx, form) {
  const edition = ctx.edition();
  const methods = edition.terrain.methods;
  const count = Number(form.tables.value);
  const seed = form.seed.value.trim();
  const scenario = ctx.data.pairings && ctx.data.pairings.scenario;
  const ask = (table, method, tables) =>
    request('POST', '/api/terrain', { edition: edition.id, method, seed, table, tables, rumble: Boolean(ctx.data.summary.rumble), ...(scenario ? { scenario } : {}) });
  let tables;
  if (form.method.value === 'mix') {
    const replies = await Promise.all(Array.from({ length: count }, (_, i) => ask(i + 1, methodFor(methods, 'mix', i + 1), 1)));
    tables = replies.map((r) => r.tables[0]);
  } else {
    tables = (await ask(1, form.method.value, count)).tables;
  }
  state = { seed, method: form.method.value, scenario: scenario || null, tables };
  save(ctx.id);
  draw(ctx);
  flash($('#tables-flash'), `${tables.length} tables placed (${form.method.value === 'mix' ? 'a mix of methods' : `${form.method.value} method`}, seed ${seed}); every one follows the ${edition.id} terrain rules`, 'ok');
}

// A data: URL (the page's Content-Security-Policy allows img-src 'self' data:): an <img> runs no
// script whatever the SVG holds.
const picture = (svg, label) =>
  h('img', { class: 'terrain-svg', alt: label, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });

function findingsList(t) {
  if (!t.findings) return null;
  if (!t.findings.length) return h('p', { class: 'flash ok', role: 'status' }, 'Legal: every terrain rule is followed.');
  return h('ul', { class: 'findings', role: 'status' }, t.findings.map((f) =>
    h('li', { class: f.error ? 'error' : 'warn' }, h('strong', {}, f.error ? 'Broken: ' : 'Warning: '), f.text)));
}

const num = (name, value, label, step = 'any') =>
  h('label', { class: 'small' }, label, h('input', { name, type: 'number', step, value: String(value), inputmode: 'decimal' }));

// The pieces of one table as rows the EO corrects after measuring the real table; Check sends them.
function editor(ctx, t, index) {
  const rows = t.pieces.map((p, i) => h('fieldset', { class: 'piece-row', dataset: { piece: String(i) } },
    h('legend', {}, `${p.id} ${p.kind}`),
    num('x', p.x, 'x"'), num('y', p.y, 'y"'),
    p.shape === 'rect' ? num('rotation', p.rotation || 0, 'turn°') : null));
  const form = h('form', { class: 'terrain-edit', dataset: { table: String(t.table) } }, rows,
    h('button', { type: 'submit' }, `Check table ${t.table}`));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const pieces = t.pieces.map((p, i) => {
      const row = form.querySelector(`[data-piece="${i}"]`);
      const read = (n) => (row.elements[n] ? Number(row.elements[n].value) : p[n]);
      return { ...p, x: read('x'), y: read('y'), ...(p.shape === 'rect' ? { rotation: read('rotation') } : {}) };
    });
    try {
      const placement = { edition: t.edition, method: t.method, rumble: t.rumble, seed: t.seed, table: t.table, pieces };
      const r = await request('POST', '/api/terrain/check', { ...placement, ...(state.scenario ? { scenario: state.scenario } : {}) });
      state.tables[index] = { ...placement, moved: true, svg: r.svg, findings: r.findings, legal: r.legal };
      save(ctx.id);
      draw(ctx, t.table);
    } catch (err) {
      flash($('#tables-flash'), err, 'error');
    }
  });
  return form;
}

function card(ctx, t, index, open) {
  const details = h('details', { class: 'no-print' }, h('summary', {}, 'Move pieces and check'), editor(ctx, t, index));
  details.open = open;
  const verdict = (t.moved ? ', moved by hand' : '') + (t.findings ? (t.legal ? ' · checked: legal' : ' · checked: NOT legal') : '');
  return h('article', { class: 'card terrain-table', dataset: { table: String(t.table) } },
    h('h3', {}, `Table ${t.table}`, h('span', { class: 'muted small' }, ` ${t.method} method${verdict}`)),
    picture(t.svg, `Terrain of table ${t.table}`), findingsList(t), details);
}

function draw(ctx, openTable) {
  const box = $('#terrain-tables');
  if (!state) return fill(box, h('p', { class: 'muted' }, 'No terrain placed yet.'));
  fill(box, state.tables.map((t, i) => card(ctx, t, i, t.table === openTable)));
}

export function init() {}

// The hint above the form: which scenario the pictures carry.
function hint(ctx) {
  const scenario = ctx.data.pairings && ctx.data.pairings.scenario_name;
  return [`${ctx.edition().id} terrain rules${ctx.data.summary.rumble ? ' for Rumble (30" × 30" tables, no 6" edge rule)' : ''}, checked on every table. `,
    scenario ? `Round ${ctx.data.pairings.round}'s scenario (${scenario}) is drawn with each table. ` : 'Once a round is paired, its scenario is drawn with each table. ',
    'Measure each real table against its picture; move pieces here and check.'];
}

// Built once per event: a live refresh (a player's report) must not wipe what the EO is typing or
// close the table being edited. Later renders update the hint and, until the EO types one, the count.
export function render(ctx) {
  const edition = ctx.edition();
  if (!edition) return;
  const existing = $('#terrain-form');
  if (existing && existing.dataset.event === ctx.id) {
    fill($('#terrain-hint'), hint(ctx));
    if (!state && !existing.tables.dataset.touched) existing.tables.value = String(tableCount(ctx));
    return;
  }
  state = load(ctx.id);
  if (state && !state.tables) state = null;
  const methods = edition.terrain.methods;
  const options = [...(methods.length > 1 ? [h('option', { value: 'mix' }, 'a mix of the methods (recommended)')] : []),
    ...methods.map((m) => h('option', { value: m.key }, `${m.key} (${m.min_pieces === m.max_pieces ? m.max_pieces : `${m.min_pieces}–${m.max_pieces}`} pieces)`))];
  const form = h('form', { id: 'terrain-form', class: 'row no-print', dataset: { event: ctx.id } },
    h('label', {}, 'Method ', h('select', { name: 'method' }, options)),
    h('label', {}, 'Tables ', h('input', { name: 'tables', type: 'number', min: '1', max: '512', value: String(state ? state.tables.length : tableCount(ctx)), inputmode: 'numeric',
      oninput: (e) => { e.target.dataset.touched = '1'; } })),
    h('label', {}, 'Seed ', h('input', { name: 'seed', value: state ? state.seed : String(Math.floor(Math.random() * 1e6)), inputmode: 'numeric', title: 'digits: the same seed places the same tables' })),
    h('button', { type: 'submit', id: 'place-terrain' }, state ? 'Place again' : 'Place terrain'),
    h('button', { type: 'button', class: 'secondary', id: 'print-terrain', onclick: () => window.print() }, 'Print'));
  if (state) form.method.value = state.method;
  // SR2017 "Rumble": "We recommend using the quadrant method (p. 6) for terrain in Rumble games."
  else if (ctx.data.summary.rumble && edition.terrain.rumble_method) form.method.value = edition.terrain.rumble_method;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!/^[0-9]+$/.test(form.seed.value.trim())) return flash($('#tables-flash'), 'seed: digits only (the same seed places the same tables)', 'error');
    try {
      await place(ctx, form);
      $('#place-terrain').textContent = 'Place again';
    } catch (err) {
      flash($('#tables-flash'), err, 'error');
    }
  });
  fill($('#tab-tables'),
    h('section', { class: 'card' },
      h('h2', {}, 'Terrain'),
      h('p', { id: 'terrain-hint', class: 'small muted no-print' }, hint(ctx)),
      form,
      h('div', { id: 'tables-flash', class: 'flash', role: 'status', 'aria-live': 'polite', hidden: true })),
    h('div', { id: 'terrain-tables', class: 'terrain-grid' }));
  draw(ctx);
}
