// Creates the cluster's bucket through the S3 API, which also proves that Swift's s3api answers
// signed requests. Exits 0 when the bucket exists (created now or before), 1 otherwise.
//
// Usage: node --import tsx s3-bucket.ts ENDPOINT REGION BUCKET   (keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)
import { CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { s3ClientFor } from '../../main/store/s3Blobs.ts';

const [endpoint = '', region = '', bucket = ''] = process.argv.slice(2);
const s3 = s3ClientFor({ bucket, endpoint, region });

try {
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
} catch (error) {
  const { name, message } = error instanceof Error ? error : { name: 'Error', message: String(error) };
  if (name !== 'BucketAlreadyOwnedByYou') {
    console.error(`cluster: creating bucket ${bucket} at ${endpoint} failed: ${name}: ${message}`);
    process.exit(1);
  }
}
await s3.send(new HeadBucketCommand({ Bucket: bucket }));
