// Live updates: the WebSocket /api/events/{id}/live sends {"type":"changed",...}; pages refetch.
// A clock action arrives as {"type":"clock", table, clock, server_ms}: `onClock` updates that table
// at once (no refetch, no coalescing: a pass must show on the opponent's phone within 100 ms).
// Reconnects with back-off; after a reconnect the page refetches too (it may have missed changes).

export function live(eventId, onChange, indicator = document.getElementById('live'), onClock = null) {
  let socket = null;
  let delay = 500;
  let timer = null;
  let lastSeq = null;

  const show = (state) => {
    if (!indicator) return;
    indicator.textContent = state === 'on' ? 'live' : 'offline';
    indicator.className = `live ${state}`;
    indicator.title = state === 'on' ? 'Updates arrive automatically' : 'Reconnecting…';
  };

  const changed = (msg) => {
    clearTimeout(timer);
    timer = setTimeout(() => onChange(msg), 120);  // coalesce bursts (e.g. a CSV import)
  };

  const connect = () => {
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(`${proto}//${location.host}/api/events/${encodeURIComponent(eventId)}/live`);
    socket.addEventListener('open', () => {
      delay = 500;
      show('on');
    });
    socket.addEventListener('message', (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === 'changed') changed(msg);
      else if (msg.type === 'clock' && onClock) onClock(msg);
      else if (msg.type === 'hello') {
        if (lastSeq !== null && msg.seq !== lastSeq) changed(msg);
      }
      if (typeof msg.seq === 'number') lastSeq = msg.seq;
    });
    socket.addEventListener('close', () => {
      show('off');
      setTimeout(connect, delay);
      delay = Math.min(delay * 2, 10000);
    });
  };
  // The browser knows first when the network goes: the badge says so at once (a socket may take a
  // minute to notice), and the socket is closed so the reconnect starts when the network is back.
  window.addEventListener('offline', () => {
    show('off');
    if (socket) socket.close();
  });
  window.addEventListener('online', () => {
    if (socket && socket.readyState === WebSocket.OPEN) show('on');
  });
  show('off');
  connect();
  return { close: () => socket && socket.close() };
}
