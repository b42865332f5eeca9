// The Deathclock on two phones and the EO's board. The EO starts the round; phone A starts the
// clock and taps through deployment and a turn; phone B sees the times move live and taps; a phone
// that loses the network keeps its tap; the EO pauses the table with a reason (both phones say so),
// resumes, takes a clock down to a few seconds; the server records the flag; both phones show it and
// the report is pre-filled.
// SR2017 "Tournament Timing: The Deathclock": "players cannot pause the chess clock at any time. If
// an EO's call is required ..., the EO ... can pause the chess clock"; "the player whose clock ran
// out loses the game ... scored as an assassination victory for his opponent".
//
// Every test plays at a table of its own (table() below: a fresh event, its round and clock brought
// to where the test starts over the API), so a test that fails leaves every other test's clock as
// it was: nothing here depends on the order the tests run in.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIZES, axeViolations, hasText, launchBrowser, playerPhone, shot, sleep, startServer, until, watch } from './harness.mjs';
import { createEvent, eoLogin } from './api-setup.mjs';

let server, browser;
const problems = [];
let tables = 0;

// The seconds a face shows ("59:41" -> 3581, "1:00:00" -> 3600).
const seconds = async (locator) =>
  (await locator.locator('.time').textContent()).split(':').map(Number).reduce((acc, n) => acc * 60 + n, 0);

// A table of its own: a new SR2017 75-point event with two players paired at table 1. `started`:
// the EO has started the round; `clock: 'b-turn'`: the clock was started with the table's first
// player (A) going first, and a judge tapped it through deployment (SR2017: "normal deployment",
// "advance deployment", each player in turn: the edition's deployment steps) and A's first turn, so
// it runs on B's first turn; `phones`: both players' phones are open, logged in. Round 1 is drawn at
// random, so A and B are the table's order.
async function table({ started = true, clock = null, phones = true } = {}) {
  const event = `clock-cup-${++tables}`;
  const password = `clock-eo-password-${tables}`;
  await createEvent(server, event, { name: 'Clock Cup', edition: 'SR2017', points: 75 }, password);
  const eo = await eoLogin(server, event, password);
  const pins = {};
  for (const [name, faction] of [['Ada Brennan', 'Cygnar'], ['Boris Lenk', 'Khador']]) {
    const r = await eo.post('/commands', { type: 'add-player', player: { name, faction } });
    pins[r.command.player.id] = r.pin;
  }
  const p = await eo.post('/pairing/propose', {});
  await eo.post('/commands', { type: 'pair-round', tables: p.tables, bye: p.bye });
  const pairings = await server.api(`/api/events/${event}/pairings`);
  const t = pairings.tables[0];
  const [a, b] = t.players.map((x) => x.id);
  const [nameA, nameB] = t.players.map((x) => x.name);
  if (started) await eo.post('/commands', { type: 'start-round' });
  if (clock === 'b-turn') {
    const steps = (await server.api(`/api/events/${event}/clocks`)).round.deployment_steps;
    await eo.post('/clock', { table: t.table, action: 'start', seat: 0 });
    for (let i = 0; i < 2 * steps.length + 1; i += 1) await eo.post('/clock', { table: t.table, action: 'pass' });
  }
  const phone = (pid) => playerPhone(server, browser, problems, event, pid, pins[pid]);
  const at = { event, password, eo, table: t.table, a, b, nameA, nameB };
  if (phones) {
    at.A = await phone(a);
    at.B = await phone(b);
  }
  return at;
}

// The EO console of that table's event on the Clocks tab. `form`: logged in by typing the password;
// otherwise the console opens on the EO session table() made over the API (its cookie), as a
// console reloaded in the same browser does: a password costs a deliberate PBKDF2 hash per login,
// seconds on a loaded machine, and the tests that are not about logging in need not pay it.
async function eoConsole(at, size = SIZES.laptop, { form = false } = {}) {
  const context = await browser.newContext(size);
  if (!form) {
    const cut = at.eo.cookie.indexOf('=');
    await context.addCookies([{ name: at.eo.cookie.slice(0, cut), value: at.eo.cookie.slice(cut + 1), url: server.base }]);
  }
  const page = watch(await context.newPage(), problems);
  await page.goto(`${server.base}/eo.html?event=${at.event}#clocks`);
  if (form) {
    await page.locator('#login-form input[name=password]').fill(at.password);
    await page.locator('#login-form button').click();
  }
  await page.locator('#console').waitFor();
  return page;
}

// Marks the clock card's status line as drawn, so a test can tell when the card is drawn anew.
const markDrawn = (page) => page.evaluate(() => { document.querySelector('#clock-flash').dataset.drawn = 'before'; });
const redrawn = (page) => until(() => page.evaluate(() => !document.querySelector('#clock-flash[data-drawn=before]')), 'the clock card drawn anew');

describe('the Deathclock on two phones and the EO board', () => {
  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  after(async () => {
    if (browser) await browser.close();
    if (server) await server.stop();
    assert.deepEqual(problems, []);
  });

  test('the EO starts the round; a phone starts the clock and taps; the other phone follows live', async () => {
    const { A, B, nameA, nameB, ...at } = await table({ started: false });
    const eoPage = await eoConsole(at, SIZES.laptop, { form: true });
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
    const { A, nameB, event, table: number } = await table({ clock: 'b-turn' });
    const r = await A.evaluate(async ({ event, table }) => {
      const res = await fetch(`/api/events/${event}/clock`, { method: 'POST', credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': sessionStorage.getItem(`gauntlet.csrf.${event}`) },
        body: JSON.stringify({ table, action: 'pass' }) });
      return { status: res.status, body: await res.json() };
    }, { event, table: number });
    assert.equal(r.status, 409);
    assert.match(r.body.error.message, new RegExp(`it is ${nameB}'s turn`));
  });

  // What the server says of a tap sent late is part of the clock card: the card is drawn anew by
  // the echo of that same tap over the WebSocket, by the opponent's next tap and by the refresh
  // after a reconnect, and which of them comes before the tap's answer depends on the load of the
  // server and the network. The note stays until this phone taps again.
  test('a phone that loses the network keeps its tap and sends it, with its time, when it is back', async () => {
    const { A, B, nameA } = await table({ clock: 'b-turn' });
    await hasText(B.locator('#clock-status'), 'Your turn.');
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
    // The opponent's tap draws B's card anew: the note is still there.
    await markDrawn(B);
    await A.locator('#clock-pass').click();
    await A.locator('#short-anyway').click();
    await hasText(B.locator('#clock-status'), 'Your turn.');
    await redrawn(B);
    await hasText(B.locator('#clock-flash'), 'recorded at the time it happened', 2000);
    assert.equal(await B.locator('#clock-flash').isVisible(), true);
    // B's next tap: what was said of the last one is over.
    await B.locator('#clock-pass').click();
    await B.locator('#short-anyway').click();
    await hasText(B.locator('#clock-status'), `${nameA}'s turn.`);
    await until(async () => !(await B.locator('#clock-flash').textContent()).includes('recorded at the time it happened'), 'the note gone after the next tap');
  });

  // The queue is sent one tap at a time; a tap made while one is on its way joins the queue and is
  // sent after it (the queue once lost it: what was left was written back from before the send).
  test('a tap made while the queued taps are being sent is kept and sent after them', async () => {
    const { A, B, nameA } = await table({ clock: 'b-turn' });
    await hasText(B.locator('#clock-status'), 'Your turn.');
    await B.context().setOffline(true);
    await B.locator('#clock-switch').click();  // B hands the clock to A while A acts: queued
    await hasText(B.locator('#clock-offline'), 'Offline — 1 tap waiting');
    await hasText(B.locator('#clock-status'), `the clock is switched to ${nameA}`);
    // The network comes back slowly: the queued tap's request takes a second and a half.
    let release;
    const held = new Promise((r) => { release = r; });
    let seen = 0;
    await B.route('**/api/events/*/clock', async (route) => {
      seen += 1;
      if (seen === 1) await held;
      await route.continue();
    });
    await B.context().setOffline(false);
    await B.evaluate(() => window.dispatchEvent(new Event('online')));
    await until(() => seen === 1, 'the queued tap on its way');
    // Meanwhile B ends the turn (a quick one: the minimum asks first).
    await B.locator('#clock-pass').click();
    await B.locator('#short-anyway').click();
    await hasText(B.locator('#clock-offline'), '2 taps waiting');
    release();
    await hasText(A.locator('#clock-status'), 'Your turn.');  // the server had both, in order
    await until(async () => (await B.locator('#clock-offline').count()) === 0, 'the queue sent');
    await hasText(B.locator('#clock-status'), `${nameA}'s turn.`);
    assert.equal(seen, 2, 'each tap sent once');
    await B.unroute('**/api/events/*/clock');
  });

  test('a tap queued offline that the server refuses on return (a judge paused the table after it) is said and stays said', async () => {
    const { A, B, eo, table: number } = await table({ clock: 'b-turn' });
    await hasText(B.locator('#clock-status'), 'Your turn.');
    await B.context().setOffline(true);
    await B.locator('#clock-pass').click();
    await B.locator('#short-anyway').click();
    await hasText(B.locator('#clock-offline'), 'Offline — 1 tap waiting');
    await eo.post('/clock', { table: number, action: 'pause', reason: 'ruling on line of sight' });
    await hasText(A.locator('#clock-status'), 'Paused by a judge');
    await B.context().setOffline(false);
    await B.evaluate(() => window.dispatchEvent(new Event('online')));
    await until(async () => (await B.locator('#clock-offline').count()) === 0, 'the queue sent');
    // The judge's pause came after the tap happened: the tap cannot go in before it.
    await hasText(B.locator('#clock-flash'), 'A tap sent late was refused: a later clock action at this table is already recorded');
    await hasText(B.locator('#clock-status'), 'Paused by a judge');  // the server's clock, not the phone's guess
    // The judge resumes: both cards are drawn anew, and B still reads why the tap did not count.
    await markDrawn(B);
    await eo.post('/clock', { table: number, action: 'resume' });
    await hasText(B.locator('#clock-status'), 'Your turn.');
    await redrawn(B);
    await hasText(B.locator('#clock-flash'), 'A tap sent late was refused', 2000);
    await shot(B, 'clock-02c-phone-late-tap-refused');
  });

  test('the EO pauses the table with a reason; both phones say so; a clock taken down while paused; resume; then the flag falls', async () => {
    const at = await table({ clock: 'b-turn' });
    const { A, B, nameB } = at;
    const eoPage = await eoConsole(at);
    await eoPage.locator('#clock-board [data-action=pause]').waitFor();
    await shot(eoPage, 'clock-04-eo-board-running');
    await eoPage.locator('#clock-board [data-action=pause]').click();
    await eoPage.locator('#judge-reason').fill('ruling on line of sight');
    await eoPage.locator('#dialog-confirm').click();
    await hasText(A.locator('#clock-status'), 'Paused by a judge');
    await hasText(B.locator('#clock-notes'), 'ruling on line of sight');
    await shot(B, 'clock-05-phone-paused');
    // While the table is paused, B's clock down to 3 seconds (paused, the face B reads stands still).
    await eoPage.locator('#clock-board [data-action=adjust]').click();
    await eoPage.locator('#adjust-seat').selectOption({ label: nameB });
    const left = await seconds(B.locator('#clock-me'));
    await eoPage.locator('#adjust-by').fill(`-${left - 3}`);
    await eoPage.locator('#judge-reason').fill('test: a clock about to run out');
    await eoPage.locator('#dialog-confirm').click();
    await hasText(B.locator('#clock-me'), '0:03');
    // Resumed, B's clock runs out: the server records the flag by itself.
    await eoPage.locator('#clock-board [data-action=resume]').click();
    await eoPage.locator('#dialog-confirm').click();
    await hasText(B.locator('#flag-banner'), `${nameB}'s clock ran out`, 15000);
    await hasText(A.locator('#flag-banner'), `${nameB} loses`);
    await hasText(eoPage.locator('#clock-board li[data-state=flagged]'), 'clock ran out');
    await shot(B, 'clock-06-phone-flagged');
    await shot(eoPage, 'clock-07-eo-board-flagged');
  });

  test('the report is pre-filled with the clock loss; the opponent confirms', async () => {
    const { A, B, eo, event, table: number } = await table({ clock: 'b-turn' });
    // A judge pauses the table, takes B's clock (seat 1) down to 3 seconds and resumes: the server
    // records the flag. Paused, the time left is what the read says, however slow the machine.
    await eo.post('/clock', { table: number, action: 'pause', reason: 'test: a clock about to run out' });
    const clocks = await server.api(`/api/events/${event}/clocks`);
    const left = clocks.tables[0].clock.remaining_ms[1];
    await eo.post('/clock', { table: number, action: 'adjust', seat: 1, delta_ms: -(left - 3000), reason: 'test: a clock about to run out' });
    await eo.post('/clock', { table: number, action: 'resume' });
    await hasText(B.locator('#flag-banner'), 'clock ran out', 15000);
    await until(async () => (await B.locator('#report-form select[name=victory]').inputValue()) === 'clock', 'B\'s report pre-filled');
    assert.equal(await B.locator('#report-form select[name=outcome]').inputValue(), 'loss');
    await B.locator('#report-form input[name=cp0]').fill('1');
    await B.locator('#report-form input[name=ap1]').fill('35');
    await B.locator('#report-form button[type=submit]').click();
    await A.locator('#confirm').click();
    await hasText(A.locator('#action-card'), 'Result recorded');
    const p = await server.api(`/api/events/${event}/pairings`);
    assert.equal(p.tables[0].result.victory, 'clock');
  });

  test('the Clocks tab at phone size: the board fits, passes axe', async () => {
    const at = await table({ clock: 'b-turn', phones: false });
    const small = await eoConsole(at, SIZES.phone);
    await small.locator('#clock-board li').waitFor();
    await shot(small, 'clock-09-eo-board-phone');
    const overflow = await small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 1, `no sideways scrolling (${overflow}px)`);
    assert.deepEqual(await axeViolations(small), []);
  });

  test('the EO makes a judge; the judge logs in with name and PIN and sees the clocks only', async () => {
    const at = await table({ clock: 'b-turn', phones: false });
    const eoPage = await eoConsole(at);
    await eoPage.locator('#judge-form input[name=name]').fill('Kim Referee');
    await eoPage.locator('#judge-form button').click();
    await hasText(eoPage.locator('#judge-list'), 'Kim Referee — PIN');
    const pin = await eoPage.locator('#judge-list strong').first().textContent();
    const judge = watch(await (await browser.newContext(SIZES.phone)).newPage(), problems);
    await judge.goto(`${server.base}/eo.html?event=${at.event}`);
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
    const at = await table({ phones: false });
    const proj = watch(await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage(), problems);
    await proj.goto(`${server.base}/projector.html?event=${at.event}`);
    await hasText(proj.locator('#countdown'), 'left');
    await shot(proj, 'clock-08-projector');
  });
});
