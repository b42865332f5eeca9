// organizer.html: an organizer's one login (issue 15 point 3) — their events, publishing them to the
// directory, co-organizers and judges per event, creating events. Each event runs in the EO console,
// where the same login counts as the EO (owner, co-organizer) or a judge. Below, the server admin's
// management of the accounts with the admin key (kept in this page only, never stored).
import { $, h, fill, flash, inFlight, options } from './dom.js';
import { adminApi, editions, organizerApi } from './api.js';
import { deriveId } from './event-id.js';

const api = organizerApi();
let editionList = [];
let me = null;

const q = (id) => `?event=${encodeURIComponent(id)}`;

function showLogin(message) {
  me = null;
  $('#mine').hidden = true;
  $('#logout').hidden = true;
  $('#login').hidden = false;
  $('#title').textContent = 'Organizer';
  if (message) flash($('#flash'), message, 'warn');
}

// The owner's people panel for one event: who holds which role, give or take one.
async function people(ev) {
  const panel = $('#people');
  let data;
  try {
    data = await api.roles(ev.id);
  } catch (e) {
    return flash($('#flash'), e, 'error');
  }
  const owner = ev.role === 'owner';
  const rows = data.roles.map((r) => h('li', {}, `${r.name} (${r.organizer}) — ${r.role}`,
    owner && r.role !== 'owner' ? [' ', h('button', { class: 'small secondary', onclick: () => grant(ev, r.organizer, null) }, 'Remove')] : null));
  const form = owner ? h('form', { class: 'row', id: 'grant-form' },
    h('label', {}, 'Organizer login ', h('input', { name: 'organizer', required: true, autocapitalize: 'none', spellcheck: 'false' })),
    h('label', {}, 'Role ', h('select', { name: 'role' }, h('option', { value: 'co-organizer' }, 'co-organizer (runs the event)'), h('option', { value: 'judge' }, 'judge (clocks)'))),
    h('button', { type: 'submit' }, 'Give role')) : null;
  if (form) form.addEventListener('submit', inFlight((e) => { e.preventDefault(); return grant(ev, form.organizer.value.trim(), form.role.value); }));
  fill(panel, h('h3', {}, `People at ${ev.name}`), h('ul', {}, rows), form,
    h('div', { id: 'people-flash', class: 'flash', role: 'status', 'aria-live': 'polite', hidden: true }));
}

async function grant(ev, organizer, role) {
  try {
    await api.grant(ev.id, organizer, role);
    await people(ev);
    flash($('#people-flash'), role ? `${organizer} is now ${role}.` : `${organizer} no longer holds a role here.`, 'ok');
  } catch (e) {
    flash($('#people-flash'), e, 'error');
  }
}

async function publish(ev, published) {
  try {
    await api.publish(ev.id, published);
    await load();
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

function row(ev) {
  const owner = ev.role === 'owner';
  const listed = owner
    ? h('button', { class: 'small secondary', onclick: () => publish(ev, !ev.published) }, ev.published ? 'Listed — unpublish' : 'Hidden — publish')
    : (ev.published ? 'listed' : 'hidden');
  return h('tr', {},
    // The role under the name, not in a column of its own: a phone's table has no room for four.
    h('td', {}, h('a', { href: `eo.html${q(ev.id)}`, class: 'name' }, ev.name), h('div', { class: 'small muted' }, ev.role)),
    h('td', {}, listed),
    h('td', { class: 'small' },
      h('a', { href: `eo.html${q(ev.id)}` }, ev.role === 'judge' ? 'clocks' : 'console'), ' · ',
      h('a', { href: `standings.html${q(ev.id)}` }, 'standings'), ' · ',
      h('button', { class: 'small secondary', onclick: () => people(ev) }, 'people')));
}

async function load() {
  let reply;
  try {
    reply = await api.self();
  } catch (e) {
    return flash($('#flash'), e, 'error');
  }
  if (!reply.organizer) return showLogin();
  me = reply.organizer;
  $('#title').textContent = `Organizer — ${me.name}`;
  $('#login').hidden = true;
  $('#mine').hidden = false;
  $('#logout').hidden = false;
  fill($('#events tbody'), reply.events.length ? reply.events.map(row)
    : h('tr', {}, h('td', { colspan: 3, class: 'muted' }, 'No events yet: create one below, or ask an owner to add you.')));
  return undefined;
}

function editionChanged() {
  const form = $('#create-form');
  const ed = editionList.find((e) => e.id === form.edition.value);
  options(form.points, (ed ? ed.point_sizes : []).map((p) => [p, `${p} points`]), ed && ed.point_sizes.includes(75) ? 75 : undefined);
}

async function create(e) {
  e.preventDefault();
  const f = e.target;
  const body = { config: { name: f.name.value.trim(), edition: f.edition.value, points: Number(f.points.value) } };
  if (!idDerived() && f.id.value.trim()) body.id = f.id.value.trim();
  try {
    const { id } = await api.createEvent(body);
    location.href = `eo.html${q(id)}`;
  } catch (err) {
    if (err.status === 401) return showLogin('Your session ended — log in again.');
    flash($('#create-flash'), err, 'error');
  }
  return undefined;
}

// The admin's panel: every organizer with a disable/enable button, adding one, a new password, the audit.
let admin = null;

async function adminRefresh() {
  const [{ organizers }, { entries }] = await Promise.all([admin.organizers(), admin.audit(20)]);
  fill($('#organizers tbody'), organizers.length ? organizers.map((o) => h('tr', {},
    h('td', {}, h('span', { class: 'name' }, o.name), h('div', { class: 'small muted' }, o.login)),
    h('td', {}, o.disabled ? 'disabled ' : 'active ',
      h('button', { class: 'small secondary', onclick: () => adminChange(o.login, { disabled: !o.disabled }, o.disabled ? `${o.login} enabled.` : `${o.login} disabled and logged out.`) },
        o.disabled ? 'Enable' : 'Disable'))))
    : h('tr', {}, h('td', { colspan: 2, class: 'muted' }, 'No organizers yet.')));
  options($('#reset-organizer').login, organizers.map((o) => [o.login, `${o.name} (${o.login})`]));
  fill($('#audit'), entries.map((e) => h('li', {}, `${e.at} · ${e.actor} · ${e.action} ${e.subject}${e.detail ? ` (${e.detail})` : ''}`)));
  $('#admin-panel').hidden = false;
}

async function adminChange(login, body, done) {
  try {
    await admin.changeOrganizer(login, body);
    await adminRefresh();
    flash($('#admin-flash'), done, 'ok');
  } catch (e) {
    flash($('#admin-flash'), e, 'error');
  }
}

$('#admin-form').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  admin = adminApi(e.target.key.value);
  try {
    await adminRefresh();
    flash($('#admin-flash'), '');
  } catch (err) {
    $('#admin-panel').hidden = true;
    flash($('#admin-flash'), err.status === 401 ? err.text : err, 'error');
  }
}));
$('#add-organizer').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  const f = e.target;
  try {
    const o = await admin.addOrganizer({ login: f.login.value.trim(), name: f.name.value.trim(), password: f.password.value });
    f.reset();
    await adminRefresh();
    flash($('#admin-flash'), `${o.name} (${o.login}) added: give them the password.`, 'ok');
  } catch (err) {
    flash($('#admin-flash'), err, 'error');
  }
}));
$('#reset-organizer').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  const f = e.target;
  await adminChange(f.login.value, { password: f.password.value }, `${f.login.value} has a new password; their sessions ended.`);
  f.password.value = '';
}));

$('#login-form').addEventListener('submit', inFlight(async (e) => {
  e.preventDefault();
  try {
    await api.login(e.target.login.value.trim(), e.target.password.value);
    e.target.reset();
    flash($('#flash'), '');
    await load();
  } catch (err) {
    flash($('#flash'), err, 'error');
  }
}));
$('#logout').addEventListener('click', inFlight(async () => {
  await api.logout().catch(() => {});
  showLogin('Logged out.');
}));
const idDerived = deriveId($('#create-form'));
$('#create-form').addEventListener('submit', inFlight(create));
$('#create-form').edition.addEventListener('change', editionChanged);
editions().then((d) => {
  editionList = Array.isArray(d) ? d : d.editions;
  options($('#create-form').edition, editionList.map((x) => [x.id, `${x.id} — ${x.title}`]), 'SR2017');
  editionChanged();
}).catch((e) => flash($('#create-flash'), `Editions unavailable: ${e.message}`, 'error'));
load();
