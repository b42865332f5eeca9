// Issue 14 point 1 in the browser: the console's Print tab links every printout as a PDF made on
// the server and as a print-ready page, on A4 or US Letter; the page opens under the server's
// Content-Security-Policy with no console error; the PDF's first page is rendered (pdftoppm) for a
// screenshot to look at.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { hasText, SHOTS, shot, suite, watch } from './harness.mjs';
import { consoleFor, eoApi, pairNext, SIZES, win } from './eo-fixture.mjs';

const s = suite();

for (const [size, device] of Object.entries(SIZES)) {
  test(`the EO prints pairings, slips, sheets and standings from the Print tab (${size})`, async () => {
    const event = `print-${size}`;
    const { page } = await consoleFor(s.server, s.browser, s.problems, { event, device });
    const round = await pairNext(page, event);
    await eoApi(page, event, 'POST', '/commands', { type: 'record-result', round: 1, table: 1, ...win([3, 40], [1, 25]) });

    await page.goto(`${s.server.base}/eo.html?event=${event}#print`);
    await page.reload();  // the round was paired through the API, behind this console's back
    await page.locator('#tab-print').waitFor();
    const rows = page.locator('#print-list .print-row');
    await hasText(rows.first(), 'Pairings by table');
    assert.equal(await rows.count(), 8);
    const pdf = page.locator('.print-row[data-kind=pairings] a[data-format=pdf]');
    assert.match(await pdf.getAttribute('href'), new RegExp(`/api/events/${event}/print/pairings\\?paper=a4&format=pdf&round=1$`));
    await page.locator('#print-paper').selectOption('letter');
    assert.match(await pdf.getAttribute('href'), /paper=letter/);
    await shot(page, `print-${size}-01-tab`);

    // The print page of the table slips: one slip per table, the Print button wired by print.js.
    const [slips] = await Promise.all([
      page.context().waitForEvent('page'),
      page.locator('.print-row[data-kind=table-slips] a[data-format=html]').click(),
    ]);
    watch(slips, s.problems);
    await slips.waitForLoadState();
    await hasText(slips.locator('h1'), 'Table slips - round 1');
    assert.equal(await slips.locator('.slip').count(), round.tables.length);
    assert.equal(await slips.locator('button.print').isVisible(), true);
    await shot(slips, `print-${size}-02-slips-page`);
    await slips.close();

    // The PDF of the record sheets, fetched as the link does, its first page rendered to look at.
    const href = await page.locator('.print-row[data-kind=record-sheets] a[data-format=pdf]').getAttribute('href');
    const bytes = await page.evaluate(async (url) => {
      const r = await fetch(url);
      return { type: r.headers.get('content-type'), data: Array.from(new Uint8Array(await r.arrayBuffer())) };
    }, href);
    assert.equal(bytes.type, 'application/pdf');
    const file = join(SHOTS, `print-${size}-03-record-sheets.pdf`);
    writeFileSync(file, Buffer.from(bytes.data));
    assert.match(execFileSync('pdfinfo', [file]).toString(), /Pages:\s+6/);
    assert.match(execFileSync('pdftotext', ['-l', '1', file, '-']).toString(), /Steamroller 2017 Player Record Sheet/);
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', file, join(SHOTS, `print-${size}-03-record-sheet`)]);
  });
}
