import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * A hook every request passes through but few concern (the member and staff rules, the page
 * caches' invalidation). The others go on through its callback at once: an `async` hook costs
 * every request a promise and a turn of the microtask queue even when it returns at its first
 * line, and a small call passes several (issue 36's `/healthz` and settings figures).
 * `run`'s rejection is the request's error, as a thrown error in an async hook would be.
 */
export function hookWhen(
  concerns: (request: FastifyRequest, reply: FastifyReply) => boolean,
  run: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
) {
  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (!concerns(request, reply)) return done();
    run(request, reply).then(() => done(), done);
  };
}
