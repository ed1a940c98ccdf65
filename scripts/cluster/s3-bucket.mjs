// Creates the cluster's bucket through the S3 API, which also proves that Swift's s3api answers
// signed requests. Exits 0 when the bucket exists (created now or before), 1 otherwise.
//
// Usage: node s3-bucket.mjs ENDPOINT REGION BUCKET   (keys from AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY)
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';

const [endpoint, region, bucket] = process.argv.slice(2);
const s3 = new S3Client({
  endpoint,
  region,
  forcePathStyle: true,
  // Swift's s3api refuses aws-chunked bodies, which the SDK's default checksums use.
  requestChecksumCalculation: 'WHEN_REQUIRED',
  responseChecksumValidation: 'WHEN_REQUIRED',
});

try {
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
} catch (error) {
  if (error?.name !== 'BucketAlreadyOwnedByYou') {
    console.error(`cluster: creating bucket ${bucket} at ${endpoint} failed: ${error?.name}: ${error?.message}`);
    process.exit(1);
  }
}
await s3.send(new HeadBucketCommand({ Bucket: bucket }));
