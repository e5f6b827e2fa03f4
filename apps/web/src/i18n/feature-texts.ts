/**
 * Loads each feature's texts once. A feature counts as loaded only once its catalog arrived: after a
 * failed load (offline, a new release) the next visit tries again, instead of the Spanish app showing
 * English ids for good.
 */
export function featureTexts<F extends string, Catalog>(
  load: (feature: F) => Promise<Catalog>,
  apply: (catalog: Catalog) => void,
) {
  const loaded = new Set<F>();
  return {
    loaded,
    async load(feature: F): Promise<void> {
      if (loaded.has(feature)) return;
      const catalog = await load(feature);
      loaded.add(feature);
      apply(catalog);
    },
  };
}
