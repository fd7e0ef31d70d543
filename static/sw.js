// The service worker (served at /sw.js so that it may show notices for the
// whole site): it shows a push as a notification and opens its game when the
// notification is clicked. It caches nothing: the site works without it.
"use strict";

self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch (error) {
    notice = {};
  }
  event.waitUntil(
    self.registration.showNotification(notice.title || "Sequence", {
      body: notice.body || "",
      tag: notice.tag || "sequence",
      icon: "/static/icons/icon-192.png",
      data: { url: notice.url || "/" },
    }),
  );
});

// Only a page of this site is opened, whatever a notice's data says.
function pageOf(notification) {
  const url = new URL((notification.data && notification.data.url) || "/", self.location.origin);
  return url.origin === self.location.origin ? url.href : self.location.origin + "/";
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const page = pageOf(event.notification);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === page && "focus" in client);
      return open ? open.focus() : self.clients.openWindow(page);
    }),
  );
});
