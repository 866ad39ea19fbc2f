// Builds a workspace package into dist/ as the package other teams install (REQ-product-library): ESM JavaScript one file per
// source module (so a host's bundler drops what it does not import), .d.ts beside it, plain CSS, and a generated
// package.json. The workspace package.json keeps pointing at src/, so the monorepo's own apps, tests and
// `node --import tsx` never need a build; only `npm pack` in dist/ publishes. Used by @sentinel/domain and
// @sentinel/ui (scripts/buildLib.mjs in each); it lives here, in the lowest layer, so ui may use it.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const require = createRequire(import.meta.url);

/** Every file under `dir`, as absolute paths. */
export function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The package a bare specifier names: `react/jsx-runtime` -> `react`, `@scope/a/b` -> `@scope/a`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const isBare = (specifier) =>
  !specifier.startsWith('.') && !specifier.startsWith('/') && !specifier.startsWith('node:');

/** Import and export specifiers of a JavaScript or declaration file: static, dynamic and `import('x')` types. */
export function specifiersOf(code) {
  const found = new Set();
  const patterns = [
    /\b(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const match of code.matchAll(pattern)) found.add(match[1]);
  return [...found];
}

/**
 * tsc writes declarations with the specifiers of the sources (`./Button/Button`), which only bundler resolution
 * accepts; Node's ESM resolution (moduleResolution node16/nodenext in a host) needs the file: `./Button/Button.js`
 * or `./fga/index.js`. Every relative specifier must name a declaration that exists, else the build fails.
 */
function addExtensions(dist) {
  const declarations = filesUnder(dist).filter((file) => file.endsWith('.d.ts'));
  for (const file of declarations) {
    const code = readFileSync(file, 'utf8');
    const fixed = code.replace(
      // `..` alone too: tsc names a type of the package's own index that way (`import("..").IconComponent`).
      /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}(?:\/[^'"]*)?)\2/g,
      (whole, lead, quote, specifier) => {
        if (specifier.endsWith('.js')) return whole;
        const base = resolve(dirname(file), specifier);
        if (existsSync(`${base}.d.ts`)) return `${lead}${quote}${specifier}.js${quote}`;
        const index = `${specifier.replace(/\/$/, '')}/index.js`;
        if (existsSync(join(base, 'index.d.ts'))) return `${lead}${quote}${index}${quote}`;
        throw new Error(`${relative(dist, file)}: no declaration for ${specifier}`);
      },
    );
    if (fixed !== code) writeFileSync(file, fixed);
  }
}

/** What `files` publishes: the kinds of build output there are, and the documents; nothing else of dist. */
function filesGlobs(dist) {
  const names = filesUnder(dist).map((file) => relative(dist, file));
  const kinds = ['**/*.js', '**/*.d.ts', '*.css'].filter((glob) => {
    const ending = glob.slice(glob.lastIndexOf('*') + 1);
    return names.some((name) => name.endsWith(ending));
  });
  const documents = ['README.md', 'CHANGELOG.md', 'LICENSE'].filter((name) => names.includes(name));
  return [...kinds, ...documents];
}

/** The package.json of a dependency as installed for the package at `root`. */
function manifestOf(name, root) {
  let dir = dirname(require.resolve(name, { paths: [root] }));
  while (
    !existsSync(join(dir, 'package.json')) ||
    JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== name
  ) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json for ${name}`);
    dir = up;
  }
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
}

/** `1.2.3` -> `^1.2.3`; a range is kept as it is. */
const caret = (version) => (/^\d/.test(version) ? `^${version}` : version);

/** The modules an entry loads before it runs (static imports inside dist), itself included. */
function staticClosure(entryFile) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const statics = [
      ...code.matchAll(
        /\b(?:import|export)\s[^'";]*?\sfrom\s*['"](\.[^'"]+)['"]|\bimport\s*['"](\.[^'"]+)['"]/g,
      ),
    ];
    for (const match of statics) visit(resolve(dirname(file), match[1] ?? match[2]));
  };
  visit(entryFile);
  return [...seen];
}

const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** Raw and gzip bytes of files taken together, as one request of them would be. */
export function sizeOf(files) {
  const joined = Buffer.concat(files.map((file) => readFileSync(file)));
  return { raw: joined.length, gzip: gzipSync(joined, { level: 9 }).length };
}

/**
 * @param {object} options
 * @param {string} options.root the package folder
 * @param {Record<string, string>} options.entries export path -> source file relative to src, without extension
 *   ({ '.': 'index', './contract': 'contract/index' })
 * @param {import('vite').PluginOption[]} [options.plugins]
 * @param {Record<string, string>} [options.css] export path -> CSS file name in dist ({ './styles.css': 'styles.css' })
 * @param {Record<string, {file: string, entry: string}>} [options.cssOf] export path -> a stylesheet of only what
 *   one entry's modules style ({ './theme.css': { file: 'theme.css', entry: 'theme/index' } })
 * @param {Record<string, string>} [options.peerDependencies] name -> range; taken out of dependencies
 * @param {string[]} [options.clientEntries] entries (source names) that start with `'use client'`: React Server
 *   Components frameworks (Next.js App Router) then treat what a server component imports from them as client
 *   components, so a host can render ours from a server page without a wrapper file of its own
 */
export async function buildLibrary({
  root,
  entries,
  plugins = [],
  css = {},
  cssOf = {},
  peerDependencies = {},
  clientEntries = [],
}) {
  const source = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dist = join(root, 'dist');
  const src = join(root, 'src');
  const started = performance.now();
  rmSync(dist, { recursive: true, force: true });

  const runtime = { ...source.dependencies, ...source.peerDependencies };
  const external = (id) => Object.keys(runtime).some((name) => id === name || id.startsWith(`${name}/`));
  if (Object.keys(css).length > 1) throw new Error('One CSS file per build: cssCodeSplit is off.');
  const cssFiles = [...Object.values(css), ...Object.values(cssOf).map(({ file }) => file)];

  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    plugins,
    build: {
      outDir: dist,
      emptyOutDir: true,
      // Hosts minify when they bundle; unminified modules keep their stack traces and diffs readable. The sizes
      // printed below are of these files; what a screen costs a host after minifying is ui's scripts/sizes.mjs.
      minify: false,
      cssCodeSplit: false,
      lib: {
        entry: Object.fromEntries(Object.values(entries).map((name) => [name, join(src, `${name}.ts`)])),
        formats: ['es'],
        ...(Object.values(css)[0] ? { cssFileName: Object.values(css)[0].replace(/\.css$/, '') } : {}),
      },
      rolldownOptions: {
        external,
        output: {
          preserveModules: true,
          preserveModulesRoot: src,
          entryFileNames: '[name].js',
        },
      },
    },
  });
  // The CSS of one entry alone: the same plugins over that entry only, keeping just its stylesheet. Class and
  // variable names are hashes of the source files, so they match the ones the full build wrote.
  for (const { file, entry } of Object.values(cssOf)) {
    const outDir = join(root, '.cache', 'css-of', entry);
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins,
      build: {
        outDir,
        emptyOutDir: true,
        minify: false,
        cssCodeSplit: false,
        lib: { entry: join(src, `${entry}.ts`), formats: ['es'], cssFileName: 'entry' },
        rolldownOptions: { external },
      },
    });
    copyFileSync(join(outDir, 'entry.css'), join(dist, file));
  }
  const jsMs = performance.now() - started;

  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  addExtensions(dist);
  // After the build: Rolldown drops module-level directives from what it bundles.
  for (const name of clientEntries) {
    const file = join(dist, `${name}.js`);
    writeFileSync(file, `'use client';\n${readFileSync(file, 'utf8')}`);
  }
  const totalMs = performance.now() - started;

  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) {
    if (existsSync(join(root, file))) copyFileSync(join(root, file), join(dist, file));
  }

  // Dependencies: exactly the packages the built files name (JavaScript and declarations), with ranges.
  const used = new Set(
    filesUnder(dist)
      .filter((file) => /\.(js|d\.ts)$/.test(file))
      .flatMap((file) => specifiersOf(readFileSync(file, 'utf8')))
      .filter(isBare)
      .map(packageOf),
  );
  const dependencies = Object.fromEntries(
    Object.entries(source.dependencies ?? {})
      .filter(([name]) => used.has(name) && !(name in peerDependencies))
      .map(([name, version]) => [name, caret(version)]),
  );
  // tsc may write a type of a dependency's own dependency into a declaration (`import("@tanstack/virtual-core")`
  // for a type @tanstack/react-virtual re-exports). A strict installer (pnpm) does not let us see that package
  // unless we declare it, so it is declared with the range our dependency asks for.
  for (const name of used) {
    if (name in runtime || name in peerDependencies) continue;
    const range = Object.keys(dependencies)
      .map((direct) => manifestOf(direct, root).dependencies?.[name])
      .find(Boolean);
    if (!range) throw new Error(`dist imports ${name}, which ${source.name} does not depend on`);
    console.log(`${source.name}: declarations name ${name} (through a dependency): declared as ${range}`);
    dependencies[name] = range;
  }

  const exportsMap = {};
  for (const [path, name] of Object.entries(entries)) {
    exportsMap[path] = { types: `./${name}.d.ts`, import: `./${name}.js` };
  }
  for (const [path, file] of Object.entries(css)) exportsMap[path] = `./${file}`;
  for (const [path, { file }] of Object.entries(cssOf)) exportsMap[path] = `./${file}`;
  exportsMap['./package.json'] = './package.json';

  const manifest = {
    name: source.name,
    version: source.version,
    description: source.description,
    ...(source.license ? { license: source.license } : {}),
    type: 'module',
    sideEffects: cssFiles.length ? ['*.css'] : false,
    exports: exportsMap,
    files: filesGlobs(dist),
    ...(Object.keys(dependencies).length ? { dependencies } : {}),
    ...(Object.keys(peerDependencies).length ? { peerDependencies } : {}),
    engines: { node: '>=20.19' },
  };
  writeFileSync(join(dist, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const sizes = Object.entries(entries).map(([path, name]) => ({
    entry: `${source.name}${path === '.' ? '' : path.slice(1)}`,
    ...sizeOf(staticClosure(join(dist, `${name}.js`))),
  }));
  for (const [path, file] of [
    ...Object.entries(css),
    ...Object.entries(cssOf).map(([p, { file }]) => [p, file]),
  ]) {
    sizes.push({ entry: `${source.name}${path.slice(1)}`, ...sizeOf([join(dist, file)]) });
  }
  console.log(
    `${source.name}: built in ${(totalMs / 1000).toFixed(1)} s (JavaScript ${(jsMs / 1000).toFixed(1)} s)`,
  );
  console.log('entry | raw | gzip (the entry and the modules it imports statically)');
  for (const size of sizes) console.log(`${size.entry} | ${kB(size.raw)} | ${kB(size.gzip)}`);
  const all = filesUnder(dist);
  console.log(`dist: ${all.length} files, ${kB(all.reduce((n, file) => n + statSync(file).size, 0))}`);
  return { dist, manifest, sizes, ms: totalMs };
}
