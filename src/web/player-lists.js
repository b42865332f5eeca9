// A player's lists on their phone (issue 13 point 1): before the event starts, paste the list as War
// Room or Conflict Chamber exports it (or the JSON) and send it; the server reads every line and
// refuses the list whole, naming each line it cannot read. After round 1 is paired the lists are
// locked (SR2017 "Army Lists"); a logged-in player can open their lists entry by entry.
//
//   showLists($('#lists-card'), ev, summary, player, loggedIn(), onSaved, () => pinForm);
import { h, fill, flash, inFlight } from './dom.js';

// "list, line 13: 2 lines refused, nothing imported: line 13 '…': reason; line 16 '…': reason (rule)"
// as a heading and one item a line, easier to read on a phone than one paragraph.
function refusal(note, err) {
  const text = err instanceof Error ? err.message : String(err);
  const at = text.indexOf('nothing imported: ');
  if (at < 0) return flash(note, err, 'error');
  flash(note, text.slice(0, at + 16), 'error');
  const rest = text.slice(at + 18).replace(/ \(army list import .*\)$/, '');
  return note.append(h('ul', { class: 'refused-lines' }, rest.split(/; (?=line \d+ )/).map((l) => h('li', {}, l))));
}

// A player's lists, entry by entry, fetched when opened: their own (the PIN), an opponent's (once the
// lists lock), anyone's once the EO publishes them.
export function listDetails(ev, pid, label, id) {
  const box = h('details', { id }, h('summary', {}, label));
  box.addEventListener('toggle', async () => {
    if (!box.open || box.querySelector('.list-view')) return;
    try {
      const r = await ev.playerLists(pid);
      box.append(...r.lists.map((l) => h('div', { class: 'list-view' }, h('h3', {}, `List ${l.index} — ${l.points} points`),
        h('ul', { class: 'small' }, l.entries.map((e) => h('li', {}, e.kind === 'leader' ? h('strong', {}, `${e.name} (+${e.cost})`)
          : `${e.kind === 'attachment' ? '— ' : ''}${e.name}${e.models > 1 ? ` (${e.models} models)` : ''}: ${e.cost}`))))));
    } catch (err) {
      box.append(h('p', { class: 'flash error' }, err.message || String(err)));
    }
  });
  return box;
}

const contents = (ev, p) => listDetails(ev, p.id, 'Show the lists', 'my-list-contents');

export function showLists(card, ev, summary, p, loggedIn, onSaved, loginForm) {
  // The server's one rule (lists_open): open until the first round the player plays is paired, so a
  // late entry sends their lists after the event has started.
  const locked = p.lists_open === undefined ? Boolean(summary.current_round) : !p.lists_open;
  const count = Math.max(summary.lists || 1, 1);
  const key = JSON.stringify([p.id, p.lists, locked, loggedIn, count, summary.lists_published]);
  if (card.dataset.key === key) return;  // a live refresh keeps what is being pasted
  card.dataset.key = key;
  card.hidden = false;
  const have = p.lists ? `${p.lists} of ${count} list${count > 1 ? 's' : ''} registered.` : 'No list registered yet.';
  if (locked) {
    return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have),
      h('p', { class: 'small muted' }, summary.lists_published ? 'Lists are locked; the EO has published them.' : 'Lists are locked once your first round is paired.'),
      (loggedIn || summary.lists_published) && p.lists ? contents(ev, p) : null);
  }
  // Before round 1 there is no table to report from: the PIN is asked for here.
  if (!loggedIn) {
    return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have),
      h('p', { class: 'small muted' }, 'Log in with the PIN on your slip to send your list.'), loginForm());
  }
  const text = h('textarea', { name: 'text', id: 'list-text', rows: 8, required: true, 'aria-label': 'Your list as exported',
    placeholder: 'War Room Army\n\nCygnar - My list\n\n75 / 75 Army\n\nCaptain Victoria Haley - WJ: +28\n-    Stormclad - PC: 19\n…' });
  // The lists fill in order (list 2 after list 1): the next empty one is chosen, so a second paste
  // adds a list; a registered one is chosen only on purpose, and sending over it asks first.
  const registered = p.lists || 0;
  const next = Math.min(registered + 1, count);
  const which = count > 1 ? h('label', {}, 'List number ', h('select', { name: 'index', id: 'list-index' },
    Array.from({ length: next }, (_, i) => h('option', { value: i + 1, selected: i + 1 === next },
      `List ${i + 1}${i < registered ? ' (registered: sending replaces it)' : ''}`)))) : null;
  const note = h('div', { class: 'flash', id: 'list-import-flash', hidden: true });
  const ask = h('div', { id: 'list-replace', class: 'flash warn', role: 'alert', hidden: true });
  const form = h('form', { class: 'stack', id: 'list-import' },
    h('label', { for: 'list-text' }, 'Paste your list as War Room or Conflict Chamber exports it (or its JSON)'), text, which,
    h('button', { type: 'submit' }, 'Send list'), ask, note);
  let replacing = 0;  // the registered list the player said yes to replacing
  const unask = () => { replacing = 0; ask.hidden = true; fill(ask); };
  text.addEventListener('input', unask);
  if (which) form.index.addEventListener('change', unask);
  form.addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    const index = which ? Number(form.index.value) : 1;
    if (index <= registered && replacing !== index) {
      flash(note, '');
      fill(ask, h('p', {}, `List ${index} is already registered. Sending this list replaces it; the other stays as it is.`),
        h('div', { class: 'row actions' },
          h('button', { type: 'button', onclick: () => { replacing = index; form.requestSubmit(); } }, `Replace list ${index}`),
          h('button', { type: 'button', class: 'secondary', onclick: unask }, 'Cancel')));
      ask.hidden = false;
      return;
    }
    try {
      const body = { text: text.value, ...(which ? { index } : {}) };
      const r = await ev.importList(body);
      const l = r.command.list;
      const leader = l.entries.find((x) => x.kind === 'leader');
      text.value = '';
      card.dataset.key = '';
      onSaved(`List ${r.command.index} saved: ${r.imported.format} list${r.imported.title ? ` '${r.imported.title}'` : ''}, ${l.entries.length} entries led by ${leader ? leader.name : '?'}.`);
    } catch (err) {
      refusal(note, err);  // every refused line, with the reason; nothing was saved
    }
  }));
  return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have), p.lists ? contents(ev, p) : null, form);
}
