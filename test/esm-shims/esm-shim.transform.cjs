// Jest runs this suite in native ESM mode, where its module loader cannot require() an ES
// module on Node 20. Nest 12 ships ES modules only, so a CommonJS package that requires
// @nestjs/common (such as @nestjs/throttler) cannot load under Jest, though it loads under
// Node itself (require(esm), Node >= 20.19). Each shim file in this folder names such a
// package; this transform replaces the shim's text with the package's CommonJS files wrapped
// in one ES module: a tiny CommonJS registry for the package's own files, with every other
// require() served by a static import. Only the tests use it; production runs the package as is.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { createHash } = require('node:crypto');
const lexer = require('cjs-module-lexer');

lexer.initSync();

const SHIM = /esm-shim:\s*(\S+)/;

function packageOf(source) {
  const name = SHIM.exec(source)?.[1];
  if (!name) throw new Error('An ESM shim must name its package: // esm-shim: <package>');
  const manifest = require.resolve(`${name}/package.json`, { paths: [process.cwd()] });
  const main = require.resolve(name, { paths: [process.cwd()] });
  return { name, root: path.dirname(manifest), main };
}

/** Every file of the package reachable from its main file, and every outside dependency. */
function collect(main) {
  const files = new Map();
  const externals = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    const code = fs.readFileSync(file, 'utf8');
    files.set(file, code);
    for (const [, id] of code.matchAll(/\brequire\(["']([^"']+)["']\)/g)) {
      if (id.startsWith('.')) visit(require.resolve(path.resolve(path.dirname(file), id)));
      else externals.add(id);
    }
  };
  visit(main);
  return { files, externals: [...externals] };
}

/** The names the main file exports, following re-exports of the package's own files. */
function exportNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const { exports, reexports } = lexer.parse(fs.readFileSync(file, 'utf8'));
  const names = new Set(exports);
  for (const id of reexports) {
    if (!id.startsWith('.')) continue;
    const target = require.resolve(path.resolve(path.dirname(file), id));
    for (const name of exportNames(target, seen)) names.add(name);
  }
  names.delete('default');
  return [...names].filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
}

function bundle(pkg) {
  const { files, externals } = collect(pkg.main);
  const key = (file) => JSON.stringify(path.relative(pkg.root, file));
  const lines = externals.map((id, i) => `import * as __ext${i} from ${JSON.stringify(id)};`);
  lines.push(
    `const __externals = {${externals.map((id, i) => `${JSON.stringify(id)}: __ext${i}`).join(', ')}};`,
    'const __factories = {',
  );
  for (const [file, code] of files) {
    lines.push(`${key(file)}: function (exports, require, module, __filename, __dirname) {`);
    lines.push(code, '},');
  }
  lines.push(
    '};',
    `const __root = ${JSON.stringify(pkg.root)};`,
    'const __cache = {};',
    'function __load(file) {',
    '  if (__cache[file]) return __cache[file].exports;',
    '  const module = (__cache[file] = { exports: {} });',
    '  const dir = file.includes("/") ? file.slice(0, file.lastIndexOf("/")) : "";',
    '  const require = (id) => {',
    '    if (!id.startsWith(".")) return __externals[id];',
    '    const parts = (dir ? dir + "/" + id : id).split("/");',
    '    const out = [];',
    '    for (const part of parts) part === ".." ? out.pop() : part !== "." && out.push(part);',
    '    const base = out.join("/");',
    '    const target = [base, base + ".js", base + "/index.js"].find((f) => f in __factories);',
    '    return __load(target);',
    '  };',
    '  __factories[file].call(module.exports, module.exports, require, module, __root + "/" + file, __root + "/" + dir);',
    '  return module.exports;',
    '}',
    `const __main = __load(${key(pkg.main)});`,
    'export default __main;',
  );
  for (const name of exportNames(pkg.main)) lines.push(`export const ${name} = __main.${name};`);
  return lines.join('\n');
}

module.exports = {
  process(source) {
    return { code: bundle(packageOf(source)) };
  },
  getCacheKey(source) {
    const pkg = packageOf(source);
    const { version } = JSON.parse(fs.readFileSync(path.join(pkg.root, 'package.json'), 'utf8'));
    return createHash('sha256')
      .update(source)
      .update(version)
      .update(fs.readFileSync(__filename))
      .digest('hex');
  },
};
