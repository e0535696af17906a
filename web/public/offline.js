// back online: the page the person wanted, live again
window.addEventListener('online', () => location.reload());
