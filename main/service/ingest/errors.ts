/** Failures of a fetch, as the service reports them: outbound errors keep their 1900xx codes. */
import { errorValue } from '../../../shared/errors.ts';
import { OutboundError } from '../../net/errors.ts';
import { SizeLimitExceeded, SourceFailed } from '../../store/streamWrite.ts';
import { ServiceError } from '../errors.ts';

export function asServiceError(err: unknown): unknown {
  // The fetch itself failing mid-body (too large, stalled) reaches the blob store as its source's error.
  if (err instanceof SourceFailed) return asServiceError(err.reason);
  if (err instanceof OutboundError) return new ServiceError(err.value);
  if (err instanceof SizeLimitExceeded) {
    return new ServiceError(errorValue('FETCH_TOO_LARGE', `the resource is larger than the limit of ${err.limit} bytes`, { limit: err.limit }));
  }
  return err;
}
