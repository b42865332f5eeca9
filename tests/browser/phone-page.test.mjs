// The player's phone page, as a whole event walked in the browser found it: a player with no report
// or list to send (a late entry after the lists lock, a dropped player, anyone after the last round)
// still finds the PIN box, and the awards card leads to it; a second list pasted goes to the next
// empty list and replacing a list asks first; a half-typed report survives a reload.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { axeViolations, hasText, shot, SIZES, suite, until, watch } from './harness.mjs';
import { newEvent, playRound } from './api-setup.mjs';

const s = suite();
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'lists');
const list = (name) => readFileSync(join(LISTS, name), 'utf8');
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Skorne']];

// The player's page opened from its link, not logged in.
async function openPage(device, event, pid) {
  const page = watch(await (await s.browser.newContext(device)).newPage(), s.problems);
  await page.goto(`${s.server.base}/player.html?event=${event}&player=${pid}`);
  await page.locator('#my-name').waitFor();
  return page;
}

async function logIn(page, pin) {
  await page.locator('#pin-form input[name=pin]').fill(pin);
  await page.locator('#pin-form button').click();
  await page.locator('#logout').waitFor();
}

for (const [size, device] of Object.entries(SIZES)) {
  test(`a late entry after the lists lock and a dropped player find the PIN box (${size})`, async () => {
    const event = `login-late-${size}`;
    const { eo, ids, pins } = await newEvent(s.server, event, { players: PLAYERS, pair: true });
    const late = await eo.post('/commands', { type: 'add-player', player: { name: 'Lena Marsh', faction: 'Cygnar' } });
    await eo.post('/commands', { type: 'set-player-status', id: late.command.player.id, status: 'checked-in' });
    await eo.post('/commands', { type: 'set-player-status', id: ids['Dana Okafor'], status: 'dropped' });

    const lena = await openPage(device, event, late.command.player.id);
    await lena.locator('#pin-form').waitFor();
    await shot(lena, `phone-page-${size}-01-late-entry-login`);
    assert.deepEqual(await axeViolations(lena), []);
    await logIn(lena, late.pin);
    assert.equal(await lena.locator('#pin-form').count(), 0, 'logged in: no PIN box left');
    await lena.context().close();

    const dana = await openPage(device, event, ids['Dana Okafor']);
    await logIn(dana, pins[ids['Dana Okafor']]);
    await dana.context().close();
  });

  test(`after the last round a player logs in from the awards card and votes (${size})`, async () => {
    const event = `login-ended-${size}`;
    const { eo, ids, pins } = await newEvent(s.server, event, { players: PLAYERS, config: { rounds: 1 } });
    await playRound(eo);
    await eo.post('/commands', { type: 'define-award', name: 'Best Sport', method: 'vote', everyone: true });
    const { data } = await eo.get('/awards');
    const key = data.awards[0].key;
    await eo.post('/commands', { type: 'open-vote', award: key });

    const ada = ids['Ada Brennan'];
    const page = await openPage(device, event, ada);
    const block = page.locator(`#awards-card .award[data-award=${key}]`);
    await block.locator('a[href="#pin-form"]').click();
    await until(() => page.evaluate(() => document.activeElement && document.activeElement.name === 'pin'), 'the PIN box focused');
    await shot(page, `phone-page-${size}-02-ended-login`);
    assert.deepEqual(await axeViolations(page), []);
    await logIn(page, pins[ada]);
    await block.locator('label.award-choice', { hasText: 'Cora Vale' }).click();
    await block.locator('button', { hasText: 'Cast my secret vote' }).click();
    await hasText(block.locator('.award-voted'), 'Your vote');
    await shot(page, `phone-page-${size}-03-ended-voted`);
    await page.context().close();
  });

  test(`a second list goes to list 2; replacing list 1 asks first (${size})`, async () => {
    const event = `lists-next-${size}`;
    const { eo, ids, pins } = await newEvent(s.server, event, { players: PLAYERS, config: { lists: 2 } });
    const ada = ids['Ada Brennan'];
    await eo.post('/lists/import', { player: ada, index: 1, text: list('warroom-cygnar.txt') });

    const page = await openPage(device, event, ada);
    await logIn(page, pins[ada]);
    await hasText(page.locator('#lists-status'), '1 of 2 lists registered.');
    assert.equal(await page.locator('#list-index').inputValue(), '2', 'the next empty list is chosen');
    await page.locator('#list-text').fill(list('conflictchamber-cygnar.txt'));
    await page.locator('#list-import button[type=submit]').click();
    await hasText(page.locator('#flash'), 'List 2 saved');
    await hasText(page.locator('#lists-status'), '2 of 2 lists registered.');
    const { data } = await eo.get('/admin');
    const saved = data.players.find((p) => p.id === ada).lists;
    assert.deepEqual(saved.map((l) => l.entries[0].name), ['Captain Victoria Haley', 'Commander Coleman Stryker']);

    // Both lists in: sending again replaces one, so the page asks which and waits for a yes.
    await page.locator('#list-index').selectOption('1');
    await page.locator('#list-text').fill(list('warroom-cygnar.txt'));
    await page.locator('#list-import button[type=submit]').click();
    await hasText(page.locator('#list-replace'), 'List 1 is already registered');
    await shot(page, `phone-page-${size}-04-replace-asks`);
    assert.deepEqual(await axeViolations(page), []);
    await page.locator('#list-replace button', { hasText: 'Cancel' }).click();
    await page.locator('#list-replace').waitFor({ state: 'hidden' });
    await page.locator('#list-import button[type=submit]').click();
    await page.locator('#list-replace button', { hasText: 'Replace list 1' }).click();
    await hasText(page.locator('#flash'), 'List 1 saved');
    await page.context().close();
  });

  test(`a half-typed report survives a reload and is forgotten once the result is in (${size})`, async () => {
    const event = `draft-${size}`;
    const { eo, ids, pins } = await newEvent(s.server, event, { players: PLAYERS, pair: true });
    const ada = ids['Ada Brennan'];
    const page = await openPage(device, event, ada);
    await logIn(page, pins[ada]);
    const form = page.locator('#report-form');
    await form.locator('select[name=outcome]').selectOption('win');
    await form.locator('select[name=victory]').selectOption('scenario');
    await form.locator('input[name=cp0]').fill('4');
    await form.locator('input[name=cp1]').fill('1');
    await form.locator('input[name=ap0]').fill('37');

    await page.reload();
    await form.waitFor();
    await until(async () => (await form.locator('input[name=ap0]').inputValue()) === '37', 'AP restored');
    assert.equal(await form.locator('select[name=outcome]').inputValue(), 'win');
    assert.equal(await form.locator('select[name=victory]').inputValue(), 'scenario');
    assert.equal(await form.locator('input[name=cp0]').inputValue(), '4');
    assert.equal(await form.locator('input[name=cp1]').inputValue(), '1');
    await shot(page, `phone-page-${size}-05-report-restored`);
    assert.deepEqual(await axeViolations(page), []);

    // The EO records the table meanwhile: the phone forgets what was typed.
    const { data } = await eo.get('/pairings?round=1');
    const table = data.tables.find((t) => t.players.some((p) => (p.id || p) === ada)).table;
    await eo.post('/commands', { type: 'record-result', round: 1, table, results: [{ outcome: 'win', cp: 3, ap: 20 }, { outcome: 'loss', cp: 1, ap: 10 }], victory: 'scenario' });
    await hasText(page.locator('#action-card'), 'Result recorded');
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('report'))), []);
    await page.context().close();
  });

  test(`a sent report leaves no draft behind (${size})`, async () => {
    const event = `draft-sent-${size}`;
    const { ids, pins } = await newEvent(s.server, event, { players: PLAYERS, pair: true });
    const ada = ids['Ada Brennan'];
    const page = await openPage(device, event, ada);
    await logIn(page, pins[ada]);
    const form = page.locator('#report-form');
    await form.locator('select[name=outcome]').selectOption('loss');
    await form.locator('select[name=victory]').selectOption('scenario');
    await form.locator('input[name=cp1]').fill('3');
    await page.reload();
    await until(async () => (await form.locator('input[name=cp1]').inputValue()) === '3', 'CP restored');
    await form.locator('button[type=submit]').click();
    await hasText(page.locator('#flash'), 'Result sent');
    await page.reload();
    await hasText(page.locator('#action-card'), 'Waiting for your opponent');
    assert.deepEqual(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('report'))), []);
    await page.context().close();
  });
}
