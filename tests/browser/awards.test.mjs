// Issue 14 point 2 in the browser: the EO adds Best Painted from the Awards tab, a player enters it
// from their phone with a photo, the vote opens, players vote on their phones (one a self-vote), a
// tie goes to a second vote among the tied only, the EO counts and announces; the phones show "your
// vote is in" and then the winner. Screenshots at phone and laptop size.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hasText, playerPhone, SHOTS, shot, suite } from './harness.mjs';
import { consoleFor, eoApi, SIZES } from './eo-fixture.mjs';

const s = suite();

async function vote(phone, award, name) {
  await phone.reload();
  const block = phone.locator(`#awards-card .award[data-award=${award}]`);
  await block.locator('label.award-choice', { hasText: name }).click();
  await block.locator('button', { hasText: 'Cast my secret vote' }).click();
  await hasText(block.locator('.award-voted'), 'Your vote');
}

for (const [size, device] of Object.entries(SIZES)) {
  test(`Best Painted by blind vote: entry with a photo, a tie, a second vote, the announcement (${size})`, async () => {
    const event = `awards-${size}`;
    const { page, ids } = await consoleFor(s.server, s.browser, s.problems, { event, device });
    const pins = Object.fromEntries((await eoApi(page, event, 'GET', '/pins')).pins.map((p) => [p.id, p.pin]));

    await page.goto(`${s.server.base}/eo.html?event=${event}#awards`);
    await page.locator('#award-define').waitFor();
    await page.locator('#award-define button', { hasText: 'Best Painted' }).click();
    await page.locator('#award-define input[name=category]').fill('Best Unit');
    await page.locator('#award-define button[type=submit]').click();
    await hasText(page.locator('.award[data-award=best-painted] h3'), 'Best Painted');

    // Cora enters from her phone with a photo (a picture drawn in the page, as a camera would give).
    const cora = await playerPhone(s.server, s.browser, s.problems, event, ids[2], pins[ids[2]]);
    const png = await cora.evaluate(() => {
      const c = document.createElement('canvas');
      c.width = 1600; c.height = 1200;
      const g = c.getContext('2d');
      g.fillStyle = '#35506b'; g.fillRect(0, 0, 1600, 1200);
      g.fillStyle = '#d4a017'; g.beginPath(); g.arc(800, 600, 400, 0, 7); g.fill();
      return c.toDataURL('image/png').split(',')[1];
    });
    const file = join(SHOTS, `awards-${size}-entry.png`);
    writeFileSync(file, Buffer.from(png, 'base64'));
    const block = cora.locator('#awards-card .award[data-award=best-painted]');
    await block.locator('input[name=title]').fill('Bane Knights');
    await block.locator('input[name=photo]').setInputFiles(file);
    await block.locator('button', { hasText: 'Enter Best Painted' }).click();
    await hasText(cora.locator('#awards-card .award-mine'), 'Your entry is in: Bane Knights');
    await shot(cora, `awards-${size}-01-entered`);
    await eoApi(page, event, 'POST', '/awards/best-painted/entry', { player: ids[3], title: 'Houseguard' });

    await page.reload();
    await hasText(page.locator('.award[data-award=best-painted] .award-entries'), 'Bane Knights');
    await page.locator('.award[data-award=best-painted] .award-open').click();
    await hasText(page.locator('.award-turnout'), '0 of 6 voted');

    // Ada and Cora (her own entry) for Cora, Boris and Dana for Dana: a tie.
    const ada = await playerPhone(s.server, s.browser, s.problems, event, ids[0], pins[ids[0]]);
    const boris = await playerPhone(s.server, s.browser, s.problems, event, ids[1], pins[ids[1]]);
    const dana = await playerPhone(s.server, s.browser, s.problems, event, ids[3], pins[ids[3]]);
    await vote(ada, 'best-painted', 'Cora Vale');
    await shot(ada, `awards-${size}-02-ballot-cast`);
    await vote(cora, 'best-painted', 'Cora Vale');
    await vote(boris, 'best-painted', 'Dana Okafor');
    await vote(dana, 'best-painted', 'Dana Okafor');
    await page.reload();
    await hasText(page.locator('.award-turnout'), '4 of 6 voted');
    await shot(page, `awards-${size}-03-vote-open`);
    await page.locator('.award-close').click();
    await hasText(page.locator('.award[data-award=best-painted] .warn'), 'A tie between Cora Vale, Dana Okafor');
    assert.equal(await page.locator('.award-tally tr').count(), 2);
    await shot(page, `awards-${size}-04-tie`);

    // The second vote, among the tied only.
    await page.locator('.award[data-award=best-painted] button', { hasText: 'Second vote among the tied' }).click();
    await hasText(page.locator('.award-turnout'), 'Vote 2 open');
    await ada.reload();
    await hasText(ada.locator('#awards-card .award-ballot'), 'among only the entries tied');
    assert.equal(await ada.locator('#awards-card label.award-choice').count(), 2);
    await vote(ada, 'best-painted', 'Cora Vale');
    await vote(boris, 'best-painted', 'Cora Vale');
    await vote(dana, 'best-painted', 'Dana Okafor');
    await page.reload();
    await page.locator('.award-close').click();
    await hasText(page.locator('.award-winner'), 'Cora Vale');
    await page.locator('.award[data-award=best-painted] button', { hasText: 'Announce' }).click();
    await page.locator('.award[data-award=best-painted] .badge.ok', { hasText: 'announced' }).waitFor();
    await shot(page, `awards-${size}-05-announced`);

    await boris.reload();
    await hasText(boris.locator('#awards-card .award-winner'), 'Cora Vale');
    await shot(boris, `awards-${size}-06-winner-on-phone`);
    for (const p of [ada, boris, cora, dana]) await p.context().close();
  });
}
