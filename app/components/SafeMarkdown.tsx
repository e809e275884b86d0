import Markdown, { defaultUrlTransform } from 'react-markdown';

/**
 * The elements an operator's Markdown may produce: text structure and links, nothing that runs,
 * embeds or styles. Anything else is dropped with its content kept as text (`unwrapDisallowed`).
 */
const ALLOWED_ELEMENTS = ['p', 'br', 'strong', 'em', 'del', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'a', 'hr', 'code', 'pre'];

/** Only web, mail and phone links; `defaultUrlTransform` already empties `javascript:` and the like. */
function safeUrl(url: string): string {
  const cleaned = defaultUrlTransform(url);
  return /^(https?:|mailto:|tel:|\/|#)/i.test(cleaned) ? cleaned : '';
}

/**
 * Renders an operator's Markdown (custom pages) as React elements — never as an HTML string.
 * Raw HTML in the source is skipped (`skipHtml`), so no markup an operator types reaches a
 * member; the console's preview uses this same component, so what the operator sees is what
 * members get.
 */
export function SafeMarkdown({ source }: { source: string }) {
  return (
    <div className="safe-markdown">
      <Markdown
        skipHtml
        allowedElements={ALLOWED_ELEMENTS}
        unwrapDisallowed
        urlTransform={safeUrl}
        components={{
          a: ({ href, children }) => (
            <a href={href} rel="nofollow noopener noreferrer">
              {children}
            </a>
          ),
        }}
      >
        {source}
      </Markdown>
    </div>
  );
}
