// @ts-check
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, posix, relative, sep } from 'node:path';
import { LAYERS } from './layers.mjs';

/**
 * `flowline/layers`: the import arrows of LAYERS, written once by folder name. We check paths
 * ourselves rather than use eslint-plugin-boundaries: every import here is a relative path or a
 * subpath name of package.json "imports", so where it lands is plain path arithmetic, and no
 * import resolver (and its TypeScript plugin) has to be installed and configured to agree
 * with tsc. It also refuses a relative import that climbs more than two folders: past that,
 * the subpath name (#shared/…, #core/…) says where it goes.
 */
const CITE = '(docs/architecture.md, "Imports")';
const MAX_CLIMBS = 2;
const ROOT = join(import.meta.dirname, '..', '..');
/** package.json "imports": '#shared/' → 'shared/'. */
const NAMES = Object.entries(
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports ?? {},
).map(([name, target]) => [
  name.replace(/\*$/, ''),
  String(target).replace(/^\.\//, '').replace(/\*$/, ''),
]);
const NODE_BUILTINS = new Set(builtinModules.filter((name) => !name.startsWith('_')));
/** Packages that need Node or a native binary, so cannot run in shared/ or the browser page. */
const NODE_ONLY_PACKAGES = ['electron', 'better-sqlite3', 'fastify', 'csv-parse', 'pg'];
/** Longest folder first, so electron/core-process is not taken for electron/core. */
const BY_DEPTH = [...LAYERS].sort((a, b) => b.folder.length - a.folder.length);

/** @param {string} file a path from the repository root, with forward slashes */
const layerOf = (file) => BY_DEPTH.find((layer) => file.startsWith(`${layer.folder}/`));
const packageOf = (source) =>
  source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];

/** Where `source` lands, from the repository root; null for a package. */
function target(file, source) {
  if (source.startsWith('.')) return posix.normalize(posix.join(posix.dirname(file), source));
  const named = NAMES.find(([name]) => source.startsWith(name));
  return named ? named[1] + source.slice(named[0].length) : null;
}

/** What `source` may not be for `layer`, in words; null when it may. */
function refusal(layer, file, source) {
  if (source.startsWith('.')) {
    const climbs = source.split('/').filter((part) => part === '..').length;
    if (climbs > MAX_CLIMBS)
      return `climbs ${climbs} folders: import it by its subpath name (#shared/…, #core/…; package.json "imports") ${CITE}.`;
  }
  if (layer.may === '*') return null;
  const why = (what) => `${layer.folder}/ may not import ${what}: ${layer.says} ${CITE}.`;
  const path = target(file, source);
  if (path === null) {
    const name = source.replace(/^node:/, '');
    if (layer.nodeOnly && (source.startsWith('node:') || NODE_BUILTINS.has(name.split('/')[0])))
      return why(`the Node built-in '${source}'`);
    const pkg = packageOf(source);
    if (layer.nodeOnly && NODE_ONLY_PACKAGES.includes(pkg)) return why(`'${pkg}'`);
    if (layer.noElectron && pkg === 'electron') return why("'electron'");
    return null;
  }
  const to = layerOf(path);
  if (!to || to === layer || layer.may.includes(to.folder)) return null;
  return why(`from ${to.folder}/`);
}

/** Tests and their helpers run the real server on loopback, so, like e2e/, import anything. */
const isTest = (file) => /\.test\.tsx?$/.test(file) || file.split('/').includes('testing');

/** @type {import('eslint').Rule.RuleModule} */
const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layers of docs/architecture.md' },
    schema: [],
  },
  create(context) {
    const file = relative(ROOT, context.filename).split(sep).join('/');
    const own = layerOf(file);
    if (!own) return {};
    // A test keeps only the climbing rule.
    const layer = isTest(file) ? { ...own, may: /** @type {'*'} */ ('*') } : own;
    /** @param {any} node */
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const message = refusal(layer, file, source.value);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const layersPlugin = { rules: { layers: layersRule } };
