# Builds tests/data/wtc2017_sample.json and its expected standings from wtc2017_games.csv.
import csv, json, sys
import os
rows = list(csv.DictReader(open(os.environ.get('WTC2017', '../shared/data/wtc/wtc2017_games.csv'))))
ENDING = {'Scenario': 'scenario', 'Caster Kill': 'assassination', 'Deathclock': 'clock'}
def valid(r):
    ta, tb = int(r['tp_a']), int(r['tp_b'])
    if ta + tb != 1: return False
    w, l = ('a', 'b') if ta == 1 else ('b', 'a')
    if min(int(r['cp_a']), int(r['cp_b']), int(r['ap_a']), int(r['ap_b'])) < 0: return False
    if r['victory_condition'] == 'Scenario' and int(r['cp_' + w]) - int(r['cp_' + l]) < 5: return False
    return True
def side(r, s):
    return {'outcome': 'win' if r['tp_' + s] == '1' else 'loss', 'cp': int(r['cp_' + s]), 'ap': int(r['ap_' + s])}
by_round = {n: [r for r in rows if r['round'] == str(n)] for n in (1, 2, 3)}
skipped = {n: [r['game_id'] for r in by_round[n] if not valid(r)] for n in (1, 2, 3)}
games = {n: [r for r in by_round[n] if valid(r)] for n in (1, 2, 3)}
# Round 1: the first 8 valid games as played (16 real players).
r1 = games[1][:8]
players, faction = [], {}
for r in r1:
    for s in 'ab':
        players.append(r['player_' + s]); faction[r['player_' + s]] = r['faction_' + s]
tp = {p: 0 for p in players}; cp = dict(tp); ap = dict(tp); opps = {p: [] for p in players}
rounds = []
def record(n, pairs, results):
    tables = []
    for i, ((a, b), r) in enumerate(zip(pairs, results)):
        ra, rb = side(r, 'a'), side(r, 'b')
        tables.append({'table': i + 1, 'players': [a, b], 'results': [ra, rb], 'victory': ENDING[r['victory_condition']]})
        for p, o, res in ((a, b, ra), (b, a, rb)):
            tp[p] += res['outcome'] == 'win'; cp[p] += res['cp']; ap[p] += res['ap']; opps[p].append(o)
    rounds.append({'number': n, 'scenario': {1: 'breakdown', 2: 'standoff', 3: 'recon-ii'}[n], 'tables': tables})
record(1, [(r['player_a'], r['player_b']) for r in r1], r1)
def natkey(p): return int(p[1:])
for n in (2, 3):
    # Hand-style Swiss: by TP then id, pair the top player with the next one not yet met.
    order = sorted(players, key=lambda p: (-tp[p], natkey(p)))
    pairs = []
    while order:
        a = order.pop(0)
        b = next(x for x in order if x not in opps[a])
        order.remove(b); pairs.append((a, b))
    # Results: the next valid games of that WTC round, side a -> first player at the table.
    record(n, pairs, games[n][:8])
event = {'gauntlet': 1,
         'event': {'name': 'WTC 2017 sample (16 players, rounds 1-3)', 'edition': 'SR2017', 'points': 75,
                   'variants': [], 'rounds': 3, 'seed': '2017'},
         'players': [{'id': p, 'name': 'Player ' + p, 'faction': faction[p]} for p in players],
         'rounds': rounds}
sos = {p: sum(tp[o] for o in opps[p]) for p in players}
key = lambda p: (-tp[p], -sos[p], -cp[p], -ap[p])
ranked = sorted(players, key=lambda p: (key(p), natkey(p)))
out, rank = [], 0
for i, p in enumerate(ranked):
    if i == 0 or key(p) != key(ranked[i - 1]): rank = i + 1
    out.append({'rank': rank, 'id': p, 'tp': tp[p], 'sos': sos[p], 'cp': cp[p], 'ap': ap[p]})
json.dump(event, open('wtc2017_sample.json', 'w'), indent=2); open('wtc2017_sample.json', 'a').write('\n')
json.dump({'finished': True, 'standings': out}, open('wtc2017_sample.standings.json', 'w'), indent=2)
open('wtc2017_sample.standings.json', 'a').write('\n')
print('skipped invalid', {n: skipped[n][:10] for n in skipped})
print('games used', {n: [r['game_id'] for r in (r1 if n == 1 else games[n][:8])] for n in (1, 2, 3)})
for o in out: print(o)
