// Electron's main entry (package.json "main"): loads the TypeScript main through tsx, as bin/folio.mjs does for the CLI.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
