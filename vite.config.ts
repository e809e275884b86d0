import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Plugin } from 'vite';
import { precompressAssets } from './scripts/vite/precompress-assets';
import { unusedCss } from './scripts/vite/unused-css';

/** Where zod 4 creates the configuration object every schema reads when it is built. */
const CONFIG_LINE = /\(_a\.__zod_globalConfig = \{\}\)/;

/**
 * The browser bundle's zod starts `jitless` (issue 20). Building an object schema otherwise probes
 * `new Function('')` to choose its compiled fast path; the pages' CSP has no `unsafe-eval`, so
 * the probe fails and the browser files a CSP violation report — on every page, since schema
 * modules are in the page shell — which costs Lighthouse's best-practices score. Calling
 * `z.config({ jitless: true })` first would depend on module evaluation order across chunks;
 * setting the default where zod creates its configuration does not. The server keeps the fast path.
 * A zod release that moves that line fails the build here instead of bringing the probe back.
 */
function zodJitlessInBrowser(): Plugin {
  return {
    name: 'rendezvous:zod-jitless-in-browser',
    apply: 'build',
    transform(code, id) {
      if (this.environment.name !== 'client' || !/[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!CONFIG_LINE.test(code)) this.error(`zod's global configuration line changed (${id}): update zodJitlessInBrowser in vite.config.ts`);
      return { code: code.replace(CONFIG_LINE, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}

const browserChunks = {
  groups: [
    {
      name: 'framework',
      priority: 2,
      test: /node_modules[\\/](react|react-dom|scheduler|react-router|@react-router|i18next|react-i18next|html-parse-stringify|void-elements|cookie|set-cookie-parser|zustand|use-sync-external-store)[\\/]/,
    },
    {
      name: 'shell',
      priority: 1,
      test: /[\\/]app[\\/](root\.tsx|lib[\\/](api-client|tracking|chunk-reload|use-installed-app|use-api-action|media|i18n|analytics-loader|consent|dismissals|language|region-names|use-country-name|use-regions|site-settings)\.ts|state[\\/](counters|toasts|signup-modal|time-bonus)\.ts|components[\\/](layout[\\/](Footer|TabBar|NavIcon|nav-sections|TopNav|BackButton|SiteEntryWarning|MenuOnDemand|LanguageMenu|LanguageToggleLabel|AccountMenu|MemberMenuToggleLabel|ConnectionIndicator|PageProgressBar|DemoPaymentsBanner|ErrorPage)|ui[\\/]links|feedback[\\/](Skeleton|ToastHost)|consent[\\/]\w+|account[\\/](ResendActivation|MailStoppedNotice|MemberAlerts|ActivationReminder|signup[\\/]SignupModalOnDemand)|payment[\\/](TimeBonus|WelcomeDiscountBanner)|profile[\\/](ProfileCard|FictionalBadge|OnlineDot))\.tsx)$/,
    },
    {
      // The "did you mean" hint and the address rule it checks with: shared by the sign-up and the
      // e-mail change, so one chunk rather than three on a visitor's landing page.
      name: 'email-hint',
      priority: 1,
      test: /([\\/]app[\\/]components[\\/]ui[\\/]EmailSuggestion\.tsx|[\\/]contract[\\/](email-address-rule|email-suggestion)\.ts)$/,
    },
  ],
};

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [reactRouter(), zodJitlessInBrowser(), precompressAssets()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  css: {
    // Built stylesheets keep only the rules the app can use (issue 19); the dev server keeps all.
    ...(command === 'build' && { postcss: { plugins: [unusedCss()] } }),
    preprocessorOptions: {
      // Bootstrap 5.3 still uses @import and global functions; silence only those notices.
      scss: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'] },
    },
  },
  build: {
    assetsInlineLimit: 0,
    ...(!isSsrBuild && { rolldownOptions: { output: { codeSplitting: browserChunks } } }),
  },
  server: { hmr: { port: 24678 } },
}));
