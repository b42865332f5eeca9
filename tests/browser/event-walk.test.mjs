// A whole event walked in the browser, the points a new EO and new players tripped over: a late
// entry's lists from the phone, a re-pair after a drop that moves the fewest tables, event ids and
// names, a faction typo, the EO's list editor, the opponent's lists from the pairing, the pairing
// page's warnings. Each test sets up its own event over the API.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { hasText, playerPhone, shot, suite, until } from './harness.mjs';
import { consoleFor, eoApi, pairNext, recordAll, SIZES } from './eo-fixture.mjs';

const s = suite();
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'lists');
const list = (name) => readFileSync(join(LISTS, name), 'utf8');
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Dana Okafor', 'Skorne'], ['Emil Sørensen', 'Cryx']];

// SR2017 "Army Lists": lists "cannot change between rounds" — a late entry's first round is the one
// they join, so their lists stay open until it is paired, on the phone as in the console.
test('a late entry sends their list from the phone after round 1 is paired (phone 390x844)', async () => {
  const event = 'walk-late-lists';
  const { page: eo } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: PLAYERS, config: { points: 75 } });
  await pairNext(eo, event);
  const late = await eoApi(eo, event, 'POST', '/commands', { type: 'add-player', player: { name: 'Hana Ito', faction: 'Cygnar' } });
  const hana = late.command.player.id;
  const phone = await playerPhone(s.server, s.browser, s.problems, event, hana, late.pin);
  await phone.locator('#list-import').waitFor();
  await phone.locator('#list-text').fill(list('warroom-cygnar.txt'));
  await phone.locator('#list-import button[type=submit]').click();
  await hasText(phone.locator('#flash'), "List 1 saved: War Room list 'Storm Front v2'");
  await hasText(phone.locator('#lists-status'), '1 of 1 list registered.');
  await shot(phone, 'event-walk-phone-late-entry-list-sent');
  // Once their round (2) is paired, the lists lock for them too, in the same words on every face.
  await recordAll(eo, event, 1);
  await eoApi(eo, event, 'POST', '/commands', { type: 'close-round' });
  await pairNext(eo, event);
  await hasText(phone.locator('#lists-card'), 'Lists are locked once your first round is paired.');
  assert.equal(await phone.locator('#list-import').count(), 0);
  await phone.context().close();
  await eo.context().close();
});

// A drop after round 2 is paired, "Re-pair the open tables": the preview says which tables move, and
// only those do; the fixed table (accessibility) stays.
test('a re-pair after a drop moves the fewest tables and says which (laptop 1366x768)', async () => {
  const event = 'walk-drop-repair';
  const players = Array.from({ length: 16 }, (_, i) => [`Player ${String(i + 1).padStart(2, '0')}`, 'Cygnar', `Club ${Math.floor(i / 2) + 1}`]);
  const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players });
  const options = { avoid_club: true, avoid_all_rounds: true, fixed_tables: [{ player: ids[15], table: 8 }] };
  await eo.evaluate(({ key, o }) => localStorage.setItem(key, JSON.stringify(o)), { key: `gauntlet.pairing-options.${event}`, o: options });
  const publish = async () => {
    const p = await eoApi(eo, event, 'POST', '/pairing/propose', options);
    await eoApi(eo, event, 'POST', '/commands', { type: 'pair-round', round: p.round, tables: p.tables.map((t) => ({ table: t.table, players: t.players })), bye: p.bye || undefined, pairing_options: options });
    return p;
  };
  await publish();
  await recordAll(eo, event, 1);
  await eoApi(eo, event, 'POST', '/commands', { type: 'close-round' });
  await publish();
  const before = await eoApi(eo, event, 'GET', '/pairings?round=2');
  const gone = before.tables.find((t) => t.table === 1);
  const dropped = gone.players[0].id || gone.players[0];
  await eo.goto(`${s.server.base}/eo.html?event=${event}#players`);
  await eo.locator(`#players-table tr[data-player="${dropped}"] button[name=drop]`).click();
  await eo.locator('#drop-choices label[data-amend="repair"] input').check();
  await hasText(eo.locator('#drop-explain'), '1 table changes, 6 stay as published');
  await hasText(eo.locator('#drop-moved'), 'gets the bye');
  assert.equal(await eo.locator('#drop-moved li').count(), 3, 'the new table, the table not played, the bye');
  assert.equal(await eo.locator('#drop-tables li.moved').count(), 1);
  await eo.locator('#drop-preview').scrollIntoViewIfNeeded();
  await shot(eo, 'event-walk-laptop-drop-repair-preview');
  await eo.locator('#dialog-confirm').click();
  await hasText(eo.locator('#flash'), 'dropped');
  const after = await eoApi(eo, event, 'GET', '/pairings?round=2');
  const key = (t) => `${t.table}:${t.players.map((x) => x.id || x).join(',')}`;
  const kept = new Set(before.tables.map(key));
  assert.equal(after.tables.filter((t) => kept.has(key(t))).length, 6, 'six tables as published');
  const at8 = after.tables.find((t) => t.players.some((x) => (x.id || x) === ids[15]));
  if (at8) assert.equal(at8.table, 8, "the fixed table stays");
  await eo.context().close();
});

// Event ids: derived from the name as the EO types it, the EO's own id kept once typed, a bad id
// refused by the form with the server's rule; the name box takes what the server keeps.
test('the create form derives the id from the name (phone 390x844)', async () => {
  const page = await s.browser.newContext(SIZES.phone).then((c) => c.newPage());
  await page.goto(`${s.server.base}/index.html`);
  await page.locator('#create summary').click();
  const form = page.locator('#create-form');
  await form.locator('input[name=name]').fill('Summer Masters');
  assert.equal(await form.locator('input[name=id]').inputValue(), 'summer-masters');
  await form.locator('input[name=name]').fill('Summer Masters 2026: Élite');
  assert.equal(await form.locator('input[name=id]').inputValue(), 'summer-masters-2026-lite');
  // The EO's own id stays while the name changes; cleared, the name's comes back.
  await form.locator('input[name=id]').fill('summer masters');
  assert.equal(await form.locator('input[name=id]').evaluate((el) => el.validity.patternMismatch), true, 'the form refuses a space');
  await form.locator('input[name=id]').fill('sm26');
  await form.locator('input[name=name]').fill('Summer Masters');
  assert.equal(await form.locator('input[name=id]').inputValue(), 'sm26');
  await form.locator('input[name=id]').fill('');
  await form.locator('input[name=name]').fill('Summer Masters');
  assert.equal(await form.locator('input[name=id]').inputValue(), 'summer-masters');
  assert.equal(await form.locator('input[name=name]').getAttribute('maxlength'), '100');
  await form.locator('input[name=admin]').fill(s.server.adminKey);
  await form.locator('input[name=password]').fill('summer-masters-pw');
  await until(() => form.locator('select[name=points] option').count(), 'point sizes');
  await shot(page, 'event-walk-phone-create-derived-id');
  await form.locator('button[type=submit]').click();
  await page.waitForURL(/eo\.html\?event=summer-masters$/);
  await page.context().close();
});

// A faction typo in a CSV row: "did you mean Khador?" first, and no command line on the web page.
test('a faction typo in a CSV row asks "did you mean" (laptop 1366x768)', async () => {
  const event = 'walk-csv-typo';
  const { page: eo } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: PLAYERS });
  await eo.goto(`${s.server.base}/eo.html?event=${event}#players`);
  await eo.locator('#csv-text').fill('name,faction,club,contact\nNina Patel,Cygnar,Iron Foundry,\nOscar Lindqvist,Kador,,\n');
  await eo.locator('#csv-import').click();
  const said = await hasText(eo.locator('#csv-flash'), "row 3, player.faction: 'Kador' is not a faction of this event; did you mean Khador?");
  assert.doesNotMatch(said, /gauntlet|--add-faction|CLI/);
  await hasText(eo.locator('#csv-bad-row'), 'did you mean Khador?');
  await eo.locator('#csv-flash').scrollIntoViewIfNeeded();
  await shot(eo, 'event-walk-laptop-csv-faction-typo');
  await eo.context().close();
});

// The EO's list editor: Approve is there once a list is saved (no reopening), a name in two lists is
// only said when the event does not use Character Restrictions, and locked lists offer no Save or
// Remove the engine would refuse.
test('the list editor follows saves, the character rule and the lock (laptop 1366x768)', async () => {
  const event = 'walk-list-editor';
  const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: PLAYERS, config: { points: 75, lists: 2 } });
  const ada = ids[0];
  await eo.goto(`${s.server.base}/eo.html?event=${event}#players`);
  await eo.locator(`#players-table tr[data-player="${ada}"] button`, { hasText: 'list' }).first().click();
  assert.equal(await eo.locator('#approve-lists').count(), 0, 'nothing to approve yet');
  await eo.locator('#lists textarea[name=list1]').fill(list('warroom-cygnar.txt'));
  await eo.locator('#lists button', { hasText: 'Save list 1' }).click();
  await hasText(eo.locator('#list-flash'), 'List 1 of Ada Brennan saved.');
  await eo.locator('#approve-lists').waitFor();
  await eo.locator('#lists textarea[name=list2]').fill(list('conflictchamber-cygnar.txt'));
  await eo.locator('#lists button', { hasText: 'Save list 2' }).click();
  await hasText(eo.locator('#list-flash'), 'List 2 of Ada Brennan saved.');
  await hasText(eo.locator('#shared-names'), 'Stormclad (lists 1 and 2)');
  assert.equal(await eo.locator('#lists input[name=not-character]').count(), 0, 'no Character Restrictions: nothing to tick');
  await eo.locator('#approve-lists').click();
  await hasText(eo.locator('#review-state'), 'Approved by the EO.');
  await shot(eo, 'event-walk-laptop-list-editor-approved');
  // Round 1 paired: the lists are locked; the editor says so and offers no Save or Remove.
  await pairNext(eo, event);
  await hasText(eo.locator('#lists-locked'), 'The lists are locked');
  assert.equal(await eo.locator('#lists button[name=save-list], #lists button[name=remove-list]').count(), 0);
  assert.equal(await eo.locator('#lists textarea[name=list1]').getAttribute('readonly'), '');
  await shot(eo, 'event-walk-laptop-list-editor-locked');
  await eo.context().close();
});

// SR2017 "Players can ask to see their opponent's lists at any time": the opponent's lists one tap
// from the pairing on the phone.
test("the opponent's lists open from the pairing on the phone (phone 390x844)", async () => {
  const event = 'walk-opponent-lists';
  const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: [['Ada Brennan', 'Cygnar'], ['Lena Fischer', 'Cygnar']], config: { points: 75 } });
  const [ada, lena] = ids;
  await eoApi(eo, event, 'POST', '/lists/import', { player: ada, text: list('conflictchamber-cygnar.txt') });
  await eoApi(eo, event, 'POST', '/lists/import', { player: lena, text: list('warroom-cygnar.txt') });
  await pairNext(eo, event);
  const pins = Object.fromEntries((await eoApi(eo, event, 'GET', '/pins')).pins.map((p) => [p.id, p.pin]));
  const phone = await playerPhone(s.server, s.browser, s.problems, event, ada, pins[ada]);
  await hasText(phone.locator('#my-table'), 'Lena Fischer');
  await phone.locator('#opponent-lists summary').click();
  await hasText(phone.locator('#opponent-lists'), 'List 1 — ');
  await hasText(phone.locator('#opponent-lists'), 'Captain Victoria Haley');
  await phone.locator('#game-card').scrollIntoViewIfNeeded();
  await shot(phone, 'event-walk-phone-opponent-lists');
  await phone.context().close();
  await eo.context().close();
});

// The pairing page's warnings: round 2 warns of no club clash the options avoid in round 1 only
// (and says so); after a swap, "Why these pairings" lists no pair that no longer exists.
test('the pairing page warns only of what the options avoid and explains the pairs shown (laptop 1366x768)', async () => {
  const event = 'walk-club-warnings';
  const club = PLAYERS.map(([n, f]) => [n, f, 'Iron Foundry']);  // one club: every pair is a clash
  const { page: eo } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: club });
  await eo.evaluate((key) => localStorage.setItem(key, JSON.stringify({ avoid_club: true })), `gauntlet.pairing-options.${event}`);
  await eo.goto(`${s.server.base}/eo.html?event=${event}#round`);
  await eo.locator('#propose').click();
  await hasText(eo.locator('#warnings'), 'club clash');  // round 1: the option avoids clubs, none could be
  const a = eo.locator('#draft li').nth(0).locator('.chip').nth(1);
  const b = eo.locator('#draft li').nth(1).locator('.chip').nth(0);
  const [ida, idb] = [await a.getAttribute('data-player'), await b.getAttribute('data-player')];
  await a.click();
  await b.click();
  await hasText(eo.locator('#explain'), 'EO edit: swapped');
  const lines = await eo.locator('#explain li').allTextContents();
  const stale = lines.filter((l) => !l.startsWith('EO edit') && !l.startsWith('pairing options') && (l.includes(`(${ida})`) || l.includes(`(${idb})`)));
  assert.deepEqual(stale, [], 'no reason for a pair the swap broke up');
  await hasText(eo.locator('#warnings'), 'club clash');  // still avoided in round 1
  await shot(eo, 'event-walk-laptop-round1-swap-explain');
  await eo.locator('#publish').click();
  await hasText(eo.locator('#flash'), 'Round 1 published');
  await recordAll(eo, event, 1);
  await eoApi(eo, event, 'POST', '/commands', { type: 'close-round' });
  await eo.goto(`${s.server.base}/eo.html?event=${event}#round`);
  await eo.locator('#propose').click();
  await hasText(eo.locator('#warnings'), 'No rule is broken.');
  await hasText(eo.locator('#explain'), 'pairing options: same club not avoided in round 2');
  await shot(eo, 'event-walk-laptop-round2-no-false-club-warning');
  await eo.context().close();
});

// The standings mark a dropped player beside the name on a phone (the Notes column hides there),
// and the live badge goes grey as soon as the phone is offline.
test('a dropped player is marked in the standings; the live badge greys offline (phone 390x844)', async () => {
  const event = 'walk-standings-dropped';
  const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device: SIZES.laptop, players: PLAYERS });
  await pairNext(eo, event);
  await recordAll(eo, event, 1);
  await eoApi(eo, event, 'POST', '/commands', { type: 'close-round' });
  await eoApi(eo, event, 'POST', '/commands', { type: 'set-player-status', id: ids[3], status: 'dropped' });
  const phone = await s.browser.newContext(SIZES.phone).then((c) => c.newPage());
  await phone.goto(`${s.server.base}/standings.html?event=${event}`);
  await hasText(phone.locator(`tr[data-player="${ids[3]}"]`), 'dropped');
  assert.equal(await phone.locator('tr.dropped').count(), 1);
  await hasText(phone.locator('#live'), 'live');
  await shot(phone, 'event-walk-phone-standings-dropped');
  await phone.context().setOffline(true);
  await hasText(phone.locator('#live'), 'offline');
  assert.equal(await phone.locator('#live').evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(102, 102, 102)');
  await phone.context().close();
  await eo.context().close();
});
