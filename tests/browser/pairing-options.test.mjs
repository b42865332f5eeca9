// Issue 10 point 14: the console's "Pairing options" panel has the CLI's options (avoid same club /
// faction, in every round, fresh tables, fixed tables, locked pairs), remembered for the event; the
// propose route takes them and the server checks them with the CLI's rules.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { hasText, launchBrowser, shot, startServer, until } from './harness.mjs';
import { SIZES, consoleFor, eoFetch, pairNext } from './eo-fixture.mjs';

const PLAYERS = [['Ada Brennan', 'Cygnar', 'Mill'], ['Boris Lenk', 'Khador', 'Mill'], ['Cora Vale', 'Cryx', 'Forge'],
  ['Dana Okafor', 'Retribution of Scyrah', ''], ['Emil Sørensen', 'Legion of Everblight', ''], ['Fatima Haddad', 'Circle Orboros', 'Forge']];

let server, browser;
const problems = [];

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
  assert.deepEqual(problems, [], 'no script error');
});

for (const [size, device] of Object.entries(SIZES)) {
  describe(`pairing options at ${size} size`, () => {
    // Event `event` with the six players checked in (round 1 published with `round1`, where the
    // panel test leaves it); the EO's console open on its round tab.
    async function optionsAt(event, round1) {
      const { page: eo } = await consoleFor(server, browser, problems, { event, device, players: PLAYERS });
      if (round1) await pairNext(eo, event);
      await eo.goto(`${server.base}/eo.html?event=${event}#round`);
      await eo.locator(round1 ? '#grid' : '#propose').waitFor();
      return eo;
    }

    test('the panel steers the proposal: same club avoided, a fixed table, a locked pair; remembered', async () => {
      const EVENT = `options-${size}`;
      const eo = await optionsAt(EVENT);
      const tableOf = async (id) => {
        for (const li of await eo.locator('#draft li').all())
          if (await li.locator(`[data-player="${id}"]`).count()) return li.getAttribute('data-table');
        return null;
      };
      const panel = eo.locator('#pairing-options');
      await panel.locator('summary').click();
      await panel.locator('#opt-avoid_club').check();
      await panel.locator('#opt-fixed-player').selectOption('p3');
      await panel.locator('#opt-fixed-table').fill('3');
      await panel.locator('#opt-fixed-add').click();
      await hasText(eo.locator('#opt-fixed-list'), 'Cora Vale (p3) always at table 3');
      await eo.locator('#opt-lock-a').selectOption('p4');
      await eo.locator('#opt-lock-b').selectOption('p5');
      await eo.locator('#opt-lock-add').click();
      await hasText(eo.locator('#opt-lock-list'), 'Dana Okafor (p4) v Emil Sørensen (p5)');
      await eo.reload();
      await eo.locator('#pairing-options').waitFor();
      assert.ok(await eo.locator('#opt-avoid_club').isChecked(), 'remembered for the event');
      await hasText(eo.locator('#pairing-options summary'), '3 in use');
      await eo.locator('#propose').click();
      await until(async () => (await eo.locator('#draft li').count()) === 3, '3 tables proposed');
      assert.equal(await tableOf('p3'), '3', 'Cora at her fixed table');
      assert.equal(await tableOf('p4'), await tableOf('p5'), 'the locked pair together');
      assert.notEqual(await tableOf('p1'), await tableOf('p2'), 'club mates apart');
      await shot(eo, `options-${size}-01-proposal`);
      await eo.locator('#publish').click();
      await hasText(eo.locator('#flash'), 'Round 1 published');
      const r1 = await server.api(`/api/events/${EVENT}/pairings?round=1`);
      const t3 = r1.tables.find((t) => t.table === 3);
      assert.ok(t3.players.some((p) => p.id === 'p3'));
      await eo.context().close();
    });

    test('the server checks the options with the CLI\'s rules', async () => {
      const EVENT = `options-${size}-checks`;
      const eo = await optionsAt(EVENT, true);
      const bad = async (body, field, status) => {
        const r = await eoFetch(eo, EVENT, 'POST', '/pairing/propose', body);
        assert.equal(r.status, status, JSON.stringify(r.data));
        assert.equal(r.data.error.field, field);
      };
      await bad({ avoid_all_rounds: true }, 'avoid_all_rounds', 400);
      await bad({ fixed_tables: [{ player: 'p99', table: 1 }] }, 'fixed_tables[0]', 404);
      await bad({ fixed_tables: [{ player: 'p1', table: 1 }, { player: 'p2', table: 1 }] }, 'fixed_tables[1]', 400);
      await bad({ locks: [['p1', 'p1']] }, 'locks[0]', 400);
      await bad({ avoid_clubs: true }, 'avoid_clubs', 400);
      await eo.context().close();
    });
  });
}
