// Beside each moment a clock runs out (<time data-countdown>, made by the
// countdown filter in games/templatetags/dates.py), how long until then, kept
// up to date: "… runs out at Thu 3 Dec, 14:05 UTC (in 2 h 5 min)". The server
// never prints how long is left, so a cached page stays right at any minute;
// without this script the page still says when. Wall time to the moment, not
// the clock's own time left: a weekend off or a vacation may stop the clock.
// The words are this script tag's data-days, data-hours and data-minutes,
// translated like the rest of the page ("in {hours} h {minutes} min").
(() => {
  "use strict";
  const words = document.currentScript.dataset;
  const MINUTE = 60 * 1000;
  const EVERY = 30 * 1000;
  const shown = new Map(); // each <time> and the text beside it

  function inWords(ms) {
    const total = Math.ceil(ms / MINUTE); // "in 1 min" until the very end
    const parts = { days: Math.floor(total / 1440), hours: Math.floor(total / 60) % 24, minutes: total % 60 };
    const pattern = parts.days ? words.days : parts.hours ? words.hours : words.minutes;
    return pattern.replace(/\{(\w+)\}/g, (_, name) => String(parts[name]));
  }

  function update() {
    const now = Date.now();
    for (const moment of document.querySelectorAll("time[data-countdown]")) {
      let beside = shown.get(moment);
      if (!beside) {
        beside = document.createElement("span");
        beside.className = "countdown-left";
        beside.setAttribute("aria-live", "off"); // in a role="status" banner: read, not announced every 30 s
        moment.after(" ", beside); // the line may break before "(in 3 d 4 h)", never inside it
        shown.set(moment, beside);
      }
      const left = Date.parse(moment.dateTime) - now;
      beside.textContent = left > 0 ? `(${inWords(left)})` : ""; // past: the sweep acts, the page moves on
    }
  }

  update();
  setInterval(() => document.hidden || update(), EVERY);
  document.addEventListener("visibilitychange", () => document.hidden || update());
})();
