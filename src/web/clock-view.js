// The clocks as every page shows them (docs/api.md "Clocks"): the server's time (offset from the
// `server_ms` of each answer), a table's times counted down locally between updates, the round's
// countdown. The server is the authority; these only read what it sent.
import { h } from './dom.js';

let offset = 0;  // server time - this device's time
export function syncServer(serverMs) {
  if (typeof serverMs === 'number') offset = serverMs - Date.now();
}
export const serverNow = () => Date.now() + offset;

// "1:05:09", "4:07", "0:09"; a clock that ran out reads 0:00.
export function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const hh = Math.floor(s / 3600), mm = Math.floor((s % 3600) / 60), ss = s % 60;
  const two = (n) => String(n).padStart(2, '0');
  return hh ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

// A seat's time now: the running seat's counts down from as_of_ms.
export function timeLeft(clock, seat, now = serverNow()) {
  if (!clock || !clock.remaining_ms) return 0;
  let v = clock.remaining_ms[seat];
  if (clock.running === seat) v -= now - clock.as_of_ms;
  return clock.classic ? Math.max(0, v) : v;
}

// The round's line: {text, state: 'waiting' | 'running' | 'warning' | 'over' | 'untimed'}. A secret
// end (SR2014 variable round length) is not shown: the time since the start is.
export function roundLine(rc, now = serverNow()) {
  if (!rc || !rc.kind) return { text: '', state: 'untimed' };
  if (rc.kind === 'untimed') return { text: 'Untimed: the round lasts until every game is done.', state: 'untimed' };
  if (!rc.started_ms) return { text: `Round ${rc.round} not started yet.`, state: 'waiting' };
  if (rc.end_ms == null) return { text: `Round ${rc.round}: ${fmt(now - rc.started_ms)} played (the end is the EO's secret).`, state: 'running' };
  const left = rc.end_ms - now;
  if (left <= 0) return { text: rc.at_end === 'dice down' ? 'Dice down!' : 'Expected end: time is up.', state: 'over' };
  const warn = rc.warning_ms != null && now >= rc.warning_ms;
  return { text: `${fmt(left)} left${warn ? ' — 5 minutes or less!' : ''}`, state: warn ? 'warning' : 'running' };
}

export function roundClockBox(rc) {
  const line = roundLine(rc);
  return h('p', { class: `round-clock ${line.state}`, id: 'round-clock', 'data-state': line.state }, line.text);
}

// One player's face: name and time, highlighted while it runs.
export function face(clock, seat, name, id) {
  const running = clock && clock.running === seat;
  return h('div', { class: `clock-face${running ? ' running' : ''}${clock && clock.flag && clock.flag.seat === seat ? ' flagged' : ''}`, 'data-seat': seat, id },
    h('span', { class: 'who' }, name), h('span', { class: 'time', 'data-time': seat }, fmt(timeLeft(clock, seat))));
}

// Re-reads the running times of every [data-time] under `root` (4 times a second, no refetch).
export function tickFaces(root, clockOf) {
  for (const el of root.querySelectorAll('[data-time]')) {
    const clock = clockOf(el);
    if (clock) el.textContent = fmt(timeLeft(clock, Number(el.dataset.time)));
  }
}

export const STATE_TEXT = {
  'not-started': 'not started', running: 'running', paused: 'paused by a judge', flagged: 'clock ran out',
  'time-up': 'time up: a tie', 'playing-on': 'playing on', reported: 'result reported', finished: 'finished',
};
