/**
 * Name resolution for outbound requests. The fetcher takes a Resolver so that tests can map a name
 * to a loopback address in-process; `folio serve` always uses the system resolver.
 */
import { lookup } from 'node:dns/promises';

/** Every address a name resolves to. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) => (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);
