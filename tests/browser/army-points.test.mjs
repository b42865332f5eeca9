// Issue 13 in the browser, end to end: a player pastes their list on the phone; at the table they
// count the army points destroyed entry by entry on both lists played (SR2017 "3rd Tiebreaker: Army
// Points Destroyed": "Warcasters and warlocks are worth 10 army points each", "Units and unit
// attachments are worth their point cost only if all models in the unit are destroyed"), let the
// wizard decide, send; the opponent confirms; the marks are kept with the result and the EO sees
// them again in the grid's calculator.
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
const PLAYERS = [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Cygnar'], ['Cora Vale', 'Cryx'], ['Dana Okafor', 'Skorne']];

for (const [size, device] of Object.entries(SIZES)) {
  test(`a player pastes a list, counts army points on both lists, the wizard decides, the opponent confirms (${size})`, async () => {
    const event = `ap-${size}`;
    const { page: eo, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device, players: PLAYERS, config: { points: 75 } });
    const pins = Object.fromEntries((await eoApi(eo, event, 'GET', '/pins')).pins.map((p) => [p.id, p.pin]));
    const [ada, boris, cora, dana] = ids;

    // Before round 1: Ada pastes her War Room list on her phone; the EO pastes Boris's.
    const pa = await playerPhone(s.server, s.browser, s.problems, event, ada, pins[ada]);
    await pa.locator('#list-text').fill(list('warroom-cygnar.txt'));
    await pa.locator('#list-import button[type=submit]').click();
    await hasText(pa.locator('#lists-status'), '1 of 1 list registered.');
    await eoApi(eo, event, 'POST', '/lists/import', { player: boris, text: list('conflictchamber-cygnar.txt') });
    await eoApi(eo, event, 'POST', '/commands', { type: 'pair-round', tables: [{ table: 1, players: [ada, boris] }, { table: 2, players: [cora, dana] }] });

    // Ada's report: what she destroyed of Boris's list (Stryker 10, Thunderhead 22, every Stormblade 14).
    await pa.reload();
    await pa.locator('#report-form').waitFor();
    await pa.locator('#calc-theirs summary').click();
    const theirs = pa.locator('#calc-theirs');
    await theirs.locator('.ap-entry').first().waitFor();
    const entry = (calc, name) => calc.locator('.ap-entry', { hasText: name }).first();
    await entry(theirs, 'Commander Coleman Stryker').locator('input[name=gone]').check();
    await entry(theirs, 'Thunderhead').locator('input[name=gone]').check();
    // Conflict Chamber's text gives no model count ("(max)"): the unit is marked whole.
    await entry(theirs, 'Stormblade Infantry').locator('input[name=gone]').check();
    await hasText(theirs.locator('.ap-total'), '46 army points destroyed');
    assert.equal(await pa.locator('#report-form input[name=ap0]').inputValue(), '46');
    await theirs.locator('.ap-total').scrollIntoViewIfNeeded();
    await shot(pa, `army-points-${size}-01-theirs`);

    // What Boris destroyed of hers: the Stormclad (19); four Trenchers of ten count nothing.
    await pa.locator('#calc-mine summary').click();
    const mine = pa.locator('#calc-mine');
    await mine.locator('.ap-entry').first().waitFor();
    await entry(mine, 'Stormclad').locator('input[name=gone]').check();
    await entry(mine, 'Trencher Infantry').locator('input[name=models]').fill('4');
    await hasText(mine.locator('.ap-total'), '19 army points destroyed');
    await hasText(mine.locator('.ap-lines'), 'counts only when every model is gone');
    assert.equal(await pa.locator('#report-form input[name=ap1]').inputValue(), '19');
    await mine.locator('.ap-lines').scrollIntoViewIfNeeded();
    await shot(pa, `army-points-${size}-02-mine`);

    // The wizard: Ada's warcaster is the only one left.
    await pa.locator('#report-form input[name=cp0]').fill('2');
    await pa.locator('#report-form input[name=cp1]').fill('1');
    await pa.locator('#wizard-box summary').click();
    await pa.locator('#wizard-end').selectOption('assassination');
    await pa.locator('#wizard input[name=w-casters1]').fill('0');
    await pa.locator('#wizard-decide').click();
    await hasText(pa.locator('#wizard-verdict'), 'Winner: You (assassination)');
    await pa.locator('#wizard-use').click();
    assert.equal(await pa.locator('#report-form select[name=outcome]').inputValue(), 'win');
    await shot(pa, `army-points-${size}-03-filled`);
    await pa.locator('#report-form button[type=submit]').click();
    await hasText(pa.locator('#action-card'), 'Waiting for your opponent');
    await pa.context().close();

    const pb = await playerPhone(s.server, s.browser, s.problems, event, boris, pins[boris]);
    await pb.locator('#confirm').click();
    const t = await until(async () => (await eoApi(eo, event, 'GET', '/pairings')).tables.find((x) => x.table === 1).result, 'table 1 recorded');
    assert.deepEqual(t.ap, [46, 19]);
    assert.equal(t.destroyed[0].length, 3);
    assert.deepEqual(t.destroyed[1].map((m) => m.models), [1, 4]);
    await pb.context().close();

    // The EO's grid: the calculator shows the kept marks and their count; table 2 has no lists.
    await eo.goto(`${s.server.base}/eo.html?event=${event}#round`);
    await eo.locator('#grid tr[data-table="1"] button[name=ap-calc]').click();
    await hasText(eo.locator('#dialog #calc-0 .ap-total'), '46 army points destroyed');
    await hasText(eo.locator('#dialog #calc-1 .ap-total'), '19 army points destroyed');
    await shot(eo, `army-points-${size}-04-eo-dialog`);
    await eo.locator('#dialog-cancel').click();
    await eo.locator('#grid tr[data-table="2"] button[name=ap-calc]').click();
    await hasText(eo.locator('#dialog #calc-0'), 'No list registered');
    await eo.locator('#dialog-cancel').click();

    // Issue 13 point 2: the EO approves Ada's list (journaled) and publishes the lists; anyone reads them.
    await eo.goto(`${s.server.base}/eo.html?event=${event}#players`);
    await eo.locator(`#players-table tr[data-player="${ada}"] button`, { hasText: 'list' }).first().click();
    await eo.locator('#list-review input[name=review-note]').fill('FA checked');
    await eo.locator('#approve-lists').click();
    await hasText(eo.locator('#review-state'), 'Approved by the EO.');
    await eo.locator('#publish-lists').click();
    await hasText(eo.locator('#publish-lists'), 'Hide the lists');
    await eo.locator('#list-review').scrollIntoViewIfNeeded();
    await shot(eo, `army-points-${size}-05-eo-review`);
    const review = (await eoApi(eo, event, 'GET', '/admin')).players.find((p) => p.id === ada).review;
    assert.deepEqual(review, { approved: true, not_characters: [], note: 'FA checked' });
    const visitor = await s.browser.newPage();
    await visitor.goto(`${s.server.base}/player.html?event=${event}&player=${boris}`);
    await visitor.locator('#my-list-contents summary').click();
    await hasText(visitor.locator('#my-list-contents'), 'Commander Coleman Stryker');
    await visitor.close();
    await eo.context().close();
  });
}
