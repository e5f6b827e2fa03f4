/** Spec §1: the app version, shown in the side menu and sent as `version` on GET community_members/{id}. */
export const APP_VERSION = '2.0.0';
