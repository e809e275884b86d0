/**
 * The named members of the services only: a route plugin is registered with the slice it uses,
 * never the whole bag (Fastify hands a plugin whatever object it was registered with).
 */
export function pick<T extends object, K extends keyof T>(services: T, ...keys: K[]): Pick<T, K> {
  const slice = {} as Pick<T, K>;
  for (const key of keys) slice[key] = services[key];
  return slice;
}
