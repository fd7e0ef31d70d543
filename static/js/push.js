// "Notify me on this device" on the settings page: on the player's tap (never
// on page load) ask the browser's permission, register the service worker
// (static/sw.js, served at /sw.js), subscribe through the push service with
// the site's VAPID key, and post the subscription to the site. Without
// JavaScript or Push the button stays hidden and e-mail carries on.
(() => {
  "use strict";
  const button = document.getElementById("push-subscribe");
  if (!button || !("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
  const form = document.getElementById("push-form");
  const status = document.getElementById("push-status");
  button.hidden = false;

  function keyBytes(base64url) {
    const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }

  async function subscribe() {
    if ((await Notification.requestPermission()) !== "granted") throw new Error("not granted");
    const registration = await navigator.serviceWorker.register(button.dataset.worker, { scope: "/" });
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(button.dataset.key),
    });
    const response = await fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": form.elements.csrfmiddlewaretoken.value },
      body: JSON.stringify(subscription),
    });
    if (!response.ok) throw new Error((await response.json()).error || "refused");
  }

  button.addEventListener("click", () => {
    button.disabled = true;
    subscribe()
      .then(() => window.location.reload())
      .catch((error) => {
        status.textContent = error.message === "refused" || error.message === "not granted" ? button.dataset.failed : error.message;
        button.disabled = false;
      });
  });
})();
