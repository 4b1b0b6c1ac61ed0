import { apiNumberDigits } from '../api/index.js';

/**
 * How a file's well column finds the project's wells: names compare without
 * case and extra spaces; API numbers compare by their digits (dashes and
 * spaces ignored), and a 10-digit API number also finds the well whose 12- or
 * 14-digit number starts with it when only one does. A 12- or 14-digit number
 * ending in zeros (sidetrack 00, event 00: how North Dakota writes API_WELLNO,
 * 33053080860000) also finds the well stored without those zeros.
 */

export interface WellCandidate {
  id: string;
  name: string;
  apiNumber: string | null;
}

export function wellNameKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function apiKey(text: string): string {
  return apiNumberDigits(text.trim()).replace(/\s+/g, '');
}

export class WellMatcher {
  private readonly byName = new Map<string, WellCandidate | null>();
  private readonly byApi = new Map<string, WellCandidate | null>();
  private readonly byApi10 = new Map<string, WellCandidate | null>();

  constructor(wells: readonly WellCandidate[]) {
    // null marks a key two wells share: ambiguous, so it matches neither.
    const add = (map: Map<string, WellCandidate | null>, key: string, well: WellCandidate) =>
      map.set(key, map.has(key) && map.get(key)?.id !== well.id ? null : well);
    for (const well of wells) {
      add(this.byName, wellNameKey(well.name), well);
      if (well.apiNumber) {
        const digits = apiKey(well.apiNumber);
        add(this.byApi, digits, well);
        add(this.byApi10, digits.slice(0, 10), well);
      }
    }
  }

  /** The well a cell names, by `well-name` (a name, or an API number) or `api-number`. */
  match(cell: string, kind: 'well-name' | 'api-number'): WellCandidate | undefined {
    if (kind === 'well-name') {
      const byName = this.byName.get(wellNameKey(cell));
      if (byName) return byName;
      if (!/^[\d\s-]+$/.test(cell.trim())) return undefined;
    }
    const digits = apiKey(cell);
    if (!/^\d{10,14}$/.test(digits)) return undefined;
    return (
      this.byApi.get(digits) ??
      (digits.length === 10 ? this.byApi10.get(digits) : undefined) ??
      this.withoutZeroSuffix(digits) ??
      undefined
    );
  }

  /** 33053044570100 → the well 33-053-04457-01; 33053080860000 → 33-053-08086. */
  private withoutZeroSuffix(digits: string): WellCandidate | null | undefined {
    let shorter = digits;
    while (shorter.length > 10 && shorter.endsWith('00')) {
      shorter = shorter.slice(0, -2);
      const well = this.byApi.get(shorter);
      if (well !== undefined) return well;
    }
    return undefined;
  }
}
