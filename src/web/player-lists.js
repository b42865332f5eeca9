// A player's lists on their phone (issue 13 point 1): before the event starts, paste the list as War
// Room or Conflict Chamber exports it (or the JSON) and send it; the server reads every line and
// refuses the list whole, naming each line it cannot read. After round 1 is paired the lists are
// locked (SR2017 "Army Lists") and the card only says how many are registered.
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

export function showLists(card, ev, summary, p, loggedIn, onSaved, loginForm) {
  const started = Boolean(summary.current_round);
  const count = Math.max(summary.lists || 1, 1);
  const key = JSON.stringify([p.id, p.lists, started, loggedIn, count]);
  if (card.dataset.key === key) return;  // a live refresh keeps what is being pasted
  card.dataset.key = key;
  card.hidden = false;
  const have = p.lists ? `${p.lists} of ${count} list${count > 1 ? 's' : ''} registered.` : 'No list registered yet.';
  if (started) {
    return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have),
      h('p', { class: 'small muted' }, 'Lists are locked once the event has started.'));
  }
  // Before round 1 there is no table to report from: the PIN is asked for here.
  if (!loggedIn) {
    return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have),
      h('p', { class: 'small muted' }, 'Log in with the PIN on your slip to send your list.'), loginForm());
  }
  const text = h('textarea', { name: 'text', id: 'list-text', rows: 8, required: true, 'aria-label': 'Your list as exported',
    placeholder: 'War Room Army\n\nCygnar - My list\n\n75 / 75 Army\n\nCaptain Victoria Haley - WJ: +28\n-    Stormclad - PC: 19\n…' });
  const which = count > 1 ? h('label', {}, 'List number ', h('select', { name: 'index', id: 'list-index' },
    Array.from({ length: count }, (_, i) => h('option', { value: i + 1 }, `List ${i + 1}`)))) : null;
  const note = h('div', { class: 'flash', id: 'list-import-flash', hidden: true });
  const form = h('form', { class: 'stack', id: 'list-import' },
    h('label', { for: 'list-text' }, 'Paste your list as War Room or Conflict Chamber exports it (or its JSON)'), text, which,
    h('button', { type: 'submit' }, 'Send list'), note);
  form.addEventListener('submit', inFlight(async (e) => {
    e.preventDefault();
    try {
      const body = { text: text.value, ...(which ? { index: Number(form.index.value) } : {}) };
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
  return fill(card, h('h2', {}, 'My lists'), h('p', { id: 'lists-status' }, have), form);
}
