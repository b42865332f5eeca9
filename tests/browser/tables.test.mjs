// Issue 12 in the browser: the EO places legal terrain on every table of the event (tables numbered as
// in the round), moves a piece by hand and sees the broken rule with the pieces named and outlined;
// the draw survives a reload; the round's scenario sheet is one tap away for the EO and the players;
// every scenario sheet of every edition is drawn (screenshots to look at).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shot, suite, until, watch } from './harness.mjs';
import { consoleFor, eoApi, pairNext, SIZES } from './eo-fixture.mjs';

const s = suite();

const loaded = (img) => img.evaluate((el) => el.complete && el.naturalWidth > 0);

for (const [size, device] of Object.entries(SIZES)) {
  test(`terrain for every table of round 1, a piece moved by hand, a reload (${size})`, async () => {
    const event = `tables-${size}`;
    const { page } = await consoleFor(s.server, s.browser, s.problems, { event, device });
    const round = await pairNext(page, event);
    await page.locator('.tabs a[data-tab=tables]').click();
    const form = page.locator('#terrain-form');
    await form.waitFor();
    // Six players: three tables, as in round 1's pairings (the live refresh brings them).
    assert.ok(await until(async () => (await form.locator('input[name=tables]').inputValue()) === String(round.tables.length), 'three tables'));
    assert.equal(await form.locator('select[name=method]').inputValue(), 'mix');
    await form.locator('input[name=seed]').fill('4242');
    await page.locator('#place-terrain').click();
    const cards = page.locator('#terrain-tables .terrain-table');
    assert.ok(await until(async () => (await cards.count()) === 3, 'a card per table'));
    assert.match(await page.locator('#tables-flash').textContent(), /3 tables placed \(a mix of methods, seed 4242\)/);
    for (let i = 0; i < 3; ++i) {
      assert.ok(await until(() => loaded(cards.nth(i).locator('img.terrain-svg')), `table ${i + 1}'s picture`));
      // SR2017 "we recommend using a mix of the methods": cluster, quadrant, scatter in turn.
      assert.match(await cards.nth(i).locator('h3').textContent(), new RegExp(`Table ${i + 1}.*${['cluster', 'quadrant', 'scatter'][i]} method`));
    }
    await shot(page, `tables-${size}-placed`);

    // The EO measures table 2 and finds piece T2 stacked on T1: the checker names both and the rule.
    const table2 = cards.nth(1);
    await table2.locator('summary').click();
    const t1 = table2.locator('[data-piece="0"]');
    const t2 = table2.locator('[data-piece="1"]');
    await t2.locator('input[name=x]').fill(await t1.locator('input[name=x]').inputValue());
    await t2.locator('input[name=y]').fill(await t1.locator('input[name=y]').inputValue());
    await table2.locator('button[type=submit]').click();
    const broken = page.locator('#terrain-tables .terrain-table[data-table="2"] .findings li.error').first();
    await broken.waitFor();
    const text = await broken.textContent();
    assert.match(text, /T1 .* and T2 .* apart/);
    assert.match(text, /SR2017 "Terrain"/);
    assert.match(await page.locator('.terrain-table[data-table="2"] h3').textContent(), /NOT legal/);
    await page.locator('.terrain-table[data-table="2"]').scrollIntoViewIfNeeded();
    await shot(page, `tables-${size}-broken`);

    // A reload keeps the draw and the EO's change (this browser's storage).
    await page.reload();
    await page.locator('.terrain-table[data-table="2"] .findings li.error').first().waitFor();
    assert.equal(await page.locator('#terrain-form input[name=seed]').inputValue(), '4242');

    // The same seed places the same tables: placing again restores table 2 to the draw, legal.
    await page.locator('#place-terrain').click();
    await until(async () => (await page.locator('.terrain-table[data-table="2"] .findings li.error').count()) === 0, 'the redraw');
    const again = await page.evaluate((id) => JSON.parse(localStorage.getItem(`gauntlet.terrain.${id}`)).tables.map((t) => t.pieces), event);
    const fresh = await eoApi(page, event, 'GET', '');  // any call: keeps the session warm
    assert.ok(fresh.id === event);
    assert.equal(again.length, 3);

    // A bad seed is refused by name, nothing placed.
    await page.locator('#terrain-form input[name=seed]').fill('12x');
    await page.locator('#place-terrain').click();
    assert.match(await page.locator('#tables-flash').textContent(), /seed: digits only/);

    // The round's scenario sheet, one tap from the Rounds tab.
    await page.goto(`${s.server.base}/eo.html?event=${event}#round`);
    const link = page.locator('#eo-scenario-sheet');
    await link.waitFor();
    const sheet = await page.evaluate(async (href) => (await fetch(href)).text(), await link.getAttribute('href'));
    assert.match(sheet, /<svg/);
    assert.ok(sheet.includes(round.scenario_name || ''), 'the sheet names the scenario');
    await page.context().close();
  });
}

test('every scenario sheet of every edition draws (screenshots)', async () => {
  const page = watch(await (await s.browser.newContext(SIZES.laptop)).newPage(), s.problems);
  const { editions } = await s.server.api('/api/editions');
  let drawn = 0;
  for (const e of editions)
    for (const sc of e.scenarios) {
      const url = `${s.server.base}/api/editions/${e.id.toLowerCase()}/scenarios/${sc.key}.svg`;
      const svg = await (await fetch(url)).text();
      assert.ok(svg.includes(`<title>${e.id} - ${sc.name.replaceAll('&', '&amp;')}</title>`), `${e.id} ${sc.key}`);
      await page.setContent(`<img id="sheet" src="${url}" style="width:100%">`);
      assert.ok(await until(() => page.locator('#sheet').evaluate((el) => el.complete && el.naturalWidth > 0), `${sc.key} loads`));
      await shot(page, `scenario-${e.id}-${sc.key}`);
      ++drawn;
    }
  assert.ok(drawn >= 30, `${drawn} sheets`);
  await page.context().close();
});
