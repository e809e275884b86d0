// Which catalogue a locales script works on: `--catalogue admin` (the console's texts) or
// `--catalogue legal` (the legal pages), else the interface texts in `locales/`.
const CATALOGUES = { interface: 'locales', admin: 'locales/admin', legal: 'locales/legal' };

export function catalogueArgs(args) {
  const at = args.indexOf('--catalogue');
  if (at === -1) return { folder: CATALOGUES.interface, rest: args };
  const folder = CATALOGUES[args[at + 1]];
  if (!folder) throw new Error(`--catalogue is one of ${Object.keys(CATALOGUES).join(', ')}`);
  return { folder, rest: [...args.slice(0, at), ...args.slice(at + 2)] };
}
