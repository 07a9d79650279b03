// ts-jest, and one line more at the top of each compiled file: the built-in objects it uses,
// read once from the global object into constants of the module.
//
// Jest runs each test file's modules in a vm context of its own, whose global object Node
// contextifies: every read of a global (Math, Map, JSON...) goes through Node's interceptor and
// Jest's proxy instead of V8's inline caches, about a microsecond each, two hundred times a
// plain read. In a hot loop that adds up: bound, the catalog generator's unit test took about
// half the CPU time, and the gate on real product names an eighth less. A constant of the
// module is read as fast as in Node itself and holds the very object the global does (this
// context's own), so what the code does is unchanged. Only objects no test replaces are bound:
// not Date, the timers or `process`, which Jest's fake timers and the tests swap or stub.
// Packages under node_modules are not compiled, so not bound.
'use strict';
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { TsJestTransformer } = require('ts-jest');

const BUILT_INS = [
  'Array',
  'BigInt',
  'Boolean',
  'Buffer',
  'Error',
  'Intl',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'RangeError',
  'Reflect',
  'RegExp',
  'Set',
  'String',
  'Symbol',
  'TypeError',
  'WeakMap',
  'WeakSet',
];

/** Part of every cache key: compiled files are compiled again when this file changes. */
const VERSION = createHash('sha256').update(readFileSync(__filename)).digest('hex').slice(0, 16);

/**
 * Whether the compiled code may declare or import a binding of this name anywhere (a constant
 * beside it would then be a SyntaxError); such a name is left global in that file.
 */
function mayDeclare(code, name) {
  const declared = new RegExp(
    `\\b(?:const|let|var|function\\*?|class)\\s+${name}\\b` +
      `|\\b(?:const|let|var)\\s*[{[][^=]*\\b${name}\\b` +
      `|\\bimport\\b[^;]*\\b${name}\\b`,
  );
  return declared.test(code);
}

/**
 * The compiled code with the built-ins it reads bound first, on its first line (a shebang
 * aside), so that the source map's lines stay right.
 */
function withBuiltIns(code) {
  const names = BUILT_INS.filter(
    (name) => new RegExp(`\\b${name}\\b`).test(code) && !mayDeclare(code, name),
  );
  if (names.length === 0) return code;
  const line = `const { ${names.join(', ')} } = globalThis; `;
  const start = code.startsWith('#!') ? code.indexOf('\n') + 1 : 0;
  return code.slice(0, start) + line + code.slice(start);
}

module.exports = {
  createTransformer(options) {
    const ts = new TsJestTransformer(options);
    const bound = (result) => ({ ...result, code: withBuiltIns(result.code) });
    return {
      canInstrument: false,
      getCacheKey: (...args) => `${ts.getCacheKey(...args)}-${VERSION}`,
      getCacheKeyAsync: async (...args) => `${await ts.getCacheKeyAsync(...args)}-${VERSION}`,
      process: (...args) => bound(ts.process(...args)),
      processAsync: async (...args) => bound(await ts.processAsync(...args)),
    };
  },
};
