#!/usr/bin/env node
// The package's `bin`: the bundled CLI (dist/node/cli.js) when it is current, else main/cli.ts through tsx.
import { runBundleOrSource } from './bundleOrSource.mjs';

// main/cli.ts maps stack traces for the commands that print them, before it loads their modules.
await runBundleOrSource('cli.js', 'main/cli.ts', { sourceMaps: false });
