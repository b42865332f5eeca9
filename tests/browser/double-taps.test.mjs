// Issue 10 point 9 (double taps) and point 16 (creating an event): a button that sends a write is
// disabled while its request is in flight and every write carries an Idempotency-Key, so a double
// click sends once; the admin-key refusal is written for an EO; after creating an event the EO is
// logged in to it; Undo and Log out never show while logged out.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, SIZES, startServer, until, watch } from './harness.mjs';
import { newEvent } from './api-setup.mjs';

const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Circle Orboros']];

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
  describe(`at ${size} size`, () => {
    test('double-clicking "Create event" makes one event and logs the EO in to it', async () => {
      const ctx = await browser.newContext(device);
      const page = watch(await ctx.newPage(), problems);
      const requests = [];
      page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/events') && requests.push(r.headers()['idempotency-key']));
      await page.goto(`${server.base}/index.html`);
      await page.locator('#create summary').click();
      const form = page.locator('#create-form');
      await until(async () => (await form.locator('select[name=edition] option').count()) > 0, 'editions loaded');
      await form.locator('input[name=admin]').fill(server.adminKey);
      await form.locator('input[name=name]').fill(`Double ${size}`);
      await form.locator('input[name=password]').fill('double-tap-password');
      await form.locator('button[type=submit]').dblclick();
      await page.waitForURL(/eo\.html\?event=/, { timeout: 30000 });  // two PBKDF2 hashes (set, then log in)
      await page.locator('#console').waitFor();  // logged in: no second password prompt
      const { events } = await server.api('/api/events');
      assert.equal(events.filter((e) => e.name === `Double ${size}`).length, 1, 'exactly one event');
      assert.equal(requests.length, 1, 'one request sent');
      assert.match(requests[0] || '', /^[0-9a-f]{32}$/, 'it carries an Idempotency-Key');
      await shot(page, `double-taps-${size}-created-console`);
      await ctx.close();
    });

    test('double-clicking Publish publishes once, with no red error', async () => {
      const id = `publish-${size}`;
      const { eo, password } = await newEvent(server, id, { players: PLAYERS });
      const ctx = await browser.newContext(device);
      const page = watch(await ctx.newPage(), problems);
      await page.goto(`${server.base}/eo.html?event=${id}#round`);
      await page.locator('#login-form input[name=password]').fill(password);
      await page.locator('#login-form button').click();
      await page.locator('#propose').click();
      await until(async () => (await page.locator('#draft li').count()) === 2, '2 tables proposed');
      const sent = [];
      page.on('request', (r) => r.url().endsWith('/commands') && sent.push(JSON.parse(r.postData()).type));
      await page.locator('#publish').dblclick();
      await hasText(page.locator('#flash'), 'Round 1 published.');
      await page.waitForTimeout(500);  // a second answer, if any, would arrive now
      assert.ok(!(await page.locator('#flash').getAttribute('class')).includes('error'), await page.locator('#flash').textContent());
      const { data } = await eo.get('/journal');
      assert.equal(data.entries.filter((e) => e.command && e.command.type === 'pair-round').length, 1, 'one pair-round');
      assert.deepEqual(sent, ['pair-round'], 'the double click sent one request');
      await shot(page, `double-taps-${size}-published`);
      await ctx.close();
    });
  });
}

test('the admin-key refusal tells the EO what the key is and how to make a new one (phone)', async () => {
  const ctx = await browser.newContext(SIZES.phone);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${server.base}/index.html`);
  await page.locator('#create summary').click();
  const form = page.locator('#create-form');
  await until(async () => (await form.locator('select[name=edition] option').count()) > 0, 'editions loaded');
  await form.locator('input[name=admin]').fill('not-the-key');
  await form.locator('input[name=name]').fill('Nope');
  await form.locator('input[name=password]').fill('whatever-password');
  await form.locator('button[type=submit]').click();
  const text = await hasText(page.locator('#create-flash'), 'gauntlet admin-key --db FILE --new');
  assert.ok(!text.includes('Authorization'), `no HTTP header names in: ${text}`);
  assert.ok(text.includes('printed when `gauntlet serve` first started'), text);
  await shot(page, 'double-taps-phone-admin-key');
  await ctx.close();
});

test('Undo and Log out do not show while logged out (laptop)', async () => {
  await newEvent(server, 'logged-out', { name: 'Logged Out Open' });
  const ctx = await browser.newContext(SIZES.laptop);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${server.base}/eo.html?event=logged-out`);
  await page.locator('#login-form').waitFor();
  assert.equal(await page.locator('#undo').isVisible(), false);
  assert.equal(await page.locator('#logout').isVisible(), false);
  await hasText(page.locator('#login h2'), 'Log in to Logged Out Open');
  await ctx.close();
});
