// EO console: one modal panel (<dialog id="dialog"> in eo.html) for the choices that need a second
// look before anything is written — a drop after publishing, an undo. Buttons only (no hover), big
// enough to tap on a phone; Escape or Cancel closes it and writes nothing.
//
//   const d = openDialog({ kind: 'undo', title: 'Undo', content: [h('p', {}, '…')], confirmText: 'Undo',
//     onConfirm: async (d) => { await write(); } });   // resolves → closes; throws → message shown, stays open
//   d.setReady(false);  // Confirm disabled (e.g. while a preview loads)
import { $, h, fill, flash } from './dom.js';

export function openDialog({ kind, title, content, confirmText = 'Confirm', onConfirm }) {
  const el = $('#dialog');
  if (el.open) el.close();
  const body = h('div', { class: 'dialog-body', id: 'dialog-body' }, content);
  const note = h('div', { class: 'flash', id: 'dialog-flash', hidden: true });
  const ok = h('button', { type: 'button', id: 'dialog-confirm' }, confirmText);
  const cancel = h('button', { type: 'button', class: 'secondary', id: 'dialog-cancel' }, 'Cancel');
  let ready = true, busy = false;
  const sync = () => { ok.disabled = !ready || busy; };
  const d = {
    el, body, note,
    setReady(v) { ready = Boolean(v); sync(); },
    show(message, level = 'error') { flash(note, message, level); },
    close() { if (el.open) el.close(); },
    // After a refusal the Confirm button has nothing left to do: only Close.
    finish() { ok.remove(); cancel.textContent = 'Close'; },
  };
  ok.addEventListener('click', async () => {
    busy = true;
    sync();
    flash(note, '');
    try {
      if ((await onConfirm(d)) !== false) d.close();
    } catch (e) {
      d.show(e);
    } finally {
      busy = false;
      sync();
    }
  });
  cancel.addEventListener('click', () => d.close());
  el.dataset.kind = kind;
  fill(el, h('h2', { id: 'dialog-title' }, title), body, note, h('div', { class: 'row dialog-actions' }, ok, cancel));
  el.showModal();
  ok.focus();
  return d;
}
