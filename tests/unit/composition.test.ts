import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The composition rules of ARCHITECTURE.md ("Composition and checks"): services are composed per
 * area in small functions, and `Services` exposes area services only, never repositories.
 */
const root = path.resolve(__dirname, '../..');
const MAX_FUNCTION_LINES = 80;

function compositionFiles(): string[] {
  const dir = path.join(root, 'server/composition');
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  return [path.join(root, 'server/services.ts'), ...files.map((file) => path.join(dir, file))];
}

/** Every function, arrow function and method in a file, with how many lines it spans. */
function functionLengths(file: string): Array<{ name: string; lines: number }> {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ name: string; lines: number }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : `(anonymous at line ${first + 1})`;
      found.push({ name: `${path.relative(root, file)}: ${name}`, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The members of `Services` whose type is a repository: named `…Repository`, or declared in server/db/repositories. */
function repositoryMembersOfServices(): string[] {
  const configFile = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, root);
  const servicesFile = path.join(root, 'server/services.ts');
  const program = ts.createProgram([servicesFile], { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(servicesFile)!;
  const alias = source.statements.find(
    (statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === 'Services',
  );
  if (!alias) throw new Error('server/services.ts declares no Services type');
  const services = checker.getTypeAtLocation(alias.name);
  const repositories = path.join(root, 'server/db/repositories') + path.sep;
  return services.getProperties().flatMap((member) => {
    const type = checker.getTypeOfSymbol(member);
    const names = [type.aliasSymbol?.name, type.getSymbol()?.name, checker.typeToString(type)].filter((name): name is string => !!name);
    const declarations = [...(type.aliasSymbol?.declarations ?? []), ...(type.getSymbol()?.declarations ?? [])];
    const isRepository =
      names.some((name) => /Repository\b/.test(name)) ||
      declarations.some((declaration) => path.resolve(declaration.getSourceFile().fileName).startsWith(repositories));
    return isRepository ? [member.name] : [];
  });
}

describe('composition', () => {
  it(`keeps every function in server/services.ts and server/composition under ${MAX_FUNCTION_LINES} lines`, () => {
    const lengths = compositionFiles().flatMap(functionLengths);
    expect(lengths.length).toBeGreaterThan(10);
    expect(lengths.filter((entry) => entry.lines > MAX_FUNCTION_LINES)).toEqual([]);
  });

  it('exposes no repository in Services', { timeout: 180_000 }, () => {
    expect(repositoryMembersOfServices()).toEqual([]);
  });
});
