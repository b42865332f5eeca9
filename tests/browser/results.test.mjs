// Issue 14 point 3 in the browser: results.html, the end of the event for the public and the
// projector — the podium from the standings' order, the awards the EO revealed (hidden when there
// are none), the full standings, each player's games and the two CSV files; it follows the event
// live ("Results so far after round 1" becomes "Final results" without a reload). At phone and
// laptop size and, in large type, on a 1920x1080 projector; screenshots of each.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { axeViolations, hasText, shot, SIZES, suite, until, watch } from './harness.mjs';
import { newEvent, pairNext, recordRound } from './api-setup.mjs';

const s = suite();
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Smith, "Ace"', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'],
  ['Emil Sørensen', 'Legion of Everblight'], ['<b>Fatima</b> Haddad-Al-Rashid Younger', 'Circle Orboros']];

// The EO's awards: two decided and announced, one computed and left undecided (never shown).
async function award(eo, ids) {
  for (const cmd of [
    { type: 'define-award', name: 'Best Painted', category: 'Best Army', method: 'choice' },
    { type: 'decide-award', award: 'best-painted', winner: ids['Cora Vale'] },
    { type: 'define-award', name: 'Sportsmanship', category: 'Sportsmanship', method: 'choice', everyone: true },
    { type: 'decide-award', award: 'sportsmanship', winner: ids['Dana Okafor'] },
    { type: 'define-award', name: 'Most Army Points', method: 'computed', metric: 'army-points' },
    { type: 'reveal-awards' }]) {
    await eo.post('/commands', cmd);
  }
}

const LONG = PLAYERS[5][0];  // wins every game, so the longest name stands on the podium
const result = (t) => {
  const sides = [{ outcome: 'win', cp: 3 + t.table, ap: 30 }, { outcome: 'loss', cp: 1, ap: 15 }];
  if (t.players[1].name === LONG) sides.reverse();
  return { results: sides, victory: 'scenario' };
};

// Event `id` with round 1 played and closed, Dana dropped and round 2 paired (five players and a bye).
async function midEvent(id) {
  const made = await newEvent(s.server, id, { name: 'Autumn Gauntlet', players: PLAYERS, pair: true });
  await made.eo.post('/rounds', { rounds: 2 });
  await recordRound(made.eo, 1, result);
  await made.eo.post('/commands', { type: 'close-round' });
  // Dana drops after round 1: round 2 has five players and a bye.
  await made.eo.post('/commands', { type: 'set-player-status', id: made.ids['Dana Okafor'], status: 'dropped' });
  await pairNext(made.eo);
  return made;
}

// Event `id` finished (as midEvent, then round 2 played and closed), with the awards announced.
async function finalEvent(id) {
  const made = await midEvent(id);
  await recordRound(made.eo, 2, result);
  await made.eo.post('/commands', { type: 'close-round' });
  await award(made.eo, made.ids);
  return made;
}

async function open(event, device, view = '') {
  const page = watch(await (await s.browser.newContext(device)).newPage(), s.problems);
  await page.goto(`${s.server.base}/results.html?event=${event}${view}`);
  await hasText(page.locator('#live'), 'live');
  return page;
}

test('mid-event: results so far, games being played; the page turns final live', async () => {
  const EVENT = 'final';
  const { eo } = await midEvent(EVENT);

  const page = watch(await (await s.browser.newContext(SIZES.laptop)).newPage(), s.problems);
  await page.goto(`${s.server.base}/results.html?event=${EVENT}`);
  await hasText(page.locator('#heading'), 'Results so far after round 1 · round 2 in progress');
  await hasText(page.locator('#podium-heading'), 'Top three so far');
  assert.equal(await page.locator('#awards-card').isHidden(), true, 'no award announced yet: the section stays hidden');
  const playing = (await eo.get('/pairings?round=2')).data.tables[0].players[0].id;
  await page.locator(`details.games-of[data-player=${playing}] summary`).click();
  await hasText(page.locator('details.games-of[open] tbody tr').nth(1), 'playing');
  await shot(page, 'results-01-laptop-mid-event');

  await recordRound(eo, 2, result);
  await eo.post('/commands', { type: 'close-round' });
  await hasText(page.locator('#heading'), 'Final results');
  await hasText(page.locator('#podium-heading'), 'Podium');
  assert.equal(await page.locator('details.games-of[open]').count(), 1, 'the open player stays open across a live refresh');
  await page.context().close();
});

for (const [size, device] of Object.entries(SIZES)) {
  test(`the final results at ${size} size: podium, awards, standings, games, CSV links`, async () => {
    const EVENT = `final-${size}`;
    const { ids } = await finalEvent(EVENT);
    const page = await open(EVENT, device);
    await hasText(page.locator('#heading'), 'Final results');
    const standings = await s.server.api(`/api/events/${EVENT}/standings`);
    const top = standings.standings.slice(0, 3);
    const places = page.locator('#podium li');
    assert.equal(await places.count(), 3);
    for (let i = 0; i < 3; i++) {
      await hasText(places.nth(i).locator('.name'), top[i].name);
      await hasText(places.nth(i).locator('.tp'), `${top[i].tp} TP`);
    }
    await hasText(page.locator('#awards'), 'Best Painted');
    await hasText(page.locator('#awards [data-award=best-painted] .winners'), 'Cora Vale');
    assert.equal(await page.locator('#awards [data-award=most-army-points]').count(), 0, 'undecided: not shown');
    assert.equal(await page.locator('#standings tbody tr').count(), PLAYERS.length);
    assert.equal(await page.locator('details.games-of').count(), PLAYERS.length);
    // A name that is markup shows as text.
    await hasText(page.locator('#standings'), '<b>Fatima</b>');

    // Dana's games: round 1 played, then dropped (no round 2); the bye shows as a row of its own.
    const dana = page.locator(`details.games-of[data-player=${ids['Dana Okafor']}]`);
    await dana.locator('summary').click();
    assert.equal(await dana.locator('tbody tr').count(), 1);
    const round2 = await s.server.api(`/api/events/${EVENT}/pairings?round=2`);
    const bye = page.locator(`details.games-of[data-player=${round2.bye.id}]`);
    await bye.locator('summary').click();
    const byeRow = bye.locator('tbody tr').nth(1);
    await hasText(byeRow, 'Bye');
    // SR2017 "Byes & Odd Number of Players": 3 CP and half the 75 points (38) AP, as the standings count.
    assert.deepEqual(await byeRow.locator('td.num').allTextContents(), ['2', '3', '38']);
    await shot(page, `results-02-${size}`);
    assert.deepEqual(await axeViolations(page), [], 'axe: no serious or critical violation');

    // No table wider than the screen (a phone scrolls the page down, never sideways).
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the screen`);

    const href = await page.locator('#csv-standings').getAttribute('href');
    assert.equal(href, `/api/events/${EVENT}/export/standings.csv`);
    const csv = await page.evaluate(async (url) => {
      const r = await fetch(url);
      return { type: r.headers.get('content-type'), text: await r.text() };
    }, href);
    assert.equal(csv.type, 'text/csv; charset=utf-8');
    assert.match(csv.text, /^\uFEFF?Rank,ID,Player,Faction,Status,TP,SoS,CP,AP,Wins,Losses,Ties,Notes\r\n/);
    assert.match(csv.text, /"Smith, ""Ace"""/);
    assert.equal(await page.locator('#csv-games').getAttribute('href'), `/api/events/${EVENT}/export/games.csv`);
    await page.context().close();
  });
}

test('large type for the projector at 1920x1080: podium and awards left, standings right', async () => {
  const EVENT = 'final-projector';
  await finalEvent(EVENT);
  const page = await open(EVENT, { viewport: { width: 1920, height: 1080 } }, '&view=projector');
  await hasText(page.locator('#heading'), 'Final results');
  assert.equal(await page.locator('body.big').count(), 1);
  assert.equal(await page.locator('#games-card').isVisible(), false);
  assert.equal(await page.locator('#downloads-card').isVisible(), false);
  await hasText(page.locator('#awards'), 'Sportsmanship');
  const [podium, table] = await Promise.all([page.locator('#podium-card').boundingBox(), page.locator('#standings-card').boundingBox()]);
  assert.ok(podium.x + podium.width <= table.x, 'the standings stand right of the podium');
  assert.ok(table.y + table.height <= 1080, 'the standings fit the screen (they scroll inside)');
  // A 38-character name stays inside its card.
  const spill = await page.locator('#podium li').evaluateAll((cards) => cards.filter((c) => c.scrollWidth > c.clientWidth).length);
  assert.equal(spill, 0, 'a podium name spills out of its card');
  await shot(page, 'results-03-projector');
  assert.deepEqual(await axeViolations(page), [], 'axe: no serious or critical violation (contrast on the dark screen)');
  // The toggle goes back to the normal view.
  await page.locator('#nav-view').click();
  await until(() => page.evaluate(() => !document.body.classList.contains('big') && !location.search.includes('view=')), 'the normal view');
  await page.context().close();
});

test('the standings page and the event list link to the results', async () => {
  const EVENT = 'final-links';
  await finalEvent(EVENT);
  const page = watch(await (await s.browser.newContext(SIZES.phone)).newPage(), s.problems);
  await page.goto(`${s.server.base}/standings.html?event=${EVENT}`);
  assert.equal(await page.locator('#nav-results').getAttribute('href'), `results.html?event=${EVENT}`);
  await page.goto(`${s.server.base}/`);
  await page.locator(`a[href="results.html?event=${EVENT}"]`).waitFor();
  await page.context().close();
});
