// index.html: every event on this server, with links to its pages; an admin can create one.
import { $, h, fill, flash, inFlight, options } from './dom.js';
import * as api from './api.js';
import { deriveId } from './event-id.js';

let editionList = [];

async function loadEvents() {
  try {
    const { events } = await api.events();
    const rows = events.map((e) => {
      const q = `?event=${encodeURIComponent(e.id)}`;
      const round = e.finished ? 'finished' : `${e.rounds_played ?? 0} / ${e.planned_rounds ?? '?'}`;
      return h('tr', {},
        h('td', {}, h('a', { href: `standings.html${q}`, class: 'name' }, e.name)),
        h('td', { class: 'hide-narrow' }, e.edition),
        h('td', { class: 'num hide-narrow' }, e.points),
        h('td', {}, round),
        h('td', { class: 'small' },
          h('a', { href: `player.html${q}` }, 'players'), ' · ',
          h('a', { href: `standings.html${q}` }, 'standings'), ' · ',
          h('a', { href: `projector.html${q}` }, 'projector'), ' · ',
          h('a', { href: `results.html${q}` }, 'results'), ' · ',
          h('a', { href: `eo.html${q}` }, 'EO')));
    });
    fill($('#events tbody'), rows.length ? rows : h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'No events yet.')));
  } catch (e) {
    flash($('#flash'), e, 'error');
  }
}

function editionChanged() {
  const form = $('#create-form');
  const ed = editionList.find((e) => e.id === form.edition.value);
  options(form.points, (ed ? ed.point_sizes : []).map((p) => [p, `${p} points`]), ed && ed.point_sizes.includes(75) ? 75 : undefined);
}

async function loadEditions() {
  try {
    const data = await api.editions();
    editionList = Array.isArray(data) ? data : data.editions;
    const form = $('#create-form');
    options(form.edition, editionList.map((e) => [e.id, `${e.id} — ${e.title}`]), 'SR2017');
    editionChanged();
  } catch (e) {
    flash($('#create-flash'), `Editions unavailable: ${e.message}`, 'error');
  }
}

async function create(ev) {
  ev.preventDefault();
  const f = ev.target;
  const body = {
    config: { name: f.name.value.trim(), edition: f.edition.value, points: Number(f.points.value) },
    password: f.password.value,
  };
  if (!idDerived() && f.id.value.trim()) body.id = f.id.value.trim();
  const factions = f.factions.value.split(',').map((x) => x.trim()).filter(Boolean);  // armies the edition lacks
  if (factions.length) body.config.factions = factions;
  let id;
  try {
    ({ id } = await api.createEvent(f.admin.value, body));
  } catch (e) {
    // The admin-key refusal is written for the EO (what the key is, how to make a new one): show it as it is.
    return flash($('#create-flash'), e.status === 401 ? e.text : e, 'error');
  }
  flash($('#create-flash'), `Created ${body.config.name}; logging you in…`, 'ok');
  // The EO just typed the event's password: log in with it rather than asking again.
  await api.eventApi(id).login(body.password).catch(() => {});
  location.href = `eo.html?event=${encodeURIComponent(id)}`;
}

const idDerived = deriveId($('#create-form'));
$('#create-form').addEventListener('submit', inFlight(create));
$('#create-form').edition.addEventListener('change', editionChanged);
loadEvents();
loadEditions();
