// Back online: the page the person wanted, live again.
const reload = () => location.reload();
window.addEventListener('online', reload);
// The club may be out of reach while the phone stays online (no 'online' event then), and the
// event may come before the network carries the reload: ask the club every few seconds too.
setInterval(() => {
  fetch('/v1/health', { cache: 'no-store' }).then(
    (answer) => {
      if (answer.ok) reload();
    },
    () => {},
  );
}, 3000);
