/** Buying: a machine's screens start a purchase here; the deal that follows is this feature's. */
export { useBuy } from './buy.tsx';
