import type { Lang } from './messages.ts';

/** What middleware puts on every request's context. */
export interface AppEnv {
  Variables: {
    lang: Lang;
    /** The signed-in member, when the request carried a valid token. */
    memberId: number | null;
    tokenHash: string | null;
  };
}
