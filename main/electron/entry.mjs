// Electron's main entry from a checkout (package.json "main"): the bundled main (dist/node/electron-main.js)
// when it is current, else main.ts through tsx. The packaged app starts the bundle directly
// (electron-builder.yml, extraMetadata.main).
import { runBundleOrSource } from '../../bin/bundleOrSource.mjs';

await runBundleOrSource('electron-main.js', 'main/electron/main.ts');
