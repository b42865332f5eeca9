// Tiny DOM helpers. Every string goes in as text (textContent / attribute values), never as HTML,
// so names like <script>alert(1)</script> show up literally.

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

// h('tr', {class: 'x', onclick: fn, dataset: {id}}, 'text', child, [more children])
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'onclick' && tag === 'button' && typeof v === 'function') el.addEventListener('click', inFlight(v));
    else if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'value' || k === 'checked' || k === 'selected' || k === 'disabled') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else if (c instanceof Node) el.appendChild(c);
    else el.appendChild(document.createTextNode(String(c)));
  }
}

// Wraps the handler of a button (click) or a form (submit) that sends a write: while the promise it
// returns is pending, the button (or the form's submit buttons) is disabled and a repeat is ignored,
// so a double click or a double tap sends once. Every h('button', {onclick}) gets this.
export function inFlight(handler) {
  return async function guarded(ev) {
    const t = ev && ev.currentTarget;
    const buttons = t instanceof HTMLFormElement ? [...t.querySelectorAll('button:not([type=button])')] : t instanceof HTMLButtonElement ? [t] : [];
    if (buttons.some((b) => b.dataset.inFlight)) {
      ev.preventDefault();
      return undefined;
    }
    const result = handler.call(this, ev);
    if (!result || typeof result.then !== 'function') return result;
    for (const b of buttons) {
      b.dataset.inFlight = '1';
      b.disabled = true;
      b.setAttribute('aria-busy', 'true');
    }
    try {
      return await result;
    } finally {
      for (const b of buttons) {
        delete b.dataset.inFlight;
        b.disabled = false;
        b.removeAttribute('aria-busy');
      }
    }
  };
}

export function fill(el, ...children) {
  // A live refresh puts kept elements back (a player row being edited, the pairing options): moving
  // them blurs the field the user is typing in, and the next keys would go nowhere. Give the focus
  // and the caret back when that field is still on the page.
  const active = document.activeElement;
  const typing = active && active !== document.body && el.contains(active) ? active : null;
  const caret = typing && typeof typing.selectionStart === 'number' ? [typing.selectionStart, typing.selectionEnd] : null;
  el.replaceChildren();
  append(el, children);
  if (typing && typing.isConnected && document.activeElement !== typing) {
    typing.focus({ preventScroll: true });
    try {
      if (caret) typing.setSelectionRange(caret[0], caret[1]);
    } catch {
      // a field without a caret (a number or date input): the focus is enough
    }
  }
  return el;
}

export function param(name) {
  return new URLSearchParams(location.search).get(name);
}

export function setParam(name, value) {
  const u = new URL(location.href);
  if (value === null || value === undefined) u.searchParams.delete(name);
  else u.searchParams.set(name, value);
  history.replaceState(null, '', u);
}

// A status line: flash(el, 'Saved', 'ok') / flash(el, error, 'error').
export function flash(el, message, kind = 'ok') {
  if (!el) return;
  // Screen readers announce status lines (WCAG 4.1.3); pages declare them, this covers the rest.
  if (!el.hasAttribute('aria-live')) el.setAttribute('aria-live', 'polite');
  if (!el.hasAttribute('role')) el.setAttribute('role', 'status');
  el.className = `flash ${kind}`;
  el.textContent = message instanceof Error ? message.message : String(message);
  el.hidden = !message;
}

export function options(select, items, selected) {
  fill(select, items.map(([value, label]) => h('option', { value, selected: String(value) === String(selected) }, label)));
}

export const outcomeLabel = { win: 'W', loss: 'L', tie: 'T' };

export function fmtNumber(v) {
  if (typeof v !== 'number') return v ?? '';
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

export function time(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return isNaN(d) ? iso : d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
