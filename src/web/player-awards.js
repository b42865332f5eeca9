// A player's awards on their phone (issue 14 point 2, SR2017 "Prizes"): enter Best Painted with a
// photo taken there and then, vote in the blind vote (one secret vote; "A player can vote for his
// own submission"), and see the winners once the EO announces them.
//
//   showAwards($('#awards-card'), ev, player, loggedIn(), onChanged);
import { h, fill, flash } from './dom.js';
import { shrinkPhoto } from './photo.js';

// "log in with your PIN": a link to the page's PIN box, wherever the page shows it (the report or
// lists card, or the log-in card of its own), which it brings into view and focuses.
function loginLink(text) {
  return h('a', { href: '#pin-form', class: 'login-link', onclick: (e) => {
    const pin = document.querySelector('#pin-form input[name=pin]');
    if (!pin) return;
    e.preventDefault();
    pin.scrollIntoView({ block: 'center' });
    pin.focus();
  } }, text);
}

const photoOf = (ev, e) => (e && e.photo ? h('img', { src: ev.photoUrl(e.photo), alt: `${e.name}'s entry`, class: 'award-photo', loading: 'lazy' }) : null);

function entryForm(ev, a, mine, note, onChanged) {
  if (mine) {
    return h('div', { class: 'award-mine' }, photoOf(ev, mine),
      h('p', {}, 'Your entry is in', mine.title ? `: ${mine.title}` : '', '.'),
      h('button', { class: 'secondary small', onclick: async () => {
        try { await ev.enterAward(a.key, { withdraw: true }); onChanged('Entry withdrawn.'); } catch (e) { flash(note, e, 'error'); }
      } }, 'Withdraw my entry'));
  }
  const title = h('input', { name: 'title', placeholder: 'What it is, e.g. my Khador battlegroup', autocomplete: 'off' });
  const photo = h('input', { type: 'file', name: 'photo', accept: 'image/*', capture: 'environment' });
  const form = h('form', { class: 'award-enter' },
    h('label', {}, 'Your entry ', title), h('label', {}, 'Photo ', photo),
    h('button', { type: 'submit' }, `Enter ${a.name}`));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    try {
      const body = { title: title.value.trim() };
      if (photo.files[0]) {
        flash(note, 'Sending the photo…', 'ok');
        body.photo = (await ev.uploadPhoto(await shrinkPhoto(photo.files[0]))).photo;
      }
      await ev.enterAward(a.key, body);
      onChanged(`You entered ${a.name}.`);
    } catch (err) {
      flash(note, err, 'error');
    }
  });
  return form;
}

function ballotForm(ev, a, note, onChanged) {
  const b = a.ballot;
  if (b.voted) return h('p', { class: 'award-voted ok' }, `Your vote ${b.number > 1 ? `in vote ${b.number} ` : ''}is in. It is secret: nobody, not even the EO, can see whom you chose.`);
  const entry = (id) => a.entries.find((e) => e.id === id);
  const choices = b.candidates.map((c) => {
    const input = h('input', { type: 'radio', name: `vote-${a.key}`, value: c.id, id: `vote-${a.key}-${c.id}` });
    const e = entry(c.id);
    return h('li', {}, h('label', { for: input.id, class: 'award-choice' }, input, photoOf(ev, e),
      h('span', {}, h('strong', {}, c.name), e && e.title ? h('span', { class: 'small muted' }, ` ${e.title}`) : null)));
  });
  const form = h('form', { class: 'award-ballot' },
    b.number > 1 ? h('p', { class: 'small' }, `Vote ${b.number}: among only the entries tied in the last vote.`) : null,
    h('ul', { class: 'award-choices' }, choices),
    h('p', { class: 'small muted' }, 'One secret vote; you may vote for your own entry. It cannot be changed once cast.'),
    h('button', { type: 'submit' }, 'Cast my secret vote'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const picked = form.querySelector('input[type=radio]:checked');
    if (!picked) return flash(note, 'Choose one entry first.', 'warn');
    try {
      await ev.vote(a.key, picked.value);
      onChanged(`Your vote for ${a.name} is in.`);
    } catch (err) {
      flash(note, err, 'error');
    }
    return undefined;
  });
  return form;
}

function awardBlock(ev, a, p, loggedIn, onChanged) {
  const note = h('div', { class: 'flash', role: 'status', 'aria-live': 'polite', hidden: true });
  const parts = [h('h3', {}, a.name, a.category ? h('span', { class: 'muted small' }, ` · ${a.category}`) : null)];
  if (a.winners.length) {
    parts.push(h('p', { class: 'award-winner big' }, 'Winner: ', h('strong', {}, a.winners.map((w) => w.name).join(', '))));
    const e = a.entries.find((x) => a.winners.some((w) => w.id === x.id));
    if (e) parts.push(photoOf(ev, e));
    return h('div', { class: 'award', dataset: { award: a.key } }, parts);
  }
  const disqualified = p.status === 'disqualified';
  const entriesOpen = !a.everyone && a.method !== 'computed' && !a.ballots && a.decided === '';
  if (entriesOpen && !disqualified) {
    parts.push(loggedIn ? entryForm(ev, a, a.entries.find((e) => e.id === p.id), note, onChanged)
      : h('p', { class: 'small muted' }, loginLink('Log in with your PIN'), ' to enter.'));
  }
  if (a.ballot && a.ballot.open && !disqualified) {
    parts.push(loggedIn ? ballotForm(ev, a, note, onChanged) : h('p', { class: 'small' }, 'The vote is open: ', loginLink('log in with your PIN'), ' to vote.'));
  } else if (a.decided === 'hidden' || (a.ballot && !a.ballot.open)) {
    parts.push(h('p', { class: 'small muted' }, 'The EO announces the winner soon.'));
  } else if (a.method === 'vote' && !entriesOpen) {
    parts.push(h('p', { class: 'small muted' }, 'Everyone votes on their phone when the EO opens the vote.'));
  }
  parts.push(note);
  return h('div', { class: 'award', dataset: { award: a.key } }, parts);
}

export async function showAwards(card, ev, p, loggedIn, onChanged) {
  let data;
  try {
    data = await ev.awards();
  } catch {
    card.hidden = true;
    return;
  }
  card.hidden = data.awards.length === 0;
  if (card.hidden) return;
  // A live refresh that changes nothing here leaves a half-typed entry or a picked vote alone.
  const key = JSON.stringify([data, loggedIn, p.id, p.status]);
  if (card.dataset.drawn === key) return;
  card.dataset.drawn = key;
  fill(card, h('h2', {}, 'Awards'), data.awards.map((a) => awardBlock(ev, a, p, loggedIn, onChanged)));
}
