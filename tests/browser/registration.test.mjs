// Issue 10 points 12 and 15 at the registration desk: names are at most 40 characters (refused on
// add, edit and CSV import, naming player.name and the limit); duplicates compare Unicode
// case-insensitively ("Zoë"/"zoë", "ÉMILE"/"émile"); a refused CSV import keeps the text, names the
// row as the EO sees it in the file (header = row 1) and marks only that row; a successful one
// clears the box; the status badge never wraps; the list editor states the edition's point window.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, SIZES, startServer, until, watch } from './harness.mjs';
import { eoFetch } from './eo-fixture.mjs';
import { newEvent } from './api-setup.mjs';

const PASSWORD = 'registration-eo-password';
const FORTY = 'Bartholomäus Rautenstrauch-Einsiedlerhof';  // 40 characters
// What each test registers, in the order of the tests (p1, p2, …), and the statuses it sets: a
// test starts from the steps of the tests before it, built over the API (deskAt).
const DESK = [
  { players: [['Zoë Adler', 'Cygnar'], ['ÉMILE Roux', 'Khador']] },
  { players: [[FORTY, 'Cryx']] },
  { players: [['Ivo Petrov', 'Cygnar'], ['Juno Park', 'Khador'], ['Lea Novak', 'Cryx'], ['Kai Moreau', 'Skorne']] },
  { status: [['p3', 'checked-in'], ['p4', 'dropped']] },
];

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
  describe(`registration at ${size} size`, () => {
    const name = (s) => `registration-${size}-${s}`;
    // Event `event` with the players the tests before this one register (the first `done` of
    // DESK's steps, over the API), the EO's console open on its players tab; and the page's helpers.
    async function deskAt(event, done) {
      const { eo: api } = await newEvent(server, event, { name: `Desk Cup (${size})`, password: PASSWORD,
        players: DESK.slice(0, done).flatMap((step) => step.players || []), checkIn: false });
      for (const step of DESK.slice(0, done))
        for (const [id, status] of step.status || []) await api.post('/commands', { type: 'set-player-status', id, status });
      const eo = watch(await (await browser.newContext(device)).newPage(), problems);
      await eo.goto(`${server.base}/eo.html?event=${event}`);
      await eo.locator('#login-form input[name=password]').fill(PASSWORD);
      await eo.locator('#login-form button').click();
      await eo.locator('#console').waitFor();
      await eo.locator('.tabs a[data-tab=players]').click();
      const eoApi = (method, path, body) => eoFetch(eo, event, method, path, body);
      return {
        eo, eoApi,
        players: async () => (await eoApi('GET', '/admin')).data.players,
        async add(playerName, faction = 'Cygnar') {
          const f = eo.locator('#add-form');
          await f.locator('input[name=name]').fill(playerName);
          await f.locator('input[name=faction]').fill(faction);
          await f.locator('button[type=submit]').click();
        },
      };
    }

    test('duplicates compare Unicode case-insensitively', async () => {
      const { eo, eoApi, players, add } = await deskAt(`registration-${size}`, 0);
      await add('Zoë Adler');
      await hasText(eo.locator('#add-flash'), 'Added Zoë Adler as p1');
      await add('ZOË ADLER');
      await hasText(eo.locator('#add-flash'), "duplicate player: 'ZOË ADLER' is already registered as p1");
      await add('ÉMILE Roux', 'Khador');
      await hasText(eo.locator('#add-flash'), 'Added ÉMILE Roux as p2');
      await add('émile roux', 'Khador');
      await hasText(eo.locator('#add-flash'), 'already registered as p2');
      // Decomposed ë (e + U+0308) is the same name.
      const r = await eoApi('POST', '/commands', { type: 'add-player', player: { name: 'zoe\u0308 adler', faction: 'Cryx' } });
      assert.equal(r.status, 400);
      assert.equal(r.data.error.field, 'player.name');
      assert.equal((await players()).length, 2);
      await eo.context().close();
    });

    test('names are at most 40 characters: add, edit and CSV import', async () => {
      const { eo, eoApi, add } = await deskAt(`registration-${size}-long`, 1);
      // The name box holds what the server keeps (one rule, core/names.hpp): a 41st character is
      // never typed into it, and the server refuses 41 from anyone who sends them anyway.
      await eo.locator('#add-form input[name=name]').fill(`${FORTY}X`);
      assert.equal(await eo.locator('#add-form input[name=name]').inputValue(), FORTY);
      await shot(eo, name('01-name-too-long'));
      const long = await eoApi('POST', '/commands', { type: 'add-player', player: { name: `${FORTY}X`, faction: 'Cryx' } });
      assert.equal(long.status, 400);
      assert.equal(long.data.error.field, 'player.name');
      assert.match(long.data.error.message, /at most 40/);
      await add(FORTY, 'Cryx');
      await hasText(eo.locator('#add-flash'), `Added ${FORTY} as p3`);
      const edit = await eoApi('POST', '/commands', { type: 'edit-player', id: 'p1', name: 'x'.repeat(41) });
      assert.equal(edit.status, 400);
      assert.equal(edit.data.error.field, 'player.name');
      const csv = await eoApi('POST', '/players/import', { csv: `name,faction\nIvo Petrov,Cygnar\n${'y'.repeat(41)},Khador\n` });
      assert.equal(csv.status, 400);
      assert.equal(csv.data.error.field, 'csv, row 3, player.name');
      await eo.context().close();
    });

    test('a refused CSV import keeps the text and marks only the bad row; success clears the box', async () => {
      const { eo, players } = await deskAt(`registration-${size}-csv`, 2);
      const text = 'name,faction,club,contact\nIvo Petrov,Cygnar,,\nJuno Park,Khador,,\nzoë adler,Cryx,,\nKai Moreau,Skorne,,\n';
      await eo.locator('#csv-text').fill(text);
      await eo.locator('#csv-import').click();
      await hasText(eo.locator('#csv-flash'), 'Nothing imported');
      await hasText(eo.locator('#csv-flash'), 'row 4');  // the header is row 1: zoë is the fourth line
      assert.equal(await eo.locator('#csv-text').inputValue(), text, 'the text stays for correction');
      assert.equal(await eo.locator('#csv-flash.error').count(), 0, 'not everything painted red');
      assert.equal(await eo.locator('#csv-rows li.bad').count(), 1, 'one row marked');
      await hasText(eo.locator('#csv-bad-row'), 'zoë adler,Cryx');
      await hasText(eo.locator('#csv-bad-row'), 'duplicate player');
      assert.equal(await eo.locator('#csv-bad-row').getAttribute('value'), '4');
      assert.equal((await players()).length, 3, 'nothing imported');
      await eo.locator('#csv-rows').scrollIntoViewIfNeeded();
      await shot(eo, name('02-csv-refused'));
      await eo.locator('#csv-text').fill(text.replace('zoë adler', 'Lea Novak'));
      await eo.locator('#csv-import').click();
      await hasText(eo.locator('#csv-flash'), '4 imported (every row)');
      assert.equal(await eo.locator('#csv-text').inputValue(), '', 'the box is cleared: a second click imports nothing twice');
      assert.equal(await eo.locator('#csv-rows li').count(), 0, 'the marked rows are gone');
      assert.equal((await players()).length, 7);
      await eo.context().close();
    });

    test('the status badge never wraps, even beside a 40-character name', async () => {
      const { eo, eoApi } = await deskAt(`registration-${size}-badge`, 3);
      await eoApi('POST', '/commands', { type: 'set-player-status', id: 'p3', status: 'checked-in' });
      await eoApi('POST', '/commands', { type: 'set-player-status', id: 'p4', status: 'dropped' });
      await until(async () => (await eo.locator('#players-table .badge', { hasText: 'checked-in' }).count()) === 1, 'p3 checked in');
      const heights = await eo.locator('#players-table td .badge').evaluateAll((els) => els.map((e) => ({
        text: e.textContent, height: e.getBoundingClientRect().height, line: parseFloat(getComputedStyle(e).fontSize) * 1.4 })));
      for (const b of heights) assert.ok(b.height < 1.6 * b.line, `"${b.text}" on one line (${b.height}px)`);
      await eo.locator('#players-table').scrollIntoViewIfNeeded();
      await shot(eo, name('03-players-table'));
      await eo.context().close();
    });

    // A live update redraws the players table; the row being edited is kept, and so must be the
    // EO's focus in it: the next key goes where the EO was typing (it once went nowhere).
    test('typing in a player being edited goes on through a live update', async () => {
      const { eo, eoApi, players } = await deskAt(`registration-${size}-edit`, 4);
      await eo.locator('#players-table tr[data-player="p2"] button', { hasText: 'Edit' }).click();
      const input = eo.locator('#players-table tr.editing input[name=name]');
      await input.click();
      await input.press('End');
      await eo.keyboard.type(' Jr');
      // Another desk checks a player in: the table is redrawn under the EO's hands.
      await eoApi('POST', '/commands', { type: 'set-player-status', id: 'p5', status: 'checked-in' });
      await until(async () => (await eo.locator('#players-table .badge', { hasText: 'checked-in' }).count()) === 2, 'p5 checked in, live');
      await eo.keyboard.type('.');  // the keyboard, as a person types: into whatever has the focus
      await eo.keyboard.press('Enter');
      await hasText(eo.locator('#flash'), 'Saved ÉMILE Roux Jr..');
      assert.equal((await players()).find((p) => p.id === 'p2').name, 'ÉMILE Roux Jr.');
      await eo.context().close();
    });

    test('the list editor states the edition\'s point window', async () => {
      const { eo } = await deskAt(`registration-${size}-lists`, 1);
      await eo.locator('#players-table tr[data-player="p1"] td:nth-child(6) button').click();
      await hasText(eo.locator('#lists'), '71–75 points');
      await hasText(eo.locator('#lists'), 'SR2017');
      assert.doesNotMatch(await eo.locator('#lists').textContent(), /at most 75\)/);
      await eo.locator('#lists').scrollIntoViewIfNeeded();
      await shot(eo, name('04-list-window'));
      await eo.context().close();
    });
  });
}
