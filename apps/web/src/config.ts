/**
 * Where the provider API lives. Build-time configuration (`VITE_API_URL`); by
 * default the reference API that serves this app, on the same origin.
 */
export const apiBaseUrl: string = import.meta.env.VITE_API_URL || '/api/';
