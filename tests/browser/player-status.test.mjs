// Issue 10 points 8 and 17: every player's phone says where they stand — before round 1, playing
// table N, a late entry ("you join in round 2"), dropped, cut (final place), finished — and the phone
// page's details: "How" blank until chosen, AP explained, the dispute note before the Dispute button,
// Log out away from Send, thumb-sized "Not you?", standings that highlight me and lead back to me.
// SR2017 "Cut to Top [X]": "at the end of each round, if the number of undefeated players is equal
// to or less than X, the remaining rounds are only played by the top X players".
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hasText, shot, suite, watch } from './harness.mjs';
import { createEvent, eoLogin, newEvent, pairNext } from './api-setup.mjs';

const PASSWORD = 'status-eo-password';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const NAMES = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'],
  ['Emil Sørensen', 'Legion of Everblight'], ['Fatima Haddad', 'Circle Orboros'], ['Gus Lind', 'Skorne'], ['Hana Ito', 'Trollbloods']];

const s = suite();

// Event `event` over the API: a 3-round SR2017 event with Cut to Top 4 and the eight players
// checked in. Returns its EO login, the player ids in order and their PINs.
async function statusCup(event) {
  const { eo, ids, pins } = await newEvent(s.server, event, { name: 'Status Cup', password: PASSWORD,
    config: { points: 50, rounds: 3, variants: ['cut-to-top:4'] }, players: NAMES });
  return { eo, ids: Object.values(ids), pins };
}

async function phone(event, pid, pin) {
  const page = watch(await (await s.browser.newContext(PHONE)).newPage(), s.problems);
  await page.goto(`${s.server.base}/player.html?event=${event}&player=${pid}`);
  await page.locator('#where').waitFor();
  if (pin) {
    await page.locator('#pin-form input[name=pin]').fill(pin);
    await page.locator('#pin-form button').click();
    await page.locator('#pin-form').waitFor({ state: 'detached' });
  }
  return page;
}
const where = (page) => page.locator('#where');

async function publishNext(eo, event) {
  await pairNext(eo);
  return s.server.api(`/api/events/${event}/pairings`);
}
// The first player of every table wins 3–0 on scenario (skipping `skip`).
async function results(eo, pairings, skip = []) {
  for (const t of pairings.tables) {
    if (skip.includes(t.table)) continue;
    await eo.post('/commands', { type: 'record-result', round: pairings.round, table: t.table, victory: 'scenario',
      results: [{ outcome: 'win', cp: 3, ap: 20 }, { outcome: 'loss', cp: 0, ap: 10 }] });
  }
}

describe('the player\'s phone says where they stand', () => {
  test('before round 1, during round 1 (with the phone page\'s details), a late entry', async () => {
    const EVENT = 'status-cup';
    const { eo, ids, pins } = await statusCup(EVENT);
    const ada = await phone(EVENT, ids[0]);
    await hasText(where(ada), 'round 1 table appears here');
    assert.equal(await where(ada).getAttribute('data-state'), 'waiting');
    await shot(ada, 'status-01-before-round-1');

    const r1 = await publishNext(eo, EVENT);
    const t = r1.tables[0];
    const [a, b] = t.players;
    const pa = await phone(EVENT, a.id, pins[a.id]);
    await hasText(where(pa), `Round 1: table ${t.table} against ${b.name}`);
    // "How" is blank until the player picks it, like "Result".
    assert.equal(await pa.locator('#report-form select[name=victory]').inputValue(), '');
    assert.equal(await pa.locator('#report-form select[name=outcome]').inputValue(), '');
    await hasText(pa.locator('#cp-ap-help'), 'army points destroyed');
    for (const n of ['cp0', 'cp1', 'ap0', 'ap1']) assert.ok(await pa.locator(`#report-form input[name=${n}]`).getAttribute('aria-label'), `${n} labelled`);
    // Log out is not under Send (a thumb slip logs the player out); "Not you?" is a thumb-sized button.
    const send = await pa.locator('#report-form button[type=submit]').boundingBox();
    const out = await pa.locator('#logout').boundingBox();
    assert.ok(out.y + out.height < send.y, `Log out (y ${out.y}) is above the form, far from Send (y ${send.y})`);
    assert.ok((await pa.locator('#not-me').boundingBox()).height >= 44, '"Not you?" is at least 44 px high');
    await shot(pa, 'status-02-playing-report-form');
    // The opponent's phone after the report: the dispute note comes before the Dispute button.
    await pa.locator('#report-form select[name=outcome]').selectOption('win');
    await pa.locator('#report-form select[name=victory]').selectOption('scenario');
    await pa.locator('#report-form input[name=cp0]').fill('3');
    await pa.locator('#report-form button[type=submit]').click();
    await hasText(pa.locator('#action-card'), 'Waiting for your opponent');
    const pb = await phone(EVENT, b.id, pins[b.id]);
    await pb.locator('#dispute').waitFor();
    const note = await pb.locator('#dispute-note').boundingBox();
    const dispute = await pb.locator('#dispute').boundingBox();
    assert.ok(note.y < dispute.y, 'the dispute note is above the Dispute button');
    await shot(pb, 'status-03-confirm-form');
    await pb.locator('#confirm').click();
    await hasText(where(pb), 'is recorded');

    // Standings from my page: my row highlighted, a way back to me, no "after round 1" during round 1.
    await pa.locator('#nav-standings').click();
    await pa.locator('#standings tr.me').waitFor();
    await hasText(pa.locator('#standings tr.me'), a.name);
    await hasText(pa.locator('#my-rank'), 'You (');
    const heading = await pa.locator('#heading').textContent();
    assert.ok(!heading.includes('after round 1'), `no "after round 1" during round 1: ${heading}`);
    await shot(pa, 'status-04-standings-me');
    await pa.locator('#nav-me').click();
    await pa.locator('#where').waitFor();

    // A late entry during round 1 joins in round 2 (another event: here a late entrant, who has not
    // lost a game, would count as undefeated and hold the cut back).
    await createEvent(s.server, 'status-late', { name: 'Late Cup', edition: 'SR2017', points: 50 }, PASSWORD);
    const other = await eoLogin(s.server, 'status-late', PASSWORD);
    for (const [name, faction] of NAMES.slice(0, 2)) await other.post('/commands', { type: 'add-player', player: { name, faction } });
    const p1 = await other.post('/pairing/propose', {});
    await other.post('/commands', { type: 'pair-round', tables: p1.tables, bye: p1.bye });
    const late = await other.post('/commands', { type: 'add-player', player: { name: 'Ivo Late', faction: 'Cygnar' } });
    const pl = watch(await (await s.browser.newContext(PHONE)).newPage(), s.problems);
    await pl.goto(`${s.server.base}/player.html?event=status-late&player=${late.command.player.id}`);
    await hasText(where(pl), 'You join in round 2');
    assert.equal(await where(pl).getAttribute('data-state'), 'joins');
    await shot(pl, 'status-05-late-entry');
    for (const p of [ada, pa, pb, pl]) await p.context().close();
  });

  test('dropped, cut with the final place, and the console says what the cut did', async () => {
    // Where the test before leaves it: round 1 published, table 1's result in (its first player won).
    const EVENT = 'status-cut';
    const { eo } = await statusCup(EVENT);
    const r1 = await publishNext(eo, EVENT);
    await eo.post('/commands', { type: 'record-result', round: 1, table: r1.tables[0].table, victory: 'scenario',
      results: [{ outcome: 'win', cp: 3, ap: 0 }, { outcome: 'loss', cp: 0, ap: 0 }] });
    await results(eo, r1, [r1.tables[0].table]);
    const leaver = r1.tables[1].players[1];  // lost round 1, then drops
    await eo.post('/commands', { type: 'set-player-status', id: leaver.id, status: 'dropped' });
    const pd = await phone(EVENT, leaver.id);
    await hasText(where(pd), 'You dropped after round 1.');

    // The EO closes round 1 in the console at phone size: the flash names the cut.
    const page = watch(await (await s.browser.newContext(PHONE)).newPage(), s.problems);
    await page.goto(`${s.server.base}/eo.html?event=${EVENT}#round`);
    await page.locator('#login-form input[name=password]').fill(PASSWORD);
    await page.locator('#login-form button').click();
    await page.locator('#close-round').click();
    await hasText(page.locator('#flash'), 'Cut to Top 4');
    await hasText(page.locator('#flash'), 'play on');
    await shot(page, 'status-06-console-cut');

    const loser = r1.tables[2].players[1];
    const pc = await phone(EVENT, loser.id);
    await hasText(where(pc), 'Cut after round 1');
    await hasText(where(pc), 'Your final place:');
    assert.equal(await where(pc).getAttribute('data-state'), 'cut');
    await shot(pc, 'status-07-cut');
    const winner = r1.tables[0].players[0];
    const pw = await phone(EVENT, winner.id);
    await hasText(where(pw), 'Round 1 is over');

    // The top 4 play rounds 2 and 3 (the planned 3): the event is finished.
    const r2 = await publishNext(eo, EVENT);
    assert.equal(r2.tables.length, 2, 'the top 4 on two tables');
    await results(eo, r2);
    await eo.post('/commands', { type: 'close-round', round: 2 });
    if (!(await s.server.api(`/api/events/${EVENT}`)).finished) {
      await results(eo, await publishNext(eo, EVENT));
      await eo.post('/commands', { type: 'close-round', round: 3 });
    }
    assert.ok((await s.server.api(`/api/events/${EVENT}`)).finished, 'the event is finished');
    const top = (await s.server.api(`/api/events/${EVENT}/standings`)).standings[0];
    const pf = await phone(EVENT, top.id);
    await hasText(where(pf), 'The event is finished: you placed 1st of');
    assert.equal(await where(pf).getAttribute('data-state'), 'finished');
    await hasText(where(pc), 'The event is finished: you placed');  // the cut player's place stands
    await shot(pf, 'status-08-finished');
    for (const p of [pd, page, pc, pw, pf]) await p.context().close();
  });
});
