import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The "never" rules of docs/architecture.md, checked on every import (`import type`, `export … from`,
 * `import('…')` in code and in type positions included) of every .ts/.tsx file under app/, server/
 * and contract/. Composition roots — server/main.ts, server/worker.ts, server/services.ts and the
 * compose files beside it, scripts/, tests/, bench/ — sit outside every rule and may import anything;
 * so does server/seed/, the demo data, which builds whole accounts through the domain (password
 * hashes, second factors) and writes them with the repositories.
 *
 * Test files obey the same rules as the code beside them, with one exception: a test under
 * server/http/ may import server/db/ to build its fixtures (seed rows, read back what a route
 * wrote); the code it tests may not.
 */

const root = path.resolve(__dirname, '../..');
const scannedFolders = ['app', 'server', 'contract'];

type Rule = {
  /** The files the rule constrains, as a path relative to the repository root. */
  from: (file: string) => boolean;
  /** The imports it forbids: a repository-relative path for local modules, the bare specifier otherwise. */
  forbids: (target: string) => boolean;
  /** Files under `from` that are let off, with the reason in the rule's name. */
  exempt?: (file: string) => boolean;
  name: string;
};

const under = (folder: string) => (file: string) => file === folder || file.startsWith(`${folder}/`);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const isFastify = (target: string) => target === 'fastify' || target.startsWith('fastify/') || target.startsWith('@fastify/') || target.startsWith('fastify-');

const rules: Rule[] = [
  { name: 'app/ never imports server/', from: under('app'), forbids: under('server') },
  { name: 'contract/ imports nothing from app/ or server/', from: under('contract'), forbids: (t) => under('app')(t) || under('server')(t) },
  {
    name: 'server/http/ never imports server/db/ (not even types); only its tests, for fixtures',
    from: under('server/http'),
    forbids: under('server/db'),
    exempt: isTest,
  },
  { name: 'server/domain/ never imports server/http/', from: under('server/domain'), forbids: under('server/http') },
  { name: 'server/domain/ never imports fastify', from: under('server/domain'), forbids: isFastify },
  { name: 'server/adapters/ never imports server/domain/', from: under('server/adapters'), forbids: under('server/domain') },
  { name: 'server/adapters/ never imports server/http/', from: under('server/adapters'), forbids: under('server/http') },
  { name: 'server/db/ never imports server/domain/', from: under('server/db'), forbids: under('server/domain') },
  { name: 'server/db/ never imports server/http/', from: under('server/db'), forbids: under('server/http') },
  { name: 'server/realtime/ never imports server/http/', from: under('server/realtime'), forbids: under('server/http') },
];

function listSources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) out.push(...listSources(relative));
    } else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(relative);
    }
  }
  return out;
}

/** Every module specifier a file names, whether the import is a value, a type or dynamic. */
function parseImports(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const specifiers: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      specifiers.push(node.moduleReference.expression.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      specifiers.push(node.argument.literal.text);
    } else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      const isDynamicImport = callee.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(callee) && callee.text === 'require';
      // vi.mock('…') and vi.importActual('…') name modules too.
      const isViModule =
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        callee.expression.text === 'vi' &&
        /^(mock|doMock|importActual|importMock)$/.test(callee.name.text);
      if (isDynamicImport || isRequire || isViModule) specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

const importsOf = (file: string) => parseImports(file, fs.readFileSync(path.join(root, file), 'utf8'));

/** A repository-relative path (no extension) for local modules; the bare specifier for packages. */
function resolveTarget(file: string, specifier: string): string {
  if (specifier.startsWith('~/')) return path.posix.join('app', specifier.slice(2));
  if (specifier.startsWith('.')) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  if (specifier.startsWith('/')) return path.posix.relative(root.split(path.sep).join('/'), specifier);
  return specifier;
}

function findViolations(files: string[], read: (file: string) => string[] = importsOf): string[] {
  const violations: string[] = [];
  for (const file of files) {
    for (const specifier of read(file)) {
      const target = resolveTarget(file, specifier);
      for (const rule of rules) {
        if (rule.from(file) && !rule.exempt?.(file) && rule.forbids(target)) violations.push(`${file} → ${specifier}   (${rule.name})`);
      }
    }
  }
  return violations;
}

describe('architecture boundaries', () => {
  const files = scannedFolders.flatMap(listSources);

  it('scans the whole code base', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('server/http/app.ts');
  });

  it('sees every kind of import, including types, re-exports and dynamic ones', () => {
    const fake = new Map<string, string[]>([
      ['app/routes/x.tsx', ['../../server/db/client']],
      ['contract/x.ts', ['~/lib/api-client']],
      ['server/http/x.ts', ['../db/schema/sites']],
      ['server/http/x.test.ts', ['../db/schema/sites']],
      ['server/domain/a/x.ts', ['fastify', '../../http/auth']],
      ['server/adapters/p/x.ts', ['../../domain/shared/app-error']],
      ['server/db/x.ts', ['../domain/accounts/password']],
      ['server/realtime/x.ts', ['../http/ws-send']],
      ['server/main.ts', ['./db/client', './http/app']],
    ]);
    const violations = findViolations([...fake.keys()], (file) => fake.get(file) ?? []);
    expect(violations.map((line) => line.split(' ')[0])).toEqual([
      'app/routes/x.tsx',
      'contract/x.ts',
      'server/http/x.ts',
      'server/domain/a/x.ts',
      'server/domain/a/x.ts',
      'server/adapters/p/x.ts',
      'server/db/x.ts',
      'server/realtime/x.ts',
    ]);
    const text =
      "import type { A } from './a';\nexport { b } from './b';\nexport * from './c';\nconst d = await import('./d');\ntype E = import('./e').E;\nvi.mock('./f');";
    expect(parseImports('probe.ts', text)).toEqual(['./a', './b', './c', './d', './e', './f']);
  });

  it('finds no import that breaks a "never" rule', () => {
    const violations = findViolations(files);
    expect(violations, `imports against the architecture's "never" rules:\n${violations.join('\n')}\n`).toEqual([]);
  });
});
