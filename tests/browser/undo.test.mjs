// Issue 10 point 5: the console's Undo lists the latest entries (who, what, when), the EO picks one,
// the dialog states every entry that will be undone with it (undo is a stack), and the undo is all
// or nothing; a change that arrived meanwhile is refused, not undone blindly.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until } from './harness.mjs';
import { SIZES, consoleFor, eoApi, pairNext, win } from './eo-fixture.mjs';

let server, browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  assert.deepEqual(problems, [], 'no script error');
});

for (const [size, device] of Object.entries(SIZES)) {
  describe(`undo at ${size} size`, () => {
    test('the dialog lists who did what when; picking the third-latest entry undoes three, named first', async () => {
      const EVENT = `undo-${size}`;
      const { page: eo } = await consoleFor(server, browser, problems, { event: EVENT, device });
      const api = (m, p, b) => eoApi(eo, EVENT, m, p, b);
      const r1 = await pairNext(eo, EVENT);
      const [t1, t2, t3] = r1.tables;
      await api('POST', '/commands', { type: 'record-result', round: 1, table: t1.table, ...win([3, 20], [1, 10]) });
      // A player's report: the dialog must name the player, not the EO.
      const reporter = t2.players[0];
      const pin = (await api('GET', '/pins')).pins.find((p) => p.id === reporter).pin;
      const phone = await (await browser.newContext(device)).newPage();
      const login = await phone.request.post(`${server.base}/api/events/${EVENT}/player-login`, { data: { player: reporter, pin } });
      const { csrf } = await login.json();
      const sent = await phone.request.post(`${server.base}/api/events/${EVENT}/report`, { headers: { 'X-CSRF-Token': csrf },
        data: { round: 1, table: t2.table, ...win([2, 15], [0, 5], 'assassination') } });
      assert.equal(sent.status(), 200, await sent.text());
      await api('POST', '/commands', { type: 'record-result', round: 1, table: t3.table, ...win([5, 30], [2, 10]) });

      const recent = await api('GET', '/undo?recent=10');
      assert.equal(recent.entries[0].kind, 'record-result');
      assert.equal(recent.entries[1].kind, 'report-result');
      assert.match(recent.entries[1].who, /\(p\d+\)/);
      assert.equal(recent.entries[0].who, 'EO');

      await eo.locator('#undo').click();
      const dlg = eo.locator('#dialog');
      await until(async () => (await dlg.locator('#undo-entries li').count()) === recent.entries.length, 'the recent entries listed');
      await hasText(dlg.locator('#undo-entries li').nth(1), recent.entries[1].who);
      await hasText(dlg.locator('#undo-what'), `Undo: ${recent.entries[0].text}`);
      // Pick the EO's result of table 1: the report and the later result go with it.
      await dlg.locator(`#undo-${recent.entries[2].seq}`).check();
      await hasText(dlg.locator('#undo-what'), 'Undo 3 entries');
      assert.equal(await dlg.locator('#undo-later li').count(), 3);
      await hasText(dlg.locator('#undo-later'), recent.entries[1].text);
      await shot(eo, `undo-${size}-01-pick`);
      await dlg.locator('#dialog-confirm').click();
      await dlg.waitFor({ state: 'hidden' });
      await hasText(eo.locator('#flash'), 'Undone 3 entries');
      const p = await api('GET', '/pairings?round=1');
      assert.ok(p.tables.every((t) => !t.result && !t.reported), 'the three entries undone');
      const journal = (await api('GET', '/journal')).entries;
      assert.equal(journal.slice(-3).filter((e) => e.undoes).length, 3, 'one undo entry per cancelled entry');
      await shot(eo, `undo-${size}-02-done`);
      await phone.context().close();
      await eo.context().close();
    });

    test('a stale pick is refused with the new entry named, and nothing is undone', async () => {
      // Round 1 published, no result yet.
      const EVENT = `undo-${size}-stale`;
      const { page: eo } = await consoleFor(server, browser, problems, { event: EVENT, device });
      const api = (m, p, b) => eoApi(eo, EVENT, m, p, b);
      await pairNext(eo, EVENT);
      const p = await api('GET', '/pairings?round=1');
      await api('POST', '/commands', { type: 'record-result', round: 1, table: p.tables[0].table, ...win([3, 20], [1, 10]) });
      await eo.locator('#undo').click();
      const dlg = eo.locator('#dialog');
      await dlg.locator('#undo-entries li').first().waitFor();
      await api('POST', '/commands', { type: 'record-result', round: 1, table: p.tables[1].table, ...win([3, 20], [1, 10]) });
      const before = (await api('GET', '/journal')).entries.length;
      await dlg.locator('#dialog-confirm').click();
      await hasText(dlg.locator('#dialog-flash'), `table ${p.tables[1].table}`);
      assert.equal((await api('GET', '/journal')).entries.length, before, 'nothing written');
      await shot(eo, `undo-${size}-03-stale`);
      await dlg.locator('#dialog-cancel').click();
      await eo.context().close();
    });
  });
}
