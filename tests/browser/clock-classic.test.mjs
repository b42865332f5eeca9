// Issue 11 point 5: Classic Turn Timing on the phone (SR2017 variant): a turn timer per turn and the
// extension button. SR2017 "Classic Turn Timing": 75 points: 100-minute rounds, 10-minute turns, a
// 5-minute extension; "once per game each player can extend his turn length".
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { hasText, launchBrowser, playerPhone, shot, startServer } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

const EVENT = 'classic-cup';
const PASSWORD = 'classic-eo-password';
let server, browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('a turn timer per turn, one extension per player, the round\'s dice down countdown', async () => {
  await createEvent(server, EVENT, { name: 'Classic Cup', edition: 'SR2017', points: 75, variants: ['classic-turn-timing'] }, PASSWORD);
  const eo = await eoLogin(server, EVENT, PASSWORD);
  const pins = {};
  for (const name of ['Ada Brennan', 'Boris Lenk']) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name, faction: 'Cygnar' } });
    pins[r.command.player.id] = r.pin;
  }
  const p = await eo.post('/pairing/propose', {});
  await eo.post('/commands', { type: 'pair-round', tables: p.tables, bye: p.bye });
  await eo.post('/commands', { type: 'start-round' });
  const [a] = p.tables[0].players;
  const A = await playerPhone(server, browser, problems, EVENT, a, pins[a]);
  await hasText(A.locator('#round-clock'), 'left');
  await A.locator('#clock-start-me').click();
  await hasText(A.locator('#clock-me .time'), '10:00');  // a 10-minute turn; no deployment taps
  await hasText(A.locator('#clock-extension'), 'Extension +5:00 (1 left)');
  await A.locator('#clock-extension').click();
  await hasText(A.locator('#clock-me .time'), '14:5');
  assert.equal(await A.locator('#clock-extension').count(), 0, 'one extension per game');
  await hasText(A.locator('#clock-switch'), 'Stop my timer');
  await shot(A, 'clock-classic-phone');
  assert.deepEqual(problems, []);
});
