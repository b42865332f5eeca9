// Issue 10 points 11 and 12 in the EO's result grid: with the longest name a player can have (40
// characters) every control stays on screen at laptop size (1366x768) and the grid becomes one card
// per table on a phone (390x844), with no horizontal cut-off; an impossible result (500 army points
// destroyed in a 75-point game) is refused naming the field and the rule, from the grid and from a
// phone; two different reports from one table become a dispute that shows both, and the same report
// from the opponent counts as the confirmation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, playerPhone, shot, SIZES, startServer, until } from './harness.mjs';
import { eoApi as eoApiOn } from './eo-fixture.mjs';
import { newEvent, openConsole, pairNext } from './api-setup.mjs';

const PASSWORD = 'grid-eo-password';
// Forty characters each (the cap), with accents and no easy break points.
const NAMES = ['Maximiliana Wolkenstein-Hohenzollernberg', 'Bartholomäus Rautenstrauch-Einsiedlerhof',
  'Cordelia Fitzwilliam-Montgomery-Smythe J', 'Desmond Oyelaran-Abernathy Castellanos I'];
const FACTIONS = ['Cygnar', 'Khador', 'Cryx', 'Trollbloods'];

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
  describe(`result grid at ${size} size`, () => {
    const name = (s) => `result-grid-${size}-${s}`;
    // Event `event` over the API: the four 40-character names checked in, round 1 published; the
    // EO's console open on its result grid; and the page's helpers.
    async function gridAt(event) {
      const { eo: api, pins } = await newEvent(server, event, { name: `Grid Cup (${size})`, password: PASSWORD,
        config: { points: 75, rounds: 3 }, players: NAMES.map((n, i) => [n, FACTIONS[i]]) });
      await pairNext(api);
      const eo = await openConsole({ server, browser, problems }, event, PASSWORD, { device, hash: 'round' });
      await until(async () => (await eo.locator('#grid tbody tr').count()) === 2, 'a grid of 2 tables');
      return {
        eo,
        ok: (method, path, body) => eoApiOn(eo, event, method, path, body),
        // A player's own request from their logged-in phone page.
        phone: (pid) => playerPhone(server, browser, problems, event, pid, pins[pid]),
        report: (page, body) => page.evaluate(async ({ body, id }) => {
          const r = await fetch(`/api/events/${id}/report`, { method: 'POST', body: JSON.stringify(body),
            headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': sessionStorage.getItem(`gauntlet.csrf.${id}`) } });
          return { status: r.status, data: await r.json() };
        }, { body, id: event }),
      };
    }

    test('40-character names: every control of the grid on screen, no horizontal cut-off', async () => {
      const { eo } = await gridAt(`grid-${size}`);
      const width = device.viewport.width;
      const scroll = await eo.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(scroll <= width, `no horizontal page scroll (scrollWidth ${scroll} > ${width})`);
      const boxes = await eo.locator('#grid select, #grid input, #grid button').evaluateAll((els) => els.map((e) => {
        const r = e.getBoundingClientRect();
        return { name: e.name, left: r.left, right: r.right };
      }));
      assert.ok(boxes.length >= 2 * 7, `the grid's controls (${boxes.length})`);
      for (const b of boxes) assert.ok(b.left >= 0 && b.right <= width + 0.5, `${b.name} within the ${width} px screen (${b.left}–${b.right})`);
      // The grid's own box is not cut off inside a scrolling container either.
      const grid = await eo.locator('#grid').evaluate((g) => ({ client: g.parentElement.clientWidth, scroll: g.parentElement.scrollWidth }));
      assert.ok(grid.scroll <= grid.client + 1, `the grid fits its card (${grid.scroll} > ${grid.client})`);
      for (const n of NAMES) await hasText(eo.locator('#grid'), n);
      if (size === 'phone') {
        const save = await eo.locator('#grid button[name=save]').first().boundingBox();
        assert.ok(save.height >= 44, `Save is a big enough tap target (${save.height}px)`);
      }
      await eo.locator('#results').scrollIntoViewIfNeeded();
      await shot(eo, name('01-long-names'));
      await eo.context().close();
    });

    test('500 army points destroyed in a 75-point game is refused, naming the field and the rule', async () => {
      const { eo, ok, phone, report } = await gridAt(`grid-${size}-ap`);
      const row = eo.locator('#grid tr[data-table="1"]');
      await row.locator('select[name=winner]').selectOption('a');
      for (const [n, v] of [['cpa', 5], ['cpb', 0], ['apa', 500], ['apb', 20]]) await row.locator(`input[name=${n}]`).fill(String(v));
      await row.locator('select[name=victory]').selectOption('scenario');
      await row.locator('button[name=save]').click();
      const text = await hasText(eo.locator('#grid-flash'), 'results[0].ap');
      assert.match(text, /Army Points Destroyed/);
      assert.match(text, /more than .* army is worth/);
      assert.equal((await ok('GET', '/pairings?round=1')).tables[0].result, null, 'nothing recorded');
      await eo.locator('#grid-flash').scrollIntoViewIfNeeded();
      await shot(eo, name('02-impossible-ap'));
      // The player's report goes through the same check.
      const t1 = (await ok('GET', '/pairings?round=1')).tables[0];
      const page = await phone(t1.players[0].id);
      const r = await report(page, { table: 1, victory: 'scenario', results: [{ outcome: 'win', cp: 5, ap: 500 }, { outcome: 'loss', cp: 0, ap: 20 }] });
      assert.equal(r.status, 400);
      assert.equal(r.data.error.field, 'round 1, table 1.results[0].ap');
      const neg = await report(page, { table: 1, victory: 'scenario', results: [{ outcome: 'win', cp: 5, ap: 40 }, { outcome: 'loss', cp: 0, ap: -3 }] });
      assert.equal(neg.status, 400);
      assert.equal(neg.data.error.field, 'round 1, table 1.results[1].ap');
      await page.context().close();
      await eo.context().close();
    });

    test('two different reports from one table are a dispute showing both; the same one confirms', async () => {
      const { eo, ok, phone, report } = await gridAt(`grid-${size}-dispute`);
      const tables = (await ok('GET', '/pairings?round=1')).tables;
      const [a, b] = tables[0].players.map((p) => p.id);
      const pa = await phone(a), pb = await phone(b);
      const first = { table: 1, victory: 'scenario', results: [{ outcome: 'win', cp: 5, ap: 40 }, { outcome: 'loss', cp: 0, ap: 20 }] };
      const other = { table: 1, victory: 'assassination', results: [{ outcome: 'loss', cp: 1, ap: 15 }, { outcome: 'win', cp: 2, ap: 60 }] };
      assert.equal((await report(pa, first)).status, 200);
      const second = await report(pb, other);
      assert.equal(second.status, 200, JSON.stringify(second.data));
      assert.equal(second.data.command.disputes, true);
      const pending = (await ok('GET', '/admin')).pending_reports.find((r) => r.table === 1);
      assert.equal(pending.report.reporter, a, 'the first report is kept');
      assert.equal(pending.report.disputed, true);
      assert.equal(pending.report.counter.reporter, b, 'the second report is kept beside it');
      const item = eo.locator('#dispute-list li[data-table="1"]');
      await hasText(item, 'disputed');
      await until(async () => (await item.locator('.report-line').count()) === 2, 'both reports in the disputes card');
      await hasText(item.locator('.report-line.counter'), 'assassination');
      await item.scrollIntoViewIfNeeded();
      await shot(eo, name('03-dispute-both-reports'));
      // The EO accepts the second player's report.
      await item.locator('button[name=accept-counter]').click();
      await until(async () => (await ok('GET', '/pairings?round=1')).tables[0].result, 'the accepted report recorded');
      assert.equal((await ok('GET', '/pairings?round=1')).tables[0].result.victory, 'assassination');
      // Table 2: the opponent's same report is the confirmation.
      const [c, d] = tables[1].players.map((p) => p.id);
      const pc = await phone(c), pd = await phone(d);
      const same = { table: 2, victory: 'scenario', results: [{ outcome: 'loss', cp: 0, ap: 10 }, { outcome: 'win', cp: 5, ap: 30 }] };
      assert.equal((await report(pc, same)).status, 200);
      const confirm = await report(pd, same);
      assert.equal(confirm.status, 200);
      assert.ok(confirm.data.command.recorded, 'recorded as the confirmation');
      assert.ok((await ok('GET', '/pairings?round=1')).tables[1].result, 'table 2 has its result');
      for (const p of [pa, pb, pc, pd]) await p.context().close();
      await eo.context().close();
    });
  });
}
