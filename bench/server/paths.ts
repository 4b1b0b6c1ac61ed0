import { DAILY_YEAR, TWENTY_YEARS, type Fixture } from './fixture-data.js';

/** The URLs the benchmarks load, shared by the server child (for its ceilings) and the runner. */

export const API = '/api/v1';
export const CEILING_DAILY = `${API}/bench/ceiling/daily`;
export const CEILING_MONTHLY = `${API}/bench/ceiling/monthly`;

export function productionPath(projectId: string, wellId: string, query = ''): string {
  return `${API}/projects/${projectId}/wells/${wellId}/production${query ? `?${query}` : ''}`;
}

export function dailyPath(fixture: Fixture): string {
  return productionPath(
    fixture.projectId,
    fixture.dailyWellId,
    `from=${DAILY_YEAR.from}&to=${DAILY_YEAR.to}`,
  );
}

export function monthlyPath(fixture: Fixture): string {
  return productionPath(
    fixture.projectId,
    fixture.monthlyWellId,
    `from=${TWENTY_YEARS.from}&to=2023-12-31&aggregation=monthly`,
  );
}

export function wellsPath(projectId: string, query: string): string {
  return `${API}/projects/${projectId}/wells?${query}`;
}
