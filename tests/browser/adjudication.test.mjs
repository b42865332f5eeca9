// Issue 13 point 5 in the browser: the adjudication wizard on the player's phone and in the EO's
// result grid. SR2017 scenario pages: "If the game ends before a player wins via scenario or
// assassination victory, the player with the most control points wins via scenario victory"; tied
// CP, the tiebreakers: the player who suffered fewer army points destroyed wins. SR2017
// "Sportsmanship": a concession gives the winner 3 CP and half the opponent's starting army.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hasText, playerPhone, shot, suite, until } from './harness.mjs';
import { consoleFor, eoApi, pairNext, PLAYERS, SIZES } from './eo-fixture.mjs';

const s = suite();

for (const [size, device] of Object.entries(SIZES)) {
  test(`a player decides a tied game with the wizard, the opponent confirms; the EO adjudicates a concession (${size})`, async () => {
    const event = `wizard-${size}`;
    const { page: eo } = await consoleFor(s.server, s.browser, s.problems, { event, device, players: PLAYERS.slice(0, 4) });
    const pairings = await pairNext(eo, event);
    const pins = Object.fromEntries((await eoApi(eo, event, 'GET', '/pins')).pins.map((p) => [p.id, p.pin]));
    const [t1, t2] = pairings.tables;
    const id = (p) => (typeof p === 'object' ? p.id : p);
    const [a, b] = t1.players.map(id);

    // The player's phone: the last turn was played, 3 CP each; I destroyed 20, my opponent 35.
    const pa = await playerPhone(s.server, s.browser, s.problems, event, a, pins[a]);
    await pa.locator('#report-form').waitFor();
    await pa.locator('#report-form input[name=cp0]').fill('3');
    await pa.locator('#report-form input[name=cp1]').fill('3');
    await pa.locator('#report-form input[name=ap0]').fill('20');
    await pa.locator('#report-form input[name=ap1]').fill('35');
    await pa.locator('#wizard-box summary').click();
    await pa.locator('#wizard-end').waitFor();
    // A scenario victory 3 against 3 is not one: the rule is named, nothing filled in.
    await pa.locator('#wizard-end').selectOption('scenario');
    await pa.locator('#wizard-who').selectOption('1');
    await pa.locator('#wizard-decide').click();
    await hasText(pa.locator('#wizard-flash'), '5 more CP than the opponent');
    await pa.locator('#wizard-end').selectOption('game-length');
    await pa.locator('#wizard-decide').click();
    await hasText(pa.locator('#wizard-verdict'), 'Winner: ');
    await hasText(pa.locator('#wizard-verdict'), '(tiebreaker)');
    const steps = await pa.locator('#wizard-steps li').allTextContents();
    assert.match(steps[0], /Control points at the game's end: 3 against 3, tied/);
    assert.match(steps.at(-1), /army points destroyed .*35 against 20, player 2 \(.+\) wins/);
    await pa.locator('#wizard-verdict').scrollIntoViewIfNeeded();
    await shot(pa, `wizard-${size}-01-player-steps`);
    await pa.locator('#wizard-use').click();
    assert.equal(await pa.locator('#report-form select[name=outcome]').inputValue(), 'loss');
    assert.equal(await pa.locator('#report-form select[name=victory]').inputValue(), 'tiebreaker');
    await hasText(pa.locator('#report-flash'), 'Filled in from the wizard');
    await shot(pa, `wizard-${size}-02-player-filled`);
    await pa.locator('#report-form button[type=submit]').click();
    await hasText(pa.locator('#action-card'), 'Waiting for your opponent');

    const pb = await playerPhone(s.server, s.browser, s.problems, event, b, pins[b]);
    await pb.locator('#confirm').click();
    const recorded = await until(async () => {
      const t = (await eoApi(eo, event, 'GET', '/pairings')).tables.find((x) => x.table === t1.table);
      return t.result;
    }, 'table 1 recorded after the confirmation');
    assert.deepEqual(recorded.outcome, ['loss', 'win']);
    assert.equal(recorded.victory, 'tiebreaker');
    assert.deepEqual(recorded.ap, [20, 35]);
    await pa.context().close();
    await pb.context().close();

    // The EO's grid: table 2's second player conceded with a 50-point list.
    await eo.goto(`${s.server.base}/eo.html?event=${event}#round`);
    const row = eo.locator(`#grid tr[data-table="${t2.table}"]`);
    await row.locator('button[name=wizard]').click();
    await eo.locator('#dialog #wizard-end').waitFor();
    await eo.locator('#wizard-end').selectOption('concession');
    await eo.locator('#wizard-who').selectOption('2');
    await eo.locator('#wizard-decide').click();
    await hasText(eo.locator('#wizard-flash'), 'players[1].starting_army');
    await eo.locator('#dialog input[name=w-starting_army1]').fill('50');
    await eo.locator('#wizard-decide').click();
    await hasText(eo.locator('#wizard-verdict'), '(concession)');
    await shot(eo, `wizard-${size}-03-eo-dialog`);
    await eo.locator('#wizard-use').click();
    await until(async () => !(await eo.locator('#dialog').evaluate((d) => d.open)), 'the dialog closes');
    assert.equal(await row.locator('select[name=winner]').inputValue(), 'a');
    assert.equal(await row.locator('select[name=victory]').inputValue(), 'concession');
    assert.equal(await row.locator('input[name=cpa]').inputValue(), '3');
    assert.equal(await row.locator('input[name=apa]').inputValue(), '25');
    await row.locator('button[name=save]').click();
    await hasText(eo.locator('#grid-flash'), 'recorded');
    const t = (await eoApi(eo, event, 'GET', '/pairings')).tables.find((x) => x.table === t2.table);
    assert.equal(t.result.victory, 'concession');
    assert.deepEqual(t.result.outcome, ['win', 'loss']);
    await shot(eo, `wizard-${size}-04-eo-saved`);
    await eo.context().close();
  });
}
