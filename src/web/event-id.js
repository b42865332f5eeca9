// The create forms' short id, derived from the event's name as the server derives it when none is
// given (app/events.cpp slug: ASCII letters and digits lowercased, every other run one '-', at most
// 40 characters). Typing "Summer Masters" fills "summer-masters" until the EO types an id of their
// own; clearing it goes back to the name's. A derived id is not sent: the server takes the same one,
// or the next free one ("summer-masters-2") when it is taken.
//
//   const derived = deriveId(form);   // form.name, form.id
//   if (!derived() && form.id.value.trim()) body.id = form.id.value.trim();
export function slugOf(name) {
  let out = '';
  for (const ch of name) {
    if (/^[A-Za-z0-9]$/.test(ch)) out += ch.toLowerCase();
    else if (out && !out.endsWith('-')) out += '-';
  }
  out = out.replace(/-+$/, '');
  return out.slice(0, 40);
}

export function deriveId(form) {
  let derived = !form.id.value;
  const sync = () => {
    if (derived) form.id.value = slugOf(form.name.value);
  };
  form.name.addEventListener('input', sync);
  form.id.addEventListener('input', () => {
    derived = form.id.value === '';
    sync();
  });
  return () => derived;
}
