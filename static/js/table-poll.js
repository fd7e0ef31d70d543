// While the table waits for someone else, ask now and then whether the game
// moved on and reload only when it did: soon at first (a bot, or a player who
// is online, answers within seconds), then less often, up to the interval.
// Progressive enhancement: without it the "Refresh" link does the same by hand.
// The page loads this script only while it waits; #table-poll carries the
// game's endpoint, revision and status.
(() => {
  "use strict";
  const anchor = document.getElementById("table-poll");
  if (!anchor || !window.fetch) return;
  const { versionUrl, revision, status } = anchor.dataset;
  const every = Math.max(Number(anchor.dataset.pollSeconds) || 25, 1) * 1000;
  const slowest = every * 16; // backing off after errors stops here
  let delay = Math.min(2000, every); // doubled after each unchanged answer, up to `every`
  let timer = null;
  let asking = false;

  function later() {
    clearTimeout(timer);
    if (document.hidden) return; // a hidden tab asks nothing; visibilitychange resumes
    // Tabs opened together spread apart, never later than the delay (at most TABLE_POLL_SECONDS).
    const jitter = 0.75 + Math.random() * 0.25;
    timer = setTimeout(ask, delay * jitter);
  }

  async function ask() {
    if (asking) return;
    asking = true;
    try {
      const response = await fetch(versionUrl, { headers: { Accept: "application/json" }, cache: "no-store" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const now = await response.json();
      if (String(now.revision) !== revision || now.status !== status) {
        window.location.reload();
        return;
      }
      delay = Math.min(delay * 2, every);
    } catch {
      delay = Math.min(delay * 2, slowest); // the server is struggling or gone: ask less
    } finally {
      asking = false;
    }
    later();
  }

  document.addEventListener("visibilitychange", () => (document.hidden ? clearTimeout(timer) : ask()));
  later();
})();
