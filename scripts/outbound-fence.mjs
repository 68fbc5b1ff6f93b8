// The outbound fence (docs/architecture.md, "The rules of the house"): a feature reaches the network only through the
// outbound guard (server/src/http/outbound, through the integrations' callBot), which refuses addresses
// inside the server's network. So no feature module may name the global fetch (or XMLHttpRequest,
// WebSocket, EventSource), nor import an HTTP client (node:http, node:https, node:http2, undici, axios,
// got, node-fetch, openai...) nor open sockets (net/tls connect). Dependency-cruiser sees imports only;
// this reads each module's syntax, so `const f = fetch` or `globalThis.fetch` is caught too.
// Modules that call an address the OPERATOR configured, never a tenant's, are listed below with why.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Paths under `<side>/src/` allowed their own client: each calls only an address from the environment. */
export const OPERATOR_ADDRESS_MODULES = {
  'features/billing/providers/asaas.ts': 'ASAAS_API_URL',
  'features/billing/providers/stripe.ts': 'STRIPE_API_URL',
  'features/billing/providers/mercadopago.ts': 'MERCADOPAGO_API_URL',
  'features/billing/providers/efi-http.ts': 'EFI_API_URL (with the operator’s client certificate)',
  'features/messages/transcription.ts': 'OPENAI_BASE_URL (the openai SDK)',
};

const GLOBALS = new Set(['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource']);
const GLOBAL_OBJECTS = new Set(['globalThis', 'global', 'window', 'self']);
const CLIENT_MODULES =
  /^(node:)?(http|https|http2)$|^(undici|axios|got|node-fetch|cross-fetch|isomorphic-fetch|ky|superagent|request|openai)(\/.*)?$/;
const SOCKET_MODULES = /^(node:)?(net|tls|dgram)$/;
const SOCKET_NAMES = new Set(['connect', 'createConnection', 'Socket', 'TLSSocket', 'createSocket']);

const isTest = (file) => /\.test\.tsx?$|\/testing\.ts$/.test(file);

function sourcesUnder(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourcesUnder(full);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') && !isTest(full) ? [full] : [];
  });
}

/** What a module names that reaches the network: `fetch`, `node:http`, `net.connect`... */
function networkUses(text, file) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = [];
  const moduleUse = (specifier, node) => {
    if (CLIENT_MODULES.test(specifier)) found.push(specifier);
    else if (SOCKET_MODULES.test(specifier)) {
      const clause = node && ts.isImportDeclaration(node) ? node.importClause : null;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : null;
      // `import { createSecureContext } from 'node:tls'` opens nothing; a namespace or default import might.
      if (!named || named.some((e) => SOCKET_NAMES.has((e.propertyName ?? e.name).text))) found.push(specifier);
    }
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier))
      moduleUse(node.moduleSpecifier.text, node);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference))
      moduleUse(node.moduleReference.expression.getText(source).slice(1, -1));
    else if (ts.isCallExpression(node) && node.arguments.length > 0 && ts.isStringLiteralLike(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require'))
        moduleUse(node.arguments[0].text);
    } else if (ts.isIdentifier(node) && GLOBALS.has(node.text) && isReference(node)) found.push(node.text);
    else if (ts.isPropertyAccessExpression(node) && GLOBALS.has(node.name.text) && isGlobalObject(node.expression))
      found.push(`${node.expression.getText(source)}.${node.name.text}`);
    else if (ts.isElementAccessExpression(node) && isGlobalObject(node.expression) && ts.isStringLiteralLike(node.argumentExpression))
      if (GLOBALS.has(node.argumentExpression.text)) found.push(`${node.expression.getText(source)}.${node.argumentExpression.text}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...new Set(found)];
}

const isGlobalObject = (node) => ts.isIdentifier(node) && GLOBAL_OBJECTS.has(node.text);

/** An identifier used as a value, not a property name, a declaration's name or an import/export's name. */
function isReference(node) {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node)
    return false;
  if (ts.isPropertySignature(parent) || ts.isMethodSignature(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) return false;
  if (ts.isTypeReferenceNode(parent) || ts.isQualifiedName(parent)) return false;
  return true;
}

/**
 * Breaches of the outbound fence under each root that is a server's `src` (the web is a browser: its
 * fetch reaches only the app's own API). `root` is relative to `cwd`.
 */
export function outboundBreaches(roots, cwd) {
  const breaches = [];
  for (const root of roots.filter((r) => /(^|\/)server\/src\/?$/.test(r))) {
    for (const file of sourcesUnder(path.join(cwd, root, 'features'))) {
      const relative = path.relative(path.join(cwd, root), file).split(path.sep).join('/');
      if (relative in OPERATOR_ADDRESS_MODULES) continue;
      const from = path.relative(cwd, file).split(path.sep).join('/');
      for (const use of networkUses(readFileSync(file, 'utf8'), file))
        breaches.push({ rule: 'tenant-addresses-through-outbound-guard', from, to: use });
    }
  }
  return breaches;
}
