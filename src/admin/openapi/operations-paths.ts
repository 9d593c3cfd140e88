import { componentName } from '../core/reply-schema';
import { healthReply, readinessReply } from '../health/health-replies';
import { one } from '../http/endpoint';
import type { PathEntry } from './paths';
import { ref, str } from './schema-kit';

export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

/** Endpoints of the HTTP role that are not resources: health, metrics, and this documentation. */
export const OPERATIONS_PATHS: readonly PathEntry[] = [
  { method: 'get', path: '/healthz', tag: 'operations', spec: { summary: 'The process is up', access: 'public', ok: one(healthReply) } },
  { method: 'get', path: '/readyz', tag: 'operations', spec: {
    summary: 'MySQL and Redis answer', access: 'public', ok: one(readinessReply),
    extraResponses: { 503: { description: 'A dependency does not answer (named in `checks`).', content: { 'application/json': { schema: ref(componentName(readinessReply)) } } } },
  } },
  { method: 'get', path: '/metrics', tag: 'operations', spec: {
    summary: 'Prometheus metrics of this process', access: 'public', ok: { status: 200, type: 'text/plain', body: str(), description: 'Prometheus text format 0.0.4.' },
    errors: [404], description: 'A 404 when METRICS_ENABLED is false. Keep it off the public network: it names routes and queue depths.' } },
  { method: 'get', path: OPENAPI_PATH, tag: 'operations', spec: { summary: 'This document', access: 'public', ok: { status: 200, body: { type: 'object' } } } },
  { method: 'get', path: DOCS_PATH, tag: 'operations', spec: {
    summary: 'This document as a page (Swagger UI)', access: 'public', ok: { status: 200, type: 'text/html', body: str() }, errors: [404],
    description: 'A Vite build of Swagger UI (`api-docs/`); a 404 when it is not built (`npm run build:api-docs`).' } },
  { method: 'get', path: `${DOCS_PATH}/assets/{file}`, tag: 'operations', spec: {
    summary: 'The docs page\'s scripts and styles', access: 'public', ok: { status: 200, type: '*/*', body: str() }, errors: [404], description: 'The page\'s hashed build files (no CDN); any other file is a 404.' } },
];
