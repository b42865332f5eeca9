// Issue 10 point 18: every page passes axe-core (npm) with no serious or critical violation, at
// phone size (390x844) and laptop size (1366x768), the projector at 1920x1080: the event list, the
// EO login and every console tab, the player picker, PIN form, report and confirm forms, the
// standings and the projector — each with real content (an event in round 1 with a pending report).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launchBrowser, shot, SIZES, startServer, watch } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

const EVENT = 'axe-cup';
const PASSWORD = 'axe-eo-password';
const NAMES = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'], ['Emil Sørensen', 'Skorne']];

let server, browser, eo, pairings;
const problems = [];
const pins = {};
const found = [];

async function check(page, what) {
  for (const v of await axeViolations(page)) found.push(`${what}: ${v}`);
}

describe('axe-core: no serious or critical violation on any page', () => {
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createEvent(server, EVENT, { name: 'Axe Cup', edition: 'SR2017', points: 50, lists: 2 }, PASSWORD);
    eo = await eoLogin(server, EVENT, PASSWORD);
    for (const [name, faction] of NAMES) {
      const r = await eo.post('/commands', { type: 'add-player', player: { name, faction } });
      pins[r.command.player.id] = r.pin;
    }
    const p = await eo.post('/pairing/propose', {});
    await eo.post('/commands', { type: 'pair-round', tables: p.tables, bye: p.bye });
    pairings = await server.api(`/api/events/${EVENT}/pairings`);
    // A recorded result and a pending report: the grid, the player pages and the standings show them.
    await eo.post('/commands', { type: 'record-result', table: 2, victory: 'scenario',
      results: [{ outcome: 'win', cp: 3, ap: 20 }, { outcome: 'loss', cp: 1, ap: 10 }] });
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
  });

  for (const [size, device] of Object.entries(SIZES)) {
    test(`every page at ${size} size`, async () => {
      const page = watch(await (await browser.newContext(device)).newPage(), problems);
      await page.goto(`${server.base}/`);
      await page.locator('#events li, #events tr').first().waitFor();
      await check(page, `${size} index`);
      await page.goto(`${server.base}/eo.html?event=${EVENT}`);
      await page.locator('#login-form').waitFor();
      await check(page, `${size} eo login`);
      await page.locator('#login-form input[name=password]').fill(PASSWORD);
      await page.locator('#login-form button').click();
      await page.locator('#console').waitFor();
      for (const tab of ['setup', 'players', 'round', 'tables', 'pins']) {
        await page.locator(`.tabs a[data-tab=${tab}]`).click();
        await page.locator(`#tab-${tab}`).waitFor();
        await page.waitForTimeout(300);
        await check(page, `${size} eo ${tab}`);
        await shot(page, `axe-${size}-eo-${tab}`);
      }
      await page.locator('#undo').click();
      await page.locator('#dialog').waitFor();
      await check(page, `${size} eo undo dialog`);
      await page.locator('#dialog button', { hasText: 'Cancel' }).first().click().catch(() => {});
      await page.context().close();

      const ph = watch(await (await browser.newContext(device)).newPage(), problems);
      await ph.goto(`${server.base}/player.html?event=${EVENT}`);
      await ph.locator('#pick-list li').first().waitFor();
      await check(ph, `${size} player picker`);
      const [a, b] = pairings.tables[0].players;
      await ph.goto(`${server.base}/player.html?event=${EVENT}&player=${a.id}`);
      await ph.locator('#pin-form').waitFor();
      await check(ph, `${size} player PIN form`);
      await ph.locator('#pin-form input[name=pin]').fill(pins[a.id]);
      await ph.locator('#pin-form button').click();
      // The phone run sees the report form; the laptop run, after the phone's report, the wait for the opponent.
      await ph.locator(size === 'phone' ? '#report-form' : '#action-card h2').waitFor();
      await check(ph, `${size} player report form`);
      await shot(ph, `axe-${size}-player-report`);
      await ph.context().close();
      if (size === 'phone') {  // a report for the opponent to confirm
        await eo.post('/commands', { type: 'report-result', table: pairings.tables[0].table, reporter: a.id, victory: 'assassination',
          results: [{ outcome: 'win', cp: 0, ap: 15 }, { outcome: 'loss', cp: 0, ap: 5 }] });
      }
      const pb = watch(await (await browser.newContext(device)).newPage(), problems);
      await pb.goto(`${server.base}/player.html?event=${EVENT}&player=${b.id}`);
      await pb.locator('#pin-form input[name=pin]').fill(pins[b.id]);
      await pb.locator('#pin-form button').click();
      await pb.locator('#confirm').waitFor();  // the opponent's report, to confirm or dispute
      await check(pb, `${size} player confirm form`);
      await pb.goto(`${server.base}/standings.html?event=${EVENT}&player=${b.id}`);
      await pb.locator('#standings tr.me').waitFor();
      await check(pb, `${size} standings`);
      await shot(pb, `axe-${size}-standings`);
      await pb.context().close();
    });
  }

  test('the projector at 1920x1080', async () => {
    const page = watch(await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage(), problems);
    await page.goto(`${server.base}/projector.html?event=${EVENT}`);
    await page.locator('.pairing-list li').first().waitFor();
    await check(page, 'projector');
    await shot(page, 'axe-projector');
    await page.context().close();
  });

  test('no violation found, no script error', () => {
    assert.deepEqual(found, [], `axe-core found:\n${found.join('\n')}`);
    assert.deepEqual(problems, []);
  });
});
