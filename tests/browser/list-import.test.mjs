// Issue 13 point 1 in the browser: a player pastes the list War Room exported on their phone; a
// list with lines the program cannot read is refused naming each line, and nothing is saved; the EO
// pastes a Conflict Chamber export for another player in the console's list editor.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import { hasText, playerPhone, shot, suite, until } from './harness.mjs';
import { consoleFor, eoApi, SIZES } from './eo-fixture.mjs';

const s = suite();
const LISTS = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'lists');
const list = (name) => readFileSync(join(LISTS, name), 'utf8');
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador'], ['Dana Okafor', 'Skorne'], ['Emil Sørensen', 'Cryx']];

for (const [size, device] of Object.entries(SIZES)) {
  test(`a player pastes a War Room list on the phone, the EO a Conflict Chamber one (${size})`, async () => {
    const event = `lists-${size}`;
    const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device, players: PLAYERS, config: { points: 75 } });
    const pins = Object.fromEntries((await eoApi(eo, event, 'GET', '/pins')).pins.map((p) => [p.id, p.pin]));
    const ada = ids[0], dana = ids[2];

    const phone = await playerPhone(s.server, s.browser, s.problems, event, ada, pins[ada]);
    await phone.locator('#list-import').waitFor();
    await hasText(phone.locator('#lists-status'), 'No list registered yet.');
    await phone.locator('#list-text').fill(list('broken-warroom-over-fa.txt'));
    await phone.locator('#list-import button[type=submit]').click();
    const refused = await hasText(phone.locator('#list-import-flash'), 'nothing imported');
    assert.match(refused, /line 13 .*OVER FIELD ALLOWANCE/);
    assert.match(refused, /line 16 'Wolf Lord Morraig PC 4'/);
    assert.equal((await eoApi(eo, event, 'GET', `/admin`)).players.find((p) => p.id === ada).lists.length, 0, 'nothing saved');
    await phone.locator('#list-import-flash').scrollIntoViewIfNeeded();
    await shot(phone, `list-import-${size}-01-refused`);
    await phone.locator('#list-text').fill(list('warroom-cygnar.txt'));
    await phone.locator('#list-import button[type=submit]').click();
    await hasText(phone.locator('#flash'), "List 1 saved: War Room list 'Storm Front v2'");
    await hasText(phone.locator('#lists-status'), '1 of 1 list registered.');
    await shot(phone, `list-import-${size}-02-saved`);
    const saved = (await eoApi(eo, event, 'GET', `/admin`)).players.find((p) => p.id === ada).lists[0];
    assert.equal(saved.entries[0].name, 'Captain Victoria Haley');
    await phone.context().close();

    // The console: Dana's list from Conflict Chamber, pasted as it is.
    await eo.goto(`${s.server.base}/eo.html?event=${event}#players`);
    await eo.locator(`#players-table tr[data-player="${dana}"] button`, { hasText: 'list' }).first().click();
    await eo.locator('#lists textarea[name=list1]').fill(list('conflictchamber-skorne.txt'));
    await hasText(eo.locator('#lists'), 'an exported list');
    await eo.locator('#lists button', { hasText: 'Save list 1' }).click();
    await hasText(eo.locator('#list-flash'), 'List 1 of Dana Okafor saved.');
    await until(async () => (await eoApi(eo, event, 'GET', `/admin`)).players.find((p) => p.id === dana).lists.length === 1, "Dana's list saved");
    await eo.locator('#lists').scrollIntoViewIfNeeded();
    await shot(eo, `list-import-${size}-03-console`);
    await eo.context().close();
  });
}
