// Issue 12 point 4 in the browser: a Rumble event. SR2017 "Rumble": "The recommended point size for
// Rumble events is 15–35 army points." … "Steamroller Rumble events must use one of the three Rumble
// scenarios" … "We recommend using the quadrant method (p. 6) for terrain in Rumble games."
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasText, shot, suite, until } from './harness.mjs';
import { consoleFor, eoApi, SIZES } from './eo-fixture.mjs';

const s = suite();
const RUMBLE = ['Patrol', 'Killing Field', 'Target of Opportunity'];

for (const [size, device] of Object.entries(SIZES)) {
  test(`the EO sets up a 30-point Rumble event: its sizes, its scenarios, its tables (${size})`, async () => {
    const event = `rumble-${size}`;
    const { page } = await consoleFor(s.server, s.browser, s.problems, { event, device });
    await page.goto(`${s.server.base}/eo.html?event=${event}#setup`);
    await page.locator('#v-rumble').waitFor();
    const sizes = async () => page.locator('#setup-form select[name=points] option').evaluateAll((os) => os.map((o) => Number(o.value)));
    assert.ok(!(await sizes()).includes(30), 'no Rumble sizes before Rumble is chosen');
    await page.locator('#v-rumble').check();
    await until(async () => (await sizes()).includes(30), 'the Rumble range offered once Rumble is chosen');
    assert.ok((await sizes()).includes(15) && (await sizes()).includes(35) && !(await sizes()).includes(36));
    assert.match(await page.locator('.variant[data-key=rumble]').textContent(), /No Time Limits variant/);
    await page.locator('#setup-form select[name=points]').selectOption('30');
    // 30 points has no Deathclock row: the server refuses, naming the seed's advice.
    await page.locator('#setup-form button[type=submit]').click();
    await hasText(page.locator('#setup-flash'), 'No Time Limits');
    await page.locator('#v-no-time-limits').check();
    await page.locator('#setup-form button[type=submit]').click();
    await hasText(page.locator('#setup-flash'), 'Setup saved.');
    await until(async () => (await s.server.api(`/api/events/${event}`)).rumble === true, 'the event is a Rumble event');
    assert.equal((await s.server.api(`/api/events/${event}`)).points, 30);
    await shot(page, `rumble-${size}-setup`);

    // The proposal's scenario: one of the three Rumble scenarios, nothing else on offer.
    await page.goto(`${s.server.base}/eo.html?event=${event}#round`);
    await page.locator('#propose').click();
    await page.locator('#scenario-choice').waitFor();
    assert.match(await page.locator('#scenario-text').textContent(), /drawn from the Rumble scenarios not yet played/);
    const offered = await page.locator('#scenario-pick option').evaluateAll((os) => os.filter((o) => o.value).map((o) => o.textContent));
    assert.deepEqual(offered.sort(), [...RUMBLE].sort());
    await shot(page, `rumble-${size}-scenario`);
    await page.locator('#publish').click();
    const pairings = await until(async () => eoApi(page, event, 'GET', '/pairings').catch(() => null), 'round 1 published');
    assert.ok(RUMBLE.includes(pairings.scenario_name), pairings.scenario_name);

    // Terrain: quadrant by default, 30" x 30" tables without the 6" edge rule.
    await page.goto(`${s.server.base}/eo.html?event=${event}#tables`);
    await page.locator('#terrain-form').waitFor();
    assert.equal(await page.locator('#terrain-form select[name=method]').inputValue(), 'quadrant');
    assert.match(await page.locator('#terrain-hint').textContent(), /Rumble \(30" × 30" tables/);
    await page.locator('#place-terrain').click();
    await page.locator('.terrain-table').first().waitFor();
    const stored = await page.evaluate((id) => JSON.parse(localStorage.getItem(`gauntlet.terrain.${id}`)), event);
    assert.ok(stored.tables.every((t) => t.rumble === true && t.method === 'quadrant'), 'every table placed for Rumble');
    await shot(page, `rumble-${size}-tables`);
    await page.context().close();
  });
}
