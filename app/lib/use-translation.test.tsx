import { spawnSync } from 'node:child_process';
import i18next, { type i18n } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { useTranslation, type Translation } from './use-translation';

function instanceOf(language: string, texts: Record<string, unknown>): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: false,
    resources: { [language]: { common: texts } },
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

const en = {
  greeting: 'Hello',
  welcome: 'Welcome, {{name}}',
  likes_one: '{{count}} like',
  likes_other: '{{count}} likes',
  nested: 'Say $t(greeting)',
};

/** Renders components that report what the hook gave them. */
function render(instance: i18n | null, ...readers: Array<(translation: Translation) => string>) {
  const seen: Translation[] = [];
  const Reader = ({ read }: { read: (translation: Translation) => string }) => {
    const translation = useTranslation();
    seen.push(translation);
    return <p>{read(translation)}</p>;
  };
  const tree = readers.map((read, index) => <Reader key={index} read={read} />);
  const html = renderToStaticMarkup(instance ? <I18nextProvider i18n={instance}>{tree}</I18nextProvider> : <>{tree}</>);
  return { html, seen };
}

describe('useTranslation', () => {
  it('translates as react-i18next does: plain keys, values, plurals, nesting and missing keys', () => {
    const { html } = render(
      instanceOf('en', en),
      ({ t }) => t('greeting'),
      ({ t }) => t('welcome', { name: 'Ada' }),
      ({ t }) => t('likes', { count: 1 }),
      ({ t }) => t('likes', { count: 3 }),
      ({ t }) => t('nested'),
      ({ t }) => t('missing.key'),
      ({ t }) => t('missing.other', 'A default'),
    );
    expect(html).toBe('<p>Hello</p><p>Welcome, Ada</p><p>1 like</p><p>3 likes</p><p>Say Hello</p><p>missing.key</p><p>A default</p>');
  });

  it('gives every component of every render in a language the same function, and the instance itself', () => {
    const instance = instanceOf('en', en);
    const first = render(
      instance,
      ({ t }) => t('greeting'),
      ({ t }) => t('greeting'),
    );
    const second = render(instance, ({ t }) => t('greeting'));
    const all = [...first.seen, ...second.seen];
    expect(new Set(all.map((translation) => translation.t)).size).toBe(1);
    expect(all.every((translation) => translation.i18n === instance && translation.ready)).toBe(true);
    expect(all[0]!.i18n.language).toBe('en');
  });

  it('keeps each language’s texts apart, a remembered text included', () => {
    const english = instanceOf('en', en);
    const german = instanceOf('de', { greeting: 'Hallo', welcome: 'Willkommen, {{name}}' });
    expect(render(english, ({ t }) => t('greeting')).html).toBe('<p>Hello</p>');
    expect(
      render(
        german,
        ({ t }) => t('greeting'),
        ({ t }) => t('welcome', { name: 'Ada' }),
      ).html,
    ).toBe('<p>Hallo</p><p>Willkommen, Ada</p>');
    expect(
      render(
        english,
        ({ t }) => t('greeting'),
        ({ i18n }) => i18n.language,
      ).html,
    ).toBe('<p>Hello</p><p>en</p>');
  });

  it('does not let a text with values stand in for the same key without them', () => {
    const { html } = render(
      instanceOf('en', en),
      ({ t }) => t('welcome', { name: 'Ada' }),
      ({ t }) => t('welcome'),
      ({ t }) => t('welcome', { name: 'Bo' }),
    );
    expect(html).toBe('<p>Welcome, Ada</p><p>Welcome, {{name}}</p><p>Welcome, Bo</p>');
  });

  it('remembers a text with plain values per key and values, apart from other values and types', () => {
    const instance = instanceOf('en', en);
    const calls: unknown[][] = [];
    const translate = instance.t.bind(instance);
    instance.t = ((...args: unknown[]) => {
      calls.push(args);
      return (translate as unknown as (...all: unknown[]) => unknown)(...args);
    }) as unknown as typeof instance.t;
    const { html } = render(
      instance,
      ({ t }) => t('likes', { count: 1 }),
      ({ t }) => t('likes', { count: 1 }),
      ({ t }) => t('likes', { count: 3 }),
      ({ t }) => t('likes', { count: '1' as unknown as number }),
      ({ t }) => t('welcome', { name: 'Ada' }),
      ({ t }) => t('welcome', { name: 'Ada' }),
    );
    // What i18next itself says for a count given as a string, whatever that is: not the memo's '1 like'.
    const asString = String(instanceOf('en', en).t('likes', { count: '1' as unknown as number }));
    expect(asString).not.toBe('1 like');
    expect(html).toBe(`<p>1 like</p><p>1 like</p><p>3 likes</p><p>${asString}</p><p>Welcome, Ada</p><p>Welcome, Ada</p>`);
    // The second `{ count: 1 }` and the second Ada came from the memo; the string '1' did not.
    expect(calls.map(([key, options]) => [key, options])).toEqual([
      ['likes', { count: 1 }],
      ['likes', { count: 3 }],
      ['likes', { count: '1' }],
      ['welcome', { name: 'Ada' }],
    ]);
  });

  it('lets no value spell another call’s key, and translates calls with other options every time', () => {
    const instance = instanceOf('en', { pair: '{{a}}|{{b}}', greeting: 'Hello' });
    const spelled = 'x\u0000b\u0000y';
    const { html } = render(
      instance,
      // Joined with bare separators, this call and the next would share a key.
      ({ t }) => t('pair', { a: spelled }),
      ({ t }) => t('pair', { a: 'x', b: 'y' }),
      ({ t }) => t('pair', { a: 'x', b: 'y', c: 'z' }),
      ({ t }) => String(t('pair', { a: 'x', b: 'y', c: { nested: true } } as never)),
      ({ t }) => String(t('greeting', { returnObjects: true })),
    );
    expect(html).toBe(`<p>${spelled}|{{b}}</p><p>x|y</p><p>x|y</p><p>x|y</p><p>Hello</p>`);
  });

  it('takes every component’s hook from this module, not react-i18next’s per-component one', () => {
    const pattern = "(\\{|,) *useTranslation *(,|\\}).*from 'react-i18next'";
    const found = spawnSync('git', ['grep', '--untracked', '-l', '-E', pattern, '--', 'app'], { encoding: 'utf8' });
    expect(found.status, found.stderr).toBe(1);
    expect(found.stdout).toBe('');
  });
});
