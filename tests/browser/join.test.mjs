// Issue 10 point 6: PIN slips and the projector give the address players can reach (--public-url, or
// the server's LAN address), never the EO's own 127.0.0.1, with a QR code; on loopback only, the
// console says phones cannot reach it and what to do.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until, watch } from './harness.mjs';
import { newEvent } from './api-setup.mjs';

const PUBLIC = 'https://gauntlet.example.org';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const LAPTOP = { viewport: { width: 1366, height: 768 } };
const PROJECTOR = { viewport: { width: 1920, height: 1080 } };
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx']];

let server, loopback, browser;
const problems = [];

before(async () => {
  server = await startServer({ args: ['--public-url', PUBLIC] });
  loopback = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  if (loopback) await loopback.stop();
  assert.deepEqual(problems, []);
});

async function consolePins(srv, id, password, device) {
  const ctx = await browser.newContext(device);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${srv.base}/eo.html?event=${id}#pins`);
  await page.locator('#login-form input[name=password]').fill(password);
  await page.locator('#login-form button').click();
  await until(async () => (await page.locator('#slips .slip').count()) === PLAYERS.length, 'a slip per player');
  return { ctx, page };
}

const loaded = (img) => img.evaluate((el) => el.complete && el.naturalWidth > 0);

for (const [size, device] of [['phone', PHONE], ['laptop', LAPTOP]]) {
  test(`PIN slips print the public URL and a QR code per player (${size})`, async () => {
    const id = `slips-${size}`;
    const { password, ids } = await newEvent(server, id, { players: PLAYERS });
    const { ctx, page } = await consolePins(server, id, password, device);
    for (const [name] of PLAYERS) {
      const slip = page.locator(`#slips .slip[data-player=${ids[name]}]`);
      const text = await slip.textContent();
      assert.ok(text.includes(`${PUBLIC}/player.html?event=${id}&player=${ids[name]}`), text);
      assert.ok(!text.includes('127.0.0.1'), text);
      const qr = slip.locator('img.qr');
      assert.ok(await until(() => loaded(qr), `${name}'s QR code to load`));
      assert.match(await qr.getAttribute('alt'), /QR code/);
    }
    assert.equal(await page.locator('#join-warning').isVisible(), false);
    await shot(page, `join-${size}-slips`);
    await ctx.close();
  });
}

test('the QR code encodes a player page, never the PIN', async () => {
  const { pins, ids } = await newEvent(server, 'qr', { players: PLAYERS });
  const ada = ids['Ada Brennan'];
  const r = await fetch(`${server.base}/api/events/qr/qr.svg?player=${ada}`);
  assert.equal(r.status, 200);
  assert.equal(r.headers.get('content-type'), 'image/svg+xml');
  const svg = await r.text();
  assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 (\d+) \1"/);
  assert.ok(!svg.includes(pins[ada]));
});

test('the projector shows the event\'s QR code and address (1920x1080)', async () => {
  await newEvent(server, 'projected', { name: 'Projected Open', players: PLAYERS, pair: true });
  const ctx = await browser.newContext(PROJECTOR);
  const page = watch(await ctx.newPage(), problems);
  await page.goto(`${server.base}/projector.html?event=projected`);
  const join = page.locator('#join');
  await hasText(join, `${PUBLIC}/player.html?event=projected`);
  assert.ok(await until(() => loaded(join.locator('img')), 'the projector QR code to load'));
  const box = await join.locator('img').boundingBox();
  assert.ok(box.width >= 96 && box.y + box.height <= 1080, `QR visible and large enough: ${JSON.stringify(box)}`);
  await shot(page, 'join-projector');
  await ctx.close();
});

test('on loopback the PIN slips say phones cannot reach it and what to do (laptop)', async () => {
  const { password } = await newEvent(loopback, 'local', { players: PLAYERS });
  const { ctx, page } = await consolePins(loopback, 'local', password, LAPTOP);
  await hasText(page.locator('#join-warning'), 'Phones cannot reach 127.0.0.1: restart with --listen 0.0.0.0:');
  assert.ok((await page.locator('#join-warning').textContent()).includes('--public-url'));
  await shot(page, 'join-laptop-loopback-warning');
  await ctx.close();
});
