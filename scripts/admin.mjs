#!/usr/bin/env node
// npm run keys -- list (and every admin command): compiles when a source changed, then runs
// the admin command line, dist/src/cli.js.
import { launch } from './launch.mjs';

await launch('src/cli.js');
