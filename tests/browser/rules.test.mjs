// Rules fidelity in the web pages: a 4-player, 2-round SR2017 event with Finals Tables and two lists
// per player. Variant rules shown as hints and refused combinations quoted beside the setup form;
// factions added by the EO (before and after round 1) and faction words ("Menoth", "Mercs"); a 3–1
// scenario win (tied CP refused) and a concession that needs the list played, from the EO's grid and
// from 360x740 phones; the Finals Tables rule under the standings.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { closeRoundIn, hasText, shot, suite, until, watch } from './harness.mjs';
import { eoApi as apiOn } from './eo-fixture.mjs';
import { newEvent, openConsole, pairNext, playRound, recordRound } from './api-setup.mjs';

// Each test starts from the state it needs, built over the API on an event of its own (rulesAt).
const s = suite();
const PASSWORD = 'rules-eo-password';
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };
const DESKTOP = { viewport: { width: 1280, height: 900 } };
// Two 50-point SR2017 lists (46–50 beyond the caster's battlegroup points): 55 and 58 points in all.
const LIST1 = [['Kaelyssa', 7, 'leader'], ['Phoenix', 19, 'warjack'], ['Houseguard Halberdiers', 14, 'unit', 10],
  ['Griffon', 8, 'warjack'], ['Griffon', 8, 'warjack'], ['Mage Hunter Strike Force', 6, 'unit', 6]];
const LIST2 = [['Vyros', 8, 'leader'], ...LIST1.slice(1), ['Arcanist', 1, 'solo'], ['Soulless Escort', 2, 'solo']];
const list = (l) => ({ entries: l.map(([name, cost, kind, models]) => ({ name, cost, kind, ...(models ? { models } : {}) })) });
const PLAYERS = [['Olga Varr', 'Orgoth'], ['Mena Hale', 'Protectorate of Menoth'], ['Cy Brand', 'Cygnar'], ['Kira Volk', 'Mercenaries']];
const SET_UP = { name: 'Rules Cup', points: 50, factions: ['Orgoth'], variants: ['finals-tables'], lists: 2, rounds: 2 };

// Event `id` as the tests need it: 'created' (nothing set up), 'setup' (the setup test's choices),
// 'registered' (four players with two lists each, checked in), 'round1' (round 1 published, both
// results in, still open), 'round1-closed', or 'finished' (both rounds played).
async function rulesAt(id, step) {
  if (step === 'created') return newEvent(s.server, id, { name: 'Rules Cup', password: PASSWORD, config: { points: 50 } });
  const { name, ...config } = SET_UP;
  if (step === 'setup') return newEvent(s.server, id, { name, password: PASSWORD, config });
  const made = await newEvent(s.server, id, { name, password: PASSWORD, config, players: PLAYERS });
  for (const pid of Object.values(made.ids))
    for (const [index, l] of [[1, LIST1], [2, LIST2]]) await made.eo.post('/commands', { type: 'set-list', id: pid, index, list: list(l) });
  if (step === 'round1') {
    await pairNext(made.eo);
    await recordRound(made.eo, 1);
  }
  if (step === 'round1-closed') await playRound(made.eo);
  if (step === 'finished') for (let r = 0; r < 2; r++) await playRound(made.eo);
  return made;
}

const pairings = (event, round) => s.server.api(`/api/events/${event}/pairings?round=${round}`);

async function phone(event, pid, pin) {
  const page = watch(await (await s.browser.newContext(PHONE)).newPage(), s.problems);
  await page.goto(`${s.server.base}/player.html?event=${event}&player=${pid}`);
  await page.locator('#pin-form input[name=pin]').fill(pin);
  await page.locator('#pin-form button').click();
  await page.locator('#pin-form').waitFor({ state: 'detached' });
  return page;
}

// The EO fills one row of the result grid and saves it; lists = [a, b] ('' for none).
async function gridResult(eo, table, { winner, cp, ap, victory, lists }) {
  const row = eo.locator(`#grid tr[data-table="${table}"]`);
  await row.locator('select[name=winner]').selectOption(winner);
  for (const [name, v] of [['cpa', cp[0]], ['cpb', cp[1]], ['apa', ap[0]], ['apb', ap[1]]]) await row.locator(`input[name=${name}]`).fill(String(v));
  await row.locator('select[name=victory]').selectOption(victory);
  if (lists) for (const [i, l] of lists.entries()) await row.locator(`select[name=${i ? 'listb' : 'lista'}]`).selectOption(String(l));
  await row.locator('button[name=save]').click();
}

async function publish(eo, event, round, tables) {
  await eo.locator('.tabs a[data-tab=round]').click();
  await eo.locator('#propose').click();
  await until(async () => (await eo.locator('#draft li').count()) === tables, `${tables} tables proposed`);
  await eo.locator('#publish').click();
  await hasText(eo.locator('#flash'), `Round ${round} published.`);
  await until(async () => (await eo.locator('#grid tbody tr').count()) === tables, `a grid of ${tables} tables`);
  return pairings(event, round);
}

describe('rules fidelity: scenario on CP, concession lists, added factions, variant rules, Finals Tables', () => {
  test('setup: variant rules as hints, combinations the rules refuse not offered, an added faction', async () => {
    const EVENT = 'rules-setup';
    await rulesAt(EVENT, 'created');
    const eo = await openConsole(s, EVENT, PASSWORD, { device: DESKTOP });
    await eo.locator('.tabs a[data-tab=setup]').click();
    const form = eo.locator('#setup-form');
    await hasText(eo.locator('#variants'), 'This variant requires the Classic Turn Timing variant.');
    // The form does not offer what the engine refuses (issue 10 point 13): No Tiebreakers needs
    // Classic Turn Timing, so it waits for it.
    assert.ok(await eo.locator('#v-no-tiebreakers').isDisabled(), 'No Tiebreakers is not offered without Classic Turn Timing');
    await eo.locator('#v-classic-turn-timing').check();
    assert.ok(await eo.locator('#v-no-tiebreakers').isEnabled(), 'offered once Classic Turn Timing is chosen');
    await eo.locator('#v-no-tiebreakers').check();
    await shot(eo, 'rules-01-setup-requires');
    await eo.locator('#v-timing-0-none').check();  // back to the Deathclock
    assert.ok(await eo.locator('#v-no-tiebreakers').isDisabled());
    assert.ok(!(await eo.locator('#v-no-tiebreakers').isChecked()), 'unchecked with its requirement');
    await eo.locator('#v-finals-tables').check();
    await form.locator('input[name=lists]').fill('2');
    await form.locator('input[name=rounds]').fill('2');
    await form.locator('input[name=factions]').fill(' Orgoth ,');
    await form.locator('button[type=submit]').click();
    await hasText(eo.locator('#setup-flash'), 'Setup saved.');
    const { config } = await apiOn(eo, EVENT, 'GET', '/admin');
    assert.deepEqual([config.factions, config.variants, config.lists, config.rounds], [['Orgoth'], ['finals-tables'], 2, 2]);
    await eo.context().close();
  });

  test('registration: the added faction is offered; "Orgoth", "Menoth" and "Mercs" are accepted', async () => {
    const EVENT = 'rules-registration';
    await rulesAt(EVENT, 'setup');
    const eo = await openConsole(s, EVENT, PASSWORD, { device: DESKTOP });
    await eo.locator('.tabs a[data-tab=players]').click();
    await until(async () => (await eo.locator('#factions option[value="Orgoth"]').count()) === 1, 'Orgoth in the faction datalist');
    const add = eo.locator('#add-form');
    for (const [name, faction] of [['Olga Varr', 'Orgoth'], ['Mena Hale', 'Menoth'], ['Cy Brand', 'Cygnar'], ['Kira Volk', 'Mercs']]) {
      await add.locator('input[name=name]').fill(name);
      await add.locator('input[name=faction]').fill(faction);
      await add.locator('button[type=submit]').click();
      await hasText(eo.locator('#add-flash'), `Added ${name}`);
    }
    const factions = await eo.locator('#players-table tbody td:nth-child(3)').allTextContents();
    assert.deepEqual(factions, ['Orgoth', 'Protectorate of Menoth', 'Cygnar', 'Mercenaries']);
    for (const id of ['p1', 'p2', 'p3', 'p4'])
      for (const [index, l] of [[1, LIST1], [2, LIST2]]) await apiOn(eo, EVENT, 'POST', '/commands', { type: 'set-list', id, index, list: list(l) });
    await eo.locator('#checkin-all').click();
    await until(async () => (await eo.locator('#players-table .badge', { hasText: 'checked-in' }).count()) === 4, '4 checked in');
    assert.equal((await apiOn(eo, EVENT, 'GET', '/pins')).pins.length, 4, 'a PIN per player');
    await eo.context().close();
  });

  test('round 1, EO grid: tied CP is no scenario win, 3–1 is; a concession asks which list was played', async () => {
    const EVENT = 'rules-round1';
    await rulesAt(EVENT, 'registered');
    const eo = await openConsole(s, EVENT, PASSWORD, { device: DESKTOP });
    const p = await publish(eo, EVENT, 1, 2);
    const flash = eo.locator('#grid-flash');
    await gridResult(eo, 1, { winner: 'a', cp: [2, 2], ap: [20, 10], victory: 'scenario' });
    await hasText(flash, "record the ending 'tiebreaker'");
    await gridResult(eo, 1, { winner: 'a', cp: [3, 1], ap: [20, 10], victory: 'scenario' });
    await hasText(eo.locator('#grid tr[data-table="1"]'), 'recorded');
    const loser = p.tables[1].players[1];
    assert.equal(loser.lists, 2, 'pairings carry the number of lists');
    await gridResult(eo, 2, { winner: 'a', cp: [0, 0], ap: [0, 0], victory: 'concession' });
    await hasText(flash, `which list did ${loser.name} play?`);
    await hasText(flash, 'results[1].list');
    await gridResult(eo, 2, { winner: 'a', cp: [0, 0], ap: [0, 0], victory: 'concession', lists: ['', 2] });
    await hasText(eo.locator('#grid tr[data-table="2"]'), 'AP: half of list 2 (58 pts)');
    const r = await pairings(EVENT, 1);
    assert.deepEqual([r.tables[0].result.victory, r.tables[0].result.cp], ['scenario', [3, 1]]);
    assert.deepEqual([r.tables[1].result.concession_army, r.tables[1].result.ap, r.tables[1].result.list], [{ points: 58, list: 2 }, [29, 0], [null, 2]]);
    await shot(eo, 'rules-02-eo-grid-concession');
    await eo.context().close();
  });

  test('after round 1 only factions can be added; a faction of the edition is refused', async () => {
    const EVENT = 'rules-locked';
    await rulesAt(EVENT, 'round1');
    const eo = await openConsole(s, EVENT, PASSWORD, { device: DESKTOP });
    await eo.locator('.tabs a[data-tab=setup]').click();
    const form = eo.locator('#setup-form');
    await eo.locator('#setup-locked').waitFor();
    assert.equal(await form.locator('input[name=name]').isDisabled(), true);
    await form.locator('input[name=factions]').fill('Orgoth, Cygnar');
    await form.locator('button[type=submit]').click();
    await hasText(eo.locator('#setup-flash'), "'Cygnar' is already a faction of SR2017");
    await form.locator('input[name=factions]').fill('Orgoth, Cephalyx');
    await form.locator('button[type=submit]').click();
    await hasText(eo.locator('#setup-flash'), 'Factions saved.');
    assert.deepEqual((await apiOn(eo, EVENT, 'GET', '/admin')).config.factions, ['Orgoth', 'Cephalyx']);
    await eo.locator('.tabs a[data-tab=round]').click();
    await closeRoundIn(eo, 1);
    await eo.context().close();
  });

  test('round 2 (finals), phones: a 3–1 scenario report with the list played; a concession report needs the list', async () => {
    const EVENT = 'rules-finals';
    const { pins } = await rulesAt(EVENT, 'round1-closed');
    const eo = await openConsole(s, EVENT, PASSWORD, { device: DESKTOP });
    const p = await publish(eo, EVENT, 2, 2);
    const [a1, b1] = p.tables[0].players;
    const pa = await phone(EVENT, a1.id, pins[a1.id]);
    const f = pa.locator('#report-form');
    await f.locator('select[name=outcome]').selectOption('win');
    await f.locator('select[name=victory]').selectOption('scenario');
    for (const [name, v] of [['cp0', 3], ['cp1', 1], ['ap0', 15], ['ap1', 12]]) await f.locator(`input[name=${name}]`).fill(String(v));
    await f.locator('select[name=list0]').selectOption('1');
    await shot(pa, 'rules-03-player-phone-report-list');
    const width = await pa.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `report form fits a phone (scrollWidth ${width})`);
    await f.locator('button[type=submit]').click();
    await hasText(pa.locator('#action-card'), `You won vs ${b1.name} by scenario · CP 3–1 · AP 15–12 · your list 1`);
    const pb = await phone(EVENT, b1.id, pins[b1.id]);
    await pb.locator('#confirm').click();
    await hasText(pb.locator('#action-card'), 'Result recorded');
    // Table 2: the reporter won by concession; the loser registered two lists.
    const [a2, b2] = p.tables[1].players;
    const pc = await phone(EVENT, a2.id, pins[a2.id]);
    const g = pc.locator('#report-form');
    await g.locator('select[name=outcome]').selectOption('win');
    await g.locator('select[name=victory]').selectOption('concession');
    await g.locator('button[type=submit]').click();
    await hasText(pc.locator('#report-flash'), `which list did ${b2.name} play?`);
    await shot(pc, 'rules-04-player-phone-concession-refused');
    await g.locator('select[name=list1]').selectOption('2');
    await g.locator('button[type=submit]').click();
    await hasText(pc.locator('#action-card'), 'Waiting for your opponent');
    await hasText(pc.locator('#action-card'), "by concession · CP 3–0 · AP 29–0 · opponent's list 2");
    const pd = await phone(EVENT, b2.id, pins[b2.id]);
    await pd.locator('#confirm').click();
    await hasText(pd.locator('#concession'), 'AP: half of list 2 (58 pts)');
    await hasText(pc.locator('#concession'), 'AP: half of list 2 (58 pts)');
    await shot(pc, 'rules-05-player-phone-concession-recorded');
    for (const page of [pa, pb, pc, pd]) await page.context().close();
    await hasText(eo.locator('#grid tr[data-table="2"]'), 'AP: half of list 2 (58 pts)');
    await closeRoundIn(eo, 2);
    await eo.context().close();
  });

  test('standings: the Finals Tables rule under the meta line; beyond third by SoS then CP', async () => {
    const EVENT = 'rules-standings';
    await rulesAt(EVENT, 'finished');
    const data = await s.server.api(`/api/events/${EVENT}/standings`);
    assert.ok(data.finished && data.rule && data.rule.startsWith('Finals Tables (SR2017)'), JSON.stringify(data.rule));
    assert.deepEqual(data.criteria, ['sos', 'cp']);
    const ph = await s.browser.newContext(PHONE);
    const page = watch(await ph.newPage(), s.problems);
    await page.goto(`${s.server.base}/standings.html?event=${EVENT}`);
    await hasText(page.locator('#heading'), 'Final standings');
    await hasText(page.locator('#meta'), 'ranked by SoS, then CP');
    assert.equal(await page.locator('#rule').textContent(), `Ranked by ${data.rule}`);
    assert.equal(await page.locator('#rule').isVisible(), true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `no horizontal page scroll on a phone (scrollWidth ${width})`);
    await shot(page, 'rules-06-standings-phone-rule');
    await ph.close();
    const proj = watch(await (await s.browser.newContext(DESKTOP)).newPage(), s.problems);
    await proj.goto(`${s.server.base}/projector.html?event=${EVENT}`);
    await hasText(proj.locator('#standings-rule'), data.rule);
    await shot(proj, 'rules-07-projector-rule');
    await proj.context().close();
  });

});
