import type { WellSortColumn, WellView } from '#shared/desktop/index.js';

/** The order wells-list promises: empty values last either way, then name, then id. */
export function wellOrder(column: WellSortColumn, direction: 'asc' | 'desc') {
  const value = (well: WellView): string | number | null => {
    switch (column) {
      case 'name':
        return well.name.toLowerCase();
      case 'apiNumber':
        return well.apiNumber?.replace(/-/g, '') ?? null;
      case 'perfInterval':
        return well.perfInterval?.topMd ?? null;
      case 'lastProductionDate':
        return well.lastProduction?.date ?? null;
      case 'latestOilRate':
        return well.lastProduction?.oilRate ?? null;
      case 'latestGasRate':
        return well.lastProduction?.gasRate ?? null;
      case 'latestWaterRate':
        return well.lastProduction?.waterRate ?? null;
      default: {
        const fit = /^(oil|gas|water)(Eur|Remaining|B|Di|FitRmse)$/.exec(column);
        if (!fit) return well[column as keyof WellView] as string | number | null;
        const summary = well.decline[fit[1] as 'oil' | 'gas' | 'water'];
        if (!summary) return null;
        const member = {
          Eur: 'eur',
          Remaining: 'remaining',
          B: 'b',
          Di: 'diEffectivePercent',
          FitRmse: 'rmseLog',
        } as const;
        return summary[member[fit[2] as keyof typeof member]];
      }
    }
  };
  const sign = direction === 'asc' ? 1 : -1;
  const order = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return (a: WellView, b: WellView): number => {
    const [x, y] = [value(a), value(b)];
    if (column === 'name') return sign * (order(x!, y!) || order(a.id, b.id));
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) {
      return sign * order(x, y);
    }
    return order(a.name.toLowerCase(), b.name.toLowerCase()) || order(a.id, b.id);
  };
}
