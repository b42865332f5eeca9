// Issue 10 point 14: "Propose again" repeated the same draw. The console offers "Draw again" where
// the rules leave the choice to chance (SR2017 "First Round Pairings": "pair players randomly"): a
// new stream of the event's seed, numbered, and the round published from it says so in the journal
// (its explanation starts "re-draw 2"), recorded as the pairer's proposal, not as a hand-made one.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until } from './harness.mjs';
import { SIZES, consoleFor, eoApi } from './eo-fixture.mjs';

const EIGHT = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'],
  ['Emil Sørensen', 'Legion of Everblight'], ['Fatima Haddad', 'Circle Orboros'], ['Gus Lind', 'Skorne'], ['Hana Ito', 'Trollbloods']];
let server, browser;
const problems = [];
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  assert.deepEqual(problems, [], 'no script error, no alert');
});

for (const [size, device] of Object.entries(SIZES)) {
  describe(`re-draw at ${size} size`, () => {
    test('round 1 drawn again is another pairing, published as the pairer\'s with its draw journaled', async () => {
      const event = `redraw-${size}`;
      const { page } = await consoleFor(server, browser, problems, { event, device, players: EIGHT, config: { seed: 20261123 } });
      await page.locator('.tabs a[data-tab=round]').click();
      await page.locator('#propose').click();
      await until(async () => (await page.locator('#draft li').count()) === 4, '4 tables proposed');
      const tables = () => page.locator('#draft li').allTextContents();
      const first = await tables();
      await page.locator('#redraw').click();
      await hasText(page.locator('#explain'), 're-draw 2');
      const second = await tables();
      assert.notDeepEqual(second, first, 'draw 2 pairs round 1 differently');
      await hasText(page.locator('#redraw'), 'draw 3');
      await shot(page, `redraw-${size}-draw-2`);
      await page.locator('#publish').click();
      await hasText(page.locator('#flash'), 'Round 1 published.');
      const journal = await eoApi(page, event, 'GET', '/journal');
      const pair = journal.entries.map((e) => e.command).filter((c) => c && c.type === 'pair-round').pop();
      assert.match(pair.explain[0], /^re-draw 2/, 'the journal says which draw was published');
      assert.ok(!pair.explain.includes('paired by hand by the EO'), 'the pairer\'s proposal, not a hand-made one');
      await page.context().close();
    });
  });
}
