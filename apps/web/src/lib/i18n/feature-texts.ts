/**
 * Loads each feature's texts once; callers of a load under way share it. A load that failed (offline,
 * a new release) is forgotten, so the next visit tries again instead of the Spanish app showing English
 * ids for good. A feature counts as wanted from its first request: a language switch meanwhile loads
 * its texts in the new language too (i18n.ts).
 */
export function featureTexts<F, Loaded>(load: (feature: F) => Promise<Loaded>, apply: (loaded: Loaded) => void) {
  const loads = new Map<F, Promise<void>>();
  return {
    wanted: () => [...loads.keys()],
    load(feature: F): Promise<void> {
      let loading = loads.get(feature);
      if (!loading) {
        loading = load(feature).then(apply, (failure: unknown) => {
          loads.delete(feature);
          throw failure;
        });
        loads.set(feature, loading);
      }
      return loading;
    },
  };
}
