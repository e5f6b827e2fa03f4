// A server-drawn page's script (entry-server.tsx's paintFirst): the app once the page has painted.
const app = document.querySelector('meta[name="vendo-app"]')?.getAttribute('content');

function start() {
  import(app).catch(() => {
    // One reload per tab (chunk-reload.ts's marker).
    if (sessionStorage.getItem('vendo.chunk-reload')) return;
    sessionStorage.setItem('vendo.chunk-reload', '1');
    window.location.reload();
  });
}

// After the first contentful paint, so the page's stylesheet and images have the network first.
function afterPaint(then) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((paints) => {
    if (!paints.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    setTimeout(then);
  });
  observer.observe({ type: 'paint', buffered: true });
}

if (app?.startsWith('/assets/')) afterPaint(start);
