// A server-drawn page's script (entry-server.tsx): the app loads after the first paint, and hydrates.
const app = document.querySelector('meta[name="vendo-app"]')?.getAttribute('content');

function start() {
  import(app).catch(() => {
    // One reload per tab for code that failed to load (src/lib/platform/chunk-reload.ts's marker).
    if (sessionStorage.getItem('vendo.chunk-reload')) return;
    sessionStorage.setItem('vendo.chunk-reload', '1');
    window.location.reload();
  });
}

// A task queued from a frame callback runs just after that frame's paint.
if (app?.startsWith('/assets/')) requestAnimationFrame(() => setTimeout(start));
