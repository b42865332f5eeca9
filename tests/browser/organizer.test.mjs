// Issue 15 point 3 in the browser, at phone size: an organizer the admin made logs in on
// organizer.html, creates an event (landing in its EO console, no event password asked), publishes
// it to the directory, and makes another organizer its judge; the server admin manages the accounts
// on the same page with the admin key.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SIZES, axeViolations, hasText, shot, suite, until, watch } from './harness.mjs';

const s = suite();

async function addOrganizer(login, name) {
  const r = await fetch(`${s.server.base}/api/organizers`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.server.adminKey}` },
    body: JSON.stringify({ login, name, password: `${login}-password` }),
  });
  assert.equal(r.status, 201, await r.text());
}

const directory = async () => (await s.server.api('/api/events')).events.map((e) => e.id);

test('an organizer creates, runs and publishes an event from a phone', async () => {
  await addOrganizer('alice', 'Alice Liddell');
  await addOrganizer('bob', 'Bob Judge');
  const page = watch(await (await s.browser.newContext(SIZES.phone)).newPage(), s.problems);
  await page.goto(`${s.server.base}/organizer.html`);
  await page.locator('#login-form input[name=login]').fill('alice');
  await page.locator('#login-form input[name=password]').fill('wrong-password');
  await page.locator('#login-form button').click();
  await hasText(page.locator('#flash'), 'wrong login or password');
  await page.locator('#login-form input[name=password]').fill('alice-password');
  await page.locator('#login-form button').click();
  await hasText(page.locator('#title'), 'Alice Liddell');
  await hasText(page.locator('#events'), 'No events yet');
  await shot(page, 'organizer-phone-empty');

  await page.locator('#create summary').click();
  await page.locator('#create-form input[name=name]').fill('Club Night');
  await page.locator('#create-form input[name=id]').fill('club-night');
  await until(() => page.locator('#create-form select[name=points] option').count(), 'point sizes');
  await page.locator('#create-form button').click();
  // The EO console of the new event, logged in by the organizer's own session.
  await page.waitForURL(/eo\.html\?event=club-night/);
  await until(() => page.locator('#console').isVisible(), 'the EO console');
  await hasText(page.locator('#title'), 'Club Night');
  assert.ok(!(await directory()).includes('club-night'), 'unpublished: out of the directory');

  await page.goto(`${s.server.base}/organizer.html`);
  await hasText(page.locator('#events'), 'Hidden — publish');
  await page.locator('#events button', { hasText: 'publish' }).click();
  await hasText(page.locator('#events'), 'Listed — unpublish');
  assert.ok((await directory()).includes('club-night'));

  await page.locator('#events button', { hasText: 'people' }).click();
  await page.locator('#grant-form input[name=organizer]').fill('bob');
  await page.locator('#grant-form select[name=role]').selectOption('judge');
  await page.locator('#grant-form button').click();
  await hasText(page.locator('#people'), 'Bob Judge (bob) — judge');
  await shot(page, 'organizer-phone-events');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 390, `no sideways scrolling at phone width (${width}px)`);
  assert.deepEqual(await axeViolations(page), [], 'no serious or critical accessibility findings');
});

test('the server admin adds, disables and resets organizers on the same page', async () => {
  const page = watch(await (await s.browser.newContext(SIZES.phone)).newPage(), s.problems);
  await page.goto(`${s.server.base}/organizer.html`);
  await page.locator('#admin summary').click();
  await page.locator('#admin-form input[name=key]').fill('not-the-key');
  await page.locator('#admin-form button').click();
  await hasText(page.locator('#admin-flash'), 'admin key');
  assert.ok(await page.locator('#admin-panel').isHidden());
  await page.locator('#admin-form input[name=key]').fill(s.server.adminKey);
  await page.locator('#admin-form button').click();
  await until(() => page.locator('#admin-panel').isVisible(), 'the admin panel');

  const add = page.locator('#add-organizer');
  await add.locator('input[name=login]').fill('carol');
  await add.locator('input[name=name]').fill('Carol Clerk');
  await add.locator('input[name=password]').fill('carol-first-password');
  await add.locator('button').click();
  await hasText(page.locator('#admin-flash'), 'Carol Clerk (carol) added');
  const carolRow = page.locator('#organizers tr', { hasText: 'Carol Clerk' });
  await carolRow.locator('button', { hasText: 'Disable' }).click();
  await hasText(page.locator('#admin-flash'), 'carol disabled');
  await hasText(carolRow, 'disabled');
  await hasText(page.locator('#audit'), 'organizer.disable carol');

  await page.locator('#reset-organizer select[name=login]').selectOption('carol');
  await page.locator('#reset-organizer input[name=password]').fill('carol-second-password');
  await page.locator('#reset-organizer button').click();
  await hasText(page.locator('#admin-flash'), 'carol has a new password');
  await carolRow.locator('button', { hasText: 'Enable' }).click();
  await hasText(page.locator('#admin-flash'), 'carol enabled');
  const login = (password) => fetch(`${s.server.base}/api/organizer/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ login: 'carol', password }) });
  assert.equal((await login('carol-first-password')).status, 401);
  assert.equal((await login('carol-second-password')).status, 200);
  await shot(page, 'organizer-phone-admin');
  assert.deepEqual(await axeViolations(page), [], 'no serious or critical accessibility findings');
});
