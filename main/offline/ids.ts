/**
 * Ids made locally (by the local tree, or by a create waiting in the outbox) stay valid after the
 * service gives its own: every id in a request is translated to the service's before anything
 * else looks at it. An id is a string value equal to a known local id; they are random enough that
 * nothing else matches one.
 */
import type { OfflineStore } from '../store/offline/state.ts';

export class IdMap {
  constructor(private readonly offline: OfflineStore) {}

  /** The service id of a mapped local id; any other string as it is. */
  resolve(id: string): string {
    return this.offline.localId(id)?.serviceId || id;
  }

  /** True for a local id the service has not given an id for yet. */
  isPending(id: string): boolean {
    const rec = this.offline.localId(id);
    return rec !== undefined && rec.serviceId === '';
  }

  /** The value with every mapped local id replaced, at any depth. */
  translate<T>(value: T): T {
    return walk(value, (s) => this.resolve(s)) as T;
  }

  /** The local ids in a value that the service has no id for yet. */
  pendingIn(value: unknown): string[] {
    const found: string[] = [];
    walk(value, (s) => {
      if (this.isPending(s)) found.push(s);
      return s;
    });
    return found;
  }
}

/** Only strings that look like ids (no spaces, at most 64 characters) are looked up. */
const ID_LIKE = /^[\w:.-]{4,64}$/;

function walk(value: unknown, map: (s: string) => string): unknown {
  if (typeof value === 'string') return ID_LIKE.test(value) ? map(value) : value;
  if (Array.isArray(value)) return value.map((v) => walk(v, map));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, walk(v, map)]));
  return value;
}
