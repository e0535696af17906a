/*
 * Web Push in the service worker (imported by the generated sw.js): shows what the club sends
 * (`{ title, body, url, tag }`, see @club/shared/push) and opens its page on a tap, in a tab of
 * the app that is open already when there is one.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Cue Club', body: '', url: '/', tag: 'club' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // not JSON: shown as the body
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const tab = tabs.find((c) => new URL(c.url).origin === self.location.origin);
      if (tab) return tab.focus().then(() => tab.navigate(url));
      return self.clients.openWindow(url);
    }),
  );
});
