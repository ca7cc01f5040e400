// The landing page: open the seat link pasted in (a file of its own: the pages allow no
// inline script, see the Content-Security-Policy in server/web/app.py).

document.getElementById("open-seat").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const raw = document.getElementById("seat-link").value.trim();
  const url = new URL(raw, location.origin);
  if (url.pathname.startsWith("/play/")) location.href = url.pathname + url.search;
});
