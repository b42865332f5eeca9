// Issue 12 point 4 in the browser: the scenario of each round in the EO console — rolled, re-rolled,
// or chosen before publishing, never one already played, secret until published.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { shot, suite, until } from './harness.mjs';
import { consoleFor, eoApi, recordAll, SIZES } from './eo-fixture.mjs';

const s = suite();

for (const [size, device] of Object.entries(SIZES)) {
  test(`the EO rolls, re-rolls and chooses the scenario before publishing (${size})`, async () => {
    const event = `scenario-${size}`;
    const { page } = await consoleFor(s.server, s.browser, s.problems, { event, device });
    await page.goto(`${s.server.base}/eo.html?event=${event}#round`);
    await page.locator('#propose').click();
    const box = page.locator('#scenario-choice');
    await box.waitFor();
    const rolled = await page.locator('#scenario-text').textContent();
    assert.match(rolled, /Round 1: .*, rolled on the SR2017 table/);
    // Secret before publishing: the public event shows no scenario yet.
    assert.equal((await s.server.api(`/api/events/${event}`)).current_round, null);
    await page.locator('#scenario-reroll').click();
    await until(async () => /re-rolled \(draw 2\)/.test(await page.locator('#scenario-text').textContent()), 'the re-roll');
    assert.notEqual(await page.locator('#scenario-text').textContent(), rolled);
    // The EO picks another (Outlast, or Standoff when the roll already shows Outlast).
    const [pick, pickName] = /Outlast/.test(await page.locator('#scenario-text').textContent()) ? ['standoff', 'Standoff'] : ['outlast', 'Outlast'];
    await page.locator('#scenario-pick').selectOption(pick);
    assert.match(await page.locator('#scenario-text').textContent(), new RegExp(`Round 1: ${pickName}, chosen by the EO`));
    await shot(page, `scenario-${size}-choice`);
    await page.locator('#publish').click();
    await until(async () => (await eoApi(page, event, 'GET', '/pairings').catch(() => null))?.scenario === pick, `round 1 published with ${pickName}`);

    // Round 2: the scenario played is shown as such and cannot be chosen again.
    await recordAll(page, event, 1);
    await eoApi(page, event, 'POST', '/commands', { type: 'close-round' });
    await page.reload();
    await page.locator('#propose').click();
    await page.locator('#scenario-choice').waitFor();
    const played = page.locator(`#scenario-pick option[value=${pick}]`);
    assert.match(await played.textContent(), /played in round 1/);
    assert.equal(await played.isDisabled(), true);
    assert.doesNotMatch(await page.locator('#scenario-text').textContent(), new RegExp(pickName));
    await shot(page, `scenario-${size}-round2`);
    await page.context().close();
  });
}
