/**
 * Issue 35 point 2: system notifications, only where the member allowed them. A page on Android cannot
 * raise one itself (`new Notification` throws there): the service worker's registration does, where there is
 * one.
 */

/** Asks the member once, on the tap that asked for an alert (browsers ask only on a gesture). */
export function askToNotify(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  Notification.requestPermission().catch(() => undefined);
}

/** Raises one notification (the tag keeps one per alert); false where the member did not allow them. */
export async function notify(title: string, body: string, tag: string): Promise<boolean> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  try {
    if (registration) await registration.showNotification(title, { body, tag, icon: '/icons/icon-192.png' });
    else new Notification(title, { body, tag });
    return true;
  } catch {
    return false;
  }
}
