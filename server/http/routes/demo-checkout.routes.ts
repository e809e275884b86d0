import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { text } from '../../../contract/inputs';
import { PAYMENT_METHOD_NAMES, isPaymentMethod } from '../../../contract/payment-methods';
import { DEMO_DISPUTES, DEMO_OUTCOMES, type DemoPayment } from '../../adapters/payments/demo-provider';
import type { Translator } from '../../i18n/translator';
import type { Services } from '../../services';
import type { Language } from '../../../contract/locales';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const formatAmount = (amount: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: 'currency', currency }).format(amount / 100);

/** The demo provider's hosted checkout: plain HTML, as an outside provider's page would be. */
function checkoutPage(payment: DemoPayment, t: ReturnType<Translator['forLanguage']>, language: Language) {
  const method = isPaymentMethod(payment.method) ? PAYMENT_METHOD_NAMES[payment.method] : payment.method;
  const open = payment.status === 'open';
  // A paid payment can still be charged back or returned later, as at a real provider (issue 33).
  const disputable = payment.status === 'paid' && !payment.disputeKind;
  const disputes = DEMO_DISPUTES.map(
    (kind) => `<button type="submit" name="kind" value="${kind}" class="dispute">${escapeHtml(t(`demo_checkout.dispute_${kind}`))}</button>`,
  ).join('\n');
  const buttons = DEMO_OUTCOMES.map(
    (outcome) => `<button type="submit" name="outcome" value="${outcome}" class="${outcome}">${escapeHtml(t(`demo_checkout.outcome_${outcome}`))}</button>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('demo_checkout.title'))}</title>
<link rel="stylesheet" href="/demo-checkout.css">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<main>
<h1>${escapeHtml(t('demo_checkout.title'))}</h1>
<p class="note">${escapeHtml(t('demo_checkout.note'))}</p>
<dl>
<dt>${escapeHtml(t('demo_checkout.description'))}</dt><dd>${escapeHtml(payment.description)}</dd>
<dt>${escapeHtml(t('demo_checkout.amount'))}</dt><dd data-testid="demo-amount">${escapeHtml(formatAmount(payment.amount, payment.currency, language))}</dd>
<dt>${escapeHtml(t('demo_checkout.method'))}</dt><dd>${escapeHtml(method)}</dd>
</dl>
${
  open
    ? `<form method="post" action="/demo-checkout/${encodeURIComponent(payment.id)}">
<p>${escapeHtml(t('demo_checkout.choose'))}</p>
${buttons}
</form>`
    : `<p>${escapeHtml(t('demo_checkout.done'))}</p><p><a href="${escapeHtml(payment.returnUrl)}">${escapeHtml(t('demo_checkout.back'))}</a></p>`
}
${
  disputable
    ? `<form method="post" action="/demo-checkout/${encodeURIComponent(payment.id)}/dispute">
<p>${escapeHtml(t('demo_checkout.dispute_intro'))}</p>
${disputes}
</form>`
    : ''
}
</main>
</body>
</html>`;
}

export const demoCheckoutRoutes: FastifyPluginAsyncZod<Pick<Services, 'demoPayments' | 'translator'>> = async (app, { demoPayments, translator }) => {
  const params = z.object({ id: text().min(5).max(64) });
  // The checkout form posts like any plain HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get('/demo-checkout/:id', { schema: { hide: true, params } }, async (request, reply) => {
    const payment = await demoPayments.findPayment(request.params.id);
    if (!payment) return reply.status(404).type('text/plain').send('Unknown payment');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(checkoutPage(payment, translator.forLanguage(request.language), request.language));
  });

  app.post('/demo-checkout/:id', { schema: { hide: true, params, body: z.object({ outcome: z.enum(DEMO_OUTCOMES) }) } }, async (request, reply) => {
    const returnUrl = await demoPayments.choose(request.params.id, request.body.outcome);
    if (!returnUrl) return reply.status(404).type('text/plain').send('Unknown payment');
    return reply.redirect(returnUrl, 303);
  });

  // The payer's bank or card scheme takes a paid payment back; the site hears of it by webhook.
  app.post(
    '/demo-checkout/:id/dispute',
    {
      schema: {
        hide: true,
        params,
        body: z.object({
          kind: z.enum(DEMO_DISPUTES),
          reason_code: text()
            .max(32)
            .regex(/^[A-Za-z0-9]+$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const payment = await demoPayments.findPayment(request.params.id);
      if (!payment) return reply.status(404).type('text/plain').send('Unknown payment');
      if (!(await demoPayments.dispute(payment.id, request.body.kind, request.body.reason_code)))
        return reply.status(409).type('text/plain').send('Only a paid payment can be disputed, once');
      return reply.redirect(`/demo-checkout/${encodeURIComponent(payment.id)}`, 303);
    },
  );
};
