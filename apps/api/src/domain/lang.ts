/** The languages members read the API's words in: Spanish by default, English when asked for. */
export type Lang = 'es' | 'en';
