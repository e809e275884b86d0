import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { hasDeferredData } from './lib/deferred-data';
import { collectPiped } from './lib/whole-document';
import { withMatchedRoutesOnly } from './lib/matched-routes';
import { DocumentOnlyProvider } from './lib/document-only';
import { CatalogueProvider } from './lib/i18n';
import { NonceProvider } from './lib/nonce';
import { ServerSettingsProvider } from './lib/site-settings';
import { pageSettingsOf } from '../contract/page-settings';

export const streamTimeout = 5_000;

export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const nonce = loadContext.nonce;
  // Crawlers, the SPA-less and the anonymous page cache (which keeps the whole document anyway)
  // get the whole document at once; browsers get it streamed when part of it is still on its way.
  const waitForAll =
    !!loadContext.renderWhole ||
    isbot(request.headers.get('user-agent') ?? '') ||
    routerContext.isSpaMode ||
    !hasDeferredData(routerContext.staticHandlerContext.loaderData);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        {/* Pages render their texts from the server's catalogues; the browser loads them as files (issue 20). */}
        <CatalogueProvider value={loadContext.getMessages}>
          {/* Long texts a page shows once, as HTML, and leaves out of its loader data (issue 20). */}
          <DocumentOnlyProvider value={loadContext.documentOnly}>
            {/* The settings the browser gets from the site's settings file and the page's data (ADR 0049). */}
            <ServerSettingsProvider value={pageSettingsOf(loadContext.settings)}>
              <ServerRouter context={withMatchedRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
            </ServerSettingsProvider>
          </DocumentOnlyProvider>
        </CatalogueProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          headers.set('Content-Type', 'text/html; charset=utf-8');
          if (waitForAll) {
            // All of it is ready: one buffer with its length, which the server sends in one write.
            const whole = status;
            collectPiped(pipe).then((body) => {
              headers.set('Content-Length', String(body.byteLength));
              const sink = loadContext.wholeDocument;
              if (sink) {
                sink.body = body;
                resolve(new Response(null, { headers, status: whole }));
              } else {
                // React's chunks are ordinary (not shared) memory.
                resolve(new Response(body as Uint8Array<ArrayBuffer>, { headers, status: whole }));
              }
            }, reject);
            return;
          }
          const body = new PassThrough();
          resolve(new Response(createReadableStreamFromReadable(body) as never, { headers, status }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors after the shell are reported by React itself into the stream.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1_000);
  });
}
