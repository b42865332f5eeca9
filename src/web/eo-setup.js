// EO console, Setup tab: edition, point size, variants per category (one-line summary each),
// list count, rounds (computed from attendance, overridable), factions the EO adds. Saved with a
// configure-event command; after round 1 only added factions can change.
import { $, h, fill, inFlight, options } from './dom.js';

let dirty = false;

export const parseFactions = (text) => text.split(',').map((f) => f.trim()).filter(Boolean);

const parseVariant = (v) => {
  if (typeof v !== 'string') return { key: v.key, value: v.value ?? null };
  const [key, value] = v.split(':');
  return { key, value: value === undefined ? null : Number(value) };
};

// The event's current config: the admin view's "config" when the server gives it, else the summary.
function currentConfig(ctx) {
  const a = ctx.data.admin || {};
  if (a.config) return a.config;
  const s = ctx.data.summary;
  return { name: s.name, edition: s.edition, points: s.points, lists: s.lists, variants: s.variants || [] };
}

export function roundsFor(edition, players) {
  const table = (edition && edition.rounds_by_attendance) || [];
  if (!table.length) return null;
  for (const [max, rounds] of table) if (players <= max) return rounds;
  let [max, rounds] = table[table.length - 1];
  while (players > max) { max *= 2; rounds += 1; }
  return rounds;
}

function renderEdition(ctx, chosen) {
  const form = $('#setup-form');
  const ed = ctx.data.editions.find((e) => e.id === form.edition.value);
  if (!ed) return fill($('#variants'), h('p', { class: 'muted' }, 'No edition data (GET /api/editions).'));
  const points = Number(form.points.value) || undefined;
  options(form.points, ed.point_sizes.map((p) => [p, `${p}`]), ed.point_sizes.includes(points) ? points : ed.point_sizes.includes(75) ? 75 : ed.point_sizes[0]);
  const byCat = new Map();
  for (const v of ed.variants || []) {
    if (!byCat.has(v.category)) byCat.set(v.category, []);
    byCat.get(v.category).push(v);
  }
  const picked = new Map(chosen.map((c) => [c.key, c.value]));
  fill($('#variants'), h('h3', {}, `${ed.id} variants`), [...byCat].map(([cat, vs]) => h('fieldset', {},
    h('legend', {}, cat.replace(/-/g, ' ')),
    vs.map((v) => {
      const box = h('input', { type: 'checkbox', name: 'variant', value: v.key, id: `v-${v.key}`, checked: picked.has(v.key) });
      const num = v.takes_value ? h('input', { type: 'number', min: 1, class: 'variant-value', dataset: { key: v.key }, value: picked.get(v.key) ?? '', 'aria-label': `${v.name}: X` }) : null;
      return h('div', { class: 'variant' }, box,
        h('label', { for: `v-${v.key}` }, h('strong', {}, v.name), num ? [' X = ', num] : null),
        h('div', { class: 'summary' }, v.summary),
        (v.constraints || []).map((c) => h('div', { class: 'summary rule' }, c.rule)));
    }))));
  const count = (ctx.data.summary.players || []).filter((p) => p.status !== 'dropped').length;
  const computed = roundsFor(ed, Math.max(count, 2));
  $('#rounds-note').textContent = `${count} player(s) registered: ${computed ?? '?'} rounds by attendance (${ed.id}); planned now: ${ctx.data.summary.planned_rounds ?? '?'}. Leave Rounds empty to follow attendance.`;
}

const started = (ctx) => Boolean(ctx.data.summary.current_round) || ctx.data.summary.rounds_played > 0;
// Once round 1 is paired only the added factions (and the save button) stay open.
function lock(form, locked) {
  for (const el of form.elements) el.disabled = locked && el.name !== 'factions' && el.type !== 'submit';
}

export function init(ctx) {
  const form = $('#setup-form');
  form.addEventListener('input', () => (dirty = true));
  form.edition.addEventListener('change', () => renderEdition(ctx, []));
  form.addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    const old = currentConfig(ctx);
    const factions = parseFactions(form.factions.value);
    const where = $('#setup-flash');
    if (started(ctx)) {  // the engine takes only added factions now
      const ok = await ctx.run(ctx.ev.command({ type: 'configure-event', config: { ...old, factions } }), 'Factions saved.', where);
      if (ok) dirty = false;
      return;
    }
    const variants = [...form.querySelectorAll('input[name=variant]:checked')].map((b) => {
      const num = form.querySelector(`.variant-value[data-key="${CSS.escape(b.value)}"]`);
      return num ? `${b.value}:${num.value}` : b.value;
    });
    const config = { ...old, name: form.name.value.trim(), edition: form.edition.value, points: Number(form.points.value),
      lists: Number(form.lists.value) || 1, variants };
    delete config.seed;
    if (form.rounds.value) config.rounds = Number(form.rounds.value); else delete config.rounds;
    if (form.start_date.value) config.start_date = form.start_date.value; else delete config.start_date;
    if (form.venue.value.trim()) config.venue = form.venue.value.trim(); else delete config.venue;
    if (factions.length) config.factions = factions; else delete config.factions;
    const ok = await ctx.run(ctx.ev.command({ type: 'configure-event', config }), 'Setup saved.', where);
    if (ok) dirty = false;
  }));
}

export function render(ctx) {
  const form = $('#setup-form');
  $('#setup-locked').hidden = !started(ctx);
  lock(form, started(ctx));
  const config = currentConfig(ctx);
  const key = JSON.stringify(config);
  if (!dirty || form.dataset.key !== key) {
    dirty = false;
    form.dataset.key = key;
    options(form.edition, ctx.data.editions.map((e) => [e.id, `${e.id} — ${e.title}`]), config.edition);
    form.name.value = config.name || '';
    form.lists.value = config.lists || 1;
    form.rounds.value = config.rounds ?? '';
    form.start_date.value = config.start_date || '';
    form.venue.value = config.venue || '';
    form.factions.value = (config.factions || []).join(', ');
    form.points.dataset.want = config.points;
    options(form.points, [[config.points, config.points]], config.points);
    renderEdition(ctx, (config.variants || []).map(parseVariant));
    lock(form, started(ctx));
  }
}
