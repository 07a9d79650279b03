#!/usr/bin/env node
// npm run tools -- --help (and catalog:generate, catalog:schema): compiles when a source
// changed, then runs the developer tools' command line, dist/tools/cli.js.
import { launch } from './launch.mjs';

await launch('tools/cli.js');
