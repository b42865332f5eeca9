// Issue 10 point 13: the setup form offers exclusive variants as one choice (radio buttons with
// "None"), a variant whose requirement is not chosen cannot be picked, and "Setup saved." shows next
// to the button that saved it. The edition data says what excludes what: SR2017 "Final Standings
// Variants" (one of them), SR2017 "Painting Requirements Variants" (Basic or Advanced), the SR2017
// time-limit variants (one of them, with Classic Turn Timing); SR2013's Deathclock excludes them.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, SIZES, startServer, watch } from './harness.mjs';
import { createEvent } from './api-setup.mjs';

const PASSWORD = 'setup-eo-password';
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
  describe(`setup at ${size} size`, () => {
    // Event `event` (with `variants`) created over the API; the EO's console open on its setup tab.
    async function setupOf(event, variants = []) {
      await createEvent(server, event, { name: `Setup Cup (${size})`, edition: 'SR2017', points: 75, variants }, PASSWORD);
      const eo = watch(await (await browser.newContext(device)).newPage(), problems);
      await eo.goto(`${server.base}/eo.html?event=${event}#setup`);
      await eo.locator('#login-form input[name=password]').fill(PASSWORD);
      await eo.locator('#login-form button').click();
      await eo.locator('#variants fieldset').first().waitFor();
      return eo;
    }

    test('exclusive variants are one choice; a requirement gates its dependants', async () => {
      const EVENT = `setup-${size}`;
      const eo = await setupOf(EVENT);
      const type = (key) => eo.locator(`#v-${key}`).getAttribute('type');
      for (const key of ['assassin-scoring', 'control-point-scoring', 'destruction-scoring', 'finals-tables', 'basic-painting', 'advanced-painting'])
        assert.equal(await type(key), 'radio', `${key} is a single choice`);
      assert.equal(await type('no-assassination'), 'checkbox', 'independent variants stay checkboxes');
      // Painting: choosing Advanced unchooses Basic.
      await eo.locator('#v-basic-painting').check();
      await eo.locator('#v-advanced-painting').check();
      assert.ok(!(await eo.locator('#v-basic-painting').isChecked()), 'one painting level at a time');
      // The time-limit variants need Classic Turn Timing, and only one of them applies.
      for (const key of ['casual-time', 'frenzy-time', 'hardcore-time', 'relaxed-time', 'no-extensions'])
        assert.ok(await eo.locator(`#v-${key}`).isDisabled(), `${key} waits for Classic Turn Timing`);
      await eo.locator('#v-classic-turn-timing').check();
      await eo.locator('#v-casual-time').check();
      await eo.locator('#v-relaxed-time').check();
      assert.ok(!(await eo.locator('#v-casual-time').isChecked()), 'one time-limit variant at a time');
      await eo.locator('#v-no-time-limits').check();  // "alone in its category": the rest goes
      assert.ok(!(await eo.locator('#v-classic-turn-timing').isChecked()));
      assert.ok(await eo.locator('#v-relaxed-time').isDisabled());
      assert.ok(!(await eo.locator('#v-relaxed-time').isChecked()), 'a dependant is unchosen with its requirement');
      await eo.locator('#v-finals-tables').check();
      await eo.locator('#setup-form button[type=submit]').click();
      await hasText(eo.locator('#setup-flash'), 'Setup saved.');
      // The confirmation sits beside the button, not a screen away.
      const saved = await eo.locator('#setup-flash').boundingBox();
      const button = await eo.locator('#setup-form button[type=submit]').boundingBox();
      assert.ok(Math.abs(button.y - (saved.y + saved.height)) < 80, `"Setup saved." next to the button (${saved.y} vs ${button.y})`);
      const summary = await server.api(`/api/events/${EVENT}`);
      assert.deepEqual([...summary.variants].sort(), ['advanced-painting', 'finals-tables', 'no-time-limits']);
      await eo.locator('#setup-flash').scrollIntoViewIfNeeded();
      await shot(eo, `setup-${size}-choices`);
      await eo.context().close();
    });

    test('SR2013: the Deathclock and the classic time limits are one choice', async () => {
      // The variants the test before saves.
      const eo = await setupOf(`setup-${size}-sr2013`, ['advanced-painting', 'finals-tables', 'no-time-limits']);
      await eo.locator('#setup-form select[name=edition]').selectOption('SR2013');
      await eo.locator('#v-deathclock').waitFor();
      assert.equal(await eo.locator('#v-deathclock').getAttribute('type'), 'radio');
      assert.equal(await eo.locator('#v-casual-time').getAttribute('type'), 'radio');
      await eo.locator('#v-deathclock').check();
      assert.ok(await eo.locator('#v-no-extensions').isDisabled(), 'SR2013: No Extensions excludes the Deathclock');
      await eo.context().close();
    });
  });
}
