/** Why the bundle in dist/node must not run; '' when it may. */
export declare function whyNotBundle(): string;
export declare function runBundleOrSource(bundleEntry: string, sourceEntry: string): Promise<void>;
