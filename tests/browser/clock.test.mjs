// Issue 11: the Deathclock on two phones and the EO's board. The EO starts the round; phone A starts
// the clock and taps through deployment and a turn; phone B sees the times move live and taps; the
// EO pauses the table with a reason (both phones say so), resumes, takes A's time down to a few
// seconds; the server records the flag; both phones show it and B's report is pre-filled.
// SR2017 "Tournament Timing: The Deathclock": "players cannot pause the chess clock at any time. If
// an EO's call is required ..., the EO ... can pause the chess clock"; "the player whose clock ran
// out loses the game ... scored as an assassination victory for his opponent".
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIZES, axeViolations, hasText, launchBrowser, playerPhone, shot, sleep, startServer, until, watch } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

const EVENT = 'clock-cup';
const PASSWORD = 'clock-eo-password';
let server, browser, eo, pairings;
let nameA, nameB;  // the table's players in its order (round 1 is drawn at random)
const problems = [];
const pins = {};

const phone = (pid) => playerPhone(server, browser, problems, EVENT, pid, pins[pid]);

// The seconds a face shows ("59:41" -> 3581, "1:00:00" -> 3600).
const seconds = async (locator) =>
  (await locator.locator('.time').textContent()).split(':').map(Number).reduce((acc, n) => acc * 60 + n, 0);

describe('the Deathclock on two phones and the EO board', () => {
  let eoPage, a, b, A, B;
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    await createEvent(server, EVENT, { name: 'Clock Cup', edition: 'SR2017', points: 75 }, PASSWORD);
    eo = await eoLogin(server, EVENT, PASSWORD);
    for (const [name, faction] of [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador']]) {
      const r = await eo.post('/commands', { type: 'add-player', player: { name, faction } });
      pins[r.command.player.id] = r.pin;
    }
    const p = await eo.post('/pairing/propose', {});
    await eo.post('/commands', { type: 'pair-round', tables: p.tables, bye: p.bye });
    pairings = await server.api(`/api/events/${EVENT}/pairings`);
    [a, b] = pairings.tables[0].players.map((x) => x.id);
    [nameA, nameB] = pairings.tables[0].players.map((x) => x.name);
    eoPage = watch(await (await browser.newContext(SIZES.laptop)).newPage(), problems);
    await eoPage.goto(`${server.base}/eo.html?event=${EVENT}#clocks`);
    await eoPage.locator('#login-form input[name=password]').fill(PASSWORD);
    await eoPage.locator('#login-form button').click();
    await eoPage.locator('#console').waitFor();
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
  });

  test('the EO starts the round; a phone starts the clock and taps; the other phone follows live', async () => {
    A = await phone(a);
    B = await phone(b);
    await hasText(A.locator('#clock-wait'), 'Waiting for the EO to start round 1');
    await eoPage.locator('#start-round').click();
    await hasText(eoPage.locator('#dialog'), 'Deathclock 60:00 per player');
    await eoPage.locator('#dialog-confirm').click();
    await hasText(eoPage.locator('#round-clock'), 'left');
    await A.locator('#clock-start-me').click();
    await hasText(A.locator('#clock-status'), 'normal deployment: your turn to deploy');
    await hasText(B.locator('#clock-status'), `${nameA}'s turn to deploy`);
    await shot(A, 'clock-01-phone-deployment');
    // Deployment taps, then A's first turn, then B's.
    await A.locator('#clock-pass').click();
    await B.locator('#clock-pass').waitFor();
    await B.locator('#clock-pass').click();
    await A.locator('#clock-pass').waitFor();
    await A.locator('#clock-pass').click();
    await B.locator('#clock-pass').click();
    await hasText(A.locator('#clock-status'), 'Your turn.');
    const before = await seconds(B.locator('#clock-them'));
    await sleep(2200);
    assert.ok(await seconds(B.locator('#clock-them')) < before, 'B sees A\'s clock running down');
    // The 15-second minimum (SR2017): a quick pass asks first.
    await A.locator('#clock-pass').click();
    await hasText(A.locator('#short-turn'), 'under 15 seconds');
    await shot(A, 'clock-02-phone-short-turn');
    await A.locator('#short-anyway').click();
    await hasText(B.locator('#clock-status'), 'Your turn.');
    await hasText(A.locator('#clock-status'), `${nameB}'s turn.`);
    assert.equal(await A.locator('#clock-pass').count(), 0, 'no End turn button on the waiting phone');
    await shot(B, 'clock-03-phone-my-turn');
    assert.deepEqual(await axeViolations(B), [], 'the running clock on a phone passes axe');
  });

  test('a tap that is not yours is refused by the server and shown', async () => {
    const r = await A.evaluate(async ({ event, table }) => {
      const res = await fetch(`/api/events/${event}/clock`, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': sessionStorage.getItem(`gauntlet.csrf.${event}`) },
        body: JSON.stringify({ table, action: 'pass' }) });
      return { status: res.status, body: await res.json() };
    }, { event: EVENT, table: pairings.tables[0].table });
    assert.equal(r.status, 409);
    assert.match(r.body.error.message, new RegExp(`it is ${nameB}'s turn`));
  });

  test('a phone that loses the network keeps its tap and sends it, with its time, when it is back', async () => {
    const ctxB = B.context();
    await ctxB.setOffline(true);
    await B.locator('#clock-pass').click();
    await B.locator('#short-anyway').click();  // a quick turn: the minimum asks first
    await hasText(B.locator('#clock-offline'), 'Offline — 1 tap waiting');
    await hasText(B.locator('#clock-status'), `${nameA}'s turn.`);  // the phone counts on as if passed
    await shot(B, 'clock-02b-phone-offline');
    await sleep(1500);
    await ctxB.setOffline(false);
    await B.evaluate(() => window.dispatchEvent(new Event('online')));
    await hasText(A.locator('#clock-status'), 'Your turn.');
    await until(async () => (await B.locator('#clock-offline').count()) === 0, 'the queue sent');
    await hasText(B.locator('#clock-flash'), 'recorded at the time it happened');
    // Back to B's turn for what follows (a quick pass: the minimum asks first).
    await A.locator('#clock-pass').click();
    await A.locator('#short-anyway').click();
    await hasText(B.locator('#clock-status'), 'Your turn.');
  });

  test('the EO pauses the table with a reason; both phones say so; resume; then the flag falls', async () => {
    await eoPage.reload();
    await eoPage.locator('#clock-board [data-action=pause]').waitFor();
    await shot(eoPage, 'clock-04-eo-board-running');
    await eoPage.locator('#clock-board [data-action=pause]').click();
    await eoPage.locator('#judge-reason').fill('ruling on line of sight');
    await eoPage.locator('#dialog-confirm').click();
    await hasText(A.locator('#clock-status'), 'Paused by a judge');
    await hasText(B.locator('#clock-notes'), 'ruling on line of sight');
    await shot(B, 'clock-05-phone-paused');
    await eoPage.locator('#clock-board [data-action=resume]').click();
    await eoPage.locator('#dialog-confirm').click();
    await hasText(B.locator('#clock-status'), 'Your turn.');
    // B's clock (running) down to 3 seconds: the server records the flag by itself.
    await eoPage.locator('#clock-board [data-action=adjust]').click();
    await eoPage.locator('#adjust-seat').selectOption({ label: nameB });
    const left = await seconds(B.locator('#clock-me'));
    await eoPage.locator('#adjust-by').fill(`-${left - 3}`);
    await eoPage.locator('#judge-reason').fill('test: a clock about to run out');
    await eoPage.locator('#dialog-confirm').click();
    await hasText(B.locator('#flag-banner'), `${nameB}'s clock ran out`, 15000);
    await hasText(A.locator('#flag-banner'), `${nameB} loses`);
    await hasText(eoPage.locator('#clock-board li[data-state=flagged]'), 'clock ran out');
    await shot(B, 'clock-06-phone-flagged');
    await shot(eoPage, 'clock-07-eo-board-flagged');
  });

  test('the report is pre-filled with the clock loss; the opponent confirms', async () => {
    await until(async () => (await B.locator('#report-form select[name=victory]').inputValue()) === 'clock', 'B\'s report pre-filled');
    assert.equal(await B.locator('#report-form select[name=outcome]').inputValue(), 'loss');
    await B.locator('#report-form input[name=cp0]').fill('1');
    await B.locator('#report-form input[name=ap1]').fill('35');
    await B.locator('#report-form button[type=submit]').click();
    await A.locator('#confirm').click();
    await hasText(A.locator('#action-card'), 'Result recorded');
    const p = await server.api(`/api/events/${EVENT}/pairings`);
    assert.equal(p.tables[0].result.victory, 'clock');
  });

  test('the Clocks tab at phone size: the board fits, passes axe', async () => {
    const small = watch(await (await browser.newContext(SIZES.phone)).newPage(), problems);
    await small.goto(`${server.base}/eo.html?event=${EVENT}#clocks`);
    await small.locator('#login-form input[name=password]').fill(PASSWORD);
    await small.locator('#login-form button').click();
    await small.locator('#clock-board li').waitFor();
    await shot(small, 'clock-09-eo-board-phone');
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
    assert.deepEqual(await axeViolations(small), []);
  });

  test('the EO makes a judge; the judge logs in with name and PIN and sees the clocks only', async () => {
    await eoPage.locator('#judge-form input[name=name]').fill('Kim Referee');
    await eoPage.locator('#judge-form button').click();
    await hasText(eoPage.locator('#judge-list'), 'Kim Referee — PIN');
    const pin = await eoPage.locator('#judge-list strong').first().textContent();
    const judge = watch(await (await browser.newContext(SIZES.phone)).newPage(), problems);
    await judge.goto(`${server.base}/eo.html?event=${EVENT}`);
    await judge.locator('#judge-login summary').click();
    await judge.locator('#judge-form-login input[name=name]').fill('Kim Referee');
    await judge.locator('#judge-form-login input[name=pin]').fill(pin);
    await judge.locator('#judge-form-login button').click();
    await hasText(judge.locator('#title'), 'Judge — Clock Cup');
    await judge.locator('#clock-board li').waitFor();
    assert.equal(await judge.locator('.tabs a[data-tab=setup]').isVisible(), false, 'no setup for a judge');
    assert.equal(await judge.locator('#undo').isVisible(), false, 'no undo for a judge');
    assert.equal(await judge.locator('#judges').count(), 0, 'a judge makes no judges');
    await shot(judge, 'clock-10-judge-phone');
  });

  test('the projector shows the round\'s countdown in large type', async () => {
    const proj = watch(await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage(), problems);
    await proj.goto(`${server.base}/projector.html?event=${EVENT}`);
    await hasText(proj.locator('#countdown'), 'left');
    await shot(proj, 'clock-08-projector');
    assert.deepEqual(problems, []);
  });
});
