import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { AssetHashType, DockerImage, type ILocalBundling } from 'aws-cdk-lib';
import { Code } from 'aws-cdk-lib/aws-lambda';
import { type BuildOptions, buildSync } from 'esbuild';

/**
 * esbuild settings of every function: ESM for the Node 22 runtime (plain JavaScript, the same on ARM64),
 * minified, with a linked source map (the functions run with `--enable-source-maps`) that names the
 * sources without embedding them. The AWS SDK v3 is left out: the runtime ships it, and bundling it would
 * only add cold-start weight. The same settings as the former per-function NodejsFunction bundling, whose
 * output they reproduce byte for byte.
 */
export const ESBUILD_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  mainFields: ['module', 'main'],
  minify: true,
  sourcemap: 'linked',
  sourcesContent: false,
  external: ['@aws-sdk/*'],
  outExtension: { '.js': '.mjs' },
  // Some bundled dependencies are CommonJS and call require(); ESM output has no require of its own.
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
} satisfies BuildOptions;

/** The file a function's runtime loads (`index.handler`). */
export const BUNDLE_FILE = 'index.mjs';

/**
 * Bundles the app's Lambda entry points with the esbuild package from node_modules, in this process: no
 * Docker, no `npx` per function, nothing downloaded.
 *
 * Every entry declared up front is built in ONE esbuild run (one process, one parse of the modules the
 * functions share), the first time CDK needs any function's code; each function still gets a bundle and
 * an asset of its own (`index.mjs` + `index.mjs.map`, no code splitting), so a change to one handler
 * changes only the functions that include it. An entry requested without being declared is built on its
 * own, so a forgotten declaration costs time, never correctness.
 *
 * Bundling goes through CDK's asset bundling (local only), so CDK still decides when to bundle: stacks
 * outside `cdk deploy <stack> --exclusively`, and tests that set `aws:cdk:bundling-stacks` to `[]`, run
 * no esbuild at all.
 */
export class LambdaBundler {
  private readonly declaredEntries = new Set<string>();
  private readonly requestedEntries = new Set<string>();
  /** Absolute entry path → directory holding its bundle. */
  private readonly bundles = new Map<string, string>();
  private builds = 0;

  /** @param root the repository root: entries, `tsconfig.json` and node_modules are resolved from it. */
  constructor(readonly root: string) {}

  /** Entries (absolute paths) to build together in the first esbuild run. */
  declare(entries: Iterable<string>): this {
    if (this.builds > 0)
      throw new Error('LambdaBundler: declare every entry before the first bundle is built');
    for (const entry of entries) this.declaredEntries.add(entry);
    return this;
  }

  get declared(): string[] {
    return [...this.declaredEntries].sort();
  }

  /** Entries some function's code was asked for. */
  get requested(): string[] {
    return [...this.requestedEntries].sort();
  }

  /** esbuild runs so far (1 for a full synth when every entry was declared, 0 when bundling was skipped). */
  get buildCount(): number {
    return this.builds;
  }

  /**
   * The code of one function: `entry` (absolute) bundled to `index.mjs`, as an asset of its own, with
   * `native` packages beside it in `node_modules` (see {@link NativePackages}).
   */
  code(entry: string, native?: NativePackages): Code {
    this.requestedEntries.add(entry);
    // CDK reads nothing from this directory: it stages the bundle, or, when bundling is skipped (a stack
    // that is not being deployed), merely names the directory.
    return Code.fromAsset(dirname(entry), {
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Required by the type; never pulled or run: local bundling always succeeds or throws.
        image: DockerImage.fromRegistry('dummy'),
        local: new SharedBuildBundling(this.bundleName(entry), native, (outputDir) => {
          this.copyBundle(entry, outputDir);
          if (native) this.copyNativePackages(native, outputDir);
        }),
      },
    });
  }

  /** Copies the entry's bundle into CDK's bundling directory, building it first if needed. */
  private copyBundle(entry: string, outputDir: string): void {
    if (!this.bundles.has(entry)) {
      const entries = this.builds === 0 ? [...new Set([...this.declaredEntries, entry])] : [entry];
      // CDK bundles into `<assembly>/bundling-temp-…`, which becomes `<assembly>/asset.<hash>`.
      this.build(entries, dirname(outputDir));
    }
    cpSync(this.bundles.get(entry)!, outputDir, { recursive: true });
  }

  /**
   * Copies each native package and the one prebuilt binary package of it that matches the function's
   * architecture (Lambda runs Linux with glibc) from node_modules into `<asset>/node_modules`, where the
   * bundle's runtime `require` finds them. Throws, naming the install to run, when that binary is not
   * installed (npm installs only the machine's own by default).
   */
  private copyNativePackages(native: NativePackages, outputDir: string): void {
    const cpu = native.architecture === 'arm64' ? 'arm64' : 'x64';
    for (const name of native.packages) {
      const dir = join(this.root, 'node_modules', name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        optionalDependencies?: Record<string, string>;
      };
      const binary = Object.keys(manifest.optionalDependencies ?? {}).find((dep) => {
        const path = join(this.root, 'node_modules', dep, 'package.json');
        if (!/-linux-/.test(dep) || /musl/.test(dep) || !existsSync(path)) return false;
        const target = JSON.parse(readFileSync(path, 'utf8')) as { cpu?: string[] };
        return target.cpu?.includes(cpu);
      });
      if (!binary) {
        throw new Error(
          `${name} has no linux-${cpu} (glibc) binary package in node_modules, which a function on ` +
            `${native.architecture} needs: install the one its optionalDependencies name for linux-${cpu}, ` +
            'or run the function on the architecture whose binary is installed.',
        );
      }
      for (const pkg of [name, binary]) {
        cpSync(join(this.root, 'node_modules', pkg), join(outputDir, 'node_modules', pkg), {
          recursive: true,
          dereference: true,
        });
      }
    }
  }

  /**
   * One esbuild run. Each bundle is written to a directory of the assembly, as deep as the `asset.<hash>`
   * directory it is copied to, so the relative source paths in its map stay valid there and are the same
   * on every machine (`../../functions/…` when the assembly is `cdk.out`). Removed when the process exits.
   */
  private build(entries: string[], assemblyDir: string): void {
    const prefix = `bundling-shared-${randomBytes(4).toString('hex')}-`;
    const outputs = entries.map((entry) => ({ in: entry, out: `${prefix}${this.bundleName(entry)}/index` }));
    this.builds++;
    const dirs = outputs.map(({ out }) => join(assemblyDir, dirname(out)));
    process.once('exit', () => {
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    });
    buildSync({ ...ESBUILD_OPTIONS, absWorkingDir: this.root, entryPoints: outputs, outdir: assemblyDir });
    outputs.forEach(({ in: entry }, i) => {
      this.bundles.set(entry, dirs[i]);
    });
  }

  /** `functions/api/invoices/handler.ts` → `functions.api.invoices.handler` (a hash outside the root). */
  private bundleName(entry: string): string {
    const path = relative(this.root, entry);
    if (path.startsWith('..') || isAbsolute(path)) {
      return `outside-root.${createHash('sha256').update(entry).digest('hex').slice(0, 16)}`;
    }
    return path.replace(/\.[cm]?[jt]sx?$/, '').replace(/[\\/]/g, '.');
  }
}

/**
 * Packages with a compiled addon that a bundled dependency loads with a runtime `require` esbuild cannot
 * follow (pdfjs-dist loads @napi-rs/canvas for DOMMatrix, without which it does not load at all). They
 * ship beside the bundle, with the prebuilt binary of the function's architecture.
 */
export interface NativePackages {
  packages: readonly string[];
  architecture: 'arm64' | 'x86_64';
}

/**
 * Local bundling of one entry. `entry` and `native` are fields so that CDK's asset cache (keyed by the
 * JSON of the bundling options) tells functions apart; the callback is private and not part of that key.
 */
class SharedBuildBundling implements ILocalBundling {
  readonly #bundle: (outputDir: string) => void;

  constructor(
    readonly entry: string,
    readonly native: NativePackages | undefined,
    bundle: (outputDir: string) => void,
  ) {
    this.#bundle = bundle;
  }

  tryBundle(outputDir: string): boolean {
    this.#bundle(outputDir);
    return true;
  }
}
