// Issue 10 point 10: one EO, two tabs. A live refresh never wipes a row the EO is typing in; a save
// names the result it replaces, and when the other tab changed it meanwhile the console shows both
// (what was typed, what is recorded now) and lets the EO keep it or save theirs over it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until, watch } from './harness.mjs';
import { SIZES, consoleFor, eoApi, eoFetch, pairNext } from './eo-fixture.mjs';

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

async function typeRow(page, table, { winner, cp, ap, victory }) {
  const row = page.locator(`#grid tr[data-table="${table}"]`);
  await row.locator('select[name=winner]').selectOption(winner);
  await row.locator('input[name=cpa]').fill(String(cp[0]));
  await row.locator('input[name=cpb]').fill(String(cp[1]));
  await row.locator('input[name=apa]').fill(String(ap[0]));
  await row.locator('input[name=apb]').fill(String(ap[1]));
  await row.locator('select[name=victory]').selectOption(victory);
  return row;
}

// Event `event` with round 1 published (3 tables) and, when `t1Result` is given, that result at the
// first table; the EO's console open in two tabs of one browser profile, both showing the grid.
async function twoTabs(event, device, t1Result) {
  const { page: a } = await consoleFor(server, browser, problems, { event, device });
  const r1 = await pairNext(a, event);
  const [t1, t2] = r1.tables.map((t) => t.table);
  if (t1Result) await eoApi(a, event, 'POST', '/commands', { type: 'record-result', round: 1, table: t1, ...t1Result });
  // The second tab: same browser profile (cookie), its own page.
  const b = watch(await a.context().newPage(), problems);
  await b.goto(`${server.base}/eo.html?event=${event}#round`);
  for (const p of [a, b]) {
    await p.goto(`${server.base}/eo.html?event=${event}#round`);
    await until(async () => (await p.locator('#grid tbody tr').count()) === 3, 'the grid of round 1');
  }
  const api = (m, path, body) => eoApi(a, event, m, path, body);
  const result = async (table) => (await api('GET', '/pairings?round=1')).tables.find((t) => t.table === table).result;
  return { a, b, t1, t2, api, result };
}

// What the first test leaves at the first table: the EO's result saved over the other tab's.
const T1_SAVED = { results: [{ outcome: 'win', cp: 4, ap: 25 }, { outcome: 'loss', cp: 1, ap: 10 }], victory: 'scenario' };

for (const [size, device] of Object.entries(SIZES)) {
  describe(`two EO tabs at ${size} size`, () => {
    test('a refresh from the other tab keeps the half-typed row; Save then shows both and keeps nothing blindly', async () => {
      const { a, b, t1, result } = await twoTabs(`tabs-${size}`, device);
      const rowA = await typeRow(a, t1, { winner: 'a', cp: [4, 1], ap: [25, 10], victory: 'scenario' });
      const rowB = await typeRow(b, t1, { winner: 'b', cp: [0, 2], ap: [5, 35], victory: 'assassination' });
      await rowB.locator('button[name=save]').click();
      await hasText(rowB, 'recorded');
      // Tab A got the live update (its missing-results line counts one fewer) ...
      await hasText(a.locator('#missing'), 'Missing results (2)');
      // ... but the row being typed in is left alone.
      assert.equal(await rowA.locator('select[name=winner]').inputValue(), 'a', 'the typed winner survives the refresh');
      assert.equal(await rowA.locator('input[name=apa]').inputValue(), '25');
      await rowA.locator('button[name=save]').click();
      const box = a.locator(`#conflict-${t1}`);
      await hasText(box, 'changed since this page showed it');
      await hasText(box.locator('.mine'), 'W–L · CP 4–1 · AP 25–10 · scenario');
      await hasText(box.locator('.theirs'), 'L–W · CP 0–2 · AP 5–35 · assassination');
      assert.deepEqual((await result(t1)).outcome, ['loss', 'win'], 'the other tab\'s result stands');
      await box.scrollIntoViewIfNeeded();
      await shot(a, `two-tabs-${size}-01-conflict`);
      await box.locator('button[name=overwrite]').click();
      await until(async () => (await result(t1)).outcome[0] === 'win', 'the EO\'s result saved over it');
      await hasText(a.locator(`#grid tr[data-table="${t1}"]`), 'W–L · CP 4–1');
      await shot(a, `two-tabs-${size}-02-overwritten`);
      await a.context().close();
    });

    test('keep the recorded result: the row shows it again, nothing is written', async () => {
      const { a, b, t2, api } = await twoTabs(`tabs-${size}-keep`, device, T1_SAVED);
      const rowA = await typeRow(a, t2, { winner: 'a', cp: [1, 0], ap: [10, 5], victory: 'clock' });
      const rowB = await typeRow(b, t2, { winner: 'b', cp: [0, 3], ap: [0, 20], victory: 'scenario' });
      await rowB.locator('button[name=save]').click();
      await hasText(rowB, 'recorded');
      await hasText(a.locator('#missing'), 'Missing results (1)');
      const before = (await api('GET', '/journal')).entries.length;
      await rowA.locator('button[name=save]').click();
      const box = a.locator(`#conflict-${t2}`);
      await box.locator('button[name=keep]').click();
      await hasText(a.locator(`#grid tr[data-table="${t2}"]`), 'L–W · CP 0–3');
      assert.equal((await api('GET', '/journal')).entries.length, before, 'nothing written');
      await a.context().close();
    });

    test('the API: a stale "replaces" is a 409 carrying the current result', async () => {
      const EVENT = `tabs-${size}-api`;
      const { a, t1, result } = await twoTabs(EVENT, device, T1_SAVED);
      const cur = await result(t1);
      const body = { type: 'record-result', round: 1, table: t1, results: [{ outcome: 'tie', cp: 0, ap: 0 }, { outcome: 'tie', cp: 0, ap: 0 }], victory: 'tie' };
      const stale = await eoFetch(a, EVENT, 'POST', '/commands', { ...body, replaces: null });
      assert.equal(stale.status, 409);
      assert.deepEqual(stale.data.error.current.outcome, cur.outcome);
      const fresh = await eoFetch(a, EVENT, 'POST', '/commands', { ...body, replaces: cur });
      assert.equal(fresh.status, 200, JSON.stringify(fresh.data));
      await a.context().close();
    });
  });
}
