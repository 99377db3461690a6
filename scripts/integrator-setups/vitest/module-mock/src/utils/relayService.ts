import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { Err, Ok, type Result } from './result';

export type SwapErrorRight = { message: string; cause?: unknown };

/** An axios instance whose calls return a Result instead of throwing. */
function makeSwapperAxiosServiceMonadic(instance: AxiosInstance) {
  return {
    get: async <T>(url: string, config?: AxiosRequestConfig): Promise<Result<AxiosResponse<T>, SwapErrorRight>> => {
      try {
        return Ok(await instance.get<T>(url, config));
      } catch (cause) {
        return Err({ message: `[relay] GET ${url} failed`, cause });
      }
    },
    post: async <T>(url: string, body: unknown, config?: AxiosRequestConfig): Promise<Result<AxiosResponse<T>, SwapErrorRight>> => {
      try {
        return Ok(await instance.post<T>(url, body, config));
      } catch (cause) {
        return Err({ message: `[relay] POST ${url} failed`, cause });
      }
    },
  };
}

export const relayService = makeSwapperAxiosServiceMonadic(axios.create({ timeout: 10_000 }));
