// Issue 10 point 1: check-in has an effect. With some players checked in, round 1's proposal pairs
// only them and lists who is left out, each with Check in and Drop (the pairing is proposed again
// after either); whoever is still only registered when round 1 is published is journaled as left out
// and joins round 2 after checking in; round 2's proposal warns about who never checked in. With
// nobody checked in, every registered player is paired and the proposal says so.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeRoundIn, hasText, launchBrowser, shot, SIZES, startServer, until } from './harness.mjs';
import { eoApi as eoApiOn } from './eo-fixture.mjs';
import { newEvent, openConsole, pairNext } from './api-setup.mjs';

const PASSWORD = 'checkin-eo-password';
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Circle Orboros'],
  ['Emil Sørensen', 'Trollbloods'], ['Fatima Haddad', 'Skorne'], ['Gus Lind', 'Grymkin']];

let server, browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  assert.deepEqual(problems, []);
});

for (const [size, device] of Object.entries(SIZES)) {
  describe(`check-in at ${size} size`, () => {
    const name = (s) => `checkin-${size}-${s}`;
    // Event `event` over the API: the seven players registered, nobody checked in; with
    // `round1`, where the round-1 test leaves it: p1–p5 checked in, p6 dropped, round 1 published
    // (p7 left out). The EO's console open on it, and the page's helpers.
    async function checkinAt(event, round1) {
      const { eo: api } = await newEvent(server, event, { name: `Check-in Cup (${size})`, password: PASSWORD,
        config: { points: 50, rounds: 3 }, players: PLAYERS, checkIn: false });
      if (round1) {
        for (const id of ['p1', 'p2', 'p3', 'p4', 'p5']) await api.post('/commands', { type: 'set-player-status', id, status: 'checked-in' });
        await api.post('/commands', { type: 'set-player-status', id: 'p6', status: 'dropped' });
        await pairNext(api);
      }
      const eo = await openConsole({ server, browser, problems }, event, PASSWORD, { device, hash: round1 ? 'round' : '' });
      return {
        eo,
        eoApi: (method, path, body) => eoApiOn(eo, event, method, path, body),
        draftIds: () => eo.locator('#draft .chip').evaluateAll((els) => els.map((e) => e.dataset.player).sort()),
      };
    }

    test('nobody checked in: every registered player is paired, and the proposal says so', async () => {
      const { eo, eoApi } = await checkinAt(`checkin-${size}`);
      const p = await eoApi('POST', '/pairing/propose', {});
      assert.deepEqual(p.left_out, []);
      assert.ok(p.warnings.some((w) => w.includes('nobody checked in: every registered player is paired')), JSON.stringify(p.warnings));
      assert.equal(p.tables.length, 3);
      assert.ok(p.bye, 'seven players: a bye');
      await eo.context().close();
    });

    test('round 1 pairs only the checked-in; the left-out are offered Check in and Drop', async () => {
      const { eo, eoApi, draftIds } = await checkinAt(`checkin-${size}-round1`);
      for (const id of ['p1', 'p2', 'p3', 'p4']) await eoApi('POST', '/commands', { type: 'set-player-status', id, status: 'checked-in' });
      await eo.locator('.tabs a[data-tab=round]').click();
      await eo.locator('#propose').click();
      await until(async () => (await eo.locator('#draft li').count()) === 2, '2 tables of checked-in players');
      assert.deepEqual(await draftIds(), ['p1', 'p2', 'p3', 'p4']);
      const box = eo.locator('#left-out');
      await hasText(box, 'Left out of round 1: not checked in (3)');
      for (const [n] of PLAYERS.slice(4)) await hasText(box, n);
      await hasText(eo.locator('#warnings'), 'left out of round 1, not checked in');
      if (size === 'phone') {
        const b = await box.locator('button[name=checkin]').first().boundingBox();
        assert.ok(b.height >= 44, `Check in is a big enough tap target (${b.height}px)`);
        const w = await eo.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(w <= 390, `no horizontal page scroll (${w})`);
      }
      // A live update may redraw the box while it is scrolled to (the element is replaced): try again.
      await until(async () => box.scrollIntoViewIfNeeded({ timeout: 1000 }).then(() => true, () => false),
        'the left-out box scrolled into view');
      await shot(eo, name('01-left-out'));
      // Emil arrives: checked in from the proposal, which is proposed again with him.
      await box.locator('li[data-player="p5"] button[name=checkin]').click();
      await until(async () => (await draftIds()).includes('p5'), 'Emil in the new proposal');
      assert.equal(await eo.locator('#draft li').count(), 3, 'two tables and the bye');
      // Fatima is not coming: dropped from the proposal.
      await box.locator('li[data-player="p6"] button[name=drop]').click();
      await until(async () => (await eo.locator('#left-out li').count()) === 1, 'only Gus left out');
      assert.equal((await eoApi('GET', '/admin')).players.find((p) => p.id === 'p6').status, 'dropped');
      await hasText(eo.locator('#left-out'), 'Gus Lind');
      await shot(eo, name('02-after-checkin-and-drop'));
      // Published with Gus still only registered: journaled as left out; he joins round 2.
      await eo.locator('#publish').click();
      await hasText(eo.locator('#flash'), 'Round 1 published.');
      const pair = (await eoApi('GET', '/journal')).entries.map((e) => e.command).find((c) => c && c.type === 'pair-round');
      assert.deepEqual(pair.left_out, ['p7']);
      const gus = (await eoApi('GET', '/admin')).players.find((p) => p.id === 'p7');
      assert.equal(gus.joined_round, 2, 'a late entrant: joins round 2 with 0 TP');
      await eo.context().close();
    });

    test('round 2: a left-out player who checked in plays; who never checked in is warned about', async () => {
      const { eo, eoApi, draftIds } = await checkinAt(`checkin-${size}-round2`, true);
      const r1 = await eoApi('GET', '/pairings?round=1');
      for (const t of r1.tables)
        await eoApi('POST', '/commands', { type: 'record-result', round: 1, table: t.table, victory: 'scenario',
          results: [{ outcome: 'win', cp: 5, ap: 30 }, { outcome: 'loss', cp: 0, ap: 10 }] });
      await closeRoundIn(eo, 1);
      // A late entry registered at the desk, not checked in either.
      await eoApi('POST', '/commands', { type: 'add-player', player: { name: 'Hana Ito', faction: 'Cryx' } });
      await eo.locator('#propose').click();
      await until(async () => (await eo.locator('#draft .chip').count()) === 7, 'round 2 proposed: 3 tables and the bye');
      const ids = await draftIds();
      assert.ok(ids.includes('p7'), 'Gus joins round 2');
      const box = eo.locator('#left-out');
      await hasText(box, 'never checked in');
      await hasText(box, 'Gus Lind');
      await hasText(eo.locator('#warnings'), 'drop them if they are not here');
      // A live update may redraw the box while it is scrolled to (the element is replaced): try again.
      await until(async () => box.scrollIntoViewIfNeeded({ timeout: 1000 }).then(() => true, () => false),
        'the left-out box scrolled into view');
      await shot(eo, name('03-round-two-not-checked-in'));
      await box.locator('li[data-player="p7"] button[name=checkin]').click();
      await until(async () => (await eo.locator('#left-out li[data-player="p7"]').count()) === 0, 'Gus checked in');
      await eo.context().close();
    });
  });
}
