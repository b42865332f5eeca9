// The adjudication wizard on a result form (issue 13 point 5, docs/adjudication.md): how the game
// ended, who, and the facts the event's ladder reads; the server decides (POST
// /api/events/{id}/adjudicate with the event's own edition and victory variants) and every step
// is shown with the rule it applied. "Use this result" hands the decision back to the form.
//
//   const w = wizard(ev, { names: ['You', 'Opponent'], read: () => ({ cp: [3, 3], ap: [20, 35] }) });
//   form.append(w.el);                      // the questions, the Decide button, the steps
//   w.onDecided((d) => ...);                // d: {winner: 1|2|null, victory, records, steps}
import { h, fill, flash } from './dom.js';

const ENDINGS = {
  assassination: 'Assassination: only one player has a warcaster/warlock left',
  scenario: 'Scenario victory during the game',
  clock: 'A clock ran out',
  'dice-down': 'Time ran out (dice down)',
  'expected-end': 'Expected end of the round (5+ minutes on the clocks)',
  'game-length': 'The last turn was played',
  'casters-destroyed': 'Every warcaster/warlock destroyed at once',
  'no-models': 'One player has no models left',
  concession: 'Concession',
  'mangled-metal': 'Mangled Metal: every enemy warjack and warbeast gone',
};
const WHO = {
  scenario: 'Who met the scenario\'s condition?', clock: 'Whose clock ran out?', concession: 'Who conceded?',
  'mangled-metal': 'Who destroyed every enemy warjack and warbeast?',
};
// The facts beside CP and AP destroyed (read from the form itself), with what each means.
const FACTS = {
  casters: ['Warcasters/warlocks left', 1],
  ap_remaining: ['Own army points left (only needed when still tied)', ''],
  ap_in_area: ['…of those in the scenario\'s area (counted twice)', ''],
  presence: ['Scenario presence: points in zones / B2B with flags (only when still tied)', ''],
  starting_army: ['Points of the list played (a concession halves it)', ''],
  battlegroup: ['Battlegroup warjacks/warbeasts still in play, in points (a concession or clock-out scored as an assassination leaves them inert or wild)', ''],
};

export function wizard(ev, { names, read, from = 'the form above' }) {
  const status = h('div', { class: 'flash', hidden: true, id: 'wizard-flash' });
  const steps = h('div', { class: 'wizard-steps', id: 'wizard-steps' });
  const el = h('div', { class: 'wizard stack', id: 'wizard' }, h('p', { class: 'muted small' }, 'Loading the questions…'));
  let shape = null, decided = () => {};
  const num = (name, value, label) => h('input', { type: 'number', min: 0, inputmode: 'numeric', name, value, 'aria-label': label });

  function build() {
    const end = h('select', { name: 'w-end', id: 'wizard-end', 'aria-label': 'How the game ended' },
      h('option', { value: '' }, '—'), shape.endings.map((e) => h('option', { value: e.key }, ENDINGS[e.key] || e.key)));
    const whoLabel = h('span', {});
    const who = h('select', { name: 'w-who', id: 'wizard-who' }, h('option', { value: '' }, '—'),
      names.map((n, i) => h('option', { value: i + 1 }, n)));
    const whoRow = h('label', { hidden: true }, whoLabel, ' ', who);
    const clockWin = h('input', { type: 'checkbox', name: 'w-clock-win', id: 'wizard-clock-win' });
    const clockRow = h('label', { hidden: true, class: 'small' }, clockWin,
      ' Scored when the clock ran out, that player had a scenario victory (5 more CP)');
    const extra = shape.facts.filter((f) => FACTS[f]);
    const grid = h('div', { class: 'sides' }, h('span'), names.map((n) => h('strong', {}, n)),
      extra.map((f) => [h('span', { class: 'small' }, FACTS[f][0]),
        [0, 1].map((i) => num(`w-${f}${i}`, FACTS[f][1], `${FACTS[f][0]}: ${names[i]}`))]));
    const sync = () => {
      const e = shape.endings.find((x) => x.key === end.value);
      whoRow.hidden = !(e && e.player);
      whoLabel.textContent = WHO[end.value] || 'Who?';
      clockRow.hidden = !(end.value === 'clock' && shape.clock_scenario_win);
    };
    end.addEventListener('change', sync);
    const go = h('button', { type: 'button', id: 'wizard-decide', class: 'secondary' }, 'Decide');
    go.addEventListener('click', async () => {
      flash(status, '');
      if (!end.value) return flash(status, 'How did the game end? Pick one above.', 'error');
      const { cp, ap } = read();
      const players = [0, 1].map((i) => {
        const p = { cp: cp[i], ap_destroyed: ap[i] };
        for (const f of extra) {
          const v = el.querySelector(`[name=w-${f}${i}]`).value;
          if (v !== '') p[f] = Number(v);
        }
        return p;
      });
      const facts = { end: end.value, players };
      if (!whoRow.hidden && who.value) facts.player = Number(who.value);
      if (!clockRow.hidden && clockWin.checked) facts.clock_scenario_win = true;
      go.disabled = true;
      try {
        show(await ev.adjudicate(facts));
      } catch (err) {
        fill(steps);
        flash(status, err, 'error');
      } finally {
        go.disabled = false;
      }
    });
    fill(el, h('label', {}, 'How did the game end? ', end), whoRow, clockRow,
      extra.length ? grid : null, h('p', { class: 'small muted' }, `CP and AP destroyed are taken from ${from}.`),
      go, status, steps);
  }

  function show(d) {
    const verdict = d.winner ? `Winner: ${names[d.winner - 1]} (${d.victory})` : `A tie (${d.victory})`;
    // The server numbers the players as the facts do; the form knows their names.
    const named = (text) => text.replace(/\b([Pp]layer) ([12])\b/g, (m, w, n) => `${w} ${n} (${names[n - 1]})`);
    const use = h('button', { type: 'button', id: 'wizard-use' }, 'Use this result');
    use.addEventListener('click', () => decided(d));
    fill(steps, h('ol', { class: 'small' }, d.steps.map((s) => h('li', { class: s.decided ? 'decided' : '' },
      s.decided ? h('strong', {}, named(s.text)) : named(s.text), h('div', { class: 'muted' }, s.rule)))),
    h('p', { class: 'big', id: 'wizard-verdict' }, verdict),
    h('p', { class: 'small' }, d.records.map((r, i) => `${names[i]}: ${r.outcome}, ${r.cp} CP, ${r.ap} AP`).join(' · ')),
    use);
  }

  ev.wizardShape().then((s) => { shape = s; build(); }).catch((err) => { fill(el, status); flash(status, err, 'error'); });
  return { el, onDecided(fn) { decided = fn; } };
}
