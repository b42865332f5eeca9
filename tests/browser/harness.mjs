// Test harness: the real `gauntlet serve` on a free loopback port with a fresh database, and
// Debian's chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const SHOTS = resolve(process.env.GAUNTLET_SCREENSHOTS || join(here, '..', '..', 'build', 'browser-screenshots'));

// The sizes every page is tried at (issue 10): a phone (390x844, touch) and a laptop (1366x768).
export const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
  laptop: { viewport: { width: 1366, height: 768 } },
};

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Polls fn until it returns something truthy; fails naming what was awaited and the last value seen.
export async function until(fn, what, timeout = 10000) {
  const start = Date.now();
  let last;
  while (Date.now() - start < timeout) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) {
      last = e.message;
    }
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}; last seen: ${JSON.stringify(last)}`);
}

// The EO console closes `round` once every table has a result.
export async function closeRoundIn(page, round) {
  await until(() => page.locator('#close-round').isEnabled(), 'close-round enabled');
  await page.locator('#close-round').click();
  await hasText(page.locator('#flash'), `Round ${round} closed.`);
}

export const hasText = (locator, text, timeout) =>
  until(async () => {
    const t = await locator.first().textContent();
    return t && t.includes(text) ? t : false;
  }, `"${text}" in ${locator}`, timeout).catch(async (e) => {
    const t = await locator.first().textContent().catch(() => null);
    throw new Error(`${e.message}\n  text now: ${t && t.slice(0, 600)}`);
  });

function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

// Options: `args` appended to serve (e.g. ['--public-url', URL]); `dir` and `port` of an earlier
// server to restart on its database (that server stopped with stop({ keep: true })), and its `adminKey`.
export async function startServer({ args: extra = [], dir: reuse, port: samePort, adminKey: known } = {}) {
  const bin = process.env.GAUNTLET_BIN;
  if (!bin) throw new Error('GAUNTLET_BIN is not set (the gauntlet binary)');
  const dir = reuse || mkdtempSync(join(tmpdir(), 'gauntlet-browser-'));
  const port = samePort || await freePort();
  const args = ['--db', join(dir, 'gauntlet.db'), 'serve', '--listen', `127.0.0.1:${port}`, ...extra];
  const proc = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  proc.stdout.on('data', (d) => (out += d));
  proc.stderr.on('data', (d) => (out += d));
  const exited = new Promise((r) => proc.on('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') process.stderr.write(`gauntlet serve died (${code ?? signal}); its output:\n${out}\n`);
    r(code);
  }));
  const base = `http://127.0.0.1:${port}`;
  const adminKey = await until(async () => {
    if (proc.exitCode !== null) throw new Error(`gauntlet serve exited (${proc.exitCode}):\n${out}`);
    const m = /admin key[^\n]*:\s*(\S+)\s*$/im.exec(out);  // "Admin key (…): KEY"
    if (!m && !reuse) return false;  // a restart prints no key (it was printed at first start)
    const r = await fetch(`${base}/api/events`);
    return r.ok && (m ? m[1] : known);
  }, `gauntlet serve to print its admin key and answer (${bin} ${args.join(' ')})`, 20000).catch((e) => {
    proc.kill();
    throw new Error(`${e.message}\noutput so far:\n${out}`);
  });
  return {
    base,
    dir,
    port,
    adminKey: process.env.GAUNTLET_ADMIN_KEY || adminKey,
    output: () => out,
    api: async (path, init) => {
      const r = await fetch(base + path, init);
      if (!r.ok) throw new Error(`${path}: HTTP ${r.status} ${await r.text()}`);
      return r.json();
    },
    // kill -9 (the database kept): what a power cut or an OOM kill does.
    async kill() {
      proc.kill('SIGKILL');
      await exited;
    },
    async stop({ keep = false } = {}) {
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(3000)]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      if (!keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  mkdirSync(SHOTS, { recursive: true });
  // launch() gives every run a fresh temporary profile (user-data-dir).
  return chromium.launch({
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

// Every page fails the test on a script error or on any alert() (an executed XSS payload);
// confirm() dialogs of the UI itself are accepted.
export function watch(page, problems) {
  page.setDefaultTimeout(10000);
  page.on('pageerror', (e) => problems.push(`page error on ${page.url()}: ${e.message}`));
  page.on('dialog', async (d) => {
    if (d.type() === 'confirm') return d.accept();
    problems.push(`${d.type()} dialog on ${page.url()}: ${d.message()}`);
    return d.dismiss();
  });
  return page;
}

// A player's phone page (phone size), logged in with the PIN from their slip.
export async function playerPhone(server, browser, problems, event, pid, pin) {
  const page = watch(await (await browser.newContext(SIZES.phone)).newPage(), problems);
  await page.goto(`${server.base}/player.html?event=${event}&player=${pid}`);
  await page.locator('#pin-form input[name=pin]').fill(pin);
  await page.locator('#pin-form button').click();
  await page.locator('#pin-form').waitFor({ state: 'detached' });
  return page;
}

export const shot = (page, name) => page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });

// axe-core (npm) run inside the page: the violations of impact "serious" or "critical", as lines
// naming the rule, the impact and the first elements hit. page.evaluate is not subject to the
// page's Content-Security-Policy, so axe runs on the real pages unchanged.
const AXE_SOURCE = readFileSync(join(here, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
export async function axeViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.join(' | ')}`);
}


// The usual file of tests: one server (startServer `options`) and one browser, started before the
// first test and closed after the last; what `watch` collects in `problems` must stay empty. Each
// test sets up the state it starts from (an event of its own, built over the API with api-setup.mjs,
// and pages of its own), never the state an earlier test left: one failure must not fail the rest.
//   const s = suite();  test('…', async () => { const page = watch(await (await s.browser.newContext()).newPage(), s.problems); … });
export function suite(options = {}) {
  const s = { server: null, browser: null, problems: [] };
  before(async () => {
    s.server = await startServer(options);
    s.browser = await launchBrowser();
  });
  after(async () => {
    if (s.browser) await s.browser.close();
    if (s.server) await s.server.stop();
    assert.deepEqual(s.problems, []);
  });
  return s;
}
