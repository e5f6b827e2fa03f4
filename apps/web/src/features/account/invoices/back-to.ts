/**
 * Issue 37 point 3: where a saved tax profile leads back to: the receipt of a top-up the member came from to
 * ask for its invoice. Only such a receipt of this app, so the address cannot send anyone elsewhere.
 */
export function backTo(search: string): string | null {
  const back = new URLSearchParams(search).get('back');
  return back && /^\/receipt\/top-up\/\d+$/.test(back) ? back : null;
}
