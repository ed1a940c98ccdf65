#!/usr/bin/env node
// The package's `bin`: runs the TypeScript CLI through tsx so `npx folio` works right after `npm install`.
import { register } from 'tsx/esm/api';

register();
await import('../main/cli.ts');
