// A pane that does not fit the screen scrolls down slowly, pauses at the bottom and jumps back to
// the top: the projector's pairings and standings, the results page in large type. Nobody scrolls
// a projector.
export function autoScroll(pane) {
  let pauseUntil = performance.now() + 4000;
  let pos = 0;
  const step = (now) => {
    const max = pane.scrollHeight - pane.clientHeight;
    if (max > 4 && now > pauseUntil) {
      pos += 0.6;
      if (pos >= max) {
        pos = max;
        pauseUntil = now + 4000;
        setTimeout(() => { pos = 0; pane.scrollTop = 0; }, 3500);
      }
      pane.scrollTop = pos;
    }
    requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
