/** Types of password-estimator.mjs, which stays JavaScript so a worker thread can load it without tsx. */
export declare const ANALYSED_LENGTH: number;
export declare function loadEstimator(): Promise<unknown>;
export declare function scorePassword(password: string, inputs: string[]): Promise<number>;
