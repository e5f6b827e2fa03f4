/** The element of a server-drawn machine page that holds its data (machine-page.ts): main.tsx looks for it. */
export const machinePageId = 'vendo-machine';
