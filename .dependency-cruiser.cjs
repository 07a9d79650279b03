// The layers of src/, bottom first (docs/architecture.md, "Layers", draws them). A folder
// imports only folders of lower layers; within a layer only where `siblings` says so. The files
// directly in src/ (main.ts, app.module.ts, cli.ts) wire everything and sit above them all.
// The service's code never imports the developer tools, benchmarks or tests (tools/, bench/,
// test/): they are not in the image, and a catalog generator has no place in the service; its
// own tests may use them. `npm run lint` runs this check; `npm run -s deps` runs it alone.
const path = require('node:path');

const LAYERS = [
  { name: 'vocabulary', folders: ['names', 'taxonomy'] },
  { name: 'config', folders: ['config'] },
  {
    name: 'infrastructure',
    folders: [
      'backup',
      'common',
      'curation',
      'database',
      'feeds',
      'metrics',
      'publication',
      'usage',
    ],
    siblings: true,
  },
  { name: 'domain', folders: ['auth', 'quota', 'synthesis'] },
  { name: 'features', folders: ['lookup', 'catalog'] },
  { name: 'entry points', folders: ['mcp', 'dashboard', 'health', 'offers'] },
];

const folders = (list) => `^src/(${list.join('|')})/`;
const KNOWN = folders(LAYERS.flatMap((l) => l.folders));

const layerRules = LAYERS.flatMap((layer, i) => {
  const above = LAYERS.slice(i + 1).flatMap((l) => l.folders);
  return layer.folders.map((folder) => {
    const siblings = layer.siblings ? [] : layer.folders.filter((f) => f !== folder);
    const forbidden = [...above, ...siblings];
    return {
      name: `layer-${folder}`,
      comment: `src/${folder}/ (${layer.name}) imports only lower layers: not ${forbidden.join(', ')}`,
      severity: 'error',
      from: { path: `^src/${folder}/` },
      to: { path: folders(forbidden) },
    };
  });
}).filter((rule) => rule.to.path !== '^src/()/');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-circular',
      comment: 'Modules do not import each other, directly or around a loop.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'not-to-app',
      comment: 'Only the files directly in src/ (bootstrap and wiring) may import them.',
      severity: 'error',
      from: { path: '^src/[^/]+/' },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'no-unlayered-folder',
      comment: 'Every folder of src/ has a layer: a new one is added to LAYERS above.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^src/[^/]+/', pathNot: KNOWN },
    },
    {
      name: 'no-unlayered-importer',
      comment: 'Every folder of src/ has a layer: a new one is added to LAYERS above.',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: KNOWN },
      to: { path: '^src/' },
    },
    {
      name: 'not-to-dev-code',
      comment: 'The service does not import tools/, bench/ or test/ (its tests may).',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.(spec|fixtures)\\.ts$' },
      to: { path: '^(tools|bench|test)/' },
    },
    {
      name: 'not-unresolvable',
      comment: 'An import the check cannot resolve would escape it.',
      severity: 'error',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    includeOnly: '^(src|tools|bench|test)/',
    exclude: { path: '^src/database/generated/' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: path.join(path.dirname(__filename), 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
