/**
 * How long the HTTP role takes to judge GraphQL documents built to be expensive (SPEC §2.9: within
 * 100 ms of the server's time, whatever the document up to 1 MiB): parse, the query limits and
 * graphql's validation, as /graphql runs them before anything executes. In process, the best of
 * `--runs` (default 5) after one warm-up.
 *   npm run bench:graphql -- [--runs 5]
 */
import { parseArgs } from 'node:util';
import { createDocumentJudge } from '../src/admin/graphql/document-judge';
import { createGraphQLSchema } from '../src/admin/graphql/graphql-schema';
import { adversarialDocuments } from './lib/adversarial-graphql';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs));
const BUDGET_MS = 100;

const { judge } = createDocumentJudge(createGraphQLSchema(), { introspection: false });
console.log(`time to judge each document (best and worst of ${runs} runs after a warm-up; the budget is ${BUDGET_MS} ms):`);
console.log(`${'document'.padEnd(52)} ${'KiB'.padStart(6)} ${'best ms'.padStart(8)} ${'worst ms'.padStart(9)}  outcome`);
let worstOfAll = 0;
for (const document of adversarialDocuments()) {
  judge({ query: document.query });
  const times: number[] = [];
  let outcome = '';
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const judged = judge({ query: document.query });
    times.push(performance.now() - started);
    outcome = Array.isArray(judged) ? `refused: ${judged[0]?.message.slice(0, 60)}` : 'runs';
  }
  const [best, worst] = [Math.min(...times), Math.max(...times)];
  worstOfAll = Math.max(worstOfAll, worst);
  console.log(`${document.name.padEnd(52)} ${(document.query.length / 1024).toFixed(0).padStart(6)} ${best.toFixed(1).padStart(8)} ${worst.toFixed(1).padStart(9)}  ${outcome}`);
}
console.log(`slowest judgement: ${worstOfAll.toFixed(1)} ms (${worstOfAll <= BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget)`);
