// EO console, Print tab (issue 14): every printout as a PDF the server makes (Cairo) or as a
// print-ready page for the browser's own print dialog, on A4 or US Letter. The same documents as
// `gauntlet print KIND`.
import { $, h, fill, options } from './dom.js';

// [kind, label, asks for a round, what the round means]
const KINDS = [
  ['pairings', 'Pairings by table', 'Round'],
  ['wall', 'Pairings by name, for the wall', 'Round'],
  ['table-slips', 'Table slips (one per table)', 'Round'],
  ['standings', 'Standings', 'After round'],
  ['record-sheets', 'Player record sheets (pre-filled)', null],
  ['pin-slips', 'PIN slips', null],
  ['results', 'Final results', null],
  ['scenario-sheet', 'Scenario sheet of the round', 'Round'],
];

const PAPER_KEY = 'gauntlet.paper';

function address(ctx, kind, round, paper, format) {
  const q = new URLSearchParams({ paper, format });
  if (round) q.set('round', round);
  return `/api/events/${encodeURIComponent(ctx.id)}/print/${kind}?${q}`;
}

export function init() {
  $('#print-paper').addEventListener('change', (e) => localStorage.setItem(PAPER_KEY, e.target.value));
}

export function render(ctx) {
  const current = ctx.data.summary.current_round;
  const rounds = current ? current.number : 0;
  const paper = $('#print-paper');
  paper.value = localStorage.getItem(PAPER_KEY) || paper.value;
  const rows = KINDS.map(([kind, label, roundLabel]) => {
    const needsRound = roundLabel && kind !== 'standings';
    const select = h('select', { name: `round-${kind}`, 'aria-label': `${label}: ${roundLabel || ''}` });
    options(select, Array.from({ length: rounds }, (_, i) => [i + 1, `${roundLabel} ${i + 1}`]), rounds);
    const pdf = h('a', { class: 'button', target: '_blank', rel: 'noopener', dataset: { kind, format: 'pdf' } }, 'PDF');
    const page = h('a', { class: 'button secondary', target: '_blank', rel: 'noopener', dataset: { kind, format: 'html' } }, 'Print page');
    const update = () => {
      const round = roundLabel && rounds ? select.value : '';
      pdf.href = address(ctx, kind, round, paper.value, 'pdf');
      page.href = address(ctx, kind, round, paper.value, 'html');
    };
    select.addEventListener('change', update);
    paper.addEventListener('change', update);
    update();
    const disabled = needsRound && !rounds;
    for (const a of [pdf, page]) {
      a.toggleAttribute('aria-disabled', disabled);
      if (disabled) a.removeAttribute('href');
    }
    return h('li', { class: 'print-row', dataset: { kind } },
      h('span', { class: 'print-label' }, label),
      roundLabel && rounds ? select : h('span', { class: 'small muted' }, needsRound ? 'after round 1 is paired' : ''),
      pdf, page);
  });
  fill($('#print-list'), ...rows);
}
