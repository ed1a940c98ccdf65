/** The response envelope of spec §1. Every /v1 response body has this shape, errors included. */
export interface Envelope<T> {
  code: number;
  data: T | null;
  ts: number;
  rid: string;
  msg: string;
  success: boolean;
}

export const SUCCESS_MSG = 'success';
