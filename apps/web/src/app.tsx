import { APP_VERSION } from '@vendo/core';

/** Until the screens arrive, the shell says what it is and which version runs. */
export function App() {
  return (
    <main>
      <h1>Vendo</h1>
      <p>La app para miembros de máquinas expendedoras está en construcción.</p>
      <p>Versión {APP_VERSION}</p>
    </main>
  );
}
