// Writes console/src/api/generated/body-enums.ts from the management API's body schemas (npm run codegen:enums).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONSOLE_ENUMS_PATH, consoleEnumsSource } from '../admin/openapi/body-enums';

writeFileSync(CONSOLE_ENUMS_PATH, consoleEnumsSource());
console.log(`wrote ${path.relative(process.cwd(), CONSOLE_ENUMS_PATH)}`);
