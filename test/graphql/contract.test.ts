import test from 'ava';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, parse, print, printSchema, visit } from 'graphql';
import { createGraphQLSchema } from '../../src/admin/graphql/graphql-schema';

/**
 * The GraphQL contract's names and types (every type, field, argument with its default, input field
 * and enum value; descriptions aside), as clients' documents depend on them. Most of the schema is
 * generated from the endpoint declarations, so a change to a declaration can change the contract
 * without touching an SDL file: this says so. A change meant to be made is written with
 * `UPDATE_GRAPHQL_CONTRACT=1 npx ava test/graphql/contract.test.ts` and reviewed in the diff.
 */
const CONTRACT = path.join(__dirname, 'contract.graphql');

function printedContract(): string {
  const printed = printSchema(lexicographicSortSchema(createGraphQLSchema()));
  const withoutDescriptions = visit(parse(printed), {
    enter: (node) => ('description' in node && node.description ? { ...node, description: undefined } : undefined),
  });
  return `${print(withoutDescriptions)}\n`;
}

test('the GraphQL schema is the contract on record (test/graphql/contract.graphql), descriptions aside', (t) => {
  const now = printedContract();
  if (process.env.UPDATE_GRAPHQL_CONTRACT === '1') writeFileSync(CONTRACT, now);
  t.is(now, readFileSync(CONTRACT, 'utf8'), 'the GraphQL contract changed: if that is meant, write it with UPDATE_GRAPHQL_CONTRACT=1 and review the diff');
});
