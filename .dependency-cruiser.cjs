/**
 * The layering of ../shared/ARCHITECTURE.md as rules `npm run lint` checks (dependency-cruiser).
 * A rule a tool checks needs no reviewer: an import that breaks one fails the lint, naming the rule.
 */
const SHARED = '^src/(config|errors|logging|redis|db|metrics|lifecycle|local-services)/';
const FEATURES = '^src/(wallet|grpc|sync|admin|bin)/';
const DRIVERS = '^node_modules/(knex|ioredis|mysql2)/';
const TRANSPORTS = '^node_modules/(koa|@koa/[^/]+|koa-body|@grpc/grpc-js|graphql-http)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles: none (ARCHITECTURE.md, layering 5).',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-feature',
      severity: 'error',
      comment: 'Shared folders never import feature folders (layering 5).',
      from: { path: SHARED },
      to: { path: FEATURES },
    },
    {
      name: 'records-below-the-features',
      severity: 'error',
      comment: "The tables more than one feature reads (src/records: the ledger, transactions, wallet controls) sit below the sync, the management API and the gRPC role, which all read them; they may use the engine's types, nothing above.",
      from: { path: '^src/records/' },
      to: { path: '^src/(grpc|sync|admin|bin)/' },
    },
    {
      name: 'features-import-downward',
      severity: 'error',
      comment: 'Features stand in one order, engine < sync < management API < gRPC role (which reads API keys): none imports one above it, so no two folders import each other.',
      from: { path: ['^src/sync/', '^src/admin/'] },
      to: { path: '^src/grpc/' },
    },
    {
      name: 'sync-knows-no-admin',
      severity: 'error',
      comment: 'The sync (and restore) read what the management API keeps through src/records, never through src/admin: the management API reads the ledger, so an arrow back would close a loop.',
      from: { path: '^src/sync/' },
      to: { path: '^src/admin/' },
    },
    {
      name: 'only-roots-import-roots',
      severity: 'error',
      comment: 'Composition roots (src/bin, src/cli.ts, src/healthcheck.ts) are imported by nothing but other roots (layering 1).',
      from: { path: '^src/', pathNot: '^src/(bin/|cli\\.ts|healthcheck\\.ts)' },
      to: { path: '^src/(bin/|cli\\.ts|healthcheck\\.ts)' },
    },
    {
      name: 'engine-knows-no-transport',
      severity: 'error',
      comment: 'The engine (src/wallet) holds the rules and knows no gRPC, Koa or management API (layering 3).',
      from: { path: '^src/wallet/' },
      to: { path: [TRANSPORTS, '^src/(grpc|admin|sync)/'] },
    },
    {
      name: 'adapters-touch-no-driver',
      severity: 'error',
      comment: 'Adapters (gRPC handlers, endpoint declarations and Koa routes, GraphQL resolvers) translate and call services; they never import knex or ioredis (layering 2).',
      from: { path: ['^src/grpc/', '^src/admin/.+-(routes|endpoints)\\.ts$', '^src/admin/http/', '^src/admin/graphql/'] },
      to: { path: DRIVERS, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-logic-knows-no-knex',
      severity: 'error',
      comment:
        'Admin logic works through its store (src/admin/admin-store.ts, unit-of-work.ts): repositories bound to the pool or to a unit of work; it imports no knex, not even its types. ' +
        'Only repositories (`-repository.ts`, `-reads.ts`) and this short list do: the store and what hands it the pool (unit-of-work, admin-store, admin-services), ' +
        'the audit writer the store and the sync share (audit/audit-writes, balance/topup-audit: the sync writes in its own transaction), and the rank index builder (leaderboards/rank-index-store: it streams standings into Redis).',
      from: {
        path: '^src/admin/',
        pathNot: [
          '-(repository|reads)\\.ts$',
          '^src/admin/(unit-of-work|admin-store|admin-services)\\.ts$',
          '^src/admin/audit/audit-writes\\.ts$',
          '^src/admin/balance/topup-audit\\.ts$',
          '^src/admin/leaderboards/rank-index-store\\.ts$',
        ],
      },
      to: { path: ['^node_modules/knex/', '^src/db/knex-factory\\.ts$'] },
    },
    {
      name: 'repositories-translate-their-errors',
      severity: 'error',
      comment: "A management API service reads no MySQL error code: its repository turns a duplicate key or a row still referenced into the 409 it names (ARCHITECTURE rule 4).",
      from: { path: '^src/admin/.+-service\\.ts$' },
      to: { path: '^src/db/mysql-errors\\.ts$' },
    },
    {
      name: 'services-know-no-koa',
      severity: 'error',
      comment: "Services throw AppError and know nothing of Koa's ctx or the HTTP layer (layering 3).",
      from: { path: '^src/admin/.+-service\\.ts$' },
      to: { path: [TRANSPORTS, '^src/admin/(http|middleware)/', '^src/admin/koa-types\\.ts$'] },
    },
    {
      name: 'admin-shared-imports-no-resource',
      severity: 'error',
      comment: "The management API's shared parts (http/, middleware/, koa-types, core/) import no resource folder (layering 5).",
      from: { path: ['^src/admin/(http|middleware|core)/', '^src/admin/koa-types\\.ts$'] },
      to: { path: '^src/admin/(?!http/|middleware/|core/|koa-types\\.ts)[^/]+/' },
    },
    {
      name: 'features-read-others-through-their-exports',
      severity: 'error',
      comment:
        "A feature reads another's data through that feature's service or the functions it exports for the purpose (a `-reads.ts` module), never by importing its repository (layering 8). " +
        'Type-only imports of its row types aside; a repository may join another feature\'s table (its table constant and columns), since a join belongs in SQL.',
      from: { path: '^src/((admin/)?[^/]+)/', pathNot: '-repository\\.ts$' },
      to: { path: '-repository\\.ts$', pathNot: '^src/$1/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-core-knows-no-transport',
      severity: 'error',
      comment: 'src/admin/core (roles, validation, the acting user, the session user) is what services and the HTTP layer share: it knows no Koa (layering 3).',
      from: { path: '^src/admin/core/' },
      to: { path: [TRANSPORTS, '^src/admin/(http|middleware)/', '^src/admin/koa-types\\.ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/bin/dev\\.ts$' },
  },
};
