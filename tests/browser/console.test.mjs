// The EO console's second-look flows, each at phone size (390x844, touch) and laptop size (1366x768):
// a CSV import that is all or nothing; a drop after publishing with "opponent gets the bye" (the
// server's preview first, then the dropped player's phone no longer shows the table); a hand-made
// rematch the server refuses (409 with findings), then publishes with a reason the journal keeps; an
// undo that says what it cancels, and refuses when something newer arrived.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { closeRoundIn, hasText, launchBrowser, shot, SIZES, startServer, until, watch } from './harness.mjs';
import { eoApi as apiOn, eoFetch as fetchOn } from './eo-fixture.mjs';
import { newEvent, openConsole, pairNext, playRound } from './api-setup.mjs';

const PASSWORD = 'console-eo-password';
const PLAYER_PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Retribution of Scyrah'],
  ['Emil Sørensen', 'Legion of Everblight'], ['Fatima Haddad', 'Circle Orboros']];
const csvOf = (rows) => `name,faction,club,contact\n${rows.map(([n, f]) => `${n},${f},,`).join('\n')}\n`;

let server, browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  assert.deepEqual(problems, [], 'no script error, no stray dialog');
});

for (const [size, device] of Object.entries(SIZES)) {
  describe(`EO console at ${size} size`, () => {
    const pairings = (event, round) => server.api(`/api/events/${event}/pairings${round ? `?round=${round}` : ''}`);
    const name = (s) => `console-${size}-${s}`;
    // The page's helpers: an EO request from the logged-in console page (its cookie and CSRF
    // token), {status, data} or the data; a tab opened; no sideways scroll on a phone.
    const on = (eo, event) => ({
      eoFetch: (method, path, body) => fetchOn(eo, event, method, path, body),
      eoApi: (method, path, body) => apiOn(eo, event, method, path, body),
      tab: async (t) => {
        await eo.locator(`.tabs a[data-tab=${t}]`).click();
        await eo.locator(`#tab-${t}`).waitFor();
      },
      noPageScroll: async () => {
        const w = await eo.evaluate(() => document.documentElement.scrollWidth);
        if (size === 'phone') assert.ok(w <= 390, `no horizontal page scroll on a phone (scrollWidth ${w})`);
      },
    });
    // Event `event` (3 rounds planned) as a test needs it, over the API: 'empty' (nobody
    // registered), 'registered' (the six players, none checked in), 'round1-closed' (round 1 played
    // and closed, then a player of its table 3 dropped: five play on), 'round2' (round 2 published
    // too); with the EO's console open on tab `hash`.
    async function consoleAt(event, step, hash) {
      const made = await newEvent(server, event, { name: `Console Cup (${size})`, password: PASSWORD, config: { points: 50, rounds: 3 },
        players: step === 'empty' ? [] : PLAYERS, checkIn: step !== 'registered' });
      if (step === 'round1-closed' || step === 'round2') {
        const r1 = await playRound(made.eo);
        await made.eo.post('/commands', { type: 'set-player-status', id: r1.tables[2].players[0], status: 'dropped' });
      }
      if (step === 'round2') await pairNext(made.eo);
      const eo = await openConsole({ server, browser, problems }, event, PASSWORD, { device, hash });
      return { ...made, page: eo };
    }

    test('CSV import: a bad row is named and nothing is imported; then every row, with PINs', async () => {
      const EVENT = `console-${size}`;
      const { page: eo } = await consoleAt(EVENT, 'empty');
      const { eoApi, tab, noPageScroll } = on(eo, EVENT);
      await tab('players');
      const before = (await eoApi('GET', '/journal')).entries.length;
      const bad = [...PLAYERS.slice(0, 3), ['Gus Lind', 'Not A Faction'], ...PLAYERS.slice(3)];
      await eo.locator('#csv-text').fill(csvOf(bad));
      await eo.locator('#csv-import').click();
      await hasText(eo.locator('#csv-flash'), 'Nothing imported');
      await hasText(eo.locator('#csv-flash'), 'row 5');  // the header is row 1: Gus is the fifth line
      assert.equal((await eoApi('GET', '/admin')).players.length, 0, 'no player registered from a refused file');
      assert.equal(await eo.locator('#players-table tbody tr').count(), 0);
      assert.equal(await eo.locator('#csv-text').inputValue(), csvOf(bad), 'the text stays for correction');
      await eo.locator('#csv-flash').scrollIntoViewIfNeeded();
      await shot(eo, name('01-csv-refused'));
      // Without a header row: name,faction,club,contact is assumed; row numbers stay the lines of the text.
      await eo.locator('#csv-text').fill(PLAYERS.map(([n, f]) => `${n},${f}`).join('\n'));
      await eo.locator('#csv-import').click();
      await hasText(eo.locator('#csv-flash'), '6 imported (every row)');
      const flashText = await eo.locator('#csv-flash').textContent();
      for (const [n] of PLAYERS) assert.match(flashText, new RegExp(`Added ${n} as p\\d+: PIN \\d{6}`));
      await until(async () => (await eo.locator('#players-table tbody tr').count()) === 6, 'six players in the table');
      await eo.locator('#csv-flash').scrollIntoViewIfNeeded();
      await shot(eo, name('02-csv-imported'));
      await noPageScroll();
      const journal = await eoApi('GET', '/journal');
      assert.equal(journal.entries.length, before + 6, 'one add-player per row, written together');
      assert.equal((await eoApi('GET', '/pins')).pins.length, 6, 'a PIN per player');
      await eo.context().close();
    });

    test('a drop after publishing: the choice, the server\'s preview, the opponent gets the bye', async () => {
      const EVENT = `console-${size}-drop`;
      const { page: eo } = await consoleAt(EVENT, 'registered', 'players');
      const { eoApi, tab } = on(eo, EVENT);
      await eo.locator('#checkin-all').click();
      await until(async () => (await eo.locator('#players-table .badge', { hasText: 'checked-in' }).count()) === 6, '6 checked in');
      await tab('round');
      await eo.locator('#propose').click();
      await until(async () => (await eo.locator('#draft li').count()) === 3, '3 tables proposed');
      await eo.locator('#publish').click();
      await hasText(eo.locator('#flash'), 'Round 1 published.');
      const r1 = await pairings(EVENT, 1);
      // Table 1 has a result; the player dropping sits at table 3, without one.
      await eoApi('POST', '/commands', { type: 'record-result', round: 1, table: 1, victory: 'assassination',
        results: [{ outcome: 'win', cp: 2, ap: 30 }, { outcome: 'loss', cp: 0, ap: 10 }] });
      const [leaver, opp] = r1.tables[2].players;
      // A dropped player's phone shows the table before the drop.
      const ph = watch(await (await browser.newContext(PLAYER_PHONE)).newPage(), problems);
      await ph.goto(`${server.base}/player.html?event=${EVENT}&player=${leaver.id}`);
      await hasText(ph.locator('#my-table'), `Table 3 vs ${opp.name}`);

      await tab('players');
      const dropButton = eo.locator(`#players-table tr[data-player=${leaver.id}] button[name=drop]`);
      if (size === 'phone') assert.ok((await dropButton.boundingBox()).height >= 44, 'Drop is a big enough tap target');
      await dropButton.click();
      const dlg = eo.locator('#dialog');
      await dlg.waitFor();
      await hasText(dlg.locator('#drop-choices'), `still owes the game at table 3`);
      await hasText(dlg.locator('#drop-choices'), `Opponent gets the bye (${opp.name})`);
      await hasText(dlg.locator('#drop-choices'), 'Re-pair the open tables');
      // "none" first: the server's preview says the game is still owed.
      await hasText(dlg.locator('#drop-explain'), 'is still paired at table 3');
      await dlg.locator('label.choice[data-amend="orphan-bye"]').click();
      await hasText(dlg.locator('#drop-tables'), opp.name);
      await until(async () => (await dlg.locator('#drop-tables li[data-table="bye"]').textContent()).includes(opp.name), 'the bye to the opponent in the preview');
      assert.equal(await dlg.locator('#drop-tables li').count(), 3, 'two tables and the bye');
      assert.ok(await dlg.locator('#dialog-confirm').isEnabled());
      const box = await dlg.locator('label.choice').first().boundingBox();
      assert.ok(box.height >= 44, `a choice is a big enough tap target (${box.height}px)`);
      assert.equal((await pairings(EVENT, 1)).tables.length, 3, 'a preview writes nothing');
      await shot(eo, name('03-drop-preview'));
      await dlg.locator('#dialog-confirm').click();
      await dlg.waitFor({ state: 'hidden' });
      await hasText(eo.locator('#flash'), `${leaver.name} dropped.`);
      const after = await pairings(EVENT, 1);
      assert.equal(after.tables.length, 2);
      assert.equal(after.bye && after.bye.id, opp.id, 'the opponent has the bye');
      await hasText(eo.locator(`#players-table tr[data-player=${leaver.id}]`), 'dropped');
      await shot(eo, name('04-drop-done'));
      // Live: the dropped player's phone no longer shows the table.
      await until(async () => (await ph.locator('#my-table').count()) === 0, 'the table gone from the dropped player\'s page');
      await hasText(ph.locator('#me-card'), 'dropped');
      await shot(ph, name('05-dropped-player-phone'));
      await ph.context().close();
      await tab('round');
      await eoApi('POST', '/commands', { type: 'record-result', round: 1, table: 2, victory: 'scenario',
        results: [{ outcome: 'loss', cp: 1, ap: 12 }, { outcome: 'win', cp: 5, ap: 20 }] });
      await closeRoundIn(eo, 1);
      await eo.context().close();
    });

    test('a hand-made rematch is refused, then published with a reason the journal keeps', async () => {
      const EVENT = `console-${size}-rematch`;
      const { page: eo } = await consoleAt(EVENT, 'round1-closed', 'round');
      const { eoFetch, eoApi, noPageScroll } = on(eo, EVENT);
      const r1 = await pairings(EVENT, 1);
      await eo.locator('#propose').click();
      await until(async () => (await eo.locator('#draft li').count()) === 3, 'two tables and the bye proposed');
      // A check that missed the rematch (as if it ran before the edit): the server's refusal is the last word.
      await eo.route('**/pairing/check', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ round: 2, warnings: [], findings: [] }) }));
      // Put x against their round-1 opponent y: the chips are table by table, then the bye.
      const slots = await eo.locator('#draft .chip').evaluateAll((els) => els.map((e) => e.dataset.player));
      const byeSlot = slots.length % 2 === 1 ? slots.length - 1 : -1;
      const partner = (i) => (i === byeSlot ? null : i ^ 1);
      const [x, y] = r1.tables[0].players.map((p) => p.id);
      const ix = slots.indexOf(x), iy = slots.indexOf(y);
      const [from, to] = partner(ix) !== null ? [iy, partner(ix)] : [ix, partner(iy)];
      // A live redraw (the close of round 1 arriving late) can clear a half-made selection under
      // load: click the pair again until the console says it swapped.
      for (let attempt = 1; ; attempt++) {
        await eo.locator('#draft .chip').nth(from).click();
        await eo.locator('#draft .chip').nth(to).click();
        try {
          await hasText(eo.locator('#explain'), 'EO edit: swapped', 3000);
          break;
        } catch (e) {
          if (attempt === 3) throw e;
        }
      }
      await eo.unroute('**/pairing/check');
      await eo.locator('#publish').click();
      // 409 with findings: the rules broken are listed, and a reason is required.
      await hasText(eo.locator('#broken'), 'rematch');
      await hasText(eo.locator('#refused'), 'Nothing was published');
      await eo.locator('#override-reason').waitFor();
      assert.equal(await eo.locator('#publish').textContent(), 'Publish anyway');
      assert.equal(await eo.locator('#publish').isEnabled(), false, 'no reason, no publishing');
      await eo.locator('#override-reason').fill('   ');
      assert.equal(await eo.locator('#publish').isEnabled(), false, 'a blank reason cannot be sent');
      assert.equal((await eoFetch('GET', '/pairings?round=2')).status, 404, 'nothing published');
      await eo.locator('#override').scrollIntoViewIfNeeded();
      await shot(eo, name('06-rematch-refused'));
      const reason = `Club mates from ${size} town asked to replay their grudge match`;
      await eo.locator('#override-reason').fill(reason);
      await eo.locator('#publish').click();
      await hasText(eo.locator('#flash'), 'Round 2 published with an override.');
      const r2 = await pairings(EVENT, 2);
      assert.ok(r2.tables.some((t) => t.players.map((p) => p.id).sort().join() === [x, y].sort().join()), 'the rematch is published');
      const journal = await eoApi('GET', '/journal');
      const pair = journal.entries.map((e) => e.command).filter((c) => c && c.type === 'pair-round' && c.round === 2)[0];
      assert.equal(pair.override.reason, reason, 'the reason is in the journal');
      assert.ok(pair.override.broken.some((b) => b.includes('rematch')), `the rule broken is journaled: ${pair.override.broken}`);
      await until(async () => (await eo.locator('#grid tbody tr').count()) === r2.tables.length, 'the result grid of round 2');
      await shot(eo, name('07-rematch-published'));
      await noPageScroll();
      await eo.context().close();
    });

    test('undo says what it cancels; a change that arrived meanwhile is not undone blindly', async () => {
      const EVENT = `console-${size}-undo`;
      const { page: eo } = await consoleAt(EVENT, 'round2', 'round');
      const { eoApi } = on(eo, EVENT);
      const r2 = await pairings(EVENT, 2);
      const t = r2.tables[0];
      await eoApi('POST', '/commands', { type: 'record-result', round: 2, table: t.table, victory: 'clock',
        results: [{ outcome: 'win', cp: 1, ap: 20 }, { outcome: 'loss', cp: 0, ap: 15 }] });
      await hasText(eo.locator(`#grid tr[data-table="${t.table}"]`), 'recorded');
      const next = await eoApi('GET', '/undo');
      assert.equal(next.kind, 'record-result');
      await eo.locator('#undo').click();
      const dlg = eo.locator('#dialog');
      await hasText(dlg.locator('#undo-what'), `Undo: ${next.text} (record-result, `);
      await hasText(dlg.locator('#undo-what'), `table ${t.table}`);
      await shot(eo, name('08-undo-preview'));
      // Meanwhile a second table gets its result: the undo the EO saw is no longer the latest change.
      const u = r2.tables[1];
      await eoApi('POST', '/commands', { type: 'record-result', round: 2, table: u.table, victory: 'scenario',
        results: [{ outcome: 'loss', cp: 2, ap: 10 }, { outcome: 'win', cp: 5, ap: 30 }] });
      await dlg.locator('#dialog-confirm').click();
      await hasText(dlg.locator('#dialog-flash'), 'look again before undoing');
      assert.equal(await dlg.locator('#dialog-confirm').count(), 0, 'only Close is left');
      await shot(eo, name('09-undo-stale'));
      await dlg.locator('#dialog-cancel').click();
      await dlg.waitFor({ state: 'hidden' });
      const still = await pairings(EVENT, 2);
      assert.ok(still.tables[0].result && still.tables[1].result, 'nothing undone');
      // Look again: now it names table u; confirm.
      await eo.locator('#undo').click();
      await hasText(dlg.locator('#undo-what'), `table ${u.table}`);
      await dlg.locator('#dialog-confirm').click();
      await dlg.waitFor({ state: 'hidden' });
      await hasText(eo.locator('#flash'), `Undone: result of round 2, table ${u.table}`);
      const now = await pairings(EVENT, 2);
      assert.ok(now.tables[0].result && !now.tables[1].result, 'only the latest result undone');
      await hasText(eo.locator(`#grid tr[data-table="${u.table}"]`), 'missing');
      await shot(eo, name('10-undone'));
      await eo.context().close();
    });
  });
}
