/**
 * Babel config that dependency-cruiser reads TypeScript through (.dependency-cruiser.cjs says why: the
 * project's TypeScript 7 has no compiler API for it). Each module is reduced to the modules it names,
 * type-only imports included, so dependency-cruiser's JavaScript parser sees every edge and no syntax
 * it could trip over.
 */
module.exports = {
  babelrc: false,
  configFile: false,
  plugins: [keepOnlyImports],
};

function keepOnlyImports({ types: t }) {
  const sourceOf = (node) => (t.isStringLiteral(node) ? node.value : undefined);
  return {
    manipulateOptions(options, parserOptions) {
      parserOptions.plugins.push('typescript');
      // JSX only in .tsx: in a .ts file `<T>(x) => x` is a generic arrow function, not an element.
      if (options.filename?.endsWith('.tsx')) parserOptions.plugins.push('jsx');
    },
    // Reduced as soon as it is parsed: Babel's scopes of the whole file would be most of its time.
    parserOverride(code, parserOptions, parse) {
      const file = parse(code, parserOptions);
      const program = file.program;
      const kept = [];
      const keepImport = (source) => source && kept.push(t.importDeclaration([], t.stringLiteral(source)));
      const keepCall = (callee, source) =>
        source && kept.push(t.expressionStatement(t.callExpression(callee, [t.stringLiteral(source)])));
      t.traverseFast(program, (node) => {
        if (t.isImportDeclaration(node) || t.isExportNamedDeclaration(node) || t.isExportAllDeclaration(node))
          keepImport(sourceOf(node.source));
        // `typeof import('./x')` in a type: Babel 7 gives the string, Babel 8 a literal type around it.
        else if (t.isTSImportType(node)) keepImport(sourceOf(node.argument?.literal ?? node.argument));
        else if (t.isTSExternalModuleReference(node))
          keepCall(t.identifier('require'), sourceOf(node.expression));
        else if (t.isCallExpression(node) && t.isImport(node.callee))
          keepCall(t.import(), sourceOf(node.arguments[0]));
        else if (t.isCallExpression(node) && t.isIdentifier(node.callee, { name: 'require' }))
          keepCall(t.identifier('require'), sourceOf(node.arguments[0]));
      });
      program.body = kept;
      program.directives = [];
      return file;
    },
    visitor: {},
  };
}
