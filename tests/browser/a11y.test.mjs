// Issue 10 point 18: every page passes axe-core (npm) with no serious or critical violation, at
// phone size (390x844) and laptop size (1366x768), the projector at 1920x1080: the event list, the
// EO login and every console tab, the player picker, PIN form, report and confirm forms, the
// standings and the projector — each with real content (an event in round 1 with a pending report).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { axeViolations, launchBrowser, shot, SIZES, startServer, watch } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

const PASSWORD = 'axe-eo-password';
const NAMES = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'], ['Emil Sørensen', 'Skorne']];

let server, browser;
const problems = [];

// axe-core's findings on `page` added to `found`, one line each, naming `what` was checked.
async function check(found, page, what) {
  for (const v of await axeViolations(page)) found.push(`${what}: ${v}`);
}

// Event `event` over the API, in round 1 with real content: five players (two lists allowed),
// round 1 published, table 2's result recorded; with `reported`, table 1's first player has also
// reported (what the phone-size test sends halfway). Returns the EO's login, PINs and pairings.
async function axeCup(event, reported) {
  await createEvent(server, event, { name: 'Axe Cup', edition: 'SR2017', points: 50, lists: 2 }, PASSWORD);
  const eo = await eoLogin(server, event, PASSWORD);
  const pins = {};
  for (const [name, faction] of NAMES) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name, faction } });
    pins[r.command.player.id] = r.pin;
  }
  const p = await eo.post('/pairing/propose', {});
  await eo.post('/commands', { type: 'pair-round', tables: p.tables, bye: p.bye });
  const pairings = await server.api(`/api/events/${event}/pairings`);
  // A recorded result and a pending report: the grid, the player pages and the standings show them.
  await eo.post('/commands', { type: 'record-result', table: 2, victory: 'scenario',
    results: [{ outcome: 'win', cp: 3, ap: 20 }, { outcome: 'loss', cp: 1, ap: 10 }] });
  if (reported) await reportTable1(eo, pairings);
  return { eo, pins, pairings };
}
// A report of table 1 by its first player, for the opponent to confirm.
const reportTable1 = (eo, pairings) => eo.post('/commands', { type: 'report-result', table: pairings.tables[0].table,
  reporter: pairings.tables[0].players[0].id, victory: 'assassination',
  results: [{ outcome: 'win', cp: 0, ap: 15 }, { outcome: 'loss', cp: 0, ap: 5 }] });

describe('axe-core: no serious or critical violation on any page', () => {
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
    test(`every page at ${size} size`, async () => {
      // The laptop run starts where the phone run leaves the event: table 1 reported.
      const EVENT = `axe-${size}`;
      const { eo, pins, pairings } = await axeCup(EVENT, size !== 'phone');
      const found = [];
      const page = watch(await (await browser.newContext(device)).newPage(), problems);
      await page.goto(`${server.base}/`);
      await page.locator('#events li, #events tr').first().waitFor();
      await check(found, page, `${size} index`);
      await page.goto(`${server.base}/eo.html?event=${EVENT}`);
      await page.locator('#login-form').waitFor();
      await check(found, page, `${size} eo login`);
      await page.locator('#login-form input[name=password]').fill(PASSWORD);
      await page.locator('#login-form button').click();
      await page.locator('#console').waitFor();
      for (const tab of ['setup', 'players', 'round', 'tables', 'pins']) {
        await page.locator(`.tabs a[data-tab=${tab}]`).click();
        await page.locator(`#tab-${tab}`).waitFor();
        await page.waitForTimeout(300);
        await check(found, page, `${size} eo ${tab}`);
        await shot(page, `axe-${size}-eo-${tab}`);
      }
      await page.locator('#undo').click();
      await page.locator('#dialog').waitFor();
      await check(found, page, `${size} eo undo dialog`);
      await page.locator('#dialog button', { hasText: 'Cancel' }).first().click().catch(() => {});
      await page.context().close();

      const ph = watch(await (await browser.newContext(device)).newPage(), problems);
      await ph.goto(`${server.base}/player.html?event=${EVENT}`);
      await ph.locator('#pick-list li').first().waitFor();
      await check(found, ph, `${size} player picker`);
      const [a, b] = pairings.tables[0].players;
      await ph.goto(`${server.base}/player.html?event=${EVENT}&player=${a.id}`);
      await ph.locator('#pin-form').waitFor();
      await check(found, ph, `${size} player PIN form`);
      await ph.locator('#pin-form input[name=pin]').fill(pins[a.id]);
      await ph.locator('#pin-form button').click();
      // The phone run sees the report form; the laptop run, after the phone's report, the wait for the opponent.
      await ph.locator(size === 'phone' ? '#report-form' : '#action-card h2').waitFor();
      await check(found, ph, `${size} player report form`);
      await shot(ph, `axe-${size}-player-report`);
      await ph.context().close();
      if (size === 'phone') await reportTable1(eo, pairings);  // a report for the opponent to confirm
      const pb = watch(await (await browser.newContext(device)).newPage(), problems);
      await pb.goto(`${server.base}/player.html?event=${EVENT}&player=${b.id}`);
      await pb.locator('#pin-form input[name=pin]').fill(pins[b.id]);
      await pb.locator('#pin-form button').click();
      await pb.locator('#confirm').waitFor();  // the opponent's report, to confirm or dispute
      await check(found, pb, `${size} player confirm form`);
      await pb.goto(`${server.base}/standings.html?event=${EVENT}&player=${b.id}`);
      await pb.locator('#standings tr.me').waitFor();
      await check(found, pb, `${size} standings`);
      await shot(pb, `axe-${size}-standings`);
      await pb.context().close();
      assert.deepEqual(found, [], `axe-core found:\n${found.join('\n')}`);
    });
  }

  test('the projector at 1920x1080', async () => {
    const EVENT = 'axe-projector';
    await axeCup(EVENT, true);
    const found = [];
    const page = watch(await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage(), problems);
    await page.goto(`${server.base}/projector.html?event=${EVENT}`);
    await page.locator('.pairing-list li').first().waitFor();
    await check(found, page, 'projector');
    await shot(page, 'axe-projector');
    await page.context().close();
    assert.deepEqual(found, [], `axe-core found:\n${found.join('\n')}`);
  });
});
