// The package ships a copy of the service's contract, made from the repository's one source at build.
import { cpSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
cpSync(path.join(here, '..', 'proto', 'reservation.proto'), path.join(here, 'proto', 'reservation.proto'));
