// Issue 10 point 3: sessions survive a restart of `gauntlet serve` (they live in the database), and a
// page whose session is gone says so plainly and asks for the login at once, keeping what was typed.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until, watch } from './harness.mjs';
import { newEvent } from './api-setup.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador']];

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

async function phoneLoggedIn(event, player, pin, srv = server) {
  const ctx = await browser.newContext(PHONE);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${srv.base}/player.html?event=${event}&player=${player}`);
  await page.locator('#pin-form input[name=pin]').fill(pin);
  await page.locator('#pin-form button').click();
  await page.locator('#report-form').waitFor();
  return { ctx, page };
}

async function typeReport(page) {
  const form = page.locator('#report-form');
  await form.locator('select[name=outcome]').selectOption('win');
  await form.locator('select[name=victory]').selectOption('scenario');
  await form.locator('input[name=cp0]').fill('5');
  await form.locator('input[name=cp1]').fill('2');
  await form.locator('input[name=ap0]').fill('40');
  await form.locator('input[name=ap1]').fill('25');
}

// The restart test restarts a server of its own: the other tests' server is never stopped.
test('a player logged in before a restart is still logged in after it (phone)', async () => {
  let own = await startServer();
  try {
    const { pins, ids } = await newEvent(own, 'restart', { players: PLAYERS, pair: true });
    const ada = ids['Ada Brennan'];
    const { ctx, page } = await phoneLoggedIn('restart', ada, pins[ada], own);
    const { dir, port, adminKey } = own;
    await own.stop({ keep: true });
    own = await startServer({ dir, port, adminKey });
    await page.reload();
    await page.locator('#report-form').waitFor();  // not the PIN form
    await typeReport(page);
    await page.locator('#report-form button[type=submit]').click();
    await hasText(page.locator('#flash'), 'Result sent');
    const p = await own.api(`/api/events/restart/players/${ada}`);
    assert.ok(p.current.report, 'the report reached the journal');
    await shot(page, 'sessions-phone-after-restart');
    await ctx.close();
  } finally {
    await own.stop();
  }
});

test('a phone whose session ended says so, shows the PIN form at once and keeps the typed result', async () => {
  const { pins, ids } = await newEvent(server, 'ended', { players: PLAYERS, pair: true });
  const ada = ids['Ada Brennan'];
  const { ctx, page } = await phoneLoggedIn('ended', ada, pins[ada]);
  await typeReport(page);
  // The session ends behind the page's back (e.g. logged out from another tab of this phone).
  const cookie = (await ctx.cookies()).find((c) => c.name === 'gauntlet_session');
  const csrf = await page.evaluate(() => sessionStorage.getItem('gauntlet.csrf.ended'));
  const out = await fetch(`${server.base}/api/events/ended/logout`, { method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf, Cookie: `gauntlet_session=${cookie.value}` }, body: '{}' });
  assert.equal(out.status, 200);
  await page.locator('#report-form button[type=submit]').click();
  const notice = page.locator('#session-ended [role=alert]');
  await hasText(notice, 'Your session ended — log in again');
  assert.ok(await page.locator('#session-ended input[name=pin]').isVisible(), 'the PIN form is shown at once');
  assert.equal(await page.locator('#report-form input[name=cp0]').inputValue(), '5', 'what was typed is kept');
  await shot(page, 'sessions-phone-ended');
  await page.locator('#session-ended input[name=pin]').fill(pins[ada]);
  await page.locator('#session-ended button[type=submit]').click();
  await until(async () => (await page.locator('#session-ended').count()) === 0, 'the login box to go');
  assert.equal(await page.locator('#report-form select[name=victory]').inputValue(), 'scenario');
  await page.locator('#report-form button[type=submit]').click();
  await hasText(page.locator('#flash'), 'Result sent');
  await ctx.close();
});

test('a phone reloaded after its session ended says so (GET /session answers role null)', async () => {
  const { pins, ids } = await newEvent(server, 'gone', { players: PLAYERS, pair: true });
  const bo = ids['Boris Lenk'];
  const { ctx, page } = await phoneLoggedIn('gone', bo, pins[bo]);
  await ctx.clearCookies();  // as if the session expired: the page still thinks it is logged in
  await page.reload();
  await hasText(page.locator('#flash'), 'Your session ended — log in again');
  assert.equal(await page.locator('#flash').getAttribute('role'), 'status');
  await page.locator('#pin-form').waitFor();
  await ctx.close();
});

test('the EO console whose session ended says so and names the event at the login (laptop)', async () => {
  const { password } = await newEvent(server, 'console', { name: 'Autumn Gauntlet', players: PLAYERS });
  const ctx = await browser.newContext(LAPTOP);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${server.base}/eo.html?event=console`);
  await page.locator('#login-form input[name=password]').fill(password);
  await page.locator('#login-form button').click();
  await page.locator('#console').waitFor();
  await ctx.clearCookies();
  await page.locator('.tabs a[data-tab=players]').click();
  await page.evaluate(async () => {  // any write: the console's own helper reports the 401
    const { eventApi } = await import('/api.js');
    await eventApi('console').command({ type: 'set-player-status', id: 'p1', status: 'registered' }).catch(() => {});
  });
  await hasText(page.locator('#flash'), 'Your session ended — log in again');
  await hasText(page.locator('#login h2'), 'Log in to Autumn Gauntlet');
  assert.ok(await page.locator('#login-form').isVisible());
  assert.ok(!(await page.locator('#logout').isVisible()), 'no Log out while logged out');
  assert.ok(!(await page.locator('#undo').isVisible()), 'no Undo while logged out');
  await shot(page, 'sessions-laptop-console-ended');
  await ctx.close();
});
