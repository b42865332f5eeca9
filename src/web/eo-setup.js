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

const alone = (v) => (v.constraints || []).some((c) => c.alone_in_category);
const excludes = (v) => (v.constraints || []).flatMap((c) => c.excludes || []);
const requires = (v) => (v.constraints || []).map((c) => c.requires).filter(Boolean);
const exclusive = (a, b) => alone(a) || alone(b) || excludes(a).includes(b.key) || excludes(b).includes(a.key);

// Variants of one category that exclude one another (the edition's "excludes" and "alone in its
// category" rules) are one choice, offered as radio buttons with "None": the form cannot offer a
// combination the engine refuses (issue 10 point 13). The rest stay checkboxes.
export function choiceGroups(vs) {
  const grouped = new Set();
  const groups = [];
  for (const v of vs) {
    if (grouped.has(v.key)) continue;
    const g = [v];
    for (const u of vs) if (u !== v && !grouped.has(u.key) && g.every((m) => exclusive(m, u))) g.push(u);
    if (g.length < 2) continue;
    g.forEach((m) => grouped.add(m.key));
    groups.push(g.map((m) => m.key));
  }
  return groups;
}

function variantRow(v, picked, input) {
  const num = v.takes_value ? h('input', { type: 'number', min: 1, class: 'variant-value', dataset: { key: v.key }, value: picked.get(v.key) ?? '', 'aria-label': `${v.name}: X` }) : null;
  return h('div', { class: 'variant', dataset: { key: v.key } }, input,
    h('label', { for: input.id }, h('strong', {}, v.name), num ? [' X = ', num] : null),
    h('div', { class: 'summary' }, v.summary),
    (v.constraints || []).map((c) => h('div', { class: 'summary rule' }, c.rule)),
    // A variant Gauntlet does not apply is offered disabled, with why (the engine refuses it too).
    v.unsupported ? h('div', { class: 'summary rule unsupported' }, `Not supported: ${v.unsupported.reason}`) : null,
    v.rumble ? [v.rumble.points_rule, v.rumble.scenarios_rule, v.rumble.timing_advice].map((r) => h('div', { class: 'summary rule' }, r)) : null);
}

// The point sizes on offer: the edition's standard sizes, and with a Rumble variant chosen every
// size of its range too (SR2017 "Rumble": "15–35 army points").
export function pointChoices(ed, chosenKeys) {
  const sizes = new Set(ed.point_sizes);
  for (const v of ed.variants || [])
    if (v.rumble && chosenKeys.includes(v.key))
      for (let p = v.rumble.min_points; p <= v.rumble.max_points; p += 1) sizes.add(p);
  return [...sizes].sort((a, b) => a - b);
}

const chosenKeys = (form) => [...form.querySelectorAll('input.variant-input:checked')].map((i) => i.value).filter(Boolean);

// Refills the points select for the variants chosen, keeping the size picked when still offered.
function fillPoints(form, ed, want) {
  const sizes = pointChoices(ed, chosenKeys(form));
  const keep = sizes.includes(want) ? want : sizes.includes(75) ? 75 : sizes[0];
  options(form.points, sizes.map((p) => [p, ed.point_sizes.includes(p) ? `${p}` : `${p} (Rumble)`]), keep);
}

function categoryFields(cat, vs, picked) {
  const groups = choiceGroups(vs);
  const inGroup = new Map(groups.flatMap((g, i) => g.map((k) => [k, i])));
  const done = new Set();
  const parts = [];
  for (const v of vs) {
    if (!inGroup.has(v.key)) {
      parts.push(variantRow(v, picked, h('input', { type: 'checkbox', class: 'variant-input', name: `variant-${v.key}`, value: v.key, id: `v-${v.key}`, checked: picked.has(v.key) })));
      continue;
    }
    const gi = inGroup.get(v.key);
    if (done.has(gi)) continue;
    done.add(gi);
    const name = `variant-${cat}-${gi}`;
    const members = vs.filter((u) => inGroup.get(u.key) === gi);
    const none = h('input', { type: 'radio', class: 'variant-input', name, value: '', id: `v-${cat}-${gi}-none`, checked: !members.some((u) => picked.has(u.key)) });
    parts.push(h('div', { class: 'choice-group', role: 'radiogroup', 'aria-label': `${cat.replace(/-/g, ' ')}: one of` },
      h('div', { class: 'variant' }, none, h('label', { for: none.id }, h('strong', {}, 'None'), ' — the edition\'s baseline')),
      members.map((u) => variantRow(u, picked, h('input', { type: 'radio', class: 'variant-input', name, value: u.key, id: `v-${u.key}`, checked: picked.has(u.key) })))));
  }
  return parts;
}

// A variant whose requirement is not chosen, or that a chosen one excludes, cannot be picked. A
// variant "alone in its category" can always be picked: choosing it unchooses the rest.
export function applyConstraints(form, ed) {
  const inputs = [...form.querySelectorAll('input.variant-input')].filter((i) => i.value);
  const picked = inputs.filter((i) => i.checked && !i.disabled);
  const chosen = new Set(picked.map((i) => i.value));
  const byKey = new Map((ed.variants || []).map((v) => [v.key, v]));
  for (const i of inputs) {
    const v = byKey.get(i.value);
    if (!v) continue;
    // Radio peers exclude each other by being one choice; only other inputs can block this one.
    const others = picked.filter((o) => o.name !== i.name).map((o) => byKey.get(o.value)).filter(Boolean);
    const blocked = Boolean(v.unsupported) || requires(v).some((r) => !chosen.has(r)) ||
      others.some((o) => (o.category === v.category && alone(o)) || excludes(o).includes(v.key) || excludes(v).includes(o.key));
    i.disabled = blocked || form.dataset.locked === 'true';
    if (blocked && i.checked) {
      i.checked = false;
      if (i.type === 'radio') { const none = form.querySelector(`input[name="${CSS.escape(i.name)}"][value=""]`); if (none) none.checked = true; }
      return applyConstraints(form, ed);  // one change can unblock or block others
    }
  }
}

function renderEdition(ctx, chosen) {
  const form = $('#setup-form');
  const ed = ctx.data.editions.find((e) => e.id === form.edition.value);
  if (!ed) return fill($('#variants'), h('p', { class: 'muted' }, 'No edition data (GET /api/editions).'));
  const points = Number(form.points.dataset.want || form.points.value) || undefined;
  delete form.points.dataset.want;
  const byCat = new Map();
  for (const v of ed.variants || []) {
    if (!byCat.has(v.category)) byCat.set(v.category, []);
    byCat.get(v.category).push(v);
  }
  const picked = new Map(chosen.map((c) => [c.key, c.value]));
  fill($('#variants'), h('h3', {}, `${ed.id} variants`), [...byCat].map(([cat, vs]) => h('fieldset', { dataset: { category: cat } },
    h('legend', {}, cat.replace(/-/g, ' ')), categoryFields(cat, vs, picked))));
  applyConstraints(form, ed);
  fillPoints(form, ed, points);
  const count = (ctx.data.summary.players || []).filter((p) => p.status !== 'dropped').length;
  const computed = roundsFor(ed, Math.max(count, 2));
  $('#rounds-note').textContent = `${count} player(s) registered: ${computed ?? '?'} rounds by attendance (${ed.id}); planned now: ${ctx.data.summary.planned_rounds ?? '?'}. Leave Rounds empty to follow attendance.`;
}

const started = (ctx) => Boolean(ctx.data.summary.current_round) || ctx.data.summary.rounds_played > 0;
// Once round 1 is paired only the added factions (and the save button) stay open.
function lock(form, locked) {
  form.dataset.locked = String(locked);
  for (const el of form.elements) {
    if (!locked && el.classList.contains('variant-input')) continue;  // applyConstraints decides those
    el.disabled = locked && el.name !== 'factions' && el.type !== 'submit';
  }
}

export function init(ctx) {
  const form = $('#setup-form');
  form.addEventListener('input', () => (dirty = true));
  form.edition.addEventListener('change', () => renderEdition(ctx, []));
  form.addEventListener('change', (e) => {
    const ed = ctx.data.editions.find((x) => x.id === form.edition.value);
    if (ed && e.target.classList.contains('variant-input')) {
      applyConstraints(form, ed);
      fillPoints(form, ed, Number(form.points.value));
    }
  });
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
    const variants = [...form.querySelectorAll('input.variant-input:checked')].filter((b) => b.value).map((b) => {
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
