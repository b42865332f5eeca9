// The army-points calculator on a result form (issue 13 point 4, docs/api.md): one player's list
// played, entry by entry; the reporter marks what was destroyed and the server counts it by the
// event's edition (POST /api/events/{id}/army-points), each line with why. The total fills the
// form's AP box and the marks travel with the result ("destroyed"), unless the number is typed over.
//
//   const c = apCalc(ev, { owner: 'p2', whose: "Boris's", list: () => 2, id: 'calc-theirs' });
//   form.append(c.el);
//   c.onCounted((total) => { form.ap0.value = total; });
//   c.marksFor(form.ap0.value);  // [{entry, models, inert?, again?}], or null once the AP is typed over
import { h, fill, flash } from './dom.js';

const KIND = { leader: 'warcaster/warlock', warjack: 'warjack', warbeast: 'warbeast', unit: 'unit', solo: 'solo',
  battle_engine: 'battle engine', 'battle-engine': 'battle engine', attachment: 'attachment', other: '' };

export function apCalc(ev, { owner, whose, list, id, title, initial = [] }) {
  const status = h('div', { class: 'flash', hidden: true });
  const rows = h('div', { class: 'ap-rows' });
  const lines = h('div', { class: 'ap-lines', 'aria-live': 'polite' });
  // A concession or clock-out the edition scores "as an assassination ... using current table
  // conditions": the server adds the warcaster/warlock and, where it counts, the inert battlegroup.
  const assassination = h('input', { type: 'checkbox', name: 'as-assassination' });
  const asRow = h('label', { class: 'small' }, assassination,
    ' The owner conceded or their clock ran out: score it as an assassination on the table as it is');
  const el = h('details', { class: 'ap-calc', id }, h('summary', {}, title), status, asRow, rows, lines);
  let data = null, shownList = null, counted = () => {}, total = null, asked = 0;
  let marks = [];

  const current = () => {
    const n = data ? data.lists.length : 0;
    return list() || (n === 1 ? 1 : null);
  };

  function read() {
    marks = [...rows.querySelectorAll('.ap-entry')].map((r) => {
      const q = (n) => r.querySelector(`[name=${n}]`);
      const models = q('models') ? Number(q('models').value) || 0 : q('gone') && q('gone').checked ? 1 : 0;
      const m = { entry: Number(r.dataset.entry), models };
      if (q('inert') && q('inert').checked) m.inert = true;
      if (q('again') && Number(q('again').value) > 0) m.again = Number(q('again').value);
      r.querySelector('.again').hidden = !m.models && !m.again;
      return m;
    }).filter((m) => m.models || m.inert || m.again);
  }

  async function count() {
    read();
    const n = ++asked;
    if (!marks.length && !assassination.checked) {
      total = 0;
      fill(lines, h('p', { class: 'small muted' }, 'Nothing marked: 0 army points destroyed.'));
      return counted(0);
    }
    try {
      const body = { player: owner, list: shownList, destroyed: marks };
      if (assassination.checked) body.as_assassination = true;
      const d = await ev.armyPoints(body);
      if (n !== asked) return null;  // a newer mark is on its way
      total = d.total;
      marks = d.destroyed;  // what was counted, the assassination's additions included
      fill(lines, h('ul', { class: 'small' }, d.lines.map((l) => h('li', {}, h('strong', {}, `${l.name}: ${l.points}`), ` — ${l.why}`))),
        h('p', { class: 'big ap-total' }, `${d.total} army points destroyed`), h('p', { class: 'small muted' }, d.rule));
      flash(status, '');
      return counted(d.total);
    } catch (err) {
      if (n === asked) flash(status, err, 'error');
      return null;
    }
  }

  function entryRow(e, i) {
    const label = `${e.name} (${e.kind === 'leader' ? `+${e.cost}` : e.cost})`;
    const controls = e.models > 1
      ? h('label', {}, h('input', { type: 'number', name: 'models', min: 0, max: e.models, value: 0, inputmode: 'numeric', 'aria-label': `${e.name}: models destroyed` }), ` of ${e.models} destroyed`)
      : h('label', {}, h('input', { type: 'checkbox', name: 'gone', 'aria-label': `${e.name} destroyed` }), ' destroyed');
    const inert = e.kind === 'warjack' || e.kind === 'warbeast'
      ? h('label', { class: 'small' }, h('input', { type: 'checkbox', name: 'inert' }), e.kind === 'warjack' ? ' inert' : ' wild') : null;
    // Only for what was destroyed: a model returned to play and destroyed again scores again.
    const again = h('label', { class: 'small again', hidden: true }, 'returned to play and destroyed again ×',
      h('input', { type: 'number', name: 'again', min: 0, value: 0, inputmode: 'numeric', class: 'tiny', 'aria-label': `${e.name}: destroyed before and returned to play` }));
    return h('div', { class: 'ap-entry', dataset: { entry: i } },
      h('div', {}, h('strong', {}, label), KIND[e.kind] ? h('span', { class: 'small muted' }, ` ${KIND[e.kind]}`) : null),
      h('div', { class: 'row' }, controls, inert, again));
  }

  function render() {
    const n = current();
    shownList = n;
    if (!data.lists.length) return fill(rows, h('p', { class: 'small muted' }, `No list registered for ${whose} army: type the number instead.`));
    if (!n) return fill(rows, h('p', { class: 'small muted' }, 'Choose the list played above first.'));
    const l = data.lists[n - 1];
    if (!l) return fill(rows, h('p', { class: 'small muted' }, `There is no list ${n}.`));
    fill(rows, h('p', { class: 'small muted' }, `List ${n}: mark what was destroyed or removed from play by the end of the game.`), l.entries.map(entryRow));
    fill(lines);
    marks = [];
    // Marks the result already carries (a report, a recorded result): shown, and counted again.
    if (!initial.length) return null;
    for (const m of initial) {
      const r = rows.querySelector(`.ap-entry[data-entry="${m.entry}"]`);
      if (!r) continue;
      const set = (n, v) => { const el = r.querySelector(`[name=${n}]`); if (el) el[el.type === 'checkbox' ? 'checked' : 'value'] = v; };
      set('models', m.models);
      set('gone', m.models > 0);
      set('inert', Boolean(m.inert));
      set('again', m.again || 0);
    }
    initial = [];
    return count();
  }

  rows.addEventListener('input', count);
  assassination.addEventListener('change', () => { if (shownList) count(); });
  el.addEventListener('toggle', async () => {
    if (!el.open) return;
    if (!data) {
      try {
        data = await ev.playerLists(owner);
      } catch (err) {
        return flash(status, err, 'error');
      }
    }
    if (shownList !== current() || !rows.children.length) render();
    return null;
  });
  return {
    el,
    onCounted(fn) { counted = fn; },
    // The list played changed above: show that one (the marks start again).
    refresh() { if (data && el.open && shownList !== current()) { render(); total = null; } },
    // The marks, when the form's AP still says what they count (else the number was typed over).
    marksFor(ap) { return total !== null && marks.length && Number(ap) === total ? marks : null; },
  };
}

// The two calculators of a player's report: what each of them destroyed of the other's list.
export function reportCalculators(ev, form, { me, opp }) {
  const mine = apCalc(ev, { owner: opp.id, whose: `${opp.name}'s`, list: () => Number(form.list1 && form.list1.value) || null, id: 'calc-theirs',
    title: `Count what you destroyed of ${opp.name}'s army` });
  const theirs = apCalc(ev, { owner: me, whose: 'your', list: () => Number(form.list0 && form.list0.value) || null, id: 'calc-mine',
    title: 'Count what your opponent destroyed of your army' });
  mine.onCounted((t) => { form.ap0.value = t; });
  theirs.onCounted((t) => { form.ap1.value = t; });
  form.addEventListener('change', (e) => { if (e.target.name === 'list0' || e.target.name === 'list1') { mine.refresh(); theirs.refresh(); } });
  return {
    els: [mine.el, theirs.el],
    // The "destroyed" of my result and of my opponent's, in the form's order (mine, theirs).
    marks: () => [mine.marksFor(form.ap0.value), theirs.marksFor(form.ap1.value)],
  };
}
