import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FIELD_RULES,
  emptyQuerySchema,
  fromStored,
  projectLatestProductionSchema,
  type UnitSystem,
  type WellLatestProduction,
} from '#shared/api/index.js';
import {
  CHANGE_DAYS,
  SCREENING_WINDOW_DAYS,
  SPARKLINE_DAYS,
  screeningFigures,
  type ScreeningFigures,
} from '#shared/production/screening.js';
import { addDays } from '#shared/dates/iso-day.js';
import { errorResponses } from '../openapi/responses.js';
import type { WellRecentRates } from '../store/production-latest-repo.js';
import type { RouteDeps } from './deps.js';
import { loadedProjectAccess } from './route-contract.js';

const projectParams = z.object({ projectId: z.string() });

/**
 * The latest-production summary extension (docs/api-decisions.md, "Extensions"):
 * `GET /api/v1/projects/{projectId}/production/latest`, every well's screening
 * figures (shared/production/screening.ts) in one request.
 */
export const productionLatestRoute: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  app.get(
    '/api/v1/projects/:projectId/production/latest',
    {
      config: { scope: 'read:production', load: 'projectAccess' },
      schema: {
        summary: "Every well's latest production, 30-day change and 90 days of rates (extension)",
        params: projectParams,
        querystring: emptyQuerySchema,
        response: { 200: projectLatestProductionSchema, ...errorResponses() },
      },
    },
    async (request) => {
      const project = loadedProjectAccess(request);
      const wells = await deps.production.recentRates(project.id, SCREENING_WINDOW_DAYS);
      return {
        projectId: project.id,
        generatedAt: deps.now().toISOString(),
        windowDays: SCREENING_WINDOW_DAYS,
        changeDays: CHANGE_DAYS,
        sparklineDays: SPARKLINE_DAYS,
        data: wells.map((well) => wellLatest(well, project.unitSystem)),
      };
    },
  );
};

function wellLatest(well: WellRecentRates, system: UnitSystem): WellLatestProduction {
  const figures = screeningFigures({
    dates: well.rows.map((row) => row[0]),
    rates: {
      oil: well.rows.map((row) => row[1]),
      gas: well.rows.map((row) => row[2]),
      water: well.rows.map((row) => row[3]),
    },
  });
  const oil = wire('oil_rate', system);
  const gas = wire('gas_rate', system);
  const water = wire('water_rate', system);
  const day = (date: string | null, rates: ScreeningFigures['latest']) =>
    date === null
      ? null
      : {
          date,
          oil_rate: oil(rates.oil),
          gas_rate: gas(rates.gas),
          water_rate: water(rates.water),
        };
  const last = figures.lastProductionDate;
  return {
    wellId: well.wellId,
    latest: day(last, figures.latest),
    previous: day(figures.previousDate, figures.previous),
    sparkline:
      last === null
        ? null
        : {
            from: addDays(last, -(SPARKLINE_DAYS - 1)),
            oil_rate: figures.sparkline.oil.map(oil),
            gas_rate: figures.sparkline.gas.map(gas),
            water_rate: figures.sparkline.water.map(water),
          },
  };
}

function wire(field: 'oil_rate' | 'gas_rate' | 'water_rate', system: UnitSystem) {
  const quantity = FIELD_RULES[field].quantity;
  return (stored: number | null) => (stored === null ? null : fromStored(quantity, stored, system));
}
