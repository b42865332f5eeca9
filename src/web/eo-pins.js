// EO console, PIN slips: one slip per player with the address of their page (the one phones can
// reach, from the server: never this browser's, which is often 127.0.0.1) and its QR code; printable.
import { $, h, fill, flash } from './dom.js';
import { qrImage } from './render.js';

export function init() {
  $('#print-pins').addEventListener('click', () => window.print());
}


function warning(join) {
  const el = $('#join-warning') || h('p', { id: 'join-warning', class: 'flash warn no-print', role: 'status' });
  if (!$('#join-warning')) $('#slips').before(el);
  el.textContent = join.reachable ? '' : join.how;
  el.hidden = join.reachable;
}

export async function render(ctx) {
  try {
    const [{ pins }, join] = await Promise.all([ctx.ev.pins(), ctx.ev.join()]);
    warning(join);
    fill($('#slips'), pins.map((p) => {
      const url = `${join.url}&player=${encodeURIComponent(p.id)}`;
      return h('div', { class: 'slip', dataset: { player: p.id } },
        h('div', { class: 'small muted' }, ctx.data.summary.name),
        h('div', { class: 'name' }, p.name, h('span', { class: 'muted small' }, ` (${p.id})`)),
        h('div', { class: 'pin' }, p.pin),
        h('div', { class: 'slip-join' }, qrImage(ctx.id, p.id, `QR code of ${p.name}'s page`),
          h('div', { class: 'small join-url' }, url)));
    }));
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}
