import type { FastifyRequest } from 'fastify';
import { LOCALE_COOKIE, type Language } from '../../../contract/locales';
import { chooseConsoleLanguage, type BrowserLanguages } from '../../domain/staff/console-language';
import type { StaffRow } from '../../domain/staff/staff-sign-in.service';
import type { Translator } from '../../i18n/translator';

/** The request's language cookie and `Accept-Language`, for the console's choice of language. */
export function browserLanguagesOf(request: FastifyRequest): BrowserLanguages {
  return { cookie: request.cookies?.[LOCALE_COOKIE], acceptLanguage: request.headers['accept-language'] };
}

/**
 * The language the console speaks on this request (issue 32): the signed-in staff member's
 * own choice, else — on the sign-in and enrolment steps — the browser's; in either case English
 * when the console has no texts in it yet (`consoleTextLanguage`).
 */
export function consoleLanguageOf(request: FastifyRequest, translator: Translator, staff: StaffRow | null = request.staffMember): Language {
  return translator.consoleTextLanguage(staff?.consoleLanguage ?? chooseConsoleLanguage(browserLanguagesOf(request)));
}
