import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../../../contract/errors';
import { GeocodeQuery, GeocodeResult } from '../../../contract/site';
import type { GeoService } from '../../adapters/geo/geo.port';
import { AppError } from '../../domain/shared/app-error';

/** Reverse geocoding from the browser's coordinates, offline (spec §7 geocode.php). */
export const geoRoutes: FastifyPluginAsyncZod<{ geo: GeoService }> = async (app, { geo }) => {
  app.get(
    '/api/geocode.php',
    {
      schema: {
        tags: ['site'],
        querystring: GeocodeQuery,
        response: { 200: GeocodeResult, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const place = geo.reverseGeocode(request.query.lat, request.query.lon);
      // No served country near these coordinates: the client stores `false` (spec §7).
      if (!place) throw new AppError('not_found', { detail: 'no city near the coordinates' });
      return place satisfies z.infer<typeof GeocodeResult>;
    },
  );
};
