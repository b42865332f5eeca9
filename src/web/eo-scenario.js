// EO console, the scenario of the round being proposed (issue 12 point 4): announced in the event's
// plan, rolled on the edition's table (never one already played), re-rolled, or chosen by the EO;
// when every scenario has been played the EO must choose the one to repeat. The choice is sent with
// the pair-round command and journaled with the round; players see it once the round is published
// (SR2017 "the EO should not announce the scenario until the start of the round").
import { h, flash, $ } from './dom.js';

const sheetHref = (edition, key) => `/api/editions/${encodeURIComponent(edition)}/scenarios/${encodeURIComponent(key)}.svg`;

// Fills draft.scenarioChoice and draft.scenario (the key to publish) from the server.
export async function loadScenario(ctx, draft, draw = 1) {
  try {
    const choice = await ctx.ev.nextScenario(draw);
    draft.scenarioChoice = choice;
    draft.scenario = choice.key || '';
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

// The box in the proposal card. `rerender` redraws the card after a change.
export function scenarioBox(ctx, draft, rerender) {
  const c = draft.scenarioChoice;
  if (!c) return null;
  const edition = ctx.data.summary.edition;
  const select = h('select', { id: 'scenario-pick', 'aria-label': `Scenario of round ${c.round}` },
    h('option', { value: '' }, c.how === 'exhausted' ? 'Choose the scenario to repeat…' : 'Choose…'),
    c.options.map((o) => h('option', {
      value: o.key, selected: o.key === draft.scenario,
      // Not open: played, or (SR2013) its group must wait until every group has been chosen.
      disabled: o.open === false && c.how !== 'exhausted',
    }, `${o.name}${o.group ? ` [${o.group}]` : ''}${o.played_in ? ` (played in round ${o.played_in})` : ''}`)));
  select.addEventListener('change', () => { draft.scenario = select.value; rerender(); });
  const chosen = draft.scenario && draft.scenario !== c.key;
  const name = (key) => (c.options.find((o) => o.key === key) || {}).name || key;
  return h('div', { id: 'scenario-choice', class: c.how === 'exhausted' && !draft.scenario ? 'flash warn' : '' },
    h('h3', {}, 'Scenario'),
    h('p', { id: 'scenario-text' }, chosen ? `Round ${c.round}: ${name(draft.scenario)}, chosen by the EO.` : c.text),
    h('div', { class: 'row' }, select,
      c.how !== 'exhausted' && c.how !== 'announced'
        ? h('button', { type: 'button', class: 'secondary small', id: 'scenario-reroll', title: 'Another draw (never a scenario already played)',
          onclick: async () => { await loadScenario(ctx, draft, c.draw + 1); rerender(); } }, `Roll again (roll ${c.draw + 1})`)
        : null,
      draft.scenario ? h('a', { id: 'scenario-preview', href: sheetHref(edition, draft.scenario), target: '_blank', rel: 'noopener' }, 'sheet') : null),
    h('p', { class: 'small muted' }, 'Secret until you publish: players see it on their phones when the round is published.'));
}

// What publishing needs from the choice: the key, or a refusal naming the field.
export function scenarioForPublish(draft) {
  const c = draft.scenarioChoice;
  if (c && c.how === 'exhausted' && !draft.scenario)
    return { error: `scenario: every scenario has been played; choose the one to repeat in round ${c.round}` };
  return { key: draft.scenario || '' };
}
