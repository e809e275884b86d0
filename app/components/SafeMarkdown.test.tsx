import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './SafeMarkdown';

const render = (source: string) => renderToStaticMarkup(<SafeMarkdown source={source} />);

describe('an operator’s Markdown on a member page', () => {
  it('keeps headings, emphasis, lists and web links', () => {
    expect(render('## Prices\n\n**All** prices *include* VAT.\n\n- one\n- two\n\n[Help](https://help.example/faq)')).toBe(
      '<div class="safe-markdown"><h2>Prices</h2>\n<p><strong>All</strong> prices <em>include</em> VAT.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n<p><a href="https://help.example/faq" rel="nofollow noopener noreferrer">Help</a></p></div>',
    );
  });

  it('lets no raw HTML, script, image or javascript: link through', () => {
    const html = render(
      '<script>alert(1)</script>\n\nHi <b onclick="x()">there</b> <img src=x onerror=alert(1)>\n\n![pic](https://evil.example/x.png)\n\n[click](javascript:alert(1)) [data](data:text/html,hi)',
    );
    expect(html).not.toMatch(/<script|<b|<img|onerror|onclick|javascript:|data:text/);
    expect(html).toContain('Hi');
    expect(html).toContain('there');
  });
});
