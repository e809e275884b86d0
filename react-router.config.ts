import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  routeDiscovery: { mode: 'initial' },
  future: {
    // Loaders and actions get the request as it came (issue 36): React Router otherwise copied
    // it twice for every loader of every page (`new Request`, its abort signal re-wired each
    // time) to strip its own `.data`, `_routes` and `index` from the address. Routes read the
    // address from the `url` argument, which has them stripped (app/routes/loader-urls.test.ts).
    v8_passThroughRequests: true,
  },
} satisfies Config;
