/**
 * `--blobs s3://BUCKET?endpoint=URL&region=REGION`: where a service keeps its blobs when they are
 * not files under --data. Keys come from the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY),
 * never from the URL: a URL ends up in logs and process lists.
 */
export interface S3Location {
  bucket: string;
  /** An S3-compatible endpoint; absent means AWS itself. */
  endpoint?: string;
  region: string;
}

// S3's bucket naming rules: 3–63 lower-case letters, digits, dots and hyphens, starting and ending
// with a letter or digit.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,32}$/;
const KNOWN_PARAMS = new Set(['endpoint', 'region']);

export class BadBlobLocation extends Error {}

export function parseBlobLocation(text: string): S3Location {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new BadBlobLocation(`--blobs must be a URL such as s3://BUCKET?endpoint=https://host&region=us-east-1, not ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 's3:') throw new BadBlobLocation(`--blobs must start with s3:// (got ${url.protocol}//)`);
  if (url.username || url.password) {
    throw new BadBlobLocation('--blobs must not hold keys: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY in the environment');
  }
  if (!BUCKET.test(url.hostname)) throw new BadBlobLocation(`"${url.hostname}" is not a valid bucket name (3–63 of a-z, 0-9, '.', '-')`);
  if (url.pathname !== '' && url.pathname !== '/') throw new BadBlobLocation('--blobs takes a bucket, not a path inside it');
  for (const key of url.searchParams.keys()) {
    if (!KNOWN_PARAMS.has(key)) throw new BadBlobLocation(`--blobs: unknown parameter "${key}" (known: endpoint, region)`);
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw new BadBlobLocation(`--blobs: "${region}" is not a region name`);
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined) checkEndpoint(endpoint);
  return { bucket: url.hostname, region, ...(endpoint ? { endpoint } : {}) };
}

function checkEndpoint(endpoint: string): void {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new BadBlobLocation(`--blobs: endpoint "${endpoint}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new BadBlobLocation('--blobs: the endpoint must be http:// or https://');
  if (url.username || url.password) throw new BadBlobLocation('--blobs: the endpoint must not hold credentials');
}
