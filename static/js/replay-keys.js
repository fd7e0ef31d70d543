// The replay steps with the arrow keys (Home and End for the deal and the
// latest move): each key follows the link the page already has, so without
// JavaScript the links do the same. Keys typed into a field are left alone.
(() => {
  "use strict";
  const nav = document.getElementById("replay-nav");
  if (!nav) return;
  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    const link = keys[event.key] && nav.querySelector(`a[rel="${keys[event.key]}"]`);
    if (!link) return;
    event.preventDefault();
    window.location.assign(link.href);
  });
  // The position slider goes there as it is let go (its Go button does without JavaScript).
  const slider = document.getElementById("replay-at");
  if (slider) slider.addEventListener("change", () => slider.form.submit());
})();
