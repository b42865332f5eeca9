// EO console, PIN slips: one slip per player with the address of their page; printable.
import { $, h, fill, flash } from './dom.js';

export function init() {
  $('#print-pins').addEventListener('click', () => window.print());
}

export async function render(ctx) {
  try {
    const { pins } = await ctx.ev.pins();
    const base = new URL('player.html', location.href);
    fill($('#slips'), pins.map((p) => {
      base.search = `?event=${encodeURIComponent(ctx.id)}&player=${encodeURIComponent(p.id)}`;
      return h('div', { class: 'slip', dataset: { player: p.id } },
        h('div', { class: 'small muted' }, ctx.data.summary.name),
        h('div', { class: 'name' }, p.name, h('span', { class: 'muted small' }, ` (${p.id})`)),
        h('div', { class: 'pin' }, p.pin),
        h('div', { class: 'small' }, base.href));
    }));
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}
